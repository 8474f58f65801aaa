"""A class on screen: the teacher's wall (the step, the tally, reveal and next) and each learner's phone.

Why every phone rebuilds the step itself (``class_steps.run_at``): the
database keeps only the lesson, the seed and the step on the wall, so a late
joiner, a reloaded phone and a phone served by another app instance all
land on the same step with the same board. A learner's first answer is
judged by the lesson runner and kept; the verdict and the worked explanation
appear on the phone when the teacher reveals the answer.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import plotly.graph_objects as go
import streamlit as st

from tutorial_app.app.club.host import host_tools
from tutorial_app.app.club.room import Device, act, follow, join_card, refusal, room_button, say_refusal
from tutorial_app.app.games import lesson_screens
from tutorial_app.app.learn.step_parts import choice_columns, remember, reveals_answer, right_answer_text, show_tiles
from tutorial_app.app.shell.button_rows import button_cells
from tutorial_app.app.shell.charts import PALETTE
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import bump, lang, tr
from tutorial_app.app.shell.state import page_state
from tutorial_app.app.shell.step_hooks import StepHooks
from tutorial_app.app.table.controls import set_selected
from tutorial_app.app.table.lesson import step_board
from tutorial_app.club.class_steps import (
    Judged,
    action_key,
    capstone_outcome,
    hand_key,
    judge,
    key_label,
    option_keys,
    right_keys,
    run_at,
    task_of,
    verdict,
)
from tutorial_app.club.classroom import Answered, Tally, scores, tally
from tutorial_app.club.seating import Member, present
from tutorial_app.club.store import ClubStore, Room, clock
from tutorial_app.lessons import LessonRun, finish_step, solve
from tutorial_app.lessons.format.model import Lesson, QuizStep, RememberStep
from tutorial_app.lessons.quiz.answers import answer_type
from tutorial_app.rules.line.state import Move

__all__ = ["teacher_view", "learner_view", "wall_view"]

BOARD = "club_board"
RIGHT, OTHER, NEUTRAL = "#009E73", "#999999", PALETTE[0]


_SHARED: OrderedDict[tuple[str, int, int, bool], LessonRun] = OrderedDict()


def _shared_run(lesson: Lesson, step: int, seed: int, solved: bool) -> LessonRun:
    """The run at a class's step, built once per server for every screen of the class.

    Why shared: when the teacher moves on, every phone of the class rebuilds the same step at once (a
    hundred of them within a second); the screens only read it. A whole hand against bots (a capstone),
    which a learner plays on, gets a run of its own (``_run``).
    """
    key = (lesson.id, step, seed, solved)
    run = _SHARED.get(key)
    if run is None:
        run = run_at(lesson, step, seed)
        if solved and task_of(run) in ("quiz", "move"):
            finish_step(run)
        _SHARED[key] = run
        while len(_SHARED) > 128:
            _SHARED.popitem(last=False)
    return run


@dataclass
class ClassTab:
    """This tab's lesson run at the step on the wall: kept while the room, the step and whether it is shown
    solved stay the same (``step``)."""

    step: tuple[str, int, bool] | None = None
    run: LessonRun | None = None


def _class_tab() -> ClassTab:
    return page_state("club_class", ClassTab)


def _run(room: Room, lesson: Lesson, *, solved: bool) -> LessonRun:
    """This tab's run at the step on the wall (kept while the step stays; ``solved``: with the answer played)."""
    data = room.class_data()
    key = (room.code, room.step, solved)
    kept = _class_tab()
    if kept.run is not None and kept.step == key:
        return kept.run
    run = _shared_run(lesson, room.step, int(data["seed"]), solved)
    if task_of(run) == "hand":
        run = run_at(lesson, room.step, int(data["seed"]))
    kept.step, kept.run = key, run
    set_selected(BOARD, None)
    bump(BOARD)
    return run


