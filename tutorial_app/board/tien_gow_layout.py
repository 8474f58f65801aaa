"""Where everything lies on the Tien Gow table: a pure function of the hand (no plotly).

The viewer sits at the bottom, face up and larger, and is "You"/«Вы»; the
other three sit left, top and right (the line games' ``frame.SEAT_SIDES``),
face down, labelled with their tile counts. On the felt, each seat's part of
the trick lies on the seat's side of the centre: face up when it was played
to beat, face down when discarded; the set holding the trick is outlined.
Between tricks the felt shows the trick just taken and who took it. Each
seat's trick points lie as a small face-down pile beside its hand.

Units are the board's (a Western tile is 1 x 2); Chinese tiles are
``chinese_tile.TILE_W`` x ``TILE_H`` at scale 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple, TypedDict

from tutorial_app.board.chinese_tile import TILE_H, TILE_W
from tutorial_app.board.frame import SEAT_SIDES, Side
from tutorial_app.board.labels import tile_count
from tutorial_app.board.tien_gow_controller import selection_hint, valid_selection
from tutorial_app.rules.text import Text, joined, msg, msgc, verbatim
from tutorial_app.rules.tien_gow.options import PLAYERS
from tutorial_app.rules.tien_gow.state import Action, HandState, Trick
from tutorial_app.rules.tiles import Tile

__all__ = [
    "FELT_W",
    "FELT_H",
    "TileSpot",
    "Caption",
    "Button",
    "TableLayout",
    "layout_tien_gow",
    "TableOptions",
    "seat_title",
    "seat_caption",
    "RISE",
]

FELT_W = 26.0
FELT_H = 15.0
VIEWER_SCALE = 1.45
OTHER_SCALE = 0.72
TRICK_SCALE = 1.0
PILE_SCALE = 0.42

_GAP = 0.5
"""Felt's edge to the near edge of a hand."""
_STEP = 1.18
"""Hand tiles' spacing, in tile widths."""
RISE = 0.7
"""How far a selected tile rises."""
_SIDE_BAND = 4.5
"""Room left and right of the felt for a side seat's column and its label."""

_SLOTS: dict[Side, tuple[float, float]] = {
    "bottom": (0.0, -3.5),
    "top": (0.0, 3.5),
    "left": (-7.8, 0.0),
    "right": (7.8, 0.0),
}
_SLOT_CAPTIONS: dict[Side, tuple[float, float]] = {
    "bottom": (0.0, -5.45),
    "top": (0.0, 5.45),
    "left": (-7.8, -1.95),
    "right": (7.8, -1.95),
}
# Where each seat's pile of trick points starts (beside its hand, off the felt) and which way it grows.
_PILES: dict[Side, tuple[float, float, float, float]] = {
    "bottom": (-12.4, -9.6, 1.0, 0.0),
    "top": (4.6, 8.8, 1.0, 0.0),
    "left": (-14.3, -4.0, 0.0, -1.0),
    "right": (14.3, -4.0, 0.0, -1.0),
}

Mark = Literal["selected", "winning", "hint"]
Place = Literal["hand", "trick", "pile"]


class TileSpot(NamedTuple):
    """One tile on the table: centre, orientation, scale; ``tile`` None is face down.

    ``place``/``order`` say what it is (a hand's place, a play's tile, a
    pile's tile); ``click`` is the click layer's ``customdata`` (None: not
    clickable); ``mark`` an outline.
    """

    cx: float
    cy: float
    vertical: bool
    scale: float
    tile: Tile | None
    seat: int
    place: Place
    order: int
    mark: Mark | None = None
    click: str | None = None

    @property
    def size(self) -> tuple[float, float]:
        w, h = TILE_W * self.scale, TILE_H * self.scale
        return (w, h) if self.vertical else (h, w)


class Caption(NamedTuple):
    """A line of text on the table (``size`` relative to the labels')."""

    x: float
    y: float
    text: Text
    size: float = 1.0


