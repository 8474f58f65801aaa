"""Learn: the course map with the learner's stars, and the lesson player (deep link ``?lesson=ID``)."""

from __future__ import annotations

import streamlit as st

from tutorial_app.app.learn.lesson_player import close_lesson, lesson_run, open_lesson, play_lesson, sources_box
from tutorial_app.app.learn.pages import LearnPage
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import lang, learner, progress_store, tr
from tutorial_app.app.shell.state import page_state, set_widget_value
from tutorial_app.app.shell.uploader import file_box
from tutorial_app.app.table.board_component import preload_board
from tutorial_app.lessons import LessonError, Run, course_names, load_course, start_run
from tutorial_app.lessons.format.courses import course_title
from tutorial_app.lessons.format.model import CapstoneStep, Lesson
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.stores.progress import ProgressError

PLAYER = "learn"


def _page() -> LearnPage:
    return page_state("learn_page", LearnPage)


@st.cache_resource(show_spinner=False)
def _courses() -> dict[str, list[Lesson] | str]:
    """Every course folder, loaded and checked once per server (lessons are frozen values)."""
    loaded: dict[str, list[Lesson] | str] = {}
    for name in course_names():
        try:
            loaded[name] = load_course(name, proofs=False)
        except LessonError as exc:
            loaded[name] = str(exc)
    return loaded


def _course_title(folder: str, lessons: list[Lesson] | str) -> str:
    """A course's title: the curated one, else the title of the preset its first lesson uses (never a folder name)."""
    fallback = None
    if isinstance(lessons, list) and lessons:
        try:
            fallback = find_variant(lessons[0].rules).title
        except ValueError:
            fallback = None
    title = course_title(folder, fallback)
    return title.in_(lang()) if title is not None else tr("learn.other_course")


def _badge(lessons: list[Lesson], stars: dict[str, int]) -> str | None:
    """The course's badge when its last capstone lesson has been finished (a course whose every lesson ends
    with a hand, like the strategy course, earns it with the last one)."""
    for lesson in reversed(lessons):
        for step in lesson.steps:
            if isinstance(step, CapstoneStep):
                return step.badge.in_(lang()) if stars.get(lesson.id, 0) else None
    return None


def _find(lesson_id: str) -> Lesson | None:
    for lessons in _courses().values():
        if isinstance(lessons, list):
            for lesson in lessons:
                if lesson.id == lesson_id:
                    return lesson
    return None


def _next_lesson(lesson_id: str) -> Lesson | None:
    """The lesson after this one in its course, if any."""
    for lessons in _courses().values():
        if isinstance(lessons, list):
            ids = [lesson.id for lesson in lessons]
            if lesson_id in ids and ids.index(lesson_id) + 1 < len(ids):
                return lessons[ids.index(lesson_id) + 1]
    return None


def _start(lesson_id: str) -> None:
    lesson = _find(lesson_id)
    if lesson is None:
        return
    open_lesson(PLAYER, start_run(lesson))
    _page().open = lesson_id
    st.query_params["lesson"] = lesson_id


def _close() -> None:
    _page().open = None
    close_lesson(PLAYER)
    st.query_params.pop("lesson", None)


def _finished(run: Run) -> None:
    name = learner()
    if name is not None:
        progress_store().record(name, run.lesson.id, run.stars)


def _import_progress() -> None:
    upload = st.session_state.get("learn_import")
    name = learner()
    if upload is None or name is None:
        return
    try:
        count = progress_store().import_(name, upload.getvalue())
        _page().import_note = (True, tr("learn.imported", n=count))
    except ProgressError as exc:
        _page().import_note = (False, tr("learn.import_failed", reason=plain(exc.reason.in_(lang()))))


def _present_link() -> None:
    """Keep ``?present=1`` in the address while presenter mode is on (a link to share or reload)."""
    if st.session_state["learn_presenter"]:
        st.query_params["present"] = "1"
    else:
        st.query_params.pop("present", None)


page = _page()
with st.spinner(tr("learn.loading")):  # a fresh server checks every lesson first (seconds): say so, not a blank page
    courses = _courses()
st.session_state.setdefault("learn_presenter", False)
if st.query_params.get("present") == "1" and not page.present_link_read:
    # A link with ?present=1 opens in presenter mode once; the toggle then decides (and keeps the link true).
    page.present_link_read = True
    set_widget_value("learn_presenter", True)
asked = st.query_params.get("lesson")
if asked and asked != page.open:
    if _find(asked) is not None:
        _start(asked)
    else:
        st.warning(tr("learn.no_such_lesson", lesson=plain(asked)))

name = learner()
stars = progress_store().stars(name) if name else {}
run = lesson_run(PLAYER)

if run is not None:
    top_left, top_right = st.columns([2, 1], vertical_alignment="center")
    top_left.title(run.lesson.title.in_(lang()))
    top_right.toggle(
        tr("learn.presenter"), key="learn_presenter", help=tr("learn.presenter_help"), on_change=_present_link
    )
    top_right.page_link(
        "app_pages/club.py",
        label=tr("club.teach_this"),
        icon=":material/groups:",
        query_params={"teach": run.lesson.id},
    )
    play_lesson(PLAYER, _finished, presenter=bool(st.session_state["learn_presenter"]))
    sources_box(run.lesson.sources)
    if run.finished:
        if name is None:
            st.caption(tr("learn.no_name"))
        following = _next_lesson(run.lesson.id)
        if following is not None:
            st.button(
                tr("learn.next_lesson", title=following.title.in_(lang())),
                type="primary",
                on_click=_start,
                args=(following.id,),
                key="learn_next_lesson",
            )
    left, right = st.columns(2)
    left.button(tr("learn.restart"), on_click=_start, args=(run.lesson.id,), key="learn_restart")
    right.button(tr("learn.back"), on_click=_close, key="learn_back")
    st.stop()

preload_board()  # plotly.js loads while the rest of the page runs
st.title(tr("learn.title"))
st.markdown(tr("learn.intro"))
if name is None:
    st.caption(tr("learn.no_name"))
for course, lessons in courses.items():
    st.header(_course_title(course, lessons))
    if isinstance(lessons, str):
        st.error(tr("learn.course_broken", issues=lessons))
        continue
    badge = _badge(lessons, stars)
    if badge is not None:
        st.success(tr("learn.badge", badge=badge), icon=":material/military_tech:")
    for lesson in lessons:
        got = stars.get(lesson.id, 0)
        with st.container(border=True):
            text, action = st.columns([5, 1])
            current = lang()
            done = f" · {tr('learn.done')}" if got else ""
            text.markdown(
                f"**{lesson.title.in_(current)}** {'★' * got}{'☆' * (3 - got)}{done}  \n{lesson.summary.in_(current)}"
            )
            action.button(
                tr("learn.again") if got else tr("learn.start"),
                key=f"learn_start_{lesson.id}",
                on_click=_start,
                args=(lesson.id,),
                type="primary" if got == 0 else "secondary",
                width="stretch",
            )
if not courses:
    st.info(tr("learn.no_courses"))

with st.expander(tr("learn.progress_file")):
    if name is None:
        st.caption(tr("learn.no_name"))
    else:
        st.download_button(
            tr("learn.export"),
            progress_store().export(name),
            file_name="domino-tutor-progress.json",
            mime="application/json",
        )
        file_box(tr("learn.import"), ["json"], "learn_import", _import_progress)
        note = page.import_note
        if note is not None:
            (st.success if note[0] else st.error)(note[1])
