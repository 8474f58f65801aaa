"""How a double-six tile is drawn, as plain coordinates (no plotly): its outline and where its pips lie.

Why its own module: the board's figure and the showcase of tiles outside a
game draw the same tiles; both read these shapes.
"""

from __future__ import annotations

__all__ = ["PIP_SPOTS", "CHAMFER", "half_centre", "chamfered"]

_Q = 0.25
PIP_SPOTS: tuple[tuple[tuple[float, float], ...], ...] = (
    (),
    ((0, 0),),
    ((-_Q, _Q), (_Q, -_Q)),
    ((-_Q, _Q), (0, 0), (_Q, -_Q)),
    ((-_Q, _Q), (_Q, _Q), (-_Q, -_Q), (_Q, -_Q)),
    ((-_Q, _Q), (_Q, _Q), (0, 0), (-_Q, -_Q), (_Q, -_Q)),
    ((-_Q, _Q), (-_Q, 0), (-_Q, -_Q), (_Q, _Q), (_Q, 0), (_Q, -_Q)),
)
"""Pip spots on one half (a unit square) per number, as offsets from the half's centre, for a tile
lying vertically; a tile lying across swaps x and y."""

CHAMFER = 0.1
"""How much of each corner of a chain tile (2 x 1 units) is cut off."""


def half_centre(cx: float, cy: float, vertical: bool, sign: float) -> tuple[float, float]:
    """The centre of one half of a tile centred at (cx, cy): ``sign`` is -1 for the low (lower or left)
    half and +1 for the high one, times the tile's scale."""
    return (cx, cy + 0.5 * sign) if vertical else (cx + 0.5 * sign, cy)


def chamfered(
    cx: float, cy: float, hw: float, hh: float, c: float = CHAMFER
) -> tuple[list[float | None], list[float | None]]:
    """A rectangle of half-width ``hw`` and half-height ``hh`` with its corners cut by ``c``, as a closed
    polygon ending in None (so several polygons share one trace)."""
    x0, x1, y0, y1 = cx - hw, cx + hw, cy - hh, cy + hh
    xs: list[float | None] = [x0 + c, x1 - c, x1, x1, x1 - c, x0 + c, x0, x0, x0 + c, None]
    ys: list[float | None] = [y0, y0, y0 + c, y1 - c, y1, y1, y1 - c, y0 + c, y0, None]
    return [None if v is None else round(v, 3) for v in xs], [None if v is None else round(v, 3) for v in ys]
