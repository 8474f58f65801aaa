"""Around the felt: where each seat's hand and label lie, how large hand tiles are, what the figure shows.

Pure geometry in the layout's half-tile units (no plotly), like ``layout``.

Why a hand scale: the figure zooms so the felt fills it, and the felt grows
during a hand (``layout.TABLE_SIZES``). The viewer's hand is drawn larger
as the felt grows, so its tiles stay about as large on the screen as on the
smallest felt (up to ``MAX_HAND_SCALE`` times a chain tile): the tiles a
learner clicks stay easy to read and to hit. Other seats' hands keep the
chain's scale and shrink only when a long hand would not fit its side.

Why the seats' words come in (``SeatWords``): labels are sized in pixels (never below 13 px), so on a phone's
board, where a unit is few pixels, a side seat's name is wider than the wood beside the felt. Its label then
stays inside the figure's edge and reaches in toward the felt: the top hand keeps clear of it (its tiles shrink,
as a long hand's do), and at a three-seat table, where nothing else lies above the felt, the labels go above
the felt's corners. The viewer's label and the boneyard's count share the line under the viewer's hand while
both fit in it, else take a line each.
"""

from __future__ import annotations

import math
from typing import Literal, NamedTuple

from tutorial_app.board.layout import TABLE_SIZES, TABLE_WIDTH

__all__ = [
    "Side",
    "SEAT_SIDES",
    "MAX_HAND_SCALE",
    "Frame",
    "SeatWords",
    "NO_WORDS",
    "HandTile",
    "frame_for",
    "side_pad",
    "NARROW_HAND_SCALE",
    "narrow_felt_width",
    "narrow_frame",
    "fitted_height",
    "hand_tiles",
    "label_spot",
    "side_words_most",
    "boneyard_spot",
]

