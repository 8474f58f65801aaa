"""What several benchmarks share: their argument parser, the load average, the line that names the machine, and the
peer engine's hands.

Why one module: each benchmark once spelled these itself, a little differently. The benchmarks import it by
bare name, as they do ``bot_matches`` (``python3 benchmarks/NAME.py`` puts this folder on the path).
"""

from __future__ import annotations

import argparse
import os
import platform
from collections.abc import Callable


def benchmark_parser(
    doc: str | None, *, seed: int | None = None, seconds_per: str | None = None
) -> argparse.ArgumentParser:
    """A benchmark's argument parser, described by the first paragraph of its docstring ``doc`` (its first line
    alone may stop mid-sentence): with ``seconds_per`` (``"case"``) a ``--seconds`` option, the rough time per
    case (default 3); with ``seed`` a ``--seed`` option defaulting to it."""
    summary = " ".join(line.strip() for line in doc.strip().split("\n\n")[0].splitlines()) if doc else None
    parser = argparse.ArgumentParser(description=summary)
    if seconds_per is not None:
        parser.add_argument("--seconds", type=float, default=3.0, help=f"rough time per {seconds_per} (default 3)")
    if seed is not None:
        parser.add_argument("--seed", type=int, default=seed)
    return parser


def load_average() -> float:
    """The 1-minute load average; NaN where the system keeps none."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def machine_line() -> str:
    """``Python 3.11.7 on x86_64, 2 CPUs, load average 0.01``: the head line of a speed benchmark."""
    return (
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {load_average():.2f}"
    )


def dominoes_hands(clock: Callable[[], float], seconds: float) -> int:
    """Random 4-player hands of the PyPI ``dominoes`` package, played until ``clock`` has gone on ``seconds``."""
    import dominoes  # the reference: pip install -e ".[bench]"

    played = 0
    deadline = clock() + seconds
    while clock() < deadline:
        game = dominoes.Game.new()
        while game.result is None:
            dominoes.players.random(game)
            game.make_move(*game.valid_moves[0])
        played += 1
    return played
