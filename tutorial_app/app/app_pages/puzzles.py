"""Puzzles: rated positions mined by the engine, the puzzle of the day, and the learner's own mistakes coming back.

Deep link: ``/puzzles?puzzle=ID`` opens that puzzle. Everything under the title is one fragment: a new mode,
theme or game reruns it alone (the sidebar and the navigation stay as they are). Inside it the question (the
learner's standing, the board and its panel) is a fragment of its own: an answer or "Next puzzle" reruns only
that (``_question``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st

from tutorial_app.app.puzzles.quiz import quiz_area
from tutorial_app.app.puzzles.standing import announce_answers, club_opt_in, follow_answers, standing_header
from tutorial_app.app.puzzles.view import (
    MODES,
    NAME,
    Mode,
    choice_changed,
    choose_ahead,
    chosen_mode,
    current_round,
    due_quiz,
    nothing_due,
    page,
    round_area,
    serve,
    serve_link,
)
from tutorial_app.app.shell.puzzle_memory import puzzle_store, who
from tutorial_app.app.shell.rules_picker import preset_name
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.state import default_widget_value
from tutorial_app.app.table.board_component import preload_board
from tutorial_app.i18n import t
from tutorial_app.puzzles.catalog import shipped_counts, shipped_puzzles
from tutorial_app.puzzles.store import PuzzleStore, StoreUnavailable
from tutorial_app.puzzles.themes import THEME_NAMES, THEMES

default_widget_value(f"{NAME}_mode", "rated")
st.session_state.setdefault(f"{NAME}_theme", "")
st.session_state.setdefault(f"{NAME}_game", "")


def _pickers(store: PuzzleStore) -> None:
    """What to solve (rated, the puzzle of the day, the mistakes due) and, for rated puzzles, the theme and game."""
    current = lang()
    due = len(store.due_mistakes(who()))
    mode_column, theme_column, game_column = st.columns([2, 1, 1], vertical_alignment="bottom")
    mode_column.segmented_control(
        tr("puzzles.mode"),
        MODES,
        key=f"{NAME}_mode",
        format_func=lambda mode: t(f"puzzles.mode_{mode}", current, n=due),
        on_change=choice_changed,
        wrap=True,  # in a column it would stay on one row, and a phone cut the last choice off
    )
    mode = chosen_mode()
    if mode == "rated":
        # Only themes and games that have puzzles, each with its count: a choice that serves nothing is no choice.
        themes, games = shipped_counts()
        theme_column.selectbox(
            tr("puzzles.theme"),
            ("", *(theme for theme in THEMES if themes[theme])),
            key=f"{NAME}_theme",
            format_func=lambda theme: (
                f"{THEME_NAMES[theme].in_(current)} ({themes[theme]})" if theme else t("puzzles.any_theme", current)
            ),
            on_change=choice_changed,
        )
        game_column.selectbox(
            tr("puzzles.game"),
            ("", *sorted(games)),
            key=f"{NAME}_game",
            format_func=lambda preset: (
                f"{preset_name(preset, current)} ({games[preset]})" if preset else t("puzzles.any_game", current)
            ),
            on_change=choice_changed,
        )
    elif mode == "mistakes":
        st.caption(tr("puzzles.queue_help"))


@st.fragment
def _body() -> None:
    store, _note = puzzle_store()
    with _calm_when_store_gone():
        _questions(store)


@contextmanager
def _calm_when_store_gone() -> Iterator[None]:
    """The database went away while the page was open: one calm line instead of the part's content."""
    try:
        yield
    except StoreUnavailable as exc:
        st.warning(exc.reason.in_(lang()), icon=":material/database:")


def _questions(store: PuzzleStore) -> None:
    _pickers(store)
    mode = chosen_mode()
    serve_link(st.query_params.get("puzzle"))
    if current_round() is None and due_quiz() is None:
        serve(store, mode)
    if due_quiz() is None and current_round() is not None:
        _standing(store)
        _question(store, mode)
        club_opt_in(store)
        return
    standing_header(store)
    if due_quiz() is not None:
        quiz_area(store)
    elif mode == "mistakes":
        nothing_due(store)
    else:
        st.info(tr("puzzles.none_fit"))
    club_opt_in(store)


@st.fragment
def _standing(store: PuzzleStore) -> None:
    """The learner's standing above the question: a fragment of its own, so that "Next puzzle" (the question's
    run) leaves it as it is; an answer recorded in the question's run reruns it once that run is over."""
    with _calm_when_store_gone():
        standing_header(store)
    follow_answers()


@st.fragment
def _question(store: PuzzleStore, mode: Mode) -> None:
    """The round: an answer, "Next puzzle" or a step of the refuting line reruns this alone, not the pickers
    above it nor the standing (what a click waits for). After an answer the next rated puzzle is chosen and its
    board built at the end of the run (``choose_ahead``), and the standing is told to follow.

    Whatever this part cannot show itself goes to a run of the whole page: no round any more (the mistakes
    queue ran dry, or served a missed lesson question), or an answered mistake (the mistakes' count in the
    mode picker changed).
    """
    if current_round() is None or due_quiz() is not None or page().outdated:
        page().outdated = False
        st.rerun()
    with _calm_when_store_gone():
        round_area(store, mode)
        choose_ahead(store, mode)  # the next puzzle, while the learner reads the verdict
    announce_answers(page().recorded)


_store, note = puzzle_store()
preload_board()  # plotly.js loads while the rest of the page runs
st.title(tr("puzzles.title"))
st.caption(tr("puzzles.intro") + (f" {note.in_(lang())}" if note is not None else ""))
if not shipped_puzzles():
    st.warning(tr("puzzles.none_shipped"))
    st.stop()
_body()
