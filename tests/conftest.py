"""Shared fixtures: the app served on a free port and headless Chromium for the browser tests.

Browser tests skip when Chromium or Playwright is missing, except where
``DOMINO_TUTOR_REQUIRE_BROWSER=1`` is set (CI): there they fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import start_app, stop_app

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """Debian's chromium, if installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def _browser_missing(why: str) -> None:
    if os.environ.get("DOMINO_TUTOR_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests are required here (DOMINO_TUTOR_REQUIRE_BROWSER=1) but {why}")
    pytest.skip(why)


@pytest.fixture(scope="session")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of the app served for this test session, with its own progress database."""
    database = tmp_path_factory.mktemp("progress") / "progress.sqlite3"
    process, url = start_app({"DOMINO_TUTOR_PROGRESS_DB": str(database)})
    try:
        yield url
    finally:
        stop_app(process)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium through Playwright (Debian's chromium, no download)."""
    executable = chromium_path()
    if executable is None:
        _browser_missing("chromium is not installed (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _browser_missing("the playwright package is not installed")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context (its own cookies and session) with a laptop-sized window."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    opened = context.new_page()
    try:
        yield opened
    finally:
        context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
