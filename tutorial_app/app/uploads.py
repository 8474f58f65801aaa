"""Reading text that a visitor pastes or uploads: size limit, safe YAML, line numbers.

Why its own module: the referee box and the progress import take input from
strangers; this is the one place that decides what is too large or unsafe,
and every error is one line that names the line and column, in English and
Russian like the rules core's own refusals.
"""

from __future__ import annotations

from typing import Any

import yaml

from tutorial_app.rules.text import RulesError, Text

__all__ = ["InputError", "read_yaml_text", "MAX_POSITION_BYTES"]

MAX_POSITION_BYTES = 20_000


class InputError(RulesError):
    """Pasted or uploaded text that cannot be read; ``reason`` says where and why in en and ru."""


def _too_large(limit: int) -> InputError:
    kb = limit // 1000
    return InputError(Text(f"the text is larger than {kb} kB", f"текст больше {kb} КБ"))


def read_yaml_text(text: str | bytes, limit: int = MAX_POSITION_BYTES) -> Any:
    """Parse YAML (or JSON) safely: no tags that build objects, no more than ``limit`` bytes."""
    if isinstance(text, bytes):
        if len(text) > limit:
            raise _too_large(limit)
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(Text("not a UTF-8 text file", "это не текстовый файл в кодировке UTF-8")) from None
    if len(text.encode("utf-8")) > limit:
        raise _too_large(limit)
    if not text.strip():
        raise InputError(Text("the text is empty", "текст пуст"))
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = Text(f"line {mark.line + 1}, column {mark.column + 1}: ",
                     f"строка {mark.line + 1}, столбец {mark.column + 1}: ") if mark is not None else Text("", "")
        # the parser's own detail has no Russian; it stays as the parser wrote it
        raise InputError(Text(f"{where.en}not valid YAML: {exc.problem}",
                              f"{where.ru}текст не читается как YAML ({exc.problem})")) from None
    except yaml.YAMLError as exc:
        raise InputError(Text(f"not valid YAML: {exc}", f"текст не читается как YAML ({exc})")) from None
