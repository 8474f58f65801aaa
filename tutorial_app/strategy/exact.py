"""Exact search with every hand open: who can force the win, and for how many points.

The search plays every legal move of every seat through the rules core
(``legal_moves`` and ``apply_unchecked``), remembering positions it has
solved. The mover's side maximises; every other side minimises the mover's
value (so a "win" of 1.0 is a win whatever the others do: a forced win). In a
draw game nobody knows the boneyard's order, so a draw is a chance move: every
tile (or pair, when pairs are drawn) that may come up is equally likely.

A value is (win, points): the mover's side's share of the hand and its points
less the others' average (turned round for penalties), counted from the
searched position on. Positions compare by win first, then points (All Fives:
points first, then win, as ``analysis.ranks_by_points`` says).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from tutorial_app.rules.line.moves import apply_unchecked, legal_moves, with_claim
from tutorial_app.rules.line.options import BlockedScoring
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import Action, HandState, Move, Status, Table
from tutorial_app.rules.text import Text, msg
from tutorial_app.rules.tiles import ALL_TILES, Tile
from tutorial_app.strategy.exact_line import LineTooBig, line_applies, solve_line

if TYPE_CHECKING:
    from tutorial_app.strategy.policy import Floats
    from tutorial_app.strategy.sampler import Worlds
    from tutorial_app.strategy.view import SeatView

__all__ = [
    "Value",
    "SearchTooBig",
    "NotExact",
    "solve",
    "candidate_moves",
    "DEFAULT_NODE_LIMIT",
    "EXACT_TILES",
    "two_sided",
    "exact_pays",
    "tiles_in_hands",
    "solve_deals",
]

DEFAULT_NODE_LIMIT = 60_000
_IN_PLAY = Status.IN_PLAY
_WIN_WEIGHT = 10_000.0
_INF = float("inf")
_EXACT, _LOWER, _UPPER = 0, 1, 2


class Value(NamedTuple):
    """A position's worth for one side: its share of the hand and its net points from here on."""

    win: float
    points: float

    def key(self, by_points: bool = False) -> float:
        """Win first, then points (``by_points``: points first, as All Fives is ranked)."""
        if by_points:
            return self.points * _WIN_WEIGHT + self.win
        return self.win * _WIN_WEIGHT + self.points


class SearchTooBig(Exception):
    """The position has more lines than the node limit allows."""


