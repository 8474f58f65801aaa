"""The mistakes queue on a moved clock: due a day after the mistake, then 3, 7 and 21 days apart, gone after
two right answers; the same mistake made again starts over."""

from __future__ import annotations

import pytest
from puzzles.puzzle_helpers import T0, Clock

from tutorial_app.puzzles.schedule import DAY, GAPS_DAYS, Spacing, after_answer, new_spacing
from tutorial_app.puzzles.store import PuzzleStore


def test_the_ladder_is_1_3_7_21_days_whatever_the_answer() -> None:
    spacing = new_spacing(T0)
    assert spacing == Spacing(0, 0, T0 + DAY)
    now, gaps = T0, []
    for right in (False, False, False, False, True):
        now = spacing.due
        after = after_answer(spacing, right, now)
        gaps.append((after.due - now) / DAY)
        spacing = after
    assert gaps == [3, 7, 21, 21, 21]
    assert GAPS_DAYS == (1, 3, 7, 21)
    assert spacing.rights == 1 and not spacing.retired


def test_two_right_answers_retire_an_item_and_an_early_try_does_not_count() -> None:
    spacing = new_spacing(T0)
    early = after_answer(spacing, True, T0 + DAY / 2)
    assert early == spacing
    once = after_answer(spacing, True, T0 + DAY)
    assert once.rights == 1 and not once.retired
    twice = after_answer(once, True, once.due)
    assert twice.retired and not twice.is_due(twice.due + 100 * DAY)
    assert after_answer(twice, False, twice.due + DAY) == twice


def test_a_mistake_comes_back_on_schedule(store: PuzzleStore, clock: Clock) -> None:
    assert store.add_mistake("Anna", "review:abc", "review", {"best": "6-4 left"})
    assert store.due_mistakes("Anna") == []
    clock.days(0.99)
    assert store.due_mistakes("Anna") == []
    clock.days(0.01)
    (item,) = store.due_mistakes("Anna")
    assert item.payload == {"best": "6-4 left"} and item.source == "review"
    # right on day 1: back in 3 days
    spacing = store.answer_mistake("Anna", item.id, "6-4 left", True)
    assert spacing.rights == 1 and spacing.due == clock.now + 3 * DAY
    clock.days(2.9)
    assert store.due_mistakes("Anna") == []
    clock.days(0.1)
    (item,) = store.due_mistakes("Anna")
    # wrong on day 4: back in 7 days, still one right answer
    spacing = store.answer_mistake("Anna", item.id, "5-5 left", False)
    assert spacing.rights == 1 and spacing.due == clock.now + 7 * DAY
    clock.days(7)
    (item,) = store.due_mistakes("Anna")
    # right on day 11: the second right answer retires it
    spacing = store.answer_mistake("Anna", item.id, "6-4 left", True)
    assert spacing.retired
    clock.days(400)
    assert store.due_mistakes("Anna") == [] and store.waiting_mistakes("Anna") == []


def test_the_same_mistake_again_starts_over_and_queues_are_per_learner(store: PuzzleStore, clock: Clock) -> None:
    store.add_mistake("Anna", "quiz:core-02:3", "quiz", {"lesson": "core-02", "step": 3})
    clock.days(1)
    (item,) = store.due_mistakes("Anna")
    store.answer_mistake("Anna", item.id, "4", True)
    clock.days(3)
    store.answer_mistake("Anna", item.id, "4", True)
    assert store.waiting_mistakes("Anna") == []
    clock.days(10)
    assert not store.add_mistake("Anna", "quiz:core-02:3", "quiz", {"lesson": "core-02", "step": 3})
    (again,) = store.waiting_mistakes("Anna")
    assert again.spacing == Spacing(0, 0, clock.now + DAY)
    assert store.waiting_mistakes("Boris") == []
    with pytest.raises(KeyError):
        store.answer_mistake("Boris", again.id, "4", True)
