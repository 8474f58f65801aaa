"""Where solving each deal exactly beats playing it out: the crossover of ``exact.EXACT_TILES``.

Run: ``nice -n 10 python3 benchmarks/exact_crossover.py [--positions N]``.

For block with 2 players and with 4 in pairs (two sides: with three or more the exact search's coalition
against the mover understates its chances, so the analysis never solves those), and each number of tiles
left in all hands together, it
deals hands by the rules core, plays them with random and greedy bots down to that size, and at each
position where the mover has a choice it measures, in the same run:

- one deal solved exactly (median milliseconds),
- the hint at its budget both ways: 1000 playouts per move (two rollout policies) against
  ``exact_deals_for(1000)`` = 200 deals solved exactly (every deal when there are at most 400), in ms,
- and, where every deal that fits can be solved in reasonable time (at most 3000 deals), how often each
  way's best move is the best by that exact average (the double-dummy value), and the mean win share lost.

The crossover printed per player count is the largest size at which the exact hint takes at most as long as
the played-out one (ratio <= 1); ``EXACT_TILES`` should match it.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from measure import benchmark_parser, load_average

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply_unchecked
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.rules.tiles import ALL_TILES
from tutorial_app.strategy.analysis import DEFAULT_PLAYOUTS, analyse, candidate_moves
from tutorial_app.strategy.bots import GreedyBot, RandomBot
from tutorial_app.strategy.deals import consistent_deals
from tutorial_app.strategy.exact import EXACT_TILES, solve, tiles_in_hands
from tutorial_app.strategy.exact_deals import analyse_every_deal
from tutorial_app.strategy.inference import infer
from tutorial_app.strategy.sampler import DealSampler
from tutorial_app.strategy.view import record_start, view_of_state

TRUTH_DEALS = 3000


def positions(players: int, tiles: int, count: int, seed: int) -> list[HandState]:
    """``count`` block positions with ``tiles`` tiles (or one fewer) in all hands, the mover choosing."""
    rules = rules_for("block", players, {"teams": "pairs"} if players == 4 else None)
    rng = random.Random(seed)
    bots = (RandomBot(), GreedyBot())
    found: list[HandState] = []
    for _ in range(50 * count):
        if len(found) == count:
            break
        state = deal(rules, rng).state
        while not state.is_over and tiles_in_hands(state) > tiles:
            state = apply_unchecked(state, bots[rng.random() < 0.5](state, rng))
        moves = candidate_moves(state)
        if not state.is_over and tiles_in_hands(state) >= tiles - 1 and len({m.tile for m in moves}) > 1:
            found.append(state)
    return found


def measure(players: int, tiles: int, count: int, seed: int) -> dict[str, float] | None:
    states = positions(players, tiles, count, seed)
    if not states:
        return None
    deal_ms: list[float] = []
    playout_ms: list[float] = []
    exact_ms: list[float] = []
    hits = {"playouts": 0, "exact": 0}
    lost = {"playouts": 0.0, "exact": 0.0}
    judged = 0
    for i, state in enumerate(states):
        view = view_of_state(state, state.to_move)
        sampler = DealSampler(infer(view))
        world = sampler.sample(3, random.Random(i))
        for row in range(3):
            hands = [int(h) for h in world.hands[row]]
            whole = view.with_tiles(hands, [ALL_TILES[int(t)] for t in world.boneyards[row]])
            started = time.perf_counter()
            solve(whole)
            deal_ms.append(1000 * (time.perf_counter() - started))
        started = time.perf_counter()
        played = analyse(view, DEFAULT_PLAYOUTS, seed=i, exact=False)
        playout_ms.append(1000 * (time.perf_counter() - started))
        started = time.perf_counter()
        solved = analyse(view, DEFAULT_PLAYOUTS, seed=i, exact=True)
        exact_ms.append(1000 * (time.perf_counter() - started))
        start = record_start(state)
        deals = None if start is None else consistent_deals(start, state, state.to_move, first_hand=False)
        if deals is not None and deals.listed and len(deals.deals) <= TRUTH_DEALS:
            truth = analyse_every_deal(deals)
            top = max(v.win for v in truth.moves)
            judged += 1
            for name, analysis in (("playouts", played), ("exact", solved)):
                picked = truth.value_of(analysis.best.move).win
                hits[name] += picked >= top - 1e-9
                lost[name] += top - picked
    out = {
        "positions": float(len(states)),
        "deal_ms": statistics.median(deal_ms),
        "playout_ms": statistics.mean(playout_ms),
        "exact_ms": statistics.mean(exact_ms),
        "judged": float(judged),
    }
    if judged:
        out |= {
            "playout_hits": hits["playouts"] / judged,
            "exact_hits": hits["exact"] / judged,
            "playout_lost": lost["playouts"] / judged,
            "exact_lost": lost["exact"] / judged,
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--positions", type=int, default=8, help="positions per size (default 8)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"block, hint budget {DEFAULT_PLAYOUTS} playouts per move; load average {load_average():.1f}")
    print("players tiles | one deal ms | hint played out ms | hint exact ms | ratio | best move (exact truth) | lost")
    for players in (2, 4):
        crossover = 0
        for tiles in range(6, 7 * players + 1, 2):
            row = measure(players, tiles, args.positions, args.seed)
            if row is None:
                continue
            ratio = row["exact_ms"] / row["playout_ms"]
            if ratio <= 1.0:
                crossover = tiles
            truth = (
                f"played out {100 * row['playout_hits']:.0f}%, exact {100 * row['exact_hits']:.0f}% "
                f"of {row['judged']:.0f} | {100 * row['playout_lost']:.1f} / {100 * row['exact_lost']:.1f} pts"
                if row["judged"]
                else "(too many deals to judge)"
            )
            print(
                f"{players} {tiles:5d} | {row['deal_ms']:11.2f} | {row['playout_ms']:18.0f} | {row['exact_ms']:13.0f} "
                f"| {ratio:5.2f} | {truth}",
                flush=True,
            )
            if ratio > 4.0:
                break
        print(
            f"crossover, {players} players: exact up to {crossover} tiles in all hands (EXACT_TILES: {EXACT_TILES.get(players)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
