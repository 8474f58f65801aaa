"""The line that shows why a wrong answer loses: one deal the player's view allows, played on with best play.

Why one deal and not "the" truth: the player cannot see the hidden tiles, so
no single continuation is what will happen. The proof solved every deal
that agrees with the player's view; among them the line picks the one where
the wrong move does worst against the best (the real deal of the mined game
when it shows the difference), and every seat then plays that deal's exact
best move to the end of the hand (or a dozen moves), the opponents' replies
included. The page says it is one possible deal.

Why the lines are played too, where tiles are drawn: the exact values
average over the boneyard's order, but a line draws the tiles as they lie,
so on the deal where the wrong move does worst by the values the best move
played as shown may come out behind it (2 of the 2,311 shipped lines did). The
deal taken is the first, in the order above, where it does not
(``realised_lead``); only where every deal has it behind is the values' own
choice kept, and the page says the wrong move happens to come out ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from tutorial_app.puzzles.proof import DEAL_NODE_LIMIT, Deal, Proof
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import HandState, Move, Status
from tutorial_app.strategy.exact import NotExact, SearchTooBig, solve

__all__ = ["MAX_LINE", "Line", "refutation", "best_line", "played_on", "realised_lead", "side_net"]

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


def side_net(end: HandState, seat: int) -> float:
    """What a finished hand is worth to ``seat``'s side: everything it writes (the end's points and the points
    scored by moves) less what the other side writes (the others' average with more than two sides, as the
    exact search counts it); penalties count the other way round."""
    rules = end.rules
    result = hand_result(end)
    side = rules.side_of(seat)
    others = [result.total(s) for s in range(rules.sides) if s != side]
    net = result.total(side) - sum(others) / len(others)
    return -net if rules.is_penalty_scoring else net


def realised_lead(state: HandState, best: Move, wrong: Move, node_limit: int = DEAL_NODE_LIMIT) -> float | None:
    """What ``best`` gains over ``wrong`` in the mover's side's net (``side_net``) when each is played on
    (``played_on``, the tiles drawn as they lie) to the hand's end; None where exact play cannot reach the end."""
    seat = state.to_move
    nets = []
    for move in (best, wrong):
        end = apply(state, move)
        for reply in played_on(end, node_limit=node_limit):
            end = apply(end, reply)
        if end.status is Status.IN_PLAY:
            return None
        nets.append(side_net(end, seat))
    return nets[0] - nets[1]


def _chosen_deal(proof: Proof, wrong: int, actual: Deal | None) -> int:
    """The index of the deal the line is played on.

    The deals where the wrong move does worse than the best by the exact values, in order: the real one first,
    then the others by how much worse, the first of equals first (so the choice is reproducible). Where tiles
    may be drawn, the first of them on which the best move played on also comes out ahead (``realised_lead``);
    the first of them when none does, or nothing is drawn (the lines then realise the exact values).
    """
    measure = proof.exact_points if proof.points_first else proof.exact_win
    worse = measure[0] - measure[wrong]
    real = [i for i, deal in enumerate(proof.deals) if deal == actual and worse[i] > 0][:1]
    order = real + [int(i) for i in np.argsort(-worse, kind="stable") if worse[i] > 0 and i not in real]
    if not order:
        return int(np.argmax(worse))
    if proof.view.state.drawable() == 0:
        return order[0]
    best, played = proof.ranked[0].move, proof.ranked[wrong].move
    for index in order:
        deal = proof.deals[index]
        lead = realised_lead(proof.view.with_tiles(deal.hands, deal.boneyard), best, played)
        if lead is not None and lead > 0:
            return index
    return order[0]


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
