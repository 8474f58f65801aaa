"""Lesson workshop: paste or upload a YAML lesson, see the validator's errors by line, preview and play it."""

from __future__ import annotations

import streamlit as st

from tutorial_app.app.learn.lesson_player import close_lesson, lesson_run, open_lesson, play_lesson, sources_box
from tutorial_app.app.learn.pages import WorkshopPage
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.state import default_widget_value, page_state
from tutorial_app.app.shell.uploader import file_box
from tutorial_app.lessons import start_run
from tutorial_app.lessons.check.validate import check_source
from tutorial_app.rules.text import Text, msgn
from tutorial_app.source import Mark, SourceError, decode, parse_source

PLAYER = "ws"
EXAMPLE = """\
id: club-first-move
title: {en: Our first move, ru: Наш первый ход, uk: Наш перший хід, es: Nuestra primera jugada}
summary:
  en: Lay a tile on the right end.
  ru: Поставьте кость на правый конец.
  uk: Покладіть кістку на правий кінець.
  es: Pon una ficha en el extremo derecho.
rules: block
steps:
  - kind: play
    text:
      en: The ends show 1 and 4. Lay 4-2 on the 4.
      ru: На концах 1 и 4. Поставьте 4-2 к четвёрке.
      uk: На кінцях 1 і 4. Покладіть 4-2 до четвірки.
      es: Los extremos muestran 1 y 4. Pon el 4-2 junto al 4.
    position:
      hands:
        - ["4-2", "6-1"]
        - ["5-5", "3-3"]
      chain: ["1-3", "3-4"]
      to_move: 0
    goal: {played: "4-2"}
    hint:
      en: Look for the 4 on your tiles.
      ru: Найдите четвёрку на своих костях.
      uk: Знайдіть четвірку на своїх кістках.
      es: Busca el 4 entre tus fichas.
    success:
      en: 4-2 has a 4, so it meets the 4, and the right end now shows 2.
      ru: На 4-2 есть четвёрка, поэтому она встала к четвёрке, и справа теперь 2.
      uk: На 4-2 є четвірка, тож вона стала до четвірки, і праворуч тепер 2.
      es: El 4-2 tiene un 4, así que va junto al 4, y el extremo derecho ahora muestra 2.
  - kind: remember
    points:
      - en: A tile goes where its number matches an open end.
        ru: Кость ставят туда, где её число совпадает с открытым концом.
        uk: Кістку кладуть туди, де її число збігається з відкритим кінцем.
        es: Una ficha va donde su número coincide con un extremo abierto.
"""


default_widget_value("ws_text", EXAMPLE)


def _page() -> WorkshopPage:
    return page_state("ws_page", WorkshopPage)


def _refused(exc: SourceError) -> None:
    page = _page()
    page.checked, page.problems, page.lesson = True, [(exc.mark, exc.reason)], None


def _uploaded() -> None:
    upload = st.session_state.get("ws_upload")
    if upload is None:
        return
    try:
        st.session_state["ws_text"] = decode(upload.getvalue())
    except SourceError as exc:
        _refused(exc)
        return
    _check()


def _check() -> None:
    """Validate the text; keep the problems (each at its place) or the lesson."""
    close_lesson(PLAYER)
    text = st.session_state.get("ws_text", "")
    try:
        source = parse_source(text, "lesson.yaml")
    except SourceError as exc:
        _refused(exc)
        return
    checked = check_source(source)
    problems: list[tuple[Mark | None, Text]] = [(Mark(i.line, i.column), i.message) for i in checked.issues]
    page = _page()
    page.checked, page.problems, page.lesson = True, problems, checked.lesson


def _problem(mark: Mark | None, problem: Text) -> str:
    """One problem as the list shows it: its line and column, then what is wrong, in the page's language."""
    where = tr("workshop.where", line=mark.line, column=mark.column) if mark is not None else ""
    return where + problem.in_(lang())


def _play() -> None:
    lesson = _page().lesson
    if lesson is not None:
        open_lesson(PLAYER, start_run(lesson))


st.title(tr("workshop.title"))
st.markdown(tr("workshop.intro"))
file_box(tr("workshop.upload"), ["yaml", "yml"], "ws_upload", _uploaded)
st.text_area(tr("workshop.text"), key="ws_text", height=320)
st.button(tr("workshop.check"), type="primary", on_click=_check)

page = _page()
if page.checked:
    lesson = page.lesson
    if page.problems:
        found = msgn("The validator found {n} problem:", "The validator found {n} problems:", len(page.problems))
        listed = "\n".join(f"- {plain(_problem(mark, problem))}" for mark, problem in page.problems)
        st.error(f"{found.in_(lang())}\n\n{listed}")
    elif lesson is not None:
        current = lang()
        st.success(tr("workshop.valid", title=plain(lesson.title.in_(current)), steps=len(lesson.steps)))
        st.markdown(f"**{plain(lesson.title.in_(current))}** — {plain(lesson.summary.in_(current))}")
        st.button(tr("workshop.play"), on_click=_play)

workshop_run = lesson_run(PLAYER)
if workshop_run is not None:
    st.divider()
    play_lesson(PLAYER, lambda run: None)
    sources_box(workshop_run.lesson.sources)
