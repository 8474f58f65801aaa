"""The lesson player: one ``LessonRun`` on a page, driven by clicks, buttons and answers.

Why shared: the Learn page plays the course and the Lesson workshop plays an
organiser's pasted lesson with the very same widgets. Every learner action
goes through the runner (``submit_move``/``answer``/``hint``/``next``), so the
feedback is the rules core's. The learner is one seat for the whole lesson,
drawn at the bottom as "You"; clicks follow the Play page's model (a tile,
then the end: ``controls.table_click``), and the feedback sits beside the
board (under it on a phone), where the learner is looking.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from tutorial_app.app.games import lesson_screens
from tutorial_app.app.learn.step_parts import (
    choice_columns,
    is_sketch,
    remember,
    reveals_answer,
    right_answer_text,
    show_tiles,
)
from tutorial_app.app.shell.button_rows import button_cells
from tutorial_app.app.shell.puzzle_memory import remember_missed_quiz
from tutorial_app.app.shell.session import bump, lang, revision, tr
from tutorial_app.app.shell.shortcuts import keyboard_shortcuts
from tutorial_app.app.shell.state import page_state
from tutorial_app.app.shell.step_hooks import StepHooks
from tutorial_app.app.table.board_component import keep_in_sight
from tutorial_app.app.table.board_view import forget_shape
from tutorial_app.app.table.controls import set_selected
from tutorial_app.app.table.hand_review import hand_review
from tutorial_app.app.table.hint_panel import hint_panel
from tutorial_app.lessons import LessonRun, Run, solve, takes_move
from tutorial_app.lessons.format.model import CapstoneStep, LText, PlayStep, QuizStep, RememberStep
from tutorial_app.lessons.quiz.answers import answer_type
from tutorial_app.rules.text import Text
from tutorial_app.strategy.bot_table import BotTable

__all__ = [
    "Shown",
    "play_lesson",
    "open_lesson",
    "close_lesson",
    "lesson_run",
    "PlayerSlot",
    "player_slot",
    "sources_box",
    "LARGE_CSS",
    "BOARD_HEIGHT",
]

LARGE_CSS = """
<style>
[data-testid="stMainBlockContainer"] p, [data-testid="stMainBlockContainer"] li { font-size: 1.6rem !important; }
[data-testid="stMainBlockContainer"] h1 { font-size: 3rem !important; }
[data-testid="stMainBlockContainer"] h3 { font-size: 2.2rem !important; }
</style>
"""

PRESENTER_CSS = """
<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stExpandSidebarButton"] {
  display: none !important; }
