"""The review of a played hand: every decision of one seat next to the engine's best move.

For each position where the seat had a choice, the analysis (from the seat's
own view at that moment, never with hindsight) ranks the moves; the review
records the analysis's best move, the first row of the ranking its card
shows (by win share, or by points in All Fives: ``analysis.ranks_by_points``),
and how much the chosen move gave up in that same measure, and marks the
decision as chess sites mark theirs:

- inaccuracy: it gave up at least 5 percentage points of win share (ranked by points: 2 points),
- mistake: at least 10 percentage points (4 points),
- blunder: at least 20 percentage points (8 points),

and only when the loss is larger than what the engine does not know about it
(``Analysis.loss``: its 95 % sampling half-width, deal by deal against the
best move, plus how much the two rollout policies disagree on it), so neither
noise nor a playout policy's taste is called a mistake. Near the end of a hand
every deal is solved exactly (``method: "exact_deals"``), so a mark there is
the exact double-dummy verdict on every deal that fits what the seat saw.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from tutorial_app.rules.line.moves import apply_unchecked
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.text import Text, msg, msgn
from tutorial_app.strategy.analysis import Analysis, analyse, distinct_candidates, same_outcome
from tutorial_app.strategy.explain import move_name
from tutorial_app.strategy.view import view_of

__all__ = [
    "Mark",
    "MARK_THRESHOLDS",
    "MARK_POINTS_THRESHOLDS",
    "REVIEW_PLAYOUTS",
    "Decision",
    "HandReview",
    "review_hand",
    "mark_of",
    "shown_loss",
    "shown_points_loss",
    "loss_words",
]

Mark = Literal["inaccuracy", "mistake", "blunder"]
MARK_THRESHOLDS: tuple[tuple[Mark, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
"""Win share given up (0-1) from which a decision gets each mark, the worst first."""
MARK_POINTS_THRESHOLDS: tuple[tuple[Mark, float], ...] = (("blunder", 8.0), ("mistake", 4.0), ("inaccuracy", 2.0))
"""Points given up from which a decision gets each mark where moves are ranked by points (All Fives).

Why these: a lesson asks "which move is best?" only on a lead of 5 percentage points of win share or, ranked by
points, 2 points (``lessons.quiz.strategy.MIN_POINTS_LEAD``), the inaccuracy's threshold in both measures; the
mistake and the blunder double it, as 10 and 20 do 5."""
REVIEW_PLAYOUTS = 1000
"""Sampled deals per move in a review: as many as a hint, since a mark must not be noise."""


def shown_loss(best_win: float, chosen_win: float) -> int:
    """What a choice gave up in whole percentage points as the review shows it: the difference of the two win
    shares rounded as shown (63% against 52%: 11), so a line's figures add up."""
    return round(100 * best_win) - round(100 * chosen_win)


def shown_points_loss(best_points: float, chosen_points: float) -> float:
    """What a choice gave up in points as the review and the ranking show them, to one decimal: the difference
    of the two figures rounded as shown (+9.5 against +2.6: 6.9)."""
    return round(round(best_points, 1) - round(chosen_points, 1), 1)


def loss_words(lost: float, points_first: bool) -> Text:
    """A loss as the review says it: "11 percentage points" of win share, or "6.9 points" where moves are
    ranked by points."""
    if points_first:
        return msg("{size:.1f} points", size=lost)
    return msgn("{n} percentage point", "{n} percentage points", round(lost), n=round(lost))


_MARK_TEXT: dict[Mark, Text] = {
    "inaccuracy": msg("inaccuracy"),
    "mistake": msg("mistake"),
    "blunder": msg("blunder"),
}


