"""The board component in headless Chromium: a whole hand by clicks, sizes read from the drawn page, one tap, presenter
mode by its keys.

Every size is measured on the page as drawn (Plotly's own axes and the
figure's traces), at the screen size the requirement names; the moves and
the sentences come from the rules core. Screenshots go to
``test-artifacts/`` (look at them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    ANSWERED,
    ENGLISH_LESSON,
    RUSSIAN_LESSON,
    SETTLED,
    click_button,
    click_point,
    open_app,
    reruns,
    server_answer,
    wait_point,
    walk_to_play_step,
)

from tutorial_app.app.play.seat_bots import DEFAULT_LEVEL
from tutorial_app.app.play.table import HUMAN, PlayTable, human_move, start_table
from tutorial_app.app.table.records import result_reason
from tutorial_app.board.controller import handle_click
from tutorial_app.i18n import LANGUAGE_NAMES, Lang, t
from tutorial_app.lessons import LessonRun, load_course
from tutorial_app.rules.line.moves import legal_moves, why_illegal
from tutorial_app.rules.line.state import Action, play
from tutorial_app.rules.line.variants import rules_for

pytestmark = pytest.mark.browser

# What the board draws, read from the page: the learner's hand tiles (below the felt), the tiles on the felt,
# the pips' sizes under the felt, the words' sizes. Sizes in CSS pixels on screen.
DRAWN = """() => {
  const gd = [...document.querySelectorAll('.dt-board .js-plotly-plot')].find(
    (g) => (g._fullData || []).some((t) => t.name === 'tiles'));
  if (!gd) return null;
  const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
  const px = (v) => xa.l2p(v), py = (v) => ya.l2p(v);
  const trace = (name) => gd._fullData.find((t) => t.name === name);
  const felt = trace('felt');
  const fy = Array.from(felt.y).filter((v) => v !== null && !Number.isNaN(v));
  const fx = Array.from(felt.x).filter((v) => v !== null && !Number.isNaN(v));
  const bottom = Math.min(...fy), top = Math.max(...fy), left = Math.min(...fx), right = Math.max(...fx);
  const polygons = (t) => {
    const found = []; let xs = [], ys = [];
    for (let i = 0; i <= t.x.length; i++) {
      const vx = t.x[i], vy = t.y[i];
      if (i === t.x.length || vx === null || Number.isNaN(vx)) { if (xs.length) found.push([xs, ys]); xs = []; ys = []; }
      else { xs.push(vx); ys.push(vy); }
    }
    return found;
  };
  const hand = [], chain = [];
  for (const [xs, ys] of polygons(trace('tiles'))) {
    const w = Math.abs(px(Math.max(...xs)) - px(Math.min(...xs))), h = Math.abs(py(Math.max(...ys)) - py(Math.min(...ys)));
    if (Math.max(...ys) < bottom) hand.push(Math.min(w, h));
    else if (Math.min(...ys) > bottom && Math.max(...ys) < top && Math.min(...xs) > left && Math.max(...xs) < right)
      chain.push(Math.max(w, h));
  }
  const pips = trace('pips');
  const sizes = Array.isArray(pips.marker.size) || ArrayBuffer.isView(pips.marker.size)
    ? Array.from(pips.marker.size) : Array.from(pips.y, () => pips.marker.size);
  const handPips = sizes.filter((s, i) => pips.y[i] < bottom);
  const words = trace('labels').textfont.size;
  return {hand: hand, chain: chain, handPips: handPips,
          labels: Array.isArray(words) ? words : [words], width: gd.getBoundingClientRect().width};
}"""

# The board's state at each change of the script's state after a click: was the move already drawn?
WATCH_RUN = """(tile) => {
  window.__runSeen = [];
  const app = document.querySelector('[data-testid="stApp"]');
  const board = document.querySelector('.dt-board');
  const shows = () => board.dataset.layer === 'move' || !(HAS)(tile);
  if (window.__runWatch) window.__runWatch.disconnect();
  window.__runWatch = new MutationObserver(() => {
    window.__runSeen.push([app.getAttribute('data-test-script-state'), shows(), board.dataset.pending]);
  });
  window.__runWatch.observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
}"""
# How often a sentence is on the page as the learner sees it (the board's note under it included).
TIMES_SAID = """(text) => ((document.querySelector('[data-testid="stMain"]') || document.body).innerText.split(text).length - 1)"""
# What the first board draws over its plot: "pick:hand:6-4" (a tile lifted), "move", or "" (nothing).
LAYER = "() => document.querySelector('.dt-board').dataset.layer"
HAS_POINT = """(name) => [...document.querySelectorAll('.dt-board .js-plotly-plot')].some((gd) => (gd._fullData || []).some(
  (trace) => (trace.customdata || []).some((value) => (Array.isArray(value) ? value[0] : value) === name)))"""


def _drawn(page: Any) -> dict[str, Any]:
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    page.wait_for_function(f"() => ({DRAWN})() !== null", timeout=60_000)
    found = page.evaluate(DRAWN)
    assert found is not None
    return dict(found)


def _one_move(page: Any, table: PlayTable, artifacts: Path, index: int) -> PlayTable:
    """The learner's move on the board (a tile, then its target), or the button for a draw or a pass."""
    move = next((m for m in legal_moves(table.state) if m.action is Action.PLAY), legal_moves(table.state)[0])
    if move.action is not Action.PLAY:
        click_button(page, t(f"controls.{move.action.value}", "en"))
        return human_move(table, move)
    before, answered = reruns(page), int(page.evaluate(ANSWERED))
    click_point(page, f"hand:{move.tile}")
    # the tile is picked and its targets drawn by the board itself: no run of the script for it
    page.wait_for_function(f"() => !!document.querySelector('.dt-layer [data-point=\"end:{move.end}\"]')")
    assert reruns(page) == before and int(page.evaluate(ANSWERED)) == answered + 1
    page.evaluate(WATCH_RUN.replace("(HAS)", f"({HAS_POINT})"), f"hand:{move.tile}")
    where = wait_point(page, f"end:{move.end}")
    page.mouse.click(where["x"], where["y"])
    page.wait_for_function("(n) => window.__domino.runs > n", arg=before, timeout=60_000)
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    seen = page.evaluate("() => window.__runSeen")
    over = [shown for state, shown, _pending in seen if state == "notRunning"]
    assert over, f"no run of the script followed the move: {seen}"
    # the board showed the move while the script it started was still running (its end not reached yet)
    assert all(shown for state, shown, _pending in seen if state == "running"), seen
    assert over[0], seen
    if index == 1:
        page.screenshot(path=str(artifacts / "board_move_played.png"))
    return human_move(table, move)


