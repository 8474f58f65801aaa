"""Speed of the coach: the Hint as the Play page computes it, the review of a hand, and the validator's cost of
the strategy course (whose answers the analysis computes at validation).

Run: ``python3 benchmarks/coach_speed.py [--positions N] [--browser]``

Figures, each with its reference measured in the same run:

- the hint: ``coach.make_hint`` (the seat's view, the analysis at 1000
  playouts per move, the distinct moves, the why sentence) on decisions of
  Play-page hands, median and slowest, in wall and CPU seconds; against
  ``analyse`` alone on the same positions (the app's own share). Goal: well
  under a second.
- with ``--browser``: the app served locally, the Hint clicked in headless
  Chromium on several decisions; the page prints the server's own time
  ("0.13 s of thinking"), and the click-to-bars time is measured in the page.
- the review: ``review_hand`` of a whole hand, per hand and per decision.
- the validator: ``check_paths`` of every course, and of every course but the
  strategy course, in wall and CPU seconds (the ratio is the strategy
  course's cost).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from measure import benchmark_parser, machine_line

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutorial_app.app.play.table import HUMAN, PlayTable, human_move, start_table
from tutorial_app.app.table.coach import make_hint, seat_view
from tutorial_app.lessons import lessons_root
from tutorial_app.lessons.check.validate import check_paths, lesson_files
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.strategy.analysis import DEFAULT_PLAYOUTS, analyse, candidate_moves
from tutorial_app.strategy.review import review_hand

TABLES = (("block", 4), ("block", 2), ("international", 4), ("draw", 2), ("all_fives", 4))


def decisions(count: int, seed: int) -> Iterator[PlayTable]:
    """Tables at the learner's real decisions (two or more distinct moves), from Play-page hands with strong bots."""
    rng = random.Random(seed)
    found = 0
    deal_seed = seed
    while found < count:
        preset, players = TABLES[deal_seed % len(TABLES)]
        table = start_table(rules_for(preset, players), preset, "strong", deal_seed, False)
        deal_seed += 1
        while not table.hand_over and found < count:
            if len(candidate_moves(table.state)) > 1:
                found += 1
                yield table
            table = human_move(table, rng.choice(legal_moves(table.state)))


def timed(run: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def _analyse_alone(table: PlayTable) -> object:
    """What a hint costs without its words: the analysis of the learner's view."""
    return analyse(seat_view(table.state, HUMAN, table.start), DEFAULT_PLAYOUTS, 0)


def hint_figures(count: int) -> None:
    tables = list(decisions(count, 7))
    hints, plain = [], []
    for table in tables:
        state, start = table.state, table.start
        hints.append(timed(partial(make_hint, state, HUMAN, start)))
        plain.append(timed(partial(_analyse_alone, table)))
    median_hint = statistics.median(w for w, _ in hints)
    median_plain = statistics.median(w for w, _ in plain)
    print(f"hint (make_hint, {len(tables)} Play decisions, {DEFAULT_PLAYOUTS} playouts/move):")
    print(
        f"  median {median_hint:.3f} s wall, {statistics.median(c for _, c in hints):.3f} s CPU; "
        f"slowest {max(w for w, _ in hints):.3f} s wall"
    )
    print(f"  analyse alone: median {median_plain:.3f} s wall; hint / analyse = {median_hint / median_plain:.2f}")


def review_figures(hands: int) -> None:
    per_hand, per_decision = [], []
    for seed in range(hands):
        table = start_table(rules_for("block", 4), "block", "strong", 100 + seed, False)
        rng = random.Random(seed)
        while not table.hand_over:
            table = human_move(table, rng.choice(legal_moves(table.state)))
        moves = [entry[1] for entry in table.state.log]
        review = review_hand(table.start, moves, HUMAN)
        wall, _ = timed(partial(review_hand, table.start, moves, HUMAN))
        per_hand.append(wall)
        per_decision.append(wall / max(1, len(review.decisions)))
    print(
        f"review of a block hand for four ({hands} hands): median {statistics.median(per_hand):.2f} s a hand, "
        f"{statistics.median(per_decision):.3f} s a decision"
    )


def validator_figures() -> None:
    root = lessons_root()
    every = [root]
    others = [p for p in sorted(root.iterdir()) if p.is_dir() and p.name != "strategy"]
    all_files, other_files = lesson_files(every), lesson_files(others)
    check_paths(others)  # warm the imports and caches that do not belong to the strategy course
    other_wall, other_cpu = timed(lambda: check_paths(others))
    all_wall, all_cpu = timed(lambda: check_paths(every))
    print(
        f"validator: every course ({len(all_files)} files) {all_wall:.2f} s wall, {all_cpu:.2f} s CPU; "
        f"without the strategy course ({len(other_files)} files) {other_wall:.2f} s wall, {other_cpu:.2f} s CPU; "
        f"ratio {all_cpu / other_cpu:.2f} (CPU)"
    )


def browser_figures(clicks: int) -> None:
    tests = Path(__file__).resolve().parents[1] / "tests"
    sys.path[:0] = [str(tests), str(tests / "browser")]
    from browser_helpers import click_button, open_app
    from conftest import CHROMIUM_ARGS, chromium_path
    from playwright.sync_api import sync_playwright
    from servers import start_app

    process, url = start_app({"DOMINO_TUTOR_PROGRESS_DB": "/tmp/coach_speed.sqlite3"})
    server: list[float] = []
    page_times: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            page: Any = browser.new_page(viewport={"width": 1400, "height": 1000})
            for seed in range(1, clicks + 1):
                open_app(page, f"{url}/play?lang=en&deal={seed}&rules=block&players=4")
                started = time.perf_counter()
                click_button(page, "Hint", expect="Your moves, best first")
                page_times.append(time.perf_counter() - started)
                text = page.get_by_text("s of thinking").first.inner_text()
                server.append(float(text.rsplit("(", 1)[1].split(" s")[0]))
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    print(
        f"hint in the app ({clicks} clicks, block for four): server median {statistics.median(server):.3f} s "
        f"(slowest {max(server):.3f} s); click to bars on the page median {statistics.median(page_times):.2f} s"
    )


def main() -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--browser", action="store_true", help="also click the Hint in headless Chromium")
    args = parser.parse_args()
    print(machine_line())
    hint_figures(args.positions)
    review_figures(args.hands)
    validator_figures()
    if args.browser:
        browser_figures(7)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
