"""Puzzles: how fast they are mined, how fast the next one is served, and whether the ratings rank learners right.

Run: ``python3 benchmarks/puzzle_speed.py`` (``--skip-mining``, ``--skip-browser``, ``--skip-ratings`` leave
parts out; the browser part needs Debian's chromium). Three parts, each printed with its absolute figures:

- Mining: ``mine`` on every table the shipped set comes from (each in the orders shipped: from the hand's start,
  and ``--endgame``), ``--mine-count`` puzzles each: puzzles per CPU-minute, the share of candidate positions
  (decisions with a real choice) that passed the proof, and what ``--target`` puzzles spread evenly would cost.
- Serving: in one browser, the Puzzles page's "Next puzzle" click to the next puzzle's board drawn (and to the
  end of the rerun), against a click on the bare Plotly page (``bare_page.py``) served in the same run, the two
  clicked in turn. Goal: the median ratio <= 1.5.
- Ratings: 200 simulated learners of known strength each solve 60 puzzles served by the page's own trainer
  (``next_puzzle`` near their rating), rated by the store's Glicko-2 in one database, as the app does. A learner
  of strength q is two bots: on each puzzle it plays the exact solver's move (the proof every shipped puzzle
  passed: exact play of every deal consistent with the learner's view) with chance q, else the random bot's
  move. q runs evenly over 0..1. Goal: the Spearman rank correlation of the ratings reached with q >= 0.9.
  The same crowd is then run with the strong bot (200 playouts) in the solver's place, and printed beside it:
  that bot misses some puzzles (about one in twenty of those shown; the run prints how many), and on those a
  learner of higher q does worse, so q is no longer a strength on every puzzle: those puzzles rise to the top
  of the ratings, are served to the strongest learners, and hold their ratings together. The second figure
  shows what that costs the ranking.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from tutorial_app.puzzles.catalog import shipped_puzzles  # noqa: E402
from tutorial_app.puzzles.mine import mine  # noqa: E402
from tutorial_app.puzzles.model import Puzzle, move_key  # noqa: E402
from tutorial_app.puzzles.store import PuzzleStore  # noqa: E402
from tutorial_app.puzzles.trainer import next_puzzle, puzzle_rating  # noqa: E402
from tutorial_app.rules.line.variants import rules_for  # noqa: E402
from tutorial_app.strategy.bots import RandomBot, StrongBot  # noqa: E402

EXPERT_PLAYOUTS = 200
EXPERT_SEEDS = 3
"""The expert's move on a puzzle is computed for this many seeds once and drawn from them (it varies a little)."""


def _load() -> str:
    try:
        return ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


# -- mining ------------------------------------------------------------------------------------------------


def mining(count: int, target: int) -> None:
    tables = sorted({(p.preset, p.players, p.pairs, "-end-" in p.id) for p in shipped_puzzles()})
    print(f"\nMining ({count} puzzles per table and order, one process, load {_load()})")
    print(f"{'table':28} {'puzzles/CPU-min':>15} {'kept share':>11} {'candidates':>11} {'hands':>6} {'CPU s':>7}")
    rates = []
    for preset, players, pairs, endgame in tables:
        rules = rules_for(preset, players, {"teams": "pairs"} if pairs else None)
        stats = mine(rules, count, seed=90_001, endgame=endgame).stats
        rates.append(stats.per_cpu_minute)
        name = f"{preset}-{players}" + ("-pairs" if pairs else "") + (" (endgame)" if endgame else "")
        print(
            f"{name:28} {stats.per_cpu_minute:15.1f} {stats.kept_share:11.1%} {stats.candidates:11d} "
            f"{stats.games:6d} {stats.cpu_seconds:7.1f}"
        )
    if rates and min(rates) > 0:
        cost = sum(target / len(rates) / rate for rate in rates)
        print(f"  {target:,} puzzles spread evenly over these tables: {cost:.0f} CPU-minutes at these rates")


# -- serving -------------------------------------------------------------------------------------------------

# The board's own plot: the rating's history is a chart on the same page from the second answer on.
NEW_BOARD = """(old) => {
  const gd = document.querySelector('.dt-board .js-plotly-plot');
  if (!gd || !gd._fullData || gd._fullData === window.__oldBoard) return false;
  if (document.querySelector('[class*="st-key-puzzles_next"]')) return false;
  const hand = gd._fullData.some((t) => (t.customdata || []).some((d) => String(Array.isArray(d) ? d[0] : d).startsWith('hand:')));
  return hand ? performance.now() : false;
}"""


