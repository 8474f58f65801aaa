"""Tien Gow in headless Chromium, as a new user plays it: the Play page's table to the settlement, and a lesson.

The clicks land on the Plotly table itself (tiles, then the Play or Discard
button drawn on the felt). The right moves are kept in step by a local copy
of the same table or lesson run (the engine decides them); screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    PAGE_TEXT,
    SETTLED,
    answer_question,
    click_button,
    click_point,
    next_step,
    open_app,
    point_gone,
    reruns,
    type_deal_number,
    wait_point,
    wait_rerun,
    walk_lesson,
    walk_to_play_step,
)

from tutorial_app.app.tien_gow.table import HUMAN, TienGowTable, human_move, resume, start_tien_gow
from tutorial_app.board.browser import LIT_TWIN
from tutorial_app.i18n import t
from tutorial_app.lessons import lessons_root, load_lesson, solve, start_run
from tutorial_app.lessons.format.model import CapstoneStep
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.games import find_game
from tutorial_app.rules.tien_gow.worked import namer
from tutorial_app.rules.tiles import Tile

pytestmark = pytest.mark.browser

# The Tien Gow table's words: every text trace's sizes on the drawn table.
TABLE_WORDS = """() => {
  const gd = [...document.querySelectorAll('.dt-board .js-plotly-plot')].find(
    (g) => (g._fullData || []).some((t) => t.name === 'felt'));
  if (!gd) return null;
  return gd._fullData.filter((t) => t.mode === 'text').flatMap((t) => {
    const size = t.textfont.size;
    return Array.isArray(size) || ArrayBuffer.isView(size) ? Array.from(size) : [size];
  });
}"""


def _choose_tien_gow(page: Any, lang: str) -> None:
    """Pick Tien Gow in the Play page's rule-set box, as a user does: open it, type, Enter."""
    box = page.get_by_label(t("rules.preset", lang))
    box.click()
    page.keyboard.type(find_game(tg.NAME).preset_title(tg.NAME).in_(lang).split(":")[0])  # the box lists titles
    page.keyboard.press("Enter")
    page.get_by_text(t("tg.bot_greedy", lang)).first.wait_for()  # the bots' Tien Gow play is described


def _places(hand: tuple[Tile, ...], tiles: tuple[Tile, ...]) -> list[int]:
    places: list[int] = []
    for tile in tiles:
        places.append(next(i for i, held in enumerate(hand) if held == tile and i not in places))
    return places


def _press(page: Any, key: str) -> None:
    """Tap a keyed app button (the button twins under the table, as on a phone), or its lit look where that shows
    in its place (``browser.LIT_TWIN``), and wait for the app's answer."""
    # with help= Streamlit draws a button twice, one hidden
    button = page.locator(f".st-key-{key} button:visible, .st-key-{LIT_TWIN}{key} button:visible").first
    before, text = reruns(page), page.evaluate(PAGE_TEXT)
    button.click()
    wait_rerun(page, before, text=text)


def _lay(page: Any, hand: tuple[Tile, ...], move: tg.Move, board: bool = True) -> None:
    """Click the move's tiles, then Play or Discard: on the table itself, or with the buttons under it."""
    for place in _places(hand, move.tiles):
        if board:
            click_point(page, f"hand:{place}")
        else:
            _press(page, f"play_tg_tile_{place}")
    if board:
        click_point(page, f"action:{move.action.value}")
    else:
        _press(page, f"play_tg_{move.action.value}")


def _choice(state: tg.HandState) -> tg.Move:
    """A sensible move: lead the biggest set, beat when possible, else lay the last tiles face down."""
    moves = tg.legal_moves(state)
    if state.leading:
        return max(moves, key=lambda m: len(m.tiles))
    return next((m for m in moves if m.action is tg.Action.PLAY), moves[-1])


