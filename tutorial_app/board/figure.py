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

``board_picture`` is the builder: the figure as plain JSON (what the board
component draws with plotly.js) and the named parts of the board as overlay
shapes (``overlay``): each tile of the viewer's hand (``hand:6-4``) with how
far it rises when selected, each tile on the table (``tile:6-4``), and the
target spot of each open end. ``board_figure`` wraps the same figure as a
``go.Figure``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

import plotly.graph_objects as go
import plotly.io as pio

from tutorial_app.board.frame import (
    SEAT_SIDES,
    Frame,
    SeatWords,
    Side,
    boneyard_spot,
    fitted_height,
    frame_for,
    hand_tiles,
    label_spot,
    side_words_most,
)
from tutorial_app.board.geometry import Placement
from tutorial_app.board.labels import boneyard_label, letter_width, seat_label, seat_words, side_lines
from tutorial_app.board.layout import BoardLayout, EndSpot, layout_table
from tutorial_app.board.overlay import Coords, Part, dots, polygon
from tutorial_app.board.seat_names import plotly_text
from tutorial_app.board.shape import ChainShape
from tutorial_app.board.tile_face import CHAMFER, PIP_SPOTS, chamfered, half_centre
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action, End, HandState
from tutorial_app.rules.text import Text
from tutorial_app.rules.tiles import Tile

__all__ = [
    "Theme",
    "THEMES",
    "board_figure",
    "label_size",
    "LABEL_ROOM",
    "as_go_figure",
    "board_picture",
    "placed_part",
    "Picture",
    "ThemeName",
    "table_layout",
    "scatter",
    "filled_trace",
    "outline_traces",
    "marker_sizes",
    "target_ends",
    "CLICK_TRACE",
    "ClickTargets",
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


class Picture(NamedTuple):
    """A board as plain figure JSON (``{"data": [...], "layout": {...}}``) and its parts drawn on their own.

    ``parts``: ``hand:6-4`` for each tile of the viewer's hand, ``seat2:3`` for the others' tiles (by place),
    ``tile:6-4`` for each tile on the table (see ``overlay.Part``). ``rises``: how far (in the figure's units) each hand tile rises when selected.
    ``ends``: the target spot of each open end. ``px_per_unit``: the pixels one unit is drawn at (for
    sizes in pixels). ``wood``: the colour under the viewer's hand (to cover a tile that left it).
    """

    figure: dict[str, Any]
    parts: dict[str, Part]
    rises: dict[str, float]
    ends: dict[str, tuple[float, float]]
    px_per_unit: float
    wood: str


@dataclass
class ClickTargets:
    """The invisible markers a click lands on, gathered for the board's click trace (both games' boards): where
    each is, what a click on it reports (``customdata``), its hover text and the scale of what it covers."""

    x: list[float] = field(default_factory=list)
    y: list[float] = field(default_factory=list)
    data: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    scale: list[float] = field(default_factory=list)

    def add(self, x: float, y: float, data: str, text: str, scale: float) -> None:
        self.x.append(x)
        self.y.append(y)
        self.data.append(data)
        self.text.append(text)
        self.scale.append(scale)

    def trace(self, marker: dict[str, object]) -> dict[str, Any]:
        """The targets as the ``CLICK_TRACE`` trace, each drawn as ``marker`` (sized by the caller from ``scale``)."""
        return scatter(
            x=list(self.x),
            y=list(self.y),
            customdata=self.data,
            hovertext=self.text,
            mode="markers",
            name=CLICK_TRACE,
            hoverinfo="text",
            marker=marker,
            # Why: a click selects a point, and Plotly then fades every other point of the trace until the app
            # redraws the figure; the click layer keeps its look.
            selected={"marker": {"opacity": 1}},
            unselected={"marker": {"opacity": 1}},
        )


class _Sketch:
    """Coordinates gathered for the batched traces, and the named parts drawn on their own."""

    def __init__(self, colours: Theme, ppu: float) -> None:
        self.colours = colours
        self.ppu = ppu
        self.parts: dict[str, Part] = {}
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
        self.clicks = ClickTargets()
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
        part: str | None = None,
    ) -> None:
        """One tile; ``scale`` 1 is a chain tile (2 x 1 units), larger for the viewer's hand. ``part``: also
        keep it drawn on its own under that name."""
        drawn = _tile_geometry(cx, cy, vertical, low, high, face_up, scale)
        xs, ys = drawn.outline
        if face_up:
            self.face_x.extend(xs)
            self.face_y.extend(ys)
            self.line_x.extend(drawn.bar[0])
            self.line_y.extend(drawn.bar[1])
            self.pip_x.extend(drawn.pips[0])
            self.pip_y.extend(drawn.pips[1])
            self.pip_scale.extend([scale] * len(drawn.pips[0]))
        else:
            self.back_x.extend(xs)
            self.back_y.extend(ys)
        if outline is not None:
            ox_list, oy_list = self.outline[outline]
            ox_list.extend(xs)
            oy_list.extend(ys)
        if part is not None:
            self.parts[part] = _tile_part(drawn, face_up, scale, self.colours, self.ppu)

    def click(self, x: float, y: float, data: str, text: str, scale: float = 1.0) -> None:
        self.clicks.add(round(x, 3), round(y, 3), data, text, scale)

    def label(self, x: float, y: float, text: str) -> None:
        self.label_x.append(x)
        self.label_y.append(y)
        self.label_text.append(text)


