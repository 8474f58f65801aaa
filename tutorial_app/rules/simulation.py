"""Many hands or matches of any game, in blocks: the simulator's loop, written once against ``rules.game``.

Why blocks with their own random source: the figures of a seed are then the
same however many processes share the work (``block_rng``). Each engine's
simulator (``rules.line.simulate``, ``rules.tien_gow.simulate``) plays one
hand its own fast way and keeps its own tally of what a hand shows; dealing
the hands of a block, playing a match hand after hand, sharing the blocks
between processes and reporting progress are here. No UI code: a caller
that wants a progress bar passes ``progress``.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from typing import Any, ClassVar, Self, TypedDict, TypeVar

from tutorial_app.rules.game import AnyGame

__all__ = [
    "MAX_HANDS_PER_MATCH",
    "Figures",
    "HandFigures",
    "MatchFigures",
    "Progress",
    "Tally",
    "block_rng",
    "check_count",
    "default_jobs",
    "play_hands",
    "play_match",
    "run_blocks",
]

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` now and then, and once at the end."""

MAX_HANDS_PER_MATCH = 1000
"""A match that has not ended after this many hands is stopped and counted as unfinished."""

_PROGRESS_STEPS = 200
_BLOCK_MIN = 20
_BLOCK_MAX = 250


class HandFigures(TypedDict):
    """What every simulator reports of the hands: each side's share of the hands won, and the speed."""

    hand_wins: tuple[float, ...]
    seconds: float
    hands_per_second: float


class MatchFigures(TypedDict):
    """What every simulator reports of whole matches (the share of match wins over the finished ones)."""

    matches: int
    hands_per_match: float
    match_wins: tuple[float, ...]
    unfinished_matches: int


class Tally:
    """Running sums of a block (and of a whole run, blocks merged in order).

    What every game counts is here: hands, each side's hand wins, matches, unfinished matches and each side's
    share of the match wins. A game's tally (a subclass) adds its own counters and names them in ``COUNTERS``,
    which ``merge`` adds up as well.
    """

    COUNTERS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, sides: int) -> None:
        self.hands = 0
        self.matches = 0
        self.unfinished = 0
        self.wins = [0.0] * sides
        self.match_wins = [0.0] * sides

    def merge(self, other: Self) -> None:
        """Add another block's sums to these."""
        for name in ("hands", "matches", "unfinished", *self.COUNTERS):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.match_wins = [a + b for a, b in zip(self.match_wins, other.match_wins, strict=True)]

    def count_match(self, winners: Sequence[int], finished: bool) -> None:
        """One match played to its end (or stopped: ``finished`` False); ``winners`` share its win."""
        self.unfinished += not finished
        self.matches += 1
        for side in winners:
            self.match_wins[side] += 1 / len(winners)

    def hand_figures(self, seconds: float) -> HandFigures:
        """Each side's share of the hands won, and how fast they were played."""
        return HandFigures(
            hand_wins=tuple(w / max(self.hands, 1) for w in self.wins),
            seconds=seconds,
            hands_per_second=self.hands / seconds if seconds > 0 else float("inf"),
        )

    def match_figures(self, matches: int) -> MatchFigures:
        """The figures of ``matches`` whole matches (the shares over the finished ones)."""
        finished = matches - self.unfinished
        return MatchFigures(
            matches=matches,
            hands_per_match=self.hands / matches,
            match_wins=tuple(w / max(finished, 1) for w in self.match_wins),
            unfinished_matches=self.unfinished,
        )


T = TypeVar("T", bound=Tally)
Job = tuple[Any, int, Any, int, int]
"""One block's work: (rules, seed, bots, block index, units in the block)."""


def block_rng(seed: int, index: int) -> random.Random:
    """The random source of block ``index`` of a run (the first block is 0).

    Why per block: the figures of a seed are then the same however many
    processes share the blocks.
    """
    return random.Random(f"domino-tutor/{seed}/{index}")


def check_count(count: int, what: str) -> None:
    """ValueError unless ``count`` (of hands or matches) is a whole number, 1 or more."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"the number of {what} must be a whole number, 1 or more, not {count!r}")


def default_jobs() -> int:
    """Processes a simulation may use here: one per CPU this process may run on."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def _block_size(total: int) -> int:
    """Units (hands or matches) per block: small enough for about 200 progress steps, from 20 to 250.

    Why at least 20: each block seeds its own random source and keeps its own sums, about a fifth of a random
    hand's cost; blocks of one hand (what 200 steps would give a run of 100 hands) paid it on every hand.
    """
    return max(1, min(_BLOCK_MAX, max(_BLOCK_MIN, -(-total // _PROGRESS_STEPS))))


def run_blocks(
    work: Callable[[Job], T],
    tally: T,
    rules: Any,
    seed: int,
    bots: Any,
    total: int,
    progress: Progress | None,
    jobs: int,
) -> tuple[T, float]:
    """Run every block (in this process or in ``jobs`` processes), add them up in block order into ``tally``, and
    say how many seconds it took."""
    size = _block_size(total)
    blocks: list[Job] = [(rules, seed, bots, i, min(size, total - i * size)) for i in range(-(-total // size))]
    started = time.perf_counter()
    if jobs <= 1 or len(blocks) == 1:
        _collect(map(work, blocks), tally, total, progress)
    else:
        # fork: the workers inherit the imported engine, nothing is re-imported
        with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            _collect(pool.map(work, blocks), tally, total, progress)
    return tally, time.perf_counter() - started


def _collect(parts: Iterable[T], tally: T, total: int, progress: Progress | None) -> None:
    done = 0
    for part in parts:
        tally.merge(part)
        done += part.matches or part.hands
        if progress is not None:
            progress(done, total)


def play_hands(game: AnyGame, rules: Any, rng: random.Random, count: int, play_hand: Callable[[Any], Any]) -> None:
    """``count`` separate hands, each dealt as a match's first hand and played by ``play_hand(start)``."""
    for _ in range(count):
        play_hand(game.deal(rules, rng).state)


def play_match(
    game: AnyGame, rules: Any, rng: random.Random, play_hand: Callable[[Any], Any]
) -> tuple[Any, Any | None, bool]:
    """A whole match, each hand dealt and played by ``play_hand(start) -> final``: the match, its first hand's start,
    and whether it ended (False: stopped after ``MAX_HANDS_PER_MATCH`` hands)."""
    match = game.new_match(rules)
    first = None
    while not match.over:
        if match.hands_played >= MAX_HANDS_PER_MATCH:
            return match, first, False
        start = game.next_deal(match, rng).state
        if first is None:
            first = start
        final = play_hand(start)
        # the record keeps only the start: the simulator never replays
        match = game.record_hand(match, final, start)
    return match, first, True


class Figures:
    """What a run shows, as plain values for JSON (a simulator's statistics dataclass is one)."""

    def as_dict(self) -> dict[str, object]:
        """Plain values (tuples as lists)."""
        out: dict[str, object] = asdict(self)  # type: ignore[call-overload]
        return {key: list(value) if isinstance(value, tuple) else value for key, value in out.items()}

    def same_figures(self) -> dict[str, object]:
        """Every figure that a seed fixes (everything but the timing)."""
        out = self.as_dict()
        del out["seconds"], out["hands_per_second"]
        return out