def _play_hand(page: Any, table: TienGowTable, lang: str, shots: Path, tag: str, board: bool = True) -> TienGowTable:
    """Play the local table's hand on the page to its end; screenshots of a selection, a pause and the end."""
    wait_point(page, "hand:0")
    shot_selection = shot_pause = False
    while not table.hand_over:
        if table.paused:
            if not shot_pause:
                page.screenshot(path=str(shots / f"tien_gow_{tag}_pause.png"), full_page=True)
                shot_pause = True
            click_button(page, t("tg.next_trick", lang))
            table = resume(table)
            continue
        move = _choice(table.state)
        hand = table.state.hands[HUMAN]
        if not shot_selection and len(move.tiles) > 1 and board:
            for place in _places(hand, move.tiles):
                click_point(page, f"hand:{place}")
            page.screenshot(path=str(shots / f"tien_gow_{tag}_selected.png"), full_page=True)
            shot_selection = True
            click_point(page, f"action:{move.action.value}")
        else:
            _lay(page, hand, move, board)
        table = human_move(table, move)
        if table.hand_over:
            break
        page.get_by_text(t("tg.since", lang).split("{")[0].strip()).first.wait_for()
    return table


# How often a sentence is on the page as the learner sees it (the table's note under it included).
TIMES_SAID = """(text) => ((document.querySelector('[data-testid="stMain"]') || document.body).innerText.split(text).length - 1)"""
LAYER = "() => document.querySelector('.dt-board').dataset.layer"


def _refused_once(page: Any, state: tg.HandState, artifacts: Path) -> None:
    """Two tiles that make no set, chosen and pressed on the table: why, said once (under the table while they
    are chosen there; then in the page's box, neither under the table nor under the buttons too), the tiles still
    chosen on the table and on the buttons alike; put back with their buttons, the table puts them back too."""
    hand = state.hands[HUMAN]
    places = next(
        list(pair)
        for pair in combinations(range(len(hand)), 2)
        if tg.why_illegal(state, tg.play(*(hand[place] for place in pair))) is not None
    )
    reason = tg.why_illegal(state, tg.play(*(hand[place] for place in places)))
    assert reason is not None
    for place in places:
        click_point(page, f"hand:{place}")
    assert page.evaluate(TIMES_SAID, reason.en) == 1
    click_point(page, "action:play")
    page.locator('[data-testid="stAlert"]').get_by_text(reason.en).wait_for()
    page.wait_for_function(SETTLED, polling=50)
    assert page.evaluate(TIMES_SAID, reason.en) == 1
    assert page.evaluate(LAYER) == "pick:" + ",".join(f"hand:{place}" for place in places)
    page.screenshot(path=str(artifacts / "tien_gow_refused.png"), full_page=True)
    for place in places:
        page.get_by_role("button", name=f"▲ {hand[place]}", exact=True).first.wait_for()
        _press(page, f"play_tg_tile_{place}")
    assert page.evaluate(LAYER) == ""
    assert page.evaluate(TIMES_SAID, reason.en) == 0  # a new choice: what was said of the old one goes


def test_a_hand_of_tien_gow_played_to_its_end_by_clicking_the_table(page: Any, app_url: str, artifacts: Path) -> None:
    open_app(page, f"{app_url}/play?lang=en")
    _choose_tien_gow(page, "en")
    type_deal_number(page, t("play.seed", "en"))
    click_button(page, "Deal")
    # the table's words are readable at 1400 x 1000 (checked here, on this test's page: a page of its own cost
    # a page load, the rule set's choice and a deal, ~5 s of CPU)
    wait_point(page, "hand:0", timeout=60_000)
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    sizes = page.evaluate(TABLE_WORDS)
    assert sizes and min(sizes) >= 13, sizes
    page.screenshot(path=str(artifacts / "tien_gow_words.png"))
    # the same table, kept in step: deal number 1, greedy bots, one hand
    table = start_tien_gow(tg.TienGowRules(), "greedy", 1, False)
    _refused_once(page, table.state, artifacts)
    table = _play_hand(page, table, "en", artifacts, "en")
    page.get_by_text("The hand is over").wait_for()
    for line in tg.hand_result(table.state).sentences(namer(HUMAN)):
        page.get_by_text(line.en, exact=False).first.wait_for()
    assert sum(table.state.taken) == tg.HAND_SIZE
    page.screenshot(path=str(artifacts / "tien_gow_en_hand_over.png"), full_page=True)


