"""Which puzzle a learner gets next, and the puzzle of the day.

A learner gets a puzzle near their rating: among the puzzles they have not
tried (of the chosen theme and game, if any), the ``NEAREST`` whose rating is
closest to theirs, one of them at random. A new learner starts at 1500 with a
wide deviation, so the first answers move the rating a long way and the
following puzzles follow it: the first puzzles place them.

The puzzle of the day is the same for everybody on a calendar day: a puzzle
of middling rating picked by the day's name.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence

from tutorial_app.puzzles.glicko import Rating
from tutorial_app.puzzles.model import Puzzle
from tutorial_app.puzzles.themes import Theme

__all__ = [
    "NEAREST",
    "START_RD",
    "PLACEMENT",
    "DAILY_RANGE",
    "puzzle_rating",
    "next_puzzle",
    "daily_puzzle",
    "placing",
]

NEAREST = 12
"""How many of the closest-rated puzzles the next one is drawn from (so two visits do not see one order)."""
START_RD = 250.0
"""A shipped puzzle's deviation before anybody tried it: its starting rating is an estimate, not a guess."""
PLACEMENT = 5
"""A learner with fewer rated attempts than this is still being placed (the page says so)."""
DAILY_RANGE = (1300.0, 1700.0)
"""The starting ratings a puzzle of the day is drawn from: neither a gift nor a wall."""


def puzzle_rating(puzzle: Puzzle, ratings: Mapping[str, Rating]) -> Rating:
    """The puzzle's rating now: as attempts moved it, else as mined."""
    return ratings.get(puzzle.id) or Rating(puzzle.rating, START_RD)


def placing(attempts: int) -> bool:
    """Whether a learner with this many rated attempts is still being placed."""
    return attempts < PLACEMENT


def next_puzzle(
    puzzles: Sequence[Puzzle],
    ratings: Mapping[str, Rating],
    learner: Rating,
    tried: set[str],
    rng: random.Random,
    theme: Theme | None = None,
    preset: str | None = None,
) -> Puzzle | None:
    """A puzzle near ``learner``'s rating (see the module's docstring); None when no puzzle fits the filters.

    When every fitting puzzle has been tried, tried ones come back (they no longer move the rating).
    """
    fitting = [p for p in puzzles if (theme is None or p.theme == theme) and (preset is None or p.preset == preset)]
    if not fitting:
        return None
    fresh = [p for p in fitting if p.id not in tried] or fitting
    fresh.sort(key=lambda p: (abs(puzzle_rating(p, ratings).r - learner.r), p.id))
    return rng.choice(fresh[:NEAREST])


def daily_puzzle(puzzles: Sequence[Puzzle], day: str) -> Puzzle | None:
    """The puzzle of ``day`` (``2026-12-01``): the same for everybody, picked by a hash of the day."""
    low, high = DAILY_RANGE
    middling = sorted((p for p in puzzles if low <= p.rating <= high), key=lambda p: p.id) or sorted(
        puzzles, key=lambda p: p.id
    )
    if not middling:
        return None
    digest = hashlib.sha256(f"domino-tutor/daily/{day}".encode()).digest()
    return middling[int.from_bytes(digest[:8], "big") % len(middling)]