class _TileGeometry(NamedTuple):
    """A tile's outline, the bar across its middle and its pips, in the figure's units."""

    outline: tuple[Coords, Coords]
    bar: tuple[Coords, Coords]
    pips: tuple[list[float], list[float]]


def _tile_geometry(
    cx: float, cy: float, vertical: bool, low: int, high: int, face_up: bool, scale: float
) -> _TileGeometry:
    hw, hh = (0.5 * scale, scale) if vertical else (scale, 0.5 * scale)
    outline = chamfered(cx, cy, hw, hh, CHAMFER * scale)
    if not face_up:
        return _TileGeometry(outline, ([], []), ([], []))
    bar = 0.4 * scale
    if vertical:
        line: tuple[Coords, Coords] = ([round(cx - bar, 3), round(cx + bar, 3), None], [cy, cy, None])
    else:
        line = ([cx, cx, None], [round(cy - bar, 3), round(cy + bar, 3), None])
    pip_x: list[float] = []
    pip_y: list[float] = []
    for number, (hx, hy) in (
        (low, half_centre(cx, cy, vertical, -scale)),
        (high, half_centre(cx, cy, vertical, scale)),
    ):
        for ox, oy in PIP_SPOTS[number]:
            if vertical:
                pip_x.append(round(hx + ox * scale, 3))
                pip_y.append(round(hy + oy * scale, 3))
            else:
                pip_x.append(round(hx + oy * scale, 3))
                pip_y.append(round(hy + ox * scale, 3))
    return _TileGeometry(outline, line, (pip_x, pip_y))


def _tile_part(drawn: _TileGeometry, face_up: bool, scale: float, colours: Theme, ppu: float) -> Part:
    """A tile drawn on its own as the traces draw it: its body, its bar and its pips."""
    xs, ys = drawn.outline
    body = polygon(xs, ys, fill=colours.face if face_up else colours.back, line=colours.face_edge, width=1.0)
    if not face_up:
        return Part((body,), xs, ys)
    bar = polygon(*drawn.bar, line=colours.face_edge, width=divider_width(ppu))
    pip_size = max(3.0, round(ppu * 0.2 * scale, 1))
    return Part((body, bar, dots(*drawn.pips, pip_size, colours.pip)), xs, ys)


def placed_part(placement: Placement, theme: ThemeName, ppu: float) -> Part:
    """A tile laid on the table at ``placement`` (a chain tile), drawn on its own as the board draws it."""
    drawn = _tile_geometry(
        placement.cx, placement.cy, placement.vertical, placement.low, placement.high, not placement.closed, 1.0
    )
    return _tile_part(drawn, not placement.closed, 1.0, THEMES[theme], ppu)


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


