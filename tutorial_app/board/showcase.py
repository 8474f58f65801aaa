"""Double-six tiles on show outside a game: rows of face-up tiles.

Why its own figure: a lesson shows the set or a suit and must draw them as
tiles, never as ``6|4`` text. Chinese tiles have one drawer, the Tien Gow
table's (``tien_gow_figure.chinese_tiles_figure``, built on
``chinese_tile``), which the lesson strip uses too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import plotly.graph_objects as go

from tutorial_app.board.figure import THEMES, filled_trace, outline_traces
from tutorial_app.board.tile_face import PIP_SPOTS, chamfered, half_centre
from tutorial_app.rules.tiles import Tile

__all__ = ["TileMarks", "tiles_figure", "tile_marks"]

_GAP = 0.45
_ROW_GAP = 0.6


class TileMarks(NamedTuple):
    """One tile's drawing data: outline polygon, divider line and pips."""

    outline_x: list[float | None]
    outline_y: list[float | None]
    divider_x: list[float | None]
    divider_y: list[float | None]
    pip_x: list[float]
    pip_y: list[float]


def tile_marks(tile: Tile, cx: float, cy: float, scale: float = 1.0) -> TileMarks:
    """A vertical tile centred at (cx, cy), low half at the bottom: its outline, divider and pips."""
    xs, ys = chamfered(cx, cy, 0.5 * scale, scale, 0.1 * scale)
    bar = 0.4 * scale
    pip_x: list[float] = []
    pip_y: list[float] = []
    for number, sign in ((tile.lo, -scale), (tile.hi, scale)):
        hx, hy = half_centre(cx, cy, True, sign)
        for ox, oy in PIP_SPOTS[number]:
            pip_x.append(round(hx + ox * scale, 3))
            pip_y.append(round(hy + oy * scale, 3))
    return TileMarks(xs, ys, [round(cx - bar, 3), round(cx + bar, 3), None], [cy, cy, None], pip_x, pip_y)


def tiles_figure(
    tiles: Sequence[Tile],
    *,
    highlight: Iterable[str] = (),
    theme: str = "light",
    per_row: int = 11,
    height: int | None = None,
) -> go.Figure:
    """The tiles face up in rows, in the given order, with hovering names; ``highlight`` outlines some."""
    colours = THEMES.get(theme, THEMES["light"])
    wanted = set(highlight)
    face, edge, divider = colours.face, colours.face_edge, colours.face_edge
    per_row = max(1, min(per_row, len(tiles) or 1))
    rows = -(-len(tiles) // per_row) if tiles else 1
    body_x: list[float | None] = []
    body_y: list[float | None] = []
    line_x: list[float | None] = []
    line_y: list[float | None] = []
    hint_x: list[float | None] = []
    hint_y: list[float | None] = []
    pips_x: list[float] = []
    pips_y: list[float] = []
    names: list[str] = []
    centres_x: list[float] = []
    centres_y: list[float] = []
    for index, tile in enumerate(tiles):
        row, col = divmod(index, per_row)
        cx = col * (1 + _GAP)
        cy = -row * (2 + _ROW_GAP)
        marks = tile_marks(tile, cx, cy)
        body_x += marks.outline_x
        body_y += marks.outline_y
        line_x += marks.divider_x
        line_y += marks.divider_y
        pips_x += marks.pip_x
        pips_y += marks.pip_y
        if str(tile) in wanted:
            hint_x += marks.outline_x
            hint_y += marks.outline_y
        names.append(str(tile))
        centres_x.append(cx)
        centres_y.append(cy)
    width_units = per_row * (1 + _GAP) - _GAP
    height_units = rows * (2 + _ROW_GAP) - _ROW_GAP
    pixels = height or int(96 * rows + 16)
    ppu = pixels / (height_units + 0.6)
    traces = [
        filled_trace(body_x, body_y, face, edge, 1, "tiles"),
        go.Scatter(
            x=line_x,
            y=line_y,
            mode="lines",
            line={"color": divider, "width": max(1.0, ppu * 0.05)},
            hoverinfo="skip",
            name="dividers",
        ),
        go.Scatter(
            x=pips_x,
            y=pips_y,
            mode="markers",
            hoverinfo="skip",
            name="pips",
            marker={"color": colours.pip, "size": max(3.0, round(ppu * 0.2, 1)), "opacity": 1, "line": {"width": 0}},
        ),
        go.Scatter(
            x=centres_x,
            y=centres_y,
            mode="markers",
            hovertext=names,
            hoverinfo="text",
            name="names",
            marker={"color": "rgba(0,0,0,0)", "size": ppu},
        ),
    ]
    traces.extend(outline_traces({"hint": (hint_x, hint_y)}, {"hint": (colours.hint, "dash")}))
    layout = {
        "template": "none",
        "showlegend": False,
        "height": pixels,
        "dragmode": False,
        "margin": {"l": 4, "r": 4, "t": 4, "b": 4},
        "paper_bgcolor": "rgba(0,0,0,0)",
        "plot_bgcolor": "rgba(0,0,0,0)",
        "xaxis": {"visible": False, "range": [-0.8, width_units - 0.2], "fixedrange": True},
        "yaxis": {
            "visible": False,
            "range": [-height_units + 0.7, 1.3],
            "fixedrange": True,
            "scaleanchor": "x",
            "scaleratio": 1,
        },
    }
    return go.Figure(data=traces, layout=layout)
