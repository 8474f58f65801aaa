"""Starting the app: Streamlit's own settings win over the app's defaults, --port/--address on the bare command,
and a clear line when the port is taken."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import free_port

from tutorial_app.cli import main
from tutorial_app.launch import SETTINGS, check_port, streamlit_flags, user_settings


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A current folder and a home without Streamlit settings, and no STREAMLIT_* variables."""
    for name in list(os.environ):
        if name.startswith("STREAMLIT_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_without_settings_of_its_own_the_user_gets_the_apps_defaults(elsewhere: Path) -> None:
    assert user_settings() == {}
    flags = streamlit_flags(None, headless=False, keep=frozenset(user_settings()))
    assert flags == [f"--{k}={v}" for k, v in SETTINGS.items()]
    assert not any(f.startswith("--server.port") for f in flags), "no port flag: Streamlit's own choice stands"
    assert not any(f.startswith("--theme.base") for f in flags), "light or dark: the browser's preference decides"


def test_a_streamlit_variable_is_not_overridden(elsewhere: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STREAMLIT_THEME_LIGHT_PRIMARY_COLOR", "#ff0000")
    monkeypatch.setenv("STREAMLIT_SERVER_PORT", "8765")
    monkeypatch.setenv("STREAMLIT_BROWSER_GATHER_USAGE_STATS", "true")
    chosen = user_settings()
    assert chosen == {"theme.light.primaryColor": "#ff0000", "server.port": "8765", "browser.gatherUsageStats": "true"}
    flags = streamlit_flags(None, headless=False, keep=frozenset(chosen))
    assert "--theme.light.primaryColor=#0072B2" not in flags and "--browser.gatherUsageStats=false" not in flags
    assert "--client.showErrorDetails=none" in flags


def test_a_config_toml_in_the_current_folder_is_honoured(elsewhere: Path) -> None:
    (elsewhere / ".streamlit").mkdir()
    (elsewhere / ".streamlit" / "config.toml").write_text(
        '[server]\nport = 8777\n[theme]\nprimaryColor = "#ff0000"\n', encoding="utf-8"
    )
    chosen = user_settings()
    assert chosen["server.port"] == 8777 and chosen["theme.primaryColor"] == "#ff0000"
    assert "--theme.primaryColor=#0072B2" not in streamlit_flags(None, headless=False, keep=frozenset(chosen))


def test_a_broken_config_toml_is_left_for_streamlit_to_report(elsewhere: Path) -> None:
    (elsewhere / ".streamlit").mkdir()
    (elsewhere / ".streamlit" / "config.toml").write_text("[server\nport = ", encoding="utf-8")
    assert user_settings() == {}


def test_a_taken_port_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        assert main(["--port", str(port), "--address", "127.0.0.1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"domino-tutor: port {port} is taken: another program (perhaps Domino Tutor, already open at "
        f"http://localhost:{port}) is using it; start on another port: domino-tutor --port {port + 1}"
    ]


def test_an_address_that_is_not_this_computers_is_said_so() -> None:
    from tutorial_app.commands import UserError

    with pytest.raises(UserError, match="is not an address of this computer"):
        check_port(free_port(), "203.0.113.7")


@pytest.fixture
def served() -> Iterator[list[subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for process in started:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def _answers(port: int, process: subprocess.Popen[bytes]) -> bool:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as answer:
                return bool(answer.read().decode().strip() == "ok")
        except OSError:
            time.sleep(0.3)
    return False


@pytest.mark.parametrize("how", ["STREAMLIT_SERVER_PORT", "--port"])
def test_the_bare_command_serves_on_the_port_asked(
    how: str, tmp_path: Path, served: list[subprocess.Popen[bytes]]
) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("STREAMLIT_")}
    env.update({"STREAMLIT_SERVER_HEADLESS": "true", "DOMINO_TUTOR_PROGRESS_DB": str(tmp_path / "p.sqlite3")})
    args = [sys.executable, "-m", "tutorial_app"]
    if how == "--port":
        args += ["--port", str(port), "--address", "127.0.0.1"]
    else:
        env["STREAMLIT_SERVER_PORT"] = str(port)
    process = subprocess.Popen(args, env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    served.append(process)
    assert _answers(port, process), process.stderr.read().decode() if process.stderr and process.poll() else ""
