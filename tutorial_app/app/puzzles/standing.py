"""The learner's standing on the Puzzles page (rating, days in a row, solved, the history) and the club's board.

The board lists only learners who ticked "show my name" (off by default);
names are shown as plain text in a table, never as Markdown.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
import streamlit as st

from tutorial_app.app.shell.puzzle_memory import ANONYMOUS, learner_zone, who
from tutorial_app.app.shell.session import tr
from tutorial_app.app.shell.stores import puzzle_database
from tutorial_app.app.table.board_view import board_theme
from tutorial_app.puzzles.store import PuzzleStore, StoreUnavailable
from tutorial_app.puzzles.trainer import PLACEMENT, placing

__all__ = ["standing_header", "club_opt_in", "club_board"]

_SHOW_NAME = "puzzles_show_name"


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
    standing = store.standing(who(), zone=learner_zone())
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
            key="puzzles_history",
            config={"staticPlot": True},
            width="stretch",
        )


def _opt_in_changed(store: PuzzleStore) -> None:
    store.show_name(who(), bool(st.session_state.get(_SHOW_NAME)))


def club_opt_in(store: PuzzleStore) -> None:
    """The learner's choice to appear on the club's board (only with a name and the shared database)."""
    if who() == ANONYMOUS:
        return
    st.session_state[_SHOW_NAME] = store.standing(who()).show_name
    st.checkbox(
        tr("puzzles.show_name"),
        key=_SHOW_NAME,
        help=tr("puzzles.show_name_help"),
        on_change=_opt_in_changed,
        args=(store,),
    )


def club_board() -> None:
    """The club page's table of puzzle ratings: members who chose to show their name."""
    st.subheader(tr("puzzles.board_title"))
    found = puzzle_database()
    if isinstance(found, StoreUnavailable):
        st.info(tr("puzzles.board_unavailable"))
        return
    try:
        rows = found.board()
    except StoreUnavailable:
        st.info(tr("puzzles.board_unavailable"))
        return
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
