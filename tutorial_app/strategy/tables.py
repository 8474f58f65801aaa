"""Lookup tables that let numpy read many 28-bit hands at once.

A hand is the rules core's bitmask (bit ``i`` is ``ALL_TILES[i]``). numpy has
no popcount or "k-th set bit" for an array of integers, so the kernel splits a
mask into two 14-bit halves and looks each half up in a table built once here.

Why 14 bits: two lookups per question keep the tables small (16,384 rows)
while a 28-bit mask never needs more than two.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK

__all__ = [
    "CHUNK",
    "CHUNK_MASK",
    "TILE_BIT",
    "TILE_LO",
    "TILE_HI",
    "TILE_PIPS",
    "TILE_DOUBLE",
    "SUIT_OF_END",
    "DOUBLES_MASK",
    "KTH_BIT",
    "HEAVIEST_KEY",
    "HEAVIEST_FIRST",
    "GREEDY_RANK",
    "CHUNK_PIPS",
    "popcount",
    "kth_bit",
    "heaviest",
    "mask_pips",
]

Int64s = npt.NDArray[np.int64]

CHUNK = 14
CHUNK_MASK = (1 << CHUNK) - 1

TILE_BIT: Int64s = np.array([t.bit for t in ALL_TILES], dtype=np.int64)
TILE_LO: Int64s = np.array([t.lo for t in ALL_TILES], dtype=np.int64)
TILE_HI: Int64s = np.array([t.hi for t in ALL_TILES], dtype=np.int64)
TILE_PIPS: Int64s = np.array([t.pips for t in ALL_TILES], dtype=np.int64)
TILE_DOUBLE: npt.NDArray[np.bool_] = np.array([t.is_double for t in ALL_TILES], dtype=bool)
SUIT_OF_END: Int64s = np.array([0, *SUIT_MASK], dtype=np.int64)
"""``SUIT_OF_END[end + 1]``: the tiles that fit an end showing ``end`` (nothing for a closed end, -1)."""
DOUBLES_MASK = sum(t.bit for t in ALL_TILES if t.is_double)

HEAVIEST_FIRST: tuple[int, ...] = tuple(sorted(range(len(ALL_TILES)), key=lambda i: (-ALL_TILES[i].pips, i)))
"""The tiles' indices in the order a heaviest-tile player takes them: most pips first, on a tie the rules core's
order (``rules.line.bots.choose_greedy`` takes the first heaviest move of ``legal_moves``). Why one table: the
kernel's greedy policy (``heaviest``), the exact search's greedy seats (``exact_line``) and the opponent model's
reading of them (``opponents``) must all agree with that bot, and the tests hold this order to it."""
GREEDY_RANK: tuple[int, ...] = tuple(HEAVIEST_FIRST.index(i) for i in range(len(ALL_TILES)))
"""Per tile index: its place in ``HEAVIEST_FIRST`` (0: the first a heaviest-tile player lays)."""
_BY_RANK: Int64s = np.array(HEAVIEST_FIRST, dtype=np.int64)
_LAST_RANK = len(ALL_TILES) - 1


def _tables() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """Built bit by bit: the chunks with bit ``i`` as their highest set bit are the chunks below ``1 << i`` with
    that bit added. Why not a loop over every chunk: the command line imports this module, and that loop
    cost a third of a second of its start-up (fourteen slices of numpy cost a millisecond)."""
    kth = np.zeros((128, 7), dtype=np.int8)
    for chunk in range(1, 128):
        bits = [i for i in range(7) if chunk >> i & 1]
        kth[chunk, : len(bits)] = bits
    heaviest_key = np.full((2, 1 << CHUNK), -1, dtype=np.int16)
    pips = np.zeros((2, 1 << CHUNK), dtype=np.int16)
    for half in (0, 1):
        for i in range(CHUNK):
            index = half * CHUNK + i
            low, high = 1 << i, 1 << (i + 1)
            if index >= len(ALL_TILES):
                pips[half, low:high] = pips[half, :low]
                heaviest_key[half, low:high] = heaviest_key[half, :low]
                continue
            tile = ALL_TILES[index]
            pips[half, low:high] = pips[half, :low] + tile.pips
            key = _LAST_RANK - GREEDY_RANK[index]  # larger for a tile a heaviest-tile player takes earlier
            heaviest_key[half, low:high] = np.maximum(heaviest_key[half, :low], key)
    return kth.reshape(-1), heaviest_key, pips


KTH_BIT, HEAVIEST_KEY, CHUNK_PIPS = _tables()
"""``KTH_BIT[chunk * 7 + k]``: the k-th set bit of a 7-bit chunk. Small tables with small numbers:
numpy gathers from them stay in the cache."""


def popcount(masks: Int64s) -> Int64s:
    """How many tiles each mask holds."""
    return np.bitwise_count(masks).astype(np.int64)


def kth_bit(masks: Int64s, k: Int64s) -> Int64s:
    """The index of the ``k``-th tile (0-based, set order) of each mask; ``k`` must be below its popcount."""
    low = masks & CHUNK_MASK
    count = popcount(low)
    high = k >= count
    rest = np.where(high, masks >> CHUNK, low)
    k = np.where(high, k - count, k)
    base = np.where(high, CHUNK, 0)
    low7 = rest & 127
    count7 = popcount(low7)
    high7 = k >= count7
    chunk = np.where(high7, rest >> 7, low7)
    k = np.where(high7, k - count7, k)
    return np.asarray(base + np.where(high7, 7, 0) + KTH_BIT[chunk * 7 + k], dtype=np.int64)


def heaviest(masks: Int64s) -> Int64s:
    """The index of the first tile of each mask in ``HEAVIEST_FIRST`` (the heaviest, the lowest index on a
    tie: the rules core's greedy bot), -1 for an empty mask."""
    key = np.maximum(HEAVIEST_KEY[0, masks & CHUNK_MASK], HEAVIEST_KEY[1, masks >> CHUNK]).astype(np.int64)
    return np.where(key < 0, -1, _BY_RANK[_LAST_RANK - np.maximum(key, 0)])


def mask_pips(masks: Int64s) -> Int64s:
    """The pips of each mask, 0-0 counted as 0."""
    pips: Int64s = CHUNK_PIPS[0, masks & CHUNK_MASK].astype(np.int64) + CHUNK_PIPS[1, masks >> CHUNK]
    return pips
