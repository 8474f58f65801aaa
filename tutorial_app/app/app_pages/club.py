"""Club: a class that follows the teacher on its own phones, a shared table, and the club's own rules.

Links: ``/club?join=K7M2QX9P`` (a QR code's), ``/club?room=K7M2QX9P`` (a device in its room: its token is
in a cookie, never in the address), ``/club?room=...&me=TOKEN`` (a screen sent into a room by its host: read
once, then moved to the cookie), ``/club?teach=LESSON`` (start a class from a lesson),
``/club?club_rules=...`` (a rule set shared by link).
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.app.club.book import rule_book_editor, shared_rules_offer
from tutorial_app.app.club.class_view import learner_view, teacher_view, wall_view
from tutorial_app.app.club.home import find_lesson, join_form, table_form, teach_form
from tutorial_app.app.club.room import (
    DB_ERRORS,
    Device,
    device,
    forget,
    preload_once,
    say_refusal,
    unreachable,
    write_cookies,
)
from tutorial_app.app.club.table import table_view
from tutorial_app.app.puzzles.standing import club_board
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.stores import club_store
from tutorial_app.club.errors import ClubError
from tutorial_app.club.store import ClubStore, clock

SECTIONS = ("join", "teach", "table", "rules", "ratings")


def room_screen(store: ClubStore, place: Device, current: str) -> None:
    """This device's room: the teacher's screen, a learner's phone, the wall, a table's seat or the watcher."""
    now = clock()
    try:
        room = store.room(place.code, now, shared=True)  # every screen of the room reads the same rows
        me = store.me(place.code, place.token, now, shared=True)
    except ClubError as exc:
        forget()
        st.warning(plain(exc.reason.in_(current), 400))
        return
    if room.kind == "table":
        table_view(store, place, room, me)
        return
    lesson = find_lesson(room.class_state().lesson_id)
    if lesson is None:
        st.error(tr("club.lesson_gone"))
    elif me.role == "wall":
        wall_view(store, place, room, lesson)
    elif me.host:
        teacher_view(store, place, room, lesson, me)
    else:
        learner_view(store, place, room, lesson, me)
    st.divider()
    st.button(tr("club.leave_screen"), on_click=forget, key="club_forget", help=tr("club.leave_screen_help"))


current = lang()
store = club_store()
if not isinstance(store, ClubStore):
    st.title(tr("club.title"))
    st.error(store.in_(current), icon=":material/database:")
    st.stop()


def front_door(store: ClubStore, current: str) -> None:
    """The club's front door: join with a code, start a class, open a table, the rule book, the ratings."""
    st.title(tr("club.title"))
    st.markdown(tr("club.intro"))
    shared = st.query_params.get("club_rules")
    if shared:
        shared_rules_offer(shared)
    say_refusal(current)
    asked = "teach" if st.query_params.get("teach") else "rules" if shared else "join"
    section = (
        st.segmented_control(
            tr("club.section"),
            SECTIONS,
            default=asked,
            key="club_section",
            format_func=lambda name: tr(f"club.section_{name}"),
        )
        or "join"
    )
    try:
        if section == "join":
            join_form(store)
        elif section == "teach":
            teach_form(store)
        elif section == "table":
            table_form(store)
        elif section == "ratings":
            club_board()  # the members' puzzle ratings (names shown only by their owners' choice)
        else:
            rule_book_editor()
    except DB_ERRORS:
        unreachable(current)


# Why no st.stop() after a room's screen: a stopped run skips Streamlit's end-of-run cleanup (the widgets of
# earlier steps stay in the session, and every later run of the tab, each second's poll included, walks them)
# and costs each phone's run at a step change the stop's own work.
place = device()
if place is not None:
    preload_once()  # a room draws boards: plotly.js loads while the rest of the page runs
    try:
        room_screen(store, place, current)
    except DB_ERRORS:
        unreachable(current)
else:
    front_door(store, current)
write_cookies()