def board_figure(state: HandState, **view: Any) -> go.Figure:
    """``board_picture``'s figure as a ``go.Figure`` (same arguments)."""
    return as_go_figure(board_picture(state, **view).figure)


def as_go_figure(figure: Mapping[str, Any]) -> go.Figure:
    """A board's plain figure JSON as a ``go.Figure``, unvalidated as it was built (see ``_assemble``)."""
    return go.Figure(data=figure["data"], layout=figure["layout"], _validate=False)


def board_picture(
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
    names: Mapping[int, str] | None = None,
    label_px: float = 0.0,
    show_boneyard: bool = True,
    fit: bool = False,
) -> Picture:
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
    ``names``: people's names in place of "Seat N" (a club table), plain text.
    ``label_px``: the least size in pixels of the words on the wood (a presenter's room).
    ``show_boneyard``: write the boneyard's count (off where the count would answer a lesson's question).
    ``fit``: with ``width``, the figure no taller than the board needs at that width (``height`` the most).
    """
    colours = THEMES[theme]
    board = layout if layout is not None else layout_table(state.table, shape)
    wanted = set(highlight)
    seats = _Seats(
        viewer_seat, selected, wanted, reveal or state.is_over, show_turn, show_fits, name_viewer, names, lang
    )
    boneyard = boneyard_label(len(state.boneyard)) if state.rules.has_boneyard and show_boneyard else None
    frame = frame_for(board.width, board.height, state.rules.players, hand_scale, len(state.hand(viewer_seat)))
    # Why twice: the labels' room in units follows the pixels a unit is drawn at, which follow the frame.
    for _ in range(2):
        font_px = label_size(_px_per_unit(frame, height, width), label_px)
        words = _seat_words(state, seats, boneyard, board.width, font_px, _px_per_unit(frame, height, width))
        frame = frame_for(
            board.width, board.height, state.rules.players, hand_scale, len(state.hand(viewer_seat)), words
        )
    if fit and width is not None:
        height = min(height, fitted_height(frame, width))
    x_range, y_range = frame.x_range, frame.y_range
    px_per_unit = _px_per_unit(frame, height, width)
    sketch = _Sketch(colours, px_per_unit)
    _draw_chain(sketch, board, _last_played(state) if show_last_move else None, wanted)
    rises = _draw_hands(sketch, frame, state, seats)
    if boneyard is not None:
        sketch.label(*boneyard_spot(frame), boneyard.in_(lang))
    spots = {spot.end: spot for spot in board.ends}
    figure = _assemble(
        sketch,
        colours,
        board,
        px_per_unit,
        x_range,
        y_range,
        height,
        width,
        _targets(state, spots, selected, viewer_seat),
        _hint_rings(spots, wanted),
        label_px,
    )
    ends = {str(end): spot.target for end, spot in spots.items()}
    return Picture(figure, sketch.parts, rises, ends, px_per_unit, colours.wood)


def _px_per_unit(frame: Frame, height: int, width: int | None) -> float:
    """The pixels a unit of ``frame`` is drawn at in a figure ``height`` high (and ``width`` wide, if given).

    Why assume a width: pips, labels and targets are sized in pixels. If the column is narrower than the
    board's natural shape, Plotly zooms out to fit its width, and sizes made for the full height would
    overflow the tiles."""
    x_range, y_range = frame.x_range, frame.y_range
    least_width = width if width is not None else height * ASSUMED_ASPECT
    return min(height / (y_range[1] - y_range[0]), least_width / (x_range[1] - x_range[0]))


def _seat_words(
    state: HandState, seats: _Seats, boneyard: Text | None, board_width: float, font_px: float, ppu: float
) -> SeatWords:
    """The room the seats' labels take at ``ppu``, each measured as it reads on its seat's turn (the widest it
    gets), so nothing moves as the turn goes round."""
    players = state.rules.players
    sides = SEAT_SIDES.get(players, SEAT_SIDES[4])
    around = [(sides[offset], (seats.viewer + offset) % players) for offset in range(1, min(players, len(sides)))]
    most, letter = side_words_most(board_width, players), letter_width(font_px, ppu)
    side_labels = [
        side_lines(_seat_text(state, seats, seat, True), most, letter) for side, seat in around if side != "top"
    ]
    bottom = _seat_text(state, seats, seats.viewer, True)
    return seat_words(side_labels, bottom, boneyard, font_px=font_px, ppu=ppu)


def _seat_text(state: HandState, seats: _Seats, seat: int, widest: bool = False) -> Text:
    """The label of ``seat`` (``widest``: as it reads on its turn)."""
    turn = widest or (seats.show_turn and seat == state.to_move and not state.is_over)
    name = seats.names.get(seat) if seats.names else None
    shown = plotly_text(name) if name is not None else None
    you = seat == seats.viewer and seats.name_viewer
    return seat_label(seat, len(state.hand(seat)), you=you, to_move=turn, name=shown)


class _Seats(NamedTuple):
    """How the seats are shown: the viewer's and their selection, hints, faces, turn, fitting tiles, names."""

    viewer: int
    selected: Tile | None
    wanted: set[str]
    face_up_all: bool
    show_turn: bool
    show_fits: bool
    name_viewer: bool
    names: Mapping[int, str] | None
    lang: str


