"""The button path for playing and the one click model behind it: the hand, the open ends, draw and pass.

Why buttons beside the board: a touch screen needs two taps on a Plotly
point and a keyboard cannot reach one, so every board click has a button
twin. The Play page and the lesson player share these widgets and the same
click handling (``table_click``: the board's pure controller, with the
selected tile kept per page): a tile, then the end where it goes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Literal

import streamlit as st

from tutorial_app.app.shell.button_rows import button_cells
from tutorial_app.app.shell.session import tr
from tutorial_app.board.adjust import BENDS
from tutorial_app.board.controller import ClickOutcome, handle_click
from tutorial_app.board.shape import Bend
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import DRAW, END_TURN, MUGGINS, PASS, Action, End, HandState, Move
from tutorial_app.rules.tiles import Tile, parse_tile

__all__ = [
    "playable_ends",
    "hand_buttons",
    "end_buttons",
    "turn_buttons",
    "direction_buttons",
    "selected_tile",
    "set_selected",
    "table_click",
    "move_controls",
    "move_options",
    "face_down",
    "with_typed_claim",
]


def selected_tile(key: str) -> Tile | None:
    """The tile selected on the table of page ``key`` (kept in session state)."""
    name = st.session_state.get(f"{key}_selected")
    return parse_tile(name) if name else None


def set_selected(key: str, tile: Tile | None) -> None:
    st.session_state[f"{key}_selected"] = str(tile) if tile is not None else None


def table_click(key: str, state: HandState, seat: int, clicked: str, closed: bool = False) -> ClickOutcome:
    """One click ("hand:6-4", "end:left", "chain:…") on page ``key``'s table, from the board or a button.

    The selection is updated; the caller applies ``outcome.move``, counts
    ``outcome.attempt`` as it likes (a lesson counts a mistake) and shows
    ``outcome.message``.
    """
    outcome = handle_click(state, selected_tile(key), clicked, viewer_seat=seat, closed=closed)
    set_selected(key, outcome.selected)
    return outcome


def move_options(rules: HouseRules, key: str, hand: Sequence[Tile] = ()) -> None:
    """What a move may carry besides its tile and end, where the rules have it: the points announced
    (All Fives tables that want a claim) and laying a double face down (Donkey), offered while the
    learner's ``hand`` holds a double (the board picks tiles in the browser, so not only once one is picked)."""
    if rules.must_claim:
        st.number_input(tr("play.claim"), min_value=0, max_value=100, step=5, key=f"{key}_claim")
    selected = selected_tile(key)
    doubles = any(tile.is_double for tile in hand) or (selected is not None and selected.is_double)
    if rules.branch_blocking and doubles:
        st.checkbox(tr("play.closed"), key=f"{key}_closed")


def face_down(key: str) -> bool:
    """Whether the learner ticked "lay this double face down" on page ``key``'s table."""
    return bool(st.session_state.get(f"{key}_closed", False))


def with_typed_claim(rules: HouseRules, key: str, move: Move) -> Move:
    """A play with the points typed in page ``key``'s claim box announced, when the rules want a claim."""
    if rules.must_claim and move.action is Action.PLAY and move.tile is not None:
        return move._replace(claim=int(st.session_state.get(f"{key}_claim", 0)) or None)
    return move


def move_controls(
    state: HandState,
    seat: int,
    on_click: Callable[[str], None],
    on_move: Callable[[Move], None],
    key: str,
    per_row: int = 10,
) -> None:
    """The hand, the ends for the selected tile, and draw/pass/… as buttons, on the seat's turn."""
    selected = selected_tile(key)
    mine = state.to_move == seat and not state.is_over
    hand_buttons(state, seat, selected, lambda tile: on_click(f"hand:{tile}"), key=key, enabled=mine, per_row=per_row)
    if mine:
        end_buttons(state, selected, lambda end: on_click(f"end:{end}"), key=key)
        turn_buttons(state, on_move, key=key)


