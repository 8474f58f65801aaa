"""The board on a page: the figure from ``tutorial_app.board`` with its clicks wired up.

Why a wrapper: a Plotly selection persists across reruns and a second click
on the same point deselects it, so each click is handled once in the
``on_select`` callback and the chart's key moves on (a revision counter),
which makes the next render a fresh widget with nothing selected.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from tutorial_app.app.session import bump, revision, tr
from tutorial_app.rules.state import HandState
from tutorial_app.rules.tiles import Tile

__all__ = ["show_board", "clicked_name"]


def clicked_name(event: Any) -> str | None:
    """The ``customdata`` of the clicked point in a Plotly selection event, if any."""
    try:
        points = event["selection"]["points"]
    except (KeyError, TypeError):
        return None
    for point in points or ():
        data = point.get("customdata") if isinstance(point, dict) else None
        if isinstance(data, list):
            data = data[0] if data else None
        if isinstance(data, str) and data:
            return data
    return None


def _on_select(name: str, chart_key: str, on_click: Callable[[str], None]) -> None:
    clicked = clicked_name(st.session_state.get(chart_key))
    bump(name)
    if clicked:
        on_click(clicked)


def show_board(state: HandState, *, name: str, on_click: Callable[[str], None], selected: Tile | None = None,
               seat: int = 0, reveal: bool = False, large: bool = False, hints: tuple[Tile, ...] = ()) -> None:
    """Draw the board; a click on a tile or an end calls ``on_click("hand:6-4" | "end:left")``."""
    chart_key = f"board_{name}_{revision(name)}"
    figure = _figure(state, selected=selected, seat=seat, reveal=reveal, large=large, hints=hints)
    if figure is None:
        _text_board(state, seat, reveal)
        return
    st.plotly_chart(figure, key=chart_key, on_select=lambda: _on_select(name, chart_key, on_click),
                    selection_mode="points", width="stretch",
                    config={"displayModeBar": False, "scrollZoom": False})


def _figure(state: HandState, **options: Any) -> Any:
    try:
        from tutorial_app.board.figure import board_figure
    except ModuleNotFoundError:
        return None
    return board_figure(state, **options)


def _text_board(state: HandState, seat: int, reveal: bool) -> None:
    """A plain text table (used until the board module is present)."""
    line = state.table.line()
    chain = "  ".join(f"[{left}|{right}]" for _, left, right in line) or tr("board.empty")
    st.code(chain)
