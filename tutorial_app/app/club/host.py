"""The host's tools, for a class's teacher and a table's host: who is in, remove one, lock, screens and keys.

Why in a popover: the teacher's screen is often on the wall or shared; the
list of people, the wall screen's link and the key are out of sight until
the teacher opens them. Every action goes to the store with the host's token,
which refuses it from anyone else.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import streamlit as st

from tutorial_app.app.club.room import Device, act, device_link, enter, room_button
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import tr
from tutorial_app.app.shell.state import page_state
from tutorial_app.club.seating import Member
from tutorial_app.club.store import ClubStore, Room, clock

__all__ = ["host_tools"]


@dataclass
class HostTab:
    """What the host's controls keep on this tab: the wall screen's link just made (with its room's code), and
    whether this screen's key was just renewed (said once)."""

    wall_link: tuple[str, str] | None = None
    key_renewed: bool = False


def _host() -> HostTab:
    return page_state("club_host", HostTab)


def _remove(store: ClubStore, place: Device, name: str) -> None:
    act(store.remove, place.code, place.token, name, clock())


def _lock(store: ClubStore, place: Device, locked: bool) -> None:
    act(store.lock, place.code, place.token, locked, clock())


def _new_key(store: ClubStore, place: Device) -> None:
    fresh: list[str] = []
    if act(lambda: fresh.append(store.rotate(place.code, place.token, clock()))):
        enter(place.code, fresh[0])
        _host().key_renewed = True


def _wall(store: ClubStore, place: Device) -> None:
    made: list[str] = []
    if act(lambda: made.append(store.wall(place.code, place.token, clock()))):
        _host().wall_link = (place.code, device_link(place.code, made[0]))


ROWS_UP_TO = 12
"""Up to this many people each get a row with their own button (a table, a small class); a larger class gets
one list to choose from and one button, so the popover stays short and the teacher's screen quick."""


def _who(member: Member) -> str:
    who = plain(member.name, 40)
    return tr("club.seat_is", seat=member.seat, who=who) if member.seat is not None else who


def _people(store: ClubStore, place: Device, room: Room, members: list[Member]) -> None:
    """Everybody but the host, each with a button that sends them out (a player's seat goes to a bot)."""
    others = [m for m in members if not m.host and m.role not in ("wall", "removed")]
    st.markdown(f"**{tr('club.people', n=len(others))}**")
    if len(others) > ROWS_UP_TO:
        _chosen_person(store, place, others)
    else:
        for member in others:
            name_col, button_col = st.columns([3, 2], vertical_alignment="center")
            name_col.markdown(_who(member))
            with button_col:
                _remove_button(
                    store, place, member, f"club_remove_{hashlib.sha256(member.name.encode()).hexdigest()[:10]}"
                )
    if room.locked:
        st.caption(tr("club.locked_note"))
        room_button(tr("club.unlock"), "club_unlock", _lock, store, place, False, width="stretch")
    else:
        room_button(tr("club.lock"), "club_lock", _lock, store, place, True, width="stretch")


def _chosen_person(store: ClubStore, place: Device, others: list[Member]) -> None:
    """A large class: the names in one list (sorted, as the teacher looks them up) and one button."""
    by_name = {member.name: member for member in others}
    names = sorted(by_name, key=str.casefold)
    chosen = st.selectbox(
        tr("club.pick_person"),
        names,
        index=None,
        placeholder=tr("club.pick_person_placeholder"),
        key="club_remove_whom",
        format_func=lambda name: _who(by_name[name]) if name in by_name else plain(name, 40),
    )
    member = by_name.get(chosen) if isinstance(chosen, str) else None
    if member is not None:
        _remove_button(store, place, member, "club_remove_chosen")


def _remove_button(store: ClubStore, place: Device, member: Member, key: str) -> None:
    """The button that sends ``member`` out (frees the seat of a player at a table)."""
    label = tr("club.free_seat") if member.seat is not None else tr("club.remove")
    room_button(label, key, _remove, store, place, member.name, help=tr("club.remove_help"), width="stretch")


def _screens(store: ClubStore, place: Device, room: Room) -> None:
    """The wall screen's link (a class) and a new key for this screen."""
    if room.kind == "class":
        st.button(tr("club.wall_link"), key="club_wall", on_click=_wall, args=(store, place), width="stretch")
        made = _host().wall_link
        if made is not None and made[0] == room.code:
            st.caption(tr("club.wall_link_made"))
            st.code(made[1], language=None)
    st.button(
        tr("club.new_key"),
        key="club_new_key",
        on_click=_new_key,
        args=(store, place),
        help=tr("club.new_key_help"),
        width="stretch",
    )
    if _host().key_renewed:
        _host().key_renewed = False
        st.success(tr("club.key_renewed"), icon=":material/key:")


def host_tools(store: ClubStore, place: Device, room: Room, members: list[Member]) -> None:
    """The host's popover: the people in the room, the lock, the wall screen's link, a new key."""
    others = sum(1 for m in members if not m.host and m.role not in ("wall", "removed"))
    label = tr("club.host_tools_locked" if room.locked else "club.host_tools", n=others)
    with st.popover(label, icon=":material/manage_accounts:", width="stretch"):
        _people(store, place, room, members)
        st.divider()
        _screens(store, place, room)
    if room.locked:
        st.caption(tr("club.locked_note"))