def test_on_a_phone_in_russian_a_hand_of_tien_gow_is_played_to_its_end(
    screen_page: Any, app_url: str, artifacts: Path
) -> None:
    page = screen_page(viewport={"width": 390, "height": 844}, locale="ru-RU")
    open_app(page, f"{app_url}/play?lang=ru")
    _choose_tien_gow(page, "ru")
    type_deal_number(page, t("play.seed", "ru"))
    click_button(page, "Раздать")
    page.screenshot(path=str(artifacts / "tien_gow_ru_phone_deal.png"), full_page=True)
    table = start_tien_gow(tg.TienGowRules(), "greedy", 1, False)
    assert table.state.to_move == HUMAN
    first = _choice(table.state)
    _lay(page, table.state.hands[HUMAN], first)  # tapped on the table itself, then the rest with the buttons
    table = human_move(table, first)
    page.get_by_text(t("tg.since", "ru").split("{")[0].strip()).first.wait_for()
    table = _play_hand(page, table, "ru", artifacts, "ru_phone", board=False)
    page.get_by_text("Раздача окончена").first.wait_for()
    last = tg.hand_result(table.state).sentences(namer(HUMAN))[-1]
    page.get_by_text(last.ru, exact=False).first.wait_for()
    page.screenshot(path=str(artifacts / "tien_gow_ru_phone_hand_over.png"), full_page=True)


def test_a_tien_gow_lesson_driven_by_clicking(page: Any, app_url: str, artifacts: Path) -> None:
    """A Tien Gow lesson on the Learn page to its end: its questions answered with a choice, its moves (several
    tiles each) clicked on the lesson's table, tile by tile, then Play.

    Why "threes and fours" (12 steps, two moves of three and four tiles): every step of every lesson is rendered
    by tests/app/test_pages.py; this walk is for the clicks, and "leading and beating" (19 steps) cost ~3.5 s more
    CPU for the same kinds of click (23.6, 22.6 s against 21.5, 17.6 s, server start included). A Discard clicked on the felt is proved by the hand played to its end
    (``test_a_hand_of_tien_gow_played_to_its_end_by_clicking_the_table``: deal 1 has four)."""
    lesson = load_lesson(lessons_root() / "chinese" / "chinese-03-threes-and-fours.yaml")
    run = start_run(lesson)
    assert run.game.name == "tien_gow"
    open_app(page, f"{app_url}/?lesson={lesson.id}&lang=en")
    page.get_by_text(lesson.title.en).first.wait_for()
    on_table = 0

    def lay_the_move(action: tg.Move) -> None:
        nonlocal on_table
        assert isinstance(action, tg.Move) and run.state is not None and len(action.tiles) > 1
        _lay(page, run.state.hands[run.viewer], action)
        run.submit_move(action)
        on_table += 1
        page.get_by_text("Right!").first.wait_for()
        page.screenshot(path=str(artifacts / f"tien_gow_lesson_step{run.index + 1}.png"), full_page=True)

    walk_lesson(page, run, lay_the_move, choices_only=True)  # Tien Gow's questions are answered with a choice
    assert on_table >= 2
    page.screenshot(path=str(artifacts / "tien_gow_lesson_complete.png"), full_page=True)


# What the caption under the buttons says while nothing is chosen there (as a rule: tiles may be chosen on the table).
LEAD_HINT = "To lead: one tile or a combination."
FOLLOW_HINT = r"This trick takes (\d+) tiles?: face up to beat"


def _learner_turn(page: Any) -> None:
    """A new user's turn in the capstone: read what to choose, select that many tiles, lead or lay them face down."""
    text = page.evaluate(PAGE_TEXT)
    lead = LEAD_HINT
    count = 1
    if lead not in text:
        found = re.search(FOLLOW_HINT, text)
        assert found is not None, text[-600:]
        count = int(found.group(1))
    for place in range(count):
        _press(page, f"learn_tg_tile_{place}")
    _press(page, "learn_tg_play" if lead in text else "learn_tg_discard")


def test_the_capstone_hand_played_by_a_new_user_earns_the_badge(page: Any, app_url: str, artifacts: Path) -> None:
    lesson = load_lesson(lessons_root() / "chinese" / "chinese-05-a-whole-hand.yaml")
    run = start_run(lesson)
    open_app(page, f"{app_url}/?lesson={lesson.id}&lang=en")
    while not isinstance(run.step, CapstoneStep):
        action = solve(run)
        if action is not None:
            assert run.choices("en") is not None
            answer_question(page, run, action)
        next_step(page, run)
    badge = t("learn.badge_earned", "en", badge="Tien Gow player")
    for _ in range(60):
        text = page.evaluate(PAGE_TEXT)
        if badge in text:
            break
        if t("tg.next_trick", "en") in text:
            click_button(page, t("tg.next_trick", "en"))
        else:
            _learner_turn(page)
    page.get_by_text(badge).first.wait_for()
    page.get_by_text("The winner collects", exact=False).first.wait_for()
    page.screenshot(path=str(artifacts / "tien_gow_capstone_badge.png"), full_page=True)


