"""The puzzle on the Puzzles page as one value: what is asked, and what the learner answered (no Streamlit).

A round is a shipped puzzle (rated, or the puzzle of the day) or one of the
learner's own mistakes from a hand review; a missed lesson quiz is played by
the lesson player instead. ``answer`` judges a move by the rules core (an
illegal move is refused with its reason, and is no answer); the verdict's
words and the refutation line come from the puzzle, worked out when it was
mined.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

from tutorial_app.lessons.quiz.strategy import move_text
from tutorial_app.puzzles.mistakes import ReviewMistake
from tutorial_app.puzzles.model import Puzzle, move_key
from tutorial_app.puzzles.same_deal import same_deal
from tutorial_app.puzzles.schedule import DAY
from tutorial_app.puzzles.store import AttemptResult
from tutorial_app.puzzles.themes import THEME_NAMES
from tutorial_app.rules.line.moves import apply, why_illegal
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.line.worked_moves import describe_moves
from tutorial_app.rules.text import Text, joined, msg, msgn
from tutorial_app.strategy.explain import move_name

__all__ = [
    "RoundKind",
    "Round",
    "puzzle_round",
    "mistake_round",
    "LineShown",
    "refutation_line",
    "best_on_same_deal",
    "answer_name",
    "when_text",
]

RoundKind = Literal["rated", "daily", "review"]


@dataclass(frozen=True)
class Round:
    """One question on the page: ``state`` to play from as ``seat``; ``answers`` the moves that count as right.

    ``puzzle`` is set for a shipped puzzle, ``mistake`` and ``item_id`` for a
    queued mistake; ``answered``/``right`` once the learner moved, and
    ``result`` what the attempt did to the rating (None until recorded, and
    for a mistake).
    """

    kind: RoundKind
    state: HandState
    seat: int
    answers: frozenset[str]
    puzzle: Puzzle | None = None
    mistake: ReviewMistake | None = None
    item_id: int | None = None
    answered: Move | None = None
    right: bool | None = None
    result: AttemptResult | None = None

    @property
    def id(self) -> str:
        """What the round is about: the puzzle's id, or the queue item's."""
        if self.puzzle is not None:
            return self.puzzle.id
        return f"mistake-{self.item_id}"

    @property
    def over(self) -> bool:
        return self.answered is not None

    def judge(self, move: Move) -> Round | Text:
        """The round answered with ``move``, or why the move is not allowed here (nothing is answered then)."""
        if self.over:
            return self
        reason = why_illegal(self.state, move)
        if reason is not None:
            return reason
        return replace(self, answered=move, right=move_key(move) in self.answers)

    def recorded(self, result: AttemptResult | None) -> Round:
        return replace(self, result=result)

    def explanation(self) -> Text:
        """Why the answer is the answer (the puzzle's worked explanation, or the review's words)."""
        if self.puzzle is not None:
            return self.puzzle.explanation
        assert self.mistake is not None
        return self.mistake.explanation

    def theme(self) -> Text | None:
        return THEME_NAMES[self.puzzle.theme] if self.puzzle is not None else None


def puzzle_round(puzzle: Puzzle, kind: RoundKind = "rated") -> Round:
    """A shipped puzzle as a round."""
    position = puzzle.read()
    return Round(kind, position.state, puzzle.seat, frozenset(puzzle.answers), puzzle=puzzle)


def mistake_round(mistake: ReviewMistake, item_id: int) -> Round:
    """A queued review decision as a round."""
    return Round("review", mistake.position.state, mistake.seat, mistake.answers, mistake=mistake, item_id=item_id)


def answer_name(key: str, state: HandState) -> Text:
    """A stored answer as the learner reads it ("6-4 on the left")."""
    return move_text(key, state)


@dataclass(frozen=True)
class LineShown:
    """A refutation line ready to show: the positions after each move, and the line told in words."""

    states: tuple[HandState, ...]
    told: Text


def refutation_line(puzzle: Puzzle, move: Move) -> LineShown | None:
    """The line that shows why ``move`` (a wrong answer) loses, played on the board (None: no line kept)."""
    found = puzzle.refutation_of(move)
    if found is None:
        return None
    position = puzzle.read()
    state = found.on(position.state)
    states = []
    for step in found.moves():
        state = apply(state, step)
        states.append(state)
    record = [(seat, step, drawn) for seat, step, drawn, _points in state.log[len(position.state.log) :]]
    played = move_name(found.moves()[0])
    intro = msg(
        "Here is one way the hidden tiles may lie that agrees with everything you saw, each side playing its best "
        "from then on. You play {move}.",
        move=played,
    )
    parts = [intro, describe_moves(record[1:], puzzle.seat)]
    if state.is_over:
        parts.append(explain_hand_end(state, puzzle.seat).text())
    told = joined(parts)
    return LineShown(tuple(states), told)


def best_on_same_deal(puzzle: Puzzle, move: Move) -> Text | None:
    """What the best move would have made of the refutation line's deal, against ``move`` (a wrong answer), both
    played to the hand's end with the difference worked out (None: no line kept, or exact play cannot reach the
    end). Costs exact searches: up to some tenths of a second in a draw game's opening."""
    found = puzzle.refutation_of(move)
    if found is None:
        return None
    compared = same_deal(puzzle, found)
    return compared.text() if compared is not None else None


def when_text(due: float, now: float) -> Text:
    """When a queued mistake comes back, as a learner reads it: "later today", "tomorrow", "in 3 days"."""
    days = max(0, math.ceil((due - now) / DAY - 1e-9))
    if days == 0:
        return msg("later today")
    if days == 1:
        return msg("tomorrow")
    return msgn("in {n} day", "in {n} days", days)
