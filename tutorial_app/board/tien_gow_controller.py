"""Clicks on the Tien Gow table: select tiles of your hand, then play them face up or discard them.

Pure and Streamlit-free, like ``controller`` for the line games: the app
forwards what was clicked (the board component's report of a whole move,
``play:0,3``, or a button press) and applies the move it gets back; tests
need no browser.

A selection is the sorted places (indices) of the chosen tiles in the
viewer's hand: the hand may hold two identical civil tiles, so a tile's
name alone would not say which was clicked. The app calls ``handle_click`` as ``controller``'s usage shows,
with this game's click names (``hand:3``, ``action:play``, ``play:0,3``, ``with:0,3|hand:5``).

Buttons outside the figure call ``press(state, selected, Action.PLAY)``;
``selection_hint`` says what the buttons may do and why, for captions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from tutorial_app.rules.text import Text, msg, msgn, verbatim
from tutorial_app.rules.tien_gow.moves import combo_of, why_illegal
from tutorial_app.rules.tien_gow.state import Action, HandState, Move, shown, sort_tiles
from tutorial_app.rules.tiles import Tile

__all__ = [
    "Selection",
    "TienGowClick",
    "SelectionHint",
    "handle_click",
    "press",
    "selected_tiles",
    "selection_hint",
    "valid_selection",
    "lay_count",
    "limit_text",
]

Selection = tuple[int, ...]
"""Sorted places of the selected tiles in the viewer's hand."""

_NOT_YOUR_TURN = msg("It is not your turn yet.")
_OVER = msg("The hand is over.")
_MAX_LEAD = 4


class TienGowClick(NamedTuple):
    """The result of one click or press: the selection after it, a legal move to apply now, a sentence."""

    selected: Selection
    move: Move | None = None
    message: Text | None = None


class SelectionHint(NamedTuple):
    """What the Play and Discard buttons may do with the current selection, and a sentence saying why."""

    can_play: bool
    can_discard: bool
    text: Text


def valid_selection(state: HandState, selected: Iterable[int], viewer_seat: int = 0) -> Selection:
    """The selection with places outside the viewer's hand dropped, sorted (a bot's move may have shrunk the hand)."""
    size = len(state.hands[viewer_seat])
    return tuple(sorted({i for i in selected if 0 <= i < size}))


def selected_tiles(state: HandState, selected: Iterable[int], viewer_seat: int = 0) -> tuple[Tile, ...]:
    """The selected tiles, in the set's order."""
    hand = state.hands[viewer_seat]
    return sort_tiles(hand[i] for i in valid_selection(state, selected, viewer_seat))


def lay_count(state: HandState) -> int:
    """How many tiles the viewer lays now: the trick's size, or up to four when leading."""
    return state.trick.size if state.trick is not None else _MAX_LEAD


def limit_text(wanted: int) -> Text:
    """Why a selection may not grow: at most ``wanted`` tiles may be laid now."""
    return msg("You may lay {wanted} tiles at most: click a chosen tile to put it back first.", wanted=wanted)


