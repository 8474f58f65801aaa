"""The Tien Gow table, and a row of Chinese tiles, as Plotly figures.

Drawn like the line games' board (``figure``): batched traces (one filled
polygon trace for the black faces, one for the backs, one marker trace per
pip colour), the line games' colours for felt, backs and highlights
(``figure.THEMES``), and a transparent marker layer on top whose
``customdata`` names what was clicked: ``hand:3`` (place 3 of the viewer's
hand), ``action:play`` / ``action:discard`` (the buttons), ``trick:2``
(seat 2's part of the trick). ``tien_gow_controller.handle_click`` reads
them. ``chinese_tiles_figure`` draws a plain row of tiles (a lesson strip)
with the same tile drawer.

``tien_gow_picture`` is the builder (the figure as plain JSON, unvalidated
like the line games' board, and its named parts as overlay shapes: each
place of the viewer's hand ``hand:3``, each tile of the trick
``trick:2:0``, and the Play and Discard buttons drawn enabled and not,
``action:play:on`` / ``action:play:off``); ``tien_gow_figure`` wraps its
figure as a ``go.Figure``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, Literal, Unpack

import plotly.graph_objects as go

from tutorial_app.board.chinese_tile import pip_spots, rounded_rect, tile_outline, tile_size
from tutorial_app.board.figure import (
    CLICK_TRACE,
    THEMES,
    ClickTargets,
    Picture,
    Theme,
    as_go_figure,
    filled_trace,
    marker_sizes,
    outline_traces,
    scatter,
    table_layout,
)
from tutorial_app.board.overlay import Part, Shape, polygon, words
from tutorial_app.board.tien_gow_layout import (
    FELT_H,
    FELT_W,
    RISE,
    Button,
    Caption,
    Sizing,
    TableLayout,
    TableOptions,
    TileSpot,
    layout_tien_gow,
)
from tutorial_app.board.tien_gow_room import half_width
from tutorial_app.rules.tien_gow.state import HandState
from tutorial_app.rules.tiles import Tile

__all__ = [
    "CHINESE_FACE",
    "RED_PIP",
    "WHITE_PIP",
    "tien_gow_figure",
    "tien_gow_picture",
    "chinese_tiles_figure",
    "chinese_tiles_picture",
    "LEAST_LABEL_PX",
    "spot_part",
    "CLICK_TRACE",
]

ThemeName = Literal["light", "dark"]

CHINESE_FACE = "#151515"
"""The black face of a Chinese tile."""
FACE_EDGE = "#6b6b6b"
RED_PIP = "#e0303a"
WHITE_PIP = "#f6f3ea"
_DISABLED = "#8c8c8c"


class _Sketch:
    """Coordinates gathered for the batched traces."""

    def __init__(self, colours: Theme) -> None:
        self.colours = colours
        self.parts: dict[str, Part] = {}
        self.face: tuple[list[float | None], list[float | None]] = ([], [])
        self.back: tuple[list[float | None], list[float | None]] = ([], [])
        self.pips: dict[tuple[bool, bool], tuple[list[float], list[float], list[float]]] = {
            (red, big): ([], [], []) for red in (True, False) for big in (True, False)
        }
        self.outline: dict[str, tuple[list[float | None], list[float | None]]] = {
            "selected": ([], []),
            "winning": ([], []),
            "hint": ([], []),
        }
        self.clicks = ClickTargets()

    def tile(
        self, cx: float, cy: float, vertical: bool, scale: float, tile: Tile | None, mark: str | None = None
    ) -> None:
        xs, ys = tile_outline(cx, cy, vertical, scale)
        target = self.face if tile is not None else self.back
        target[0].extend([*xs, None])
        target[1].extend([*ys, None])
        if mark is not None:
            self.outline[mark][0].extend([*xs, None])
            self.outline[mark][1].extend([*ys, None])
        if tile is None:
            return
        for pip in pip_spots(tile, cx, cy, vertical, scale):
            px, py, sizes = self.pips[(pip.red, pip.big)]
            px.append(pip.x)
            py.append(pip.y)
            sizes.append(scale)


def _part_name(spot: TileSpot) -> str:
    """``hand:3`` for a place of a hand, ``trick:2:0`` for the first tile seat 2 laid in the trick, ``pile:...``."""
    if spot.place == "hand":
        return f"hand:{spot.order}" if spot.click is not None else f"seat{spot.seat}:{spot.order}"
    return f"{spot.place}:{spot.seat}:{spot.order}"


def spot_part(spot: TileSpot, colours: Theme) -> Part:
    """One tile of the table drawn on its own, as the traces draw it: its body and its pips."""
    xs, ys = tile_outline(spot.cx, spot.cy, spot.vertical, spot.scale)
    if spot.tile is None:
        body = polygon(xs, ys, fill=colours.back, line=colours.face_edge, width=1.0)
        return Part((body,), [*xs], [*ys])
    shapes: list[Shape] = [polygon(xs, ys, fill=CHINESE_FACE, line=FACE_EDGE, width=1.0)]
    for red in (True, False):
        px: list[float | None] = []
        py: list[float | None] = []
        for pip in pip_spots(spot.tile, spot.cx, spot.cy, spot.vertical, spot.scale):
            if pip.red is red:
                _circle(px, py, pip.x, pip.y, _PIP_DIAMETER[pip.big] * spot.scale / 2)
        if px:
            shapes.append(polygon(px, py, fill=RED_PIP if red else WHITE_PIP))
    return Part(tuple(shapes), [*xs], [*ys])


def _spot(sketch: _Sketch, spot: TileSpot) -> None:
    """Draw a tile; a clickable one gets three click points along its length.

    Why three: a click marker is round and a Chinese tile is long and narrow;
    one marker as wide as the tile would leave both ends dead.
    """
    sketch.tile(spot.cx, spot.cy, spot.vertical, spot.scale, spot.tile, spot.mark)
    if spot.place in ("hand", "trick") and (spot.click is not None or spot.place == "trick"):
        sketch.parts[_part_name(spot)] = spot_part(spot, sketch.colours)
    if spot.click is None:
        return
    label = str(spot.tile) if spot.tile is not None else ""
    w, h = spot.size
    for k in (-1, 0, 1):
        dx, dy = (0.0, k * h * 0.3) if spot.vertical else (k * w * 0.3, 0.0)
        sketch.clicks.add(round(spot.cx + dx, 3), round(spot.cy + dy, 3), spot.click, label, spot.scale)


_PIP_DIAMETER = {True: 0.34, False: 0.19}
"""A pip's diameter in tile widths: the lone 1 large, the others small."""
_CIRCLE = tuple((math.cos(2 * math.pi * k / 10), math.sin(2 * math.pi * k / 10)) for k in range(11))


