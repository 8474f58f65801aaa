"""The Puzzles page's parts: the learner's standing, the puzzle on the board, the verdict and the line.

Why the store lives here, per server and per tab: the ratings, attempts and
mistakes go to the progress database under the learner's name; a visitor
without a name, or a server whose database is down, gets a database of its
own in the tab's memory, so every part of the page works the same way and
nothing is shared between visitors.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import plotly.graph_objects as go
import streamlit as st

from tutorial_app.app.board_view import board_theme, show_board
from tutorial_app.app.controls import (
    face_down,
    move_controls,
    move_options,
    selected_tile,
    set_selected,
    table_click,
    with_typed_claim,
)
from tutorial_app.app.lesson_player import play_lesson
from tutorial_app.app.puzzle_round import Round, answer_name, mistake_round, puzzle_round, refutation_line, when_text
from tutorial_app.app.puzzle_session import ANONYMOUS, database, puzzle_store, who
from tutorial_app.app.session import bump, lang, tr
from tutorial_app.lessons import Lesson, LessonError, Run, load_lesson, solve_until, start_run
from tutorial_app.lessons.catalog import course_names, lesson_ids, lessons_root
from tutorial_app.lessons.model import QuizStep
from tutorial_app.puzzles.catalog import by_id, shipped_puzzles
from tutorial_app.puzzles.mistakes import read_review
from tutorial_app.puzzles.schedule import RIGHTS_TO_RETIRE
from tutorial_app.puzzles.store import PuzzleStore, QueueItem, StoreUnavailable, day_of
from tutorial_app.puzzles.themes import THEME_LESSONS, THEME_NAMES, THEMES, Theme
from tutorial_app.puzzles.trainer import PLACEMENT, daily_puzzle, next_puzzle, placing, puzzle_rating
from tutorial_app.rules.moves import apply
from tutorial_app.rules.state import Move
from tutorial_app.rules.text import Text
from tutorial_app.rules.variants import find_variant

__all__ = [
    "NAME",
    "Mode",
    "MODES",
    "standing_header",
    "serve",
    "serve_link",
    "current_round",
    "chosen_mode",
    "round_area",
    "quiz_area",
    "due_quiz",
    "club_opt_in",
    "club_board",
]

NAME = "puzzles"
Mode = Literal["rated", "daily", "mistakes"]
MODES: tuple[Mode, ...] = ("rated", "daily", "mistakes")
_ROUND = f"{NAME}_round"
_LINE = f"{NAME}_line_at"
_SAID = f"{NAME}_said"
_QUIZ = f"{NAME}_quiz"
_QUIZ_RUN = f"{NAME}_quiz_kept"
QUIZ_PLAYER = f"{NAME}_quiz"
"""The lesson player's name for a missed question played again (its answers do not join the queue again)."""


# -- the standing ------------------------------------------------------------------------------


def _history_figure(points: list[tuple[float, float]]) -> go.Figure:
    ratings = [r for _, r in points]
    dark = board_theme() == "dark"
    colour = "#8ab4f8" if dark else "#0072B2"
    return go.Figure(
        data=[go.Scatter(y=ratings, mode="lines+markers", line={"color": colour, "width": 2}, marker={"size": 4})],
        layout={
            "template": "none",
            "height": 90,
            "margin": {"l": 36, "r": 4, "t": 4, "b": 4},
            "paper_bgcolor": "rgba(0,0,0,0)",
            "plot_bgcolor": "rgba(0,0,0,0)",
            "font": {"color": "#ddd" if dark else "#333", "size": 11},
            "xaxis": {"visible": False, "fixedrange": True},
            "yaxis": {"fixedrange": True, "gridcolor": "#555" if dark else "#ddd", "nticks": 4},
            "showlegend": False,
        },
    )