BUTTON_LABELS = """(prefix) => [...document.querySelectorAll(`[class*="st-key-${prefix}_tg_tile_"] button`)]
  .filter((button) => button.offsetParent !== null).map((button) => button.innerText.trim())"""


def test_on_a_phone_the_buttons_under_the_table_act_on_tiles_picked_on_it(
    screen_page: Any, app_url: str, artifacts: Path
) -> None:
    """Tiles picked on the table stay in the browser; the buttons under it (the way on a phone) act on them: a
    tile's button adds its tile to them (the buttons then show them all), Play or Discard lays them, as the table's
    own buttons do, never "choose the tiles first" nor the rules' refusal of an empty set (uk, 390 px)."""
    page = screen_page(viewport={"width": 390, "height": 844}, locale="uk-UA")
    open_app(page, f"{app_url}/play?lang=uk")
    _choose_tien_gow(page, "uk")
    type_deal_number(page, t("play.seed", "uk"))
    click_button(page, t("play.deal", "uk"))
    table = start_tien_gow(tg.TienGowRules(), "greedy", 1, False)
    lead = _choice(table.state)
    hand = table.state.hands[HUMAN]
    first, second, *rest = _places(hand, lead.tiles)
    wait_point(page, "hand:0", timeout=60_000)
    click_point(page, f"hand:{first}")
    _press(page, f"play_tg_tile_{second}")  # beside a tile picked on the table: both are chosen, there and here
    both = sorted((first, second))
    assert page.evaluate(LAYER) == "pick:" + ",".join(f"hand:{place}" for place in both)
    labels = page.evaluate(BUTTON_LABELS, "play")
    assert [label.startswith("▲") for label in labels] == [place in both for place in range(len(hand))], labels
    page.screenshot(path=str(artifacts / "tien_gow_uk_phone_twin_tile.png"), full_page=True)
    for place in rest:
        click_point(page, f"hand:{place}")
    _press(page, f"play_tg_{lead.action.value}")  # the table's picks are laid
    point_gone(page, f"hand:{len(hand) - 1}")
    table = human_move(table, lead)
    for _ in range(3):  # the next moves: every tile picked on the table, then the button under it
        while table.paused:
            click_button(page, t("tg.next_trick", "uk"))
            table = resume(table)
        if table.hand_over:
            break
        move = _choice(table.state)
        hand = table.state.hands[HUMAN]
        for place in _places(hand, move.tiles):
            click_point(page, f"hand:{place}")
        _press(page, f"play_tg_{move.action.value}")
        point_gone(page, f"hand:{len(hand) - 1}")
        table = human_move(table, move)
    assert not page.locator(".st-key-play_feedback").count(), page.evaluate(PAGE_TEXT)  # no warning, no refusal
    page.screenshot(path=str(artifacts / "tien_gow_uk_phone_twin_played.png"), full_page=True)


def test_in_a_lesson_play_under_the_table_lays_the_tiles_picked_on_it(page: Any, app_url: str, artifacts: Path) -> None:
    """The lesson's first move made as a learner may: the tiles picked on the table, then Play or Discard pressed
    under it: "Right!", never "Choose the tiles to lay first: click them on the board or below." (1400 px)."""
    lesson = load_lesson(lessons_root() / "chinese" / "chinese-04-the-last-trick.yaml")
    run = start_run(lesson)
    open_app(page, f"{app_url}/?lesson={lesson.id}&lang=en")
    page.get_by_text(lesson.title.en).first.wait_for()
    walk_to_play_step(page, run)
    move = solve(run)
    assert isinstance(move, tg.Move) and run.state is not None
    for place in _places(run.state.hands[run.viewer], move.tiles):
        click_point(page, f"hand:{place}")
    page.screenshot(path=str(artifacts / "tien_gow_lesson_twin_picked.png"), full_page=True)
    _press(page, f"learn_tg_{move.action.value}")
    page.get_by_text("Right!").first.wait_for()
    assert "Choose the tiles to lay first" not in page.evaluate(PAGE_TEXT)
    page.screenshot(path=str(artifacts / "tien_gow_lesson_twin_right.png"), full_page=True)