def _circle(px: list[float | None], py: list[float | None], x: float, y: float, radius: float) -> None:
    """A pip as a small polygon in the table's units, then a break."""
    px.extend([*(round(x + radius * cx, 3) for cx, _ in _CIRCLE), None])
    py.extend([*(round(y + radius * cy, 3) for _, cy in _CIRCLE), None])


def _pip_traces(sketch: _Sketch) -> list[dict[str, Any]]:
    """Pips as small filled circles in the table's own units, one trace per colour and size.

    Why not markers: a marker's size is in pixels and the board stretches to
    its column, so on a phone a marker sized for a wide screen covers half a
    tile; a circle drawn in the table's units scales with the tiles.
    """
    traces = []
    for (red, big), (xs, ys, scales) in sketch.pips.items():
        if not xs:
            continue
        px: list[float | None] = []
        py: list[float | None] = []
        for x, y, k in zip(xs, ys, scales, strict=True):
            _circle(px, py, x, y, _PIP_DIAMETER[big] * k / 2)
        colour = RED_PIP if red else WHITE_PIP
        traces.append(
            scatter(
                x=px,
                y=py,
                mode="lines",
                fill="toself",
                fillcolor=colour,
                line={"width": 0},
                hoverinfo="skip",
                name=f"{'red' if red else 'white'}{' big' if big else ''} pips",
            )
        )
    return traces


def _marker(colour: str, size: float | list[float]) -> dict[str, object]:
    if isinstance(size, list):
        return {"color": colour, "size": size, "opacity": 1, "line": {"width": 0}}
    return {"color": colour, "size": size, "line": {"width": 0}}


def _tile_traces(sketch: _Sketch, colours: Theme) -> list[dict[str, Any]]:
    styles = {
        "selected": (colours.selected, "solid"),
        "winning": (colours.last, "solid"),
        "hint": (colours.hint, "dash"),
    }
    return [
        filled_trace(*sketch.back, colours.back, colours.face_edge, 1, "backs"),
        filled_trace(*sketch.face, CHINESE_FACE, FACE_EDGE, 1, "tiles"),
        *_pip_traces(sketch),
        *outline_traces(sketch.outline, styles),
    ]


def _button_traces(buttons: Sequence[Button], colours: Theme) -> tuple[list[dict[str, Any]], list[Caption]]:
    traces: list[dict[str, Any]] = []
    captions: list[Caption] = []
    for button in buttons:
        xs, ys = rounded_rect(button.x, button.y, button.w, button.h, 0.3)
        fill = colours.selected if button.enabled else _DISABLED
        edge = colours.hint if button.hint else colours.face_edge
        traces.append(
            scatter(
                x=xs,
                y=ys,
                fill="toself",
                fillcolor=fill,
                mode="lines",
                line={"color": edge, "width": 3 if button.hint else 1, "dash": "dash" if button.hint else "solid"},
                hoverinfo="skip",
                name=f"button {button.action.value}",
            )
        )
        captions.append(Caption(button.x, button.y, button.label, _BUTTON_LABEL))
    return traces, captions


