"""The Puzzles page in a real browser, on a phone and on a desktop, in English and Russian.

A puzzle opened by its link (``/puzzles?puzzle=ID``) is answered the way a learner does it: on the phone by the
buttons under the board, on the desktop by clicks on the board itself; the verdict, the engine's explanation and
(after a wrong answer) the line that refutes it, with what the best move makes of the same deal, must appear in the page's language. Screenshots go to
``test-artifacts/`` (look at them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import SETTLED, click_button, click_point, open_app, wait_point

from tutorial_app.i18n import t
from tutorial_app.puzzles.catalog import shipped_puzzles
from tutorial_app.puzzles.model import Puzzle
from tutorial_app.puzzles.same_deal import same_deal
from tutorial_app.rules.tiles import parse_tile

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = (390, 844)
DESKTOP = (1400, 1000)


def _puzzle(fits_two: bool) -> Puzzle:
    """A 2-player puzzle whose answer's tile fits one end only (one click plays it), or two (then an end)."""
    for puzzle in shipped_puzzles():
        if puzzle.players != 2:
            continue
        state = puzzle.read().state
        tile = parse_tile(puzzle.best.split()[0])
        ends = [n for n in state.table.ends if n >= 0 and tile.has(n)]
        if (len(ends) > 1) == fits_two and len(puzzle.refutations) >= 1:
            return puzzle
    pytest.skip("no shipped puzzle of that kind")


def _open(screen_page: Any, url: str, size: tuple[int, int], lang: str, puzzle: Puzzle) -> Any:
    page = screen_page(viewport={"width": size[0], "height": size[1]}, locale="en-US")
    open_app(page, f"{url}/puzzles?puzzle={puzzle.id}&lang={lang}")
    page.get_by_text(t("puzzles.question", lang).split("**")[1]).first.wait_for(timeout=60_000)
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    return page


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_the_buttons_answer_a_puzzle(screen_page: Any, app_url: str, lang: str) -> None:
    puzzle = _puzzle(fits_two=True)
    page = _open(screen_page, app_url, PHONE, lang, puzzle)
    tile, end = puzzle.best.split()[:2]
    # nothing on screen gives the answer away before the move: the theme is not named
    assert puzzle.explanation.in_(lang)[:30] not in page.inner_text("body")
    click_button(page, tile)
    click_button(page, t("controls.end_button", lang, end=t(f"end.{end}", lang), n=_end_number(puzzle, end)))
    verdict = page.locator('[data-testid="stAlertContentSuccess"]').first
    verdict.wait_for(timeout=30_000)
    assert puzzle.explanation.in_(lang)[:40] in verdict.inner_text()
    # the standing above the question follows the answer (its own fragment, run again once the answer's is over)
    solved = f"{t('puzzles.solved', lang)}: {t('puzzles.solved_of', lang, solved=1, attempts=1)}"
    page.get_by_text(solved).first.wait_for(timeout=30_000)
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE[0]  # no sideways scrolling
    _shot(page, f"puzzles-phone-{lang}")
    # the next puzzle's figure waits in the page for the button, taking no room
    ahead = page.locator('[class*="st-key-board_ahead_puzzles"]')
    ahead.wait_for(state="attached", timeout=30_000)
    assert ahead.evaluate("(el) => getComputedStyle(el).display") == "none"
    # and is drawn out of sight while the verdict is read: no room, not one of the page's plots
    spare = page.locator(".dt-board .dt-spare")
    spare.wait_for(state="attached", timeout=30_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.dt-spare')].every((el) => getComputedStyle(el).display === 'none')"
    )
    assert page.locator(".js-plotly-plot").count() == 1
    page.evaluate(SHOWN_LOG)
    click_button(page, t("puzzles.next", lang))
    page.get_by_text(t("puzzles.question", lang).split("**")[1]).first.wait_for(timeout=30_000)
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    assert ahead.count() == 0
    assert page.get_by_text(solved).count() == 1  # the standing stays
    # one figure drawn for the new puzzle: the one drawn at the press was the server's board (no second draw)
    board = page.locator(".dt-board").first
    assert page.evaluate("() => window.__shownKeys") == [board.get_attribute("data-board")]
    page.wait_for_function("() => document.querySelectorAll('.dt-board .dt-plot').length === 1")  # the old one put away


SHOWN_LOG = """() => {
  const board = document.querySelector('.dt-board');
  window.__shownKeys = [];
  new MutationObserver(() => {
    if (window.__shownKeys.at(-1) !== board.dataset.shown) window.__shownKeys.push(board.dataset.shown);
  }).observe(board, {attributes: true, attributeFilter: ['data-shown']});
}"""
"""Every figure board draws from now on, by its key, in order."""


def _end_number(puzzle: Puzzle, end: str) -> int:
    state = puzzle.read().state
    return dict(state.table.open_ends())[end]  # type: ignore[index]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_desktop_a_wrong_click_on_the_board_shows_the_line(screen_page: Any, app_url: str, lang: str) -> None:
    puzzle = _puzzle(fits_two=False)
    page = _open(screen_page, app_url, DESKTOP, lang, puzzle)
    wrong = puzzle.ranked[1].move.split()
    wait_point(page, f"hand:{wrong[0]}", timeout=60_000)
    click_point(page, f"hand:{wrong[0]}")
    if page.locator('[data-testid="stAlertContentError"]').count() == 0:
        click_point(page, f"end:{wrong[1]}")  # the tile fits two ends: the end is clicked too
    verdict = page.locator('[data-testid="stAlertContentError"]').first
    verdict.wait_for(timeout=30_000)
    assert puzzle.explanation.in_(lang)[:40] in verdict.inner_text()
    click_button(page, t("puzzles.show_line", lang))
    page.get_by_text(t("puzzles.line_step", lang, k=1, total=len(puzzle.refutations[0].line))).first.wait_for()
    compared = same_deal(puzzle, puzzle.refutations[0])
    assert compared is not None
    # what the best move makes of the same deal, said once under the line's words
    assert page.get_by_text(compared.text().in_(lang)[:60]).count() == 1
    forward = page.get_by_role("button", name=t("puzzles.line_next", lang), exact=True)
    while forward.is_enabled():
        click_button(page, t("puzzles.line_next", lang))
    _shot(page, f"puzzles-desktop-{lang}")


def test_a_pairs_puzzle_names_the_learners_partner(screen_page: Any, app_url: str) -> None:
    """The learner of a pairs puzzle may sit at any seat (the board puts them at the bottom, "You"); the page says
    who the partner is, as Play does, the learner first."""
    puzzle = next(p for p in shipped_puzzles() if p.pairs and p.seat % 2 == 1)
    page = _open(screen_page, app_url, DESKTOP, "en", puzzle)
    partner, them = (puzzle.seat + 2) % 4, sorted({0, 1, 2, 3} - {puzzle.seat, (puzzle.seat + 2) % 4})
    said = f"Partners: You + Seat {partner} against Seat {them[0]} + Seat {them[1]}."
    page.get_by_text(said).first.wait_for(timeout=30_000)
