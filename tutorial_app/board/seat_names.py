"""Players' names on the board instead of "Seat 2": for a shared table, where seats are people.

Why a rewrite of the finished figure: the board names seats as the rules
core does ("Seat 2 · 7 tiles"), which every lesson and the Play page want;
a shared table's watcher sees people, so the same labels are swapped for
their names, matched exactly as ``board_figure`` wrote them.
"""

from __future__ import annotations

from collections.abc import Mapping

import plotly.graph_objects as go

from tutorial_app.board.labels import seat_label
from tutorial_app.rules.line.state import HandState

__all__ = ["name_seats", "plotly_text"]


def plotly_text(text: str) -> str:
    """Text Plotly shows as it is: its tags (``<b>``, ``<a href>``) and entities are written out."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def name_seats(
    figure: go.Figure, state: HandState, viewer_seat: int, names: Mapping[int, str], lang: str, show_turn: bool = True
) -> go.Figure:
    """Put ``names`` in place of the seat labels of a figure ``board_figure`` drew for ``viewer_seat``."""
    swap: dict[str, str] = {}
    for seat, name in names.items():
        count = len(state.hand(seat))
        turn = show_turn and seat == state.to_move and not state.is_over
        drawn = seat_label(seat, count, you=seat == viewer_seat, to_move=turn).in_(lang)
        plain_label = seat_label(seat, count, you=False, to_move=turn).in_(lang)
        word = f"Seat {seat}" if lang != "ru" else f"Игрок {seat}"
        named = plain_label.replace(word, plotly_text(name), 1)
        swap[drawn] = named
        swap[drawn.replace(" · ", "<br>")] = named.replace(" · ", "<br>")
    for trace in figure.data:
        if trace.name == "labels" and trace.text is not None:
            trace.text = [swap.get(text, text) for text in trace.text]
    return figure
