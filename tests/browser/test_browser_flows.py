"""The app in headless Chromium: a lesson and a hand of block, by clicking (the comparison's charts are
test_compare_app's).

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
    answer_question,
    click_button,
    click_point,
    next_step,
    open_app,
    play_line_move,
    point_gone,
    type_deal_number,
    wait_point,
    walk_lesson,
)

from tutorial_app.app.play.seat_bots import DEFAULT_LEVEL
from tutorial_app.app.play.table import HUMAN, human_move, start_table
from tutorial_app.app.table.records import result_reason
from tutorial_app.i18n import t
from tutorial_app.lessons import LessonRun, load_course, solve
from tutorial_app.lessons.format.model import PlayStep
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action, Move
from tutorial_app.rules.line.variants import rules_for

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
    open_app(page, f"{app_url}/?lesson={lesson.id}&lang=ru")
    while not isinstance(run.step, PlayStep):
        action = solve(run)
        if action is not None:
            answer_question(page, run, action, RUSSIAN_LESSON)
        next_step(page, run, RUSSIAN_LESSON)
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


def test_a_hand_of_block_played_by_clicking(page: Any, app_url: str, artifacts: Path) -> None:
    open_app(page, f"{app_url}/play?lang=en")
    type_deal_number(page, t("play.seed", "en"))
    click_button(page, "Deal")
    # the same table, kept in step locally: deal number 1, greedy bots, one hand of block for two
    table = start_table(rules_for("block"), "block", DEFAULT_LEVEL, 1, False)
    wait_point(page, f"hand:{table.state.hand(HUMAN)[0]}")
    moves = 0
    while not table.hand_over:
        move = legal_moves(table.state)[0]
        play_line_move(page, table.state, move, "en", phone=False)  # the tile, then its end: Learn's click model
        if move.action is Action.PLAY:
            point_gone(page, f"hand:{move.tile}")
        table = human_move(table, move)
        moves += 1
        if moves == 2:
            page.screenshot(path=str(artifacts / "play_midgame.png"), full_page=True)
    page.get_by_text("The hand is over").wait_for()
    result = table.result
    assert result is not None
    page.get_by_text(result_reason(table.state, "en")).first.wait_for()
    page.screenshot(path=str(artifacts / "play_hand_over.png"), full_page=True)
