"""The coach in headless Chromium: strong bots chosen per seat, the Hint with its bars, the review after the hand.

A new learner's path on a laptop in English and on a phone in Russian. The
table is kept in step locally (the same seed and bots deal and play the same
hand), and the moves come from the rules core; the hint and the review on the
page are compared with the strategy engine's own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import choose, click_button, open_app, play_line_move, point_gone, type_deal_number, wait_point

from tutorial_app.app.play.table import HUMAN, PlayTable, human_move, start_table
from tutorial_app.app.table.coach import make_hint
from tutorial_app.app.table.review_rows import review_headline
from tutorial_app.i18n import t
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.strategy.analysis import candidate_moves
from tutorial_app.strategy.review import review_hand

pytestmark = pytest.mark.browser

CASES = [({"width": 1400, "height": 1000}, "en"), ({"width": 390, "height": 844}, "ru")]


def _choose_strong(page: Any, lang: str) -> None:
    """Seat 1's opponent level: open its select box and pick Strong."""
    choose(page, t("seat.n", lang, n=1), t("level.strong", lang))


def _play(page: Any, table: PlayTable, lang: str, phone: bool) -> PlayTable:
    """The learner's move (the first legal one), on the board or with the buttons under it on a phone."""
    move = legal_moves(table.state)[0]
    play_line_move(page, table.state, move, lang, phone)
    if move.action is Action.PLAY:
        point_gone(page, f"hand:{move.tile}")  # the review's boards are pictures: no click points on them
    return human_move(table, move)


@pytest.mark.parametrize(("viewport", "lang"), CASES, ids=["laptop-en", "phone-ru"])
def test_a_hand_with_the_hint_and_its_review(
    screen_page: Any, app_url: str, artifacts: Path, viewport: dict[str, int], lang: str
) -> None:
    page = screen_page(viewport=viewport, locale="ru-RU" if lang == "ru" else "en-US")
    name = f"coach_{lang}_{viewport['width']}"
    open_app(page, f"{app_url}/play?lang={lang}")
    _choose_strong(page, lang)
    type_deal_number(page, t("play.seed", lang))
    click_button(page, t("play.deal", lang))
    # the same table, kept in step locally: seed 1, one hand of block for two, a strong bot at seat 1
    table = start_table(rules_for("block"), "block", "strong", 1, False)
    wait_point(page, f"hand:{table.state.hand(HUMAN)[0]}")
    hinted = False
    while not table.hand_over:
        if not hinted and len(candidate_moves(table.state)) > 1:
            hint = make_hint(table.state, HUMAN, table.start)
            click_button(page, t("hint.button", lang), expect=t("hint.title", lang))
            rows = page.locator("table.dt-hint tbody tr")
            assert rows.count() == len(hint.rows)
            assert hint.rows[0].name.in_(lang) in rows.first.inner_text()
            assert hint.why is not None
            page.get_by_text(hint.why.in_(lang)[:40]).first.wait_for()
            page.screenshot(path=str(artifacts / f"{name}_hint.png"), full_page=True)
            hinted = True
        table = _play(page, table, lang, phone=viewport["width"] < 600)
    review = review_hand(table.start, [entry[1] for entry in table.state.log], HUMAN)
    page.get_by_text(t("review.title", lang)).first.wait_for(timeout=60_000)
    page.get_by_text(review_headline(review, lang)).first.wait_for(timeout=60_000)
    page.screenshot(path=str(artifacts / f"{name}_review.png"), full_page=True)
    if len(review.decisions) > 1:
        second = t("review.step", lang, k=2, total=len(review.decisions), move=review.decisions[1].index + 1)
        click_button(page, t("review.next", lang), expect=second)
        page.get_by_text(second).first.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"{name}_review_step.png"), full_page=False)
