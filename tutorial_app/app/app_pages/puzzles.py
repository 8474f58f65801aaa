"""Puzzles: rated positions mined by the engine, the puzzle of the day, and the learner's own mistakes coming back.

Deep link: ``/puzzles?puzzle=ID`` opens that puzzle.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.app.puzzle_quiz import quiz_area
from tutorial_app.app.puzzle_session import puzzle_store, who
from tutorial_app.app.puzzle_standing import club_opt_in, standing_header
from tutorial_app.app.puzzle_view import (
    MODES,
    NAME,
    chosen_mode,
    current_round,
    due_quiz,
    round_area,
    serve,
    serve_link,
)
from tutorial_app.app.session import lang, tr
from tutorial_app.i18n import t
from tutorial_app.puzzles.catalog import shipped_puzzles
from tutorial_app.puzzles.themes import THEME_NAMES, THEMES

st.session_state.setdefault(f"{NAME}_mode", "rated")
st.session_state.setdefault(f"{NAME}_theme", "")
st.session_state.setdefault(f"{NAME}_game", "")

current = lang()
store, note = puzzle_store()
st.title(tr("puzzles.title"))
st.caption(tr("puzzles.intro") + (f" {note.in_(current)}" if note is not None else ""))
standing_header(store)
puzzles = shipped_puzzles()
if not puzzles:
    st.warning(tr("puzzles.none_shipped"))
    st.stop()


def _new_mode() -> None:
    serve(store, chosen_mode())


due = len(store.due_mistakes(who()))
mode_column, theme_column, game_column = st.columns([2, 1, 1], vertical_alignment="bottom")
mode_column.segmented_control(
    tr("puzzles.mode"),
    MODES,
    key=f"{NAME}_mode",
    format_func=lambda mode: t(f"puzzles.mode_{mode}", current, n=due),
    on_change=_new_mode,
)
mode = chosen_mode()
if mode == "rated":
    theme_column.selectbox(
        tr("puzzles.theme"),
        ("", *THEMES),
        key=f"{NAME}_theme",
        format_func=lambda theme: THEME_NAMES[theme].in_(current) if theme else t("puzzles.any_theme", current),
        on_change=_new_mode,
    )
    game_column.selectbox(
        tr("puzzles.game"),
        ("", *sorted({p.preset for p in puzzles})),
        key=f"{NAME}_game",
        format_func=lambda preset: preset or t("puzzles.any_game", current),
        on_change=_new_mode,
    )
elif mode == "mistakes":
    st.caption(tr("puzzles.queue_help"))

serve_link(st.query_params.get("puzzle"))
found = current_round()
if found is None and due_quiz() is None:
    serve(store, mode)
    found = current_round()
if due_quiz() is not None:
    quiz_area(store)
elif found is None:
    st.info(tr("puzzles.no_mistakes" if mode == "mistakes" else "puzzles.none_fit"))
else:
    round_area(store, mode)
club_opt_in(store)
