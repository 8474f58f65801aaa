"""A lesson question the learner missed, played again from the mistakes queue by the lesson player.

The lesson is cut after the question and the solver plays the steps before
it (a question may read the position an earlier step left), so the player
shows the question as the lesson did; the first answer decides whether it
counts as right (no mistake, no hint).
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.app.learn.lesson_player import open_lesson, play_lesson
from tutorial_app.app.puzzles.view import NAME, due_quiz, forget_quiz, page, queue_caption, serve
from tutorial_app.app.shell.puzzle_memory import learner_zone, puzzle_store, who
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.lessons import Lesson, LessonError, Run, load_lesson, solve_until, start_run
from tutorial_app.lessons.catalog import course_names, lessons_root
from tutorial_app.lessons.format.model import QuizStep
from tutorial_app.puzzles.store import PuzzleStore, QueueItem

__all__ = ["QUIZ_PLAYER", "quiz_area"]

QUIZ_PLAYER = f"{NAME}_quiz"
"""The lesson player's name for a missed question played again (its answers do not join the queue again)."""


@st.cache_resource(show_spinner=False, max_entries=32)
def _lesson(lesson_id: str) -> Lesson | None:
    """A course lesson by id, read and checked once per server."""
    root = lessons_root()
    for course in course_names(root):
        path = root / course / f"{lesson_id}.yaml"
        if path.is_file():
            try:
                return load_lesson(path)
            except LessonError:
                return None
    return None


def _quiz_run(item: QueueItem) -> Run | None:
    """The lesson played up to the missed question by the solver, ending with that question."""
    kept = page().quiz_run
    if kept is not None and kept[0] == item.id:
        return kept[1]
    lesson = _lesson(str(item.payload.get("lesson")))
    step = item.payload.get("step")
    if lesson is None or not isinstance(step, int) or not 0 <= step < len(lesson.steps):
        return None
    if not isinstance(lesson.steps[step], QuizStep):
        return None
    run = start_run(lesson.model_copy(update={"steps": lesson.steps[: step + 1]}))
    solve_until(run, lambda r: r.index == step)
    page().quiz_run = (item.id, run)
    open_lesson(QUIZ_PLAYER, run)
    return run


def _quiz_finished(run: Run) -> None:
    item = due_quiz()
    if item is None:
        return
    store, _note = puzzle_store()
    right = run.mistakes == 0 and run.hints_used == 0
    spacing = store.answer_mistake(who(), item.id, "quiz", right, zone=learner_zone())
    state = page()
    state.spacing, state.quiz_right = spacing, right


def quiz_area(store: PuzzleStore) -> None:
    """A missed lesson question, played by the lesson player; then how the queue takes the answer."""
    item = due_quiz()
    if item is None:
        return
    run = _quiz_run(item)
    if run is None:
        store.answer_mistake(who(), item.id, "gone", True)  # the lesson changed: the question is no more
        forget_quiz()
        return
    st.info(tr("puzzles.quiz_from", lesson=run.lesson.title.in_(lang())), icon=":material/school:")
    play_lesson(QUIZ_PLAYER, _quiz_finished)
    if run.finished:
        queue_caption(page().quiz_right)
        st.button(
            tr("puzzles.next_mistake"),
            key=f"{NAME}_next_quiz",
            type="primary",
            on_click=serve,
            args=(store, "mistakes"),
        )
