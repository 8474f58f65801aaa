"""A shared table on screen: each player's own device, the watching teacher's open view, the lobby.

Why a player's board is drawn from ``seat_view``: the page of a device only
ever holds the hand as that seat may see it (its own tiles, the table, the
counts), so no hidden tile can reach the browser, whatever is drawn. Moves
go to the store with the device's token, which checks them against the seat
that token holds.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutorial_app.app.club.host import host_tools
from tutorial_app.app.club.room import Device, act, follow, forget, join_card, refusal, room_button, say_refusal
from tutorial_app.app.club.watch import holder_name, watcher_view
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.rules_picker import preset_title
from tutorial_app.app.shell.session import bump, lang, tr
from tutorial_app.app.table import controls
from tutorial_app.app.table.board_view import show_board
from tutorial_app.app.table.records import hand_line, hand_log, lead_reason, result_lines, score_rows
from tutorial_app.club.seating import Member, is_away, seat_holders
from tutorial_app.club.shared_hand import TableGame, TableSetup, seat_view
from tutorial_app.club.store import ClubStore, Room, clock
from tutorial_app.rules.line.state import HandState, Move

__all__ = ["table_view", "seat_legend", "table_title"]

BOARD = "club_table"


def table_title(setup: TableSetup) -> str:
    """The table's rules as a title (Markdown showing exactly its characters): the club's rule set, else the
    preset's title."""
    return plain(setup.title.in_(lang()), 120) if setup.title is not None else preset_title(setup.preset)


def seat_legend(setup: TableSetup, holders: Sequence[Member | None], viewer: int | None, now: float) -> str:
    """Who sits where: "Seat 0: Anna (you) · Seat 1: bot · Seat 2: Boris (away: a bot plays)"."""
    parts = []
    for seat, member in enumerate(holders):
        if member is None:
            who = tr("club.seat_bot")
        else:
            who = plain(member.name, 40)
            if seat == viewer:
                who += " " + tr("club.seat_you")
            elif is_away(member, now, setup.away_after):
                who += " " + tr("club.seat_away")
        parts.append(tr("club.seat_is", seat=seat, who=who))
    return " · ".join(parts)


def _play(store: ClubStore, place: Device, move: Move) -> None:
    move = controls.with_typed_claim(store.room(place.code, clock()).table_setup().rules(), BOARD, move)
    act(store.play, place.code, place.token, move, clock())
    controls.set_selected(BOARD, None)
    bump(BOARD)


def _click(store: ClubStore, place: Device, view: HandState, seat: int, clicked: str) -> None:
    refusal(None)  # a new click: what was refused before is not what the screen answers now
    outcome = controls.table_click(BOARD, view, seat, clicked, closed=controls.face_down(BOARD))
    if outcome.message is not None:
        refusal(outcome.message)
    if outcome.move is not None:
        _play(store, place, outcome.move)


def _deal(store: ClubStore, place: Device, at_hand: int) -> None:
    act(store.deal, place.code, place.token, clock(), at_hand)


def _leave(store: ClubStore, place: Device) -> None:
    if act(store.leave, place.code, place.token, clock()):
        forget()


def _close(store: ClubStore, place: Device) -> None:
    act(store.close, place.code, place.token, clock())


def _hint_for(me: Member, game: TableGame) -> str | None:
    """The teacher's hint, until this player's next move."""
    if me.hint is None or me.seat is None:
        return None
    later = [seat for seat, *_ in game.state.log[me.hint_at :]]
    return None if me.seat in later else me.hint.in_(lang())


def _lobby(store: ClubStore, place: Device, room: Room, me: Member, holders: Sequence[Member | None]) -> None:
    if me.host:
        join_card(room.code)
        room_button(tr("club.deal_first"), "club_deal", _deal, store, place, -1, type="primary")
        st.caption(tr("club.bots_fill"))
    else:
        st.info(tr("club.wait_for_deal"), icon=":material/hourglass_top:")


def _hand_over(store: ClubStore, place: Device, game: TableGame, me: Member, setup: TableSetup) -> None:
    current = lang()
    state = game.state
    with st.container(border=True):
        st.subheader(tr("play.hand_over"))
        # a single hand's table deals afresh after it: no score sheet going on, no next leader
        for line in result_lines(state, current, me.seat, game.match if setup.whole_match else None):
            st.markdown(f"- {line}")
        st.markdown(f"**{tr('play.all_hands')}**")
        for seat in range(state.rules.players):  # the viewer is "You" here as in the lines above and on the board
            st.markdown(f"- {hand_line(state, seat, current, me.seat)}")
        if game.sheet.over:
            st.success(tr("club.match_over"))
        if me.host:
            label = tr("play.next_hand") if game.can_continue and setup.whole_match else tr("play.deal_again")
            room_button(label, "club_next_hand", _deal, store, place, game.hand_no, type="primary")
        else:
            st.caption(tr("club.wait_for_deal"))


