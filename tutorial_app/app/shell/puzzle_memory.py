"""Where a learner's puzzles are kept, and the two doors into the mistakes queue (a hand review, a lesson).

Why per tab: the ratings, attempts and mistakes go to the progress
database (``stores.puzzle_database``) under the learner's name; a visitor without a name, or a
server whose database is down, gets a database of its own in the tab's
memory, so every part of the Puzzles page works the same way and nothing is
shared between visitors.

The hooks are called where the mistakes happen: ``remember_review`` once a
hand's review is computed (Play, a capstone), ``remember_missed_quiz`` when a
lesson's question is answered wrong on the Learn page. They never stop the
page that calls them: a database that fails only means the mistake is not kept.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import streamlit as st

from tutorial_app.app.shell.session import learner, tr
from tutorial_app.app.shell.stores import lesson_ids_once, puzzle_database
from tutorial_app.lessons import Run
from tutorial_app.lessons.format.model import QuizStep
from tutorial_app.puzzles.mistakes import quiz_key, quiz_payload, review_mistakes
from tutorial_app.puzzles.store import PuzzleStore, StoreUnavailable
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.text import Text, verbatim
from tutorial_app.strategy.review import HandReview

__all__ = [
    "ANONYMOUS",
    "LEARN_PLAYER",
    "puzzle_store",
    "who",
    "learner_zone",
    "remember_review",
    "remember_missed_quiz",
]

ANONYMOUS = "\u2063you"
"""The learner's name in a tab's own database when no name is given (never a name a person can type)."""
LEARN_PLAYER = "learn"
"""The Learn page's lesson player: only its questions join the queue (not the workshop's pasted lessons, nor the
queue's own replays)."""
_TAB_STORE = "puzzles_tab_store"
_LOG = logging.getLogger(__name__)


def puzzle_store() -> tuple[PuzzleStore, Text | None]:
    """Where this learner's puzzles are kept, and what the page must say about it (None: all is well)."""
    found = puzzle_database()
    if isinstance(found, PuzzleStore) and learner() is not None:
        return found, None
    if not isinstance(st.session_state.get(_TAB_STORE), PuzzleStore):
        st.session_state[_TAB_STORE] = PuzzleStore("sqlite://")
    store: PuzzleStore = st.session_state[_TAB_STORE]
    key = "puzzles.unavailable" if isinstance(found, StoreUnavailable) else "puzzles.no_name"
    return store, verbatim(tr(key))  # the page's own language: the app's keyed string


def learner_zone() -> str | None:
    """The browser's time zone (an IANA name), for the learner's days: the puzzle of the day, the streak."""
    try:
        zone = st.context.timezone
    except Exception:  # a bare run (tests, scripts): no browser to ask
        return None
    return zone if isinstance(zone, str) and zone else None


def who() -> str:
    """The learner's name as stored, or the tab's own name for a visitor without one (or without a database)."""
    name = learner()
    return name if name is not None and isinstance(puzzle_database(), PuzzleStore) else ANONYMOUS


def remember_review(start: HandState, moves: Sequence[Move], review: HandReview) -> None:
    """Queue the decisions of a reviewed hand marked "?" or "??"."""
    try:
        store, _note = puzzle_store()
        for key, payload in review_mistakes(start, moves, review):
            store.add_mistake(who(), key, "review", payload)
    except (StoreUnavailable, ValueError) as exc:
        _LOG.warning("a reviewed mistake was not queued: %s", exc)


def remember_missed_quiz(player: str, run: Run) -> None:
    """Queue the question ``run`` is on, missed just now, when it is a course lesson's on the Learn page."""
    if player != LEARN_PLAYER or not isinstance(run.step, QuizStep) or run.lesson.id not in lesson_ids_once():
        return
    try:
        store, _note = puzzle_store()
        store.add_mistake(who(), quiz_key(run.lesson.id, run.index), "quiz", quiz_payload(run.lesson.id, run.index))
    except (StoreUnavailable, ValueError) as exc:
        _LOG.warning("a missed question was not queued: %s", exc)