class Button(NamedTuple):
    """A button drawn on the table: clicking it sends ``action:<action>``."""

    action: Action
    x: float
    y: float
    w: float
    h: float
    label: Text
    enabled: bool
    hint: bool = False


class TableLayout(NamedTuple):
    """Everything the figure draws, and the extent of the figure."""

    tiles: tuple[TileSpot, ...]
    captions: tuple[Caption, ...]
    buttons: tuple[Button, ...]
    x_range: tuple[float, float]
    y_range: tuple[float, float]


def seat_title(seat: int, viewer_seat: int) -> Text:
    """ "You"/«Вы» for the viewer, else "Seat N"/«Игрок N» (seats counted from 0, as everywhere)."""
    return msg("You") if seat == viewer_seat else msg("Seat {seat}", seat=seat)


def seat_caption(state: HandState, seat: int, viewer_seat: int, show_turn: bool = True, sep: str = " · ") -> Text:
    """A seat's label: its name, tiles left, trick points, banker, one after another with ``sep`` between; ``▶``
    when it is to move (and ``show_turn``)."""
    arrow = "▶ " if show_turn and seat == state.to_move and not state.is_over else ""
    title = seat_title(seat, viewer_seat)
    count = len(state.hands[seat])
    parts = [
        joined([verbatim(arrow), title], ""),
        tile_count(count),
        msg("trick points: {item}", item=state.taken[seat]),
    ]
    if seat == state.banker:
        parts.append(msg("banker"))
    return joined(parts, sep)


def _sides(viewer_seat: int) -> dict[int, Side]:
    return {(viewer_seat + offset) % PLAYERS: side for offset, side in enumerate(SEAT_SIDES[PLAYERS])}


def _hand_spots(
    state: HandState, seat: int, side: Side, face_up: bool, selected: tuple[int, ...], hints: frozenset[str]
) -> list[TileSpot]:
    hand = state.hands[seat]
    scale = VIEWER_SCALE if side == "bottom" else OTHER_SCALE
    step = TILE_W * scale * _STEP
    first = -step * (len(hand) - 1) / 2
    long_half = TILE_H * scale / 2
    spots = []
    for i, tile in enumerate(hand):
        along = first + i * step
        shown_tile = tile if face_up else None
        if side == "bottom":
            rise = RISE if i in selected else 0.0
            mark: Mark | None = "selected" if i in selected else "hint" if str(tile) in hints else None
            spots.append(
                TileSpot(
                    along,
                    -FELT_H / 2 - _GAP - long_half + rise,
                    True,
                    scale,
                    shown_tile,
                    seat,
                    "hand",
                    i,
                    mark,
                    f"hand:{i}",
                )
            )
        elif side == "top":
            spots.append(TileSpot(along, FELT_H / 2 + _GAP + long_half, True, scale, shown_tile, seat, "hand", i))
        else:
            x = FELT_W / 2 + _GAP + long_half
            spots.append(
                TileSpot(
                    -x if side == "left" else x,
                    -along if side == "left" else along,
                    False,
                    scale,
                    shown_tile,
                    seat,
                    "hand",
                    i,
                )
            )
    return spots


def _shown_trick(state: HandState, show_last_trick: bool) -> Trick | None:
    if state.trick is not None:
        return state.trick
    return state.last_trick if show_last_trick else None


def _trick_spots(trick: Trick, sides: dict[int, Side], show_turn: bool) -> list[TileSpot]:
    spots = []
    step = TILE_W * TRICK_SCALE * 1.15
    for number, play in enumerate(trick.plays):
        sx, sy = _SLOTS[sides[play.seat]]
        first = -step * (len(play.tiles) - 1) / 2
        mark: Mark | None = "winning" if number == trick.high and show_turn else None
        for i, tile in enumerate(play.tiles):
            spots.append(
                TileSpot(
                    sx + first + i * step,
                    sy,
                    True,
                    TRICK_SCALE,
                    tile if play.face_up else None,
                    play.seat,
                    "trick",
                    i,
                    mark,
                    f"trick:{play.seat}",
                )
            )
    return spots


