"""Plane geometry of the board in half-tile units: rectangles, headings, placements.

Why half-tile units: one half of a tile is a 1 x 1 square, so a tile is
2 x 1, a double laid across a line is 1 wide along the line and 2 across,
and every position the layout produces is a multiple of 0.5. Tests can then
compare coordinates exactly.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from tutorial_app.rules.tiles import Tile

__all__ = [
    "EPS",
    "Vec",
    "Rect",
    "ArmName",
    "Placement",
    "add",
    "scale",
    "dot",
    "turn_right",
    "turn_left",
    "corridor",
]

EPS = 1e-9
Vec = tuple[float, float]
ArmName = Literal["centre", "lead", "left", "right", "up", "down"]


class Rect(NamedTuple):
    """An axis-aligned rectangle ``x0 <= x <= x1``, ``y0 <= y <= y1``."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Rect) -> bool:
        """True when the interiors meet (touching along an edge is not overlapping)."""
        return (
            self.x0 < other.x1 - EPS
            and other.x0 < self.x1 - EPS
            and self.y0 < other.y1 - EPS
            and other.y0 < self.y1 - EPS
        )

    def inside(self, other: Rect) -> bool:
        """True when this rectangle lies within ``other`` (edges may coincide)."""
        return (
            self.x0 >= other.x0 - EPS
            and self.y0 >= other.y0 - EPS
            and self.x1 <= other.x1 + EPS
            and self.y1 <= other.y1 + EPS
        )

    def touches(self, other: Rect) -> bool:
        """True when the two share a stretch of edge of positive length and do not overlap."""
        if self.overlaps(other):
            return False
        share_x = min(self.x1, other.x1) - max(self.x0, other.x0)
        share_y = min(self.y1, other.y1) - max(self.y0, other.y0)
        return (share_x > EPS and abs(share_y) < EPS) or (share_y > EPS and abs(share_x) < EPS)


def add(a: Vec, b: Vec) -> Vec:
    """Vector sum."""
    return (a[0] + b[0], a[1] + b[1])


def scale(a: Vec, k: float) -> Vec:
    """Vector times a number."""
    return (a[0] * k, a[1] * k)


def dot(a: Vec, b: Vec) -> float:
    """Dot product."""
    return a[0] * b[0] + a[1] * b[1]


def turn_right(d: Vec) -> Vec:
    """A heading turned 90 degrees clockwise."""
    return (d[1], -d[0])


def turn_left(d: Vec) -> Vec:
    """A heading turned 90 degrees counter-clockwise."""
    return (-d[1], d[0])


def corridor(start: Vec, heading: Vec, length: float, half_width: float = 1.0) -> Rect:
    """The strip ahead of a point: ``length`` along ``heading``, ``half_width`` to each side.

    Why half-width 1: a double laid across the line reaches one unit to each
    side, so this is the room the next few tiles may need.
    """
    end = add(start, scale(heading, length))
    side = scale((abs(heading[1]), abs(heading[0])), half_width)
    xs = (start[0] - side[0], end[0] + side[0], start[0] + side[0], end[0] - side[0])
    ys = (start[1] - side[1], end[1] + side[1], start[1] + side[1], end[1] - side[1])
    return Rect(min(xs), min(ys), max(xs), max(ys))


class Placement(NamedTuple):
    """Where one tile lies on the table and which number shows on each half.

    ``vertical`` means the long side runs up-down. ``low`` is the number on
    the left half (horizontal tile) or the bottom half (vertical tile);
    ``high`` the number on the other half. ``arm`` is ``"centre"`` for the
    lead or spinner (``link_index`` -1), otherwise the arm and the tile's place on
    it counted outward from the centre.
    """

    tile: Tile
    arm: ArmName
    link_index: int
    cx: float
    cy: float
    vertical: bool
    low: int
    high: int
    seat: int = -1
    closed: bool = False

    @property
    def rect(self) -> Rect:
        """The rectangle the tile covers."""
        hw, hh = (0.5, 1.0) if self.vertical else (1.0, 0.5)
        return Rect(self.cx - hw, self.cy - hh, self.cx + hw, self.cy + hh)

    def halves(self) -> tuple[tuple[float, float, int], tuple[float, float, int]]:
        """Centres of the two halves with their numbers: (x, y, number), low half first."""
        if self.vertical:
            return (self.cx, self.cy - 0.5, self.low), (self.cx, self.cy + 0.5, self.high)
        return (self.cx - 0.5, self.cy, self.low), (self.cx + 0.5, self.cy, self.high)
