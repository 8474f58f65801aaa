"""The strong bot against an independent peer, OpenSpiel's IS-MCTS, in two-player block: the same deals with
the seats swapped.

Run: ``pip install open_spiel`` (or ``pip install -e ".[bench]"``), then
``nice -n 10 python3 benchmarks/ismcts_match.py --deals 300`` (600 games; tens of minutes on a shared
machine, hours at a load of 20). ``--out FILE`` also writes every game as JSON lines (its share and each
bot's seconds per decision), so a run cut short still gives its figures.

Every deal is played twice, once with each bot in each seat. The rules core referees (``benchmarks/
openspiel_bridge.py`` keeps OpenSpiel's state in step); a game is one hand, dealt as a first hand (the
first-lead rule names the leader, who may lead any tile). The figure is the strong bot's share of the games
(a tied fish is half) with its 95 % interval, and each bot's time per decision (positions with two or more
legal moves) measured in the same run, with their ratio. Goal (issue 23): at least 60 % over 600 games, at
no more than a fifth of IS-MCTS's time per decision.

``--ceiling``: in the strong bot's seat, a player who sees every hand (``strong_vs_greedy.sees_every_hand``,
the exact solver on the whole deal) on the same deals: roughly what the hidden tiles cost against this peer
(76.2 % ± 5.8 over 200 games, seed 1, where the strong bot won 56.5 %).

``--where``: where each bot gives up win share, by the tiles left in both hands (14: the lead, 13: the reply):
at every choice, the win share its move gives up against the best move of a player who sees both hands
(the exact solver; block for two has no boneyard, so a game's share is exactly its start's value seen so,
minus the strong bot's losses, plus IS-MCTS's: printed as a check). 150 deals, seed 3 (docs/strategy.md,
"Where it loses against IS-MCTS"): the strong bot 0.412 a game, IS-MCTS 0.457.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from measure import benchmark_parser, load_average
from openspiel_bridge import PeerGame, PeerTable, core_move, ismcts_bot
from strong_vs_greedy import sees_every_hand

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.strategy.analysis import candidate_moves
from tutorial_app.strategy.bots import STRONG_MAX_DEALS, STRONG_PLAYOUTS, StrongBot
from tutorial_app.strategy.exact import solve, tiles_in_hands

Player = Callable[[HandState, random.Random], Move]
Losses = dict[tuple[str, int], list[float]]
"""``--where``: per bot ("strong", "IS-MCTS") and tiles in both hands, the win share each choice gave up."""

WIN_GOAL = 0.60
TIME_GOAL = 0.20


def given_up(state: HandState, move: Move) -> float:
    """The win share ``move`` gives up against the best move of a player who sees both hands (the mover's)."""
    values = solve(state, node_limit=5_000_000)
    chosen = next(v for m, v in values.items() if m._replace(claim=None) == move._replace(claim=None))
    return max(v.win for v in values.values()) - chosen.win


def play_game(
    start: HandState,
    strong_seat: int,
    strong: Player,
    game: PeerGame,
    simulations: int,
    seed: int,
    where: Losses | None = None,
) -> tuple[float, list[float], list[float]]:
    """One game: the strong bot's share of it, and the seconds of each bot's decisions (and, into ``where``, what
    each choice gave up)."""
    table = PeerTable(game, start)
    peer = ismcts_bot(game, simulations, seed)
    rng = random.Random(seed)
    state = start
    ours: list[float] = []
    theirs: list[float] = []
    while not state.is_over:
        choice = len(candidate_moves(state)) > 1
        started = time.perf_counter()
        if state.to_move == strong_seat:
            move = strong(state, rng)
            spent = ours
        elif candidate_moves(state)[0].tile is None:
            move = candidate_moves(state)[0]  # a pass: OpenSpiel's game skips the seat by itself
            spent = theirs
        else:
            assert table.state.current_player() == table.player(state.to_move)
            move = core_move(peer.step(table.state), state)
            spent = theirs
        if choice:
            spent.append(time.perf_counter() - started)
            if where is not None:
                who = "strong" if state.to_move == strong_seat else "IS-MCTS"
                where[who, tiles_in_hands(state)].append(given_up(state, move))
        table.follow(state, move)
        state = apply(state, move)
    result = hand_result(state)
    side = state.rules.side_of(strong_seat)
    share = (1.0 / len(result.winner_sides) if result.tie else 1.0) if side in result.winner_sides else 0.0
    return share, ours, theirs


def main(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--deals", type=int, default=300, help="deals, each played twice (default 300: 600 games)")
    parser.add_argument("--simulations", type=int, default=200, help="IS-MCTS simulations per decision (200)")
    parser.add_argument("--playouts", type=int, default=STRONG_PLAYOUTS, help="the strong bot's budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--max-deals",
        type=int,
        default=STRONG_MAX_DEALS,
        help=f"solve more deals while a decision is close, up to this many (StrongBot.max_deals; {STRONG_MAX_DEALS})",
    )
    parser.add_argument(
        "--ceiling", action="store_true", help="a player who sees every hand in the strong bot's seat (a reference)"
    )
    parser.add_argument("--out", type=Path, help="write every game as a JSON line here")
    parser.add_argument("--where", action="store_true", help="also where each bot gives up win share (see above)")
    args = parser.parse_args(argv)
    rules = rules_for("block", 2)
    game = PeerGame()
    strong: Player = StrongBot(playouts=args.playouts, first_hands=True, max_deals=args.max_deals)
    if args.ceiling:
        strong = sees_every_hand
    rng = random.Random(f"ismcts-match/{args.seed}")
    shares: list[float] = []
    ours: list[float] = []
    theirs: list[float] = []
    started = time.perf_counter()
    out = args.out.open("w", encoding="utf-8") if args.out else None
    where: Losses | None = defaultdict(list) if args.where else None
    start_values: list[float] = []
    for index in range(args.deals):
        start = deal(rules, rng).state
        for strong_seat in (0, 1):
            seed = args.seed * 1_000_003 + index * 2 + strong_seat
            share, mine, peer = play_game(start, strong_seat, strong, game, args.simulations, seed, where)
            if where is not None:
                best = max(v.win for v in solve(start, node_limit=5_000_000).values())
                start_values.append(best if start.to_move == strong_seat else 1 - best)
            shares.append(share)
            ours += mine
            theirs += peer
            if out is not None:
                line = {"deal": index, "strong_seat": strong_seat, "share": share, "strong_s": mine, "peer_s": peer}
                out.write(json.dumps(line) + "\n")
                out.flush()
        if (index + 1) % 10 == 0:
            print(f"  {index + 1} deals: strong {100 * statistics.mean(shares):.1f}%", file=sys.stderr, flush=True)
    if out is not None:
        out.close()
    mean = statistics.mean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))
    load = load_average()
    ratio = statistics.mean(ours) / statistics.mean(theirs)
    print(
        f"two-player block, {args.deals} deals x 2 seat orders = {len(shares)} games, seed {args.seed}, load {load:.1f}"
    )
    who = (
        "seeing every hand (exact solver)"
        if args.ceiling
        else f"strong bot ({args.playouts} playouts per move, endgames solved exactly)"
    )
    print(
        f"{who} against IS-MCTS "
        f"({args.simulations} simulations, random rollouts, UCT c=2): {100 * mean:.1f}% ± {100 * half:.1f} "
        f"(goal {100 * WIN_GOAL:.0f}%: {'met' if mean >= WIN_GOAL else 'NOT met'})"
    )
    print(
        f"time per decision: strong {1000 * statistics.mean(ours):.1f} ms (p95 {1000 * _p95(ours):.1f}), "
        f"IS-MCTS {1000 * statistics.mean(theirs):.1f} ms (p95 {1000 * _p95(theirs):.1f}); ratio {ratio:.3f} "
        f"(goal at most {TIME_GOAL:.2f}: {'met' if ratio <= TIME_GOAL else 'NOT met'}); "
        f"{time.perf_counter() - started:.0f} s in all"
    )
    if where is not None:
        _print_where(where, len(shares), statistics.mean(start_values), mean)
    return 0


def _print_where(where: Losses, games: int, start_value: float, share: float) -> None:
    """Per tiles in both hands: each bot's win share given up a game, and its choices that were not the best."""
    print("win share given up a game against a player who sees both hands, by tiles in both hands:")
    print("  tiles   strong (not best / choices)   IS-MCTS (not best / choices)")
    for tiles in sorted({t for _who, t in where}, reverse=True):
        row = [f"  {tiles:5d}"]
        for who in ("strong", "IS-MCTS"):
            lost = where.get((who, tiles), [])
            missed = sum(1 for x in lost if x > 1e-9)
            row.append(f"{sum(lost) / games:8.3f} ({missed:4d} / {len(lost):4d})      ")
        print("".join(row).rstrip())
    strong = sum(sum(v) for (who, _t), v in where.items() if who == "strong") / games
    peer = sum(sum(v) for (who, _t), v in where.items() if who == "IS-MCTS") / games
    print(
        f"  in all: strong {strong:.3f}, IS-MCTS {peer:.3f} a game; the start's value seeing both hands "
        f"{start_value:.3f} - {strong:.3f} + {peer:.3f} = {start_value - strong + peer:.3f}, the share {share:.3f}"
    )


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))]


if __name__ == "__main__":
    sys.exit(main())
