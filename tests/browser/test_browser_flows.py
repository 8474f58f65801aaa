"""The app in headless Chromium: a lesson, a hand of block and the comparison charts, by clicking.

Screenshots go to ``test-artifacts/``. The right actions are computed by the
rules core (``solve_step`` on a local run of the same lesson), never written
into the test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import click_button, click_point, open_app, point_gone, wait_point

from tutorial_app.app.play_table import HUMAN, human_move, start_table
from tutorial_app.app.records import result_reason
from tutorial_app.lessons import LessonRun, load_course, solve_step
from tutorial_app.rules.moves import legal_moves
from tutorial_app.rules.state import Action, Move
from tutorial_app.rules.variants import rules_for

pytestmark = pytest.mark.browser


def test_first_core_lesson_by_clicking_the_board(page: Any, app_url: str, artifacts: Path) -> None:
    lesson = load_course("core")[0]
    run = LessonRun.start(lesson)
    open_app(page, f"{app_url}/?lesson={lesson.id}&lang=en")
    page.get_by_text(lesson.title.en).first.wait_for()
    clicks_on_board = 0
    while True:
        action = solve_step(run)
        if isinstance(action, Move):
            assert action.action is Action.PLAY and action.tile is not None
            click_point(page, f"hand:{action.tile}")
            page.screenshot(path=str(artifacts / f"lesson_selected_step{run.index + 1}.png"), full_page=True)
            click_point(page, f"end:{action.end}")
            clicks_on_board += 2
            run.submit_move(action)
            page.get_by_text("Right!").first.wait_for()
        elif action is not None:
            choices = run.choices("en")
            if choices is not None:
                label = next(text for value, text in choices if value == action)
                click_button(page, label)
            else:
                page.get_by_label("Your answer").fill(str(action))
                click_button(page, "Answer")
            run.answer(action)
            page.get_by_text("Right!").first.wait_for()
        if run.finished:
            break
        click_button(page, "Next", expect=f"Step {run.index + 2} of {len(lesson.steps)}")
        run.next()
    page.get_by_text("Lesson complete!").wait_for()
    assert page.get_by_text("★★★").count() >= 1
    assert clicks_on_board >= 2, "the first lesson should have at least one move played on the board"
    page.screenshot(path=str(artifacts / "lesson_complete.png"), full_page=True)


def test_a_hand_of_block_played_by_clicking(page: Any, app_url: str, artifacts: Path) -> None:
    open_app(page, f"{app_url}/play?lang=en")
    click_button(page, "Deal")
    # the same table, kept in step locally: the app deals seed 1, greedy bots, one hand of block for two
    table = start_table(rules_for("block"), "block", "greedy", 1, False)
    wait_point(page, f"hand:{table.state.hand(HUMAN)[0]}")
    moves = 0
    while not table.hand_over:
        move = legal_moves(table.state)[0]
        if move.action is Action.PLAY:
            tile = f"hand:{move.tile}"
            click_point(page, tile)
            if sum(1 for m in legal_moves(table.state) if m.tile is move.tile) > 1:
                click_point(page, f"end:{move.end}")
            point_gone(page, tile)
        else:
            click_button(page, "Pass" if move.action is Action.PASS else "Draw from the boneyard")
        table = human_move(table, move)
        moves += 1
        if moves == 2:
            page.screenshot(path=str(artifacts / "play_midgame.png"), full_page=True)
    page.get_by_text("The hand is over").wait_for()
    result = table.result
    assert result is not None
    page.get_by_text(result_reason(table.rules, result, "en")).first.wait_for()
    page.screenshot(path=str(artifacts / "play_hand_over.png"), full_page=True)


def test_comparison_charts_render(page: Any, app_url: str, artifacts: Path) -> None:
    open_app(page, f"{app_url}/compare?lang=en")
    page.get_by_role("tab", name="Statistics").click()
    click_button(page, "Run the simulation")
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot .bars').length >= 3", timeout=60_000)
    bars = page.evaluate("() => document.querySelectorAll('.js-plotly-plot .bars .point').length")
    assert bars >= 6  # at least three charts with one bar per rule set
    page.screenshot(path=str(artifacts / "compare_charts.png"), full_page=True)