[data-testid="stMainBlockContainer"] { max-width: 100% !important; padding-left: 2rem; padding-right: 2rem; }
[data-testid="stMainBlockContainer"] button p { font-size: 1.4rem !important; }
</style>
"""
"""Presenter mode for a club room: the whole screen for the lesson (no sidebar), large buttons."""

BOARD_HEIGHT = 470
"""A lesson's board in pixels before its column is measured: with the step's text above it, its feedback stays
on a 1000 px high screen."""

OnFinish = Callable[[Run], None]


@dataclass
class Shown:
    """What the player shows after an action (a move or an answer judged, a hint, a table resumed): a verdict
    (None: neutral), a message (None: a hint asked for, headed "Hint") and the extras (kept per tab).

    Why ``Text`` and not the words: the box writes them out in the tab's language each time it is drawn, so a
    learner who switches the language while a verdict is on screen reads it again in the new one."""

    correct: bool | None
    message: Text | None
    hint: Text | None = None
    explanation: Text | None = None


@dataclass
class PlayerSlot:
    """A lesson player's state on this tab (one per player name: ``learn``, ``ws``, a club room's): the lesson
    run it shows, what was said after the last action, what is said of the learner's pick (``pick_note``: why a
    tile fits nowhere; nothing counted), whether a presenter revealed the step's answer, and whether the page
    around the player has seen the run finished (so the page reruns once when it ends).

    Why the pick's note apart from ``shown``: they go at different times. A pick put down (another tile picked on
    the board, ``browser.PUT_DOWN``) takes its note with it, while the verdict of the last move, the reason a
    learner trying again needs, stays until the next action is judged."""

    run: LessonRun | None = None
    shown: Shown | None = None
    pick_note: Text | None = None
    revealed: bool = False
    saw_finished: bool = False


def player_slot(name: str) -> PlayerSlot:
    """The state of the lesson player ``name`` on this tab (under the key ``{name}_player``)."""
    return page_state(f"{name}_player", PlayerSlot)


def _run(name: str) -> Run | None:
    return lesson_run(name)


def _set_shown(name: str, shown: Shown | None) -> None:
    """What the last action said, in place of all the box said before (a note on the pick included)."""
    slot = player_slot(name)
    slot.shown, slot.pick_note = shown, None
    if shown is not None:
        bump(f"{name}_said")  # something new said: the box comes into sight (``_feedback``)


def open_lesson(name: str, run: Run) -> None:
    """Show ``run`` (a lesson started by ``start_run``, maybe played on) in the player ``name``, with nothing
    said, selected or revealed yet."""
    slot = player_slot(name)
    slot.run, slot.shown, slot.pick_note, slot.revealed = run, None, None, False
    set_selected(name, None)


def close_lesson(name: str) -> None:
    """Leave the lesson of the player ``name`` (``lesson_run`` is None again)."""
    player_slot(name).run = None


def lesson_run(name: str) -> LessonRun | None:
    """The lesson the player ``name`` is showing, if any."""
    return player_slot(name).run


# -- learner actions (callbacks) ------------------------------------------------------


def _submit(name: str, move: Any, on_finish: OnFinish) -> None:
    run = _run(name)
    if run is None or run.done:
        return
    feedback = run.submit_move(lesson_screens(run).prepared(name, run, move))
    set_selected(name, None)
    neutral = isinstance(run.step, CapstoneStep) and feedback.correct and not run.done
    _set_shown(
        name,
        Shown(
            None if neutral else feedback.correct,
            feedback.message,
            None if feedback.correct else feedback.hint,
            feedback.explanation,
        ),
    )
    bump(name)
    if run.finished:
        on_finish(run)


def _answer(name: str, value: object, on_finish: OnFinish) -> None:
    run = _run(name)
    if run is None or run.done:
        return
    feedback = run.answer(value)
    if feedback.mistake:
        remember_missed_quiz(name, run)  # a missed question joins the learner's mistakes queue (Puzzles)
    _set_shown(
        name,
        Shown(feedback.correct, feedback.message, None if feedback.correct else feedback.hint, feedback.explanation),
    )
    if run.finished:
        on_finish(run)


def _typed_answer(name: str, on_finish: OnFinish) -> None:
    run = _run(name)
    if run is not None:
        _answer(name, st.session_state.get(_typed_key(name, run)), on_finish)


def _typed_key(name: str, run: Run) -> str:
    """One answer box per step and run, so a new question starts empty."""
    return f"{name}_typed_{id(run)}_{run.index}"


def _hint(name: str) -> None:
    run = _run(name)
    if run is not None:
        text = run.hint()
        if text is not None:
            _set_shown(name, Shown(None, None, hint=text))


def _say(name: str, said: Text | None) -> None:
    """A neutral note on the learner's pick where they are looking (a selection explained, nothing counted), under
    the verdict of their last move, which stays; None: the pick was put down, and its note goes."""
    player_slot(name).pick_note = said
    if said is not None:
        bump(f"{name}_said")


def _resume(name: str, on_finish: OnFinish) -> None:
    """A capstone table goes on after it waited (a Tien Gow trick the bots took)."""
    run = _run(name)
    if run is not None and run.paused:
        feedback = run.resume()
        _set_shown(name, Shown(True if run.done else None, feedback.message, explanation=feedback.explanation))
        bump(name)
        if run.finished:
            on_finish(run)


def _retry(name: str) -> None:
    run = _run(name)
    if run is not None:
        run.retry()
        _set_shown(name, None)
        bump(name)


def _next(name: str, on_finish: OnFinish) -> None:
    run = _run(name)
    if run is not None and run.done and not run.finished:
        run.next()
        if run.finished:
            on_finish(run)
        set_selected(name, None)
        player_slot(name).revealed = False
        _set_shown(name, None)
        forget_shape(name)
        bump(name)


def _reveal(name: str) -> None:
    player_slot(name).revealed = True


def _solve(name: str, on_finish: OnFinish) -> None:
    """Presenter: play the rules core's right action for the room."""
    run = _run(name)
    if run is None or run.done:
        return
    run.retry()
    action = solve(run)
    if action is not None and takes_move(run):
        _submit(name, action, on_finish)
    elif action is not None:
        _answer(name, action, on_finish)


# -- what is on screen ----------------------------------------------------------------------


def _feedback(name: str) -> None:
    """The verdict, the engine's explanation and the hint, then the note on the learner's pick, where the learner
    is looking: beside the board on a wide screen; on a phone, where the panel is under the board, the box is
    scrolled into sight when something new is said in it (the buttons just tapped are below it, and it would
    appear above the screen's top)."""
    slot = player_slot(name)
    keep_in_sight(f"{name}_feedback", revision(f"{name}_said"))
    if slot.shown is None and slot.pick_note is None:
        return
    with st.container(key=f"{name}_feedback"):
        if slot.shown is not None:
            _said(name, slot.shown)
        if slot.pick_note is not None:
            st.info(slot.pick_note.in_(lang()), icon=":material/info:")


