"""Driving the app in a real browser: wait for reruns, click points of the board.

The board component (``tutorial_app/app/table/board_assets/board.js``) answers a
tile click in the browser (no rerun) and reports a move to the server; it
says on its element what it shows (``data-board``: the board the server
sent, ``data-shown``: the board Plotly drew, ``data-pending``: a report not
answered yet, ``data-answered``: clicks it answered). Also used by
``benchmarks/app_speed.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tutorial_app.i18n import t
from tutorial_app.lessons import Run, solve
from tutorial_app.lessons.format.model import PlayStep
from tutorial_app.rules.line.state import Action, HandState, Move

POLL_MS = 50
"""How often a wait reads the page. Why not Playwright's default (every animation frame, ~60 times a second):
reading the page's text or the figures' points forces a layout each time, and Chromium's CPU is the suite's
scarcest resource on a 2-core machine; 50 ms is still well under a rerun's own time."""

RERUN_WATCH = """() => {
  if (window.__domino) return;
  window.__domino = {runs: 0};
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target.getAttribute('data-test-script-state') === 'notRunning') window.__domino.runs += 1;
    }
  }).observe(document.body, {attributes: true, subtree: true, attributeFilter: ['data-test-script-state']});
}"""

# What the learner sees: a change here means the click has been answered, even when
# a fast rerun's "running" state never reached the page.
PAGE_TEXT = "() => (document.querySelector('[data-testid=\"stMain\"]') || document.body).innerText"

FIND_POINT = """(name) => {
  const ring = document.querySelector(`.dt-layer [data-point="${name}"]`);
  if (ring) {
    ring.scrollIntoView({block: 'center'});
    const box = ring.getBoundingClientRect();
    return {x: box.left + box.width / 2, y: box.top + box.height / 2};
  }
  for (const gd of document.querySelectorAll('.js-plotly-plot')) {
    const layout = gd._fullLayout;
    if (!layout || !gd._fullData) continue;
    for (const trace of gd._fullData) {
      const data = trace.customdata;
      if (!data) continue;
      for (let i = 0; i < data.length; i++) {
        const value = Array.isArray(data[i]) ? data[i][0] : data[i];
        if (value === name) {
          gd.scrollIntoView({block: 'center'});
          const box = gd.getBoundingClientRect();
          return {x: box.left + layout.xaxis._offset + layout.xaxis.l2p(trace.x[i]),
                  y: box.top + layout.yaxis._offset + layout.yaxis.l2p(trace.y[i])};
        }
      }
    }
  }
  return null;
}"""


def open_app(page: Any, url: str) -> None:
    """Open a page of the app and wait until its script has run and rerun-watching is on."""
    page.goto(url)
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=60_000)
    page.wait_for_selector('[data-testid="stMainBlockContainer"]', timeout=30_000)
    page.evaluate(RERUN_WATCH)


def reruns(page: Any) -> int:
    """How many script runs have finished since ``open_app``."""
    return int(page.evaluate("() => window.__domino ? window.__domino.runs : 0"))


# The widget labels Streamlit cut off with "…" (the text wider than its box), by their text.
CUT_LABELS = """() => [...document.querySelectorAll('[data-testid="stWidgetLabel"] [data-testid="stMarkdownContainer"]')]
  .filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.innerText)"""

# Clicks the boards answered in the browser, all boards of the page together.
ANSWERED = "() => [...document.querySelectorAll('.dt-board')].reduce((n, b) => n + Number(b.dataset.answered || 0), 0)"

# Every board drew what the server last sent and waits for no answer (the bots' moves played through).
BOARDS_IDLE = """() => [...document.querySelectorAll('.dt-board')].every(
  (b) => b.dataset.pending !== 'true' && b.dataset.replaying !== 'true' && b.dataset.shown === b.dataset.board)"""

# The key of the board the server sent last (the first board of the page): a new key is the server's answer to a move.
BOARD_KEY = "() => { const board = document.querySelector('.dt-board'); return board ? board.dataset.board : null; }"

# What the boards say about themselves (sent, shown, pending, answered, their layer), and the page's run state and
# scroll: a failed wait's message, to tell a tap that missed (nothing answered) from a report the server never answered.
BOARD_STATE = """() => ({boards: [...document.querySelectorAll('.dt-board')].map((board) => ({...board.dataset})),
  runs: window.__domino ? window.__domino.runs : null, scrollY: window.scrollY,
  state: (document.querySelector('[data-testid="stApp"]') || document.body).getAttribute('data-test-script-state')})"""


@contextmanager
def server_answer(page: Any, timeout: float = 60_000) -> Iterator[None]:
    """Around a move made on the board: wait for the server's answer, a run seen to end or the board it sent (a run
    too quick for the page to show "running" is seen by its board); none within ``timeout`` fails with what the
    boards say of themselves."""
    before, board = reruns(page), page.evaluate(BOARD_KEY)
    yield
    try:
        page.wait_for_function(
            f"([n, key]) => window.__domino.runs > n || ({BOARD_KEY})() !== key", arg=[before, board], timeout=timeout
        )
    except PlaywrightTimeout:
        raise AssertionError(f"the move was not answered: {page.evaluate(BOARD_STATE)}") from None


