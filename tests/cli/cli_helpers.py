"""What every command-line test needs: the repository, the command as a real process or its JSON, the one-line
check, and a simulation report's figures."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tutorial_app.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run_module(*args: str, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python3 -m tutorial_app ARGS`` as a user runs it, from the repository's folder."""
    return subprocess.run(
        [sys.executable, "-m", "tutorial_app", *args],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=ROOT,
        timeout=timeout,
    )


def json_out(capsys: pytest.CaptureFixture[str], command: str) -> Any:
    """``domino-tutor COMMAND`` (its words as typed in a shell) run in this process: assert it succeeded and return
    the JSON it printed."""
    code = main(shlex.split(command))
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


def run_module_bytes(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """The same, with standard input and output as bytes (for input that is not UTF-8)."""
    return subprocess.run(
        [sys.executable, "-m", "tutorial_app", *args], capture_output=True, input=stdin, cwd=ROOT, timeout=60
    )


def one_line_error(code: int, out: str, err: str, prefix: str = "domino-tutor", needle: str = "") -> str:
    """Assert a refusal as the command line promises it, and return its line: exit 2, nothing on standard
    output, no traceback, exactly one line on standard error that starts with ``prefix`` (the command and
    verb) and holds ``needle`` (in any case)."""
    assert code == 2, (code, out, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n") and "\r" not in err, err
    assert lines[0].startswith(prefix + ": ") or lines[0].startswith(prefix + " "), lines[0]
    assert needle.lower() in lines[0].lower(), lines[0]
    return lines[0]


def assert_report_figures(report: Mapping[str, Any], figures: Mapping[str, Any]) -> None:
    """A simulate command's JSON ``report`` carries every one of the simulation's ``figures`` (tuples as lists)."""
    for key, value in figures.items():
        assert report[key] == (list(value) if isinstance(value, tuple) else value), key