def _step_header(run: LessonRun) -> None:
    step = run.step
    st.progress(run.progress, text=tr("learn.step_of", n=run.index + 1, total=len(run.lesson.steps)))
    if step.title is not None:
        st.subheader(step.title.in_(lang()))
    if isinstance(step, RememberStep):
        remember(run)
        return
    if isinstance(step, QuizStep) and step.review is not None:
        st.caption(tr("learn.review"))  # the lesson's text no longer says so itself
    st.markdown(step.text.in_(lang()))
    show_tiles(run)


def _board(run: LessonRun, *, large: bool) -> None:
    """The step's board to look at (the wall's, or a phone's while it reads, waits or sees the answer)."""
    state = run.state
    if state is not None:
        step_board(BOARD, run, state, large=large, height=420, show_turn=not reveals_answer(run.step))


# -- the teacher -----------------------------------------------------------------------------


def _answers_chart(bars: Sequence[tuple[str, int, bool]], revealed: bool) -> go.Figure:
    """One horizontal bar per answer given (the right ones green once revealed)."""
    labels = [label for label, _n, _right in bars]
    colours = [RIGHT if revealed and right else OTHER if revealed else NEUTRAL for _label, _n, right in bars]
    figure = go.Figure(
        go.Bar(
            x=[n for _label, n, _right in bars],
            y=labels,
            orientation="h",
            marker_color=colours,
            text=[str(n) for _label, n, _right in bars],
            textposition="auto",
            hovertemplate="%{y}: %{x}<extra></extra>",
        )
    )
    figure.update_layout(
        template="none",
        height=70 + 46 * max(1, len(bars)),
        showlegend=False,
        margin={"l": 10, "r": 10, "t": 10, "b": 30},
        paper_bgcolor="rgba(0,0,0,0)",
        plot_bgcolor="rgba(0,0,0,0)",
        font={"color": "#444", "size": 15},
        xaxis={"dtick": 1, "rangemode": "tozero", "gridcolor": "#ddd"},
        yaxis={"autorange": "reversed", "automargin": True},
    )
    return figure


def _tally(store: ClubStore, room: Room, run: LessonRun, members: list[Member]) -> Tally:
    given = [answer for step, answer in store.answers(room.code, room.step, shared=True) if step == room.step]
    learners = len(present(members, clock()))
    return tally(given, learners, option_keys(run), right_keys(run))


def _teacher_panel(store: ClubStore, room: Room, run: LessonRun, members: list[Member]) -> None:
    """How many answered, the spread of answers, who answered, and the right answer once revealed."""
    current = lang()
    task = task_of(run)
    revealed = room.phase == "revealed"
    counted = _tally(store, room, run, members)
    if task == "read":
        st.caption(tr("club.read_step", n=counted.learners))
        return
    st.metric(tr("club.answered"), f"{counted.answered} / {counted.learners}")
    if counted.bars and (revealed or st.session_state.get("club_spread_early", True)):
        bars = [(key_label(bar.key, run, current), bar.given, bar.correct) for bar in counted.bars]
        st.plotly_chart(
            _answers_chart(bars, revealed),
            config={"displayModeBar": False, "staticPlot": True},
            key=f"club_tally_{room.step}_{room.version}",
        )
    if revealed:  # green only when somebody got it right: "0 of 1 answered right" is no success
        said = tr("club.right_count", right=counted.right, answered=counted.answered)
        if counted.right:
            st.success(said, icon=":material/check_circle:")
        else:
            st.info(said)
    names = {m.id: m.name for m in members}
    marks = {a.member: a for _s, a in store.answers(room.code, room.step, shared=True)}
    shown = [f"{plain(names.get(m.id, '?'), 40)} {_mark(marks.get(m.id), revealed)}" for m in present(members, clock())]
    if shown:
        st.caption(" · ".join(shown))