def test_a_whole_hand_by_clicks_the_board_ahead_of_each_run(screen_page: Any, app_url: str, artifacts: Path) -> None:
    """A hand of block played to its end by clicks on the board (each tile, then its end), the board showing each
    move before the run it starts has ended, and the hand's result said in the rules core's words. The one hand of
    block played by clicks: test_browser_flows had another (two players, the deal typed in its box), which proved
    nothing this one does not (a deal typed in its box: test_coach_flows, test_languages), ~10 s of CPU."""
    seed = 2
    table = start_table(rules_for("block", 4), "block", DEFAULT_LEVEL, seed, False)
    page = screen_page(viewport={"width": 1400, "height": 1000}, locale="en-US")
    open_app(page, f"{app_url}/play?deal={seed}&rules=block&players=4&lang=en")
    wait_point(page, f"hand:{table.state.hand(HUMAN)[0]}", timeout=60_000)
    moves = 0
    while not table.hand_over:
        assert table.state.to_move == HUMAN
        table = _one_move(page, table, artifacts, moves)
        moves += 1
        for tile in table.state.hand(HUMAN):  # the board the server sent back holds the learner's tiles, no more
            wait_point(page, f"hand:{tile}")
    assert moves >= 3
    page.get_by_text(t("play.hand_over", "en")).first.wait_for(timeout=60_000)
    assert table.result is not None
    page.get_by_text(result_reason(table.state, "en")).first.wait_for()
    page.screenshot(path=str(artifacts / "board_whole_hand.png"), full_page=True)


