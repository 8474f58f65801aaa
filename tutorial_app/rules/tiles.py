"""Tiles of the double-six set, suits and pip values.

Why interned tiles: there are only 28 of them, so every ``Tile`` is created
once; equality and hashing are then identity, and each tile carries its
index and bit for the bitmask hands the engine uses for speed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import ClassVar

from tutorial_app.rules.text import RulesError, msg, shown

__all__ = [
    "Tile",
    "TileError",
    "ALL_TILES",
    "DOUBLES",
    "SUIT_MASK",
    "FULL_MASK",
    "parse_tile",
    "tiles_of_mask",
    "mask_of",
    "pip_value",
    "mask_pips",
]

MAX_PIP = 6


class TileError(RulesError):
    """A tile was written in a way that does not name a double-six tile; ``reason`` in en and ru."""


def _not_in_set(a: int, b: int) -> TileError:
    return TileError(
        msg(
            "{a}-{b} is not a double-six tile: each half must be a number from 0 to {MAX_PIP}",
            a=a,
            b=b,
            MAX_PIP=MAX_PIP,
        )
    )


class Tile:
    """One tile of the double-six set; ``Tile(6, 3) is Tile(3, 6)``.

    Orientation is not part of a tile: it lives on a placement on the table.
    """

    __slots__ = ("lo", "hi", "index", "bit", "pips", "is_double")
    _cache: ClassVar[dict[tuple[int, int], Tile]] = {}

    lo: int
    hi: int
    index: int
    bit: int
    pips: int
    is_double: bool

    def __new__(cls, a: int, b: int) -> Tile:
        key = (a, b) if a <= b else (b, a)
        tile = cls._cache.get(key)
        if tile is None:
            raise _not_in_set(a, b)
        return tile

    @classmethod
    def _make(cls, lo: int, hi: int, index: int) -> Tile:
        tile = object.__new__(cls)
        object.__setattr__(tile, "lo", lo)
        object.__setattr__(tile, "hi", hi)
        object.__setattr__(tile, "index", index)
        object.__setattr__(tile, "bit", 1 << index)
        object.__setattr__(tile, "pips", lo + hi)
        object.__setattr__(tile, "is_double", lo == hi)
        cls._cache[(lo, hi)] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.lo, self.hi))

    def __repr__(self) -> str:
        return f"Tile({self.hi}, {self.lo})"

    def __str__(self) -> str:
        """High number first, as the referee writes tiles: ``6-4``, ``0-0``."""
        return f"{self.hi}-{self.lo}"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def has(self, number: int) -> bool:
        """True when one half shows ``number`` (the tile is in that suit)."""
        return self.lo == number or self.hi == number

    def other(self, number: int) -> int:
        """The half that is not ``number`` (for a double, the same number)."""
        if self.lo == number:
            return self.hi
        if self.hi == number:
            return self.lo
        raise TileError(msg("{self} has no {number}", self=self, number=number))

    def value(self, blank_double_value: int = 0) -> int:
        """Pips counted in a hand; 0-0 may be worth ``blank_double_value``."""
        if self.hi == 0:
            return blank_double_value
        return self.pips


def _build() -> tuple[Tile, ...]:
    tiles = []
    index = 0
    for lo in range(MAX_PIP + 1):
        for hi in range(lo, MAX_PIP + 1):
            tiles.append(Tile._make(lo, hi, index))
            index += 1
    return tuple(tiles)


ALL_TILES: tuple[Tile, ...] = _build()
"""The 28 tiles in the order 0-0, 0-1, ..., 0-6, 1-1, ..., 6-6."""

FULL_MASK = (1 << len(ALL_TILES)) - 1
DOUBLES: tuple[Tile, ...] = tuple(t for t in ALL_TILES if t.is_double)
SUIT_MASK: tuple[int, ...] = tuple(sum(t.bit for t in ALL_TILES if t.has(n)) for n in range(MAX_PIP + 1))
"""``SUIT_MASK[n]``: the bits of the seven tiles that show ``n``."""

_TILE_TEXT = re.compile(r"^\s*(\d+)\s*[-/:|]\s*(\d+)\s*$")


def parse_pair(text: object) -> tuple[int, int]:
    """Read ``6-4``, ``6/4``, ``6:4`` or ``[6, 4]`` keeping the written order."""
    if isinstance(text, (list, tuple)) and len(text) == 2:
        a, b = text
        if isinstance(a, bool) or isinstance(b, bool) or not isinstance(a, int) or not isinstance(b, int):
            raise TileError(
                msg("{shown} is not a tile: write two numbers from 0 to 6, like [6, 4]", shown=shown(list(text)))
            )
    elif isinstance(text, str):
        match = _TILE_TEXT.match(text)
        if match is None:
            raise TileError(msg("{shown} is not a tile: write it like 6-4, 6/4 or 6:4", shown=shown(text)))
        a, b = int(match.group(1)), int(match.group(2))
    else:
        raise TileError(msg("{shown} is not a tile: write it like 6-4, 6/4, 6:4 or [6, 4]", shown=shown(text)))
    if not (0 <= a <= MAX_PIP and 0 <= b <= MAX_PIP):
        raise _not_in_set(a, b)
    return a, b


def parse_tile(text: object) -> Tile:
    """A tile from its written form (either order)."""
    if isinstance(text, Tile):
        return text
    a, b = parse_pair(text)
    return Tile(a, b)


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bitmask of some tiles."""
    mask = 0
    for tile in tiles:
        mask |= tile.bit
    return mask


def tiles_of_mask(mask: int) -> Iterator[Tile]:
    """The tiles of a bitmask, in set order."""
    while mask:
        low = mask & -mask
        yield ALL_TILES[low.bit_length() - 1]
        mask ^= low


def _chunk_table(shift: int) -> tuple[int, ...]:
    return tuple(
        sum(ALL_TILES[shift + i].pips for i in range(7) if chunk >> i & 1 and shift + i < len(ALL_TILES))
        for chunk in range(128)
    )


_PIP_CHUNKS = (_chunk_table(0), _chunk_table(7), _chunk_table(14), _chunk_table(21))


def mask_pips(mask: int, blank_double_value: int = 0) -> int:
    """Pips of the tiles in a bitmask, 0-0 counted as ``blank_double_value``.

    Why tables: scoring every simulated hand sums hands; four lookups of
    seven bits each beat walking the tiles.
    """
    c0, c1, c2, c3 = _PIP_CHUNKS
    total = c0[mask & 127] + c1[mask >> 7 & 127] + c2[mask >> 14 & 127] + c3[mask >> 21 & 127]
    if mask & 1:
        total += blank_double_value
    return total


def pip_value(tiles: Iterable[Tile], blank_double_value: int = 0) -> int:
    """Pips of some tiles counted in a hand."""
    return sum(t.value(blank_double_value) for t in tiles)
