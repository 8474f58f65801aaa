"""A move on the Play page made with the keyboard only: Tab to a tile's button, Enter, Tab to an end's, Enter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import SETTLED, open_app, point_gone

from tutorial_app.app.play.seat_bots import DEFAULT_LEVEL
from tutorial_app.app.play.table import HUMAN, human_move, start_table
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action
from tutorial_app.rules.line.variants import rules_for

pytestmark = pytest.mark.browser

SEED = 4


def _tab_to_and_press(page: Any, key: str) -> None:
    """Press Tab until the button of widget ``key`` has the focus (as a keyboard user would), then Enter."""
    page.wait_for_function(SETTLED, polling=50, timeout=30_000)
    target = f".st-key-{key} button"
    page.wait_for_selector(target, timeout=30_000)
    for _ in range(200):
        if page.evaluate(f"() => document.activeElement === document.querySelector({target!r})"):
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {key}")


def test_a_move_made_with_the_keyboard_only(screen_page: Any, app_url: str, artifacts: Path) -> None:
    table = start_table(rules_for("block", 2), "block", DEFAULT_LEVEL, SEED, False)
    assert table.state.to_move == HUMAN  # this deal's lead is the learner's
    page = screen_page(viewport={"width": 1400, "height": 1000}, locale="en-US")
    open_app(page, f"{app_url}/play?deal={SEED}&rules=block&players=2&lang=en")
    for _ in range(2):
        plays = [m for m in legal_moves(table.state) if m.action is Action.PLAY]
        move = plays[0]
        _tab_to_and_press(page, f"play_tile_{move.tile}")
        _tab_to_and_press(page, f"play_end_{move.end}")
        point_gone(page, f"hand:{move.tile}")  # the tile has left the learner's hand on the board
        table = human_move(table, move)
        if table.hand_over or table.state.to_move != HUMAN:
            break
    page.screenshot(path=str(artifacts / "play_keyboard.png"), full_page=False)
