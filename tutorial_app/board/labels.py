"""Learner-facing words on the board, in English and Russian."""

from __future__ import annotations

from tutorial_app.language import ru_plural
from tutorial_app.rules.text import Text, msg

__all__ = ["boneyard_label", "seat_label", "tiles_word_ru"]


def tiles_word_ru(count: int) -> str:
    """Russian plural of "кость" after a number: 1 кость, 2 кости, 5 костей."""
    return ru_plural(count, "кость", "кости", "костей")


def boneyard_label(count: int) -> Text:
    """``Boneyard: 14`` / ``Базар: 14``."""
    return msg("Boneyard: {count}", count=count)


def seat_label(seat: int, count: int, *, you: bool, to_move: bool) -> Text:
    """The name of a seat with its tile count, and a marker when it is that seat's turn.

    Seats are numbered from 0, as in the rules core's sentences, the score
    sheet and the game record, so "Seat 2" means the same seat everywhere.
    """
    arrow = "▶ " if to_move else ""
    en_tiles = "tile" if count == 1 else "tiles"
    if you:
        return Text(f"{arrow}You · {count} {en_tiles}", f"{arrow}Вы · {count} {tiles_word_ru(count)}")
    return Text(
        f"{arrow}Seat {seat} · {count} {en_tiles}",
        f"{arrow}Игрок {seat} · {count} {tiles_word_ru(count)}",
    )