def _mark(answer: Answered | None, revealed: bool) -> str:
    """Beside a learner's name: still thinking, answered, and once revealed right or not (icons, not emoji)."""
    if answer is None:
        return ":grey[:material/more_horiz:]"
    if not revealed:
        return ":blue[:material/done:]"
    return ":green[:material/check_circle:]" if answer.correct else ":red[:material/cancel:]"


def _teacher_answer(room: Room, lesson: Lesson, seed: int) -> None:
    """The right answer and the rules core's worked explanation, once revealed."""
    fresh = run_at(lesson, room.step, seed)
    answer = right_answer_text(fresh)
    action = solve(fresh)
    if answer:
        st.success(tr("learn.answer_is", answer=answer))
    if action is None:
        return
    said = verdict(lesson, room.step, seed, action_key(action))
    if said is not None and said.explanation is not None:
        st.info(said.explanation.in_(lang()), icon=":material/school:")


def _teach(store: ClubStore, place: Device, action: str, at_step: int) -> None:
    act(store.teach, place.code, place.token, action, clock(), at_step)


def _teacher_buttons(store: ClubStore, place: Device, room: Room, run: LessonRun) -> None:
    """Show the answer (while learners answer), then the next step; back one step; end the class.

    Each click carries the step on this screen: a click from a screen that lagged behind is refused.
    """
    state = room.class_state()
    asking = task_of(run) in ("quiz", "move") and state.phase == "asking"
    step = room.step
    if asking:
        room_button(
            tr("club.reveal"), "club_reveal", _teach, store, place, "reveal", step, type="primary", width="stretch"
        )
    if not state.last_step:
        room_button(
            tr("club.next"),
            "club_next",
            _teach,
            store,
            place,
            "next",
            step,
            type="secondary" if asking else "primary",
            width="stretch",
        )
    left, right = st.columns(2)
    room_button(
        tr("club.back"),
        "club_back",
        _teach,
        store,
        place,
        "back",
        step,
        where=left,
        disabled=step == 0,
        width="stretch",
    )
    room_button(tr("club.finish"), "club_finish", _teach, store, place, "finish", step, where=right, width="stretch")


def _class_over(store: ClubStore, room: Room, members: list[Member], me: Member) -> None:
    totals = scores(answer for _step, answer in store.answers(room.code, shared=True))
    st.success(tr("club.class_over"), icon=":material/celebration:")
    if me.role == "learner":
        st.markdown(tr("club.your_score", right=totals.get(me.id, 0)))
        return
    rows = [
        {tr("club.learner"): plain(m.name, 60), tr("club.right_answers"): totals.get(m.id, 0)}
        for m in members
        if m.role == "learner"
    ]
    if rows:
        st.table(sorted(rows, key=lambda row: -int(row[tr("club.right_answers")])))


WALL_CSS = """
<style>
[data-testid="stMainBlockContainer"] [data-testid="stMarkdownContainer"] p { font-size: 1.35rem; }
[data-testid="stMainBlockContainer"] [data-testid="stCaptionContainer"] p { font-size: 0.95rem; }
[data-testid="stMainBlockContainer"] [data-testid="stWidgetLabel"] [data-testid="stMarkdownContainer"] {
  white-space: normal; overflow: visible; text-overflow: clip; }
[data-testid="stMainBlockContainer"] [data-testid="stWidgetLabel"] p { font-size: 1rem; white-space: normal; }
</style>
"""
"""The teacher's screen may be on the wall: the step's text larger, small print as it is. A widget's label
(the toggle beside the buttons) keeps its size and wraps: at the larger size Streamlit cut it off with "…"."""


def _code_box(code: str) -> None:
    """The join code in large type, with the QR code and the link a click away."""
    st.markdown(tr("club.join_small", code=code))
    with st.popover(tr("club.how_to_join"), width="stretch"):
        join_card(code)