def playable_ends(state: HandState, tile: Tile) -> list[End]:
    """The ends where a tile may be laid now (face up), in legal-move order."""
    ends: list[End] = []
    for move in legal_moves(state):
        if move.action is Action.PLAY and move.tile is tile and not move.closed and move.end is not None:
            ends.append(move.end)
    return ends


def hand_buttons(
    state: HandState,
    seat: int,
    selected: Tile | None,
    on_tile: Callable[[Tile], None],
    key: str,
    enabled: bool = True,
    per_row: int = 10,
) -> None:
    """The seat's tiles as buttons; playable ones stand out, the selected one is marked."""
    tiles = state.hand(seat)
    if not tiles:
        return
    st.caption(tr("controls.your_hand" if enabled else "controls.your_hand_waiting"))  # no "click" while others move
    fits = state.fitting(seat)
    # the same order as the hand drawn at the bottom of the board, left to right, and row by row on a phone
    for cell, tile in zip(button_cells(len(tiles), per_row), tiles, strict=True):
        label = str(tile)
        if tile is selected:
            label = f"▲ {label}"
        kind: Literal["primary", "secondary"] = "primary" if (fits & tile.bit or tile is selected) else "secondary"
        cell.button(
            label,
            key=f"{key}_tile_{tile}",
            type=kind,
            disabled=not enabled,
            on_click=on_tile,
            args=(tile,),
            help=tr("controls.tile_help", tile=str(tile)),
            width="stretch",
        )


def end_buttons(state: HandState, selected: Tile | None, on_end: Callable[[End], None], key: str) -> None:
    """One button per open end (shown once a tile is selected)."""
    if selected is None:
        return
    fitting = set(playable_ends(state, selected))
    if state.table.centre is None:
        st.button(
            tr("controls.lead_button", tile=str(selected)),
            key=f"{key}_end_lead",
            type="primary"
            if "lead" in fitting
            else "secondary",  # a tile the first-lead rule does not name: refused, with why
            on_click=on_end,
            args=("lead",),
        )
        return
    open_ends = state.table.open_ends()
    st.caption(tr("controls.choose_end", tile=str(selected)))
    columns = st.columns(len(open_ends))
    for column, (end, number) in zip(columns, open_ends, strict=True):
        column.button(
            tr("controls.end_button", end=tr(f"end.{end}"), n=number),
            key=f"{key}_end_{end}",
            type="primary" if end in fitting else "secondary",
            on_click=on_end,
            args=(end,),
            width="stretch",
        )


def turn_buttons(state: HandState, on_move: Callable[[Move], None], key: str) -> None:
    """Draw, pass, end of turn and Muggins, each only when the rules allow it now."""
    legal = legal_moves(state)
    shown = [
        (DRAW, "controls.draw"),
        (PASS, "controls.pass"),
        (END_TURN, "controls.end_turn"),
        (MUGGINS, "controls.muggins"),
    ]
    available = [(move, label) for move, label in shown if move in legal]
    if not available:
        return
    columns = st.columns(len(available))
    for column, (move, label) in zip(columns, available, strict=True):
        column.button(tr(label), key=f"{key}_{move.action.value}", on_click=on_move, args=(move,), width="stretch")


def direction_buttons(
    choices: Mapping[End, Mapping[Bend, object]], chosen: Bend | None, on_bend: Callable[[Bend], None], key: str
) -> None:
    """Straight on / turn left / turn right for the next tile, where an end has room to turn.

    ``choices`` maps each such end to the bends it allows (``turn_choices``);
    nothing chosen means straight on, as the chain lays itself.
    """
    if not choices:
        return
    possible = {bend for bends in choices.values() for bend in bends}
    st.caption(tr("controls.direction", ends=", ".join(tr(f"end.{end}") for end in choices)))
    for column, bend in zip(st.columns(len(BENDS)), BENDS, strict=True):
        kind: Literal["primary", "secondary"] = "primary" if bend == (chosen or "straight") else "secondary"
        column.button(
            tr(f"bend.{bend}"),
            key=f"{key}_direction_{bend}",
            type=kind,
            on_click=on_bend,
            args=(bend,),
            disabled=bend not in possible,
            width="stretch",
        )
