"""Every move's exact value over every deal a seat's view allows: the check playouts are measured against.

``analyse_every_deal(deals)`` solves each deal of ``deals.consistent_deals`` exactly with every hand
open (``exact.solve``: the best play of every seat from there on, the boneyard's next tile a chance
move) and averages each move's value over the deals, weight by weight. The result is an ``Analysis``
like the playouts' (``method: "every_deal"``, ``playouts``: the number of deals), ranked the same way,
with no sampling error (its half-widths are 0).

What it measures: a move's worth if, after it, every seat played as well as it could knowing every
hand (perfect-information play averaged over what the seat cannot see). It is not the value of the
game as really played (nobody sees every hand), but it never depends on a rollout policy or on luck, so a
move that leads under the playouts and not here is a move the course should not call best.
"""

from __future__ import annotations

import numpy as np

from tutorial_app.rules.moves import legal_moves, with_claim
from tutorial_app.rules.state import Action, Move
from tutorial_app.strategy.analysis import Analysis, MoveValue, rank_values, ranks_by_points
from tutorial_app.strategy.deals import Deals
from tutorial_app.strategy.exact import DEFAULT_NODE_LIMIT, solve

__all__ = ["analyse_every_deal", "NotListed"]


class NotListed(ValueError):
    """The deals were too many to list (``Deals.listed`` is False): nothing to average."""


def analyse_every_deal(deals: Deals, node_limit: int = DEFAULT_NODE_LIMIT) -> Analysis:
    """Every legal move of the seat to move, valued exactly on every deal and averaged (see the module).

    Raises ``NotListed`` when the deals were too many, ``exact.SearchTooBig`` when one deal has more
    lines than ``node_limit`` and ``exact.NotExact`` when the rules hide something the search cannot
    average over (a reserve).
    """
    if not deals.listed:
        raise NotListed(f"more than {deals.limit:,} deals fit what the seat has seen ({deals.count:,})")
    view = deals.view
    state = view.state
    if view.seat != state.to_move:
        raise ValueError(f"seat {view.seat} is not to move (seat {state.to_move} is)")
    moves = [with_claim(state, m) for m in legal_moves(state) if m.action is not Action.MUGGINS]
    if not moves:
        raise ValueError("the hand is over: there is no move to value")
    totals = {_plain(m): [0.0, 0.0] for m in moves}
    weight = 0
    for deal in deals.deals:
        solved = solve(deals.state_of(deal), node_limit)
        weight += deal.weight
        for move, value in solved.items():
            total = totals[_plain(move)]
            total[0] += deal.weight * value.win
            total[1] += deal.weight * value.points
    empty = np.zeros(0)
    values = [
        MoveValue(move, totals[_plain(move)][0] / weight, totals[_plain(move)][1] / weight, 0.0, 0.0, empty, empty)
        for move in moves
    ]
    by_points = ranks_by_points(state.rules)
    side = state.rules.side_of(state.to_move)
    return Analysis(
        view.seat, side, rank_values(values, by_points), len(deals.deals), "every_deal", None, None, by_points
    )


def _plain(move: Move) -> Move:
    return move._replace(claim=None)
