"""Learner-facing words on the board, in English and Russian."""

from __future__ import annotations

from tutorial_app.rules.text import Text, msg, msgn

__all__ = ["boneyard_label", "seat_label", "tile_count"]


def tile_count(count: int) -> Text:
    """ "1 tile", "5 tiles" (1 кость, 2 кости, 5 костей: the catalog's plural rule)."""
    return msgn("{n} tile", "{n} tiles", count)


def boneyard_label(count: int) -> Text:
    """``Boneyard: 14`` / ``Базар: 14``."""
    return msg("Boneyard: {count}", count=count)


def seat_label(seat: int, count: int, *, you: bool, to_move: bool) -> Text:
    """The name of a seat with its tile count, and a marker when it is that seat's turn.

    Seats are numbered from 0, as in the rules core's sentences, the score
    sheet and the game record, so "Seat 2" means the same seat everywhere.
    """
    arrow = "▶ " if to_move else ""
    if you:
        return msg("{arrow}You · {tiles}", arrow=arrow, tiles=tile_count(count))
    return msg("{arrow}Seat {seat} · {tiles}", arrow=arrow, seat=seat, tiles=tile_count(count))