def test_a_lessons_board_is_readable_and_a_wrong_end_says_where_the_tile_fits(
    screen_page: Any, app_url: str, artifacts: Path
) -> None:
    """In English, then in Russian on the same page (the sidebar's language switch keeps the lesson's step):
    one page load and one walk to the first move instead of one per language (~10 s of CPU)."""
    lesson = next(item for item in load_course("core") if item.id == "core-02-placing-on-the-ends")
    run = LessonRun.start(lesson)
    page = screen_page(viewport={"width": 1400, "height": 1000}, locale="en-US")
    open_app(page, f"{app_url}/?lesson={lesson.id}&lang=en")
    walk_to_play_step(page, run, ENGLISH_LESSON)
    state = run.state
    assert state is not None
    # Tiles laid with the buttons on an end they do not fit: the rules core says where they do fit.
    wrong_ends = [
        (tile, end)
        for tile in state.hand(run.viewer)
        for end, number in state.table.open_ends()
        if not tile.has(number) and any(m.tile is tile for m in legal_moves(state))
    ]
    stuck = next(tile for tile in state.hand(run.viewer) if not any(m.tile is tile for m in legal_moves(state)))
    langs: tuple[Lang, ...] = ("en", "ru")
    for lang, (tile, wrong) in zip(langs, [wrong_ends[0], wrong_ends[-1]], strict=True):
        if lang != "en":
            page.get_by_test_id("stSidebar").get_by_text(LANGUAGE_NAMES[lang], exact=True).click()
            page.get_by_text(t("learn.step_of", lang, n=run.index + 1, total=len(lesson.steps))).first.wait_for()
        drawn = _drawn(page)
        assert drawn["hand"] and min(drawn["hand"]) >= 44, drawn  # the learner's tiles, at 1400 x 1000
        assert drawn["handPips"] and min(drawn["handPips"]) >= 6, drawn
        assert min(drawn["labels"]) >= 13, drawn  # every seat's words
        page.screenshot(path=str(artifacts / f"learn_board_{lang}.png"))
        said = why_illegal(state, play(tile, wrong))
        assert said is not None and str(tile) in said.in_(lang)
        click_button(page, str(tile))
        label = t("controls.end_button", lang, end=t(f"end.{wrong}", lang), n=dict(state.table.open_ends())[wrong])
        click_button(page, label, expect=said.in_(lang))
        # a mistake, said once; the tile stays picked on the board and on the buttons alike, its ends offered again
        assert page.evaluate(TIMES_SAID, said.in_(lang)) == 1
        assert page.evaluate(LAYER) == f"pick:hand:{tile}"
        page.get_by_role("button", name=f"▲ {tile}", exact=True).wait_for()
        page.get_by_role("button", name=label, exact=True).wait_for()
        # a tile that fits nowhere, chosen with its button: why, said once (the panel's box, not under the board too)
        refusal = handle_click(state, None, f"hand:{stuck}", viewer_seat=run.viewer).message
        assert refusal is not None
        click_button(page, str(stuck), expect=refusal.in_(lang))
        assert page.evaluate(LAYER) == f"pick:hand:{stuck}"
        assert page.evaluate(TIMES_SAID, refusal.in_(lang)) == 1
        page.screenshot(path=str(artifacts / f"learn_stuck_tile_{lang}.png"))
        # another tile picked on the board: the buttons put the old one down and the box's sentence about it goes
        click_point(page, f"hand:{tile}")
        page.get_by_role("button", name=f"▲ {stuck}", exact=True).wait_for(state="detached")
        page.wait_for_function(SETTLED, polling=50)
        assert page.evaluate(LAYER) == f"pick:hand:{tile}"
        assert page.get_by_role("button", name=str(stuck), exact=True).count() == 1
        assert page.get_by_text(t("controls.choose_end", lang, tile=str(stuck))).count() == 0
        assert page.evaluate(TIMES_SAID, refusal.in_(lang)) == 0
        page.screenshot(path=str(artifacts / f"learn_board_pick_after_button_{lang}.png"))


