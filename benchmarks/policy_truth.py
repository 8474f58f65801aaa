"""Which rollout policy agrees best with exact play, above the crossover where the hint still plays out.

Run: ``nice -n 10 python3 benchmarks/policy_truth.py [--positions N]``.

For two-sided games (block for two; block for four in pairs) at sizes just above ``EXACT_TILES``, the
reference is the mean over ``--deals`` deals solved exactly (the double-dummy value, with a small sampling
error of its own). Each rollout policy ranks the same positions at the hint's budget (1000 playouts per
move, one policy): how often its best move is the reference's best, and the mean win share lost by its
pick. Printed beside them: each policy's win share in direct play against the old policy (the kernel,
20,000 deals with the sides swapped).
"""

from __future__ import annotations

import random
import sys

import numpy as np
from measure import benchmark_parser, load_average

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply_unchecked
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.strategy.analysis import DEFAULT_PLAYOUTS, analyse, candidate_moves
from tutorial_app.strategy.bots import GreedyBot, RandomBot
from tutorial_app.strategy.dealing import deal_batch
from tutorial_app.strategy.exact import EXACT_TILES, tiles_in_hands
from tutorial_app.strategy.outcome import score_batch
from tutorial_app.strategy.playout import play_batch
from tutorial_app.strategy.policy import BOT_WEIGHTS, CHECK_POLICY, HeuristicPolicy, Policy, SidePolicies
from tutorial_app.strategy.view import view_of_state

POLICIES: dict[str, Policy] = {
    "old: heaviest tile, 1 in 4 random": CHECK_POLICY,
    "heuristic, 1 in 10 random": HeuristicPolicy(0.1, BOT_WEIGHTS),
    "heuristic, 1 in 4 random": HeuristicPolicy(0.25, BOT_WEIGHTS),
    "heuristic, always its best": HeuristicPolicy(0.0, BOT_WEIGHTS),
}


def positions(
    preset: str, players: int, overrides: dict[str, object] | None, tiles: int, count: int
) -> list[HandState]:
    rules = rules_for(preset, players, overrides)
    rng = random.Random(f"policy-truth/{preset}/{players}/{tiles}")
    bots = (RandomBot(), GreedyBot())
    found: list[HandState] = []
    while len(found) < count:
        state = deal(rules, rng).state
        while not state.is_over and tiles_in_hands(state) > tiles:
            state = apply_unchecked(state, bots[rng.random() < 0.5](state, rng))
        if not state.is_over and len({m.tile for m in candidate_moves(state)}) > 1:
            found.append(state)
    return found


def head_to_head(preset: str, players: int, overrides: dict[str, object] | None, policy: Policy) -> float:
    rules = rules_for(preset, players, overrides)
    batch = deal_batch(rules, 10_000, np.random.default_rng(5))
    one = score_batch(play_batch(batch, SidePolicies((policy, CHECK_POLICY)), np.random.default_rng(6)))
    two = score_batch(play_batch(batch, SidePolicies((CHECK_POLICY, policy)), np.random.default_rng(7)))
    return float(np.concatenate([one.share[:, 0], two.share[:, 1]]).mean())


def main(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--deals", type=int, default=200, help="deals solved exactly for the reference (200)")
    args = parser.parse_args(argv)
    print(
        f"{args.positions} positions per game, reference: {args.deals} deals solved exactly; load {load_average():.1f}"
    )
    games: tuple[tuple[str, str, int, dict[str, object] | None], ...] = (
        ("block 2p", "block", 2, None),
        ("block 4p pairs", "block", 4, {"teams": "pairs"}),
    )
    for label, preset, players, overrides in games:
        tiles = EXACT_TILES[players] + 2
        states = positions(preset, players, overrides, tiles, args.positions)
        references = []
        for i, state in enumerate(states):
            view = view_of_state(state, state.to_move)
            references.append(analyse(view, seed=1000 + i, exact=True, deals=args.deals))
        print(f"{label}, {tiles} tiles in all hands:")
        for name, policy in POLICIES.items():
            hits, lost = 0, 0.0
            for i, (state, reference) in enumerate(zip(states, references, strict=True)):
                view = view_of_state(state, state.to_move)
                played = analyse(view, DEFAULT_PLAYOUTS, seed=i, policy=policy, check=None, exact=False)
                top = reference.most_wins().win
                picked = reference.value_of(played.best.move).win
                hits += picked >= top - 1e-9
                lost += top - picked
            share = head_to_head(preset, players, overrides, policy)
            print(
                f"  {name:36s} best move {hits}/{len(states)}, mean lost {100 * lost / len(states):.1f} pts; "
                f"against the old policy in play {100 * share:.1f}%",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
