"""The learner's own mistakes as queue items: a decision a hand review marked "?" or "??", a quiz missed in a
lesson.

A review's decision is kept as its position (the hand from its deal, in the
referee's notation), the seat, the move played and the moves that would not
have been marked, with the engine's words: a later showing needs no analysis.
A missed quiz is kept as its lesson and step; the lesson player replays it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tutorial_app.puzzles.model import move_key
from tutorial_app.puzzles.positions import Position, position_data, read_puzzle_position
from tutorial_app.puzzles.words import sentence
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.text import Text, joined, msg
from tutorial_app.strategy.explain import move_name, why_best
from tutorial_app.strategy.review import Decision, HandReview, mark_of

__all__ = ["QUEUED_MARKS", "ReviewMistake", "review_mistakes", "quiz_key", "quiz_payload", "read_review"]

QUEUED_MARKS = ("mistake", "blunder")
"""The marks that send a decision to the queue: "?" and "??" (an inaccuracy, "?!", does not)."""


class ReviewMistake(NamedTuple):
    """A reviewed decision to play again: where, who, what was played, what would have done."""

    position: Position
    seat: int
    played: str
    mark: str
    answers: frozenset[str]
    best: str
    explanation: Text

    def is_answer(self, move: Move) -> bool:
        return move_key(move) in self.answers


def _explanation(decision: Decision) -> Text:
    """What the review said: the engine's choice, why, and what the played move gave up."""
    analysis = decision.analysis
    best, played = move_name(decision.best), move_name(decision.chosen)
    why = why_best(analysis, decision.state)
    if decision.points_first:
        head = msg(
            "The engine's choice was {best}; {played} gave up {lost}.", best=best, played=played, lost=decision.cost()
        )
    else:
        head = msg(
            "The engine's choice was {best}; {played} gave up {lost} percentage points of the chance to win.",
            best=best,
            played=played,
            lost=round(decision.lost_points),
        )
    if why is None:
        return head
    return joined([head, sentence(why)])


def _accepted(decision: Decision) -> list[str]:
    """The moves that would not have been marked at all (the best, and those within the review's precision)."""
    analysis = decision.analysis
    out = []
    for value in analysis.moves:
        lost, half_width = analysis.loss(value.move)
        if mark_of(lost, half_width, analysis.points_first) is None:
            out.append(move_key(value.move))
    return out


def review_mistakes(start: HandState, moves: Sequence[Move], review: HandReview) -> list[tuple[str, dict[str, Any]]]:
    """The decisions of ``review`` marked "?" or "??", each as (queue key, payload).

    The key names the position and the seat, so the same mistake made again
    (the same deal replayed) is the same item.
    """
    out = []
    for decision in review.decisions:
        if decision.mark not in QUEUED_MARKS:
            continue
        position = position_data(start, moves[: decision.index])
        why = _explanation(decision)
        payload = {
            "position": position,
            "seat": review.seat,
            "played": move_key(decision.chosen),
            "mark": decision.mark,
            "answers": sorted(_accepted(decision)),
            "best": move_key(decision.best),
            "explanation": why.to_json(),
        }
        digest = hashlib.sha256(json.dumps([position, review.seat], sort_keys=True).encode()).hexdigest()
        out.append((f"review:{digest[:24]}", payload))
    return out


def read_review(payload: Mapping[str, Any]) -> ReviewMistake:
    """A stored review mistake read back (ValueError, KeyError or PositionError when it does not read)."""
    return ReviewMistake(
        read_puzzle_position(payload["position"]),
        int(payload["seat"]),
        str(payload["played"]),
        str(payload["mark"]),
        frozenset(str(a) for a in payload["answers"]),
        str(payload["best"]),
        Text.from_json(payload["explanation"]),
    )


def quiz_key(lesson_id: str, step: int) -> str:
    """The queue key of a lesson's quiz step."""
    return f"quiz:{lesson_id}:{step}"


def quiz_payload(lesson_id: str, step: int) -> dict[str, Any]:
    return {"lesson": lesson_id, "step": step}
