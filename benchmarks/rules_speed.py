"""Random-playout throughput of the rules engine, through the simulator's own loop.

Run: ``python3 benchmarks/rules_speed.py [--seconds S] [--seed N]``.
Each case deals, plays with uniformly random legal moves (``legal_sequence`` then
``apply_unchecked``) and scores every hand: exactly what
``domino-tutor simulate`` does. Goals (issue 2): block for 4 in pairs at least
12,000 hands/s, draw for 2 at least 15,000 hands/s.

Two figures per case: one process (the engine itself), and every CPU of this
machine sharing the blocks of hands, which is what ``domino-tutor simulate``
does by default (``--jobs``). The figures of a seed are the same either way.

Then two comparisons, each measured in the same run:

- against a peer engine: random 4-player block hands per CPU second through
  the simulator and random 4-player hands per CPU second of the PyPI
  ``dominoes`` package (``pip install -e ".[bench]"``), measured in short
  turns (ours, theirs, theirs, ours, ...), the median of the turns' ratios,
  so a busy machine slows both alike. Goal: at least 1.45 times as many
  (issue 19).
- building the 18-field ``HandState``: positionally (``tuple.__new__``, what
  ``moves.apply_unchecked`` does), by keyword (``HandState(rules=..., ...)``)
  and by ``_replace`` of the fields a play changes, in nanoseconds and as a
  share of one move of a random 4-player block hand (issue 19: how
  ``moves.py`` should build its states).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import NamedTuple

from measure import benchmark_parser, dominoes_hands, machine_line

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply_unchecked, legal_sequence
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.simulate import default_jobs, simulate_hands
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.line.variants import rules_for

PEER_GOAL = 1.45
"""Random 4-player block hands per second, ours over the ``dominoes`` package's (issue 19)."""


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


def _peer_hands(seconds: float) -> tuple[int, float]:
    """Random 4-player hands of the ``dominoes`` package played in about ``seconds`` of CPU: (hands, CPU seconds)."""
    started = time.process_time()
    played = dominoes_hands(time.process_time, seconds)
    return played, time.process_time() - started


def _our_hands(rules: HouseRules, seconds: float, seed: int) -> tuple[int, float]:
    """Random hands of ours dealt and played through the simulator's loop in about ``seconds`` of CPU."""
    played = 0
    started = time.process_time()
    while time.process_time() < started + seconds:
        played += simulate_hands(rules, 100, seed + played).hands
    return played, time.process_time() - started


def against_peer(seconds: float, seed: int, rounds: int = 15) -> tuple[float, float, float] | None:
    """Hands per CPU second of ours (4-player block, random, one process) and of ``dominoes``, in turns (ours
    first in one round, theirs first in the next), and the median of the rounds' ratios.

    Why CPU seconds and the median of the rounds: on a shared machine other processes steal wall time and
    come and go; each round's two figures are taken side by side, so a ratio holds under the load of its round.
    None when the ``dominoes`` package is not installed.
    """
    if importlib.util.find_spec("dominoes") is None:
        return None
    rules = rules_for("block", 4, {})
    simulate_hands(rules, 500, seed)  # warm up
    _peer_hands(0.2)
    share = seconds / rounds
    ours: list[float] = []
    theirs: list[float] = []
    for turn in range(rounds):
        if turn % 2 == 0:
            mine = _our_hands(rules, share, seed + turn)
            peer = _peer_hands(share)
        else:
            peer = _peer_hands(share)
            mine = _our_hands(rules, share, seed + turn)
        ours.append(mine[0] / mine[1])
        theirs.append(peer[0] / peer[1])
    ratio = statistics.median(o / t for o, t in zip(ours, theirs, strict=True))
    return statistics.median(ours), statistics.median(theirs), ratio


def _timed(build: Callable[[], object], count: int) -> float:
    """Nanoseconds per call of ``build`` (best of three runs of ``count`` calls)."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter_ns()
        for _ in range(count):
            build()
        best = min(best, (time.perf_counter_ns() - started) / count)
    return best


def state_building(seed: int) -> tuple[dict[str, float], float]:
    """Nanoseconds to build a HandState three ways, and nanoseconds per move of a random 4-player block hand."""
    rules = rules_for("block", 4, {})
    rng = random.Random(seed)
    state = deal(rules, rng).state
    state = apply_unchecked(state, legal_sequence(state)[0])
    fields = tuple(state)
    named = state._asdict()
    make = tuple.__new__
    count = 200_000
    costs = {
        "positional": _timed(lambda: make(HandState, fields), count),
        "keyword": _timed(lambda: HandState(**named), count),
        "_replace": _timed(
            lambda: state._replace(hands=state.hands, table=state.table, to_move=2, last_move_by=1, plays=2), count
        ),
    }
    moves = 0
    started = time.perf_counter_ns()
    for _ in range(2000):
        hand = deal(rules, rng).state
        while not hand.is_over:
            legal = legal_sequence(hand)
            hand = apply_unchecked(hand, legal[int(rng.random() * len(legal))])
            moves += 1
    return costs, (time.perf_counter_ns() - started) / moves


def main(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__, seconds_per="case", seed=1)
    args = parser.parse_args(argv)
    print(f"{machine_line()}; best of several batches per case")
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
    peer = against_peer(args.seconds, args.seed)
    if peer is None:
        print('against dominoes: not measured (pip install -e ".[bench]" installs the package)')
    else:
        ours, theirs, ratio = peer
        verdict = "met" if ratio >= PEER_GOAL else "NOT met"
        print(
            f"4-player block, random, one process, in turns: ours {ours:,.0f} hands per CPU second, dominoes "
            f"{importlib.metadata.version('dominoes')} {theirs:,.0f}: {ratio:.2f} times, the median of the rounds' ratios "
            f"(goal {PEER_GOAL}: {verdict})"
        )
    costs, per_move = state_building(args.seed)
    built = ", ".join(f"{how} {ns:,.0f} ns ({ns / per_move:.0%} of a move)" for how, ns in costs.items())
    print(f"building a HandState: {built}; a move of a random 4-player block hand costs {per_move:,.0f} ns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