def _lead_line(game: TableGame, seat: int, current: str) -> str:
    """Who leads and why, as this seat may know it: a tile the rules named stays unnamed while it is in
    another player's hand (in block any tile may lead, so "lowest double 1-1" would give away a hidden tile)."""
    lead = game.dealt.lead
    hidden = (
        lead.tile is not None
        and lead.seat != seat
        and not game.state.is_over
        and lead.tile not in game.state.table.tiles()
    )
    return tr("club.lead_hidden", seat=lead.seat) if hidden else lead_reason(lead, current, seat)


def _player(store: ClubStore, place: Device, game: TableGame, me: Member) -> None:
    """A player's own device: their hand at the bottom, the others face down, their moves checked by the store."""
    current = lang()
    seat = me.seat
    assert seat is not None
    view = seat_view(game.state, seat)
    hint = _hint_for(me, game)
    if hint:
        st.info(tr("club.hint_from_teacher", hint=plain(hint, 400)), icon=":material/lightbulb:")
    st.caption(_lead_line(game, seat, current))
    show_board(
        view,
        name=BOARD,
        seat=seat,
        selected=controls.selected_tile(BOARD),
        reveal=view.is_over,
        on_click=lambda clicked: _click(store, place, view, seat, clicked),
        closed=controls.face_down(BOARD),
    )
    if view.is_over:
        return
    record = hand_log(view, current, seat)
    mine = max((i for i, entry in enumerate(view.log) if entry[0] == seat), default=-1)
    if 0 <= mine < len(record) - 1:
        st.caption(tr("play.since_your_move", moves="; ".join(record[mine + 1 :])))
    if view.to_move == seat:
        st.markdown(tr("play.your_turn"))
    else:
        st.caption(tr("club.waiting_for", seat=view.to_move))
    controls.move_options(view.rules, BOARD, view.hand(seat))
    controls.move_controls(
        view,
        seat,
        lambda clicked: _click(store, place, view, seat, clicked),
        lambda move: _play(store, place, move),
        key=BOARD,
        per_row=7,
    )


def _side_names(game: TableGame, holders: Sequence[Member | None], viewer: int | None) -> list[str]:
    """Each side's column head on the score sheet, by its players' names, as the seat legend names them."""
    rules = game.sheet.rules

    def who(seat: int) -> str:
        name = plain(holder_name(holders, seat), 40)
        return f"{name} {tr('club.seat_you')}" if seat == viewer else name

    return [" + ".join(who(seat) for seat in rules.seats_of(side)) for side in range(rules.sides)]


def _sheet(game: TableGame, holders: Sequence[Member | None], viewer: int | None) -> None:
    current = lang()
    left, right = st.columns(2, gap="large")
    with left:
        st.subheader(tr("play.score_sheet"))
        st.table(score_rows(game.sheet, current, viewer, _side_names(game, holders, viewer)))
    with right:
        st.subheader(tr("play.record"))
        state = game.state if viewer is None or game.state.is_over else seat_view(game.state, viewer)
        log = hand_log(state, current, viewer, show_drawn=viewer is None)
        st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(log, start=1)) if log else tr("play.no_moves"))


def table_view(store: ClubStore, place: Device, room: Room, me: Member) -> None:
    """The table on this device: the lobby, the hand (a player's or the teacher's view), the score sheet."""
    current = lang()
    setup = room.table_setup()
    now = clock()
    members = store.members(room.code)
    holders = seat_holders(setup.players, members)
    # a subheader, not a title: a preset's long name in large type pushed a phone's board below the fold
    st.subheader(table_title(setup))
    you = tr("club.you_watch") if me.seat is None else tr("club.you_sit", seat=me.seat)
    st.caption(tr("club.table_header", code=room.code, name=plain(me.name, 60), you=you))
    if room.phase != "closed":
        follow(place, room.version, table=True)
    say_refusal(current, room.version)
    st.markdown(seat_legend(setup, holders, me.seat, now))
    _, game = store.game(room.code, now)
    if room.phase == "closed":
        st.info(tr("club.table_closed"))
    elif game is None:
        _lobby(store, place, room, me, holders)
    elif me.seat is None:
        watcher_view(store, place, game, me, holders)
    else:
        _player(store, place, game, me)
    if game is not None and game.state.is_over and room.phase != "closed":
        _hand_over(store, place, game, me, setup)
    if game is not None:
        _sheet(game, holders, me.seat)
    if me.host and room.phase != "closed":
        host_tools(store, place, room, members)
        st.button(tr("club.close_table"), on_click=_close, args=(store, place), key="club_close")
    elif not me.host:
        st.button(
            tr("club.leave_table"), on_click=_leave, args=(store, place), key="club_leave", help=tr("club.leave_help")
        )
