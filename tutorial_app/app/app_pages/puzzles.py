"""Puzzles: rated positions mined by the engine, the puzzle of the day, and the learner's own mistakes coming back.

Deep link: ``/puzzles?puzzle=ID`` opens that puzzle. Everything under the title is one fragment: an answer,
"Next puzzle" or a new theme reruns it alone (the sidebar and the navigation stay as they are).
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.app.puzzles.quiz import quiz_area
from tutorial_app.app.puzzles.standing import club_opt_in, standing_header
from tutorial_app.app.puzzles.view import (
    MODES,
    NAME,
    choice_changed,
    chosen_mode,
    current_round,
    due_quiz,
    nothing_due,
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
    try:
        _questions(store)
    except StoreUnavailable as exc:  # the database went away while the page was open
        st.warning(exc.reason.in_(lang()), icon=":material/database:")


def _questions(store: PuzzleStore) -> None:
    standing_header(store)
    _pickers(store)
    mode = chosen_mode()
    serve_link(st.query_params.get("puzzle"))
    if current_round() is None and due_quiz() is None:
        serve(store, mode)
    if due_quiz() is not None:
        quiz_area(store)
    elif current_round() is None and mode == "mistakes":
        nothing_due(store)
    elif current_round() is None:
        st.info(tr("puzzles.none_fit"))
    else:
        round_area(store, mode)
    club_opt_in(store)


_store, note = puzzle_store()
preload_board()  # plotly.js loads while the rest of the page runs
st.title(tr("puzzles.title"))
st.caption(tr("puzzles.intro") + (f" {note.in_(lang())}" if note is not None else ""))
if not shipped_puzzles():
    st.warning(tr("puzzles.none_shipped"))
    st.stop()
_body()