# The Play and Discard buttons under the table a learner sees, each as its Streamlit kind ("disabled" when it is):
# the button keyed as it is, or its lit look (browser.LIT_TWIN), whichever shows.
SHOWN_ACTIONS = """([prefix, lit]) => Object.fromEntries(['play', 'discard'].map((action) => {
  const keys = [`st-key-${prefix}_tg_${action}`, `st-key-${lit}${prefix}_tg_${action}`];
  const shown = [...document.querySelectorAll('[class*="st-key-"] button')].filter((button) =>
    button.offsetParent !== null && keys.some((key) => button.closest('[class*="st-key-"]').classList.contains(key)));
  return [action, shown.map((button) => (button.disabled ? 'disabled' : button.getAttribute('kind')))];
}))"""


def _lit_by_rules(state: tg.HandState, tiles: tuple[Tile, ...]) -> dict[str, list[str]]:
    """Play and Discard as the rules say they may lay ``tiles``: primary where they may, secondary where not."""
    legal = tg.legal_moves(state)
    return {
        action.value: ["primary" if tg.normalize(tg.Move(action, tiles)) in legal else "secondary"]
        for action in tg.Action
    }


def _pick_and_press_below(page: Any, state: tg.HandState, move: tg.Move, shot: Path) -> None:
    """Pick the move's tiles on the table: Play and Discard under it then look as the rules light them (one of
    each, enabled; a screenshot of them to ``shot``); the one the move needs, pressed, lays them."""
    hand = state.hands[HUMAN]
    for place in _places(hand, move.tiles):
        click_point(page, f"hand:{place}")
    lit = _lit_by_rules(state, move.tiles)
    assert lit[move.action.value] == ["primary"]
    assert page.evaluate(SHOWN_ACTIONS, ["play", LIT_TWIN]) == lit
    page.locator(f".st-key-{LIT_TWIN}play_tg_{move.action.value} button").scroll_into_view_if_needed()
    page.screenshot(path=str(shot))
    _press(page, f"play_tg_{move.action.value}")
    point_gone(page, f"hand:{len(hand) - 1}")


@pytest.mark.parametrize(("width", "lang"), [(1400, "en"), (390, "es")])
def test_tiles_picked_on_the_table_light_play_or_discard_under_it(
    screen_page: Any, app_url: str, artifacts: Path, width: int, lang: str
) -> None:
    """A set picked on the table lights the buttons under it as it lights the table's own: Play (face up) primary
    for a lead, Discard (face down) primary, Play not, for a set that cannot beat; pressed, each lays the set. Was:
    both grey (secondary) under the table while its Play shone, though pressing them laid the set all the same."""
    page = screen_page(viewport={"width": width, "height": 1000 if width > 500 else 844})
    open_app(page, f"{app_url}/play?lang={lang}")
    _choose_tien_gow(page, lang)
    type_deal_number(page, t("play.seed", lang))
    click_button(page, t("play.deal", lang))
    table = start_tien_gow(tg.TienGowRules(), "greedy", 1, False)
    wait_point(page, "hand:0", timeout=60_000)
    nothing = {"play": ["secondary"], "discard": ["secondary"]}
    assert page.evaluate(SHOWN_ACTIONS, ["play", LIT_TWIN]) == nothing  # nothing picked: nothing lit
    lead = _choice(table.state)
    assert table.state.leading and len(lead.tiles) > 1
    _pick_and_press_below(page, table.state, lead, artifacts / f"tien_gow_{lang}_{width}_lit_play.png")
    table = human_move(table, lead)
    while table.paused:
        click_button(page, t("tg.next_trick", lang))
        table = resume(table)
    state = table.state
    assert not state.leading  # deal 1: seat 2 took the lead's trick and leads the next
    discard = next(
        move
        for move in tg.legal_moves(state)
        if move.action is tg.Action.DISCARD and tg.why_illegal(state, tg.play(*move.tiles)) is not None
    )
    _pick_and_press_below(page, state, discard, artifacts / f"tien_gow_{lang}_{width}_lit_discard.png")
    assert not page.locator(".st-key-play_feedback").count(), page.evaluate(PAGE_TEXT)  # no warning, no refusal
