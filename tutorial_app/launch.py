"""Start the Streamlit app with embedded defaults (nothing to configure).

Why flags instead of a ``.streamlit/config.toml``: the app is started from an
installed package, wherever the user's current folder is, so the settings
travel with the code. The browser tests start the app with the same flags.
"""

from __future__ import annotations

import sys
from pathlib import Path

APP_SCRIPT = Path(__file__).parent / "app" / "main.py"

# The app's settings, as `streamlit run` flags.
SETTINGS: dict[str, str] = {
    "browser.gatherUsageStats": "false",
    "client.toolbarMode": "minimal",
    "server.fileWatcherType": "none",
    "server.maxUploadSize": "1",  # megabytes: a lesson or a progress file is a few kilobytes
    "server.runOnSave": "false",
    "theme.base": "light",
    "theme.primaryColor": "#0072B2",
}


def streamlit_flags(port: int, *, headless: bool, address: str | None = None) -> list[str]:
    """The ``streamlit run`` options for the app on ``port``."""
    flags = [f"--{name}={value}" for name, value in SETTINGS.items()]
    flags.append(f"--server.port={port}")
    if headless:
        flags.append("--server.headless=true")
    if address is not None:
        flags.append(f"--server.address={address}")
    return flags


def streamlit_command(port: int, *, headless: bool, address: str | None = None) -> list[str]:
    """The full command line that serves the app (used by the browser tests and benchmarks)."""
    return [sys.executable, "-m", "streamlit", "run", str(APP_SCRIPT),
            *streamlit_flags(port, headless=headless, address=address)]


def run_app(port: int = 8501, headless: bool = False) -> int:
    """Run ``streamlit run`` on the app's entry script in this process."""
    from streamlit.web import cli as stcli

    sys.argv = ["streamlit", "run", str(APP_SCRIPT), *streamlit_flags(port, headless=headless)]
    try:
        stcli.main()
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0
