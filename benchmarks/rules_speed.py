"""Random-playout throughput of the rules engine, through the simulator's own loop.

Run: ``python3 benchmarks/rules_speed.py [--seconds S] [--seed N]``.
Each case deals, plays with uniformly random legal moves (``legal_sequence`` then
``apply_unchecked``) and scores every hand: exactly what
``domino-tutor simulate`` does. Goals (issue 2): block for 4 in pairs at least
12,000 hands/s, draw for 2 at least 15,000 hands/s.

Two figures per case: one process (the engine itself), and every CPU of this
machine sharing the blocks of hands, which is what ``domino-tutor simulate``
does by default (``--jobs``). The figures of a seed are the same either way.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from typing import NamedTuple

from tutorial_app.rules.line.simulate import default_jobs, simulate_hands
from tutorial_app.rules.line.variants import rules_for


class Case(NamedTuple):
    label: str
    preset: str
    players: int
    overrides: dict[str, object]
    goal: int | None


CASES = (
    Case("block, 4 players in pairs", "block", 4, {"teams": "pairs"}, 12_000),
    Case("draw, 2 players", "draw", 2, {}, 15_000),
    Case("all_fives, 2 players", "all_fives", 2, {}, None),
    Case("domino101, 3 players", "domino101", 3, {}, None),
)


def measure(case: Case, seconds: float, seed: int, jobs: int = 1) -> tuple[int, float, float]:
    """Hands played, the best hands per second, and hands per CPU second, over about ``seconds``.

    Why CPU seconds too: on a shared machine other processes steal wall time;
    CPU time shows what the engine itself costs.
    """
    rules = rules_for(case.preset, case.players, case.overrides)
    simulate_hands(rules, 200, seed)  # warm up
    batch = 1000
    while True:
        probe = simulate_hands(rules, batch, seed, jobs=jobs)
        if probe.seconds >= seconds / 3 or batch >= 1_000_000:
            break
        batch *= 2
    best = probe.hands_per_second
    total = probe.hands
    cpu_best = 0.0
    for repeat in (1, 2, 3):
        cpu_start = time.process_time()
        run = simulate_hands(rules, batch, seed + repeat, jobs=jobs)
        cpu = time.process_time() - cpu_start
        best = max(best, run.hands_per_second)
        cpu_best = max(cpu_best, run.hands / cpu if cpu > 0 else 0.0)
        total += run.hands
    return total, best, cpu_best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="rough time per case (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {load:.2f}; best of several batches per case"
    )
    jobs = default_jobs()
    for case in CASES:
        hands, rate, cpu_rate = measure(case, args.seconds, args.seed)
        line = f"{case.label:28} {hands:>7,} hands;"
        line += f" one process {rate:>7,.0f} hands/s ({cpu_rate:,.0f} per CPU second)"
        if jobs > 1:
            _, shared_rate, _ = measure(case, args.seconds, args.seed, jobs)
            line += f"; {jobs} processes {shared_rate:>7,.0f} hands/s"
        else:
            shared_rate = rate
        if case.goal is not None:
            alone = "met" if rate >= case.goal else f"short by {case.goal - rate:,.0f}"
            shared = "met" if shared_rate >= case.goal else f"short by {case.goal - shared_rate:,.0f}"
            line += f"  (goal {case.goal:,}: one process {alone}; simulate's default {shared})"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
