"""The exact value of each move over deals: every deal of the hidden tiles solved with all hands open.

This is how the analysis ranks moves once few tiles are left ("PIMC-exact":
perfect-information Monte Carlo, each sampled deal solved exactly instead of
played out). A rollout policy plays both sides by a rule of thumb, and its
bias does not shrink with more playouts; an exact solve of a deal has no
bias of its own, so the average over deals is the double-dummy value: what
each move is worth if, after it, every player played perfectly with the
hands face up. (That is a little optimistic for the side that cannot see,
"strategy fusion"; the review that asked for this measured it small.)

Reuse it: ``every_deal_values(view)`` solves every deal that agrees with what
a seat has seen (a lesson validator proving a "which move is best?" answer);
``solve_deals(view, worlds, moves)`` solves the deals you give it. The
crossover, where solving beats playing out, is ``exact_pays``; measured by
``benchmarks/exact_crossover.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.tiles import ALL_TILES
from tutorial_app.strategy.exact import DEFAULT_NODE_LIMIT, candidate_moves, solve
from tutorial_app.strategy.exact_line import line_applies
from tutorial_app.strategy.inference import infer
from tutorial_app.strategy.policy import Floats
from tutorial_app.strategy.sampler import DealSampler, Worlds
from tutorial_app.strategy.view import SeatView

__all__ = [
    "DealValues",
    "TooManyDeals",
    "EXACT_TILES",
    "DEAL_NODE_LIMIT",
    "exact_pays",
    "tiles_in_hands",
    "solve_deals",
    "every_deal_values",
]

EXACT_TILES: dict[int, int] = {2: 12, 4: 14}
"""Per number of players: the most tiles in all hands together at which a deal is solved instead of played
out. Measured (``benchmarks/exact_crossover.py``): at these sizes one exact deal costs about a millisecond,
so 200 deals take about as long as the hint's 1000 playouts per move, and the answer agrees with the exact
truth far more often."""
DEAL_NODE_LIMIT = DEFAULT_NODE_LIMIT
"""Positions one deal may search before the analysis gives up solving and plays out instead."""


class TooManyDeals(ValueError):
    """More deals agree with the record than the caller allowed to solve."""


@dataclass(frozen=True)
class DealValues:
    """Every move's exact value on every deal: ``wins`` and ``nets`` are (moves, deals), in ``moves`` order.

    ``every``: the deals are every deal that agrees with the record (``total`` of them), so their mean is
    the exact double-dummy value with no sampling error; else ``total`` counts the deals they were drawn from.
    """

    moves: tuple[Move, ...]
    wins: Floats
    nets: Floats
    every: bool
    total: int

    def win(self, move: Move) -> float:
        """A move's mean win share over the deals."""
        return float(self.wins[self._row(move)].mean())

    def points(self, move: Move) -> float:
        """A move's mean net points over the deals."""
        return float(self.nets[self._row(move)].mean())

    def _row(self, move: Move) -> int:
        plain = move._replace(claim=None)
        for row, known in enumerate(self.moves):
            if known._replace(claim=None) == plain:
                return row
        raise KeyError(f"{move} is not a legal move here")


def tiles_in_hands(state: HandState) -> int:
    """How many tiles all the hands hold together (the size that decides what an exact solve costs)."""
    return sum(bin(hand).count("1") for hand in state.hands)


def exact_pays(view: SeatView) -> bool:
    """Whether the analysis should solve each deal instead of playing it out (see ``EXACT_TILES``).

    Only where the fast exact search applies: a line, nothing left to draw
    (``exact_line.line_applies``); the hidden hands are counted by the view's sizes. Only with two sides
    (two players, or four in pairs): the exact search lets every other side play against the mover's, which
    is right for one opponent side but, with three or four, makes a coalition no table has and understates
    the mover's chances (a 45 % move comes out near 9 %).
    """
    state = view.state
    limit = EXACT_TILES.get(state.rules.players, 0)
    return state.rules.sides == 2 and line_applies(state) and sum(view.hand_sizes) <= limit


def solve_deals(
    view: SeatView, worlds: Worlds, moves: list[Move], node_limit: int = DEAL_NODE_LIMIT
) -> tuple[Floats, Floats]:
    """Solve every deal of ``worlds`` exactly for ``moves`` (the seat's candidates): (wins, nets), each
    (moves, deals). Raises ``exact.SearchTooBig`` when a deal needs more than ``node_limit`` positions."""
    deals = len(worlds.hands)
    wins = np.empty((len(moves), deals))
    nets = np.empty((len(moves), deals))
    plain = [m._replace(claim=None) for m in moves]
    for column in range(deals):
        hands = [int(h) for h in worlds.hands[column]]
        boneyard = [ALL_TILES[int(i)] for i in worlds.boneyards[column]]
        solved = solve(view.with_tiles(hands, boneyard), node_limit)
        by_move = {m._replace(claim=None): v for m, v in solved.items()}
        for row, move in enumerate(plain):
            value = by_move[move]
            wins[row, column] = value.win
            nets[row, column] = value.points
    return wins, nets


def every_deal_values(view: SeatView, max_deals: int = 5000, node_limit: int = DEAL_NODE_LIMIT) -> DealValues:
    """The exact value of every legal move of ``view.seat`` (to move), averaged over every deal of the hidden
    tiles that agrees with what the seat has seen (passes, draws, the first lead's clue).

    Raises ``TooManyDeals`` when more than ``max_deals`` deals agree, ``exact.SearchTooBig`` when one deal
    is too big to solve, ``exact.NotExact`` when the rules hide something no deal settles (a reserve).
    """
    sampler = DealSampler(infer(view))
    if sampler.total > max_deals:
        raise TooManyDeals(f"{sampler.total:,} deals agree with the record (at most {max_deals:,} are solved)")
    moves = candidate_moves(view.state)
    worlds = sampler.every(random.Random(0))
    wins, nets = solve_deals(view, worlds, moves, node_limit)
    return DealValues(tuple(moves), wins, nets, True, sampler.total)
