"""Shapes the board component draws on its own, over the Plotly figure, to answer a click at once.

Pure data (JSON-ready dicts), no plotly: the figure builders describe each
named part of a board (a tile of the viewer's hand, a tile on the table) in
these shapes, in the figure's own units, with sizes in pixels where Plotly
sizes in pixels (pips, lines, targets). The component draws them as SVG
over the plot (a selected tile lifted with its targets, a move laid), which
takes a few milliseconds where a Plotly redraw of the board takes 30-150.

Why the builders describe the parts: one figure builder. The shapes are
the same polygons and pips the figure's traces hold, so what the component
draws at once is what Plotly draws a moment later.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, NamedTuple

__all__ = [
    "Shape",
    "Part",
    "Coords",
    "polygon",
    "dots",
    "ring",
    "words",
    "lifted",
    "cover",
    "outlined",
]

Shape = dict[str, object]
"""One overlay shape: ``{"kind": "poly" | "dots" | "ring" | "text", ...}`` in the figure's units."""
Coords = list[float | None]
"""Coordinates of a polygon or line; None breaks it into pieces."""
Dash = Literal["solid", "dash", "dot"]


class Part(NamedTuple):
    """A named part of a board drawn on its own: its shapes, and its contour (to cover or outline it)."""

    shapes: tuple[Shape, ...]
    outline_x: Coords
    outline_y: Coords


def polygon(
    xs: Sequence[float | None],
    ys: Sequence[float | None],
    *,
    fill: str | None = None,
    line: str | None = None,
    width: float = 1.0,
    dash: Dash = "solid",
) -> Shape:
    """A filled and/or stroked polygon (or a line where ``fill`` is None); None in the coordinates breaks it."""
    return {"kind": "poly", "x": list(xs), "y": list(ys), "fill": fill, "line": line, "width": width, "dash": dash}


def dots(xs: Sequence[float], ys: Sequence[float], size: float | Sequence[float], colour: str) -> Shape:
    """Filled round dots ``size`` pixels across (one size, or one per dot), as Plotly's circle markers."""
    return {
        "kind": "dots",
        "x": list(xs),
        "y": list(ys),
        "size": size if isinstance(size, (int, float)) else list(size),
        "fill": colour,
    }


def ring(x: float, y: float, size: float, colour: str, *, width: float = 3.0, name: str | None = None) -> Shape:
    """An open circle ``size`` pixels across; with ``name`` it is a target the learner may click."""
    return {"kind": "ring", "x": [x], "y": [y], "size": size, "line": colour, "width": width, "name": name}


def words(x: float, y: float, text: str, size: float, colour: str) -> Shape:
    """A line of text centred on (x, y), ``size`` pixels high."""
    return {"kind": "text", "x": [x], "y": [y], "text": text, "size": size, "fill": colour}


def lifted(shapes: Iterable[Shape], dy: float) -> tuple[Shape, ...]:
    """The same shapes ``dy`` units higher (a selected tile rising out of the hand)."""
    moved: list[Shape] = []
    for shape in shapes:
        ys = shape["y"]
        assert isinstance(ys, list)
        moved.append({**shape, "y": [None if y is None else round(y + dy, 3) for y in ys]})
    return tuple(moved)


def cover(part: Part, colour: str, *, width: float = 6.0) -> Shape:
    """A patch of ``colour`` over a part (its place left empty), wide enough to hide its outline marks too."""
    return polygon(part.outline_x, part.outline_y, fill=colour, line=colour, width=width)


def outlined(part: Part, colour: str, *, dy: float = 0.0, width: float = 3.5, dash: Dash = "solid") -> Shape:
    """The part's contour drawn in ``colour`` (a selected tile's mark), ``dy`` units higher."""
    ys = [None if y is None else round(y + dy, 3) for y in part.outline_y]
    return polygon(part.outline_x, ys, line=colour, width=width, dash=dash)
