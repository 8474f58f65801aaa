"""The club room's front door: join with a code, start a class from a lesson, open a shared table.

Why every lookup of a code goes through ``ClubStore.find`` with this tab's
visitor (``here``): wrong codes are counted per client address on the
server, the code box's lookup (which offers a table's free seats) as well as
the Join button, so neither a new tab nor the code box is a free oracle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import streamlit as st

from tutorial_app.app.club.room import enter, here, refuse, say_refused
from tutorial_app.app.shell.rules_picker import RuleChoice, rules_picker
from tutorial_app.app.shell.session import lang, learner, tr
from tutorial_app.app.shell.state import page_state, set_widget_value
from tutorial_app.club.codes import new_secret, read_code
from tutorial_app.club.errors import ClubError
from tutorial_app.club.seating import seat_holders
from tutorial_app.club.shared_hand import AWAY_CHOICES, make_setup
from tutorial_app.club.store import CLASS_CAPACITY, ClubStore, Room, clock
from tutorial_app.lessons import LessonError, course_names, lessons_root, load_course
from tutorial_app.lessons.format.courses import course_title
from tutorial_app.lessons.format.model import Lesson
from tutorial_app.rules.text import msg
from tutorial_app.strategy.bots import BOT_NAMES, bot_title

__all__ = ["join_form", "teach_form", "table_form", "class_lessons", "find_lesson"]


@st.cache_resource(show_spinner=False)
def class_lessons() -> dict[str, list[Lesson]]:
    """The lessons a class can follow, by course (every course that loads; Chinese-tile lessons play elsewhere)."""
    found: dict[str, list[Lesson]] = {}
    for name in course_names():
        try:
            lessons = [lesson for lesson in load_course(name, proofs=False) if lesson.tile_set != "chinese"]
        except LessonError:
            continue
        if lessons:
            found[name] = lessons
    return found


@st.cache_resource(show_spinner=False, max_entries=256)
def find_lesson(lesson_id: str) -> Lesson | None:
    """A lesson a class can follow, by id (its file's name), once per server as ``class_lessons``: every run of
    a class's page asks. Only its own course is loaded: an instance that serves a class's phones needs no
    other (all nine courses: ~5.5 s of CPU on a fresh server, the core course alone ~0.6 s)."""
    root = lessons_root()
    for name in course_names(root):
        if any(path.stem == lesson_id for path in (root / name).glob("*.yaml")):
            try:
                lessons = load_course(name, root, proofs=False)
            except LessonError:
                return None
            return next((lesson for lesson in lessons if lesson.id == lesson_id and lesson.tile_set != "chinese"), None)
    return None


# -- joining ------------------------------------------------------------------------------------


def _join(store: ClubStore) -> None:
    typed, name = st.session_state.get("club_join_code", ""), st.session_state.get("club_join_name", "")
    seat = st.session_state.get("club_join_seat")
    now = clock()

    def joined() -> tuple[str, str]:
        room = store.find(str(typed), now, here())
        return room.code, store.join(room.code, str(name), now, seat if isinstance(seat, int) else None)

    _enter_when_let_in(joined, "club_join")


def _enter_when_let_in(let_in: Callable[[], tuple[str, str]], button: str) -> None:
    """Enter the room ``let_in`` joins or opens (its code and this tab's token), or say under the button keyed
    ``button`` why the store refused (the page's top is off a phone's screen at the form's end)."""
    try:
        code, token = let_in()
    except ClubError as exc:
        refuse(button, exc.reason)
        return
    enter(code, token)


@dataclass
class FrontDoor:
    """What the club's front door keeps on this tab between runs: the code last looked up and the room it named
    (None: no such room), the lesson a ``?teach=`` link asked for (set in the picker once), and the rule set
    picked for a new table."""

    looked_up: tuple[str, Room | None] | None = None
    teach_asked: str | None = None
    table_choice: RuleChoice | None = None


def _door() -> FrontDoor:
    return page_state("club_front_door", FrontDoor)


def _looked_up(store: ClubStore, code: str) -> Room | None:
    """The room a code in the box names, looked up once per code typed (each lookup counts as a guess)."""
    kept = _door().looked_up
    if kept is not None and kept[0] == code:
        return kept[1]
    try:
        room: Room | None = store.find(code, clock(), here())
    except ClubError:
        room = None
    _door().looked_up = (code, room)
    return room


def _seat_choice(store: ClubStore) -> None:
    """At a table the newcomer may pick a free seat (partners sit opposite each other)."""
    code = read_code(st.session_state.get("club_join_code"))
    if code is None:
        return
    room = _looked_up(store, code)
    if room is None or room.kind != "table":
        return
    holders = seat_holders(room.table_setup().players, store.members(code))
    free = [seat for seat, member in enumerate(holders) if member is None]
    if free:
        st.radio(
            tr("club.pick_seat"),
            free,
            key="club_join_seat",
            horizontal=True,
            format_func=lambda seat: tr("club.seat_n", seat=seat),
        )


def join_form(store: ClubStore) -> None:
    """Join a class or a table with its code and your name."""
    asked = read_code(st.query_params.get("join"))
    if asked is not None and not st.session_state.get("club_join_code"):
        set_widget_value("club_join_code", asked)
    if not st.session_state.get("club_join_name") and learner():
        set_widget_value("club_join_name", learner())
    st.text_input(tr("club.code"), key="club_join_code", max_chars=16, placeholder="K7M2QX9P")
    st.text_input(tr("club.your_name"), key="club_join_name", max_chars=60, placeholder=tr("app.learner_placeholder"))
    _seat_choice(store)
    st.button(tr("club.join"), type="primary", on_click=_join, args=(store,), key="club_join")
    say_refused("club_join", lang())


# -- starting a class ----------------------------------------------------------------------------


def _teach(store: ClubStore) -> None:
    lesson = find_lesson(str(st.session_state.get("club_teach_lesson", "")))
    if lesson is None:
        refuse("club_start_class", msg("choose a lesson first"))
        return
    name = str(st.session_state.get("club_teacher_name") or "").strip() or tr("club.teacher")
    capacity = int(st.session_state.get("club_capacity", 40))
    _enter_when_let_in(
        lambda: store.open_class(lesson.id, len(lesson.steps), name, capacity, clock(), who=here()), "club_start_class"
    )


def teach_form(store: ClubStore) -> None:
    """Pick a lesson; the class starts at its first step and gets a join code, a QR code and a link."""
    current = lang()
    with st.spinner(tr("learn.loading")):  # a fresh server checks every lesson first
        courses = class_lessons()
    titles = {
        lesson.id: f"{_course_name(course, lessons)} — {lesson.title.in_(current)}"
        for course, lessons in courses.items()
        for lesson in lessons
    }
    asked = st.query_params.get("teach")
    if asked in titles and _door().teach_asked != asked:
        _door().teach_asked = asked
        set_widget_value("club_teach_lesson", asked)
    st.selectbox(tr("club.lesson"), list(titles), key="club_teach_lesson", format_func=lambda i: titles[i])
    left, right = st.columns(2)
    left.text_input(tr("club.teacher_name"), key="club_teacher_name", max_chars=60, placeholder=tr("club.teacher"))
    low, high = CLASS_CAPACITY
    right.number_input(tr("club.capacity"), min_value=low, max_value=high, value=40, step=1, key="club_capacity")
    st.button(tr("club.start_class"), type="primary", on_click=_teach, args=(store,), key="club_start_class")
    say_refused("club_start_class", current)


def _course_name(course: str, lessons: list[Lesson]) -> str:
    title = course_title(course, None)
    return title.in_(lang()) if title is not None else lessons[0].rules


# -- opening a table --------------------------------------------------------------------------------


def _open_table(store: ClubStore) -> None:
    choice = _door().table_choice
    if choice is None:
        return
    role: Literal["player", "watcher"] = "watcher" if st.session_state.get("club_table_role") == "watcher" else "player"
    default = tr("club.teacher") if role == "watcher" else ""
    name = str(st.session_state.get("club_host_name") or "").strip() or default

    def opened() -> tuple[str, str]:
        setup = make_setup(
            choice.preset,
            choice.players,
            dict(choice.overrides),
            st.session_state["club_table_bot"],
            new_secret(),  # the store draws the table's own secret again; no page ever holds it
            bool(st.session_state.get("club_table_match")),
            int(st.session_state["club_table_away"]),
            choice.house.title if choice.house is not None else None,
        )
        return store.open_table(setup, name, role, clock(), seat=0 if role == "player" else None, who=here())

    _enter_when_let_in(opened, "club_open_table")


def table_form(store: ClubStore) -> None:
    """Rules (the club's or a preset with overrides), the bots for empty seats, the away timeout, your part."""
    current = lang()
    _door().table_choice = rules_picker("club_table", "block")
    left, right = st.columns(2)
    left.radio(
        tr("club.bots"), BOT_NAMES, index=1, key="club_table_bot", format_func=lambda name: bot_title(name).in_(current)
    )
    right.selectbox(
        tr("club.away_after"),
        AWAY_CHOICES,
        index=1,
        key="club_table_away",
        format_func=lambda seconds: tr("club.seconds", n=seconds),
    )
    right.radio(
        tr("play.length"),
        (False, True),
        key="club_table_match",
        horizontal=True,
        format_func=lambda whole: tr("play.whole_match") if whole else tr("play.one_hand"),
    )
    left, right = st.columns(2)
    left.radio(
        tr("club.your_part"),
        ("player", "watcher"),
        key="club_table_role",
        format_func=lambda part: tr(f"club.part_{part}"),
    )
    right.text_input(
        tr("club.your_name"),
        key="club_host_name",
        max_chars=60,
        value=learner() or "",
        placeholder=tr("app.learner_placeholder"),
    )
    st.button(
        tr("club.open_table"),
        type="primary",
        on_click=_open_table,
        args=(store,),
        key="club_open_table",
        disabled=_door().table_choice is None,
    )
    say_refused("club_open_table", current)
