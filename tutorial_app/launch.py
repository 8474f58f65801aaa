"""Start the Streamlit app with the app's defaults, under the user's own Streamlit settings.

Why defaults as flags, but only for what the user left alone: the app is
started from an installed package, wherever the user's current folder is,
so its settings travel with the code; but a club that sets
``STREAMLIT_SERVER_PORT``, any other ``STREAMLIT_*`` variable or a
``.streamlit/config.toml`` must get what it asked for, and a flag would
override all of those. ``--port`` and ``--address`` of ``domino-tutor`` are
the user's own choice and always win. The browser tests start the app with
every flag (``streamlit_command``).
"""

from __future__ import annotations

import errno
import os
import socket
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path

from tutorial_app.commands import UserError

APP_SCRIPT = Path(__file__).parent / "app" / "main.py"
DEFAULT_PORT = 8501

# The app's settings, as `streamlit run` flags.
SETTINGS: dict[str, str] = {
    "browser.gatherUsageStats": "false",
    "client.toolbarMode": "minimal",
    # Why: an error the app did not foresee must never put a traceback on a learner's screen;
    # the pages show a short message of their own and the server log keeps the details.
    "client.showErrorDetails": "none",
    # Why: Streamlit's default runs a full garbage collection after every script run, fragments
    # included; with the lessons and Plotly loaded that is ~150 ms of CPU holding the GIL, and the
    # club room's screens each poll once a second, so a class of phones starved the server (page
    # loads timed out). Python's own collector still runs as usual.
    "runner.postScriptGC": "false",
    "server.fileWatcherType": "none",
    "server.maxUploadSize": "1",  # megabytes: a lesson or a progress file is a few kilobytes
    "server.runOnSave": "false",
    # Why per theme, and no theme.base: light or dark follows the browser's preference (a top-level
    # theme option would make a custom theme, always light); Okabe-Ito blue: white button text stays readable on both.
    "theme.light.primaryColor": "#0072B2",
    "theme.dark.primaryColor": "#0072B2",
}


def streamlit_flags(
    port: int | None, *, headless: bool, address: str | None = None, keep: frozenset[str] = frozenset()
) -> list[str]:
    """The ``streamlit run`` options: the app's settings except those in ``keep``, then port and address."""
    flags = [f"--{name}={value}" for name, value in SETTINGS.items() if name not in keep]
    if port is not None:
        flags.append(f"--server.port={port}")
    if headless:
        flags.append("--server.headless=true")
    if address is not None:
        flags.append(f"--server.address={address}")
    return flags


def streamlit_command(port: int, *, headless: bool, address: str | None = None) -> list[str]:
    """The full command line that serves the app (used by the browser tests and benchmarks)."""
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(APP_SCRIPT),
        *streamlit_flags(port, headless=headless, address=address),
    ]


def _env_name(key: str) -> str:
    """Streamlit's variable for an option: ``server.port`` -> ``STREAMLIT_SERVER_PORT``."""
    snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in key.replace(".", "_"))
    return f"STREAMLIT_{snake.upper()}"


def user_settings(env: Mapping[str, str] | None = None) -> dict[str, object]:
    """The app's settings (and port and address) that the user set in a ``STREAMLIT_*`` variable or a config.toml.

    The files are the ones Streamlit itself reads (``~/.streamlit`` and the
    current folder's ``.streamlit``); a file it cannot parse is left for
    Streamlit to report when it starts.
    """
    env = os.environ if env is None else env
    from streamlit import config

    chosen: dict[str, object] = {}
    for name in config.get_config_files("config.toml"):
        try:
            data = tomllib.loads(Path(name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
        for section, values in data.items():
            if isinstance(values, dict):
                chosen.update({f"{section}.{option}": value for option, value in values.items()})
    for key in (*SETTINGS, "server.port", "server.address"):
        if _env_name(key) in env:
            chosen[key] = env[_env_name(key)]
    return chosen


def check_port(port: int, address: str | None) -> None:
    """Raise UserError in one sentence when the app could not listen on ``port`` (taken, forbidden, not ours)."""
    try:
        if address in (None, "", "::", "0.0.0.0") and socket.has_dualstack_ipv6():
            server = socket.create_server(("::", port), family=socket.AF_INET6, dualstack_ipv6=True)
        else:
            server = socket.create_server((address or "", port))
    except OSError as exc:
        raise UserError(_port_problem(port, address, exc)) from None
    server.close()


def _port_problem(port: int, address: str | None, exc: OSError) -> str:
    if exc.errno == errno.EADDRINUSE:
        return (
            f"port {port} is taken: another program (perhaps Domino Tutor, already open at "
            f"http://localhost:{port}) is using it; start on another port: domino-tutor --port {port + 1}"
        )
    if exc.errno == errno.EACCES:
        return f"port {port} needs administrator rights here; use a port from 1024 up, e.g. domino-tutor --port 8501"
    if exc.errno == errno.EADDRNOTAVAIL or isinstance(exc, socket.gaierror):
        return (
            f"{address!r} is not an address of this computer; use 0.0.0.0 to serve the club's network, "
            "or 127.0.0.1 for this computer only"
        )
    return f"cannot listen on port {port}: {exc.strerror or exc}"


def _setting_int(value: object, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


def run_app(port: int | None = None, address: str | None = None, headless: bool = False) -> int:
    """Run ``streamlit run`` on the app's entry script in this process; UserError when the port is unusable."""
    from streamlit.web import cli as stcli

    chosen = user_settings()
    listen_port = port if port is not None else _setting_int(chosen.get("server.port", DEFAULT_PORT), DEFAULT_PORT)
    listen_address = (
        address if address is not None else (str(chosen["server.address"]) if chosen.get("server.address") else None)
    )
    check_port(listen_port, listen_address)
    sys.argv = [
        "streamlit",
        "run",
        str(APP_SCRIPT),
        *streamlit_flags(port, headless=headless, address=address, keep=frozenset(chosen)),
    ]
    try:
        stcli.main()
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else 1
    return 0
