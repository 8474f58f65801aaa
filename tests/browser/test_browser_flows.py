"""The app in headless Chromium: a lesson by clicking, a phone's note under the board on a lesson opened at /learn, and
the tile buttons under a lesson's board in the board's order on a phone (a hand of block by clicks is
test_board_component's, the comparison's charts test_compare_app's).

Screenshots go to ``test-artifacts/``. The right actions are computed by the
rules core (``solve`` on a local run of the same lesson), never written
into the test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    RUSSIAN_LESSON,
    SETTLED,
    SPANISH_LESSON,
    answer_question,
    click_point,
    next_step,
    open_app,
    wait_point,
    walk_lesson,
    walk_to_play_step,
)
from playwright.sync_api import expect

from tutorial_app.lessons import LessonRun, load_course, solve
from tutorial_app.lessons.format.model import Lesson, QuizStep
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action, Move

pytestmark = pytest.mark.browser


def test_first_core_lesson_by_clicking_the_board(page: Any, app_url: str, artifacts: Path) -> None:
    lesson = load_course("core")[0]
    run = LessonRun.start(lesson)
    open_app(page, f"{app_url}/?lesson={lesson.id}&lang=en")
    page.get_by_text(lesson.title.en).first.wait_for()
    clicks_on_board = 0

    def click_the_move(action: Move) -> None:
        nonlocal clicks_on_board
        assert action.action is Action.PLAY and action.tile is not None
        click_point(page, f"hand:{action.tile}")
        page.screenshot(path=str(artifacts / f"lesson_selected_step{run.index + 1}.png"), full_page=True)
        click_point(page, f"end:{action.end}")
        clicks_on_board += 2
        run.submit_move(action)
        page.get_by_text("Right!").first.wait_for()
        # the feedback is where the learner looks: on screen without scrolling
        box = page.get_by_text("Right!").first.bounding_box()
        assert box is not None and 0 <= box["y"] < 1000

    walk_lesson(page, run, click_the_move)
    assert page.get_by_text("★★★").count() >= 1
    assert clicks_on_board >= 2, "the first lesson should have at least one move played on the board"
    page.screenshot(path=str(artifacts / "lesson_complete.png"), full_page=True)


def test_on_a_phone_choosing_a_tile_that_fits_nowhere_is_explained_under_the_board(
    screen_page: Any, app_url: str, artifacts: Path
) -> None:
    lesson = next(lesson for lesson in load_course("core") if lesson.id == "core-02-placing-on-the-ends")
    run = LessonRun.start(lesson)
    page = screen_page(viewport={"width": 390, "height": 844}, locale="ru-RU")
    # the address as a person guesses it from /play and /rules: the Learn page, no "Page not found" on the way
    open_app(page, f"{app_url}/learn?lesson={lesson.id}&lang=ru")
    page.get_by_text(lesson.title.ru).first.wait_for()
    assert page.get_by_text("Page not found").count() == 0
    assert page.url == f"{app_url}/?lesson={lesson.id}&lang=ru"
    walk_to_play_step(page, run, RUSSIAN_LESSON)
    state = run.state
    assert state is not None
    stuck = next(t for t in state.hand(run.viewer) if not any(m.tile is t for m in legal_moves(state)))
    click_point(page, f"hand:{stuck}")
    note = page.get_by_text(f"{stuck} не подходит").first
    note.wait_for()
    box = note.bounding_box()
    board = page.locator(".js-plotly-plot").first.bounding_box()
    assert box is not None and board is not None
    assert board["y"] + board["height"] <= box["y"] < 844, "the note is just under the board, on screen"
    assert page.get_by_text("Ошибок: 0").count() == 1, "choosing a tile is not a mistake"
    page.screenshot(path=str(artifacts / "phone_tile_fits_nowhere.png"))


def _on_a_spanish_phone(screen_page: Any, app_url: str, lesson: Lesson) -> tuple[LessonRun, Any]:
    """``lesson`` started here and opened in Spanish on a touch phone (390 px, the two Spanish phone tests share
    the page), at its first step."""
    page = screen_page(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2, locale="es-ES"
    )
    open_app(page, f"{app_url}/?lesson={lesson.id}&lang=es")
    page.get_by_text(lesson.title.es).first.wait_for()
    return LessonRun.start(lesson), page


def test_on_a_phone_the_next_steps_question_comes_into_sight(screen_page: Any, app_url: str, artifacts: Path) -> None:
    """Next is far down a phone's page (under the board and the verdict); the next step's question must be on
    screen after it, not above the screen's top with only its board and answer box in sight (core-03 step 2:
    «¿Cuántos puntos son?» sat 98 px above the top)."""
    lesson = next(lesson for lesson in load_course("core") if lesson.id == "core-03-doubles-across")
    run, page = _on_a_spanish_phone(screen_page, app_url, lesson)
    answer_question(page, run, solve(run), SPANISH_LESSON)
    next_step(page, run, SPANISH_LESSON)
    step = run.step
    assert isinstance(step, QuizStep)  # step 2: «¿Cuántos puntos son?»
    question = page.get_by_text(step.text.es).first
    expect(question).to_be_in_viewport(ratio=1.0, timeout=10_000)  # the page scrolls to it, smoothly
    page.screenshot(path=str(artifacts / "phone_next_step_question.png"))


# The viewer's hand as the board draws it (the click points "hand:…", top to bottom, then left to right) and the
# hand's buttons under it as the screen shows them (top to bottom, then left to right; each button is also in the page
# once more, hidden), by their labels.
BOARD_HAND = """() => {
  const points = [];
  for (const gd of document.querySelectorAll('.js-plotly-plot')) {
    if (!gd._fullLayout || !gd._fullData) continue;
    const x = gd._fullLayout.xaxis, y = gd._fullLayout.yaxis;
    for (const trace of gd._fullData) {
      (trace.customdata || []).forEach((data, i) => {
        const name = Array.isArray(data) ? data[0] : data;
        if (typeof name === 'string' && name.startsWith('hand:')) {
          points.push({name: name.slice(5), x: x.l2p(trace.x[i]), y: Math.round(y.l2p(trace.y[i]))});
        }
      });
    }
  }
  return points.sort((a, b) => a.y - b.y || a.x - b.x).map((point) => point.name);
}"""
TILE_BUTTONS = """(prefix) => [...document.querySelectorAll(`[class*="st-key-${prefix}_tile_"] button`)]
  .filter((button) => button.offsetParent !== null).map((button) => { const box = button.getBoundingClientRect();
    return {label: button.innerText.trim(), x: Math.round(box.left), y: Math.round(box.top + window.scrollY)}; })
  .sort((a, b) => a.y - b.y || a.x - b.x)"""


def test_tile_buttons_read_in_the_boards_order_on_a_phone_and_four_a_row_on_a_desktop(
    screen_page: Any, app_url: str, artifacts: Path
) -> None:
    """Under a lesson's board the caption says the buttons are the learner's tiles "in the same order as on the
    table": on a phone, which stacks a row's columns, they read down in the hand's order, row after row (they read
    down the first column of four, then the second: 2-0, 6-4, 3-1, 5-5, ...); on a desktop they stand four a row in
    the narrow column beside the board, as before (all-fives-03 step 4, seven tiles)."""
    lesson = next(lesson for lesson in load_course("all_fives") if lesson.id == "all-fives-03-scoring-moves")
    run, page = _on_a_spanish_phone(screen_page, app_url, lesson)
    walk_to_play_step(page, run, SPANISH_LESSON)
    state = run.state
    assert state is not None
    hand = [str(tile) for tile in state.hand(run.viewer)]
    assert len(hand) == 7
    wait_point(page, f"hand:{hand[-1]}", timeout=60_000)
    page.wait_for_function(SETTLED, polling=50, timeout=30_000)
    assert page.evaluate(BOARD_HAND) == hand, "the board draws the hand in the rules core's order"
    buttons = page.evaluate(TILE_BUTTONS, "learn")
    page.screenshot(path=str(artifacts / "phone_tile_buttons_es.png"), full_page=True)
    assert [button["label"] for button in buttons] == hand, buttons
    assert len({button["x"] for button in buttons}) == 1, f"one button a line on a phone: {buttons}"

    page.set_viewport_size({"width": 1400, "height": 1000})
    page.wait_for_function(
        f"() => new Set(({TILE_BUTTONS})('learn').map((button) => button.y)).size === 2", polling=50, timeout=30_000
    )
    page.wait_for_function(SETTLED, polling=50, timeout=30_000)
    buttons = page.evaluate(TILE_BUTTONS, "learn")
    page.screenshot(path=str(artifacts / "desktop_tile_buttons_es.png"), full_page=True)
    assert [button["label"] for button in buttons] == hand, buttons
    rows = [[button for button in buttons if button["y"] == y] for y in sorted({button["y"] for button in buttons})]
    assert [len(row) for row in rows] == [4, 3], f"four a row: {buttons}"
    assert [button["x"] for button in rows[1]] == [button["x"] for button in rows[0][:3]], f"in columns: {buttons}"
