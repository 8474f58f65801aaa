"""Around the Tien Gow felt: where the seats' hands, piles and labels and the Play and Discard buttons lie.

Pure geometry in the table's units (no plotly), like ``tien_gow_layout``, which lays the trick on the felt
and asks this module for the rest.

Why the labels' pixels come in (``Sizing``): tiles are sized in units and words in pixels (never below
13 px), so how much room a label takes among the tiles depends on how many pixels a unit is. A side
seat's label (its name, tiles and trick points, one to a line) is wider than the wood beside the felt, so
it sits above the felt's corner, aligned on the figure's edge over its column; the top seat's hand stays
between those labels where they leave it room, else goes above them. On a narrow screen
(``Sizing.narrow``) the figure is only as wide as the felt and the side columns, the viewer's tiles are a
fingertip wide (``frame.TAP_TILE_PX``) and Play and Discard lie under them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Literal, NamedTuple

from tutorial_app.board.chinese_tile import TILE_H, TILE_W
from tutorial_app.board.frame import TAP_TILE_PX, Side
from tutorial_app.board.words import LETTER_EM, LINE_EM, line_count, text_width
from tutorial_app.rules.text import Text, joined

__all__ = [
    "FELT_W",
    "FELT_H",
    "VIEWER_SCALE",
    "OTHER_SCALE",
    "PILE_SCALE",
    "GAP",
    "STEP",
    "RISE",
    "MOST_TILES",
    "Sizing",
    "WIDE",
    "Anchor",
    "Label",
    "Around",
    "half_width",
    "fitted",
    "around",
]

FELT_W = 26.0
FELT_H = 15.0
VIEWER_SCALE = 1.45
OTHER_SCALE = 0.72
PILE_SCALE = 0.42
GAP = 0.5
"""Felt's edge to the near edge of a hand."""
STEP = 1.18
"""Hand tiles' spacing, in tile widths."""
RISE = 0.7
"""How far a selected tile rises."""
MOST_TILES = 8
"""The most tiles a hand holds, and the most trick points a pile holds in a hand (32 tiles, four seats: the
rooms below are kept for these, so nothing moves as a hand goes on)."""

_SIDE_BAND = 4.5
"""Room left and right of the felt for a side seat's column (and the wood around it)."""
_NARROW_BAND = GAP + TILE_H * OTHER_SCALE + 0.3
"""On a narrow screen, room left and right of the felt for a side seat's column alone."""
_EDGE = 0.4
"""The figure's edge to the words aligned on it."""
_CLEAR = 0.2
"""Between words and the tiles, felt or buttons next to them."""
_VIEWER_GAP = RISE + _CLEAR
"""Felt's edge to the top of the viewer's hand: a selected tile rises clear of the felt (by ``GAP`` it rose onto
its edge)."""
_PILE_STEP = TILE_W * PILE_SCALE * 1.3
_PILE_GAP = 0.3
"""Between a hand and its pile."""


class Sizing(NamedTuple):
    """The pixels the table is drawn at, as far as the layout needs them: ``ppu`` pixels per unit, ``label_px``
    the seat labels' size in pixels; ``narrow``: a narrow screen's table (see the module's docstring)."""

    ppu: float = 610 / (FELT_W + 2 * _SIDE_BAND)  # the Play page's table, 610 px high
    label_px: float = 13.0
    narrow: bool = False

    @property
    def line(self) -> float:
        """A line of the labels' words, in units."""
        return LINE_EM * self.label_px / self.ppu

    @property
    def letter(self) -> float:
        """A letter of the labels' words (generously), in units."""
        return LETTER_EM * self.label_px / self.ppu


WIDE = Sizing()
"""The Play page's table on a wide screen (and the size a table is laid out for unless told)."""

Anchor = Literal["middle center", "top right", "top left"]
"""Where words lie from their point, in Plotly's terms: centred on it, or above it running right or left."""


class Label(NamedTuple):
    """A seat's label: its point, its words and where they lie from the point."""

    x: float
    y: float
    text: Text
    anchor: Anchor = "middle center"


class Around(NamedTuple):
    """Where everything around the felt lies: ``half`` the figure's width; the viewer's tile scale and tiles in
    a row; the side columns' top edge and the top hand's centre height; the viewer's hand's top edge; each seat's pile
    (start x, y and the step it grows by); Play's and Discard's centres and their common size; the seats'
    labels; the figure's height range."""

    half: float
    viewer_scale: float
    per_row: int
    side_top: float
    top_y: float
    bottom_top: float
    piles: dict[Side, tuple[float, float, float, float]]
    buttons: tuple[tuple[float, float], tuple[float, float]]
    button_size: tuple[float, float]
    labels: dict[Side, Label]
    y_range: tuple[float, float]


def half_width(narrow: bool) -> float:
    """Half the figure's width: the felt and the wood beside it (on a narrow screen, only the side columns)."""
    return FELT_W / 2 + (_NARROW_BAND if narrow else _SIDE_BAND)


def fitted(parts: Sequence[Text], width: float, letter: float) -> Text:
    """A label's ``parts`` on one line (`` · `` between them) where it is at most ``width`` wide, else on two
    (the first two parts, then the rest), else one part a line."""
    one = joined(parts, " · ")
    if text_width(one, letter) <= width:
        return one
    two = joined([joined(parts[:2], " · "), joined(parts[2:], " · ")], "<br>")
    return two if text_width(two, letter) <= width else joined(parts, "<br>")


