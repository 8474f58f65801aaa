"""Club: a class that follows the teacher on its own phones, a shared table, and the club's own rules.

Links: ``/club?join=K7M2QX`` (a QR code's), ``/club?room=K7M2QX&me=TOKEN`` (a
device in its room; a reload keeps it there), ``/club?teach=LESSON`` (start a
class from a lesson), ``/club?club_rules=...`` (a rule set shared by link).
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.app.club.book import rule_book_editor, shared_rules_offer
from tutorial_app.app.club.class_view import learner_view, teacher_view
from tutorial_app.app.club.home import find_lesson, join_form, table_form, teach_form
from tutorial_app.app.club.room import device, forget, say_refusal
from tutorial_app.app.club.table import table_view
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.stores import club_store
from tutorial_app.app.table.board_component import preload_board
from tutorial_app.club.errors import ClubError
from tutorial_app.club.store import ClubStore, clock

SECTIONS = ("join", "teach", "table", "rules")

current = lang()
store = club_store()
if not isinstance(store, ClubStore):
    st.title(tr("club.title"))
    st.error(store.in_(current), icon=":material/database:")
    st.stop()

place = device()
if place is not None:
    preload_board()  # a room draws boards: plotly.js loads while the rest of the page runs
    now = clock()
    try:
        room = store.room(place.code, now)
        me = store.me(place.code, place.token, now)
    except ClubError as exc:
        forget()
        st.warning(plain(exc.reason.in_(current), 400))
    else:
        if room.kind == "table":
            table_view(store, place, room, me)
        else:
            lesson = find_lesson(room.class_state().lesson_id)
            if lesson is None:
                st.error(tr("club.lesson_gone"))
            elif me.host:
                teacher_view(store, place, room, lesson, me)
            else:
                learner_view(store, place, room, lesson, me)
        if room.kind == "class":
            st.divider()
            st.button(tr("club.leave_screen"), on_click=forget, key="club_forget", help=tr("club.leave_screen_help"))
        st.stop()

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
if section == "join":
    join_form(store)
elif section == "teach":
    teach_form(store)
elif section == "table":
    table_form(store)
else:
    rule_book_editor()
