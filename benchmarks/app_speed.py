"""How fast the board answers a click, against a bare Plotly page served in the same run.

Run: ``python3 benchmarks/app_speed.py`` (needs Debian's chromium; ``--busy 2``
starts two CPU-bound processes beside the servers for the whole run;
``--profile`` adds Chrome's CPU profile of one move on the board).

The reference is ``bare_page.py``: one Plotly figure of 28 tile-sized
rectangles with ``on_select="rerun"`` and nothing else; a click removes a
rectangle through a rerun. The app is the Play page (4-player block) and its
board component, which answers the learner's clicks in the browser. Both
pages are measured the same way, in the page's own clock, detected at
animation frames:

- click to board: a click on a target to the move drawn on the board (the
  tile gone from the hand); on the bare page a click to the redrawn figure;
- select to targets: a click on a tile to its targets drawn (the bare page
  has no targets: its click to the redrawn figure is the reference);
- rerun: a click to the end of the script run it started;
- first load: a fresh browser context to an interactive board (the Play
  page's board drawn with its tiles to click), the bare page to its figure.

A click is timed from its release as the page saw it (the pointerup event's
time stamp), so the driver's own time to send the click is left out on both
pages.

Goals, medians of the same run: click to board <= 0.5 x the bare page,
select to targets <= 0.5 x, rerun <= 2.5 x, first load <= 1.5 x.
"""

from __future__ import annotations

import multiprocessing
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from measure import benchmark_parser, load_average

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from tutorial_app.app.play.seat_bots import DEFAULT_LEVEL  # noqa: E402
from tutorial_app.app.play.table import HUMAN, PlayTable, human_move, start_table  # noqa: E402
from tutorial_app.rules.line.moves import legal_moves  # noqa: E402
from tutorial_app.rules.line.state import Action, Move  # noqa: E402
from tutorial_app.rules.line.variants import rules_for  # noqa: E402

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
# The release of the last click, in the page's clock.
CLICK_CLOCK = """() => {
  if (window.__released !== undefined) return;
  window.__released = null;
  window.addEventListener('pointerup', (event) => { window.__released = event.timeStamp; }, true);
}"""
RELEASED = "() => window.__released"
RERUN_OVER = """(since) => {
  const after = window.__states.filter(([t]) => t >= since);
  const ran = after.findIndex(([, s]) => s === 'running');
  const done = after.findIndex(([, s], i) => i > ran && ran >= 0 && s === 'notRunning');
  return done >= 0 ? after[done][0] - since : null;
}"""
TARGET_AT = """(name) => {
  const ring = document.querySelector(`.dt-layer [data-point="${name}"]`);
  if (!ring) return null;
  const box = ring.getBoundingClientRect();
  return {x: box.left + box.width / 2, y: box.top + box.height / 2};
}"""
# Cheap to ask every frame (no layout forced, nothing scrolled): the polling must not slow the page it times.
HAS_POINT = """(name) => [...document.querySelectorAll('.js-plotly-plot')].some((gd) => (gd._fullData || []).some(
  (trace) => (trace.customdata || []).some((value) => (Array.isArray(value) ? value[0] : value) === name)))"""
TARGET_SHOWN = """(name) => document.querySelector(`.dt-layer [data-point="${name}"]`) ? performance.now() : false"""
MOVE_SHOWN = """() => {
  const board = document.querySelector('.dt-board');
  return board && board.dataset.layer === 'move' ? performance.now() : false;
}"""
# When the board drew the server's board (after the bots' moves were played on it), in the page's clock.
BOARD_LOG = """() => {
  const board = document.querySelector('.dt-board');
  window.__finalDrawn = null;
  if (window.__boardWatch) window.__boardWatch.disconnect();
  window.__boardWatch = new MutationObserver(() => {
    if (board.dataset.shown === board.dataset.board && board.dataset.pending !== 'true') window.__finalDrawn = performance.now();
  });
  window.__boardWatch.observe(board, {attributes: true, attributeFilter: ['data-shown', 'data-board', 'data-pending']});
}"""
BOARD_READY = """(tile) => {
  const board = document.querySelector('.dt-board');
  return board && board.dataset.shown && board.dataset.shown === board.dataset.board && (HAS)(tile);
}"""


