"""Shared fixtures: the app served on a free port and headless Chromium for the browser tests.

Browser tests skip when Chromium or Playwright is missing, except where
``DOMINO_TUTOR_REQUIRE_BROWSER=1`` is set (CI): there they fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutorial_app.launch import streamlit_command

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_app(env_extra: dict[str, str], script: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """Serve the app (or another ``script``) headless on a free port; wait until it answers its health check."""
    port = free_port()
    env = {**os.environ, **env_extra}
    command = streamlit_command(port, headless=True, address="127.0.0.1", **({"script": script} if script else {}))
    process = subprocess.Popen(command, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            err = process.stderr.read().decode(errors="replace") if process.stderr else ""
            raise RuntimeError(f"the app exited early: {err[-2000:]}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read().decode().strip() == "ok":
                    return process, url
        except OSError:
            time.sleep(0.3)
    process.kill()
    raise RuntimeError("the app did not answer its health check within 60 s")


@pytest.fixture(scope="session")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of the app served for this test session, with its own progress database."""
    database = tmp_path_factory.mktemp("progress") / "progress.sqlite3"
    process, url = start_app({"DOMINO_TUTOR_PROGRESS_DB": str(database)})
    try:
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


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