def teacher_view(store: ClubStore, place: Device, room: Room, lesson: Lesson, me: Member) -> None:
    """The teacher's screen: the step large beside the join code, the tally and the buttons that lead the class."""
    members = store.members(room.code, shared=True)
    st.title(lesson.title.in_(lang()))
    if room.phase == "over":
        _class_over(store, room, members, me)
        return
    follow(place, room.version)
    say_refusal(lang())
    st.markdown(WALL_CSS, unsafe_allow_html=True)
    run = _run(room, lesson, solved=room.phase == "revealed")
    if room.step == 0 and not [m for m in members if m.role == "learner"]:
        join_card(room.code)  # nobody has joined yet: the code, the QR code and the link up front
    step, panel = st.columns([3, 2], gap="medium")
    with step:
        _step_header(run)
        _board(run, large=True)
    with panel:
        _code_box(room.code)
        _teacher_panel(store, room, run, members)
        if room.phase == "revealed":
            _teacher_answer(room, lesson, int(room.class_data()["seed"]))
        _teacher_buttons(store, place, room, run)
        st.toggle(tr("club.spread_early"), key="club_spread_early", value=True, help=tr("club.spread_early_help"))
        host_tools(store, place, room, members)


def wall_view(store: ClubStore, place: Device, room: Room, lesson: Lesson) -> None:
    """The wall screen: the step, the board and the join code large, the tally once the answer is shown; no
    buttons (its link is view-only, so it is safe on a projector or a shared screen)."""
    members = store.members(room.code, shared=True)
    st.title(lesson.title.in_(lang()))
    if room.phase == "over":
        st.success(tr("club.class_over"), icon=":material/celebration:")
        return
    follow(place, room.version)
    st.markdown(WALL_CSS, unsafe_allow_html=True)
    run = _run(room, lesson, solved=room.phase == "revealed")
    step, panel = st.columns([3, 2], gap="medium")
    with step:
        _step_header(run)
        _board(run, large=True)
    with panel:
        join_card(room.code, large=False)
        counted = _tally(store, room, run, members)
        if task_of(run) != "read":
            st.metric(tr("club.answered"), f"{counted.answered} / {counted.learners}")
        if room.phase == "revealed":
            _teacher_answer(room, lesson, int(room.class_data()["seed"]))
        st.caption(tr("club.wall_note"))


# -- a learner ---------------------------------------------------------------------------------


def _send(store: ClubStore, place: Device, room: Room, lesson: Lesson, action: object) -> None:
    judged = judge(lesson, room.step, int(room.class_data()["seed"]), action)
    if judged.refused is not None:
        refusal(judged.refused)
        return
    act(store.answer, place.code, place.token, room.step, judged, clock())


def _typed(store: ClubStore, place: Device, room: Room, lesson: Lesson, key: str) -> None:
    _send(store, place, room, lesson, st.session_state.get(key))


def _own_board(run: LessonRun, submit: Callable[[Move], None]) -> None:
    """The learner's board and move buttons, as the lesson player has them (the game's lesson screens): tiles and
    ends, draw and pass, and the All Fives claim box and the face-down box where the step's rules have them; the
    move, with its claim, goes to ``submit``; what a click means (e.g. a tile that fits nowhere) is the phone's
    note."""
    state = run.state
    if state is None:
        return
    screens = lesson_screens(run)
    hooks: StepHooks[Move] = StepHooks(submit=lambda move: submit(screens.prepared(BOARD, run, move)), say=refusal)
    screens.board(BOARD, run, state, presenter=False, height=420, show_turn=not reveals_answer(run.step), hooks=hooks)
    screens.move_panel(BOARD, run, state, hooks)


