"""Every move's exact value over every deal a seat's view allows: the check playouts are measured against.

``analyse_every_deal(deals)`` solves each deal of ``deals.consistent_deals`` exactly with every hand
open (``exact.solve``: the best play of every seat from there on, the boneyard's next tile a chance
move) and averages each move's value over the deals, weight by weight. It is the analysis's own path
(``analysis.analyse_deals``, which the hint, the review and the strong bots take once few tiles are left),
fed with every deal proved instead of sampled ones: an ``Analysis`` with ``method: "exact_deals"``,
``every`` True, ``playouts`` the number of deals, and no sampling error (its half-widths are 0).

Only with two sides (``exact.two_sided``): with three or four the search lets the others play together
against the mover, which no table does, so ``exact_check`` says the check cannot be made.

What it measures: a move's worth if, after it, every seat played as well as it could knowing every
hand (perfect-information play averaged over what the seat cannot see). It is not the value of the
game as really played (nobody sees every hand), but it never depends on a rollout policy or on luck, so a
move that leads under the playouts and not here is a move the course should not call best.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from tutorial_app.rules.line.moves import with_claim
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.strategy.analysis import Analysis, MoveValue, analyse_deals, same_outcome
from tutorial_app.strategy.deals import EXACT_MAX_DEALS, Deals, consistent_deals
from tutorial_app.strategy.exact import DEFAULT_NODE_LIMIT, NotExact, SearchTooBig, candidate_moves, two_sided

__all__ = [
    "analyse_every_deal",
    "NotListed",
    "ExactCheck",
    "ExactStatus",
    "exact_check",
    "every_deal",
    "Lead",
    "lead_of",
]


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
    moves = [with_claim(state, m) for m in candidate_moves(state)]
    if not moves:
        raise ValueError("the hand is over: there is no move to value")
    return analyse_deals(
        view, moves, deals.worlds(), deals.weights(), every=True, total=deals.count, node_limit=node_limit
    )


ExactStatus = Literal["checked", "too_many", "too_big", "not_exact"]


@dataclass(frozen=True)
class ExactCheck:
    """The exact measure of a position from one seat's view (``exact_check``).

    ``status``: "checked" (``analysis`` holds every move's exact average), "too_many" (more deals than
    ``deals.EXACT_MAX_DEALS``), "too_big" (a deal has more lines than the exact search takes) or
    "not_exact" (the rules hide something the search cannot average over, or there are more than two
    sides: ``exact.two_sided``); ``deals`` how many deals fit
    (an upper bound when ``counted`` is False); ``reason`` says in words why it was not checked.
    """

    status: ExactStatus
    deals: int
    counted: bool
    analysis: Analysis | None = None
    reason: str = ""


@lru_cache(maxsize=512)
def every_deal(start: HandState, state: HandState, seat: int, first_hand: bool) -> Deals:
    """``deals.consistent_deals`` at the default limit, cached: a lesson's validator, its figures and its
    claims ask for the same position."""
    return consistent_deals(start, state, seat, first_hand=first_hand)


@lru_cache(maxsize=512)
def exact_check(start: HandState, state: HandState, seat: int, first_hand: bool) -> ExactCheck:
    """Every move of ``seat`` (to move in ``state``) valued exactly on every deal it cannot tell apart, or why
    that could not be done (cached). The record runs from ``start`` to ``state``; ``first_hand``: ``start``
    is a match's fresh first deal, so the first-lead rule's clue is read (see ``deals.consistent_deals``).

    The one entry point for "does this answer hold under exact play?": lessons (``lessons.check.exact``) and
    puzzles compare the moves with ``lead_of``.
    """
    if not two_sided(state):
        return ExactCheck(
            "not_exact",
            0,
            False,
            reason="more than two sides: the exact search would let the other sides play together against this one",
        )
    deals = every_deal(start, state, seat, first_hand)
    if not deals.listed:
        bound = "" if deals.counted else "up to "
        return ExactCheck(
            "too_many",
            deals.count,
            deals.counted,
            reason=f"{bound}{deals.count:,} deals fit what the seat has seen (more than {EXACT_MAX_DEALS:,})",
        )
    try:
        analysis = analyse_every_deal(deals)
    except SearchTooBig:
        return ExactCheck("too_big", deals.count, True, reason="a deal has too many lines to solve exactly")
    except NotExact as exc:
        return ExactCheck("not_exact", deals.count, True, reason=exc.reason.en)
    return ExactCheck("checked", deals.count, True, analysis)


class Lead(NamedTuple):
    """How far the moves counted as right lead every other move: the worst right move against the best
    other one (``gap`` negative when another move is better), in the ranking's first measure (win share, or
    points where All Fives ranks by points), with the 95 % half-width of that lead (0 for an exact measure)."""

    gap: float
    half_width: float
    right: MoveValue
    rival: MoveValue | None


def lead_of(analysis: Analysis, state: HandState, right: list[Move]) -> Lead:
    """How far the moves in ``right`` (and those that lead to the same place: ``same_outcome``) lead the
    others in ``analysis`` of ``state``; works alike for the playouts and for ``exact_check``'s analysis."""
    values = analysis.distinct(state)
    good = [v for v in values if any(same_outcome(state, v.move, m) for m in right)]
    others = [v for v in values if v not in good]
    if not good:
        raise ValueError("no ranked move is a right move")
    worst = good[-1]
    if not others:
        return Lead(float("inf"), 0.0, worst, None)
    rival = others[0]
    gap, half_width = analysis.lead(worst, rival)
    return Lead(gap, half_width, worst, rival)