def _busy() -> None:
    """A CPU-bound process (a neighbour on the machine)."""
    value = 0
    while True:
        value = (value * 31 + 7) % 1_000_003


class Figures:
    """A page's figures (ms): click to board, select to targets, click to the end of its rerun, first loads;
    and the app's click to the server's board drawn (after the bots' replies were played on it)."""

    def __init__(self) -> None:
        self.board: list[float] = []
        self.select: list[float] = []
        self.rerun: list[float] = []
        self.load: list[float] = []
        self.redraw: list[float] = []


def _stop(process: Any) -> None:
    """Stop a served page (a busy machine may take a while; then it is killed)."""
    process.terminate()
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _rerun_time(page: Any, since: float, fallback: float) -> float:
    """The click's run over, from the page's log of script states (a run so fast that its "running" never
    reached the page counts as over when its result was drawn: ``fallback``)."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.dt-board')].every((b) => b.dataset.pending !== 'true')",
        timeout=60_000,
    )
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
    over = page.evaluate(RERUN_OVER, since)
    return float(over) if over is not None else fallback


class BarePage:
    """The bare page in one browser context: clicks on its rectangles, a fresh context when they run out."""

    def __init__(self, browser: Any, url: str) -> None:
        self.browser, self.url = browser, url
        self.context: Any = None
        self.page: Any = None
        self.index = 27

    def load(self) -> float:
        """A fresh context to the figure drawn (ms)."""
        if self.context is not None:
            self.context.close()
        self.context = self.browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.context.new_page()
        started = time.perf_counter()
        self.page.goto(self.url)
        self.page.wait_for_function(HAS_POINT, arg="hand:27", timeout=60_000)
        loaded = (time.perf_counter() - started) * 1000
        self.page.evaluate(STATE_LOG)
        self.page.evaluate(CLICK_CLOCK)
        self.index = 0
        return loaded

    def click(self, found: Figures) -> None:
        """One click on a rectangle: to the figure redrawn without it, and to the end of its rerun."""
        from browser_helpers import SETTLED, wait_point

        if self.index >= 27:
            self.load()
        page, name = self.page, f"hand:{self.index}"
        self.index += 1
        page.wait_for_function(SETTLED, polling=50, timeout=60_000)
        where = wait_point(page, name, timeout=60_000)
        page.mouse.click(where["x"], where["y"])
        drawn = page.wait_for_function(
            f"(name) => ({HAS_POINT})(name) ? false : performance.now()", arg=name, polling="raf", timeout=60_000
        ).json_value()
        since = float(page.evaluate(RELEASED))
        found.board.append(float(drawn) - since)
        found.rerun.append(_rerun_time(page, since, float(drawn) - since))


def bare_browser(browser: Any, samples: int) -> Figures:
    """The bare page alone, the reference other benchmarks print beside their own pages: first loads, then
    ``samples`` clicks on its rectangles."""
    from servers import start_app

    process, url = start_app({}, script=BARE)
    found = Figures()
    try:
        bare_page = BarePage(browser, url)
        for _ in range(max(3, samples // 5)):
            found.load.append(bare_page.load())
        for _ in range(samples):
            bare_page.click(found)
        if bare_page.context is not None:
            bare_page.context.close()
    finally:
        _stop(process)
    return found


def _single_place_move(table: PlayTable) -> Move:
    """A legal play whose tile fits one place only, else any legal move."""
    moves = legal_moves(table.state)
    plays = [m for m in moves if m.action is Action.PLAY]
    for move in plays:
        if sum(1 for m in plays if m.tile is move.tile) == 1:
            return move
    return moves[0]


def _open_play(browser: Any, url: str, seed: int, table: PlayTable) -> tuple[Any, Any, float]:
    """A fresh context on the Play page's deal ``seed``; the time to an interactive board (ms)."""
    from browser_helpers import RERUN_WATCH

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    started = time.perf_counter()
    page.goto(f"{url}/play?deal={seed}&rules=block&players=4&lang=en")
    page.wait_for_function(
        BOARD_READY.replace("(HAS)", f"({HAS_POINT})"), arg=f"hand:{table.state.hand(HUMAN)[0]}", timeout=90_000
    )
    loaded = (time.perf_counter() - started) * 1000
    page.evaluate(STATE_LOG)
    page.evaluate(RERUN_WATCH)
    page.evaluate(CLICK_CLOCK)
    return context, page, loaded


