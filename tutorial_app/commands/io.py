"""Reading the YAML or JSON files that users hand to the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

from tutorial_app.cli import UserError

MAX_BYTES = 1_000_000


def read_data_file(path: str) -> Any:
    """A parsed YAML/JSON document from a path or '-' (stdin); UserError on any problem."""
    if path == "-":
        text = sys.stdin.read(MAX_BYTES + 1)
        name = "standard input"
    else:
        file = Path(path)
        if not file.is_file():
            raise UserError(f"{path}: no such file")
        if file.stat().st_size > MAX_BYTES:
            raise UserError(f"{path}: the file is larger than {MAX_BYTES // 1000} kB; a position is a few lines")
        try:
            text = file.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise UserError(f"{path}: not a UTF-8 text file") from None
        name = path
    if len(text) > MAX_BYTES:
        raise UserError(f"{name}: more than {MAX_BYTES // 1000} kB of input")
    if not text.strip():
        raise UserError(f"{name}: the file is empty")
    if name.endswith(".json"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise UserError(f"{name}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
        except RecursionError:
            raise UserError(f"{name}: nested too deeply to be a position") from None
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"{name}:{mark.line + 1}:{mark.column + 1}" if mark is not None else name
        raise UserError(f"{where}: not valid YAML or JSON: {exc.problem}") from None
    except yaml.YAMLError as exc:
        raise UserError(f"{name}: not valid YAML or JSON: {exc}") from None
    except RecursionError:
        raise UserError(f"{name}: nested too deeply to be a position") from None