SETTLED = """() => {
  const state = document.querySelector('[data-testid="stApp"]');
  if (!state || state.getAttribute('data-test-script-state') !== 'notRunning') return false;
  if (document.querySelector('[data-stale="true"]')) return false;
  if (!(BOARDS_IDLE)()) return false;
  const text = (PAGE_TEXT)();
  const now = performance.now();
  const last = window.__dominoSettle;
  if (!last || last.text !== text) { window.__dominoSettle = {text: text, since: now}; return false; }
  return now - last.since >= 150;
}""".replace("(PAGE_TEXT)", f"({PAGE_TEXT})").replace("(BOARDS_IDLE)", f"({BOARDS_IDLE})")


def wait_rerun(
    page: Any, before: int, timeout: float = 30_000, text: str | None = None, answered: int | None = None
) -> None:
    """Wait until a script run that started after ``before`` has finished (or the page's text changed, or a
    board answered a click in the browser: ``answered`` was the count before), then until the page has been
    still for a moment."""
    page.wait_for_function(
        f"([n, text, answered]) => window.__domino.runs > n || (text !== null && ({PAGE_TEXT})() !== text)"
        f" || (answered !== null && ({ANSWERED})() > answered)",
        arg=[before, text, answered],
        timeout=timeout,
        polling=POLL_MS,
    )
    page.wait_for_function(SETTLED, timeout=timeout, polling=POLL_MS)


def wait_point(page: Any, name: str, timeout: float = 15_000) -> dict[str, float]:
    """Wait until a board point named ``name`` ("hand:6-4", "end:left") is drawn; its pixel position."""
    page.wait_for_function(f"() => ({FIND_POINT})({name!r}) !== null", timeout=timeout, polling=POLL_MS)
    where = page.evaluate(FIND_POINT, name)
    assert where is not None
    return {"x": float(where["x"]), "y": float(where["y"])}


def click_point(page: Any, name: str) -> None:
    """Click a board point by its ``customdata`` (or a target the board drew) and wait for the app's answer:
    the board's own (a tile picked) or the server's (a move, once the bots' replies are played through)."""
    page.wait_for_function(SETTLED, polling=50)
    where = wait_point(page, name)
    before, text, answered = reruns(page), page.evaluate(PAGE_TEXT), int(page.evaluate(ANSWERED))
    page.mouse.click(where["x"], where["y"])
    wait_rerun(page, before, text=text, answered=answered)


def click_button(page: Any, label: str, expect: str | None = None, gone: bool = False) -> None:
    """Click the app button with exactly this label, once the page is still, and wait for the app's answer.

    With ``expect``, wait until that text is on the page; with ``gone``, until
    the button is no longer there (a question's choice, once answered). A
    click that was lost (a layout shift, or a run the page was still making
    for itself, such as the board's width being reported: the awaited sign did
    not come and the button is still there) is made once more.
    """
    page.wait_for_function(SETTLED, polling=POLL_MS)
    button = page.get_by_role("button", name=label, exact=True).first
    before, text = reruns(page), page.evaluate(PAGE_TEXT)
    button.click()
    if gone:
        try:
            button.wait_for(state="detached", timeout=5_000)
        except PlaywrightTimeout:
            button.click()
            button.wait_for(state="detached")
        page.wait_for_function(SETTLED, polling=POLL_MS)
        return
    if expect is None:
        wait_rerun(page, before, text=text)
        return
    try:
        page.get_by_text(expect).first.wait_for(timeout=5_000)
    except PlaywrightTimeout:
        if button.count():
            button.click()
        page.get_by_text(expect).first.wait_for()
    page.wait_for_function(SETTLED, polling=POLL_MS)


class LessonWords(NamedTuple):
    """A lesson's words on the page in one language, as a test reads them (``step``: "Step {n} of {total}")."""

    lang: str
    answer_box: str
    answer: str
    next: str
    step: str


ENGLISH_LESSON = LessonWords("en", "Your answer", "Answer", "Next", "Step {n} of {total}")
RUSSIAN_LESSON = LessonWords("ru", "Ваш ответ", "Ответить", "Дальше", "Шаг {n} из {total}")
SPANISH_LESSON = LessonWords("es", "Tu respuesta", "Responder", "Siguiente", "Paso {n} de {total}")