class NotExact(Exception):
    """The rules hide something the search cannot average over; ``reason`` says what."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason


def _table_key(table: Table, shaped: bool) -> object:
    if not shaped:
        return table.ends
    arms = tuple((arm[-1].tile.is_double, arm[-1].closed) if arm else None for arm in table.arms)
    return table.ends, table.spinner, table.centre.lo if table.centre is not None else -1, arms


class _Search:
    def __init__(self, root: HandState, node_limit: int) -> None:
        rules = root.rules
        self.rules = rules
        self.side = rules.side_of(root.to_move)
        self.sides = rules.sides
        self.shaped = rules.spinner_layout or rules.fives_scoring
        self.fish_matters = rules.blocked_scoring is BlockedScoring.GOAT_BLOCK
        self.memo: dict[object, tuple[Value, int]] = {}
        self.nodes = 0
        self.node_limit = node_limit
        self.by_points = rules.fives_scoring
        self.shift = _WIN_WEIGHT if self.by_points else 1.0
        """How far a move's points move the comparison key."""

    def key(self, state: HandState) -> object:
        boneyard = 0
        for tile in state.boneyard:
            boneyard |= tile.bit
        fish = state.last_move_by if self.fish_matters else -1
        return (
            state.hands,
            boneyard,
            state.to_move,
            _table_key(state.table, self.shaped),
            state.drawn,
            state.doubles_run,
            fish,
        )

    def terminal(self, state: HandState) -> Value:
        result = hand_result(state)
        winners = result.winner_sides
        win = (1.0 / len(winners) if result.tie else 1.0) if self.side in winners else 0.0
        return Value(win, self.net(result.points))

    def net(self, points: Sequence[int]) -> float:
        others = (sum(points) - points[self.side]) / max(self.sides - 1, 1)
        net = points[self.side] - others
        return -net if self.rules.is_penalty_scoring else net

    def step(self, state: HandState, after: HandState) -> float:
        """Net points of the move that led from ``state`` to ``after`` (All Fives)."""
        scored = after.trail.points if after.trail is not None else 0
        if not scored:
            return 0.0
        points = [0] * self.sides
        points[self.rules.side_of(state.to_move)] = scored
        return self.net(points)

    def child(self, state: HandState, move: Move, alpha: float = -_INF, beta: float = _INF) -> Value:
        after = apply_unchecked(state, move)
        step = self.step(state, after)
        value = self.value(after, alpha - step * self.shift, beta - step * self.shift)
        return Value(value.win, value.points + step)

    def draws(self, state: HandState) -> list[HandState]:
        """Every boneyard order that matters for the next draw, each as likely as the others."""
        pile = state.boneyard
        if self.rules.reserve and len(pile) > 0:
            raise NotExact(msg("the reserve's tiles are unknown, so which tiles can still be drawn is a guess"))
        if self.rules.pairs_draw and len(pile) >= 2:
            return [self._on_top(state, pair) for pair in combinations(pile, 2)]
        return [self._on_top(state, (tile,)) for tile in pile]

    @staticmethod
    def _on_top(state: HandState, top: tuple[Tile, ...]) -> HandState:
        rest = tuple(t for t in state.boneyard if t not in top)
        return state._replace(boneyard=(*top, *rest))

    def value(self, state: HandState, alpha: float = -_INF, beta: float = _INF) -> Value:
        """The position's value, exact when it lies inside (alpha, beta), else a bound on the right side."""
        if state.status is not _IN_PLAY:
            return self.terminal(state)
        key = self.key(state)
        found = self.memo.get(key)
        if found is not None:
            value, bound = found
            key_of = value.key(self.by_points)
            if bound == _EXACT or (bound == _LOWER and key_of >= beta) or (bound == _UPPER and key_of <= alpha):
                return value
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchTooBig
        moves = [with_claim(state, m) for m in legal_moves(state) if m.action is not Action.MUGGINS]
        if moves[0].action is Action.DRAW:
            values = [self.child(order, moves[0]) for order in self.draws(state)]
            value = Value(sum(v.win for v in values) / len(values), sum(v.points for v in values) / len(values))
            self.memo[key] = (value, _EXACT)
            return value
        value = self._best(state, moves, alpha, beta)
        key_of = value.key(self.by_points)
        bound = _UPPER if key_of <= alpha else _LOWER if key_of >= beta else _EXACT
        self.memo[key] = (value, bound)
        return value

    def _best(self, state: HandState, moves: list[Move], alpha: float, beta: float) -> Value:
        """Alpha-beta over the moves: the mover's side maximises, the others minimise."""
        mine = self.rules.side_of(state.to_move) == self.side
        # heaviest tiles first: the usual best move, so the window closes early
        moves.sort(key=lambda m: -(m.tile.pips if m.tile is not None else -1))
        best: Value | None = None
        for move in moves:
            value = self.child(state, move, alpha, beta)
            key_of = value.key(self.by_points)
            if best is None or (key_of > best.key(self.by_points) if mine else key_of < best.key(self.by_points)):
                best = value
            if mine:
                alpha = max(alpha, key_of)
            else:
                beta = min(beta, key_of)
            if alpha >= beta:
                break
        assert best is not None
        return best


def candidate_moves(state: HandState) -> list[Move]:
    """The moves the analysis ranks: every legal move but a Muggins call (always worth making at once)."""
    return [m for m in legal_moves(state) if m.action is not Action.MUGGINS]


