"""Start the Streamlit app with embedded defaults (nothing to configure)."""

from __future__ import annotations

import sys
from pathlib import Path

APP_SCRIPT = Path(__file__).parent / "app" / "main.py"


def run_app(port: int = 8501, headless: bool = False) -> int:
    """Run ``streamlit run`` on the app's entry script in this process."""
    from streamlit.web import cli as stcli

    argv = ["streamlit", "run", str(APP_SCRIPT), "--server.port", str(port),
            "--browser.gatherUsageStats", "false", "--client.toolbarMode", "minimal"]
    if headless:
        argv += ["--server.headless", "true"]
    sys.argv = argv
    try:
        stcli.main()
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0
