"""A place in a text: what the reader and its complaints both point at."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Mark"]


class Mark(NamedTuple):
    """A place in a file: 1-based line and column."""

    line: int
    column: int