def _draw_chain(sketch: _Sketch, board: BoardLayout, last: Tile | None, wanted: set[str]) -> None:
    """The tiles on the table, each kept as a part (``tile:6-4``) and clickable (``chain:left:3``)."""
    for p in board.placements:
        name = str(p.tile)
        mark = "last" if p.tile is last else "hint" if name in wanted else None
        sketch.tile(p.cx, p.cy, p.vertical, p.low, p.high, not p.closed, mark, part=f"tile:{name}")
        sketch.click(p.cx, p.cy, f"chain:{p.arm}:{p.link_index}", name)


def _draw_hands(sketch: _Sketch, frame: Frame, state: HandState, seats: _Seats) -> dict[str, float]:
    """Every seat's hand and label around the felt, the viewer's at the bottom; how far the viewer's tiles rise."""
    viewer = seats.viewer
    fits = state.fitting(viewer) if seats.show_fits else 0
    players = state.rules.players
    rises: dict[str, float] = {}
    for offset in range(players):
        seat = (viewer + offset) % players
        side = frame.sides[offset] if offset < len(frame.sides) else "top"
        hand = state.hand(seat)
        you = seat == viewer
        text = _seat_text(state, seats, seat)
        if side in ("left", "right"):
            text = side_lines(text, side_words_most(frame.width, players), frame.words.letter)
        label = text.in_(seats.lang)
        face_up = you or seats.face_up_all
        mine = _Hand(seat, hand, face_up, you, seats.selected, seats.wanted, label, fits if you else 0)
        rises.update(_draw_hand(sketch, frame, mine, side))
    return rises


def _targets(
    state: HandState, spots: Mapping[End, EndSpot], selected: Tile | None, viewer_seat: int
) -> tuple[list[float], list[float], list[str]]:
    """The target circles of a selected tile: every end where it may be laid now, on the viewer's turn."""
    target_x: list[float] = []
    target_y: list[float] = []
    target_data: list[str] = []
    if selected is None or state.to_move != viewer_seat or state.is_over:
        return target_x, target_y, target_data
    for end in target_ends(state, selected):
        spot = spots.get(end)
        if spot is not None:
            target_x.append(spot.target[0])
            target_y.append(spot.target[1])
            target_data.append(f"end:{end}")
    return target_x, target_y, target_data


def _hint_rings(spots: Mapping[End, EndSpot], wanted: set[str]) -> tuple[list[float], list[float]]:
    """A lesson's hinted ends (``end:left``), ringed."""
    xs: list[float] = []
    ys: list[float] = []
    for name in wanted:
        if name.startswith("end:") and name[4:] in spots:
            hx, hy = spots[name[4:]].target  # type: ignore[index]
            xs.append(hx)
            ys.append(hy)
    return xs, ys