def solve(
    state: HandState, node_limit: int = DEFAULT_NODE_LIMIT, fast: bool = True, greedy: int = 0
) -> dict[Move, Value]:
    """The exact value of every legal move of the side to move (raises SearchTooBig or NotExact).

    A draw at the root is averaged over the boneyard like any other draw. A line with nothing left to draw
    is searched by ``exact_line``'s fast path unless ``fast`` is False (the tests hold the two together).
    ``greedy``: seats (a bit each) taken to lay the heaviest tile that fits, not their best (an opponent
    model's reading; the fast path only: elsewhere every seat plays its best).
    """
    search = _Search(state, node_limit)
    if fast and line_applies(state):
        try:
            return {m: Value(*v) for m, v in solve_line(state, search.terminal, node_limit, greedy).items()}
        except LineTooBig:
            raise SearchTooBig from None
    moves = [with_claim(state, m) for m in candidate_moves(state)]
    if moves and moves[0].action is Action.DRAW:
        return {moves[0]: search.value(state)}
    return {move: search.child(state, move) for move in moves}


# -- each deal of a seat's view solved: the one exact-per-deal path (PIMC-exact) --------------------------

EXACT_TILES: dict[int, int] = {2: 12, 4: 14}
"""Per number of players: the most tiles in all hands together at which the analysis solves each deal instead
of playing it out. Measured (``benchmarks/exact_crossover.py``): at these sizes one exact deal costs about a
millisecond, so 200 deals take about as long as the hint's 1000 playouts per move, and the answer agrees with
the exact truth far more often."""


def two_sided(state: HandState) -> bool:
    """Whether the search's values are a table's values: two sides (two players, or four in pairs).

    The search lets every other side play against the mover's. Against one opposing side that is the game;
    with three or four sides it makes a coalition no table has and understates the mover's chances (a 45 %
    move comes out near 9 %), so a value per deal is only taken with two sides.
    """
    return state.rules.sides == 2


def tiles_in_hands(state: HandState) -> int:
    """How many tiles all the hands hold together (the size that decides what an exact solve costs)."""
    return sum(bin(hand).count("1") for hand in state.hands)


def exact_pays(view: SeatView) -> bool:
    """Whether the analysis should solve each deal instead of playing it out (see ``EXACT_TILES``): two sides
    (``two_sided``), the fast line search applies (a line, nothing left to draw: ``exact_line.line_applies``)
    and the hands, counted by the view's sizes, are small enough."""
    state = view.state
    limit = EXACT_TILES.get(state.rules.players, 0)
    return two_sided(state) and line_applies(state) and sum(view.hand_sizes) <= limit


def solve_deals(
    view: SeatView, worlds: Worlds, moves: Sequence[Move], node_limit: int = DEFAULT_NODE_LIMIT
) -> tuple[Floats, Floats]:
    """Every deal of ``worlds`` (the hidden tiles placed, as the sampler or ``deals.Deals.worlds`` give them)
    solved with every hand open, for each of ``moves`` (the seat's candidates): (wins, nets), each (moves,
    deals); a seat ``worlds.greedy`` names for a deal lays its heaviest tile there. The hint, the review, the strong bots and the exact check all value deals here. Raises
    ``SearchTooBig`` when a deal needs more than ``node_limit`` positions, ``NotExact`` for a hidden reserve."""
    deals = len(worlds.hands)
    wins = np.empty((len(moves), deals))
    nets = np.empty((len(moves), deals))
    plain = [m._replace(claim=None) for m in moves]
    for column in range(deals):
        hands = [int(h) for h in worlds.hands[column]]
        boneyard = [ALL_TILES[int(i)] for i in worlds.boneyards[column]]
        greedy = int(worlds.greedy[column]) if worlds.greedy is not None else 0
        solved = solve(view.with_tiles(hands, boneyard), node_limit, greedy=greedy)
        by_move = {m._replace(claim=None): v for m, v in solved.items()}
        for row, move in enumerate(plain):
            value = by_move[move]
            wins[row, column] = value.win
            nets[row, column] = value.points
    return wins, nets