Side = Literal["bottom", "left", "top", "right"]
SEAT_SIDES: dict[int, tuple[Side, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}
"""The side of the table each seat sits at, counted from the viewer (always at the bottom)."""

MAX_HAND_SCALE = 1.5
"""The viewer's hand tiles are at most this many times as large as a chain tile."""

_STEP = 1.3
"""Distance between neighbouring hand tiles, in tile widths (a little felt between them)."""
_NEAR = 1.3
"""From the felt's edge to the near edge of the viewer's or a side seat's hand."""
_TOP_NEAR = 1.0
"""From the felt's top edge to the top hand (its label sits in between)."""
_RISE = 0.6
"""How far a selected tile rises, in tile widths."""
_BELOW = 1.3
"""Room under the viewer's hand for its label."""
_SIDE_PAD = 3.8
"""Room left and right of the felt for a side seat's column of tiles."""
_SLACK = 0.8
"""Felt's edge to the figure's edge where no hand lies."""
_ROW_GAP = 0.5
"""Between the two rows of a wrapped hand (a narrow screen), in half-tile units."""
_EDGE = 0.2
"""The figure's edge to the words nearest it."""
_CLEAR = 0.2
"""Between words and the tiles or felt next to them."""
_WORD_GAP = 0.8
"""Between the viewer's label and the boneyard's count on one line."""


TAP_UNIT_PX = 18.0
"""Pixels per half-tile unit a narrow screen's board aims for: chain tiles 36 px long, hand tiles (at
``NARROW_HAND_SCALE``) 36 px wide, large enough to read and to tap."""
TAP_TILE_PX = 36.0
"""The least width on screen of a viewer's hand tile on a narrow screen (a fingertip)."""
NARROW_HAND_SCALE = 2.0
"""The viewer's least hand scale on a narrow screen (larger where the board's units come out smaller than
``TAP_UNIT_PX``, see ``narrow_frame``)."""
MIN_NARROW_FELT = 14.0
"""The narrowest felt, in half-tile units: narrower, a chain of doubles (which go straight, as does the tile after
each) often cannot bend in time, and the felt would have to grow wider anyway."""


def narrow_felt_width(screen_px: float, players: int) -> float:
    """The widest felt (half-tile units) a board ``screen_px`` wide shows with tiles of ``TAP_UNIT_PX``,
    between ``MIN_NARROW_FELT`` and the full table."""
    fit = math.floor(screen_px / TAP_UNIT_PX - 2 * side_pad(players))
    return float(min(TABLE_WIDTH, max(MIN_NARROW_FELT, fit)))


def fitted_height(frame: Frame, screen_px: float) -> int:
    """The figure's height in pixels that shows ``frame`` ``screen_px`` wide with no empty wood above and below."""
    x_span = frame.x_range[1] - frame.x_range[0]
    y_span = frame.y_range[1] - frame.y_range[0]
    return math.ceil(screen_px * y_span / x_span)


class SeatWords(NamedTuple):
    """The room the seats' words take, in the figure's units (``words.text_width``: the widest in any language,
    with the turn's marker, so nothing moves as the turn goes round): ``line`` a line's height; ``side`` the
    widest side seat's label and ``side_lines`` its lines; ``bottom`` the viewer's label; ``boneyard`` the
    boneyard's count (0: not shown); ``letter`` a letter's width."""

    line: float = 0.0
    side: float = 0.0
    side_lines: int = 2
    bottom: float = 0.0
    boneyard: float = 0.0
    letter: float = 0.0


NO_WORDS = SeatWords()
"""No words measured: the frame's own room for them, as on a wide board."""


class Frame(NamedTuple):
    """The figure's extent around a felt of ``width`` x ``height``, the sides in use
    and the viewer's hand scale.

    ``rows``: the viewer's hand in one row, or two on a narrow screen where one row would not fit;
    ``narrow``: a narrow screen's frame (the viewer's hand runs the figure's whole width, under the side
    seats' columns); ``words``: the room the seats' words take (see ``SeatWords``).
    """

    width: float
    height: float
    sides: tuple[Side, ...]
    hand_scale: float
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    rows: int = 1
    narrow: bool = False
    words: SeatWords = NO_WORDS


class HandTile(NamedTuple):
    """Where one hand tile lies: centre, orientation and size (1: a chain tile)."""

    cx: float
    cy: float
    vertical: bool
    scale: float


def _top_band(has_top: bool) -> float:
    return _TOP_NEAR + 2.0 + 0.6 if has_top else _SLACK


def _top_near(words: SeatWords) -> float:
    """From the felt's top edge to the top hand: room for its label's line between them."""
    return max(_TOP_NEAR, words.line + 2 * 0.05)


def _side_inner(w2: float, half: float, words: SeatWords) -> float:
    """How near the centre the side seats' labels reach."""
    return _side_label_x(w2, half, words) - words.side / 2


def _above_top_hand(w2: float, half: float, words: SeatWords) -> bool:
    """Whether the side seats' labels go above the top hand: beside it they would leave it less than half the
    felt's width (a long name)."""
    return _side_inner(w2, half, words) - _CLEAR < w2 / 2


def _top_room(w2: float, half: float, sides: tuple[Side, ...], words: SeatWords) -> float:
    """Room above the felt: the top hand and its label, and the side seats' labels where they need more (above
    the felt's corners at a three-seat table, if beside them they would reach over the felt)."""
    if "top" in sides:
        hand_top = _top_near(words) + 2.0
        if "left" in sides and _above_top_hand(w2, half, words):
            return hand_top + _CLEAR + _side_words_band(words)
        return max(hand_top + 0.6, _side_words_band(words)) if "left" in sides else hand_top + 0.6
    if "left" in sides and _side_inner(w2, half, words) < w2 + _CLEAR:
        return max(_SLACK, _side_words_band(words))
    return _SLACK


def _viewer_scale(height: float, top_band: float) -> float:
    """The viewer's hand scale that keeps its tiles as large on screen as on the smallest felt.

    The figure's height in units is ``height + top_band + 2 * _NEAR + 2 * k``
    (the hand is 2k tall); the tile's share of it, ``2k / total``, equals the
    share on the smallest felt at k = 1 when k is the ratio below.
    """
    rest = top_band + _NEAR + _BELOW
    smallest = TABLE_SIZES[0][1]
    k = (height + rest) / (smallest + rest)
    return max(1.0, min(MAX_HAND_SCALE, k))


def side_pad(players: int) -> float:
    """Room left and right of the felt, in half-tile units (a side seat's column, or a strip of wood)."""
    sides = SEAT_SIDES.get(players, SEAT_SIDES[4])
    return _SIDE_PAD if "left" in sides or "right" in sides else _SLACK


def frame_for(
    width: float,
    height: float,
    players: int,
    hand_scale: float | None = None,
    hand_count: int = 0,
    words: SeatWords = NO_WORDS,
) -> Frame:
    """The frame of a felt ``width`` x ``height`` with ``players`` seats around it.

    ``hand_scale``: the viewer's hand scale, if not the one that keeps its tiles as large as on the smallest felt
    (a narrow screen asks for tiles large enough to tap, see ``narrow_frame``). With it, the viewer's
    ``hand_count`` tiles run the figure's whole width and wrap into a second row when one row would shrink them.
    ``words``: the room the seats' labels take (none: the frame's own, as on a wide board).
    """
    sides = SEAT_SIDES.get(players, SEAT_SIDES[4])
    has_top = "top" in sides
    x_pad = side_pad(players)
    w2, h2 = width / 2, height / 2
    x_range = (-w2 - x_pad, w2 + x_pad)
    base = _top_band(has_top)
    top = _top_room(w2, x_range[1], sides, words)
    k = _viewer_scale(height, base) if hand_scale is None else hand_scale
    rows = 1
    if hand_scale is not None and hand_count * _STEP * k > _bottom_run(x_range, sides, width, True):
        rows = 2
    below = _BELOW + (words.line if _bottom_xs(x_range[1], w2, words) is None else 0.0)
    y_range = (-h2 - _NEAR - rows * 2 * k - (rows - 1) * _ROW_GAP - below, h2 + top)
    return Frame(width, height, sides, k, x_range, y_range, rows, hand_scale is not None, words)


def side_words_most(width: float, players: int) -> float:
    """The widest a side seat's label may be beside a felt ``width`` wide (a longer name wraps): the wood beside
    the felt and a quarter of the felt, so the top hand keeps at least half the felt's width between two."""
    return side_pad(players) - _EDGE + width / 4


def _side_label_x(w2: float, half: float, words: SeatWords) -> float:
    """The centre of the right side seat's label (the left one's mirrors it): over its column, or as far in from
    the figure's edge as its words need."""
    return min(w2 + _NEAR + 1.0, half - _EDGE - words.side / 2)


def _side_words_band(words: SeatWords) -> float:
    """From the figure's top edge down to the side seats' columns: their labels and the room around them."""
    return _EDGE + words.side_lines * words.line + _CLEAR


def _bottom_xs(half: float, w2: float, words: SeatWords) -> tuple[float, float] | None:
    """Where the viewer's label and the boneyard's count are centred when both fit on the line under the
    viewer's hand (the label in the middle, the count to its right, else both as far right as they need);
    None when they do not (each gets a line)."""
    if words.boneyard <= 0:
        return 0.0, w2 - 3.0
    right = half - _EDGE
    count_x = max(w2 - 3.0, words.bottom / 2 + _WORD_GAP + words.boneyard / 2)
    if count_x + words.boneyard / 2 <= right:
        return 0.0, count_x
    if words.bottom + _WORD_GAP + words.boneyard > 2 * right:
        return None
    count_x = right - words.boneyard / 2
    return count_x - words.boneyard / 2 - _WORD_GAP - words.bottom / 2, count_x


def narrow_frame(
    width: float, height: float, players: int, screen_px: float, hand_count: int, tile_px: float = TAP_TILE_PX
) -> Frame:
    """The frame of a board ``screen_px`` wide on a narrow screen (or a column a board is fitted to): the
    viewer's tiles at least ``tile_px`` wide (in two rows if one would not hold them), the figure as tall as
    it needs."""
    units = width + 2 * side_pad(players)
    scale = max(NARROW_HAND_SCALE, (tile_px + 0.5) * units / screen_px)  # half a pixel for rounding
    return frame_for(width, height, players, scale, hand_count)


def _bottom_run(x_range: tuple[float, float], sides: tuple[Side, ...], width: float, narrow: bool) -> float:
    """How long the viewer's row of tiles may be: the felt's width between side columns, else (and on a narrow
    screen, where the side columns stop above it) the figure's width."""
    if "left" in sides and not narrow:
        return width
    return x_range[1] - x_range[0] - 0.4


def hand_tiles(frame: Frame, side: Side, count: int, raised: int | None = None) -> list[HandTile]:
    """Where the ``count`` tiles of the hand at ``side`` lie, left to right (bottom to top
    at the sides); tile ``raised`` (the selected one) rises toward the felt.

    A hand longer than its side shrinks its tiles to fit (never below the
    chain's spacing of tiles).
    """
    w2, h2 = frame.width / 2, frame.height / 2
    per_row = count
    if side in ("bottom", "top"):
        nominal = frame.hand_scale if side == "bottom" else 1.0
        # Why the figure's width where no seat sits at the sides: the wood beside the felt is free there.
        along = _bottom_run(frame.x_range, frame.sides, frame.width, frame.narrow and side == "bottom")
        centre = 0.0
        if side == "bottom":
            per_row = math.ceil(count / frame.rows)
        elif "left" in frame.sides and not _above_top_hand(w2, frame.x_range[1], frame.words):
            # between the side seats' labels, which reach in from the figure's edges
            along = min(along, 2 * (_side_inner(w2, frame.x_range[1], frame.words) - _CLEAR))
    else:
        nominal = 1.0
        # A side column runs the figure's height, under its label (on a narrow screen it stops
        # at the felt's bottom edge: the viewer's hand runs under it).
        low = -h2 if frame.narrow else frame.y_range[0] + 0.3
        high = frame.y_range[1] - max(1.9, _side_words_band(frame.words))
        along, centre = high - low, (low + high) / 2
    scale = min(nominal, along / (_STEP * max(per_row, 1)))
    step = _STEP * scale
    tiles: list[HandTile] = []
    for i in range(count):
        row, place = divmod(i, per_row) if per_row else (0, i)
        in_row = min(per_row, count - row * per_row)
        pos = -step * (in_row - 1) / 2 + place * step
        if side == "bottom":
            # A selected tile rises toward the felt; in a second row no further than the gap above it.
            rise = min(_RISE * scale, _NEAR - 0.2 if row == 0 else 0.8 * _ROW_GAP) if i == raised else 0.0
            drop = row * (2 * nominal + _ROW_GAP)
            tiles.append(HandTile(pos, -h2 - _NEAR - nominal - drop + rise, True, scale))
        elif side == "top":
            tiles.append(HandTile(pos, h2 + _top_near(frame.words) + 1.0, True, scale))
        elif side == "left":
            tiles.append(HandTile(-w2 - _NEAR - 1.0, centre - pos, False, scale))
        else:
            tiles.append(HandTile(w2 + _NEAR + 1.0, centre + pos, False, scale))
    return tiles


def label_spot(frame: Frame, side: Side) -> tuple[float, float]:
    """Where a seat's label is centred: under the viewer's hand, between the felt and the
    top hand, above a side column (inside the figure's edge, see ``SeatWords``)."""
    w2, h2 = frame.width / 2, frame.height / 2
    words = frame.words
    if side == "bottom":
        spots = _bottom_xs(frame.x_range[1], w2, words)
        return (0.0, frame.y_range[0] + 0.6 + words.line) if spots is None else (spots[0], frame.y_range[0] + 0.6)
    if side == "top":
        return (0.0, h2 + _top_near(words) / 2)  # midway: at 0.6 its words touched the top hand's tiles
    x = _side_label_x(w2, frame.x_range[1], words)
    y = frame.y_range[1] - (_EDGE + words.side_lines * words.line / 2 if words.line else 0.9)
    return (-x if side == "left" else x, y)


def boneyard_spot(frame: Frame) -> tuple[float, float]:
    """Where the boneyard count is centred: right of the viewer's label, on its line, or under it where the line
    does not hold both."""
    spots = _bottom_xs(frame.x_range[1], frame.width / 2, frame.words)
    return (0.0, frame.y_range[0] + 0.6) if spots is None else (spots[1], frame.y_range[0] + 0.6)