def _half_run(count: int, scale: float) -> float:
    """Half the length of a row of ``count`` hand tiles at ``scale``, end to end."""
    return (TILE_W * scale * (STEP * (count - 1) + 1)) / 2 if count else 0.0


def _viewer_rows(sizing: Sizing, half: float, count: int) -> tuple[float, int]:
    """The viewer's tile scale (on a narrow screen a fingertip wide) and how many tiles go in a row (two rows
    where one would run off the figure)."""
    if not sizing.narrow:
        return VIEWER_SCALE, max(count, 1)
    scale = max(VIEWER_SCALE, (TAP_TILE_PX + 0.5) / sizing.ppu)  # half a pixel for rounding
    per_row = max(count, 1)
    if _half_run(per_row, scale) > half - 0.2:
        per_row = math.ceil(per_row / 2)
    return scale, per_row


def around(
    sizing: Sizing, viewer_count: int, captions: Mapping[Side, Sequence[Text]], buttons: tuple[Text, Text]
) -> Around:
    """Where everything around the felt lies, for the viewer's ``viewer_count`` tiles, each seat's label
    ``captions`` (its parts: name, tiles, trick points, banker) and the words on Play and Discard."""
    half = half_width(sizing.narrow)
    line, letter = sizing.line, sizing.letter
    scale, per_row = _viewer_rows(sizing, half, viewer_count)
    rows = math.ceil(max(viewer_count, 1) / per_row)
    wide = 2 * (half - _EDGE)

    # The side seats' labels, one part a line, above the felt's corners on the figure's edges.
    sides = {side: joined(captions[side], "<br>") for side in ("left", "right")}
    side_w = max(text_width(t, letter) for t in sides.values())
    corner_top = FELT_H / 2 + _CLEAR + max(line_count(t) for t in sides.values()) * line
    corner_in = half - _EDGE - side_w  # how near the centre the side labels come
    labels: dict[Side, Label] = {
        "left": Label(-half + _EDGE, FELT_H / 2 + _CLEAR, sides["left"], "top right"),
        "right": Label(half - _EDGE, FELT_H / 2 + _CLEAR, sides["right"], "top left"),
    }

    # The top hand and its pile, between the side labels where they leave it room, else above them.
    top_half = _half_run(MOST_TILES, OTHER_SCALE)
    pile_x = top_half + 1.26
    pile_end = pile_x + _PILE_STEP * (MOST_TILES - 1) + TILE_W * PILE_SCALE / 2
    top_low = FELT_H / 2 + GAP if corner_in >= pile_end + _CLEAR else corner_top + _CLEAR
    top_y = top_low + TILE_H * OTHER_SCALE / 2
    top_text = fitted(captions["top"], wide, letter)
    top_lines = line_count(top_text)
    label_low = top_low + TILE_H * OTHER_SCALE + _CLEAR
    if text_width(top_text, letter) / 2 + _CLEAR > corner_in:
        label_low = max(label_low, corner_top + _CLEAR)
    top_label_y = label_low + top_lines * line / 2
    labels["top"] = Label(0.0, top_label_y, top_text)

    # The viewer's hand; beside it (or, on a narrow screen, under it) Play and Discard, and its pile.
    bottom_top = -FELT_H / 2 - _VIEWER_GAP
    hand_low = bottom_top - rows * TILE_H * scale - (rows - 1) * GAP
    bottom_text = fitted(captions["bottom"], wide, letter)
    if sizing.narrow:
        bw = max(3.4, max(text_width(b, letter * 1.05) for b in buttons) + 1.2)
        bh = max(1.3, (TAP_TILE_PX + 0.5) / sizing.ppu)
        by = hand_low - _CLEAR * 2 - bh / 2
        spots = ((-bw / 2 - 0.3, by), (bw / 2 + 0.3, by))
        size = (bw, bh)
        bottom_pile = (-half + _EDGE + 0.3, by, 1.0, 0.0)
        words_top = by - bh / 2 - _CLEAR
    else:
        hand_y = bottom_top - TILE_H * scale / 2
        x = FELT_W / 2 - 1.6
        spots, size = ((x, hand_y + 0.9), (x, hand_y - 0.9)), (3.4, 1.3)
        bottom_pile = (-12.4, -9.6, 1.0, 0.0)
        words_top = hand_low - _CLEAR
    bottom_lines = line_count(bottom_text)
    labels["bottom"] = Label(0.0, words_top - bottom_lines * line / 2, bottom_text)

    # The side columns hang from just under the felt's top edge, under their labels; their piles grow down
    # from under the longest column (on a narrow screen they end above the viewer's hand, which runs the
    # figure's whole width there).
    side_top = FELT_H / 2 - 0.3
    side_low = side_top - 2 * _half_run(MOST_TILES, OTHER_SCALE) - _PILE_GAP - TILE_W * PILE_SCALE / 2
    side_x = FELT_W / 2 + GAP + TILE_H * OTHER_SCALE / 2
    piles: dict[Side, tuple[float, float, float, float]] = {
        "bottom": bottom_pile,
        "top": (pile_x, top_y, 1.0, 0.0),
        "left": (-side_x, side_low, 0.0, -1.0),
        "right": (side_x, side_low, 0.0, -1.0),
    }
    y_range = (
        words_top - bottom_lines * line - 0.3,
        max(top_label_y + top_lines * line / 2, corner_top) + 0.3,
    )
    return Around(half, scale, per_row, side_top, top_y, bottom_top, piles, spots, size, labels, y_range)