# Whether the text is wholly in the window, below the page's header (what the learner sees without scrolling).
IN_SIGHT = """(text) => {
  const node = [...document.querySelectorAll('[data-testid="stAlertContainer"]')].find((n) => n.innerText.includes(text));
  if (!node) return false;
  const header = document.querySelector('[data-testid="stHeader"]');
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const box = node.getBoundingClientRect();
  return box.top >= top && box.bottom <= window.innerHeight;
}"""


def _tapped_low(page: Any, label: str) -> None:
    """Tap a button where a thumb taps it: scrolled to the middle of a phone's screen first."""
    button = page.get_by_role("button", name=label, exact=True).first
    button.evaluate("(node) => node.scrollIntoView({block: 'center'})")
    page.wait_for_function(SETTLED, polling=50)
    button.tap()


def test_on_a_phone_the_verdict_comes_into_sight_and_a_board_pick_puts_down_the_buttons_and_the_warning(
    screen_page: Any, app_url: str, artifacts: Path
) -> None:
    """390 x 844: a lesson's verdict said after a tap on an end button below its box is scrolled into sight, and
    outlasts the next pick: a tile that fits nowhere chosen with its button, said why under it, then another tile
    picked on the board puts that pick, its buttons and its note down, the wrong move's reason staying (ru); on
    Play, a warning about a tile chosen with its button comes into sight, and goes with the button's choice as
    soon as another tile is picked on the board (en)."""
    lesson = next(item for item in load_course("core") if item.id == "core-02-placing-on-the-ends")
    run = LessonRun.start(lesson)
    page = screen_page(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2, locale="ru-RU"
    )
    open_app(page, f"{app_url}/?lesson={lesson.id}&lang=ru")
    walk_to_play_step(page, run, RUSSIAN_LESSON)
    state = run.state
    assert state is not None
    tile, wrong = next(
        (tile, end)
        for tile in state.hand(run.viewer)
        for end, number in state.table.open_ends()
        if not tile.has(number) and any(m.tile is tile for m in legal_moves(state))
    )
    said = why_illegal(state, play(tile, wrong))
    assert said is not None
    _tapped_low(page, str(tile))
    page.get_by_role("button", name=f"▲ {tile}", exact=True).wait_for()
    page.wait_for_function(SETTLED, polling=50)
    _tapped_low(
        page, t("controls.end_button", "ru", end=t(f"end.{wrong}", "ru"), n=dict(state.table.open_ends())[wrong])
    )
    page.wait_for_function(IN_SIGHT, arg=said.ru, polling=50, timeout=30_000)
    page.screenshot(path=str(artifacts / "phone_lesson_verdict_in_sight.png"))
    # the learner tries again: a tile that fits nowhere, chosen with its button, said why under the verdict
    stuck = next(t_ for t_ in state.hand(run.viewer) if not any(m.tile is t_ for m in legal_moves(state)))
    note = handle_click(state, None, f"hand:{stuck}", viewer_seat=run.viewer).message
    assert note is not None
    _tapped_low(page, str(stuck))
    page.wait_for_function(IN_SIGHT, arg=note.ru, polling=50, timeout=30_000)
    assert page.evaluate(TIMES_SAID, said.ru) == 1, "the wrong move's reason stays beside the note on the pick"
    page.wait_for_function(IN_SIGHT, arg=said.ru, polling=50, timeout=30_000)  # the box from its top, both in sight
    page.screenshot(path=str(artifacts / "phone_lesson_verdict_and_pick_note.png"))
    # then the tile just misplaced, picked on the board: the stuck tile's pick, its buttons and its note go
    where = wait_point(page, f"hand:{tile}")
    page.touchscreen.tap(where["x"], where["y"])
    page.get_by_role("button", name=f"▲ {stuck}", exact=True).wait_for(state="detached")
    page.wait_for_function(SETTLED, polling=50)
    assert page.evaluate(LAYER) == f"pick:hand:{tile}"
    assert page.evaluate(TIMES_SAID, note.ru) == 0, "the note on the tile put down is gone"
    assert page.evaluate(TIMES_SAID, said.ru) == 1, "the wrong move's reason is still said"
    page.screenshot(path=str(artifacts / "phone_lesson_board_pick_keeps_verdict.png"))
    # Play: a tile that fits nowhere chosen with its button, then another tile picked on the board
    seed, table = next(
        (seed, table)
        for seed in range(1, 60)
        for table in [start_table(rules_for("block", 2), "block", DEFAULT_LEVEL, seed, False)]
        if table.state.to_move == HUMAN
        and table.state.log
        and any(not any(m.tile is t_ for m in legal_moves(table.state)) for t_ in table.state.hand(HUMAN))
    )
    state = table.state
    stuck = next(t_ for t_ in state.hand(HUMAN) if not any(m.tile is t_ for m in legal_moves(state)))
    fits = next(m.tile for m in legal_moves(state) if m.tile is not None)
    warning = handle_click(state, None, f"hand:{stuck}", viewer_seat=HUMAN).message
    assert warning is not None
    open_app(page, f"{app_url}/play?deal={seed}&rules=block&players=2&lang=en")
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    _tapped_low(page, str(stuck))
    page.wait_for_function(IN_SIGHT, arg=warning.en, polling=50, timeout=30_000)
    page.screenshot(path=str(artifacts / "phone_play_warning_in_sight.png"))
    where = wait_point(page, f"hand:{fits}")
    page.touchscreen.tap(where["x"], where["y"])
    page.get_by_role("button", name=f"▲ {stuck}", exact=True).wait_for(state="detached")
    page.wait_for_function(SETTLED, polling=50)
    assert page.evaluate(TIMES_SAID, warning.en) == 0, "the warning about the tile put down is gone"
    assert page.evaluate(LAYER) == f"pick:hand:{fits}"
    page.screenshot(path=str(artifacts / "phone_play_board_pick.png"), full_page=True)
    # the tile picked on the board is still played with one more tap, the buttons having followed
    target = next(m.end for m in legal_moves(state) if m.tile is fits)
    with server_answer(page):
        spot = wait_point(page, f"end:{target}")
        page.touchscreen.tap(spot["x"], spot["y"])
    page.wait_for_function(f"() => !({HAS_POINT})('hand:{fits}')", timeout=60_000)