def standing_header(store: PuzzleStore) -> None:
    """One line: the rating (placement while it is being found), the days in a row, the solved count; beside it
    the rating's history as a small chart."""
    standing = store.standing(who())
    rating = standing.rating
    parts = [
        f"**{tr('puzzles.rating')}: {tr('puzzles.rating_value', rating=round(rating.r), rd=round(rating.rd))}**",
        f"{tr('puzzles.streak')}: **{standing.streak}**",
        f"{tr('puzzles.solved')}: {tr('puzzles.solved_of', solved=standing.solved, attempts=standing.attempts)}",
    ]
    rated = len(store.attempted(who()))
    if placing(rated):
        parts.append(tr("puzzles.placing", n=rated + 1, total=PLACEMENT))
    history = store.history(who())
    words, chart = st.columns([3, 2], vertical_alignment="center")
    words.markdown(" · ".join(parts), help=tr("puzzles.streak_help"))
    if len(history) >= 2:
        chart.plotly_chart(
            _history_figure(history),
            key=f"{NAME}_history",
            config={"staticPlot": True},
            width="stretch",
        )


# -- serving a round -------------------------------------------------------------------------------


def chosen_mode() -> Mode:
    """What the learner chose to solve (rated puzzles when nothing is chosen)."""
    chosen = st.session_state.get(f"{NAME}_mode")
    return next((mode for mode in MODES if mode == chosen), "rated")


def current_round() -> Round | None:
    found = st.session_state.get(_ROUND)
    return found if isinstance(found, Round) else None


def _set_round(found: Round | None) -> None:
    st.session_state[_ROUND] = found
    st.session_state[_LINE] = None
    st.session_state[_SAID] = None
    set_selected(NAME, None)
    bump(NAME)


def _filters() -> tuple[Theme | None, str | None]:
    theme = st.session_state.get(f"{NAME}_theme")
    preset = st.session_state.get(f"{NAME}_game")
    return (theme if theme in THEMES else None), (preset if isinstance(preset, str) and preset else None)


def serve(store: PuzzleStore, mode: Mode) -> None:
    """Put the next question of ``mode`` on the page (nothing when there is none)."""
    if mode == "mistakes":
        _serve_mistake(store)
        return
    st.session_state[_QUIZ] = None
    puzzles = shipped_puzzles()
    if mode == "daily":
        puzzle = daily_puzzle(puzzles, day_of(store.clock()))
        _set_round(puzzle_round(puzzle, "daily") if puzzle is not None else None)
        return
    standing = store.standing(who())
    theme, preset = _filters()
    rng = random.Random()
    puzzle = next_puzzle(
        puzzles, store.puzzle_ratings(), standing.rating, store.attempted(who()), rng, theme=theme, preset=preset
    )
    _set_round(puzzle_round(puzzle) if puzzle is not None else None)


def serve_link(asked: str | None) -> None:
    """``?puzzle=ID`` (a shared puzzle): that puzzle, rated, once per link (a wrong id is ignored)."""
    if not asked or st.session_state.get(f"{NAME}_link") == asked:
        return
    st.session_state[f"{NAME}_link"] = asked
    puzzle = by_id(asked)
    if puzzle is not None:
        st.session_state[_QUIZ] = None
        _set_round(puzzle_round(puzzle))


def _serve_mistake(store: PuzzleStore) -> None:
    """The longest-waiting due mistake: a review decision as a round, a lesson quiz through the lesson player."""
    st.session_state[_QUIZ] = None
    for item in store.due_mistakes(who()):
        if item.source == "quiz":
            if item.payload.get("lesson") in lesson_ids():
                st.session_state[_QUIZ] = item
                _set_round(None)
                return
            continue
        try:
            _set_round(mistake_round(read_review(item.payload), item.id))
        except (ValueError, KeyError, TypeError):
            continue  # a position the rules no longer read: skip it rather than stop the queue
        return
    _set_round(None)


def due_quiz() -> QueueItem | None:
    """The missed lesson quiz on the page now, if the mistakes queue served one."""
    found = st.session_state.get(_QUIZ)
    return found if isinstance(found, QueueItem) else None