def _button_parts(buttons: Sequence[Button], colours: Theme, lang: str, ppu: float) -> dict[str, Part]:
    """Each button drawn enabled (``action:play:on``) and not (``...:off``), its label on it, as the traces draw it."""
    parts: dict[str, Part] = {}
    size = round(_label_size(ppu) * _BUTTON_LABEL, 1)
    for button in buttons:
        xs, ys = rounded_rect(button.x, button.y, button.w, button.h, 0.3)
        edge = colours.hint if button.hint else colours.face_edge
        label = words(button.x, button.y, button.label.in_(lang), size, _BUTTON_TEXT)
        for state, fill in (("on", colours.selected), ("off", _DISABLED)):
            body = polygon(
                xs, ys, fill=fill, line=edge, width=3 if button.hint else 1, dash="dash" if button.hint else "solid"
            )
            parts[f"action:{button.action.value}:{state}"] = Part((body, label), [*xs], [*ys])
    return parts


LEAST_LABEL_PX = 13.0
"""The smallest words on the table, in pixels (a small table's trick captions were 9 px: too small to read)."""


def _label_size(ppu: float) -> float:
    """The pixel size of the table's words (seat labels; others are drawn relative to it)."""
    return max(LEAST_LABEL_PX, round(ppu * 0.5, 1))


def _text_trace(captions: Sequence[Caption], colour: str, lang: str, ppu: float, name: str) -> dict[str, Any]:
    base = _label_size(ppu)
    sizes = [max(LEAST_LABEL_PX, round(base * c.size, 1)) for c in captions]
    anchors = [c.anchor for c in captions]
    return scatter(
        x=[c.x for c in captions],
        y=[c.y for c in captions],
        mode="text",
        text=[c.text.in_(lang) for c in captions],
        textposition=anchors if len(set(anchors)) > 1 else anchors[0],
        hoverinfo="skip",
        name=name,
        textfont={"color": colour, "size": sizes if len(set(sizes)) > 1 else sizes[0]},
        cliponaxis=False,
        selected={"textfont": {"color": colour}},
        unselected={"textfont": {"color": colour}},
    )


def _px_per_unit(x_range: tuple[float, float], y_range: tuple[float, float], height: int, width: int | None) -> float:
    ppu = height / (y_range[1] - y_range[0])
    least_width = width if width is not None else height
    return min(ppu, least_width / (x_range[1] - x_range[0]))


def _laid_out(
    state: HandState, height: int, screen: int | None, width: int | None, view: TableOptions
) -> tuple[TableLayout, float, int]:
    """The table laid out for the pixels it is drawn at, its pixels per unit and its height.

    Why twice at most on a wide screen: the labels' room depends on the pixels per unit, which the first
    layout's height may lower (a figure limited by its height); laid out again with those, the words fit.
    """
    if screen is not None:
        ppu = screen / (2 * half_width(True))
        table = layout_tien_gow(state, sizing=Sizing(ppu, _label_size(ppu), True), **view)
        y_span = table.y_range[1] - table.y_range[0]
        return table, ppu, math.ceil(y_span * ppu)
    guess = (width if width is not None else height) / (2 * half_width(False))
    table = layout_tien_gow(state, sizing=Sizing(guess, _label_size(guess)), **view)
    ppu = _px_per_unit(table.x_range, table.y_range, height, width)
    if ppu < guess - 1e-6:
        table = layout_tien_gow(state, sizing=Sizing(ppu, _label_size(ppu)), **view)
        ppu = _px_per_unit(table.x_range, table.y_range, height, width)
    return table, ppu, height


def _figure(
    traces: list[dict[str, Any]],
    colours: Theme,
    x_range: tuple[float, float],
    y_range: tuple[float, float],
    height: int,
    width: int | None,
) -> dict[str, Any]:
    # Why plain JSON, unvalidated: as the line games' board (``figure._assemble``); tests validate the same figures.
    return {"data": traces, "layout": table_layout(colours, x_range, y_range, height, width)}


def _click_trace(sketch: _Sketch, ppu: float) -> dict[str, Any]:
    clicks = sketch.clicks
    return clicks.trace(_marker("rgba(0,0,0,0)", marker_sizes(clicks.scale, ppu * 0.95, 2.0)))


def tien_gow_figure(state: HandState, **view: Any) -> go.Figure:
    """``tien_gow_picture``'s figure as a ``go.Figure`` (same arguments)."""
    return as_go_figure(tien_gow_picture(state, **view).figure)


