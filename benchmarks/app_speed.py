"""How fast the app answers a click, against a bare Plotly page served in the same run.

Run: ``python3 benchmarks/app_speed.py`` (the browser part needs Debian's
chromium; ``--server-only`` skips it). The reference is ``bare_page.py``:
one Plotly figure of 28 tile-sized rectangles with ``on_select="rerun"`` and
nothing else. Both pages are measured the same way: a click on the board to
the clicked tile gone from the drawn board ("click to board"), the click to
the end of the script run the click started ("rerun", as the browser sees
it), and a first load in a fresh browser context (the app's home page to
every lesson card with its Start button drawn; the bare page to its figure).
Goals, as medians over the same run: click to board <= 1.3 x the bare page,
rerun <= 1.5 x, home page <= 1.5 x the bare page's first load. The absolute
figures are printed too, and AppTest's whole-page rerun on the server.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from tutorial_app.app.play.table import HUMAN, PlayTable, human_move, start_table  # noqa: E402
from tutorial_app.rules.line.moves import legal_moves  # noqa: E402
from tutorial_app.rules.line.state import Action  # noqa: E402
from tutorial_app.rules.line.variants import rules_for  # noqa: E402

MAIN = str(ROOT / "tutorial_app" / "app" / "main.py")
BARE = ROOT / "benchmarks" / "bare_page.py"

# Every change of the script's state, with its time, so a rerun is timed from the page's own clock.
STATE_LOG = """() => {
  if (window.__states) return;
  window.__states = [];
  new MutationObserver((records) => {
    for (const record of records) {
      window.__states.push([performance.now(), record.target.getAttribute('data-test-script-state')]);
    }
  }).observe(document.body, {attributes: true, subtree: true, attributeFilter: ['data-test-script-state']});
}"""
RERUN_OVER = """(since) => {
  const after = window.__states.filter(([t]) => t >= since);
  const ran = after.findIndex(([, s]) => s === 'running');
  const done = after.findIndex(([, s], i) => i > ran && ran >= 0 && s === 'notRunning');
  return done >= 0 ? after[done][0] - since : null;
}"""


def _single_place_move(table: PlayTable):  # type: ignore[no-untyped-def]
    """A legal play whose tile fits one place only (one click plays it), else any legal move."""
    moves = legal_moves(table.state)
    plays = [m for m in moves if m.action is Action.PLAY]
    for move in plays:
        if sum(1 for m in plays if m.tile is move.tile) == 1:
            return move
    return moves[0]


def server_rerun(samples: int) -> list[float]:
    """Milliseconds of AppTest reruns after a tile click on the Play page (4-player block, 28 tiles on the board)."""
    from streamlit.testing.v1 import AppTest

    os.environ.setdefault("DOMINO_TUTOR_PROGRESS_DB", str(Path(tempfile.mkdtemp()) / "bench.sqlite3"))
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.run()
    at.switch_page("app_pages/play.py").run()
    times: list[float] = []
    seed = 0
    while len(times) < samples:
        table = start_table(rules_for("block", 4), "block", "greedy", seed, False)
        seed += 1
        while not table.hand_over and len(times) < samples:
            move = _single_place_move(table)
            at.session_state["play_table"] = table
            at.session_state["play_selected"] = None
            at.run()
            key = f"play_tile_{move.tile}" if move.action is Action.PLAY else f"play_{move.action.value}"
            button = at.button(key=key)
            started = time.perf_counter()
            button.click().run()
            times.append((time.perf_counter() - started) * 1000)
            assert not at.exception, at.exception
            table = human_move(table, move)
    return times


def _stop(process: Any) -> None:
    """Stop a served page (a busy machine may take a while; then it is killed)."""
    process.terminate()
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def server_bare_rerun(samples: int) -> list[float]:
    """Milliseconds of AppTest reruns of the bare page after a "click" (a rectangle gone)."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(BARE), default_timeout=60)
    at.run()
    times: list[float] = []
    for index in range(samples):
        at.session_state["gone"] = [f"hand:{index % 28}"]
        started = time.perf_counter()
        at.run()
        times.append((time.perf_counter() - started) * 1000)
        assert not at.exception, at.exception
    return times


class Clicks:
    """A browser's figures for one page: click to board, click to the rerun's end, first loads (ms)."""

    def __init__(self) -> None:
        self.board: list[float] = []
        self.rerun: list[float] = []
        self.load: list[float] = []


def _timed_click(page: Any, name: str, into: Clicks, gone: str | None = None) -> None:
    """Click board point ``name``, wait until point ``gone`` (default: the clicked one) has left the drawn board
    and the run is over; keep the times.

    The page must be still first (a click during a layout shift lands
    elsewhere); a click that did not take is made again and not counted.
    """
    from browser_helpers import FIND_POINT, SETTLED, wait_point
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _attempt in range(3):
        page.wait_for_function(SETTLED, polling=50, timeout=60_000)
        where = wait_point(page, name, timeout=60_000)
        since = float(page.evaluate("() => performance.now()"))
        page.mouse.click(where["x"], where["y"])
        try:
            drawn = page.wait_for_function(
                f"() => ({FIND_POINT})({(gone or name)!r}) === null ? performance.now() : false",
                polling="raf",
                timeout=20_000,
            ).json_value()
        except PlaywrightTimeout:
            continue
        into.board.append(float(drawn) - since)
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
        over = page.evaluate(RERUN_OVER, since)
        into.rerun.append(float(over) if over is not None else float(drawn) - since)
        return
    raise RuntimeError(f"three clicks on {name} did not take")


