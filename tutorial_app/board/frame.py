"""Around the felt: where each seat's hand and label lie, how large hand tiles are, what the figure shows.

Pure geometry in the layout's half-tile units (no plotly), like ``layout``.

Why a hand scale: the figure zooms so the felt fills it, and the felt grows
during a hand (``layout.TABLE_SIZES``). The viewer's hand is drawn larger
as the felt grows, so its tiles stay about as large on the screen as on the
smallest felt (up to ``MAX_HAND_SCALE`` times a chain tile): the tiles a
learner clicks stay easy to read and to hit. Other seats' hands keep the
chain's scale and shrink only when a long hand would not fit its side.
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
    "HandTile",
    "frame_for",
    "side_pad",
    "NARROW_HAND_SCALE",
    "narrow_felt_width",
    "narrow_frame",
    "fitted_height",
    "hand_tiles",
    "label_spot",
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


class Frame(NamedTuple):
    """The figure's extent around a felt of ``width`` x ``height``, the sides in use
    and the viewer's hand scale.

    ``rows``: the viewer's hand in one row, or two on a narrow screen where one row would not fit;
    ``narrow``: a narrow screen's frame (the viewer's hand runs the figure's whole width, under the side
    seats' columns).
    """

    width: float
    height: float
    sides: tuple[Side, ...]
    hand_scale: float
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    rows: int = 1
    narrow: bool = False


class HandTile(NamedTuple):
    """Where one hand tile lies: centre, orientation and size (1: a chain tile)."""

    cx: float
    cy: float
    vertical: bool
    scale: float


def _top_band(has_top: bool) -> float:
    return _TOP_NEAR + 2.0 + 0.6 if has_top else _SLACK


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


def frame_for(width: float, height: float, players: int, hand_scale: float | None = None, hand_count: int = 0) -> Frame:
    """The frame of a felt ``width`` x ``height`` with ``players`` seats around it.

    ``hand_scale``: the viewer's hand scale, if not the one that keeps its tiles as large as on the smallest felt
    (a narrow screen asks for tiles large enough to tap, see ``narrow_frame``). With it, the viewer's
    ``hand_count`` tiles run the figure's whole width and wrap into a second row when one row would shrink them.
    """
    sides = SEAT_SIDES.get(players, SEAT_SIDES[4])
    has_top = "top" in sides
    x_pad = side_pad(players)
    top = _top_band(has_top)
    k = _viewer_scale(height, top) if hand_scale is None else hand_scale
    w2, h2 = width / 2, height / 2
    x_range = (-w2 - x_pad, w2 + x_pad)
    rows = 1
    if hand_scale is not None and hand_count * _STEP * k > _bottom_run(x_range, sides, width, True):
        rows = 2
    y_range = (-h2 - _NEAR - rows * 2 * k - (rows - 1) * _ROW_GAP - _BELOW, h2 + top)
    return Frame(width, height, sides, k, x_range, y_range, rows, hand_scale is not None)


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
    else:
        nominal = 1.0
        # A side column runs the figure's height, under its two-line label (on a narrow screen it stops
        # at the felt's bottom edge: the viewer's hand runs under it).
        low, high = (-h2 if frame.narrow else frame.y_range[0] + 0.3), frame.y_range[1] - 1.9
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
            tiles.append(HandTile(pos, h2 + _TOP_NEAR + 1.0, True, scale))
        elif side == "left":
            tiles.append(HandTile(-w2 - _NEAR - 1.0, centre - pos, False, scale))
        else:
            tiles.append(HandTile(w2 + _NEAR + 1.0, centre + pos, False, scale))
    return tiles


def label_spot(frame: Frame, side: Side) -> tuple[float, float]:
    """Where a seat's label goes: under the viewer's hand, between the felt and the
    top hand, above a side column."""
    w2, h2 = frame.width / 2, frame.height / 2
    if side == "bottom":
        return (0.0, frame.y_range[0] + 0.6)
    if side == "top":
        return (0.0, h2 + _TOP_NEAR / 2)  # midway: at 0.6 its words touched the top hand's tiles
    x = w2 + _NEAR + 1.0
    return (-x if side == "left" else x, frame.y_range[1] - 0.9)


def boneyard_spot(frame: Frame) -> tuple[float, float]:
    """Where the boneyard count goes: bottom right, level with the viewer's label."""
    return (frame.width / 2 - 3.0, frame.y_range[0] + 0.6)
