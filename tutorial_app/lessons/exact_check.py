"""The exact-play check of a lesson's "best move": the answer must lead on every deal the learner cannot
tell apart, solved exactly, as well as under the playouts.

Why a second measure: the playouts (``strategy_quiz``) play every seat by a rollout policy, so a lead can
come from the policy rather than the position: two moves that transpose into the same position under best
play can differ by 10 points there. Where the deals that agree with what the learner has seen are few
enough (``deals.EXACT_MAX_DEALS``), each one is solved exactly (``exact_deals.analyse_every_deal``) and
the answer must lead every other move on that average too, by ``EXACT_MIN_WIN_LEAD`` of win share
(``EXACT_MIN_POINTS_LEAD`` points where All Fives ranks by points). Where they are too many, or a deal is too
big to solve, the check is not made and ``lessons stats`` says so for that question.

``exact_check(scene, viewer)`` is the one entry point (cached: the validator, the figures and the puzzles
ask for the same position); ``lead_problem`` turns it into the validator's message.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from tutorial_app.lessons.scenes import Scene
from tutorial_app.rules.state import HandState, Move
from tutorial_app.strategy.analysis import Analysis, MoveValue, same_outcome
from tutorial_app.strategy.deals import EXACT_MAX_DEALS, Deals, consistent_deals
from tutorial_app.strategy.exact import NotExact, SearchTooBig
from tutorial_app.strategy.exact_deals import analyse_every_deal

__all__ = [
    "EXACT_MIN_WIN_LEAD",
    "EXACT_MIN_POINTS_LEAD",
    "ExactCheck",
    "ExactStatus",
    "Lead",
    "learner_deals",
    "exact_check",
    "lead_of",
    "lead_problem",
    "is_first_hand",
]

EXACT_MIN_WIN_LEAD = 0.03
"""A best move's least lead in win share under exact play (3 percentage points). Why smaller than the
playouts' 5: an exact average has no sampling error; the margin only has to keep out ties and moves that
transpose into the same position (95.8 % against 95.2 % is one move, not two)."""
EXACT_MIN_POINTS_LEAD = 1.0
"""...or, where moves are ranked by points (All Fives), this many points."""

ExactStatus = Literal["checked", "too_many", "too_big", "not_exact"]


@dataclass(frozen=True)
class ExactCheck:
    """The exact measure of a position from the learner's view.

    ``status``: "checked" (``analysis`` holds every move's exact average), "too_many" (more deals than
    ``deals.EXACT_MAX_DEALS``), "too_big" (a deal has more lines than the exact search takes) or
    "not_exact" (the rules hide something the search cannot average over); ``deals`` how many deals fit
    (an upper bound when ``counted`` is False); ``reason`` says in words why it was not checked.
    """

    status: ExactStatus
    deals: int
    counted: bool
    analysis: Analysis | None = None
    reason: str = ""


class Lead(NamedTuple):
    """How far the moves a step counts as right lead every other move: the worst right move against the
    best other one (``gap`` negative when another move is better), in the ranking's first measure, with
    the 95 % half-width of that lead (0 for an exact measure)."""

    gap: float
    half_width: float
    right: MoveValue
    rival: MoveValue | None


def is_first_hand(scene: Scene) -> bool:
    """Whether the scene's record begins at a match's first lead (the first-lead rule named the leader)."""
    return scene.before.table.is_empty and not scene.later


def learner_deals(scene: Scene, viewer: int) -> Deals:
    """Every deal the learner (``viewer``) cannot tell from the real one in ``scene`` (cached)."""
    return _deals(scene.before, scene.state, viewer, is_first_hand(scene))


@lru_cache(maxsize=512)
def _deals(start: HandState, state: HandState, seat: int, first_hand: bool) -> Deals:
    return consistent_deals(start, state, seat, first_hand=first_hand)


def exact_check(scene: Scene, viewer: int) -> ExactCheck:
    """Every move of the learner valued exactly on every deal the learner cannot tell apart (cached)."""
    return _exact(scene.before, scene.state, viewer, is_first_hand(scene))


@lru_cache(maxsize=512)
def _exact(start: HandState, state: HandState, seat: int, first_hand: bool) -> ExactCheck:
    deals = _deals(start, state, seat, first_hand)
    if not deals.listed:
        bound = "" if deals.counted else "up to "
        return ExactCheck(
            "too_many",
            deals.count,
            deals.counted,
            reason=f"{bound}{deals.count:,} deals fit what the learner has seen (more than {EXACT_MAX_DEALS:,})",
        )
    try:
        analysis = analyse_every_deal(deals)
    except SearchTooBig:
        return ExactCheck("too_big", deals.count, True, reason="a deal has too many lines to solve exactly")
    except NotExact as exc:
        return ExactCheck("not_exact", deals.count, True, reason=exc.reason.en)
    return ExactCheck("checked", deals.count, True, analysis)


def lead_of(analysis: Analysis, state: HandState, right: list[Move]) -> Lead:
    """How far the moves reaching a step's answer (``right``) lead the others in ``analysis``."""
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


def _least(analysis: Analysis) -> float:
    return EXACT_MIN_POINTS_LEAD if analysis.points_first else EXACT_MIN_WIN_LEAD


def _shown(analysis: Analysis, value: MoveValue) -> str:
    if analysis.points_first:
        return f"{value.points:+.1f} points"
    return f"{100 * value.win:.1f}%"


def lead_problem(scene: Scene, viewer: int, right: list[Move]) -> str | None:
    """Why the exact measure does not back the step's answer (None: it does, or it could not be made)."""
    check = exact_check(scene, viewer)
    if check.analysis is None:
        return None
    analysis = check.analysis
    lead = lead_of(analysis, scene.state, right)
    if lead.rival is None or lead.gap >= _least(analysis):
        return None
    least = (
        f"{EXACT_MIN_POINTS_LEAD:g} points"
        if analysis.points_first
        else f"{100 * EXACT_MIN_WIN_LEAD:g} percentage points"
    )
    unit = "points" if analysis.points_first else "percentage points"
    size = abs(lead.gap) if analysis.points_first else 100 * abs(lead.gap)
    compared = "is behind" if lead.gap < 0 else "leads"
    return (
        f"under exact play on all {check.deals:,} deals the learner cannot tell apart, {_key(lead.right.move)} "
        f"{compared} {_key(lead.rival.move)} by {'only ' if lead.gap >= 0 else ''}{size:.1f} {unit} "
        f"({_shown(analysis, lead.right)} against {_shown(analysis, lead.rival)}); a best move must lead every "
        f"other by at least {least} there too (change the position so one move is clearly best)"
    )


def _key(move: Move) -> str:
    return str(move._replace(claim=None))