def _pile_spots(state: HandState, sides: dict[int, Side]) -> list[TileSpot]:
    spots = []
    step = TILE_W * PILE_SCALE * 1.3
    for seat in range(PLAYERS):
        x0, y0, dx, dy = _PILES[sides[seat]]
        vertical = dx != 0
        for i in range(state.taken[seat]):
            spots.append(TileSpot(x0 + dx * i * step, y0 + dy * i * step, vertical, PILE_SCALE, None, seat, "pile", i))
    return spots


def _role(trick: Trick, index: int, you: bool) -> Text:
    play = trick.plays[index]
    if index == 0:
        return msg("led")
    if not play.face_up:
        return msg("face down")
    return msgc("you", "beat") if you else msg("beat")


def _trick_captions(
    state: HandState, trick: Trick, sides: dict[int, Side], viewer_seat: int, show_turn: bool
) -> list[Caption]:
    captions = []
    for index, play in enumerate(trick.plays):
        x, y = _SLOT_CAPTIONS[sides[play.seat]]
        title, role = seat_title(play.seat, viewer_seat), _role(trick, index, play.seat == viewer_seat)
        captions.append(Caption(x, y, msg("{seat}: {role}", seat=title, role=role), 0.85))
    centre = _centre_text(state, trick, viewer_seat) if show_turn else _trick_number(state, trick)
    captions.append(Caption(0.0, 0.0, centre, 1.1))
    return captions


def _numbered(state: HandState, open_trick: bool) -> int | None:
    """3 for the third trick of a hand dealt from the start; None for a position set up later in a hand."""
    if sum(state.taken) != sum(t.size for t in state.tricks):
        return None
    return len(state.tricks) + (1 if open_trick else 0)


def _trick(number: int | None) -> Text:
    """ "Trick 3", or "Trick" where the tricks are not counted from the deal."""
    return msg("Trick") if number is None else msg("Trick {number}", number=number)


def _trick_taken(number: int | None) -> Text:
    """The trick as the thing taken ("you take trick 3": the Russian accusative «взятку 3»)."""
    return msgc("taken", "trick") if number is None else msgc("taken", "trick {number}", number=number)


def _trick_number(state: HandState, trick: Trick | None) -> Text:
    """ "Trick 3" with no word of who leads or takes it (a question about that is on)."""
    return _trick(_numbered(state, trick is None or trick.taker < 0))


def _lead_text(state: HandState, viewer_seat: int) -> Text:
    trick = _trick(_numbered(state, True))
    if state.to_move == viewer_seat:
        return msg("{trick}: your lead", trick=trick)
    return msg("{trick}: seat {seat} leads", trick=trick, seat=state.to_move)


def _centre_text(state: HandState, trick: Trick, viewer_seat: int) -> Text:
    taker = trick.taker
    if state.is_over:
        # two lines: one would run over the tiles laid left and right of the centre
        if taker == viewer_seat:
            return msg("You take the last trick<br>and win the hand")
        return msg("Seat {taker} takes the last trick<br>and wins the hand", taker=taker)
    number = _numbered(state, taker < 0)
    if taker >= 0:
        taken = _trick_taken(number)
        if taker == viewer_seat:
            return msg("You take {trick}: +{size}", trick=taken, size=trick.size)
        return msg("Seat {seat} takes {trick}: +{size}", seat=taker, trick=taken, size=trick.size)
    if state.is_last_trick:
        return msg("{trick}, the last", trick=_trick(number))
    return _trick(number)


