"""The position on the board in words, for screen readers (the chart's accessible name).

Pure: built from the hand state, in English and Russian, like the board's
labels. What it says is what the board shows the viewer: the tiles on the
table, the open ends, the viewer's own tiles, how many tiles every other
seat holds, the boneyard, and whose turn it is only where the board marks
it (a quiz asking whose turn it is must not be answered here either).
"""

from __future__ import annotations

from tutorial_app.board.labels import tile_count
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.text import Text, joined, msg, msgc, verbatim

__all__ = ["describe_position"]

_ENDS = {
    "left": lambda n: msg("left {number}", number=n),
    "right": lambda n: msg("right {number}", number=n),
    "up": lambda n: msg("up {number}", number=n),
    "down": lambda n: msg("down {number}", number=n),
}


def _table(state: HandState) -> Text:
    table = state.table
    if table.centre is None:
        return msg("The table is empty.")
    laid = table.tile_count()
    ends = table.open_ends()
    shown = joined([_ENDS[end](n) for end, n in ends], ", ") if ends else msgc("open ends", "none")
    return msg(
        "On the table: {tiles}, first {first}. Open ends: {ends}.",
        tiles=tile_count(laid),
        first=str(table.centre),
        ends=shown,
    )


def _seats(state: HandState, viewer: int, reveal: bool) -> Text:
    said: list[Text] = []
    players = state.rules.players
    for offset in range(players):
        seat = (viewer + offset) % players
        hand = state.hand(seat)
        shown = seat == viewer or reveal or state.is_over
        tiles = f": {', '.join(str(t) for t in hand)}" if shown and hand else ""
        if seat == viewer:
            said.append(msg("You hold {count}{tiles}", count=tile_count(len(hand)), tiles=tiles))
        else:
            said.append(msg("seat {seat} holds {count}{tiles}", seat=seat, count=tile_count(len(hand)), tiles=tiles))
    return joined([joined(said, "; "), verbatim(".")], "")


def describe_position(
    state: HandState, *, viewer_seat: int, show_turn: bool = True, reveal: bool = False, show_boneyard: bool = True
) -> Text:
    """The position as the viewer sees it, in a few sentences (``show_turn``: say whose turn it is;
    ``show_boneyard``: say how many tiles the boneyard holds)."""
    parts = [_table(state), _seats(state, viewer_seat, reveal)]
    if state.rules.has_boneyard and show_boneyard:
        parts.append(msg("Boneyard: {tiles}.", tiles=tile_count(len(state.boneyard))))
    if state.is_over:
        parts.append(msg("The hand is over."))
    elif show_turn:
        mover = state.to_move
        parts.append(msg("Your turn.") if mover == viewer_seat else msg("Seat {seat} to move.", seat=mover))
    return joined(parts)
