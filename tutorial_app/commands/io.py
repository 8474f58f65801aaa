"""Reading the YAML or JSON files that users hand to the command line, through the one bounded reader."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from tutorial_app.commands import UserError
from tutorial_app.source import Limits, SourceError, parse_data, read_stream, read_text

MAX_BYTES = 1_000_000
POSITION_LIMITS = Limits(max_bytes=MAX_BYTES)
STDIN = "-"

_PLAIN_NAME = re.compile(r"[\w./+@%=,~-]+")


def file_label(path: str) -> str:
    """A file name as a message shows it: as typed when plain, else quoted (one line whatever it holds)."""
    if path == STDIN:
        return "standard input"
    if _PLAIN_NAME.fullmatch(path):
        return path
    quoted = repr(path)
    return quoted if len(quoted) <= 80 else "…" + quoted[-79:]  # the end names the file


def read_data_file(path: str, lang: str = "en") -> Any:
    """A parsed YAML/JSON document from a path or '-' (stdin); UserError with ``name:line:column:`` on any problem."""
    label = file_label(path)
    try:
        text = (
            read_stream(sys.stdin.buffer, POSITION_LIMITS) if path == STDIN else read_text(Path(path), POSITION_LIMITS)
        )
        return parse_data(text, label, POSITION_LIMITS, as_json=path.endswith(".json"))
    except SourceError as exc:
        where = f"{label}:{exc.mark.line}:{exc.mark.column}" if exc.mark is not None else label
        raise UserError(f"{where}: {exc.reason.in_(lang)}") from None