def _quiz_inputs(store: ClubStore, place: Device, room: Room, lesson: Lesson, run: LessonRun) -> None:
    step = run.step
    assert isinstance(step, QuizStep)
    choices = run.choices(lang())
    if choices is not None:
        cells = button_cells(len(choices), choice_columns([label for _value, label in choices]))
        for index, (cell, (value, label)) in enumerate(zip(cells, choices, strict=True)):
            room_button(
                label,
                f"club_choice_{room.step}_{index}",
                _send,
                store,
                place,
                room,
                lesson,
                value,
                where=cell,
                width="stretch",
            )
        return
    key = f"club_typed_{room.code}_{room.step}"
    if answer_type(step.ask) == "number":
        st.number_input(tr("learn.your_answer"), min_value=0, max_value=1000, step=1, value=None, key=key)
    else:
        st.text_input(tr("learn.your_answer"), key=key)
    st.button(
        tr("learn.answer"), type="primary", key="club_answer", on_click=_typed, args=(store, place, room, lesson, key)
    )


def _my_answer(store: ClubStore, room: Room, me: Member) -> Answered | None:
    return next((a for _s, a in store.answers(room.code, room.step, shared=True) if a.member == me.id), None)


def _after_answer(room: Room, lesson: Lesson, run: LessonRun, mine: Answered) -> None:
    """What the learner sees once they answered: their answer, then at the reveal the verdict and why."""
    current = lang()
    said = key_label(mine.key, run, current)
    if room.phase != "revealed":
        st.info(tr("club.sent", answer=said), icon=":material/hourglass_top:")
        return
    seed = int(room.class_data()["seed"])
    feedback = verdict(lesson, room.step, seed, mine.key)
    why = feedback.explanation.in_(current) if feedback is not None and feedback.explanation is not None else ""
    if mine.correct:
        st.success(tr("club.you_right", answer=said) + (f"\n\n{why}" if why else ""), icon=":material/check_circle:")
        return
    st.error(tr("club.you_wrong", answer=said), icon=":material/front_hand:")
    answer = right_answer_text(run_at(lesson, room.step, seed))
    if answer or why:
        st.success(
            "\n\n".join(part for part in (tr("learn.answer_is", answer=answer) if answer else "", why) if part),
            icon=":material/school:",
        )


def _capstone_move(run: LessonRun, move: Move) -> None:
    said = run.submit_move(move)
    if not said.correct:
        refusal(said.message)
    set_selected(BOARD, None)
    bump(BOARD)


def _capstone(store: ClubStore, place: Device, room: Room, run: LessonRun, mine: Answered | None) -> None:
    """A whole hand against bots on the learner's own board; how it ended goes to the teacher's tally."""
    state = run.state
    if state is None:
        return
    if mine is not None or run.done:
        outcome = capstone_outcome(run)
        if mine is None and outcome is not None:
            act(store.answer, place.code, place.token, room.step, Judged(hand_key(outcome), outcome == "won"), clock())
        _board(run, large=False)
        st.success(tr("club.hand_done"), icon=":material/military_tech:")
        return
    _own_board(run, lambda move: _capstone_move(run, move))


def learner_view(store: ClubStore, place: Device, room: Room, lesson: Lesson, me: Member) -> None:
    """A learner's phone: the step on the wall, their own board, their answer, and the verdict at the reveal."""
    current = lang()
    st.caption(tr("club.you_are", name=plain(me.name, 60), code=room.code))
    if room.phase == "over":
        _class_over(store, room, store.members(room.code, shared=True), me)
        return
    follow(place, room.version, stage=(room.step, room.phase))  # others' answers and joins are not redrawn here
    run = _run(room, lesson, solved=False)
    _step_header(run)
    say_refusal(current)
    task = task_of(run)
    mine = _my_answer(store, room, me)
    if task == "read":
        _board(run, large=False)
        st.caption(tr("club.read_along"))
    elif task == "hand":
        _capstone(store, place, room, run, mine)
    elif mine is not None:
        _after_answer(room, lesson, run, mine)
        _board(run, large=False)
    elif room.phase == "revealed":
        st.warning(tr("club.too_late"))
        _board(run, large=False)
    elif task == "quiz":
        _quiz_inputs(store, place, room, lesson, run)
        _board(run, large=False)
    else:
        _own_board(run, lambda move: _send(store, place, room, lesson, move))