def _said(name: str, shown: Shown) -> None:
    current = lang()
    message = tr("learn.hint_label") if shown.message is None else shown.message.in_(current)
    text = message + (f"\n\n{shown.explanation.in_(current)}" if shown.explanation is not None else "")
    if shown.correct:
        st.success(text, icon=":material/check_circle:")
    elif shown.correct is False:
        st.error(text, icon=":material/front_hand:")
    elif text:
        st.info(text, icon=":material/info:")
    if shown.hint is not None:
        st.info(shown.hint.in_(current), icon=":material/lightbulb:")
        run = _run(name)
        if run is not None and run.more_hint:  # a two-level hint asked its question: its answer is one press away
            st.button(
                tr("learn.hint_more"),
                key=f"{name}_hint_more",
                help=tr("learn.hint_more_help"),
                on_click=_hint,
                args=(name,),
                width="stretch",
            )


def _hooks(name: str, on_finish: OnFinish) -> StepHooks[Any]:
    """Where the step's board and buttons send the learner's move and what they have to say."""
    return StepHooks(submit=lambda move: _submit(name, move, on_finish), say=lambda said: _say(name, said))


def _board(name: str, run: Run, state: Any, presenter: bool, on_finish: OnFinish) -> None:
    lesson_screens(run).board(
        name,
        run,
        state,
        presenter=presenter,
        height=BOARD_HEIGHT,
        show_turn=not reveals_answer(run.step),
        hooks=_hooks(name, on_finish),
    )
    if is_sketch(run.lesson, run.index):
        st.caption(tr("learn.sketch"))


def _move_panel(name: str, run: Run, state: Any, on_finish: OnFinish) -> None:
    """The learner's move: the prompt and the button twins of the board, or "try again" after a refutation."""
    if run.refuted:
        st.button(tr("learn.try_again"), key=f"{name}_retry", on_click=_retry, args=(name,), type="primary")
        return
    lesson_screens(run).move_panel(name, run, state, _hooks(name, on_finish))


def _quiz_panel(name: str, run: Run, step: QuizStep, on_finish: OnFinish) -> None:
    if run.done:
        return
    choices = run.choices(lang())
    if choices is not None:
        cells = button_cells(len(choices), choice_columns([label for _value, label in choices]))
        for index, (cell, (value, label)) in enumerate(zip(cells, choices, strict=True)):
            cell.button(
                label,
                key=f"{name}_choice_{run.index}_{index}",
                on_click=_answer,
                args=(name, value, on_finish),
                width="stretch",
            )
        return
    if answer_type(step.ask) == "number":
        st.number_input(
            tr("learn.your_answer"), min_value=0, max_value=1000, step=1, value=None, key=_typed_key(name, run)
        )
    else:
        st.text_input(tr("learn.your_answer"), key=_typed_key(name, run))
    st.button(tr("learn.answer"), key=f"{name}_answer", on_click=_typed_answer, args=(name, on_finish), type="primary")


def _capstone_panel(name: str, run: Run, step: CapstoneStep, on_finish: OnFinish) -> None:
    """Who led the capstone hand, a pause of its table, and the badge once it is over."""
    lesson_screens(run).capstone_panel(name, run, step, resume=lambda: _resume(name, on_finish))


def _actions(name: str, run: Run, presenter: bool, on_finish: OnFinish) -> None:
    """Hint, Next, and for a presenter the answer revealed and played for the room."""
    step = run.step
    task = isinstance(step, (PlayStep, QuizStep))
    if presenter and task and not run.done:
        if player_slot(name).revealed:
            answer = right_answer_text(run)
            if answer:
                st.success(tr("learn.answer_is", answer=answer))
            st.button(tr("learn.play_answer"), key=f"{name}_solve", on_click=_solve, args=(name, on_finish))
        else:
            st.button(tr("learn.reveal"), key=f"{name}_reveal", on_click=_reveal, args=(name,))
    left, right = st.columns([1, 2], vertical_alignment="center")
    if task and not run.done and not run.refuted:
        left.button(tr("learn.hint"), key=f"{name}_hint", on_click=_hint, args=(name,), width="stretch")
    if run.done and not run.finished:
        left.button(
            tr("learn.next"),
            key=f"{name}_next",
            type="primary",
            on_click=_next,
            args=(name, on_finish),
            width="stretch",
        )
    right.caption(tr("learn.score_so_far", mistakes=run.mistakes, hints=run.hints_used))


