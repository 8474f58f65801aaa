"""A reviewed hand's "?" and "??" decisions become queue items that read back to the same position and answers."""

from __future__ import annotations

import json

from puzzles.puzzle_helpers import careless_hand

from tutorial_app.puzzles.mistakes import QUEUED_MARKS, quiz_key, quiz_payload, read_review, review_mistakes
from tutorial_app.puzzles.model import move_key
from tutorial_app.strategy.review import mark_of


def test_marked_decisions_become_items_that_read_back() -> None:
    start, moves, review = careless_hand()
    items = review_mistakes(start, moves, review)
    marked = [d for d in review.decisions if d.mark in QUEUED_MARKS]
    assert len(items) == len(marked) > 0
    assert len({key for key, _ in items}) == len(items)
    for (key, payload), decision in zip(items, marked, strict=True):
        assert key.startswith("review:")
        json.dumps(payload)  # kept as JSON in the database
        mistake = read_review(payload)
        assert mistake.position.state == decision.state
        assert mistake.seat == 0 and mistake.mark == decision.mark
        assert mistake.played == move_key(decision.chosen) and mistake.played not in mistake.answers
        assert mistake.best in mistake.answers
        # an answer is a move the review would not have marked
        for value in decision.analysis.moves:
            lost, half_width = decision.analysis.loss(value.move)
            assert (move_key(value.move) in mistake.answers) == (mark_of(lost, half_width) is None)
        assert mistake.explanation.en and mistake.explanation.ru
    # the same hand reviewed again gives the same keys: a mistake made again is the same item
    assert [k for k, _ in review_mistakes(start, moves, review)] == [k for k, _ in items]


def test_a_missed_question_is_kept_as_its_lesson_and_step() -> None:
    assert quiz_key("core-02-the-tiles", 3) == "quiz:core-02-the-tiles:3"
    assert quiz_payload("core-02-the-tiles", 3) == {"lesson": "core-02-the-tiles", "step": 3}
