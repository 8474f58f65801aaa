"""The board as a Plotly figure: felt, chain, hands, boneyard, highlights, click targets.

Why batched traces: Plotly spends most of its time validating shapes and
annotations. Every tile body goes into one filled polygon trace (None between
tiles), every pip into one marker trace, every outline into one line trace,
so a full table is about ten traces and builds in a few milliseconds.

Clicks: the last traces are marker traces whose ``customdata`` names the
thing clicked: ``hand:6-4`` (a tile in the viewer's hand), ``end:left`` (a
target where the selected tile may go; ``end:lead`` on an empty table) and
``chain:right:3`` (a tile on the table: arm and place, ``chain:centre:-1``
for the centre). ``controller.handle_click`` reads them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
from numpy.typing import NDArray

from tutorial_app.board.frame import Frame, Side, boneyard_spot, frame_for, hand_tiles, label_spot
from tutorial_app.board.labels import boneyard_label, seat_label
from tutorial_app.board.layout import BoardLayout, layout_table
from tutorial_app.board.shape import ChainShape
from tutorial_app.board.tile_face import CHAMFER, PIP_SPOTS, chamfered, half_centre
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action, End, HandState
from tutorial_app.rules.tiles import Tile

__all__ = [
    "Theme",
    "THEMES",
    "board_figure",
    "table_layout",
    "target_ends",
    "CLICK_TRACE",
    "TARGET_TRACE",
    "ASSUMED_ASPECT",
]

ThemeName = Literal["light", "dark"]
CLICK_TRACE = "click"
TARGET_TRACE = "targets"
ASSUMED_ASPECT = 1.0
"""Width over height of the narrowest place the app shows a board without
giving its width (the Play page's column, about 530 x 560 px)."""


class Theme(NamedTuple):
    """Colours of the board. Highlights use the Okabe-Ito palette (safe for colour-blind
    eyes) and differ in line style and shape too, not only in colour. ``text`` is for words on the wood
    (seat labels, the boneyard), ``felt_text`` for words on the felt (the Tien Gow table's captions)."""

    wood: str
    felt: str
    felt_edge: str
    face: str
    face_edge: str
    pip: str
    back: str
    text: str
    felt_text: str
    last: str
    hint: str
    selected: str
    target: str
    fit: str


THEMES: dict[str, Theme] = {
    "light": Theme(
        wood="#d9c7a3",
        felt="#2f7d4f",
        felt_edge="#1f5c38",
        face="#fbf8ef",
        face_edge="#3b3b3b",
        pip="#1a1a1a",
        back="#7a2e1f",
        text="#2b1d0e",  # seat labels sit on the wood: dark brown on it reads at 9:1 (white was 1.7:1)
        felt_text="#ffffff",
        last="#E69F00",
        hint="#56B4E9",
        selected="#F0E442",
        target="#ffffff",
        fit="#009E73",
    ),
    "dark": Theme(
        wood="#1b1b1f",
        felt="#163d29",
        felt_edge="#0c2618",
        face="#e9e4d6",
        face_edge="#111111",
        pip="#141414",
        back="#5a2418",
        text="#e8e8e8",
        felt_text="#e8e8e8",
        last="#E69F00",
        hint="#56B4E9",
        selected="#F0E442",
        target="#f5f5f5",
        fit="#009E73",
    ),
}


class _Sketch:
    """Coordinates gathered for the batched traces."""

    def __init__(self) -> None:
        self.face_x: list[float | None] = []
        self.face_y: list[float | None] = []
        self.back_x: list[float | None] = []
        self.back_y: list[float | None] = []
        self.line_x: list[float | None] = []
        self.line_y: list[float | None] = []
        self.pip_x: list[float] = []
        self.pip_y: list[float] = []
        self.pip_scale: list[float] = []
        self.outline: dict[str, tuple[list[float | None], list[float | None]]] = {
            "last": ([], []),
            "hint": ([], []),
            "selected": ([], []),
            "fit": ([], []),
        }
        self.click_x: list[float] = []
        self.click_y: list[float] = []
        self.click_data: list[str] = []
        self.click_text: list[str] = []
        self.click_scale: list[float] = []
        self.label_x: list[float] = []
        self.label_y: list[float] = []
        self.label_text: list[str] = []

    def tile(
        self,
        cx: float,
        cy: float,
        vertical: bool,
        low: int,
        high: int,
        face_up: bool,
        outline: str | None = None,
        scale: float = 1.0,
    ) -> None:
        """One tile; ``scale`` 1 is a chain tile (2 x 1 units), larger for the viewer's hand."""
        hw, hh = (0.5 * scale, scale) if vertical else (scale, 0.5 * scale)
        xs, ys = chamfered(cx, cy, hw, hh, CHAMFER * scale)
        if face_up:
            self.face_x.extend(xs)
            self.face_y.extend(ys)
            bar = 0.4 * scale
            if vertical:
                self.line_x.extend((round(cx - bar, 3), round(cx + bar, 3), None))
                self.line_y.extend((cy, cy, None))
            else:
                self.line_x.extend((cx, cx, None))
                self.line_y.extend((round(cy - bar, 3), round(cy + bar, 3), None))
            for number, (hx, hy) in (
                (low, half_centre(cx, cy, vertical, -scale)),
                (high, half_centre(cx, cy, vertical, scale)),
            ):
                for ox, oy in PIP_SPOTS[number]:
                    if vertical:
                        self.pip_x.append(round(hx + ox * scale, 3))
                        self.pip_y.append(round(hy + oy * scale, 3))
                    else:
                        self.pip_x.append(round(hx + oy * scale, 3))
                        self.pip_y.append(round(hy + ox * scale, 3))
                    self.pip_scale.append(scale)
        else:
            self.back_x.extend(xs)
            self.back_y.extend(ys)
        if outline is not None:
            ox_list, oy_list = self.outline[outline]
            ox_list.extend(xs)
            oy_list.extend(ys)

    def click(self, x: float, y: float, data: str, text: str, scale: float = 1.0) -> None:
        self.click_x.append(round(x, 3))
        self.click_y.append(round(y, 3))
        self.click_data.append(data)
        self.click_text.append(text)
        self.click_scale.append(scale)

    def label(self, x: float, y: float, text: str) -> None:
        self.label_x.append(x)
        self.label_y.append(y)
        self.label_text.append(text)


def target_ends(state: HandState, tile: Tile) -> list[End]:
    """The ends where ``tile`` may be laid now (from the rules core's legal moves), in rule order."""
    ends: list[End] = []
    for move in legal_moves(state):
        if move.action is Action.PLAY and move.tile is tile and move.end is not None and move.end not in ends:
            ends.append(move.end)
    return ends


def _last_played(state: HandState) -> Tile | None:
    for _seat, move, _drawn, _points in reversed(state.log):
        if move.action is Action.PLAY:
            return move.tile
    return None


def board_figure(
    state: HandState,
    *,
    viewer_seat: int = 0,
    selected: Tile | None = None,
    highlight: Iterable[str] = (),
    reveal: bool = False,
    theme: ThemeName = "light",
    lang: str = "en",
    layout: BoardLayout | None = None,
    shape: ChainShape | None = None,
    show_last_move: bool = True,
    show_turn: bool = True,
    show_fits: bool = False,
    height: int = 640,
    width: int | None = None,
    hand_scale: float | None = None,
    name_viewer: bool = True,
) -> go.Figure:
    """Draw a hand in play as the viewer at ``viewer_seat`` sees it.

    ``selected``: a tile of the viewer's hand, drawn raised, with target
    circles at every end where it may be laid (only on the viewer's turn).
    ``highlight``: hints from a lesson, tiles written ``"6-4"`` (in the
    chain or the viewer's hand) and ends written ``"end:left"``; drawn with a
    dashed outline or ring. ``reveal`` turns every hand face up (it is also
    face up once the hand is over). ``layout``/``shape``: the chain's layout,
    or the shape to keep (see ``layout.layout_table``). ``height``/``width``
    in pixels set the size pips, labels and targets are drawn at; without
    ``width`` (the app stretches the figure to its column) the figure is
    taken to be at least ``ASSUMED_ASPECT`` times as wide as it is high.
    ``show_turn``: mark whose turn it is (off where that would give a quiz's
    answer away); ``show_fits``: outline the viewer's tiles that fit now, on
    the viewer's turn (the same tiles the hand buttons highlight).
    ``hand_scale``: the viewer's hand tiles' size (see ``frame.frame_for``).
    ``name_viewer``: label the viewer's seat "You" (off where nobody at the
    table is the reader, as in Compare, so every seat is "Seat N").
    """
    colours = THEMES[theme]
    board = layout if layout is not None else layout_table(state.table, shape)
    rules = state.rules
    players = rules.players
    sketch = _Sketch()
    wanted = set(highlight)
    last = _last_played(state) if show_last_move else None
    frame = frame_for(board.width, board.height, players, hand_scale, len(state.hand(viewer_seat)))

    for p in board.placements:
        name = str(p.tile)
        mark = "last" if p.tile is last else "hint" if name in wanted else None
        sketch.tile(p.cx, p.cy, p.vertical, p.low, p.high, not p.closed, mark)
        sketch.click(p.cx, p.cy, f"chain:{p.arm}:{p.link_index}", name)

    face_up_all = reveal or state.is_over
    fits = state.fitting(viewer_seat) if show_fits else 0
    for offset in range(players):
        seat = (viewer_seat + offset) % players
        side = frame.sides[offset] if offset < len(frame.sides) else "top"
        hand = state.hand(seat)
        you = seat == viewer_seat
        turn = show_turn and seat == state.to_move and not state.is_over
        label = seat_label(seat, len(hand), you=you and name_viewer, to_move=turn).in_(lang)
        _draw_hand(sketch, frame, hand, side, you or face_up_all, you, selected, wanted, label, fits if you else 0)

    if rules.has_boneyard:
        sketch.label(*boneyard_spot(frame), boneyard_label(len(state.boneyard)).in_(lang))

    target_x: list[float] = []
    target_y: list[float] = []
    target_data: list[str] = []
    hint_ring_x: list[float] = []
    hint_ring_y: list[float] = []
    spots = {spot.end: spot for spot in board.ends}
    if selected is not None and state.to_move == viewer_seat and not state.is_over:
        for end in target_ends(state, selected):
            spot = spots.get(end)
            if spot is None:
                continue
            tx, ty = spot.target
            target_x.append(tx)
            target_y.append(ty)
            target_data.append(f"end:{end}")
    for name in wanted:
        if name.startswith("end:") and name[4:] in spots:
            hx, hy = spots[name[4:]].target  # type: ignore[index]
            hint_ring_x.append(hx)
            hint_ring_y.append(hy)

    x_range, y_range = frame.x_range, frame.y_range
    # Why assume a width: pips, labels and targets are sized in pixels. If the
    # column is narrower than the board's natural shape, Plotly zooms out to
    # fit its width, and sizes made for the full height would overflow the tiles.
    px_per_unit = height / (y_range[1] - y_range[0])
    least_width = width if width is not None else height * ASSUMED_ASPECT
    px_per_unit = min(px_per_unit, least_width / (x_range[1] - x_range[0]))
    return _assemble(
        sketch,
        colours,
        board,
        px_per_unit,
        x_range,
        y_range,
        height,
        width,
        (target_x, target_y, target_data),
        (hint_ring_x, hint_ring_y),
    )


def _draw_hand(
    sketch: _Sketch,
    frame: Frame,
    hand: list[Tile],
    side: Side,
    face_up: bool,
    clickable: bool,
    selected: Tile | None,
    wanted: set[str],
    label: str,
    fits: int = 0,
) -> None:
    """Lay a seat's tiles along its side of the table, with its label; ``fits`` outlines tiles that fit now."""
    raised = next((i for i, tile in enumerate(hand) if tile is selected), None) if side == "bottom" else None
    for tile, spot in zip(hand, hand_tiles(frame, side, len(hand), raised), strict=True):
        name = str(tile)
        mark = "selected" if tile is selected else "hint" if name in wanted else "fit" if fits & tile.bit else None
        sketch.tile(spot.cx, spot.cy, spot.vertical, tile.lo, tile.hi, face_up, mark if face_up else None, spot.scale)
        if clickable:
            sketch.click(spot.cx, spot.cy, f"hand:{name}", name, spot.scale)
    x, y = label_spot(frame, side)
    sketch.label(x, y, label if side in ("bottom", "top") else label.replace(" · ", "<br>"))


def _assemble(
    sketch: _Sketch,
    colours: Theme,
    board: BoardLayout,
    ppu: float,
    x_range: tuple[float, float],
    y_range: tuple[float, float],
    height: int,
    width: int | None,
    targets: tuple[list[float], list[float], list[str]],
    hint_rings: tuple[list[float], list[float]],
) -> go.Figure:
    """Turn the gathered coordinates into a figure with few traces."""
    w2, h2 = board.width / 2, board.height / 2
    felt_x, felt_y = chamfered(0.0, 0.0, w2, h2)
    skip = "skip"
    traces: list[dict[str, object]] = [
        _scatter(
            x=_xy(felt_x),
            y=_xy(felt_y),
            fill="toself",
            fillcolor=colours.felt,
            mode="lines",
            line={"color": colours.felt_edge, "width": 3},
            hoverinfo=skip,
            name="felt",
        ),
        _scatter(
            x=_xy(sketch.back_x),
            y=_xy(sketch.back_y),
            fill="toself",
            fillcolor=colours.back,
            mode="lines",
            line={"color": colours.face_edge, "width": 1},
            hoverinfo=skip,
            name="backs",
        ),
        _scatter(
            x=_xy(sketch.face_x),
            y=_xy(sketch.face_y),
            fill="toself",
            fillcolor=colours.face,
            mode="lines",
            line={"color": colours.face_edge, "width": 1},
            hoverinfo=skip,
            name="tiles",
        ),
        _scatter(
            x=_xy(sketch.line_x),
            y=_xy(sketch.line_y),
            mode="lines",
            line={"color": colours.face_edge, "width": max(1.0, ppu * 0.05)},
            hoverinfo=skip,
            name="dividers",
        ),
        _scatter(
            x=_xy(sketch.pip_x),
            y=_xy(sketch.pip_y),
            mode="markers",
            marker=_marker(colours.pip, _sizes(sketch.pip_scale, ppu * 0.2, 3.0)),
            hoverinfo=skip,
            name="pips",
        ),
    ]
    styles = {
        "last": (colours.last, "solid"),
        "hint": (colours.hint, "dash"),
        "selected": (colours.selected, "solid"),
        "fit": (colours.fit, "dot"),
    }
    for key, (xs, ys) in sketch.outline.items():
        if xs:
            colour, dash = styles[key]
            traces.append(
                _scatter(
                    x=_xy(xs),
                    y=_xy(ys),
                    mode="lines",
                    line={"color": colour, "width": 3.5, "dash": dash},
                    hoverinfo=skip,
                    name=key,
                )
            )
    traces.append(
        _scatter(
            x=_xy(sketch.label_x),
            y=_xy(sketch.label_y),
            mode="text",
            text=sketch.label_text,
            textfont={"color": colours.text, "size": max(13.0, round(ppu * 0.55, 1))},
            hoverinfo=skip,
            name="labels",
        )
    )
    if hint_rings[0]:
        traces.append(
            _scatter(
                x=hint_rings[0],
                y=hint_rings[1],
                mode="markers",
                hoverinfo=skip,
                name="hint_ends",
                marker={"symbol": "circle-open-dot", "size": ppu * 1.3, "color": colours.hint, "line": {"width": 3}},
            )
        )
    tx, ty, tdata = targets
    traces.append(
        _scatter(
            x=tx,
            y=ty,
            customdata=tdata,
            mode="markers",
            name=TARGET_TRACE,
            hoverinfo="none",
            marker={"symbol": "circle-open", "size": ppu * 1.2, "color": colours.target, "line": {"width": 3}},
            selected={"marker": {"opacity": 1}},
            unselected={"marker": {"opacity": 1}},
        )
    )
    traces.append(
        _scatter(
            x=_xy(sketch.click_x),
            y=_xy(sketch.click_y),
            customdata=sketch.click_data,
            hovertext=sketch.click_text,
            mode="markers",
            name=CLICK_TRACE,
            hoverinfo="text",
            marker=_marker("rgba(0,0,0,0)", _sizes(sketch.click_scale, ppu * 1.1, 1.0)),
            selected={"marker": {"opacity": 1}},
            unselected={"marker": {"opacity": 1}},
        )
    )
    layout = table_layout(colours, x_range, y_range, height, width)
    # Why unvalidated: every value above comes from this module, never from a user, and Plotly's
    # property-by-property validation was most of a board's build time (16 of 18 ms for a four-seat
    # table). tests/board/test_figure_valid.py builds the same figures validated, so a bad property
    # still fails a test.
    return go.Figure(data=traces, layout=layout, _validate=False)


_NO_TEMPLATE = pio.templates["none"].to_plotly_json()
"""Plotly's "none" template as the object a validated figure would carry (no styling to ship, and
Streamlit's own chart theme stays off the board)."""


def table_layout(
    colours: Theme, x_range: tuple[float, float], y_range: tuple[float, float], height: int, width: int | None
) -> dict[str, object]:
    """The layout every table figure shares (line games and Tien Gow): wood around, no axes, clicks select.

    Why one dict passed to the figure's constructor: ``update_layout`` re-validates property by property and
    costs several times more.
    """
    return {
        "template": _NO_TEMPLATE,
        "showlegend": False,
        "height": height,
        "width": width,
        "dragmode": False,
        "margin": {"l": 0, "r": 0, "t": 0, "b": 0},
        "paper_bgcolor": colours.wood,
        "plot_bgcolor": colours.wood,
        "hovermode": "closest",
        "hoverdistance": 10,
        "clickmode": "event+select",
        "xaxis": {"visible": False, "range": list(x_range), "fixedrange": True},
        "yaxis": {"visible": False, "range": list(y_range), "fixedrange": True, "scaleanchor": "x", "scaleratio": 1},
    }


def _scatter(**properties: object) -> dict[str, object]:
    """One scatter trace as a plain dict (the figure is assembled unvalidated, see ``_assemble``)."""
    return {"type": "scatter", **properties}


def _xy(values: list[float | None] | list[float]) -> NDArray[np.float64]:
    """Coordinates as a float array, a gap (None) as NaN.

    Why: Plotly checks a list value by value (most of a board's build time)
    but takes a numeric array as it is, and ships it as compact binary; a
    NaN breaks a line or a filled polygon just as None does.
    """
    return np.array([np.nan if v is None else v for v in values], dtype=np.float64)


def _marker(colour: str, size: float | list[float]) -> dict[str, object]:
    """A plain filled marker. Why the explicit opacity and line: with a list of sizes
    Plotly treats the trace as a bubble chart and fades it, with white rims."""
    if isinstance(size, list):
        return {"color": colour, "size": size, "opacity": 1, "line": {"width": 0}}
    return {"color": colour, "size": size}


def _sizes(scales: list[float], size: float, least: float) -> float | list[float]:
    """Marker sizes in pixels for points drawn at ``scales``: one number when all are alike.

    Why: one number keeps the figure's JSON small; a list only when the
    viewer's hand is drawn larger than the chain.
    """
    distinct = set(scales)
    if len(distinct) <= 1:
        return max(least, round(size * (scales[0] if scales else 1.0), 1))
    return [max(least, round(size * k, 1)) for k in scales]