def _one_move(page: Any, move: Move, found: Figures) -> None:
    """A tile, then its target: timed from each click to what the board shows, and to the rerun's end."""
    from browser_helpers import SETTLED, wait_point

    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    where = wait_point(page, f"hand:{move.tile}", timeout=60_000)
    page.mouse.click(where["x"], where["y"])
    shown = page.wait_for_function(TARGET_SHOWN, arg=f"end:{move.end}", polling="raf", timeout=60_000).json_value()
    found.select.append(float(shown) - float(page.evaluate(RELEASED)))
    target = page.evaluate(TARGET_AT, f"end:{move.end}")
    page.evaluate(BOARD_LOG)
    page.mouse.click(target["x"], target["y"])
    drawn = page.wait_for_function(MOVE_SHOWN, polling="raf", timeout=60_000).json_value()
    since = float(page.evaluate(RELEASED))
    found.board.append(float(drawn) - since)
    found.rerun.append(_rerun_time(page, since, float(drawn) - since))
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    found.redraw.append(float(page.evaluate("() => window.__finalDrawn")) - since)


class PlayPage:
    """The Play page (4-player block) in one browser context: moves on the board, a new deal when a hand ends."""

    def __init__(self, browser: Any, url: str) -> None:
        self.browser, self.url = browser, url
        self.context: Any = None
        self.page: Any = None
        self.table: PlayTable | None = None
        self.seed = 0

    def load(self) -> float:
        """A fresh context on a new deal to an interactive board (ms)."""
        if self.context is not None:
            self.context.close()
        self.table = start_table(rules_for("block", 4), "block", DEFAULT_LEVEL, self.seed, False)
        self.context, self.page, loaded = _open_play(self.browser, self.url, self.seed, self.table)
        self.seed += 1
        return loaded

    def move(self, found: Figures) -> None:
        """One move on the board (a tile, then its target); a new deal first where the hand has no play to click."""
        while self.table is None or self.table.hand_over or _single_place_move(self.table).action is not Action.PLAY:
            self.load()
        assert self.table is not None
        move = _single_place_move(self.table)
        _one_move(self.page, move, found)
        self.table = human_move(self.table, move)


def profile_click(browser: Any, url: str) -> list[str]:
    """Chrome's CPU profile of one move on the board: from the click on the target to the end of the rerun it
    started (the second move of a deal: the first warms the page up)."""
    from browser_helpers import SETTLED, wait_point

    play_page = PlayPage(browser, url)
    play_page.move(Figures())
    assert play_page.table is not None
    page, move = play_page.page, _single_place_move(play_page.table)
    page.wait_for_function(SETTLED, polling=50, timeout=60_000)
    where = wait_point(page, f"hand:{move.tile}", timeout=60_000)
    page.mouse.click(where["x"], where["y"])
    page.wait_for_function(TARGET_SHOWN, arg=f"end:{move.end}", polling="raf", timeout=60_000)
    target = page.evaluate(TARGET_AT, f"end:{move.end}")
    session = play_page.context.new_cdp_session(page)
    session.send("Profiler.enable")
    session.send("Profiler.setSamplingInterval", {"interval": 200})
    session.send("Profiler.start")
    page.mouse.click(target["x"], target["y"])
    drawn = page.wait_for_function(MOVE_SHOWN, polling="raf", timeout=60_000).json_value()
    since = float(page.evaluate(RELEASED))
    over = _rerun_time(page, since, float(drawn) - since)
    profile = session.send("Profiler.stop")["profile"]
    play_page.context.close()
    return _profile_lines(profile, float(drawn) - since, over)


