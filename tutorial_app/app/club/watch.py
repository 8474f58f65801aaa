"""The teacher watching a shared table: every hand open, players' names on the board, a hint to one player.

Why only the watcher sees open hands: the table's host chose to watch
rather than play when opening it, and no join code gives that view; every
other device is sent its own seat's view only (``club_table``).
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutorial_app.app.club.room import Device, act, refuse, refuser, say_refused
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.table.board_view import show_board
from tutorial_app.app.table.records import lead_reason
from tutorial_app.club.seating import Member
from tutorial_app.club.shared_hand import TableGame, advice
from tutorial_app.club.store import ClubStore, clock
from tutorial_app.rules.text import msg, verbatim

__all__ = ["watcher_view", "holder_name", "MAX_HINT"]

MAX_HINT = 300

_SEND = "club_send_hint"
"""The hint form's send button: a refused hint (either button's) is said under the form's buttons."""


def holder_name(holders: Sequence[Member | None], seat: int) -> str:
    """Who plays ``seat``: the player's name, or a bot named by its seat ("Bot (seat 1)": two bots at one table
    would otherwise read the same on the board, the score sheet and the turn line)."""
    member = holders[seat] if seat < len(holders) else None
    return member.name if member is not None else tr("club.bot_at_seat", seat=seat)


def _names(holders: Sequence[Member | None]) -> dict[int, str]:
    return {seat: holder_name(holders, seat) for seat in range(len(holders))}


def _send(store: ClubStore, place: Device, seat_key: str, text_key: str) -> None:
    seat, text = st.session_state.get(seat_key), str(st.session_state.get(text_key) or "").strip()
    if not isinstance(seat, int):
        return
    if not text:
        refuse(_SEND, msg("write the hint first"))
        return
    if act(store.hint, place.code, place.token, seat, verbatim(text[:MAX_HINT]), clock(), say=refuser(_SEND)):
        st.session_state[text_key] = ""


def _send_advice(store: ClubStore, place: Device, game: TableGame) -> None:
    state = game.state
    if not state.is_over:
        act(store.hint, place.code, place.token, state.to_move, advice(state), clock(), say=refuser(_SEND))


def _hint_form(store: ClubStore, place: Device, game: TableGame, holders: Sequence[Member | None]) -> None:
    """A hint in the teacher's words to any player, or the engine's advice to the player to move."""
    humans = [seat for seat, member in enumerate(holders) if member is not None]
    if not humans or game.state.is_over:
        return
    names = _names(holders)
    with st.container(border=True):
        st.markdown(f"**{tr('club.hint_title')}**")
        st.selectbox(
            tr("club.hint_to"),
            humans,
            key="club_hint_seat",
            format_func=lambda seat: tr("club.seat_is", seat=seat, who=names[seat]),
        )
        st.text_area(tr("club.hint_text"), key="club_hint_text", max_chars=MAX_HINT, height=80)
        # one under the other, each the panel's width: side by side in a quarter of the page they cut the words
        # ("Enviar l…"), on a desktop as on a phone
        st.button(
            tr("club.send_hint"),
            on_click=_send,
            args=(store, place, "club_hint_seat", "club_hint_text"),
            key=_SEND,
            width="stretch",
        )
        to_move = game.state.to_move
        st.button(
            tr("club.send_advice"),
            on_click=_send_advice,
            args=(store, place, game),
            key="club_send_advice",
            disabled=to_move not in humans,
            width="stretch",
            help=tr("club.advice_help", who=plain(names[to_move], 60)),
        )


def watcher_view(
    store: ClubStore, place: Device, game: TableGame, me: Member, holders: Sequence[Member | None]
) -> None:
    """Every hand face up, with the players' names; the hint form beside it."""
    current = lang()
    state = game.state
    st.caption(lead_reason(game.dealt.lead, current, None))
    board, panel = st.columns([3, 1], gap="medium")
    with board:
        show_board(
            state,
            name="club_watch",
            reveal=True,
            height=620,
            show_fits=False,
            names=_names(holders),
            name_viewer=False,
        )
    with panel:
        if not state.is_over:
            st.markdown(tr("club.turn_of", who=plain(_names(holders)[state.to_move], 60)))
        _hint_form(store, place, game, holders)
        # under the form's buttons, where the teacher looks; also when the form is gone (its last player left)
        say_refused(_SEND, current)
