"""An independent brute-force judge for two-player block (no strategy engine code): every opponent hand
that fits what a seat has seen, each solved by plain negamax, averaged.

Written from the rules as a player states them, on (low, high) pairs and two open numbers: a tile goes on
an end that shows one of its numbers, the other number becomes the end; a player with nothing that fits
passes; whoever plays their last tile wins; when neither can play, the fewer pips win (equal pips: a half
each). Only the record's facts are read from the rules core's position (hands, chain, who passed on what);
the engine's inference, sampler and solvers are never used, so the tests can hold them against this.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations

Pair = tuple[int, int]
ALL_PAIRS: tuple[Pair, ...] = tuple((lo, hi) for hi in range(7) for lo in range(hi + 1))


def pips(hand: frozenset[Pair]) -> int:
    return sum(a + b for a, b in hand)


@cache
def win_share(mover: frozenset[Pair], other: frozenset[Pair], left: int, right: int, passed: bool) -> float:
    """The mover's share of the hand with both hands known, both playing perfectly (1, 1/2 or 0)."""
    plays = [(t, end) for t in mover for end in {left, right} if end in t]
    if not plays:
        if passed:  # neither can play: the fish goes to the fewer pips
            mine, theirs = pips(mover), pips(other)
            return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        return 1.0 - win_share(other, mover, left, right, True)
    best = 0.0
    for tile, end in plays:
        rest = mover - {tile}
        if not rest:
            return 1.0
        outer = tile[0] + tile[1] - end
        new_left, new_right = (outer, right) if end == left else (left, outer)
        best = max(best, 1.0 - win_share(other, rest, new_left, new_right, False))
        if best == 1.0:
            break
    return best


def move_share(mine: frozenset[Pair], theirs: frozenset[Pair], left: int, right: int, tile: Pair, end: int) -> float:
    """The mover's share after laying ``tile`` on the end showing ``end``."""
    rest = mine - {tile}
    if not rest:
        return 1.0
    outer = tile[0] + tile[1] - end
    new_left, new_right = (outer, right) if end == left else (left, outer)
    return 1.0 - win_share(theirs, rest, new_left, new_right, False)


@dataclass(frozen=True)
class Seen:
    """What the mover knows: its hand, the ends, the tiles in sight, how many tiles the other holds, and
    the other's passes as (numbers open then, the tiles it has played since)."""

    mine: frozenset[Pair]
    left: int
    right: int
    in_sight: frozenset[Pair]
    other_count: int
    passes: tuple[tuple[frozenset[int], frozenset[Pair]], ...]


def other_hands(seen: Seen) -> Iterator[frozenset[Pair]]:
    """Every hand the other seat may hold now: unseen tiles, none of which (nor any tile it has played since)
    showed a number open when it passed."""
    unseen = [t for t in ALL_PAIRS if t not in seen.mine and t not in seen.in_sight]
    for chosen in combinations(unseen, seen.other_count):
        hand = frozenset(chosen)
        if all(not any(n in t for t in hand | since for n in numbers) for numbers, since in seen.passes):
            yield hand


def double_dummy(seen: Seen) -> dict[tuple[Pair, int], float]:
    """Every play's mean share over every hand the other may hold: the double-dummy value."""
    plays = [(t, end) for t in sorted(seen.mine) for end in sorted({seen.left, seen.right}) if end in t]
    totals = dict.fromkeys(plays, 0.0)
    count = 0
    for theirs in other_hands(seen):
        count += 1
        for tile, end in plays:
            totals[tile, end] += move_share(seen.mine, theirs, seen.left, seen.right, tile, end)
    return {play: total / count for play, total in totals.items()}
