"""The Tien Gow table on a page: the board with its clicks, and its button twins (Play page and lessons alike).

Why one module: the Play page and the lesson player show the same table and
take clicks the same way: select tiles of your hand (on the board or with
the buttons), then Play or Discard (on the board or with the buttons), as
``board.tien_gow_controller`` describes. The selection is kept per page in
session state and cleared on every change of the hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import streamlit as st

from tutorial_app.app.shell.button_rows import button_cells
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.state import page_state
from tutorial_app.app.table.board_component import BOT_PACE_MS, show_board_data
from tutorial_app.app.table.board_view import board_theme
from tutorial_app.app.table.screen import narrow_width
from tutorial_app.board.browser import LIT_TWIN
from tutorial_app.board.browser_tien_gow import TablePlay, TableView, tien_gow_board
from tutorial_app.board.tien_gow_controller import (
    Selection,
    TienGowClick,
    handle_click,
    lay_count,
    selection_hint,
    valid_selection,
)
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.text import Text, msgc, msgn, seat_name

__all__ = [
    "selection",
    "clear_selection",
    "keep_refused",
    "trick_click",
    "show_trick_table",
    "trick_controls",
    "banker_text",
]

OnClick = Callable[[str], None]

TABLE_HEIGHT = 610
"""Height in pixels of the full-width table (the Play page): the table is about 1.45 times as wide as high,
so at the wide layout's column (about 820-940 px) it fills the height without empty felt above.

Why no width: a figure given a width wider than a phone is drawn at that width and shrunk by the page,
and then a tap lands beside the tile Plotly thinks it is on; without one, Plotly lays the figure out at the
column's real width and taps land where they look.
"""


@dataclass
class TrickMemory:
    """What the Tien Gow table of page (or board) ``name`` keeps on this tab: the places of the tiles selected
    in the viewer's hand, the refusal the page's box shows for them (a press of Play or Discard the rules refused;
    the caption under the buttons does not say it again), and the hand it drew last with the one before it (where
    the moves it played began).

    Not the line board's ``BoardMemory``: one board name (a lesson's) draws both games in turn.
    """

    selected: Selection = ()
    refused: Text | None = None
    last: tg.HandState | None = None
    before: tg.HandState | None = None


def trick_memory(name: str) -> TrickMemory:
    """The Tien Gow table ``name``'s kept state on this tab."""
    return page_state(f"_tg_{name}", TrickMemory)


def selection(key: str, state: tg.HandState, viewer: int) -> Selection:
    """The places of the selected tiles in the viewer's hand on page ``key``."""
    return valid_selection(state, trick_memory(key).selected, viewer)


def clear_selection(key: str) -> None:
    memory = trick_memory(key)
    memory.selected, memory.refused = (), None


def keep_refused(key: str, selected: Selection, reason: Text) -> None:
    """The tiles whose move the rules refused (``reason``, which the page shows in its box) stay selected, on the
    table and on the buttons alike, and the caption under the buttons leaves the reason to the box."""
    memory = trick_memory(key)
    memory.selected, memory.refused = selected, reason


def trick_click(key: str, state: tg.HandState, viewer: int, clicked: str) -> TienGowClick:
    """One click ("hand:3", "action:play", ...) from the board or a button; the selection is updated.

    The caller applies ``outcome.move`` and shows ``outcome.message`` (in its box: the caption under the buttons
    then does not repeat it).
    """
    outcome = handle_click(state, selection(key, state, viewer), clicked, viewer_seat=viewer)
    memory = trick_memory(key)
    memory.selected, memory.refused = outcome.selected, outcome.message
    return outcome


def show_trick_table(
    state: tg.HandState,
    *,
    name: str,
    viewer: int,
    on_click: OnClick,
    reveal: bool = False,
    interactive: bool = True,
    highlight: tuple[str, ...] = (),
    wide: bool = False,
    height: int | None = None,
    show_turn: bool = True,
    credit_trick: bool = True,
    spoken: bool = False,
) -> None:
    """Draw the table; the learner's tiles are picked in the browser and a press of Play or Discard on the
    table comes back as ``on_click("play:0,3")`` (the button twins below the table as ``"hand:3"``,
    ``"action:play"``; pressed while the table holds tiles picked on it, as the table's own press, or a tile's
    button as ``"with:0,3|hand:5"``: the buttons act on what the table shows chosen). A pick on the table while the buttons hold a selection, or while the page says something
    of the last click (``spoken``, or a refusal this table's memory keeps), comes back once as
    ``browser.PUT_DOWN``: the buttons' selection and what was said of it go.

    ``show_turn`` False hides whose turn it is and who holds or took the trick
    (a lesson's question about a seat is on); ``credit_trick`` False shows the seats' trick points from before
    the trick taken on the felt (a lesson's question about who takes it or the points it brings is on).
    """
    tall = TABLE_HEIGHT if wide else height or 560  # the figure's height in pixels (a narrow screen's: as it needs)
    screen = narrow_width(name)
    view = TableView(
        viewer,
        reveal,
        tuple(highlight),
        show_turn,
        lang(),
        board_theme(),
        tall,
        screen=screen,
        credit_trick=credit_trick,
    )
    memory = trick_memory(name)
    # the same ``since`` while the hand is unchanged: a run that draws the table again sends the same data
    since = memory.before if memory.last == state else memory.last
    play = TablePlay(selection(name, state, viewer), spoken or memory.refused is not None, _twins(name, state, viewer))
    data = tien_gow_board(state, view, since=since, play=play if interactive else None, pace_ms=BOT_PACE_MS)
    memory.last, memory.before = state, since
    show_board_data(data, name=name, on_click=on_click if interactive else None)


