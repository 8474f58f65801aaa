"""The club's core stands on its own: importing it loads neither the Streamlit pages nor Streamlit itself."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
import tutorial_app.club.store, tutorial_app.club.seating, tutorial_app.club.class_steps, tutorial_app.club.rulesets
loaded = sorted(name for name in sys.modules if name.split(".")[0] in ("streamlit", "plotly")
                or name.startswith("tutorial_app.app"))
print(",".join(loaded))
"""


def test_the_club_core_imports_no_page_and_no_streamlit() -> None:
    found = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "", f"the club's core loaded {found.stdout.strip()}"


def test_the_check_sees_a_page_module_when_one_is_loaded() -> None:
    found = subprocess.run(
        [sys.executable, "-c", "import tutorial_app.app.shell.markdown\n" + CHECK],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "tutorial_app.app.shell.markdown" in found.stdout