def bare_browser(browser: Any, samples: int) -> Clicks:
    """The bare page: first loads to its figure, then clicks on its rectangles."""
    from browser_helpers import wait_point
    from servers import start_app

    process, url = start_app({}, script=BARE)
    found = Clicks()
    try:
        for _ in range(max(3, samples // 5)):
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            page = context.new_page()
            started = time.perf_counter()
            page.goto(url)
            wait_point(page, "hand:27", timeout=60_000)
            found.load.append((time.perf_counter() - started) * 1000)
            page.evaluate(STATE_LOG)
            for index in range(min(samples - len(found.board), 27)):
                _timed_click(page, f"hand:{index}", found)
            context.close()
    finally:
        _stop(process)
    return found


def home_loads(browser: Any, url: str, samples: int) -> list[float]:
    """The home page in a fresh context to every lesson card with its Start button drawn (ms)."""
    from tutorial_app.lessons.catalog import lesson_ids

    count = len(lesson_ids())
    loads: list[float] = []
    for _ in range(samples):
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        started = time.perf_counter()
        page.goto(f"{url}/?lang=en")
        page.wait_for_function(
            "(n) => [...document.querySelectorAll('[class*=\"st-key-learn_start_\"] button')]"
            ".filter((b) => b.offsetHeight > 0 && b.innerText.trim()).length >= n",
            arg=count,
            timeout=60_000,
        )
        loads.append((time.perf_counter() - started) * 1000)
        context.close()
    return loads


def app_browser(browser: Any, url: str, samples: int) -> Clicks:
    """The Play page (4-player block): first loads to its board, then moves on the board (a tile, then its end)."""
    from browser_helpers import RERUN_WATCH, SETTLED, click_point, wait_point

    found = Clicks()
    seed = 0
    while len(found.board) < samples:
        table = start_table(rules_for("block", 4), "block", "greedy", seed, False)
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        started = time.perf_counter()
        page.goto(f"{url}/play?deal={seed}&rules=block&players=4&lang=en")
        wait_point(page, f"hand:{table.state.hand(HUMAN)[0]}", timeout=60_000)
        found.load.append((time.perf_counter() - started) * 1000)
        page.evaluate(STATE_LOG)
        page.evaluate(RERUN_WATCH)
        seed += 1
        while not table.hand_over and len(found.board) < samples:
            move = _single_place_move(table)
            if move.action is not Action.PLAY:
                break  # a pass or a draw: no tile to click
            # One click model: the tile (selected, untimed), then the end; timed until the tile has left the hand.
            page.wait_for_function(SETTLED, polling=50, timeout=60_000)
            click_point(page, f"hand:{move.tile}")
            _timed_click(page, f"end:{move.end}", found, gone=f"hand:{move.tile}")
            table = human_move(table, move)
        context.close()
    return found


def browser_figures(samples: int) -> tuple[Clicks, Clicks, list[float]]:
    """(the app's Play page, the bare page, the home page's loads) in one headless Chromium."""
    from conftest import CHROMIUM_ARGS, chromium_path
    from playwright.sync_api import sync_playwright
    from servers import start_app

    executable = chromium_path()
    if executable is None:
        raise SystemExit("chromium is not installed: apt-get install -y chromium (or use --server-only)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        bare = bare_browser(browser, samples)
        process, url = start_app({"DOMINO_TUTOR_PROGRESS_DB": str(Path(tempfile.mkdtemp()) / "bench.sqlite3")})
        try:
            app = app_browser(browser, url, samples)
            homes = home_loads(browser, url, len(bare.load))
        finally:
            _stop(process)
        browser.close()
    return app, bare, homes


def _line(name: str, values: list[float], goal: float, unit: str = "ms") -> str:
    median = statistics.median(values)
    verdict = "ok" if median <= goal else "OVER GOAL"
    return (
        f"{name}: median {median:.0f} {unit}, min {min(values):.0f}, max {max(values):.0f} "
        f"({len(values)} samples; goal <= {goal:.0f} {unit}: {verdict})"
    )


def _ratio(name: str, app: list[float], bare: list[float], goal: float) -> str:
    ratio = statistics.median(app) / statistics.median(bare)
    verdict = "ok" if ratio <= goal else "OVER GOAL"
    return f"{name}: {ratio:.2f} (goal <= {goal}: {verdict})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--server-only", action="store_true")
    args = parser.parse_args()
    server = server_rerun(args.samples)
    server_bare = server_bare_rerun(args.samples)
    print(_line("server: whole-page rerun after a click (AppTest, Play page, 4-player block)", server, 60))
    print(_line("server: rerun of the bare page (AppTest)", server_bare, 60))
    print(
        f"server: whole-page rerun to the bare page: {statistics.median(server) / statistics.median(server_bare):.2f}"
    )
    if args.server_only:
        return
    app, bare, homes = browser_figures(args.samples)
    print(_line("browser: click on a tile to updated board (Play page)", app.board, 400))
    print(_line("browser: click to the end of its rerun (Play page)", app.rerun, 400))
    print(_line("browser: first load to interactive board (Play page)", app.load, 5000))
    print(_line("bare page: click to updated figure", bare.board, 400))
    print(_line("bare page: click to the end of its rerun", bare.rerun, 400))
    print(_line("bare page: first load to its figure", bare.load, 5000))
    print(_line("home page: first load to every lesson card with its button", homes, 5000))
    print(_ratio("click-to-board ratio to the bare page", app.board, bare.board, 1.3))
    print(_ratio("rerun ratio to the bare page", app.rerun, bare.rerun, 1.5))
    print(_ratio("home page's lesson cards to the bare page's first load", homes, bare.load, 1.5))


if __name__ == "__main__":
    main()