def _answer_any(page: Any) -> None:
    """Answer the puzzle on the page with its first fitting tile (by the buttons), wait for the verdict."""
    page.wait_for_selector('[class*="st-key-puzzles_tile_"] button', timeout=60_000)
    page.locator('[class*="st-key-puzzles_tile_"] button[data-testid="stBaseButton-primary"]').filter(
        visible=True
    ).first.click()
    ends = page.locator('[class*="st-key-puzzles_end_"] button[data-testid="stBaseButton-primary"]').filter(
        visible=True
    )
    nexts = page.locator('[class*="st-key-puzzles_next"] button').filter(visible=True)
    page.wait_for_function(
        """() => document.querySelector('[class*="st-key-puzzles_next"] button')
                 || document.querySelector('[class*="st-key-puzzles_end_"] button[data-testid="stBaseButton-primary"]')""",
        timeout=60_000,
    )
    if not nexts.count():
        ends.first.click()
    nexts.first.wait_for(timeout=60_000)


class PuzzlesPage:
    """The Puzzles page in one browser context, on a database of its own: puzzles answered, "Next puzzle" timed."""

    def __init__(self, browser: Any, url: str) -> None:
        from app_speed import CLICK_CLOCK, STATE_LOG

        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.context.new_page()
        self.page.goto(f"{url}/puzzles?lang=en")
        self.page.wait_for_selector(".dt-board .js-plotly-plot", timeout=90_000)
        self.page.evaluate(STATE_LOG)
        self.page.evaluate(CLICK_CLOCK)

    def next(self, boards: list[float], reruns: list[float]) -> None:
        """Answer the puzzle, then time "Next puzzle": from its release to the new puzzle's board drawn (and the
        button gone), and to the end of the rerun."""
        from app_speed import RELEASED, RERUN_OVER
        from browser_helpers import SETTLED

        page = self.page
        _answer_any(page)
        page.wait_for_function(SETTLED, polling=50, timeout=60_000)
        page.evaluate("() => { window.__oldBoard = document.querySelector('.dt-board .js-plotly-plot')._fullData; }")
        page.locator('[class*="st-key-puzzles_next"] button').filter(visible=True).first.click()
        drawn = page.wait_for_function(NEW_BOARD, polling="raf", timeout=60_000).json_value()
        # From the button's release, as the bare page's click is timed (not from before Playwright's click,
        # whose checks and pointer moves took some 50 ms of their own).
        since = float(page.evaluate(RELEASED))
        boards.append(float(drawn) - since)
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
        over = page.evaluate(RERUN_OVER, since)
        reruns.append(float(over) if over is not None else float(drawn) - since)


def serving(samples: int) -> None:
    """The bare page's click and the Puzzles page's "Next puzzle" in one browser, measured in turn (a click on
    each, ...), so a change of the machine's load falls on both alike."""
    from app_speed import BarePage, Figures, beside_the_bare_page
    from conftest import chromium_path

    executable = chromium_path()
    if executable is None:
        print("\nServing: skipped (no chromium)")
        return
    bare = Figures()
    boards: list[float] = []
    reruns: list[float] = []
    with beside_the_bare_page(executable) as (browser, bare_url, url):
        bare_page, puzzles = BarePage(browser, bare_url), PuzzlesPage(browser, url)
        bare_page.load()
        for _ in range(samples):
            bare_page.click(bare)
            puzzles.next(boards, reruns)
    bare_board, bare_rerun = statistics.median(bare.board), statistics.median(bare.rerun)
    board, rerun = statistics.median(boards), statistics.median(reruns)
    print(f"\nServing the next puzzle ({samples} clicks each, in turn, load {_load()})")
    print(f"  bare page: click to board {bare_board:6.0f} ms, click to rerun's end {bare_rerun:6.0f} ms (medians)")
    print(f"  Puzzles:   click to board {board:6.0f} ms, click to rerun's end {rerun:6.0f} ms (medians)")
    print(f"  ratio to the bare page: board {board / bare_board:.2f}, rerun {rerun / bare_rerun:.2f} (goal <= 1.5)")


# -- ratings ---------------------------------------------------------------------------------------------------


class Learner:
    """A simulated learner: the expert with chance ``strength``, else the random bot."""

    def __init__(self, name: str, strength: float, seed: int) -> None:
        self.name = name
        self.strength = strength
        self.rng = random.Random(seed)


class Solver:
    """The exact solver as a player: the move the puzzle's proof found best (one of them, when several tie)."""

    name = "the exact solver (the puzzles' proof)"

    def move(self, puzzle: Puzzle, rng: random.Random) -> str:
        return rng.choice(puzzle.answers)

    def misses(self, puzzle: Puzzle) -> bool:
        return False