BAR = '[data-testid="stProgress"] [role="progressbar"]'
# -1 while a rerun has the bar off the page, so a wait on it never throws.
PROGRESS = f"() => Number(document.querySelector({BAR!r})?.getAttribute('aria-valuenow') ?? -1)"


def _press(page: Any, key: str, expect: str) -> None:
    """Press ``key`` (nothing focused, as a presenter would) and wait for ``expect`` to be true on the page."""
    page.wait_for_function(SETTLED, polling=50, timeout=30_000)
    page.keyboard.press(key)
    page.wait_for_function(expect, timeout=30_000)
    page.wait_for_function(SETTLED, polling=50, timeout=30_000)


def test_presenter_board_fills_the_room_and_the_first_key_works(
    screen_page: Any, app_url: str, artifacts: Path
) -> None:
    """Presenter mode, driven by the keyboard only (→ next, R reveal, P play the answer), fills the screen; and the
    board a room sees is big enough. One test: the keys had a test of their own (test_presenter.py), a page load
    more."""
    page = screen_page(viewport={"width": 1920, "height": 1080}, locale="en-US")
    # Presenter mode switched on with the mouse, then the keyboard only: the very first key press works.
    first = load_course("core")[0]
    kinds = [type(step).__name__ for step in first.steps]
    assert kinds[:2] == ["ExplainStep", "QuizStep"], kinds  # → reads on at once; the keys below walk the quiz
    open_app(page, f"{app_url}/?lesson={first.id}&lang=en")
    page.get_by_text(t("learn.presenter", "en")).first.click()
    page.get_by_text("Keys: → next step").wait_for(timeout=30_000)
    # The caption streams in before the step fragment draws its progress bar: wait for the bar.
    page.wait_for_function(f"() => !!document.querySelector({BAR!r})", timeout=30_000)
    page.wait_for_function(SETTLED, polling=50, timeout=30_000)
    assert not page.locator('[data-testid="stSidebar"]').is_visible(), "the sidebar is still on screen"
    start = page.evaluate(PROGRESS)
    _press(page, "ArrowRight", f"() => ({PROGRESS})() > {start}")  # the explanation read: the quiz
    page.get_by_text(t("learn.step_of", "en", n=2, total=len(first.steps))).wait_for(timeout=30_000)
    quiz = page.evaluate(PROGRESS)
    _press(page, "r", "() => document.body.innerText.includes('The answer: ')")
    _press(page, "p", "() => !!document.querySelector('.st-key-learn_next button')")
    page.screenshot(path=str(artifacts / "presenter.png"), full_page=False)
    assert page.evaluate(PROGRESS) == quiz, "playing the answer is not yet the next step"
    _press(page, "ArrowRight", f"() => ({PROGRESS})() > {quiz}")
    # The board a room sees: a lesson's first move, on a 1920 x 1080 projector (presenter mode by the link).
    lesson = next(item for item in load_course("core") if item.id == "core-02-placing-on-the-ends")
    run = LessonRun.start(lesson)
    open_app(page, f"{app_url}/?lesson={lesson.id}&present=1&lang=en")
    page.get_by_text("Keys: → next step").wait_for(timeout=30_000)
    walk_to_play_step(page, run, ENGLISH_LESSON)
    drawn = _drawn(page)
    assert drawn["chain"] and min(drawn["chain"]) >= 60, drawn  # tiles on the table, for a room
    assert min(drawn["labels"]) >= 24, drawn
    page.screenshot(path=str(artifacts / "presenter_board.png"))