# -- answering -----------------------------------------------------------------------------------------


def _answer(move: Move) -> None:
    found = current_round()
    if found is None or found.over:
        return
    move = with_typed_claim(found.state.rules, NAME, move)
    judged = found.judge(move)
    if isinstance(judged, Text):
        st.session_state[_SAID] = judged
        return
    store, _note = puzzle_store()
    right = bool(judged.right)
    if judged.puzzle is not None:
        puzzle = judged.puzzle
        start = puzzle_rating(puzzle, {})
        kind: Literal["rated", "daily"] = "daily" if judged.kind == "daily" else "rated"
        result = store.record_attempt(who(), puzzle.id, start, str(move._replace(claim=None)), right, kind)
        judged = judged.recorded(result)
    elif judged.item_id is not None:
        spacing = store.answer_mistake(who(), judged.item_id, str(move._replace(claim=None)), right)
        st.session_state[f"{NAME}_spacing"] = spacing
    st.session_state[_ROUND] = judged
    st.session_state[_SAID] = None
    set_selected(NAME, None)
    bump(NAME)


def _click(clicked: str) -> None:
    found = current_round()
    if found is None or found.over:
        return
    outcome = table_click(NAME, found.state, found.seat, clicked, closed=face_down(NAME))
    st.session_state[_SAID] = outcome.message
    if outcome.move is not None:
        _answer(outcome.move)


def _line_step(delta: int, total: int) -> None:
    at = st.session_state.get(_LINE)
    at = 0 if at is None else at + delta
    st.session_state[_LINE] = max(0, min(total - 1, at))
    bump(NAME)


def _line_off() -> None:
    st.session_state[_LINE] = None
    bump(NAME)


# -- drawing ----------------------------------------------------------------------------------------


def _game_caption(found: Round) -> str:
    rules = found.state.rules
    preset = found.puzzle.preset if found.puzzle is not None else None
    title = find_variant(preset).title.in_(lang()) if preset is not None else ""
    rating = round(found.puzzle.rating) if found.puzzle is not None else "—"
    pairs = tr("puzzles.pairs") if rules.in_pairs else ""
    return tr("puzzles.table", game=title or "—", players=rules.players, pairs=pairs, rating=rating)


def _board(found: Round) -> None:
    at = st.session_state.get(_LINE)
    line = (
        refutation_line(found.puzzle, found.answered) if found.puzzle and found.answered and not found.right else None
    )
    if line is not None and at is not None and 0 <= at < len(line.states):
        state, reveal = line.states[at], line.states[at].is_over
        interactive = False
    elif found.answered is not None and found.right:
        state, reveal, interactive = apply(found.state, found.answered), False, False  # the answer, laid
    else:
        state, reveal, interactive = found.state, False, not found.over
    show_board(
        state,
        name=NAME,
        on_click=_click if interactive else (lambda _clicked: None),
        selected=selected_tile(NAME) if interactive else None,
        seat=found.seat,
        reveal=reveal,
        show_fits=interactive,
    )


def _verdict(found: Round) -> None:
    current = lang()
    assert found.answered is not None
    played = answer_name(str(found.answered._replace(claim=None)), found.state).in_(current)
    best_key = found.puzzle.best if found.puzzle is not None else (found.mistake.best if found.mistake else "")
    best = answer_name(best_key, found.state).in_(current)
    words = found.explanation().in_(current)
    if found.right:
        st.success(tr("puzzles.right", move=played) + "\n\n" + words, icon=":material/check_circle:")
    else:
        st.error(tr("puzzles.wrong", move=played, best=best) + "\n\n" + words, icon=":material/front_hand:")
    _after_words(found)


