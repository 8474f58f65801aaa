"""How long a comparison takes, and whether the Compare page stays usable meanwhile.

Run: ``python3 benchmarks/compare_speed.py`` (the browser part needs Debian's
chromium; ``--core-only`` skips it). Prints: the rules core's time for
10,000 hands per rule set (block for two, kozel for four); the same run as
the page's background job; and in headless Chromium the switch from the
Rules page to Compare (boards drawn) against the switch back to Rules, and a
rerun of the page (the deal number changed) while 10,000 hands run against
the same rerun with nothing running. Figures are medians, as ratios to the
reference measured in the same run, with the absolute times.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from measure import benchmark_parser

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from tutorial_app.app.compare.job import ComparisonJob  # noqa: E402
from tutorial_app.rules.line.simulate import simulate_hands  # noqa: E402
from tutorial_app.rules.line.variants import rules_for  # noqa: E402

HANDS = 10_000
SETS = (("block", 2), ("kozel", 4))


def core() -> None:
    rules = [rules_for(name, players) for name, players in SETS]
    started = time.perf_counter()
    for one in rules:
        simulate_hands(one, HANDS, seed=1, bot="greedy")
    direct = time.perf_counter() - started
    job = ComparisonJob([n for n, _ in SETS], rules, HANDS, 0, "greedy").start()
    job.wait()
    print(
        f"{HANDS} hands x {len(rules)} rule sets: core {direct:.1f} s, background job {job.seconds:.1f} s "
        f"(ratio {job.seconds / direct:.2f})"
    )


def _switch(page: Any, label: str, path: str) -> float:
    from browser_helpers import SETTLED

    started = time.perf_counter()
    page.get_by_role("link", name=label, exact=True).first.click()
    page.wait_for_function(f"() => location.pathname.endsWith('/{path}')")
    page.wait_for_function(SETTLED, polling=50, timeout=120_000)
    return time.perf_counter() - started


def _rerun(page: Any) -> float:
    from browser_helpers import reruns, wait_rerun

    before, started = reruns(page), time.perf_counter()
    page.get_by_role("tab", name="The same deal").click()
    page.locator('[data-testid="stNumberInput"]').filter(has_text="Deal number").locator("button").last.click()
    wait_rerun(page, before, timeout=120_000)
    return time.perf_counter() - started


def browser(samples: int) -> None:
    from browser_helpers import open_app
    from conftest import CHROMIUM_ARGS, chromium_path
    from playwright.sync_api import sync_playwright
    from servers import start_app

    process, url = start_app({"DOMINO_TUTOR_PROGRESS_DB": str(Path(tempfile.mkdtemp()) / "bench.sqlite3")})
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            page = chromium.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(120_000)
            open_app(page, f"{url}/rules?lang=en")
            to_compare, to_rules = [], []
            for _ in range(samples):
                to_compare.append(_switch(page, "Compare house rules", "compare"))
                to_rules.append(_switch(page, "Rules", "rules"))
            _line("page switch to Compare", to_compare, "to Rules", to_rules)
            open_app(page, f"{url}/compare?lang=en&r1=block&p1=2&r2=kozel&p2=4&hands={HANDS}&matches=0")
            idle = [_rerun(page) for _ in range(samples)]
            page.get_by_role("tab", name="Statistics").click()
            page.get_by_role("button", name="Run the simulation").click()
            page.get_by_text("Bots are playing").first.wait_for()
            busy = [_rerun(page) for _ in range(samples)]
            _line("rerun while 10,000 hands run", busy, "with nothing running", idle)
            chromium.close()
    finally:
        process.terminate()


def _line(name: str, values: list[float], reference_name: str, reference: list[float]) -> None:
    mine, ref = statistics.median(values), statistics.median(reference)
    print(f"{name}: median {mine:.2f} s; {reference_name}: {ref:.2f} s; ratio {mine / ref:.2f}")


def main() -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--core-only", action="store_true")
    parser.add_argument("--samples", type=int, default=4)
    args = parser.parse_args()
    core()
    if not args.core_only:
        browser(args.samples)


if __name__ == "__main__":
    main()
