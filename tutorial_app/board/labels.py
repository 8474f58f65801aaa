"""Learner-facing words on the board, in every language the app speaks (messages of the catalogs)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from tutorial_app.board.frame import SeatWords
from tutorial_app.board.words import LETTER_EM, LINE_EM, line_count, text_width, wrap_words
from tutorial_app.language import LANGS
from tutorial_app.rules.text import Text, joined, msg, msgn, verbatim

__all__ = ["boneyard_label", "seat_label", "tile_count", "side_lines", "letter_width", "seat_words"]


def tile_count(count: int) -> Text:
    """ "1 tile", "5 tiles" (1 кость, 2 кости, 5 костей: the catalog's plural rule)."""
    return msgn("{n} tile", "{n} tiles", count)


def boneyard_label(count: int) -> Text:
    """``Boneyard: 14`` / ``Базар: 14``."""
    return msg("Boneyard: {count}", count=count)


def seat_label(seat: int, count: int, *, you: bool, to_move: bool, name: str | None = None) -> Text:
    """The name of a seat with its tile count, and a marker when it is that seat's turn.

    Seats are numbered from 0, as in the rules core's sentences, the score
    sheet and the game record, so "Seat 2" means the same seat everywhere.
    ``name``: a person's name in place of "Seat N" (a shared table, where seats are people; the viewer
    stays "You"), written as it is in every language.
    """
    arrow = "▶ " if to_move else ""
    if name is not None and not you:
        return joined([verbatim(f"{arrow}{name}"), tile_count(count)], " · ")
    if you:
        return msg("{arrow}You · {tiles}", arrow=arrow, tiles=tile_count(count))
    return msg("{arrow}Seat {seat} · {tiles}", arrow=arrow, seat=seat, tiles=tile_count(count))


def side_lines(label: Text, width: float, letter: float) -> Text:
    """A side seat's label one part a line (its column beside the felt is narrow), a part wider than ``width``
    (a long name) on as many lines as it needs (``letter``: a letter's width)."""
    most = max(1, math.floor(width / letter)) if letter > 0 else 0

    def lines(label: str) -> str:
        parts = label.split(" · ")
        return "<br>".join(wrap_words(part.split(), most) if most and len(part) > most else part for part in parts)

    en, ru, uk, es = (lines(label.in_(lang)) for lang in LANGS)
    return Text(en, ru, uk, es)


def letter_width(font_px: float, ppu: float) -> float:
    """A letter's width in units (generously, ``words.LETTER_EM``) in words ``font_px`` high at ``ppu``."""
    return LETTER_EM * font_px / ppu


def seat_words(sides: Sequence[Text], bottom: Text, boneyard: Text | None, *, font_px: float, ppu: float) -> SeatWords:
    """The room the seats' labels take on a board drawn at ``ppu`` pixels a unit with words ``font_px`` high (a
    letter ``letter_width(font_px, ppu)`` wide):
    the side seats' labels ``sides`` (as ``side_lines`` writes them), the viewer's label ``bottom`` and the
    boneyard's count (None: not shown), each the widest it is in any language (``words.text_width``)."""
    letter = letter_width(font_px, ppu)
    return SeatWords(
        line=LINE_EM * font_px / ppu,
        side=max((text_width(text, letter) for text in sides), default=0.0),
        side_lines=max((line_count(text) for text in sides), default=2),
        bottom=text_width(bottom, letter),
        boneyard=text_width(boneyard, letter) if boneyard is not None else 0.0,
        letter=letter,
    )