def _tile_key(key: str, place: int) -> str:
    return f"{key}_tg_tile_{place}"


def _action_key(key: str, action: str) -> str:
    return f"{key}_tg_{action}"


def _twins(key: str, state: tg.HandState, viewer: int) -> tuple[tuple[str, str], ...]:
    """The buttons of ``trick_controls`` by key and the click on the table each stands for: pressed while the table
    holds tiles picked on it (which the server never hears of), the table answers the press with those tiles; Play
    and Discard with their lit looks (``browser.LIT_TWIN``), which the table shows while its picks light them."""
    tiles = tuple((_tile_key(key, place), f"hand:{place}") for place in range(len(state.hands[viewer])))
    actions = tuple((_action_key(key, action.value), f"action:{action.value}") for action in tg.Action)
    return (*tiles, *actions, *((LIT_TWIN + twin, click) for twin, click in actions))


def trick_controls(state: tg.HandState, viewer: int, key: str, on_click: OnClick, per_row: int = 8) -> None:
    """The hand as buttons (select and deselect), what the selection may do, and Play / Discard."""
    if state.is_over or state.to_move != viewer:
        return
    chosen = selection(key, state, viewer)
    hint = selection_hint(state, chosen, viewer)
    st.caption(tr("tg.controls"))
    hand = state.hands[viewer]
    for place, (cell, tile) in enumerate(zip(button_cells(len(hand), per_row), hand, strict=True)):
        picked = place in chosen
        kind: Literal["primary", "secondary"] = "primary" if picked else "secondary"
        cell.button(
            f"▲ {tile}" if picked else str(tile),
            key=_tile_key(key, place),
            type=kind,
            on_click=on_click,
            args=(f"hand:{place}",),
            width="stretch",
            help=tr("tg.tile_help", tile=str(tile)),
        )
    if not chosen:
        st.caption(_what_to_lay(state))
    elif hint.text != trick_memory(key).refused:  # a refusal is said once, in the page's box
        st.caption(hint.text.in_(lang()))
    # Never disabled: pressing with a selection that cannot go says why, in the engine's words.
    actions = (("play", "tg.play", hint.can_play), ("discard", "tg.discard", hint.can_discard))
    for column, (action, label, can) in zip(st.columns(2), actions, strict=True):
        action_key = _action_key(key, action)
        # Unlit, with its lit look hidden beside it: tiles picked on the table, which the server never hears of, may
        # light the table's button, and the table then shows that look in this one's place (board.js lightTwins).
        looks: list[tuple[str, Literal["primary", "secondary"]]] = [(action_key, "primary" if can else "secondary")]
        if not can:
            looks.append((LIT_TWIN + action_key, "primary"))
        for button_key, kind in looks:
            column.button(
                tr(label),
                key=button_key,
                type=kind,
                on_click=on_click,
                args=(f"action:{action}",),
                width="stretch",
            )


def _what_to_lay(state: tg.HandState) -> str:
    """What may be laid now, said as a rule: nothing chosen with the buttons may still be tiles chosen on the table,
    which the server does not know of (the table picks them itself), so not "choose one tile"."""
    if state.trick is None:
        return tr("tg.lead_rule")
    count = msgn("{n} tile", "{n} tiles", lay_count(state))
    return tr("tg.follow_rule", count=count.in_(lang()))


def banker_text(state: tg.HandState, viewer: int, by_lot: bool) -> str:
    """Who banks this hand and why, the learner named "you"."""
    who = msgc("banker", "you") if state.banker == viewer else seat_name(state.banker)
    return tr("tg.banker_lot" if by_lot else "tg.banker_won", who=who.in_(lang()))
