"""What a long run shows on the terminal: a progress bar, and its figures as aligned lines."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol, TextIO

__all__ = ["ProgressBar", "progress_bar", "aligned", "win_rates", "match_rows", "stats_report"]


class ProgressBar:
    """A one-line bar on a terminal, shown only once a run has taken over a second."""

    def __init__(self, stream: TextIO, label: str, delay: float = 1.0) -> None:
        self.stream = stream
        self.label = label
        self.delay = delay
        self.started = time.monotonic()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.drawn and time.monotonic() - self.started < self.delay:
            return
        width = 30
        filled = width * done // total
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done:,}/{total:,}")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


@contextmanager
def progress_bar(label: str) -> Iterator[ProgressBar | None]:
    """A bar on standard error while the block runs, when that is a terminal (else None: nothing is drawn)."""
    bar = ProgressBar(sys.stderr, label) if sys.stderr.isatty() else None
    try:
        yield bar
    finally:
        if bar is not None:
            bar.close()


def win_rates(rates: Sequence[float]) -> str:
    """Shares per side or seat: ``0: 51.2%  1: 48.8%``."""
    return "  ".join(f"{who}: {rate:.1%}" for who, rate in enumerate(rates))


class MatchFigures(Protocol):
    """What a simulation's statistics say about its matches (both games' stats have these)."""

    @property
    def matches(self) -> int: ...
    @property
    def hands_per_match(self) -> float | None: ...
    @property
    def match_wins(self) -> tuple[float, ...] | None: ...
    @property
    def unfinished_matches(self) -> int: ...


def match_rows(stats: MatchFigures, by: str) -> list[tuple[str, str]]:
    """The report's lines about matches (none when only hands were played); ``by``: "side" or "seat"."""
    if not stats.matches:
        return []
    rows = [
        ("matches played", f"{stats.matches:,}"),
        ("hands per match", f"{stats.hands_per_match or 0.0:.2f}"),
        (f"match wins by {by}", win_rates(stats.match_wins or ())),
    ]
    if stats.unfinished_matches:
        rows.append(("unfinished matches", f"{stats.unfinished_matches:,}"))
    return rows


def aligned(rows: Sequence[tuple[str, str]]) -> str:
    """Labelled figures, one a line, the values lined up after the longest label."""
    width = max(len(label) for label, _ in rows)
    return "".join(f"{label.ljust(width)}  {value}\n" for label, value in rows)


class RunFigures(MatchFigures, Protocol):
    """What every simulation's statistics say about its hands (both games' stats have these)."""

    @property
    def hands(self) -> int: ...
    @property
    def hand_wins(self) -> tuple[float, ...]: ...
    @property
    def hands_per_second(self) -> float: ...


def stats_report(title: str, stats: RunFigures, by: str, rows: Sequence[tuple[str, str]]) -> str:
    """A simulation's report, the same frame for both games: the ``rules`` line (``title``), the matches, the hands
    played, the game's own ``rows``, the hand wins by side or seat (``by``) and the speed."""
    return aligned(
        [
            ("rules", title),
            *match_rows(stats, by),
            ("hands played", f"{stats.hands:,}"),
            *rows,
            (f"hand wins by {by}", win_rates(stats.hand_wins)),
            ("hands per second", f"{stats.hands_per_second:,.0f}"),
        ]
    )