class Experts:
    """The strong bot's moves per puzzle, computed once for a few seeds and drawn from (it varies a little)."""

    name = f"the strong bot ({EXPERT_PLAYOUTS} playouts)"

    def __init__(self) -> None:
        self.bot = StrongBot(playouts=EXPERT_PLAYOUTS)
        self.kept: dict[str, list[str]] = {}

    def move(self, puzzle: Puzzle, rng: random.Random) -> str:
        if puzzle.id not in self.kept:
            state = puzzle.read().state
            self.kept[puzzle.id] = [
                move_key(self.bot(state, random.Random(f"{puzzle.id}/expert/{seed}"))) for seed in range(EXPERT_SEEDS)
            ]
        return rng.choice(self.kept[puzzle.id])

    def misses(self, puzzle: Puzzle) -> bool:
        """Whether every kept move of the bot on ``puzzle`` is wrong."""
        self.move(puzzle, random.Random(0))
        return all(move not in puzzle.answers for move in self.kept[puzzle.id])


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (ties get their mean rank)."""
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    return cov / math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))


def ratings(learners: int, attempts: int, seed: int, expert: Solver | Experts) -> None:
    puzzles = shipped_puzzles()
    store = PuzzleStore("sqlite://", clock=time.time)
    rng = random.Random(seed)
    crowd = [Learner(f"learner-{i:03d}", i / (learners - 1), seed * 1000 + i) for i in range(learners)]
    guess = RandomBot()
    tried: dict[str, set[str]] = {learner.name: set() for learner in crowd}
    started = time.perf_counter()
    solved_share: dict[str, int] = {learner.name: 0 for learner in crowd}
    for _round in range(attempts):
        for learner in crowd:
            standing = store.standing(learner.name)
            puzzle = next_puzzle(puzzles, store.puzzle_ratings(), standing.rating, tried[learner.name], rng)
            assert puzzle is not None
            tried[learner.name].add(puzzle.id)
            if learner.rng.random() < learner.strength:
                answer = expert.move(puzzle, learner.rng)
            else:
                answer = move_key(guess(puzzle.read().state, learner.rng))
            right = answer in puzzle.answers
            solved_share[learner.name] += right
            store.record_attempt(learner.name, puzzle.id, puzzle_rating(puzzle, {}), answer, right)
    took = time.perf_counter() - started
    reached = [store.standing(learner.name).rating.r for learner in crowd]
    strengths = [learner.strength for learner in crowd]
    rho = spearman(strengths, reached)
    raw = spearman(strengths, [solved_share[learner.name] / attempts for learner in crowd])
    shown = {puzzle_id for names in tried.values() for puzzle_id in names}
    missed = [p for p in puzzles if p.id in shown and expert.misses(p)]
    print(f"\nRatings ({learners} simulated learners x {attempts} puzzles, {len(puzzles)} puzzles, load {_load()})")
    print(f"  a learner of strength q plays {expert.name} with chance q, else the random bot")
    for low in (0.0, 0.25, 0.5, 0.75):
        group = [
            r for q, r in zip(strengths, reached, strict=True) if low <= q < low + 0.25 or (low == 0.75 and q == 1)
        ]
        print(
            f"  strength {low:.2f}-{low + 0.25:.2f}: mean rating {statistics.fmean(group):6.0f} ({len(group)} learners)"
        )
    if missed:
        ratings_now = store.puzzle_ratings()
        mean_missed = statistics.fmean(puzzle_rating(p, ratings_now).r for p in missed)
        mean_rest = statistics.fmean(
            puzzle_rating(p, ratings_now).r for p in puzzles if p.id in shown and p not in missed
        )
        print(
            f"  the expert misses {len(missed)} of the {len(shown)} puzzles shown: their mean rating now "
            f"{mean_missed:.0f}, the others' {mean_rest:.0f}"
        )
    print(f"  Spearman of the ratings reached with the strength: {rho:.3f} (goal >= 0.9)")
    print(f"  (for comparison, of the plain share of puzzles solved with the strength: {raw:.3f})")
    print(f"  {learners * attempts} attempts in {took:.0f} s, {len(shown)} puzzles shown")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--skip-mining", action="store_true")
    parser.add_argument("--skip-browser", action="store_true")
    parser.add_argument("--skip-ratings", action="store_true")
    parser.add_argument("--mine-count", type=int, default=5, help="puzzles mined per table (default 5)")
    parser.add_argument("--target", type=int, default=1500, help="the set whose mining cost is printed")
    parser.add_argument("--samples", type=int, default=15, help="clicks measured per page (default 15)")
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--attempts", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--solver-only", action="store_true", help="rate the crowd once, with the exact solver as the expert"
    )
    args = parser.parse_args()
    print(f"Puzzle benchmark, {len(shipped_puzzles())} shipped puzzles, load at start {_load()}")
    if not args.skip_mining:
        mining(args.mine_count, args.target)
    if not args.skip_browser:
        serving(args.samples)
    if not args.skip_ratings:
        ratings(args.learners, args.attempts, args.seed, Solver())
        if not args.solver_only:
            ratings(args.learners, args.attempts, args.seed, Experts())


if __name__ == "__main__":
    main()
