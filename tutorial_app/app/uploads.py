"""Reading text that a visitor pastes or uploads: size limit, safe YAML, line numbers.

Why its own module: the referee box and the progress import take input from
strangers; this is the one place that decides what is too large or unsafe,
and every error is one line that names the line and column.
"""

from __future__ import annotations

from typing import Any

import yaml

__all__ = ["InputError", "read_yaml_text", "MAX_POSITION_BYTES"]

MAX_POSITION_BYTES = 20_000


class InputError(ValueError):
    """Pasted or uploaded text that cannot be read; the message says where and why."""


def read_yaml_text(text: str | bytes, limit: int = MAX_POSITION_BYTES) -> Any:
    """Parse YAML (or JSON) safely: no tags that build objects, no more than ``limit`` bytes."""
    if isinstance(text, bytes):
        if len(text) > limit:
            raise InputError(f"the text is larger than {limit // 1000} kB")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("not a UTF-8 text file") from None
    if len(text.encode("utf-8")) > limit:
        raise InputError(f"the text is larger than {limit // 1000} kB")
    if not text.strip():
        raise InputError("the text is empty")
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        raise InputError(f"{where}not valid YAML: {exc.problem}") from None
    except yaml.YAMLError as exc:
        raise InputError(f"not valid YAML: {exc}") from None
