"""What every AppTest here shares: its own progress database, the courses checked once, the pages compiled once.

- Only the database handles are forgotten between tests (not ``st.cache_resource.clear()``): the other
  resources are the course folders loaded and checked once per server (``learn._courses``,
  ``stores.lesson_ids_once``, ``club.home.class_lessons``); they read the repository's lessons, which no
  test changes, and checking every course again cost each AppTest ~2 s of CPU (half of tests/app's
  time). A test that points the app at other lessons must clear those caches itself.
- AppTest compiles the page scripts again on every ``run()`` (a new ``ScriptCache`` each time, with
  Streamlit's "magic" rewriting of the syntax tree): ~40 % of a run. Here one cache serves every run
  of the worker; the files do not change during a test session.
- The app is served with ``browser.gatherUsageStats`` off (``launch.SETTINGS``); AppTest runs with the
  same setting, so Streamlit does not build a telemetry record for every ``st`` call.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.runtime.scriptrunner.script_cache import ScriptCache
from streamlit.testing.v1 import app_test, local_script_runner
from streamlit.testing.v1.util import patch_config_options

from tutorial_app.app.shell.stores import _club_store as club_database
from tutorial_app.app.shell.stores import progress_database, puzzle_database
from tutorial_app.launch import SETTINGS

SCRIPTS = ScriptCache()
"""The page scripts, compiled once per worker for every AppTest run."""
SERVED_WITH = {"browser.gatherUsageStats": SETTINGS["browser.gatherUsageStats"] == "true"}

DATABASE_HANDLES = (progress_database, club_database, puzzle_database)
"""The ``st.cache_resource`` functions that open the database named by the environment."""


def forget_databases() -> None:
    """Drop the cached database handles, so the next run opens the database the environment names now."""
    for handle in DATABASE_HANDLES:
        handle.clear()


@pytest.fixture(autouse=True)
def _own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("DOMINO_TUTOR_PROGRESS_DB", str(tmp_path / "progress.sqlite3"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    forget_databases()
    yield
    forget_databases()


@pytest.fixture(autouse=True)
def _as_served() -> Iterator[None]:
    """Every AppTest run: the scripts compiled once, the app's own usage-statistics setting."""
    with pytest.MonkeyPatch.context() as patch, patch_config_options(SERVED_WITH):
        for module in (app_test, local_script_runner):
            patch.setattr(module, "ScriptCache", lambda: SCRIPTS)
        yield
