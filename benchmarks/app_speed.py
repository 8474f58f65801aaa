"""How fast the app answers a click: on the server, and in headless Chromium.

Run: ``python3 benchmarks/app_speed.py`` (the browser part needs Debian's
chromium; ``--server-only`` skips it). Prints figures; the goals are a
server-side rerun after a click on a 28-tile position of at most 60 ms
(median), click to updated board in the browser at most 400 ms (median) and
first load to an interactive board at most 5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from tutorial_app.app.play_table import HUMAN, PlayTable, human_move, start_table  # noqa: E402
from tutorial_app.rules.moves import legal_moves  # noqa: E402
from tutorial_app.rules.state import Action  # noqa: E402
from tutorial_app.rules.variants import rules_for  # noqa: E402

MAIN = str(ROOT / "tutorial_app" / "app" / "main.py")


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


def browser_clicks(samples: int) -> tuple[list[float], list[float]]:
    """(click-to-updated-board ms, first-load-to-interactive-board ms) in headless Chromium."""
    from browser_helpers import FIND_POINT, RERUN_WATCH, wait_point
    from conftest import CHROMIUM_ARGS, chromium_path, start_app
    from playwright.sync_api import sync_playwright

    executable = chromium_path()
    if executable is None:
        raise SystemExit("chromium is not installed: apt-get install -y chromium (or use --server-only)")
    process, url = start_app({"DOMINO_TUTOR_PROGRESS_DB": str(Path(tempfile.mkdtemp()) / "bench.sqlite3")})
    clicks: list[float] = []
    loads: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            seed = 0
            while len(clicks) < samples:
                table = start_table(rules_for("block", 4), "block", "greedy", seed, False)
                context = browser.new_context(viewport={"width": 1400, "height": 1000})
                page = context.new_page()
                started = time.perf_counter()
                page.goto(f"{url}/play?deal={seed}&rules=block&players=4&lang=en")
                first = str(table.state.hand(HUMAN)[0])
                wait_point(page, f"hand:{first}", timeout=60_000)
                loads.append((time.perf_counter() - started) * 1000)
                page.evaluate(RERUN_WATCH)
                seed += 1
                while not table.hand_over and len(clicks) < samples:
                    move = _single_place_move(table)
                    if move.action is not Action.PLAY or sum(
                            1 for m in legal_moves(table.state) if m.tile is move.tile) > 1:
                        break  # a pass, or a tile with two places: one click does not play it
                    name = f"hand:{move.tile}"
                    where = wait_point(page, name)
                    started = time.perf_counter()
                    page.mouse.click(where["x"], where["y"])
                    page.wait_for_function(f"() => ({FIND_POINT})({name!r}) === null", polling="raf",
                                           timeout=30_000)
                    clicks.append((time.perf_counter() - started) * 1000)
                    table = human_move(table, move)
                    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
                context.close()
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    return clicks, loads


def _line(name: str, values: list[float], goal: float, unit: str = "ms") -> str:
    median = statistics.median(values)
    verdict = "ok" if median <= goal else "OVER GOAL"
    return (f"{name}: median {median:.0f} {unit}, min {min(values):.0f}, max {max(values):.0f} "
            f"({len(values)} samples; goal <= {goal:.0f} {unit}: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--server-only", action="store_true")
    args = parser.parse_args()
    print(_line("server rerun after a click (AppTest, Play page, 4-player block)", server_rerun(args.samples), 60))
    if not args.server_only:
        clicks, loads = browser_clicks(args.samples)
        print(_line("browser: click on a tile to updated board", clicks, 400))
        print(_line("browser: first load to interactive board", loads, 5000))


if __name__ == "__main__":
    main()
