"""Reading text that a visitor pastes or uploads, through the one bounded reader.

Why its own module: the referee box takes input from strangers; the limits
(size, depth, aliases, digits) and the reader are those of every other
user file (``tutorial_app.source``), and every error is one line
that names the line and column, in English and Russian like the rules
core's own refusals.
"""

from __future__ import annotations

from typing import Any

from tutorial_app.rules.text import RulesError
from tutorial_app.source import Limits, SourceError, decode, parse_source

__all__ = ["InputError", "read_yaml_text", "MAX_POSITION_BYTES", "POSITION_LIMITS"]

MAX_POSITION_BYTES = 20_000
POSITION_LIMITS = Limits(max_bytes=MAX_POSITION_BYTES, max_depth=32, max_nodes=5_000, max_aliases=20)


class InputError(RulesError):
    """Pasted or uploaded text that cannot be read; ``reason`` says where and why in en and ru."""


def read_yaml_text(text: str | bytes, limit: int = MAX_POSITION_BYTES) -> Any:
    """Parse YAML (or JSON) safely: plain values only, no more than ``limit`` bytes; InputError otherwise."""
    limits = POSITION_LIMITS._replace(max_bytes=limit)
    try:
        return parse_source(decode(text, limits) if isinstance(text, bytes) else text, "text", limits).data
    except SourceError as exc:
        raise InputError(exc.where()) from None
