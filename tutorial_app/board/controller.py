"""What a click on the board means: select a tile, place it on an end, or deselect.

Pure and Streamlit-free, so the app only forwards what was clicked (a name
the board component reports, ``play:6-4:left``, or a button twin's
``hand:6-4`` then ``end:left``) and applies the move it gets back, and tests
need no browser. The Learn and Play pages use it alike: one click model
everywhere (a tile, then the end where it goes); the board component answers
the same model in the browser (``browser_line``). Selecting a tile that fits
nowhere is allowed and only explained; placing it is an attempt the caller
may count.

Usage in the app::

    outcome = handle_click(state, selected, name, viewer_seat=0)   # "hand:6-4", "end:left", "play:6-4:left"
    selected = outcome.selected
    if outcome.move is not None:
        state = apply(state, outcome.move)
    if outcome.message is not None:
        show(outcome.message.in_(lang))
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial_app.rules.line.moves import why_illegal
from tutorial_app.rules.line.state import ENDS, End, HandState, Move, play
from tutorial_app.rules.text import Text, msg
from tutorial_app.rules.tiles import Tile, TileError, parse_tile

__all__ = ["ClickOutcome", "handle_click", "parse_click"]


class ClickOutcome(NamedTuple):
    """The result of one click.

    ``selected``: the tile selected after the click (None: nothing).
    ``move``: a legal move to apply now, or None. ``message``: a sentence for
    the learner (why nothing happened, or why a selected tile fits nowhere),
    or None. ``chain``: the arm and place of a clicked table tile (for a tail
    adjustment), or None. ``attempt``: an illegal placement the learner tried
    (a lesson counts it as a mistake; ``message`` says why it is illegal).
    """

    selected: Tile | None
    move: Move | None = None
    message: Text | None = None
    chain: tuple[str, int] | None = None
    attempt: Move | None = None


_CHOOSE_FIRST = msg("Choose a tile from your hand first.")
_NOT_YOUR_TURN = msg("It is not your turn yet.")
_OVER = msg("The hand is over.")


def parse_click(name: str) -> tuple[str, str]:
    """Split ``"hand:6-4"`` into ``("hand", "6-4")``; unknown names give ``("", name)``."""
    kind, sep, rest = name.partition(":")
    if not sep or kind not in ("hand", "end", "chain", "play"):
        return "", name
    return kind, rest


def handle_click(
    state: HandState,
    selected: Tile | None,
    name: str | None,
    *,
    viewer_seat: int = 0,
    closed: bool = False,
) -> ClickOutcome:
    """Interpret one click for the viewer at ``viewer_seat``.

    - ``hand:X`` selects X (it rises and the targets appear); clicking the
      selected tile again deselects it. A tile with nowhere to go is selected
      too (choosing is not a mistake) and the message says why it fits nowhere.
    - ``end:E`` lays the selected tile on end E (``closed`` lays a double
      face down where the rules allow it); an illegal placement keeps the
      selection, says why and is reported as ``attempt``.
    - ``play:X:E`` is both clicks at once: X selected and laid on end E (the
      board component draws the move in the browser and reports it whole).
    - ``chain:ARM:I`` reports the table tile clicked, selection unchanged.
    - Anything else (or None) changes nothing.
    """
    if name is None:
        return ClickOutcome(selected)
    kind, value = parse_click(name)
    if kind == "chain":
        arm, _, index = value.rpartition(":")
        try:
            return ClickOutcome(selected, chain=(arm, int(index)))
        except ValueError:
            return ClickOutcome(selected)
    if kind not in ("hand", "end", "play"):
        return ClickOutcome(selected)
    if state.is_over:
        return ClickOutcome(None, message=_OVER)
    if state.to_move != viewer_seat:
        return ClickOutcome(selected, message=_NOT_YOUR_TURN)
    if kind == "hand":
        return _click_hand(state, selected, value, viewer_seat)
    if kind == "play":
        name, _, end = value.rpartition(":")
        picked = _click_hand(state, None, name, viewer_seat).selected
        return _click_end(state, picked, end, closed) if picked is not None else ClickOutcome(selected)
    return _click_end(state, selected, value, closed)


def _click_hand(state: HandState, selected: Tile | None, value: str, seat: int) -> ClickOutcome:
    try:
        tile = parse_tile(value)
    except TileError:
        return ClickOutcome(selected)
    if not state.hands[seat] & tile.bit:
        return ClickOutcome(selected)
    if tile is selected:
        return ClickOutcome(None)
    if any(why_illegal(state, play(tile, end)) is None for end in ENDS):
        return ClickOutcome(tile)
    open_end: End = "lead" if state.table.is_empty else next((end for end, _n in state.table.open_ends()), "left")
    return ClickOutcome(tile, message=why_illegal(state, play(tile, open_end)))


def _click_end(state: HandState, selected: Tile | None, value: str, closed: bool) -> ClickOutcome:
    if selected is None:
        return ClickOutcome(None, message=_CHOOSE_FIRST)
    if value not in ENDS:
        return ClickOutcome(selected)
    end: End = value
    move = play(selected, end, closed=closed)
    reason = why_illegal(state, move)
    if reason is not None:
        return ClickOutcome(selected, message=reason, attempt=move)
    return ClickOutcome(None, move=move)