def answer_question(page: Any, run: Run, answer: object, words: LessonWords = ENGLISH_LESSON) -> None:
    """Answer the lesson step's question on the page as a learner does, with the choice that is ``answer`` (a
    question without choices: typed into the answer box), and in ``run``, the test's copy of the lesson."""
    choices = run.choices(words.lang)
    if choices is not None:
        click_button(page, next(text for value, text in choices if value == answer), gone=True)
    else:
        page.get_by_label(words.answer_box).fill(str(answer))
        click_button(page, words.answer, gone=True)
    run.answer(answer)


def next_step(page: Any, run: Run, words: LessonWords = ENGLISH_LESSON) -> None:
    """Go on to the lesson's next step, on the page (until it says "Step n of m") and in ``run``."""
    click_button(page, words.next, expect=words.step.format(n=run.index + 2, total=len(run.lesson.steps)))
    run.next()


def walk_to_play_step(page: Any, run: Run, words: LessonWords = ENGLISH_LESSON) -> None:
    """Take a lesson on the page to its next play step: each question on the way answered right (``solve``), then
    Next."""
    while not isinstance(run.step, PlayStep):
        action = solve(run)
        if action is not None:
            answer_question(page, run, action, words)
        next_step(page, run, words)


def walk_lesson(page: Any, run: Run, make_move: Callable[[Any], None], choices_only: bool = False) -> None:
    """Take a lesson on the page to its end as a learner, each step's right action from the rules core (``solve``):
    a question answered (``answer_question``; with ``choices_only`` every question must offer choices), a move
    made by ``make_move`` (given the move: it makes it on the page and in ``run``); "Right!" after each, then
    "Lesson complete!"."""
    while True:
        action = solve(run)
        if isinstance(run.step, PlayStep):
            make_move(action)
            page.get_by_text("Right!").first.wait_for()
        elif action is not None:
            assert not choices_only or run.choices(ENGLISH_LESSON.lang) is not None, f"step {run.index + 1}"
            answer_question(page, run, action)
            page.get_by_text("Right!").first.wait_for()
        if run.finished:
            break
        next_step(page, run)
    page.get_by_text("Lesson complete!").wait_for()


def end_label(state: HandState, move: Move, lang: str) -> str:
    """The label of the button that lays ``move``'s tile on its end (or leads it) under the board."""
    if move.end == "lead":
        return t("controls.lead_button", lang, tile=str(move.tile))
    number = next(n for at, n in state.table.open_ends() if at == move.end)
    return t("controls.end_button", lang, end=t(f"end.{move.end}", lang), n=number)


def play_line_move(page: Any, state: HandState, move: Move, lang: str, phone: bool) -> None:
    """A learner's move at a line game's table: on a laptop by clicking the board (the tile, then its end), on a
    phone by the buttons under it (tiles are small there; a tile whose end is the only one is played at once, with
    no end button); a pass or a draw by its button."""
    if move.action is not Action.PLAY:
        click_button(page, t(f"controls.{move.action.value}", lang))
        return
    assert move.tile is not None and move.end is not None
    if phone:
        click_button(page, str(move.tile))
        label = end_label(state, move, lang)
        if page.get_by_role("button", name=label, exact=True).count():
            click_button(page, label)
    else:
        click_point(page, f"hand:{move.tile}")
        click_point(page, f"end:{move.end}")


def choose(page: Any, label: str, option: str) -> None:
    """Pick ``option`` in the select box labelled ``label`` and wait until the box shows it and the page is still.

    Why not ``wait_rerun``: the box's value is not page text (it sits in the box's input), and a fast rerun's
    "running" state may never reach the page; the choice is the browser's from the moment the box shows it,
    and every later rerun sends it."""
    box = page.get_by_role("combobox", name=label, exact=True).first
    box.click()
    page.get_by_role("option", name=option, exact=True).first.click()
    expect(box).to_have_value(option, timeout=30_000)
    page.wait_for_function(SETTLED, polling=POLL_MS)


def point_gone(page: Any, name: str, timeout: float = 30_000) -> None:
    """Wait until the board no longer has a point named ``name`` (a tile left the hand)."""
    page.wait_for_function(f"() => ({FIND_POINT})({name!r}) === null", timeout=timeout, polling=POLL_MS)
    page.wait_for_function(SETTLED, polling=POLL_MS)


def type_deal_number(page: Any, label: str, number: int = 1) -> None:
    """Type Play's deal number (the box labelled ``label``) so the test can keep the same table in step
    locally; left empty, the app deals a new secret deal nobody can replay."""
    field = page.get_by_role("spinbutton", name=label, exact=True).first
    field.fill(str(number))
    field.press("Enter")
    # Enter commits the number in the browser at once (Streamlit's "Press Enter to apply" goes away): every
    # later click sends it, whether or not the rerun it starts was seen (a fast one can pass unseen under load)
    box = field.locator("xpath=ancestor::*[@data-testid='stNumberInput'][1]")
    box.locator('[data-testid="InputInstructions"]').wait_for(state="hidden")
    assert field.input_value() == str(number)
    page.wait_for_function(SETTLED, polling=POLL_MS)