def _buttons(
    state: HandState, selected: tuple[int, ...], viewer_seat: int, hints: frozenset[str]
) -> tuple[Button, ...]:
    if state.is_over or state.to_move != viewer_seat:
        return ()
    hint = selection_hint(state, selected, viewer_seat)
    x = FELT_W / 2 - 1.6
    y = -FELT_H / 2 - _GAP - TILE_H * VIEWER_SCALE / 2
    return (
        Button(Action.PLAY, x, y + 0.9, 3.4, 1.3, msg("Play"), hint.can_play, "action:play" in hints),
        Button(
            Action.DISCARD,
            x,
            y - 0.9,
            3.4,
            1.3,
            msg("Discard"),
            hint.can_discard,
            "action:discard" in hints,
        ),
    )


def _seat_captions(state: HandState, sides: dict[int, Side], viewer_seat: int, show_turn: bool) -> list[Caption]:
    out = []
    for seat, side in sides.items():
        text = seat_caption(state, seat, viewer_seat, show_turn, " · " if side in ("bottom", "top") else "<br>")
        if side == "bottom":
            y = -FELT_H / 2 - _GAP - TILE_H * VIEWER_SCALE - 0.75
            out.append(Caption(0.0, y, text))
        elif side == "top":
            out.append(Caption(0.0, FELT_H / 2 + _GAP + TILE_H * OTHER_SCALE + 0.6, text))
        else:
            x = FELT_W / 2 + _GAP + TILE_H * OTHER_SCALE / 2
            out.append(Caption(-x if side == "left" else x, 5.2, text))
    return out


class TableOptions(TypedDict, total=False):
    """``layout_tien_gow``'s keyword options (what it says they do), as ``tien_gow_picture`` passes them on."""

    viewer_seat: int
    selected: Iterable[int]
    reveal: bool
    show_last_trick: bool
    highlight: Iterable[str]
    show_turn: bool
    show_buttons: bool


def layout_tien_gow(
    state: HandState,
    *,
    viewer_seat: int = 0,
    selected: Iterable[int] = (),
    reveal: bool = False,
    show_last_trick: bool = True,
    highlight: Iterable[str] = (),
    show_turn: bool = True,
    show_buttons: bool = True,
) -> TableLayout:
    """The table as the viewer at ``viewer_seat`` sees it.

    ``selected``: places in the viewer's hand, raised and outlined.
    ``reveal`` turns every hand face up. ``show_last_trick`` keeps the trick
    just taken on the felt until the next lead. ``highlight``: a lesson's
    hints, tiles of the viewer's hand written ``"6-6"`` and buttons written
    ``"action:play"``/``"action:discard"``. ``show_turn`` False hides whose
    turn it is, which set holds the trick and who took it (a question about
    that is on). ``show_buttons`` False leaves out Play and Discard (a table
    only to look at).
    """
    sides = _sides(viewer_seat)
    chosen = valid_selection(state, selected, viewer_seat) if state.to_move == viewer_seat else ()
    hints = frozenset(highlight)
    tiles: list[TileSpot] = []
    for seat, side in sides.items():
        face_up = seat == viewer_seat or reveal or state.is_over
        tiles.extend(_hand_spots(state, seat, side, face_up, chosen if seat == viewer_seat else (), hints))
    captions = _seat_captions(state, sides, viewer_seat, show_turn)
    trick = _shown_trick(state, show_last_trick)
    if trick is not None:
        tiles.extend(_trick_spots(trick, sides, show_turn))
        captions.extend(_trick_captions(state, trick, sides, viewer_seat, show_turn))
    else:
        lead = _lead_text(state, viewer_seat) if show_turn else _trick_number(state, None)
        captions.append(Caption(0.0, 0.0, lead, 1.1))
    tiles.extend(_pile_spots(state, sides))
    x_half = FELT_W / 2 + _SIDE_BAND
    bottom = -FELT_H / 2 - _GAP - TILE_H * VIEWER_SCALE - 1.5
    top = FELT_H / 2 + _GAP + TILE_H * OTHER_SCALE + 1.3
    buttons = _buttons(state, chosen, viewer_seat, hints) if show_buttons else ()
    return TableLayout(tuple(tiles), tuple(captions), buttons, (-x_half, x_half), (bottom, top))
