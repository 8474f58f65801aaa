"""The review of a played hand as rows and positions: what the review page part shows, without Streamlit.

Each row is one decision of the learner: the move played, the engine's
best, both win shares, what the choice cost and its mark, as chess sites
mark theirs (?! an inaccuracy, ? a mistake, ?? a blunder; the thresholds
and the rule that noise is never marked are ``tutorial_app.strategy.review``'s).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial_app.i18n import t
from tutorial_app.rules.line.moves import apply_unchecked, with_claim
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.text import Text, msgn
from tutorial_app.strategy.explain import move_name
from tutorial_app.strategy.review import Decision, HandReview, Mark, shown_loss

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
    return msgn("{n} percentage point", "{n} percentage points", count).in_(lang)


@dataclass(frozen=True)
class ReviewRow:
    """One decision: move ``number`` of the hand's record (from 1), what was played and what was best."""

    number: int
    played: Text
    best: Text
    engine_choice: bool
    chosen_win: float
    best_win: float
    lost: float
    lost_ci: float
    mark: Mark | None
    summary: Text

    @property
    def lost_points(self) -> int:
        """What the choice gave up in whole percentage points: the two rounded win shares' difference."""
        return 0 if self.engine_choice else shown_loss(self.best_win, self.chosen_win)

    @property
    def symbol(self) -> str:
        """ "?!", "?", "??" or "" (no mark)."""
        return MARK_SYMBOLS[self.mark] if self.mark is not None else ""

    def cost(self, lang: str) -> str:
        """What the choice cost in win share, as the review table prints it."""
        if self.engine_choice:
            return t("review.cost_none", lang)
        if self.lost <= self.lost_ci:
            return t("review.cost_noise", lang)
        return t("review.cost_points", lang, points=percentage_points(self.lost_points, lang))


def decision_row(decision: Decision) -> ReviewRow:
    """The row of one decision."""
    best = decision.analysis.most_wins()
    return ReviewRow(
        number=decision.index + 1,
        played=move_name(decision.chosen),
        best=move_name(best.move),
        engine_choice=decision.engine_choice,
        chosen_win=decision.chosen_win,
        best_win=best.win,
        lost=decision.lost,
        lost_ci=decision.lost_ci,
        mark=decision.mark,
        summary=decision.summary(),
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
        lost=losses_added(review.marked_losses(), lang),
    )


def losses_added(losses: tuple[int, ...], lang: str) -> str:
    """The marked decisions' losses and their sum, as the lines show them: "9 + 92 = 101 percentage points",
    "12 percentage points" (a sum over several positions, so it may pass 100; the headline says so)."""
    total = percentage_points(sum(losses), lang)
    if len(losses) < 2:
        return total
    return f"{' + '.join(str(n) for n in losses)} = {total}"


def decision_boards(decision: Decision) -> tuple[HandState, HandState | None]:
    """The position after the move played, and after the engine's best (None when they are the same move)."""
    state = decision.state
    played = apply_unchecked(state, decision.chosen)
    if decision.engine_choice:
        return played, None
    return played, apply_unchecked(state, with_claim(state, decision.best))
