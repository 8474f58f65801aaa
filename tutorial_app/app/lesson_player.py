"""The lesson player: one ``LessonRun`` on a page, driven by clicks, buttons and answers.

Why shared: the Learn page plays the course and the Lesson workshop plays an
organiser's pasted lesson with the very same widgets. Every learner action
goes through the runner (``submit_move``/``answer``/``hint``/``next``), so the
feedback is the rules core's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from tutorial_app.app.board_view import show_board
from tutorial_app.app.controls import end_buttons, hand_buttons, playable_ends, turn_buttons
from tutorial_app.app.session import bump, lang, tr
from tutorial_app.lessons import LessonRun, solve_step
from tutorial_app.lessons.model import PlayStep, QuizStep, RememberStep
from tutorial_app.lessons.quizzes import answer_type, choice_label
from tutorial_app.rules.moves import legal_moves
from tutorial_app.rules.state import Action, End, Move, play
from tutorial_app.rules.tiles import Tile, parse_tile

__all__ = ["Shown", "play_lesson", "LARGE_CSS"]

LARGE_CSS = """
<style>
[data-testid="stMainBlockContainer"] p, [data-testid="stMainBlockContainer"] li { font-size: 1.6rem !important; }
[data-testid="stMainBlockContainer"] h1 { font-size: 3rem !important; }
[data-testid="stMainBlockContainer"] h3 { font-size: 2.2rem !important; }
</style>
"""


@dataclass
class Shown:
    """What the player shows after an action: a verdict, a message and the extras (kept per tab)."""

    correct: bool | None
    message: str
    hint: str | None = None
    explanation: str | None = None


def _key(name: str, suffix: str) -> str:
    return f"{name}_{suffix}"


def _run(name: str) -> LessonRun | None:
    run = st.session_state.get(_key(name, "run"))
    return run if isinstance(run, LessonRun) else None


def _set_shown(name: str, shown: Shown | None) -> None:
    st.session_state[_key(name, "shown")] = shown


def _selected(name: str) -> Tile | None:
    value = st.session_state.get(_key(name, "selected"))
    return parse_tile(value) if value else None


def _submit(name: str, move: Move, on_finish: Callable[[LessonRun], None]) -> None:
    run = _run(name)
    if run is None or run.done:
        return
    feedback = run.submit_move(move, lang())
    st.session_state[_key(name, "selected")] = None
    _set_shown(name, Shown(feedback.correct, feedback.message, None if feedback.correct else feedback.hint,
                           feedback.explanation))
    bump(name)
    if run.finished:
        on_finish(run)


def _tile(name: str, tile: Tile, on_finish: Callable[[LessonRun], None]) -> None:
    """Select a tile (its targets appear); a tile with nowhere to go is tried, so the runner says why."""
    run = _run(name)
    if run is None or run.done or run.state is None:
        return
    if _selected(name) is tile:
        st.session_state[_key(name, "selected")] = None
        return
    state = run.state
    if not playable_ends(state, tile):
        first = state.table.open_ends()
        _submit(name, play(tile, first[0][0] if first else "lead"), on_finish)
        return
    st.session_state[_key(name, "selected")] = str(tile)
    _set_shown(name, None)


def _end(name: str, end: End, on_finish: Callable[[LessonRun], None]) -> None:
    tile = _selected(name)
    if tile is None:
        _set_shown(name, Shown(False, tr("controls.pick_tile_first")))
        return
    _submit(name, play(tile, end), on_finish)


def _click(name: str, clicked: str, on_finish: Callable[[LessonRun], None]) -> None:
    kind, _, value = clicked.partition(":")
    if kind == "hand":
        _tile(name, parse_tile(value), on_finish)
    elif kind == "end" and value in ("lead", "left", "right", "up", "down"):
        end: End = value  # type: ignore[assignment]
        _end(name, end, on_finish)


def _answer(name: str, value: object, on_finish: Callable[[LessonRun], None]) -> None:
    run = _run(name)
    if run is None or run.done:
        return
    feedback = run.answer(value, lang())
    _set_shown(name, Shown(feedback.correct, feedback.message, None if feedback.correct else feedback.hint,
                           feedback.explanation))
    if run.finished:
        on_finish(run)


def _typed_answer(name: str, on_finish: Callable[[LessonRun], None]) -> None:
    run = _run(name)
    if run is not None:
        _answer(name, st.session_state.get(_typed_key(name, run)), on_finish)


def _typed_key(name: str, run: LessonRun) -> str:
    """One answer box per step and run, so a new question starts empty."""
    return _key(name, f"typed_{id(run)}_{run.index}")


def _hint(name: str) -> None:
    run = _run(name)
    if run is not None:
        text = run.hint(lang())
        if text:
            _set_shown(name, Shown(None, tr("learn.hint_label"), hint=text))


def _next(name: str, on_finish: Callable[[LessonRun], None]) -> None:
    run = _run(name)
    if run is not None and run.done and not run.finished:
        run.next()
        if run.finished:
            on_finish(run)
        st.session_state[_key(name, "selected")] = None
        st.session_state[_key(name, "revealed")] = False
        _set_shown(name, None)
        bump(name)


def _reveal(name: str) -> None:
    st.session_state[_key(name, "revealed")] = True


def _solve(name: str, on_finish: Callable[[LessonRun], None]) -> None:
    """Presenter: play the rules core's right action for the room."""
    run = _run(name)
    if run is None or run.done:
        return
    action = solve_step(run)
    if isinstance(action, Move):
        _submit(name, action, on_finish)
    elif action is not None:
        _answer(name, action, on_finish)