def handle_click(state: HandState, selected: Iterable[int], name: str | None, *, viewer_seat: int = 0) -> TienGowClick:
    """Interpret one click for the viewer at ``viewer_seat``.

    - ``hand:I`` selects or deselects the tile at place I of the hand. When a
      trick of one tile is to be answered, a new tile replaces the old one;
      otherwise a selection never grows past what may be laid.
    - ``action:play`` / ``action:discard`` is a ``press``.
    - ``play:0,3`` / ``discard:0,3`` is a selection and its press at once (the
      board component selects in the browser and reports the whole move).
    - ``with:0,3|hand:5`` is the click after ``|`` made with the selection
      ``0,3`` (a tile's button under the board pressed while the board held
      picks of its own, which the server had not heard of).
    - Anything else (or None) changes nothing.
    """
    current = valid_selection(state, selected, viewer_seat)
    if name is None:
        return TienGowClick(current)
    kind, _, value = name.partition(":")
    if kind == "with":
        held, _, then = value.partition("|")
        places = [int(place) for place in held.split(",") if place.isdigit()]
        if then.startswith("with:"):
            return TienGowClick(current)
        return handle_click(state, places, then, viewer_seat=viewer_seat)
    if kind == "action" and value in (Action.PLAY.value, Action.DISCARD.value):
        return press(state, current, Action(value), viewer_seat=viewer_seat)
    if kind in (Action.PLAY.value, Action.DISCARD.value):
        places = [int(place) for place in value.split(",") if place.isdigit()]
        chosen = valid_selection(state, places, viewer_seat)
        if not chosen or len(chosen) != len(places):
            return TienGowClick(current)
        return press(state, chosen, Action(kind), viewer_seat=viewer_seat)
    if kind != "hand" or not value.isdigit():
        return TienGowClick(current)
    if state.is_over:
        return TienGowClick((), message=_OVER)
    if state.to_move != viewer_seat:
        return TienGowClick(current, message=_NOT_YOUR_TURN)
    place = int(value)
    if not 0 <= place < len(state.hands[viewer_seat]):
        return TienGowClick(current)
    if place in current:
        return TienGowClick(tuple(i for i in current if i != place))
    wanted = lay_count(state)
    if wanted == 1:
        return TienGowClick((place,))
    if len(current) >= wanted:
        return TienGowClick(current, message=limit_text(wanted))
    return TienGowClick(tuple(sorted((*current, place))))


def press(state: HandState, selected: Iterable[int], action: Action, *, viewer_seat: int = 0) -> TienGowClick:
    """The Play or Discard button: the move if it is legal (selection cleared), else the reason (selection kept)."""
    current = valid_selection(state, selected, viewer_seat)
    if state.is_over:
        return TienGowClick((), message=_OVER)
    if state.to_move != viewer_seat:
        return TienGowClick(current, message=_NOT_YOUR_TURN)
    move = Move(action, selected_tiles(state, current, viewer_seat))
    reason = why_illegal(state, move)
    if reason is not None:
        return TienGowClick(current, message=reason)
    return TienGowClick((), move=move)


def _count(n: int) -> Text:
    return msgn("{n} tile", "{n} tiles", n)


def selection_hint(state: HandState, selected: Iterable[int], viewer_seat: int = 0) -> SelectionHint:
    """What may be done with the selection now, in a sentence for the learner (never names a better move)."""
    if state.is_over:
        return SelectionHint(False, False, _OVER)
    if state.to_move != viewer_seat:
        return SelectionHint(False, False, _NOT_YOUR_TURN)
    tiles = selected_tiles(state, selected, viewer_seat)
    trick = state.trick
    if not tiles:
        if trick is None:
            return SelectionHint(
                False,
                False,
                msg("Choose one tile or a combination to lead."),
            )
        count = _count(trick.size)
        return SelectionHint(
            False,
            False,
            msg("Choose {count}: face up to beat, face down to give the trick up.", count=count),
        )
    if trick is not None and len(tiles) < trick.size:
        more = _count(trick.size - len(tiles))
        return SelectionHint(False, False, msg("Choose {count} more.", count=more))
    play_reason = why_illegal(state, Move(Action.PLAY, tiles))
    discard_ok = why_illegal(state, Move(Action.DISCARD, tiles)) is None
    if play_reason is None:
        combo = combo_of(tiles)
        name = combo.name if combo is not None else verbatim(shown(tiles))
        if trick is None:
            return SelectionHint(True, False, msg("Lead {name}.", name=name))
        return SelectionHint(
            True,
            True,
            msg(
                "Played face up, {name} beats the set winning the trick; you may also lay these tiles face down.",
                name=name,
            ),
        )
    return SelectionHint(False, discard_ok, play_reason)
