"""The line that shows why a wrong answer loses: one deal the player's view allows, played on with best play.

Why one deal and not "the" truth: the player cannot see the hidden tiles, so
no single continuation is what will happen. The proof solved every deal
that agrees with the player's view; among them the line picks the one where
the wrong move does worst against the best (the real deal of the mined game
when it shows the difference), and every seat then plays that deal's exact
best move to the end of the hand (or a dozen moves), the opponents' replies
included. The page says it is one possible deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from tutorial_app.puzzles.proof import DEAL_NODE_LIMIT, Deal, Proof
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.state import HandState, Move, Status
from tutorial_app.strategy.exact import NotExact, SearchTooBig, solve

__all__ = ["MAX_LINE", "Line", "refutation", "best_line", "played_on"]

MAX_LINE = 12
"""The most moves a refutation plays (the wrong move included); most end the hand sooner."""


class Line(NamedTuple):
    """A wrong move played on one consistent ``deal``: ``moves`` begin with the wrong move itself."""

    deal: Deal
    moves: tuple[Move, ...]


def best_line(
    state: HandState, first: Move, max_moves: int = MAX_LINE, node_limit: int = DEAL_NODE_LIMIT
) -> tuple[Move, ...]:
    """``first``, then every seat's exact best move with every hand open (``played_on``), until the hand ends or
    ``max_moves``."""
    return (first, *played_on(apply(state, first), max_moves - 1, node_limit))


def played_on(state: HandState, max_moves: int | None = None, node_limit: int = DEAL_NODE_LIMIT) -> tuple[Move, ...]:
    """Every seat's exact best move with every hand open, from ``state`` until the hand ends (or ``max_moves``).

    A draw takes the boneyard's top tile as it lies (the exact search averaged
    over its order to value the moves; the line has to show one order). The
    line stops early where a position needs more than ``node_limit`` positions.
    """
    by_points = state.rules.fives_scoring
    line: list[Move] = []
    while state.status is Status.IN_PLAY and (max_moves is None or len(line) < max_moves):
        try:
            values = solve(state, node_limit)
        except (SearchTooBig, NotExact):
            break  # the line stops where exact play is out of reach (rare: the deal itself was solved)
        move = max(values, key=lambda m: values[m].key(by_points))
        line.append(move)
        state = apply(state, move)
    return tuple(line)


def _chosen_deal(proof: Proof, wrong: int, actual: Deal | None) -> int:
    """The index of the deal the line is played on: the real one when the wrong move does worse there, else
    the deal where it does worst against the best move (the first such, so the choice is reproducible)."""
    measure = proof.exact_points if proof.points_first else proof.exact_win
    worse = measure[0] - measure[wrong]
    if actual is not None:
        for index, deal in enumerate(proof.deals):
            if deal == actual and worse[index] > 0:
                return index
    return int(np.argmax(worse))


def refutation(proof: Proof, wrong: int, actual: Deal | None = None) -> Line:
    """The line for ranked move ``wrong`` (an index into ``proof.ranked``, not 0)."""
    if not 0 < wrong < len(proof.ranked):
        raise ValueError(f"move {wrong} is not one of the wrong moves (1 to {len(proof.ranked) - 1})")
    deal = proof.deals[_chosen_deal(proof, wrong, actual)]
    state = proof.view.with_tiles(deal.hands, deal.boneyard)
    return Line(deal, best_line(state, proof.ranked[wrong].move))


def played_states(state: HandState, moves: Sequence[Move]) -> list[HandState]:
    """The position after each move of a line (checked by the rules core)."""
    out = []
    for move in moves:
        state = apply(state, move)
        out.append(state)
    return out