def mark_of(lost: float, half_width: float, points_first: bool = False) -> Mark | None:
    """The mark for a decision that gave up ``lost`` (± ``half_width``) win share, or points when moves are
    ranked by points (``points_first``), or None."""
    if lost <= half_width:
        return None
    for mark, threshold in MARK_POINTS_THRESHOLDS if points_first else MARK_THRESHOLDS:
        if lost >= threshold:
            return mark
    return None


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: move ``index`` of the record, the position before it, the move
    chosen, the engine's ranking, and what the choice cost in the ranking's first measure (``lost`` and
    ``lost_ci``: win share, or points where ``points_first``)."""

    index: int
    state: HandState
    chosen: Move
    analysis: Analysis
    lost: float
    lost_ci: float
    mark: Mark | None

    @property
    def points_first(self) -> bool:
        """The moves are ranked, and the loss measured, by points (All Fives), not by win share."""
        return self.analysis.points_first

    @property
    def best(self) -> Move:
        """The analysis's best move: the first row of the ranking the review card shows, what the loss is
        measured against."""
        return self.analysis.best.move

    @property
    def engine_choice(self) -> bool:
        """The move chosen is the engine's, or leads to the same place (``same_outcome``: the same tile on
        another end showing the same number), whatever points were claimed with it."""
        return same_outcome(self.state, self.chosen, self.best)

    @property
    def chosen_win(self) -> float:
        return self.analysis.value_of(self.chosen).win

    @property
    def lost_points(self) -> float:
        """What the choice gave up as shown: whole percentage points of win share, the best move's rounded win
        share less the chosen move's (63% against 52% gave up 11, never the 10 that rounding the difference could
        say); where moves are ranked by points, points to one decimal (``shown_points_loss``)."""
        if self.engine_choice:
            return 0
        best, chosen = self.analysis.best, self.analysis.value_of(self.chosen)
        if self.points_first:
            return shown_points_loss(best.points, chosen.points)
        return shown_loss(best.win, chosen.win)

    def cost(self) -> Text:
        """What the choice gave up, in words: "11 percentage points", "6.9 points"."""
        return loss_words(self.lost_points, self.points_first)

    def summary(self) -> Text:
        """One line: what was played, what was best, and the cost."""
        played, best = move_name(self.chosen), move_name(self.best)
        if self.engine_choice:
            return msg("{played}: the engine's choice too", played=played)
        if self.lost <= self.lost_ci:
            return msg("{played}: as good as {best}, as far as the engine can tell", played=played, best=best)
        if self.mark is not None:
            played = msg("{move} ({mark})", move=played, mark=_MARK_TEXT[self.mark])
        top, chosen = self.analysis.best, self.analysis.value_of(self.chosen)
        if self.points_first:
            return msg(
                "{played}: {best} was better, {best_points:+.1f} against {chosen_points:+.1f} points ({lost:.1f} points)",
                played=played,
                best=best,
                best_points=round(top.points, 1),
                chosen_points=round(chosen.points, 1),
                lost=self.lost_points,
            )
        cost = round(self.lost_points)
        return msgn(
            "{played}: {best} was better, {best_win}% against {chosen_win}% to win ({n} percentage points)",
            "{played}: {best} was better, {best_win}% against {chosen_win}% to win ({n} percentage points)",
            cost,
            played=played,
            best=best,
            best_win=round(100 * top.win),
            chosen_win=round(100 * chosen.win),
        )


@dataclass(frozen=True)
class HandReview:
    """Every decision of ``seat`` in a hand, in order (positions with one legal move, or one place to go, are left
    out)."""

    seat: int
    decisions: tuple[Decision, ...]

    def count(self, mark: Mark) -> int:
        """How many decisions got this mark."""
        return sum(1 for d in self.decisions if d.mark == mark)

    @property
    def points_first(self) -> bool:
        """The decisions' losses are in points (All Fives), not in percentage points of win share."""
        return any(d.points_first for d in self.decisions)

    def marked_losses(self) -> tuple[float, ...]:
        """What each marked decision gave up, as its line shows it (whole percentage points, or points), in order.
        Their sum is a sum over several positions, not a chance: it may pass 100."""
        return tuple(d.lost_points for d in self.decisions if d.mark is not None)


def review_hand(
    start: HandState,
    moves: Sequence[Move],
    seat: int,
    playouts: int = REVIEW_PLAYOUTS,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    first_hand: bool = False,
) -> HandReview:
    """Review ``seat``'s decisions in the hand played from ``start`` by ``moves`` (a ``HandRecord``'s
    ``start`` and ``moves``, or the Play page's start and state log).

    ``progress(done, total)`` is called before each decision is analysed and once at the end (the app
    shows a progress bar: a review takes a tenth of a second or so per decision). ``first_hand``: the
    first-lead rule named the leader, so the lead is a clue (``view.view_of``).
    """
    choices = list(_choices(start, moves, seat))
    decisions = []
    for done, (index, state) in enumerate(choices):
        if progress is not None:
            progress(done, len(choices))
        move = moves[index]
        view = view_of(start, moves[:index], seat, first_hand)
        analysis = analyse(view, playouts, seed=seed * 1000 + index)
        lost, half_width = _shortfall(analysis, state, move)
        mark = mark_of(lost, half_width, analysis.points_first)
        decisions.append(Decision(index, state, move, analysis, lost, half_width, mark))
    if progress is not None:
        progress(len(choices), len(choices))
    return HandReview(seat, tuple(decisions))


def _shortfall(analysis: Analysis, state: HandState, move: Move) -> tuple[float, float]:
    """What ``move`` gives up against the best move and its half-width, in the ranking's first measure, read as
    the review card's ranking reads it (``Analysis.distinct``, ``coach.hint_from``): the move is valued as its
    row there, the best-ranked move that leads to the same place, so the verdict and the card cannot differ."""
    row = next(v for v in analysis.distinct(state) if same_outcome(state, move, v.move))
    return analysis.loss(row.move)


def _choices(start: HandState, moves: Sequence[Move], seat: int) -> Iterator[tuple[int, HandState]]:
    """(index, position) of every move where ``seat`` had a real choice: moves that lead to different places
    (``distinct_candidates``), not one tile on either end of a lone double."""
    state = start
    for index, move in enumerate(moves):
        if state.to_move == seat and move.action is not Action.MUGGINS and len(distinct_candidates(state)) > 1:
            yield index, state
        state = apply_unchecked(state, move)
