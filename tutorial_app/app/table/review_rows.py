"""The review of a played hand as rows and positions: what the review page part shows, without Streamlit.

Each row is one decision of the learner: the move played, the engine's
best (the first row of the ranking its card shows), what the choice cost in
that ranking's measure (win share, or points in All Fives) and its mark, as chess sites
mark theirs (?! an inaccuracy, ? a mistake, ?? a blunder; the thresholds
and the rule that noise is never marked are ``tutorial_app.strategy.review``'s).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial_app.i18n import t
from tutorial_app.rules.line.moves import apply_unchecked, with_claim
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.text import Text
from tutorial_app.strategy.explain import move_name
from tutorial_app.strategy.review import Decision, HandReview, Mark, loss_words

__all__ = [
    "MARK_SYMBOLS",
    "ReviewRow",
    "review_rows",
    "decision_row",
    "review_headline",
    "decision_boards",
    "percentage_points",
    "losses_added",
]

MARK_SYMBOLS: dict[Mark, str] = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The marks as chess sites print them after a move."""


def percentage_points(count: int, lang: str) -> str:
    """ "1 percentage point", "22 percentage points"; «22 процентных пункта» (no abbreviation a newcomer must decode)."""
    return loss_words(count, False).in_(lang)


@dataclass(frozen=True)
class ReviewRow:
    """One decision: move ``number`` of the hand's record (from 1), what was played and what was best."""

    number: int
    played: Text
    best: Text
    engine_choice: bool
    lost: float
    lost_ci: float
    mark: Mark | None
    summary: Text
    lost_points: float
    """What the choice gave up as its line shows it (``Decision.lost_points``)."""
    points_first: bool = False
    """The loss is in points (All Fives), not in percentage points of win share."""

    @property
    def symbol(self) -> str:
        """ "?!", "?", "??" or "" (no mark)."""
        return MARK_SYMBOLS[self.mark] if self.mark is not None else ""

    def cost(self, lang: str) -> str:
        """What the choice cost (win share, or points in All Fives), as the review table prints it."""
        if self.engine_choice:
            return t("review.cost_none", lang)
        if self.lost <= self.lost_ci:
            return t("review.cost_noise", lang)
        return t("review.cost_points", lang, points=loss_words(self.lost_points, self.points_first).in_(lang))


def decision_row(decision: Decision) -> ReviewRow:
    """The row of one decision."""
    return ReviewRow(
        number=decision.index + 1,
        played=move_name(decision.chosen),
        best=move_name(decision.best),
        engine_choice=decision.engine_choice,
        lost=decision.lost,
        lost_ci=decision.lost_ci,
        mark=decision.mark,
        summary=decision.summary(),
        lost_points=decision.lost_points,
        points_first=decision.points_first,
    )


def review_rows(review: HandReview) -> list[ReviewRow]:
    """One row per decision of the reviewed seat, in the order played."""
    return [decision_row(d) for d in review.decisions]


def review_headline(review: HandReview, lang: str) -> str:
    """One sentence over the whole hand: the choices, the marks, the win share given up."""
    decisions = len(review.decisions)
    if not decisions:
        return t("review.no_choices", lang)
    rows = review_rows(review)
    agreed = sum(1 for r in rows if r.engine_choice or r.lost <= r.lost_ci)
    return t(
        "review.headline",
        lang,
        decisions=decisions,
        agreed=agreed,
        inaccuracies=review.count("inaccuracy"),
        mistakes=review.count("mistake"),
        blunders=review.count("blunder"),
        lost=losses_added(review.marked_losses(), lang, review.points_first),
    )


def losses_added(losses: tuple[float, ...], lang: str, points_first: bool = False) -> str:
    """The marked decisions' losses and their sum, as the lines show them: "9 + 92 = 101 percentage points",
    "12 percentage points", in All Fives "6.9 + 12.0 = 18.9 points" (a sum over several positions, so it may
    pass 100; the headline says so)."""
    total = loss_words(round(sum(losses), 1), points_first).in_(lang)
    if len(losses) < 2:
        return total
    shown = (f"{n:.1f}" if points_first else str(round(n)) for n in losses)
    return f"{' + '.join(shown)} = {total}"


def decision_boards(decision: Decision) -> tuple[HandState, HandState | None]:
    """The position after the move played, and after the engine's best (None when they are the same move)."""
    state = decision.state
    played = apply_unchecked(state, decision.chosen)
    if decision.engine_choice:
        return played, None
    return played, apply_unchecked(state, with_claim(state, decision.best))
