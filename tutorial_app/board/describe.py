"""The position on the board in words, for screen readers (the chart's accessible name).

Pure: built from the hand state, in English and Russian, like the board's
labels. What it says is what the board shows the viewer: the tiles on the
table, the open ends, the viewer's own tiles, how many tiles every other
seat holds, the boneyard, and whose turn it is only where the board marks
it (a quiz asking whose turn it is must not be answered here either).
"""

from __future__ import annotations

from tutorial_app.board.labels import tiles_word_ru
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.text import Text, msg

__all__ = ["describe_position"]

_ENDS = {
    "left": ("left", "слева"),
    "right": ("right", "справа"),
    "up": ("up", "вверху"),
    "down": ("down", "внизу"),
}


def _count(count: int) -> Text:
    return Text(f"{count} tile" + ("" if count == 1 else "s"), f"{count} {tiles_word_ru(count)}")


def _table(state: HandState) -> Text:
    table = state.table
    if table.centre is None:
        return msg("The table is empty.")
    laid = table.tile_count()
    ends = table.open_ends()
    en_ends = ", ".join(f"{_ENDS[end][0]} {n}" for end, n in ends)
    ru_ends = ", ".join(f"{_ENDS[end][1]} {n}" for end, n in ends)
    return Text(
        f"On the table: {_count(laid).en}, first {table.centre}. Open ends: {en_ends or 'none'}.",
        f"На столе {_count(laid).ru}, первая {table.centre}. Открытые концы: {ru_ends or 'нет'}.",
    )


def _seats(state: HandState, viewer: int, reveal: bool) -> Text:
    en: list[str] = []
    ru: list[str] = []
    players = state.rules.players
    for offset in range(players):
        seat = (viewer + offset) % players
        hand = state.hand(seat)
        shown = seat == viewer or reveal or state.is_over
        tiles = f": {', '.join(str(t) for t in hand)}" if shown and hand else ""
        if seat == viewer:
            en.append(f"You hold {_count(len(hand)).en}{tiles}")
            ru.append(f"У вас {_count(len(hand)).ru}{tiles}")
        else:
            en.append(f"seat {seat} holds {_count(len(hand)).en}{tiles}")
            ru.append(f"у игрока {seat} {_count(len(hand)).ru}{tiles}")
    return Text("; ".join(en) + ".", "; ".join(ru) + ".")


def describe_position(
    state: HandState, *, viewer_seat: int, show_turn: bool = True, reveal: bool = False, show_boneyard: bool = True
) -> Text:
    """The position as the viewer sees it, in a few sentences (``show_turn``: say whose turn it is;
    ``show_boneyard``: say how many tiles the boneyard holds)."""
    parts = [_table(state), _seats(state, viewer_seat, reveal)]
    if state.rules.has_boneyard and show_boneyard:
        parts.append(
            Text(f"Boneyard: {_count(len(state.boneyard)).en}.", f"На базаре {_count(len(state.boneyard)).ru}.")
        )
    if state.is_over:
        parts.append(msg("The hand is over."))
    elif show_turn:
        mover = state.to_move
        parts.append(
            Text(
                "Your turn." if mover == viewer_seat else f"Seat {mover} to move.",
                "Ваш ход." if mover == viewer_seat else f"Ходит игрок {mover}.",
            )
        )
    return Text(" ".join(p.en for p in parts), " ".join(p.ru for p in parts))
