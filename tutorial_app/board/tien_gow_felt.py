"""On the Tien Gow felt: where the trick's plays, their captions and the sentence in the middle lie.

Pure geometry in the table's units (no plotly), as ``tien_gow_room`` around the felt. Each seat's play lies
on its side of the centre, its caption under it (over the top seat's); the sentence in the middle says who
leads or who took the trick.

Why the sentence is wrapped (``wrapped``): words are sized in pixels and tiles in units, so on a phone
"Игрок 2 берёт взятку 1: +2" is as wide as the room between the side seats' plays; it goes on as many
lines as the room needs (each language's words broken on their own). On a narrow screen
(``Sizing.narrow``) the side plays lie by the felt's edges to give it room; the plays above and below it
and the side plays' captions make way for its lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from tutorial_app.board.chinese_tile import TILE_H, TILE_W
from tutorial_app.board.frame import Side
from tutorial_app.board.tien_gow_room import FELT_W, Label, Sizing
from tutorial_app.board.words import line_count, text_width, wrapped
from tutorial_app.rules.text import Text

__all__ = ["TRICK_SCALE", "TRICK_STEP", "CENTRE_SIZE", "PLAY_WORDS_SIZE", "OnFelt", "on_felt"]

TRICK_SCALE = 1.0
TRICK_STEP = TILE_W * TRICK_SCALE * 1.15
"""A play's tiles' spacing."""
CENTRE_SIZE = 1.1
"""The sentence in the middle, relative to the seat labels' size."""
PLAY_WORDS_SIZE = 0.85
"""A play's caption, relative to the seat labels' size (never below the table's least size in pixels, so
laid out at the labels' size)."""

_SIDE_X = 7.8
"""A side play's centre on a wide screen."""
_UP = 3.5
"""How far above and below the middle the top and bottom plays' centres lie (farther where the sentence's lines
need it)."""
_CAPTION = 1.95
"""A play's centre to its caption's (to its first line's, beside the centre)."""
_MARGIN = 0.3
"""The felt's edge to the words on it."""
_EDGE = 0.4
"""The felt's edge to a side play on a narrow screen."""
_CLEAR = 0.2
"""Between the sentence in the middle and the tiles and words around it."""


class OnFelt(NamedTuple):
    """Where the trick lies: each side's play's centre, each play's caption, the sentence in the middle (at the
    felt's centre)."""

    plays: dict[Side, tuple[float, float]]
    captions: dict[Side, Label]
    centre: Text


def _play_width(tiles: int) -> float:
    return TRICK_STEP * (tiles - 1) + TILE_W * TRICK_SCALE if tiles else 0.0


def on_felt(sizing: Sizing, tiles: int, centre: Text, words: Mapping[Side, tuple[Text, Text]]) -> OnFelt:
    """Where a trick of ``tiles`` tiles a play (0: no trick on the felt) lies, with the sentence ``centre`` in
    the middle and each play's caption in ``words`` (the side that laid it: its words on one line and on two).
    """
    line, letter = sizing.line, sizing.letter
    half_play = _play_width(tiles) / 2
    side_x = FELT_W / 2 - _EDGE - half_play if sizing.narrow else _SIDE_X
    room = 2 * (side_x - half_play - _CLEAR) if tiles else FELT_W - 2 * _MARGIN
    text = wrapped(centre, room, letter * CENTRE_SIZE)
    centre_w = text_width(text, letter * CENTRE_SIZE)
    centre_h = line_count(text) * line * CENTRE_SIZE
    up = max(_UP, centre_h / 2 + _CLEAR + TILE_H * TRICK_SCALE / 2)
    plays: dict[Side, tuple[float, float]] = {
        "bottom": (0.0, -up),
        "top": (0.0, up),
        "left": (-side_x, 0.0),
        "right": (side_x, 0.0),
    }
    captions: dict[Side, Label] = {}
    for side, (one_line, two_lines) in words.items():
        if side in ("top", "bottom"):
            captions[side] = Label(0.0, up + _CAPTION if side == "top" else -up - _CAPTION, one_line)
            continue
        # Beside the centre: on two lines where one would run off the felt (a narrow screen's); inside the felt,
        # and under the sentence in the middle where it comes as near the centre.
        words_w = text_width(one_line, letter)
        caption = one_line if words_w / 2 <= FELT_W / 2 - _SIDE_X - _MARGIN else two_lines
        words_w = text_width(caption, letter)
        x = min(side_x, FELT_W / 2 - _MARGIN - words_w / 2)
        top = -_CAPTION + line / 2
        if x - words_w / 2 < centre_w / 2 + _CLEAR:
            top = min(top, -centre_h / 2 - _CLEAR)
        y = top - line_count(caption) * line / 2
        captions[side] = Label(-x if side == "left" else x, y, caption)
    return OnFelt(plays, captions, text)
