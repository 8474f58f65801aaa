"""The exact-play check of a lesson's "best move": the answer must lead on every deal the learner cannot
tell apart, solved exactly, as well as under the playouts.

Why a second measure: the playouts (``strategy_quiz``) play every seat by a rollout policy, so a lead can
come from the policy rather than the position: two moves that transpose into the same position under best
play can differ by 10 points there. Where the deals that agree with what the learner has seen are few
enough (``deals.EXACT_MAX_DEALS``), each one is solved exactly (``exact_deals.analyse_every_deal``) and
the answer must lead every other move on that average too, by ``EXACT_MIN_WIN_LEAD`` of win share
(``EXACT_MIN_POINTS_LEAD`` points where All Fives ranks by points). Where they are too many, or a deal is too
big to solve, the check is not made and ``lessons stats`` says so for that question.

``exact_check(scene, viewer)`` reads a lesson's scene into ``strategy.exact_deals.exact_check`` (the entry
point for anything that is not a lesson, like puzzles); ``lead_problem`` turns it into the validator's message.
"""

from __future__ import annotations

from tutorial_app.lessons.format.scenes import Scene
from tutorial_app.rules.line.state import Move
from tutorial_app.rules.text import Text, msg
from tutorial_app.strategy.analysis import Analysis, MoveValue
from tutorial_app.strategy.deals import Deals
from tutorial_app.strategy.exact_deals import ExactCheck, every_deal, lead_of
from tutorial_app.strategy.exact_deals import exact_check as position_check

__all__ = [
    "EXACT_MIN_WIN_LEAD",
    "EXACT_MIN_POINTS_LEAD",
    "learner_deals",
    "exact_check",
    "lead_problem",
]

EXACT_MIN_WIN_LEAD = 0.03
"""A best move's least lead in win share under exact play (3 percentage points). Why smaller than the
playouts' 5: an exact average has no sampling error; the margin only has to keep out ties and moves that
transpose into the same position (95.8 % against 95.2 % is one move, not two)."""
EXACT_MIN_POINTS_LEAD = 1.0
"""...or, where moves are ranked by points (All Fives), this many points."""


def learner_deals(scene: Scene, viewer: int) -> Deals:
    """Every deal the learner (``viewer``) cannot tell from the real one in ``scene`` (cached)."""
    return every_deal(scene.before, scene.state, viewer, scene.first_hand)


def exact_check(scene: Scene, viewer: int) -> ExactCheck:
    """Every move of the learner valued exactly on every deal the learner cannot tell apart (cached)."""
    return position_check(scene.before, scene.state, viewer, scene.first_hand)


def _least(analysis: Analysis) -> float:
    return EXACT_MIN_POINTS_LEAD if analysis.points_first else EXACT_MIN_WIN_LEAD


def _shown(analysis: Analysis, value: MoveValue) -> Text:
    if analysis.points_first:
        return msg("{points:+.1f} points", points=value.points)
    return msg("{share:.1f}%", share=100 * value.win)


def lead_problem(scene: Scene, viewer: int, right: list[Move]) -> Text | None:
    """Why the exact measure does not back the step's answer (None: it does, or it could not be made)."""
    check = exact_check(scene, viewer)
    if check.analysis is None:
        return None
    analysis = check.analysis
    lead = lead_of(analysis, scene.state, right)
    if lead.rival is None or lead.gap >= _least(analysis):
        return None
    least = (
        msg("{least:g} points", least=EXACT_MIN_POINTS_LEAD)
        if analysis.points_first
        else msg("{least:g} percentage points", least=100 * EXACT_MIN_WIN_LEAD)
    )
    size = abs(lead.gap) if analysis.points_first else 100 * abs(lead.gap)
    gap = (
        (
            msg("{size:.1f} points", size=size)
            if analysis.points_first
            else msg("{size:.1f} percentage points", size=size)
        )
        if lead.gap < 0
        else (
            msg("only {size:.1f} points", size=size)
            if analysis.points_first
            else msg("only {size:.1f} percentage points", size=size)
        )
    )
    values = {
        "deals": check.deals,
        "move": _key(lead.right.move),
        "rival": _key(lead.rival.move),
        "gap": gap,
        "value": _shown(analysis, lead.right),
        "rival_value": _shown(analysis, lead.rival),
        "least": least,
    }
    if lead.gap < 0:
        return msg(
            "under exact play on all {deals:,} deals the learner cannot tell apart, {move} is behind {rival} by "
            "{gap} ({value} against {rival_value}); a best move must lead every other by at least {least} there "
            "too (change the position so one move is clearly best)",
            **values,
        )
    return msg(
        "under exact play on all {deals:,} deals the learner cannot tell apart, {move} leads {rival} by {gap} "
        "({value} against {rival_value}); a best move must lead every other by at least {least} there too "
        "(change the position so one move is clearly best)",
        **values,
    )


def _key(move: Move) -> str:
    return str(move._replace(claim=None))