def tien_gow_picture(
    state: HandState,
    *,
    theme: ThemeName = "light",
    lang: str = "en",
    height: int = 640,
    width: int | None = None,
    narrow: bool = False,
    layout: TableLayout | None = None,
    **view: Unpack[TableOptions],
) -> Picture:
    """Draw a hand of Tien Gow as the viewer at ``viewer_seat`` sees it (``view``: ``layout_tien_gow``'s options).

    ``height``/``width`` in pixels set the size pips, labels and click
    targets are drawn at; without ``width`` the figure is taken to be at
    least as wide as it is high (the app stretches it to its column).
    ``narrow``: ``width`` is a narrow screen's column: the table is laid out
    for it (``tien_gow_room``) and the figure is as high as it needs
    (``height`` is not used).
    """
    colours = THEMES[theme]
    table, ppu = layout, 0.0
    if table is None:
        table, ppu, height = _laid_out(state, height, width if narrow else None, width, view)
    else:
        ppu = _px_per_unit(table.x_range, table.y_range, height, width)
    sketch = _Sketch(colours)
    for spot in table.tiles:
        _spot(sketch, spot)
    felt_x, felt_y = rounded_rect(0.0, 0.0, FELT_W, FELT_H, 0.4)
    traces = [filled_trace(felt_x, felt_y, colours.felt, colours.felt_edge, 3, "felt")]
    traces.extend(_tile_traces(sketch, colours))
    button_traces, button_captions = _button_traces(table.buttons, colours)
    traces.extend(button_traces)
    # Words on the wood (the seats) and on the felt (the trick) in the colour that reads on each.
    on_felt = [c for c in table.captions if abs(c.x) < FELT_W / 2 and abs(c.y) < FELT_H / 2]
    on_wood = [c for c in table.captions if c not in on_felt]
    if on_wood:
        traces.append(_text_trace(on_wood, colours.text, lang, ppu, "labels"))
    if on_felt:
        traces.append(_text_trace(on_felt, colours.felt_text, lang, ppu, "felt labels"))
    if button_captions:
        traces.append(_text_trace(button_captions, _BUTTON_TEXT, lang, ppu, "button labels"))
    for button in table.buttons:
        for k in (-1, 0, 1):  # across the whole button, as along a tile
            sketch.clicks.add(
                round(button.x + k * button.w * 0.3, 3),
                button.y,
                f"action:{button.action.value}",
                button.label.in_(lang),
                max(1.2, button.h * 0.9),  # a narrow screen's buttons are a fingertip high, and so their targets
            )
    traces.append(_click_trace(sketch, ppu))
    figure = _figure(traces, colours, table.x_range, table.y_range, height, width)
    parts = {**sketch.parts, **_button_parts(table.buttons, colours, lang, ppu)}
    rises = {name: RISE for name in parts if name.startswith("hand:")}
    return Picture(figure, parts, rises, {}, ppu, colours.wood)


_BUTTON_TEXT = "#111111"
_BUTTON_LABEL = 1.05
"""The buttons' words: dark on the yellow or grey button, a little larger than the seat labels."""


def chinese_tiles_figure(tiles: Sequence[Tile | None], **view: Any) -> go.Figure:
    """``chinese_tiles_picture``'s figure as a ``go.Figure`` (same arguments)."""
    return as_go_figure(chinese_tiles_picture(tiles, **view))


def chinese_tiles_picture(
    tiles: Sequence[Tile | None],
    *,
    highlight: Iterable[int] = (),
    theme: ThemeName = "light",
    height: int = 160,
    width: int | None = None,
) -> dict[str, Any]:
    """A row of Chinese tiles on the felt (None: face down), e.g. a lesson's strip; ``highlight`` outlines places.

    Clicks report ``tile:I`` for place I of the row. Plain figure JSON.
    """
    colours = THEMES[theme]
    sketch = _Sketch(colours)
    marked = set(highlight)
    w, h = tile_size(True)
    step = w * 1.25
    first = -step * (len(tiles) - 1) / 2
    for i, tile in enumerate(tiles):
        x = first + i * step
        sketch.tile(x, 0.0, True, 1.0, tile, "hint" if i in marked else None)
        sketch.clicks.add(x, 0.0, f"tile:{i}", str(tile) if tile is not None else "", 1.0)
    half_w = max(step * len(tiles) / 2 + 0.4, 2.0)
    x_range, y_range = (-half_w, half_w), (-h / 2 - 0.4, h / 2 + 0.4)
    ppu = _px_per_unit(x_range, y_range, height, width if width is not None else int(height * half_w / (h / 2 + 0.4)))
    traces = [*_tile_traces(sketch, colours), _click_trace(sketch, ppu)]
    return _figure(traces, colours, x_range, y_range, height, width)
