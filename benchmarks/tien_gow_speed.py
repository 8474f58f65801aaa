"""How fast Tien Gow plays and draws, against the block game measured in the same run.

Run: ``python3 benchmarks/tien_gow_speed.py [--seconds S] [--seed N]``.

1. ``domino-tutor simulate --rules tien_gow --hands 200`` through the command
   itself (one process), checked to play all 200 hands.
2. Hands per second of the simulator's loop (deal, bots, score), one
   process, best of three batches: Tien Gow with random and with greedy bots,
   and block for 4 (random bots), the line games' reference. The ratio says
   how many block hands cost as much as one Tien Gow hand.
3. Building the table figure for a hand in mid-trick, against the line
   games' board figure for a block hand with as many tiles on screen.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import statistics
import sys
import time
from collections.abc import Callable

from measure import benchmark_parser, machine_line

from tutorial_app.board.figure import board_figure
from tutorial_app.board.tien_gow_figure import tien_gow_figure
from tutorial_app.cli import main as cli
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.simulate import simulate_hands
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.rules.tien_gow.bots import choose_greedy
from tutorial_app.rules.tien_gow.simulate import parse_bots, simulate_tien_gow


def through_the_command(seed: int) -> dict[str, object]:
    """``simulate --rules tien_gow --hands 200 --json`` in this process; its report."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli(["simulate", "--rules", "tien_gow", "--hands", "200", "--seed", str(seed), "--jobs", "1", "--json"])
    if code != 0:
        raise SystemExit(f"simulate --rules tien_gow failed with status {code}")
    report: dict[str, object] = json.loads(out.getvalue())
    if report["hands"] != 200:
        raise SystemExit(f"simulate played {report['hands']} hands, not 200")
    return report


def best_rate(run: Callable[[int, int], float], seconds: float, seed: int) -> float:
    """Hands per second, best of three batches sized to take about ``seconds`` / 3 each."""
    run(100, seed)  # warm up (imports, caches)
    batch = 200
    while True:
        started = time.perf_counter()
        run(batch, seed)
        if time.perf_counter() - started >= seconds / 9 or batch >= 1_000_000:
            break
        batch *= 2
    return max(run(batch, seed + repeat) for repeat in (1, 2, 3))


def tien_gow_run(bot: str) -> Callable[[int, int], float]:
    """A run of ``n`` Tien Gow hands from seed ``s`` with ``bot`` at every seat, as hands per second."""
    rules, bots = tg.TienGowRules(), parse_bots(bot)

    def run(hands: int, seed: int) -> float:
        return simulate_tien_gow(rules, hands, seed, bots).hands_per_second

    return run


def median_ms(build: Callable[[], object], runs: int = 40) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        build()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def mid_trick(seed: int) -> tg.HandState:
    """A Tien Gow hand after two tricks and a lead, greedy bots at every seat."""
    state = tg.deal(tg.TienGowRules(), random.Random(seed)).state
    while len(state.tricks) < 2 or state.trick is None:
        state = tg.apply(state, choose_greedy(state, tg.legal_moves(state)))
    return state


def main(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__, seconds_per="simulator case", seed=1)
    args = parser.parse_args(argv)
    print(machine_line())

    report = through_the_command(args.seed)
    print(
        f"simulate --rules tien_gow --hands 200: {report['hands']} hands played, "
        f"{report['hands_per_second']:,.0f} hands/s (one process, includes start-up of the run)"
    )

    block = rules_for("block", 4)
    block_rate = best_rate(lambda n, s: simulate_hands(block, n, s).hands_per_second, args.seconds, args.seed)
    rates = {bot: best_rate(tien_gow_run(bot), args.seconds, args.seed) for bot in ("random", "greedy")}
    print(f"block for 4, random bots (reference)   {block_rate:>9,.0f} hands/s")
    for bot, rate in rates.items():
        print(
            f"tien_gow, {bot} bots{'':{22 - len(bot)}}{rate:>9,.0f} hands/s  "
            f"= {rate / block_rate:.3f} x block ({block_rate / rate:.1f} block hands per Tien Gow hand)"
        )

    state = mid_trick(args.seed)
    assert state.trick is not None
    shown = sum(len(h) for h in state.hands) + sum(len(p.tiles) for p in state.trick.plays)
    table_ms = median_ms(lambda: tien_gow_figure(state, selected=(0,), width=900, height=640))
    rng = random.Random(args.seed)
    line = deal(block, rng).state
    while sum(len(line.hand(s)) for s in range(4)) + line.table.tile_count() > shown + 2 and not line.is_over:
        line = apply(line, rng.choice(legal_moves(line)))
    board_ms = median_ms(lambda: board_figure(line, width=900, height=640))
    size = len(tien_gow_figure(state, width=900, height=640).to_json().encode()) / 1024
    print(
        f"table figure, {shown} tiles shown         median {table_ms:6.2f} ms, JSON {size:.1f} KiB  "
        f"= {table_ms / board_ms:.2f} x the block board's {board_ms:.2f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
