"""How a Chinese domino looks: its outline and where its red and white pips lie (pure, no plotly).

A Chinese tile is black with red and white pips: every 1 and 4 is red,
other pips white, and on 6-6 one row of three on each half is red, the other
white (``rules.tien_gow.tiles.red_on_half``). The lone pip of a 1 is drawn large, as on real tiles. The
lower number is on top ("red-head ten" 6-4 has its red 4 at the head,
"long-leg seven" 6-1 stands on its 6).

Units are the board's: a tile at scale 1 is ``TILE_W`` wide and
``TILE_H`` long, a little longer than a Western tile's 1 x 2.
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial_app.rules.tien_gow.tiles import red_on_half
from tutorial_app.rules.tiles import Tile

__all__ = ["TILE_W", "TILE_H", "PipSpot", "tile_size", "rounded_rect", "tile_outline", "pip_spots"]

TILE_W = 1.0
TILE_H = 2.2

_U = 0.25
# Pip offsets on one half (a 1 x 1.1 cell) for a vertical tile, as (across, along).
_FACES: tuple[tuple[tuple[float, float], ...], ...] = (
    (),
    ((0.0, 0.0),),
    ((0.0, _U), (0.0, -_U)),
    ((-_U, _U), (0.0, 0.0), (_U, -_U)),
    ((-_U, _U), (_U, _U), (-_U, -_U), (_U, -_U)),
    ((-_U, _U), (_U, _U), (0.0, 0.0), (-_U, -_U), (_U, -_U)),
    ((-_U, _U + 0.06), (-_U, 0.0), (-_U, -_U - 0.06), (_U, _U + 0.06), (_U, 0.0), (_U, -_U - 0.06)),
)
_CORNER = 0.16


class PipSpot(NamedTuple):
    """One pip: its centre, its colour and whether it is the large lone pip of a 1."""

    x: float
    y: float
    red: bool
    big: bool


def tile_size(vertical: bool, scale: float = 1.0) -> tuple[float, float]:
    """Width and height of a tile lying ``vertical`` (long side up-down) or across."""
    return (TILE_W * scale, TILE_H * scale) if vertical else (TILE_H * scale, TILE_W * scale)


def rounded_rect(cx: float, cy: float, w: float, h: float, corner: float) -> tuple[list[float], list[float]]:
    """A ``w`` x ``h`` rectangle with cut corners as a closed polygon (x and y lists, first point repeated)."""
    x0, x1, y0, y1 = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    c = corner
    xs = [x0 + c, x1 - c, x1, x1, x1 - c, x0 + c, x0, x0, x0 + c]
    ys = [y0, y0, y0 + c, y1 - c, y1, y1, y1 - c, y0 + c, y0]
    return [round(v, 3) for v in xs], [round(v, 3) for v in ys]


def tile_outline(cx: float, cy: float, vertical: bool, scale: float = 1.0) -> tuple[list[float], list[float]]:
    """The tile's outline as a closed polygon with cut corners."""
    w, h = tile_size(vertical, scale)
    return rounded_rect(cx, cy, w, h, _CORNER * scale)


def pip_spots(tile: Tile, cx: float, cy: float, vertical: bool, scale: float = 1.0) -> list[PipSpot]:
    """The pips of a face-up tile: the lower number on the top half (the left half of a tile lying across)."""
    double_six = tile.lo == tile.hi == 6
    half = TILE_H / 4 * scale
    spots: list[PipSpot] = []
    for number, sign in ((tile.lo, 1.0), (tile.hi, -1.0)):
        red_count = red_on_half(number, double_six)  # the left column of 6-6's six comes first in _FACES
        for index, (across, along) in enumerate(_FACES[number]):
            red = index < red_count
            a, b = across * scale, along * scale + sign * half
            x, y = (cx + a, cy + b) if vertical else (cx - b, cy + a)
            spots.append(PipSpot(round(x, 3), round(y, 3), red, number == 1))
    return spots