def _after_words(found: Round) -> None:
    """What the answer did: the rating's move, the theme and its lesson, or the queue's next showing."""
    current = lang()
    result = found.result
    if result is not None:
        if result.before == result.after:
            st.caption(tr("puzzles.tried_before"))
        else:
            delta = round(result.after.r) - round(result.before.r)
            st.caption(
                tr(
                    "puzzles.rating_change",
                    before=round(result.before.r),
                    after=round(result.after.r),
                    delta=f"{delta:+d}",
                )
            )
    theme = found.puzzle.theme if found.puzzle is not None else None
    if theme is not None:
        st.caption(tr("puzzles.theme_was", theme=THEME_NAMES[theme].in_(current)))
        lesson = THEME_LESSONS.get(theme)
        if lesson is not None and lesson in lesson_ids():
            st.page_link(
                "app_pages/learn.py",
                label=tr("puzzles.learn_theme", theme=THEME_NAMES[theme].in_(current)),
                icon=":material/school:",
                query_params={"lesson": lesson},
            )
    spacing = st.session_state.get(f"{NAME}_spacing")
    if found.kind == "review" and spacing is not None:
        store, _note = puzzle_store()
        when = when_text(spacing.due, store.clock()).in_(current)
        if spacing.retired:
            st.caption(tr("puzzles.mistake_done"))
        elif found.right and spacing.rights < RIGHTS_TO_RETIRE:
            st.caption(tr("puzzles.mistake_right", when=when))
        else:
            st.caption(tr("puzzles.mistake_wrong", when=when))


def _line_controls(found: Round) -> None:
    if found.puzzle is None or found.answered is None or found.right:
        return
    line = refutation_line(found.puzzle, found.answered)
    if line is None:
        return
    at = st.session_state.get(_LINE)
    if at is None:
        st.button(tr("puzzles.show_line"), key=f"{NAME}_show_line", on_click=_line_step, args=(0, len(line.states)))
        return
    total = len(line.states)
    st.markdown(line.told.in_(lang()))
    back, caption, forward = st.columns([1, 2, 1], vertical_alignment="center")
    back.button(
        tr("puzzles.line_previous"),
        key=f"{NAME}_line_back",
        on_click=_line_step,
        args=(-1, total),
        disabled=at == 0,
        width="stretch",
    )
    caption.caption(tr("puzzles.line_step", k=at + 1, total=total))
    forward.button(
        tr("puzzles.line_next"),
        key=f"{NAME}_line_forward",
        on_click=_line_step,
        args=(1, total),
        disabled=at >= total - 1,
        width="stretch",
    )
    st.button(tr("puzzles.line_back"), key=f"{NAME}_line_off", on_click=_line_off)


def _prompt(found: Round) -> None:
    current = lang()
    if found.kind == "daily":
        store, _note = puzzle_store()
        st.markdown(f"**{tr('puzzles.daily', day=day_of(store.clock()))}**")
    if found.mistake is not None:
        mark = tr("puzzles.mark_blunder" if found.mistake.mark == "blunder" else "puzzles.mark_mistake")
        played = answer_name(found.mistake.played, found.state).in_(current)
        st.markdown(tr("puzzles.mistake_from", played=played, mark=mark))
    else:
        st.caption(_game_caption(found))
    st.markdown(tr("puzzles.question"))


def _panel(found: Round, mode: Mode) -> None:
    _prompt(found)
    said = st.session_state.get(_SAID)
    if isinstance(said, Text):
        st.warning(said.in_(lang()), icon=":material/front_hand:")
    if not found.over:
        move_options(found.state.rules, NAME)
        move_controls(found.state, found.seat, _click, _answer, key=NAME, per_row=4)
        return
    _verdict(found)
    _line_controls(found)


def round_area(store: PuzzleStore, mode: Mode) -> None:
    """The question: the board and, beside it (under it on a phone), the prompt, the controls, the verdict."""
    found = current_round()
    if found is None:
        return
    board, panel = st.columns([3, 2], gap="medium")
    with board:
        _board(found)
    with panel:
        _panel(found, mode)
        if found.over:
            label = "puzzles.next_mistake" if mode == "mistakes" else "puzzles.next"
            st.button(tr(label), key=f"{NAME}_next", type="primary", on_click=serve, args=(store, mode))


