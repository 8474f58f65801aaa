"""The hint against exact truth: how often its best move is the best, and whether its intervals hold the truth.

Run: ``nice -n 10 python3 benchmarks/hint_truth.py [--positions N]``.

The truth comes from an independent judge, not the engine: ``tests/strategy/brute_force.py`` lists every
opponent hand that fits the record (passes rule out numbers) and solves every move on each by its own negamax
(the double-dummy average, which the review that asked for this used too). Positions are two-player block
endgames with 3 to 5 tiles a hand, half of them after a pass (``tests/strategy/truth_positions.py``).

Printed, in the same run: for the hint (the default analysis), the same analysis forced to play out (1000
playouts per move, two rollout policies), and the strong bot's budget (48 playouts, or 16 deals solved
exactly): how often the best move is the judge's best, the mean and largest win share lost, and interval
coverage: how many moves' intervals (``ci``: sampling error plus the rollout policies' disagreement) hold the
judge's value, with the sampling-only interval beside it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "strategy"))

from brute_force import double_dummy
from measure import benchmark_parser, load_average
from truth_positions import endgames, pair

from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.strategy.analysis import Analysis, analyse
from tutorial_app.strategy.bots import STRONG_PLAYOUTS
from tutorial_app.strategy.view import view_of


def _play(state: HandState, move: Move) -> tuple[tuple[int, int], int]:
    assert move.tile is not None
    return pair(move.tile), state.table.ends[0] if move.end == "left" else state.table.ends[1]


class Tally:
    def __init__(self, name: str) -> None:
        self.name = name
        self.best = 0
        self.positions = 0
        self.lost: list[float] = []
        self.covered = 0
        self.covered_sampling = 0
        self.moves = 0
        self.seconds = 0.0

    def add(
        self, analysis: Analysis, state: HandState, judged: dict[tuple[tuple[int, int], int], float], took: float
    ) -> None:
        top = max(judged.values())
        picked = judged[_play(state, analysis.best.move)]
        self.positions += 1
        self.best += picked >= top - 1e-12
        self.lost.append(top - picked)
        self.seconds += took
        for value in analysis.moves:
            truth = judged[_play(state, value.move)]
            self.moves += 1
            self.covered += abs(value.win - truth) <= value.ci + 1e-12
            self.covered_sampling += abs(value.win - truth) <= value.ci - value.spread + 1e-12

    def line(self) -> str:
        return (
            f"{self.name:28s} best {self.best}/{self.positions} ({100 * self.best / self.positions:.0f}%), "
            f"lost mean {100 * sum(self.lost) / len(self.lost):.1f} max {100 * max(self.lost):.1f} pts; "
            f"intervals hold the truth for {self.covered}/{self.moves} moves "
            f"(sampling error alone: {self.covered_sampling}/{self.moves}); "
            f"{1000 * self.seconds / self.positions:.0f} ms per position"
        )


def main(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__, seed=23)
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args(argv)
    print(
        f"two-player block endgames, 3-5 tiles a hand, {args.positions} positions, load {load_average():.1f}",
        flush=True,
    )
    tallies = {
        "hint": Tally("hint (default)"),
        "played": Tally("hint forced to play out"),
        "strong": Tally(f"strong bot's budget ({STRONG_PLAYOUTS})"),
    }
    passes = 0
    for game in endgames(args.positions, seed=args.seed, least=3, most=5):
        view = view_of(game.start, game.moves, game.state.to_move)
        judged = double_dummy(game.seen)
        passes += bool(game.seen.passes)
        for key, kwargs in (
            ("hint", {}),
            ("played", {"exact": False}),
            ("strong", {"playouts": STRONG_PLAYOUTS, "check": None}),
        ):
            started = time.perf_counter()
            analysis = analyse(view, **kwargs)
            tallies[key].add(analysis, game.state, judged, time.perf_counter() - started)
    print(f"({passes} of the positions come after a pass)")
    for tally in tallies.values():
        print(tally.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