def _coached_hand(run: Run) -> BotTable | None:
    """The capstone hand played with hints (the Hint while it lasts, the review after; line games only)."""
    step = run.step
    return run.capstone if isinstance(step, CapstoneStep) and step.hints else None


def _panel(name: str, run: Run, state: Any, presenter: bool, on_finish: OnFinish) -> None:
    """Beside the board: feedback first (the learner's eyes are there), then what to do next."""
    step = run.step
    _feedback(name)
    if isinstance(step, CapstoneStep):
        _capstone_panel(name, run, step, on_finish)
    if state is not None and isinstance(step, (PlayStep, CapstoneStep)):
        _move_panel(name, run, state, on_finish)
    hand = _coached_hand(run)
    if hand is not None and not run.done:
        hint_panel(name, hand.state, run.viewer, hand.start, on_hint=run.hint, first_hand=hand.first_hand)
    if isinstance(step, QuizStep):
        _quiz_panel(name, run, step, on_finish)
    _actions(name, run, presenter, on_finish)


def play_lesson(name: str, on_finish: OnFinish, *, presenter: bool = False) -> None:
    """Show the run of the player ``name`` (``player_slot(name).run``) and its controls.

    The step is a fragment: a click, an answer, a hint or "Next" reruns it
    alone, not the page around it. When the lesson ends the page reruns, so
    what the page shows after a finished lesson (the next lesson) appears.
    """
    run = _run(name)
    if run is None:
        return
    if presenter:
        st.markdown(LARGE_CSS + PRESENTER_CSS, unsafe_allow_html=True)
        keyboard_shortcuts(
            {"ArrowRight": f"{name}_next", "r": f"{name}_reveal", "p": f"{name}_solve"},
            {
                f"{name}_next": lambda: _next(name, on_finish),
                f"{name}_reveal": lambda: _reveal(name),
                f"{name}_solve": lambda: _solve(name, on_finish),
            },
            key=f"{name}_keys",
        )
        st.caption(tr("learn.presenter_keys"))
    player_slot(name).saw_finished = run.finished
    _step_fragment(name, on_finish, presenter)


@st.fragment
def _step_fragment(name: str, on_finish: OnFinish, presenter: bool) -> None:
    run = _run(name)
    if run is None:
        return
    _step(name, run, on_finish, presenter)
    if run.finished and not player_slot(name).saw_finished:
        st.rerun(scope="app")


def _step(name: str, run: Run, on_finish: OnFinish, presenter: bool) -> None:
    """The step on screen: progress, its text and tiles, the board and the panel beside it."""
    step = run.step
    _step_head(name, run)
    if isinstance(step, RememberStep):
        remember(run)
        _actions(name, run, presenter, on_finish)
    else:
        show_tiles(run)
        state = run.state
        if state is None:
            _panel(name, run, None, presenter, on_finish)
        else:
            board, panel = st.columns([2, 1] if presenter else [3, 2], gap="medium")
            with board:
                _board(name, run, state, presenter, on_finish)
            with panel:
                _panel(name, run, state, presenter, on_finish)
        hand = _coached_hand(run)
        if hand is not None and run.done:
            hand_review(name, hand.start, hand.state, run.viewer, hand.first_hand)
    if run.finished:
        stars = run.stars
        st.success(
            tr("learn.finished", stars="★" * stars + "☆" * (3 - stars), mistakes=run.mistakes, hints=run.hints_used)
        )


def _step_head(name: str, run: Run) -> None:
    """The step's progress, title and text, scrolled into sight when the step changes.

    Why: on a phone the Next button is far down the page, under the board and the verdict; the page stays where
    it was, so the next step's question would sit above the screen's top, with only its board and answer box in
    sight (keep_in_sight moves nothing when the head is in sight already, nor on the page's first run)."""
    current = lang()
    step = run.step
    keep_in_sight(f"{name}_step_head", run.index)
    with st.container(key=f"{name}_step_head"):
        st.progress(run.progress, text=tr("learn.step_of", n=run.index + 1, total=len(run.lesson.steps)))
        if step.title is not None:
            st.subheader(step.title.in_(current))
        if isinstance(step, RememberStep):
            return
        if isinstance(step, QuizStep) and step.review is not None:
            st.caption(tr("learn.review"))
        st.markdown(step.text.in_(current))


def sources_box(sources: list[LText | str]) -> None:
    """The lesson's sources in a small expander (never inside the learner's text)."""
    if not sources:
        return
    with st.expander(tr("learn.sources")):
        for source in sources:
            text = source if isinstance(source, str) else source.in_(lang())
            st.markdown(f"- {text}")