def test_one_tap_picks_one_tap_plays_and_no_hover_label_on_a_touch_screen(
    screen_page: Any, app_url: str, artifacts: Path
) -> None:
    seed = 4
    table = start_table(rules_for("block", 2), "block", DEFAULT_LEVEL, seed, False)
    assert table.state.to_move == HUMAN
    move = next(m for m in legal_moves(table.state) if m.action is Action.PLAY)
    page = screen_page(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2, locale="en-US"
    )
    open_app(page, f"{app_url}/play?deal={seed}&rules=block&players=2&lang=en")
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    where = wait_point(page, f"hand:{move.tile}", timeout=60_000)
    page.touchscreen.tap(where["x"], where["y"])  # one tap: picked, its targets drawn
    page.wait_for_function(f"() => !!document.querySelector('.dt-layer [data-point=\"end:{move.end}\"]')")
    assert page.locator(".hoverlayer .hovertext").count() == 0, "a hover label on a touch screen"
    page.screenshot(path=str(artifacts / "touch_picked.png"))
    target = wait_point(page, f"end:{move.end}")
    with server_answer(page):
        page.touchscreen.tap(target["x"], target["y"])  # one tap: played
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    page.wait_for_function(f"() => !({HAS_POINT})('hand:{move.tile}')", timeout=60_000)
    assert page.locator(".hoverlayer .hovertext").count() == 0
    page.screenshot(path=str(artifacts / "touch_played.png"))