def _right_answer_text(run: LessonRun) -> str | None:
    step = run.step
    if isinstance(step, QuizStep) and run.right_answer is not None:
        return choice_label(step.ask, run.right_answer, run.scene.rules if run.scene else run.rules, lang())
    if isinstance(step, PlayStep):
        action = solve_step(run)
        if isinstance(action, Move):
            if action.action is Action.PLAY:
                return tr("learn.reveal_play", tile=str(action.tile), end=tr(f"end.{action.end}"))
            return tr(f"action.{action.action.value}")
    return None


def _tiles_line(tiles: list[Tile]) -> str:
    return "  ".join(f"`{t.hi}|{t.lo}`" for t in tiles)


def play_lesson(name: str, on_finish: Callable[[LessonRun], None], *, presenter: bool = False) -> None:
    """Show the run stored under ``name`` (``st.session_state[name + "_run"]``) and its controls."""
    run = _run(name)
    if run is None:
        return
    current = lang()
    step = run.step
    if presenter:
        st.markdown(LARGE_CSS, unsafe_allow_html=True)
    st.progress(run.progress, text=tr("learn.step_of", n=run.index + 1, total=len(run.lesson.steps)))
    if step.title is not None:
        st.subheader(step.title.in_(current))
    if isinstance(step, RememberStep):
        st.markdown(f"**{tr('learn.remember')}**")
        for point in step.points:
            st.info(point.in_(current), icon=":material/push_pin:")
    else:
        st.markdown(step.text.in_(current))
        shown_tiles = getattr(step, "tiles", None)
        if shown_tiles:
            st.markdown(_tiles_line([parse_tile(t) if isinstance(t, str) else t for t in shown_tiles]))
    state = run.state
    selected = _selected(name)
    if state is not None and not isinstance(step, RememberStep):
        seat = run.you if run.you is not None else state.to_move
        hints = tuple(str(parse_tile(h) if isinstance(h, str) else h) for h in step.highlight)
        interactive = isinstance(step, PlayStep) and not run.done
        show_board(state, name=name, seat=seat, selected=selected if interactive else None, large=presenter,
                   hints=hints, on_click=(lambda c: _click(name, c, on_finish)) if interactive else (lambda c: None))
        if interactive:
            st.markdown(tr("learn.play_prompt"))
            hand_buttons(state, seat, selected, lambda t: _tile(name, t, on_finish), key=name)
            end_buttons(state, selected, lambda e: _end(name, e, on_finish), key=name)
            if any(m.action is not Action.PLAY for m in legal_moves(state)):
                turn_buttons(state, lambda m: _submit(name, m, on_finish), key=name)
    if isinstance(step, QuizStep) and not run.done:
        choices = run.choices(current)
        if choices is not None:
            columns = st.columns(min(len(choices), 4))
            for index, (value, label) in enumerate(choices):
                columns[index % len(columns)].button(label, key=f"{name}_choice_{run.index}_{index}",
                                                     on_click=_answer, args=(name, value, on_finish), width="stretch")
        else:
            if answer_type(step.ask) == "number":
                st.number_input(tr("learn.your_answer"), min_value=0, max_value=1000, step=1, value=None,
                                key=_typed_key(name, run))
            else:
                st.text_input(tr("learn.your_answer"), key=_typed_key(name, run))
            st.button(tr("learn.answer"), key=f"{name}_answer", on_click=_typed_answer, args=(name, on_finish),
                      type="primary")
    shown = st.session_state.get(_key(name, "shown"))
    if isinstance(shown, Shown):
        text = shown.message + (f"\n\n{shown.explanation}" if shown.explanation else "")
        if shown.correct:
            st.success(text, icon=":material/check_circle:")
        elif shown.correct is False:
            st.error(text, icon=":material/front_hand:")
        if shown.hint:
            st.info(shown.hint, icon=":material/lightbulb:")
    if presenter and not run.done and isinstance(step, (PlayStep, QuizStep)):
        if st.session_state.get(_key(name, "revealed")):
            answer = _right_answer_text(run)
            if answer:
                st.success(tr("learn.answer_is", answer=answer))
            st.button(tr("learn.play_answer"), key=f"{name}_solve", on_click=_solve, args=(name, on_finish))
        else:
            st.button(tr("learn.reveal"), key=f"{name}_reveal", on_click=_reveal, args=(name,))
    left, right = st.columns([1, 3], vertical_alignment="center")
    if isinstance(step, (PlayStep, QuizStep)) and not run.done:
        left.button(tr("learn.hint"), key=f"{name}_hint", on_click=_hint, args=(name,), width="stretch")
    if run.done and not run.finished:
        left.button(tr("learn.next"), key=f"{name}_next", type="primary", on_click=_next, args=(name, on_finish),
                    width="stretch")
    if run.finished:
        stars = run.stars
        st.success(tr("learn.finished", stars="★" * stars + "☆" * (3 - stars), mistakes=run.mistakes,
                      hints=run.hints_used))
    right.caption(tr("learn.score_so_far", mistakes=run.mistakes, hints=run.hints_used))
