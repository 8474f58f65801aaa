"""How big the felt is: the table sizes a hand grows through (pure, no plotly).

The figure zooms so the felt fills it, so the felt's size sets the size of the
tiles. ``layout.layout_table`` starts on the felt chosen here and, when the
chain does not fit, tries the next of ``felts_from`` in turn; the size it laid
the chain on is kept in the ``ChainShape`` it returns, so the next layout of
the same hand starts there.
"""

from __future__ import annotations

from tutorial_app.board.shape import ChainShape
from tutorial_app.rules.line.state import Table

__all__ = [
    "FeltSize",
    "TABLE_WIDTH",
    "TABLE_HEIGHT",
    "TABLE_SIZES",
    "starting_felt",
    "felts_from",
    "is_full",
    "LANE_STEP",
]

FeltSize = tuple[float, float]
"""A felt's width and height in half-tile units."""

TABLE_WIDTH = 26.0
"""Width of the full table in half-tile units (13 tiles end to end)."""
TABLE_HEIGHT = 18.0
"""Height of the full table in half-tile units."""

TABLE_SIZES: tuple[FeltSize, ...] = ((20.0, 6.0), (24.0, 14.0), (TABLE_WIDTH, TABLE_HEIGHT))
"""The felt sizes a hand grows through, smallest first: a straight line
(no room to turn), one turn per arm, then the full snake.

Why steps: the figure zooms so the felt fills it, so a small felt means
large tiles. The felt grows only when the chain needs it and never shrinks
during a hand, so the tiles get smaller at most twice a hand.
"""


def starting_felt(
    table: Table, shape: ChainShape | None, width: float | None, height: float | None, max_width: float | None = None
) -> FeltSize:
    """The felt a layout of ``table`` starts on.

    A requested ``width``/``height`` (an unspecified one is the full table's);
    else the size ``shape`` was laid on, if it was laid earlier in this hand
    (so the felt never shrinks during a hand) and is no wider than
    ``max_width``; else the smallest felt (at most ``max_width`` wide).
    """
    if width is not None or height is not None:
        return (TABLE_WIDTH if width is None else width, TABLE_HEIGHT if height is None else height)
    if (
        shape is not None
        and shape.width > 0
        and _same_hand(shape, table)
        and (max_width is None or shape.width <= max_width)
    ):
        return (shape.width, shape.height)
    smallest_w, smallest_h = TABLE_SIZES[0]
    return (smallest_w if max_width is None else min(smallest_w, max_width), smallest_h)


def _same_hand(shape: ChainShape, table: Table) -> bool:
    """Whether ``shape`` was laid earlier in this hand: its centre is the table's centre or
    lead, and it covers no more tiles than the table holds (else it is another position, or
    a move was taken back).

    Why the lead too: in All Fives the first double becomes the centre; the
    chain is re-laid around it, but the felt keeps its size.
    """
    if shape.centre is None or (shape.centre is not table.centre and shape.centre is not table.lead):
        return False
    return 1 + sum(len(arm) for arm in shape.arms) <= table.tile_count()


def felts_from(size: FeltSize, max_width: float | None = None) -> list[FeltSize]:
    """The sizes to try in turn: ``size``, the larger steps, then ever larger tables.

    With ``max_width`` (a narrow screen) the felt grows taller instead of
    wider, a lane (``LANE_STEP``) at a time, and the chain bends more often.
    Only a chain that cannot bend there (doubles in a row: a double and the
    tile after it go straight) gets the wider tables after all, and the figure
    zooms out for that position.
    """
    if max_width is not None:
        return _narrow_felts(size, max_width)
    w, h = size
    sizes = [size]
    sizes.extend((sw, sh) for sw, sh in TABLE_SIZES if sw >= w and sh >= h and (sw, sh) != size)
    last_w, last_h = sizes[-1]
    # Why keep growing: a real table has room around the felt; the figure zooms out.
    sizes.extend((last_w + 4 * grow, last_h + 2 * grow) for grow in range(1, 12))
    return sizes


LANE_STEP = 4.0
"""How much taller a narrow felt grows at a time: one more lane for the arms above and below the centre."""


def _narrow_felts(size: FeltSize, max_width: float) -> list[FeltSize]:
    h = size[1]
    sizes = [size]
    sizes.extend((min(sw, max_width), sh) for sw, sh in TABLE_SIZES if sh > h)
    last_h = sizes[-1][1]
    sizes.extend((max_width, last_h + LANE_STEP * grow) for grow in range(1, 12))
    return sizes + [wider for wider in felts_from(TABLE_SIZES[0]) if wider[0] > max_width]


def is_full(size: FeltSize) -> bool:
    """Whether ``size`` is at least the full table (where a kept tail may be re-bent)."""
    return size[0] >= TABLE_WIDTH and size[1] >= TABLE_HEIGHT
