"""Where everything lies on the Tien Gow table: a pure function of the hand (no plotly).

The viewer sits at the bottom, face up and larger, and is "You"/«Вы»; the
other three sit left, top and right (the line games' ``frame.SEAT_SIDES``),
face down, labelled with their tile counts. On the felt, each seat's part of
the trick lies on the seat's side of the centre (``tien_gow_felt``): face up when
it was played to beat, face down when discarded; the set holding the trick is outlined.
Between tricks the felt shows the trick just taken and who took it. Each
seat's trick points lie as a small face-down pile beside its hand (a lesson
asking who takes the trick or how many points it leaves may draw them as they
were before the trick on the felt: ``credit_trick``).

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
from tutorial_app.board.tien_gow_felt import CENTRE_SIZE, PLAY_WORDS_SIZE, TRICK_SCALE, TRICK_STEP, OnFelt, on_felt
from tutorial_app.board.tien_gow_room import (
    FELT_H,
    FELT_W,
    GAP,
    OTHER_SCALE,
    PILE_SCALE,
    RISE,
    STEP,
    WIDE,
    Anchor,
    Around,
    Sizing,
    around,
)
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
    "Sizing",
]

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
    """Words on the table (``size`` relative to the labels'; ``anchor``: where they lie from their point)."""

    x: float
    y: float
    text: Text
    size: float = 1.0
    anchor: Anchor = "middle center"


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
    return joined(_caption_parts(state, seat, viewer_seat, show_turn, state.taken), sep)


def _caption_parts(
    state: HandState, seat: int, viewer_seat: int, show_turn: bool, points: tuple[int, ...]
) -> list[Text]:
    arrow = "▶ " if show_turn and seat == state.to_move and not state.is_over else ""
    title = seat_title(seat, viewer_seat)
    count = len(state.hands[seat])
    parts = [
        joined([verbatim(arrow), title], ""),
        tile_count(count),
        msg("trick points: {item}", item=points[seat]),
    ]
    if seat == state.banker:
        parts.append(msg("banker"))
    return parts


def _sides(viewer_seat: int) -> dict[int, Side]:
    return {(viewer_seat + offset) % PLAYERS: side for offset, side in enumerate(SEAT_SIDES[PLAYERS])}


def _hand_spots(
    state: HandState,
    seat: int,
    side: Side,
    room: Around,
    face_up: bool,
    selected: tuple[int, ...],
    hints: frozenset[str],
) -> list[TileSpot]:
    hand = state.hands[seat]
    if side == "bottom":
        return _viewer_spots(state, seat, room, face_up, selected, hints)
    step = TILE_W * OTHER_SCALE * STEP
    first = -step * (len(hand) - 1) / 2
    spots = []
    for i, tile in enumerate(hand):
        shown_tile = tile if face_up else None
        if side == "top":
            spots.append(TileSpot(first + i * step, room.top_y, True, OTHER_SCALE, shown_tile, seat, "hand", i))
            continue
        # from the column's top down: the left seat's first tile on top, the right seat's last (as they face)
        down = i if side == "left" else len(hand) - 1 - i
        x = FELT_W / 2 + GAP + TILE_H * OTHER_SCALE / 2
        y = room.side_top - TILE_W * OTHER_SCALE / 2 - down * step
        spots.append(TileSpot(-x if side == "left" else x, y, False, OTHER_SCALE, shown_tile, seat, "hand", i))
    return spots


def _viewer_spots(
    state: HandState, seat: int, room: Around, face_up: bool, selected: tuple[int, ...], hints: frozenset[str]
) -> list[TileSpot]:
    """The viewer's hand, in rows of ``room.per_row`` (one but on a narrow screen); selected tiles risen."""
    hand = state.hands[seat]
    scale = room.viewer_scale
    step = TILE_W * scale * STEP
    spots = []
    for i, tile in enumerate(hand):
        row, place = divmod(i, room.per_row)
        in_row = min(room.per_row, len(hand) - row * room.per_row)
        along = -step * (in_row - 1) / 2 + place * step
        top = room.bottom_top - row * (TILE_H * scale + GAP)
        rise = RISE if i in selected else 0.0
        mark: Mark | None = "selected" if i in selected else "hint" if str(tile) in hints else None
        cy = top - TILE_H * scale / 2 + rise
        spots.append(TileSpot(along, cy, True, scale, tile if face_up else None, seat, "hand", i, mark, f"hand:{i}"))
    return spots


def _shown_trick(state: HandState, show_last_trick: bool) -> Trick | None:
    if state.trick is not None:
        return state.trick
    return state.last_trick if show_last_trick else None


def _trick_spots(trick: Trick, sides: dict[int, Side], show_turn: bool, felt: OnFelt) -> list[TileSpot]:
    spots = []
    for number, play in enumerate(trick.plays):
        sx, sy = felt.plays[sides[play.seat]]
        first = -TRICK_STEP * (len(play.tiles) - 1) / 2
        mark: Mark | None = "winning" if number == trick.high and show_turn else None
        for i, tile in enumerate(play.tiles):
            spots.append(
                TileSpot(
                    sx + first + i * TRICK_STEP,
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


def _points(state: HandState, trick: Trick | None, credit_trick: bool) -> tuple[int, ...]:
    """The seats' trick points as the table shows them: ``state.taken``, or with ``credit_trick`` False, without
    the trick on the felt when it has been taken (its taker's points as they were before it)."""
    if credit_trick or trick is None or trick.taker < 0 or trick is state.trick:
        return tuple(state.taken)
    return tuple(points - (trick.size if seat == trick.taker else 0) for seat, points in enumerate(state.taken))


def _pile_spots(points: tuple[int, ...], sides: dict[int, Side], room: Around) -> list[TileSpot]:
    spots = []
    step = TILE_W * PILE_SCALE * 1.3
    for seat in range(PLAYERS):
        x0, y0, dx, dy = room.piles[sides[seat]]
        vertical = dx != 0
        for i in range(points[seat]):
            spots.append(TileSpot(x0 + dx * i * step, y0 + dy * i * step, vertical, PILE_SCALE, None, seat, "pile", i))
    return spots


def _role(trick: Trick, index: int, you: bool) -> Text:
    play = trick.plays[index]
    if index == 0:
        return msg("led")
    if not play.face_up:
        return msg("face down")
    return msgc("you", "beat") if you else msg("beat")


def _trick_words(trick: Trick, sides: dict[int, Side], viewer_seat: int) -> dict[Side, tuple[Text, Text]]:
    """Each play's caption (who laid it and how), by the side that laid it: on one line and on two."""
    words = {}
    for index, play in enumerate(trick.plays):
        title, role = seat_title(play.seat, viewer_seat), _role(trick, index, play.seat == viewer_seat)
        # the same colon on two lines as on one: "Seat 3:<br>face down", not "Seat 3<br>face down" beside "Seat 2: face down"
        words[sides[play.seat]] = (
            msg("{seat}: {role}", seat=title, role=role),
            msg("{seat}:<br>{role}", seat=title, role=role),
        )
    return words


def _felt_captions(felt: OnFelt) -> list[Caption]:
    """The plays' captions, in the order they were laid, then the sentence in the middle."""
    plays = [Caption(label.x, label.y, label.text, PLAY_WORDS_SIZE) for label in felt.captions.values()]
    return [*plays, Caption(0.0, 0.0, felt.centre, CENTRE_SIZE)]


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


_BUTTON_WORDS = (msg("Play"), msg("Discard"))


def _buttons(
    state: HandState, selected: tuple[int, ...], viewer_seat: int, hints: frozenset[str], room: Around
) -> tuple[Button, ...]:
    if state.is_over or state.to_move != viewer_seat:
        return ()
    hint = selection_hint(state, selected, viewer_seat)
    w, h = room.button_size
    (play_x, play_y), (discard_x, discard_y) = room.buttons
    play, discard = _BUTTON_WORDS
    return (
        Button(Action.PLAY, play_x, play_y, w, h, play, hint.can_play, "action:play" in hints),
        Button(Action.DISCARD, discard_x, discard_y, w, h, discard, hint.can_discard, "action:discard" in hints),
    )


def _room(
    state: HandState, sides: dict[int, Side], viewer_seat: int, show_turn: bool, points: tuple[int, ...], sizing: Sizing
) -> Around:
    parts = {side: _caption_parts(state, seat, viewer_seat, show_turn, points) for seat, side in sides.items()}
    return around(sizing, len(state.hands[viewer_seat]), parts, _BUTTON_WORDS)


def _seat_captions(room: Around, sides: dict[int, Side]) -> list[Caption]:
    """The seats' labels, the viewer's first (seat order from the viewer on)."""
    labels = [room.labels[side] for side in sides.values()]
    return [Caption(label.x, label.y, label.text, anchor=label.anchor) for label in labels]


class TableOptions(TypedDict, total=False):
    """``layout_tien_gow``'s keyword options (what it says they do), as ``tien_gow_picture`` passes them on."""

    viewer_seat: int
    selected: Iterable[int]
    reveal: bool
    show_last_trick: bool
    highlight: Iterable[str]
    show_turn: bool
    show_buttons: bool
    credit_trick: bool


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
    credit_trick: bool = True,
    sizing: Sizing = WIDE,
) -> TableLayout:
    """The table as the viewer at ``viewer_seat`` sees it.

    ``selected``: places in the viewer's hand, raised and outlined.
    ``reveal`` turns every hand face up. ``show_last_trick`` keeps the trick
    just taken on the felt until the next lead. ``highlight``: a lesson's
    hints, tiles of the viewer's hand written ``"6-6"`` and buttons written
    ``"action:play"``/``"action:discard"``. ``show_turn`` False hides whose
    turn it is, which set holds the trick and who took it (a question about
    that is on). ``show_buttons`` False leaves out Play and Discard (a table
    only to look at). ``credit_trick`` False leaves the trick taken on the
    felt out of the seats' trick points, labels and piles (a question about
    who takes it or the points it brings is on: the table shows the points
    from before it, the learner adds it up). ``sizing``: the pixels the table
    is drawn at (how much room the labels take; a narrow screen's table).
    """
    sides = _sides(viewer_seat)
    chosen = valid_selection(state, selected, viewer_seat) if state.to_move == viewer_seat else ()
    hints = frozenset(highlight)
    trick = _shown_trick(state, show_last_trick)
    points = _points(state, trick, credit_trick)
    room = _room(state, sides, viewer_seat, show_turn, points, sizing)
    tiles: list[TileSpot] = []
    for seat, side in sides.items():
        face_up = seat == viewer_seat or reveal or state.is_over
        tiles.extend(_hand_spots(state, seat, side, room, face_up, chosen if seat == viewer_seat else (), hints))
    captions = _seat_captions(room, sides)
    if trick is not None:
        centre = _centre_text(state, trick, viewer_seat) if show_turn else _trick_number(state, trick)
        felt = on_felt(sizing, trick.size, centre, _trick_words(trick, sides, viewer_seat))
        tiles.extend(_trick_spots(trick, sides, show_turn, felt))
    else:
        lead = _lead_text(state, viewer_seat) if show_turn else _trick_number(state, None)
        felt = on_felt(sizing, 0, lead, {})
    captions.extend(_felt_captions(felt))
    tiles.extend(_pile_spots(points, sides, room))
    buttons = _buttons(state, chosen, viewer_seat, hints, room) if show_buttons else ()
    return TableLayout(tuple(tiles), tuple(captions), buttons, (-room.half, room.half), room.y_range)