def _profile_lines(profile: dict[str, Any], drawn: float, over: float) -> list[str]:
    """The profile's busiest functions by self time (ms), with the move's own figures."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    deltas = profile.get("timeDeltas", [])
    spent: dict[str, float] = {}
    for node_id, delta in zip(profile.get("samples", []), deltas, strict=False):
        frame = nodes[node_id]["callFrame"]
        where = Path(frame.get("url", "")).name or "(native)"
        name = f"{frame.get('functionName') or '(anonymous)'} [{where}]"
        spent[name] = spent.get(name, 0.0) + delta / 1000
    total = sum(spent.values())
    busy = total - spent.get("(idle) [(native)]", 0.0)
    lines = [
        f"profile of one move, from the click on the target to the end of its rerun: the move drawn {drawn:.0f} ms "
        f"after the click, the rerun over {over:.0f} ms after it; main thread busy {busy:.0f} ms of {total:.0f} ms "
        "(program: the browser's own work, style, layout and paint)",
    ]
    for name, ms in sorted(spent.items(), key=lambda item: -item[1])[:15]:
        lines.append(f"  {ms:7.1f} ms  {name}")
    return lines


def browser_figures(samples: int, profile: bool) -> tuple[Figures, Figures, list[str]]:
    """(the app's Play page, the bare page, a click's profile) in one headless Chromium, the two pages measured
    in turn (a load of each, a click on each, ...), so a change of the machine's load falls on both alike."""
    from conftest import chromium_path

    executable = chromium_path()
    if executable is None:
        raise SystemExit("chromium is not installed: apt-get install -y chromium")
    app, bare = Figures(), Figures()
    with beside_the_bare_page(executable) as (browser, bare_url, url):
        bare_page, play_page = BarePage(browser, bare_url), PlayPage(browser, url)
        for _ in range(max(3, samples // 5)):
            bare.load.append(bare_page.load())
            app.load.append(play_page.load())
        for _ in range(samples):
            bare_page.click(bare)
            play_page.move(app)
        lines = profile_click(browser, url) if profile else []
    return app, bare, lines


@contextmanager
def beside_the_bare_page(executable: str) -> Iterator[tuple[Any, str, str]]:
    """A headless Chromium with the bare page and the app (on a fresh progress database) served for it:
    ``(browser, the bare page's address, the app's address)``; both servers stopped and the browser closed after."""
    from conftest import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    from servers import start_app

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        bare_process, bare_url = start_app({}, script=BARE)
        process, url = start_app({"DOMINO_TUTOR_PROGRESS_DB": str(Path(tempfile.mkdtemp()) / "bench.sqlite3")})
        try:
            yield browser, bare_url, url
        finally:
            _stop(process)
            _stop(bare_process)
            browser.close()


def _line(name: str, values: list[float]) -> str:
    return (
        f"{name}: median {statistics.median(values):.0f} ms, min {min(values):.0f}, max {max(values):.0f} "
        f"({len(values)} samples)"
    )


def _ratio(name: str, app: list[float], bare: list[float], goal: float) -> str:
    ratio = statistics.median(app) / statistics.median(bare)
    verdict = "ok" if ratio <= goal else "OVER GOAL"
    return f"{name}: {ratio:.2f} (goal <= {goal}: {verdict})"


def main() -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--busy", type=int, default=0, help="CPU-bound processes beside the servers")
    parser.add_argument("--profile", action="store_true", help="print Chrome's CPU profile of one move")
    args = parser.parse_args()
    neighbours = [multiprocessing.Process(target=_busy, daemon=True) for _ in range(args.busy)]
    for neighbour in neighbours:
        neighbour.start()
    try:
        app, bare, lines = browser_figures(args.samples, args.profile)
    finally:
        for neighbour in neighbours:
            neighbour.terminate()
    print(f"load: {load_average():.1f} (1-minute average at the end); busy neighbours: {args.busy}")
    print(_line("Play page: click on a tile to its targets drawn", app.select))
    print(_line("Play page: click on a target to the move drawn", app.board))
    print(_line("Play page: click on a target to the server's board drawn (the bots' replies played)", app.redraw))
    print(_line("Play page: click to the end of its rerun", app.rerun))
    print(_line("Play page: first load to an interactive board", app.load))
    print(_line("bare page: click to redrawn figure", bare.board))
    print(_line("bare page: click to the end of its rerun", bare.rerun))
    print(_line("bare page: first load to its figure", bare.load))
    print(_ratio("click-to-board ratio to the bare page", app.board, bare.board, 0.5))
    print(_ratio("select-to-targets ratio to the bare page", app.select, bare.board, 0.5))
    print(_ratio("rerun ratio to the bare page", app.rerun, bare.rerun, 2.5))
    print(_ratio("first-load ratio to the bare page", app.load, bare.load, 1.5))
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
