"""A learner's phone polls its room: which changes make it draw its page again (``room.concerns_phone``).

Another learner's answer or join must not (a hundred phones redrawn for each of thirty answers); the
teacher's next step, the reveal, the end of the class and the device's removal must.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tutorial_app.app.club.room import concerns_phone
from tutorial_app.club.class_steps import Judged
from tutorial_app.club.store import ClubStore

LESSON = "core-02-placing-on-the-ends"


@pytest.fixture()
def store(tmp_path: Path) -> ClubStore:
    return ClubStore(f"sqlite:///{tmp_path / 'club.sqlite3'}", started=0.0)


def test_only_the_teachers_moves_and_a_removal_concern_a_phone(store: ClubStore) -> None:
    now = time.time()
    code, teacher = store.open_class(LESSON, 11, "Teacher", 40, now)
    ann, bob = store.join(code, "Ann", now), store.join(code, "Bob", now)
    shown = (0, "asking")
    version = store.version(code, now)
    assert not concerns_phone(store, code, ann, now, shown)

    store.answer(code, bob, 0, Judged("a", True), now)
    store.join(code, "Cleo", now)
    assert store.version(code, now) == (version or 0) + 2  # both changed the room: every screen's poll sees it
    assert not concerns_phone(store, code, ann, now, shown)  # but Ann's phone shows neither
    assert [a.member for _step, a in store.answers(code, 0, shared=True)]  # the teacher's screen counts it

    store.teach(code, teacher, "reveal", now, at_step=0)
    assert concerns_phone(store, code, ann, now, shown)  # the answer is shown: Ann's phone says right or wrong
    shown = (0, "revealed")
    assert not concerns_phone(store, code, ann, now, shown)

    store.teach(code, teacher, "next", now, at_step=0)
    assert concerns_phone(store, code, ann, now, shown)  # the next step
    shown = (1, "asking")
    assert not concerns_phone(store, code, bob, now, shown)

    store.remove(code, teacher, "Ann", now)
    assert concerns_phone(store, code, ann, now, shown)  # Ann's phone learns she was removed
    assert not concerns_phone(store, code, bob, now, shown)

    store.teach(code, teacher, "finish", now, at_step=1)
    assert concerns_phone(store, code, bob, now, shown)  # the class is over


def test_a_room_that_is_gone_concerns_the_phone(store: ClubStore) -> None:
    now = time.time()
    code, _teacher = store.open_class(LESSON, 11, "Teacher", 40, now)
    ann = store.join(code, "Ann", now)
    assert not concerns_phone(store, code, ann, now, (0, "asking"))
    assert concerns_phone(store, code, ann, now + 13 * 3600, (0, "asking"))  # expired: the page says so
