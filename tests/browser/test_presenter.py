"""Presenter mode for a club room, driven by the keyboard only: → next, R reveal, P play the answer.

The screenshot goes to ``test-artifacts/presenter.png`` (look at it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import SETTLED, open_app

from tutorial_app.lessons import load_course

pytestmark = pytest.mark.browser

LESSON = "core-01-the-set"
BAR = '[data-testid="stProgress"] [role="progressbar"]'
# -1 while a rerun has the bar off the page, so a wait on it never throws.
PROGRESS = f"() => Number(document.querySelector({BAR!r})?.getAttribute('aria-valuenow') ?? -1)"


def _press(page: Any, key: str, expect: str) -> None:
    """Press ``key`` (nothing focused, as a presenter would) and wait for ``expect`` to be true on the page."""
    page.wait_for_function(SETTLED, polling=50, timeout=30_000)
    page.keyboard.press(key)
    page.wait_for_function(expect, timeout=30_000)
    page.wait_for_function(SETTLED, polling=50, timeout=30_000)


def test_presenter_mode_fills_the_screen_and_answers_the_keys(browser: Any, app_url: str, artifacts: Path) -> None:
    lesson = next(item for item in load_course("core") if item.id == LESSON)
    kinds = [type(step).__name__ for step in lesson.steps]
    assert kinds[:2] == ["ExplainStep", "QuizStep"], kinds  # what the keys below walk through
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    page = context.new_page()
    open_app(page, f"{app_url}/?lesson={LESSON}&present=1&lang=en")
    page.get_by_text("Keys: → next step").wait_for(timeout=30_000)
    # The caption streams in before the step fragment draws its progress bar: wait for the bar.
    page.wait_for_function(f"() => !!document.querySelector({BAR!r})", timeout=30_000)
    page.wait_for_function(SETTLED, polling=50, timeout=30_000)
    assert not page.locator('[data-testid="stSidebar"]').is_visible(), "the sidebar is still on screen"
    start = page.evaluate(PROGRESS)

    _press(page, "ArrowRight", f"() => ({PROGRESS})() > {start}")  # the explanation read: the quiz
    quiz = page.evaluate(PROGRESS)
    _press(page, "r", "() => document.body.innerText.includes('The answer: ')")
    _press(page, "p", "() => !!document.querySelector('.st-key-learn_next button')")
    page.screenshot(path=str(artifacts / "presenter.png"), full_page=False)
    assert page.evaluate(PROGRESS) == quiz, "playing the answer is not yet the next step"
    _press(page, "ArrowRight", f"() => ({PROGRESS})() > {quiz}")
    context.close()
