"""The app under Streamlit's AppTest: its main script, a run that went through, the app opened (imported by bare
name from tests/app: tests/ is on the path)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

__all__ = ["MAIN", "ok", "started"]

MAIN = str(Path(__file__).resolve().parents[1] / "tutorial_app" / "app" / "main.py")
"""The script ``streamlit run`` starts; every AppTest opens the app from it."""


def ok(at: AppTest) -> AppTest:
    """``at`` after a run that raised nothing on the page (the exception is the failure's message)."""
    assert not at.exception, at.exception
    return at


def started(lang: str | None = None) -> AppTest:
    """The app opened on its first page, in ``lang`` when given (the ``?lang=`` of its address)."""
    at = AppTest.from_file(MAIN, default_timeout=60)
    if lang is not None:
        at.query_params["lang"] = lang
    return ok(at.run())