# -- a missed lesson question -----------------------------------------------------------------------------


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
    kept = st.session_state.get(_QUIZ_RUN)
    if isinstance(kept, tuple) and kept[0] == item.id:
        return kept[1]  # type: ignore[no-any-return]
    lesson = _lesson(str(item.payload.get("lesson")))
    step = item.payload.get("step")
    if lesson is None or not isinstance(step, int) or not 0 <= step < len(lesson.steps):
        return None
    if not isinstance(lesson.steps[step], QuizStep):
        return None
    run = start_run(lesson.model_copy(update={"steps": lesson.steps[: step + 1]}))
    solve_until(run, lambda r: r.index == step)
    st.session_state[_QUIZ_RUN] = (item.id, run)
    st.session_state[f"{QUIZ_PLAYER}_run"] = run
    st.session_state[f"{QUIZ_PLAYER}_shown"] = None
    return run


def _quiz_finished(run: Run) -> None:
    item = due_quiz()
    if item is None:
        return
    store, _note = puzzle_store()
    right = run.mistakes == 0 and run.hints_used == 0
    spacing = store.answer_mistake(who(), item.id, "quiz", right)
    st.session_state[f"{NAME}_spacing"] = spacing
    st.session_state[f"{NAME}_quiz_right"] = right


def quiz_area(store: PuzzleStore) -> None:
    """A missed lesson question, played by the lesson player; then how the queue takes the answer."""
    item = due_quiz()
    if item is None:
        return
    run = _quiz_run(item)
    if run is None:
        store.answer_mistake(who(), item.id, "gone", True)  # the lesson changed: the question is no more
        st.session_state[_QUIZ] = None
        return
    st.info(tr("puzzles.quiz_from", lesson=run.lesson.title.in_(lang())), icon=":material/school:")
    play_lesson(QUIZ_PLAYER, _quiz_finished)
    if run.finished:
        spacing = st.session_state.get(f"{NAME}_spacing")
        if spacing is not None:
            when = when_text(spacing.due, store.clock()).in_(lang())
            right = bool(st.session_state.get(f"{NAME}_quiz_right"))
            if spacing.retired:
                st.caption(tr("puzzles.mistake_done"))
            else:
                st.caption(tr("puzzles.mistake_right" if right else "puzzles.mistake_wrong", when=when))
        st.button(
            tr("puzzles.next_mistake"),
            key=f"{NAME}_next_quiz",
            type="primary",
            on_click=serve,
            args=(store, "mistakes"),
        )


# -- the club ----------------------------------------------------------------------------------------


def _opt_in_changed(store: PuzzleStore) -> None:
    store.show_name(who(), bool(st.session_state.get(f"{NAME}_show_name")))


def club_opt_in(store: PuzzleStore) -> None:
    """The learner's choice to appear on the club's board (only with a name and the shared database)."""
    if who() == ANONYMOUS:
        return
    st.session_state[f"{NAME}_show_name"] = store.standing(who()).show_name
    st.checkbox(
        tr("puzzles.show_name"),
        key=f"{NAME}_show_name",
        help=tr("puzzles.show_name_help"),
        on_change=_opt_in_changed,
        args=(store,),
    )


def club_board() -> None:
    """The club page's table of puzzle ratings: members who chose to show their name."""
    st.subheader(tr("puzzles.board_title"))
    found = database()
    if isinstance(found, StoreUnavailable):
        st.info(tr("puzzles.board_unavailable"))
        return
    rows = found.board()
    if not rows:
        st.info(tr("puzzles.board_empty"))
        return
    st.caption(tr("puzzles.board_intro"))
    table: list[dict[str, Any]] = [
        {
            tr("puzzles.board_name"): row.learner,
            tr("puzzles.board_rating"): f"{round(row.rating)} ± {round(row.rd)}",
            tr("puzzles.board_solved"): f"{row.solved} / {row.attempts}",
        }
        for row in rows
    ]
    st.dataframe(table, hide_index=True)