def divider_width(ppu: float) -> float:
    """The width in pixels of the bar across a tile's middle."""
    return max(1.0, ppu * 0.05)


def target_size(ppu: float) -> float:
    """The diameter in pixels of an end's target circle."""
    return ppu * 1.2


class _Hand(NamedTuple):
    """A seat's hand as the viewer sees it: its tiles, whether face up and clickable, its marks and label."""

    seat: int
    tiles: list[Tile]
    face_up: bool
    clickable: bool
    selected: Tile | None
    wanted: set[str]
    label: str
    fits: int


def _draw_hand(sketch: _Sketch, frame: Frame, hand: _Hand, side: Side) -> dict[str, float]:
    """Lay a seat's tiles along its side of the table, with its label; ``fits`` outlines tiles that fit now.

    The clickable (the viewer's) hand is kept part by part, with how far each tile rises when selected.
    """
    tiles, selected = hand.tiles, hand.selected
    raised = next((i for i, tile in enumerate(tiles) if tile is selected), None) if side == "bottom" else None
    spots = hand_tiles(frame, side, len(tiles), raised)
    rises: dict[str, float] = {}
    if hand.clickable and side == "bottom":
        level = hand_tiles(frame, side, len(tiles))
        for i, tile in enumerate(tiles):
            lifted = hand_tiles(frame, side, len(tiles), i)[i].cy
            rises[f"hand:{tile}"] = round(lifted - level[i].cy, 3)
    for index, (tile, spot) in enumerate(zip(tiles, spots, strict=True)):
        name = str(tile)
        mark = (
            "selected"
            if tile is selected
            else "hint"
            if name in hand.wanted
            else "fit"
            if hand.fits & tile.bit
            else None
        )
        part = f"hand:{name}" if hand.clickable else f"seat{hand.seat}:{index}"
        face_up = hand.face_up
        sketch.tile(
            spot.cx, spot.cy, spot.vertical, tile.lo, tile.hi, face_up, mark if face_up else None, spot.scale, part
        )
        if hand.clickable:
            sketch.click(spot.cx, spot.cy, f"hand:{name}", name, spot.scale)
    x, y = label_spot(frame, side)
    sketch.label(x, y, hand.label)
    return rises


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
    label_px: float = 0.0,
) -> dict[str, Any]:
    """Turn the gathered coordinates into a figure with few traces (plain JSON)."""
    w2, h2 = board.width / 2, board.height / 2
    felt_x, felt_y = chamfered(0.0, 0.0, w2, h2)
    skip = "skip"
    traces: list[dict[str, object]] = [
        filled_trace(felt_x, felt_y, colours.felt, colours.felt_edge, 3, "felt"),
        filled_trace(sketch.back_x, sketch.back_y, colours.back, colours.face_edge, 1, "backs"),
        filled_trace(sketch.face_x, sketch.face_y, colours.face, colours.face_edge, 1, "tiles"),
        scatter(
            x=_xy(sketch.line_x),
            y=_xy(sketch.line_y),
            mode="lines",
            line={"color": colours.face_edge, "width": divider_width(ppu)},
            hoverinfo=skip,
            name="dividers",
        ),
        scatter(
            x=_xy(sketch.pip_x),
            y=_xy(sketch.pip_y),
            mode="markers",
            marker=_marker(colours.pip, marker_sizes(sketch.pip_scale, ppu * 0.2, 3.0)),
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
    traces.extend(outline_traces(sketch.outline, styles))
    traces.append(
        scatter(
            x=_xy(sketch.label_x),
            y=_xy(sketch.label_y),
            mode="text",
            text=sketch.label_text,
            textfont={"color": colours.text, "size": label_size(ppu, label_px)},
            hoverinfo=skip,
            name="labels",
        )
    )
    if hint_rings[0]:
        traces.append(
            scatter(
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
        scatter(
            x=tx,
            y=ty,
            customdata=tdata,
            mode="markers",
            name=TARGET_TRACE,
            hoverinfo="none",
            marker={"symbol": "circle-open", "size": target_size(ppu), "color": colours.target, "line": {"width": 3}},
            selected={"marker": {"opacity": 1}},
            unselected={"marker": {"opacity": 1}},
        )
    )
    clicks = sketch.clicks
    traces.append(clicks.trace(_marker("rgba(0,0,0,0)", marker_sizes(clicks.scale, ppu * 1.1, 1.0))))
    # Why plain JSON, unvalidated: every value above comes from this module, never from a user, and
    # Plotly's property-by-property validation was most of a board's build time (16 of 18 ms for a
    # four-seat table), its conversion to JSON most of the rest. tests/board/test_figure_valid.py builds
    # the same figures validated, so a bad property still fails a test.
    return {"data": traces, "layout": table_layout(colours, x_range, y_range, height, width)}


LABEL_ROOM = 0.75
"""The largest the words on the wood may be, in half-tile units: the room the frame leaves them between the felt
and the top hand, and beside a side column (``frame.label_spot``)."""


def label_size(ppu: float, label_px: float = 0.0) -> float:
    """The size in pixels of the words on the wood: 0.55 of a half-tile unit and at least 13 px; ``label_px`` (a
    presenter's room) asks for more, as far as the room the frame leaves them allows (``LABEL_ROOM``).

    Why the bound: a presenter's board in a narrow column (the class's wall, beside the teacher's panel) has few
    pixels to a unit; its 24 px words were 1.2 units tall there, the side seats' labels cut at the figure's
    edges and the top seat's over its tiles."""
    return max(13.0, round(ppu * 0.55, 1), min(label_px, math.floor(ppu * LABEL_ROOM * 10) / 10))


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


def scatter(**properties: object) -> dict[str, Any]:
    """One scatter trace as a plain dict (both games' figures are assembled unvalidated, see ``_assemble``)."""
    return {"type": "scatter", **properties}


def filled_trace(
    xs: Sequence[float | None], ys: Sequence[float | None], fill: str, edge: str, width: float, name: str
) -> dict[str, Any]:
    """Closed shapes (None between two) filled with ``fill`` and rimmed with ``edge``: the felt, the tiles'
    faces or their backs, in both games."""
    return scatter(
        x=list(xs),
        y=list(ys),
        fill="toself",
        fillcolor=fill,
        mode="lines",
        line={"color": edge, "width": width},
        hoverinfo="skip",
        name=name,
    )


def outline_traces(
    outline: Mapping[str, tuple[Sequence[float | None], Sequence[float | None]]], styles: Mapping[str, tuple[str, str]]
) -> list[dict[str, Any]]:
    """The rims drawn around marked tiles (the last played, a hint, a selection...), one trace per mark that has
    any, in the colour and dash ``styles`` gives that mark."""
    traces = []
    for key, (xs, ys) in outline.items():
        if xs:
            colour, dash = styles[key]
            traces.append(
                scatter(
                    x=list(xs),
                    y=list(ys),
                    mode="lines",
                    line={"color": colour, "width": 3.5, "dash": dash},
                    hoverinfo="skip",
                    name=key,
                )
            )
    return traces


def _xy(values: Coords | list[float]) -> Coords:
    """Coordinates as a plain list (None breaks a line or a filled polygon)."""
    return list(values)


def _marker(colour: str, size: float | list[float]) -> dict[str, object]:
    """A plain filled marker. Why the explicit opacity and line: with a list of sizes
    Plotly treats the trace as a bubble chart and fades it, with white rims."""
    if isinstance(size, list):
        return {"color": colour, "size": size, "opacity": 1, "line": {"width": 0}}
    return {"color": colour, "size": size}


def marker_sizes(scales: list[float], size: float, least: float) -> float | list[float]:
    """Marker sizes in pixels for points drawn at ``scales``: one number when all are alike.

    Why: one number keeps the figure's JSON small; a list only when the
    viewer's hand is drawn larger than the chain.
    """
    distinct = set(scales)
    if len(distinct) <= 1:
        return max(least, round(size * (scales[0] if scales else 1.0), 1))
    return [max(least, round(size * k, 1)) for k in scales]
