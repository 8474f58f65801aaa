"""How soon a learner's phone follows the teacher: from the teacher's click to the learner's screen updating.

Run: ``python3 benchmarks/club_latency.py [--steps N]`` (needs Debian's
chromium). Two servers are started in the same run, each on its own SQLite
database:

- the app: a teacher's screen and a learner's phone (390 px wide) in a class
  of the core course's second lesson; the teacher clicks "Next step" and the
  time until the phone shows that step is measured (the click's own rerun, the
  database write, the phone's poll and the phone's full rerun of the step);
- a reference: a bare Streamlit page that polls one number in a SQLite file
  with the same ``st.fragment(run_every=POLL_SECONDS)`` and reruns when it
  changed; the benchmark writes the number and times until the page shows it.

Both wait on the same poll interval, so the reference is the floor that
polling alone costs on this machine; the ratio says what the club room adds.
Prints the median and the worst of each, and the ratio of the medians.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

from measure import benchmark_parser

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from tutorial_app.app.club.room import POLL_SECONDS  # noqa: E402

LESSON = "core-02-placing-on-the-ends"
BARE_PAGE = textwrap.dedent(f"""
    import os, sqlite3
    import streamlit as st

    def value() -> int:
        with sqlite3.connect(os.environ["BARE_DB"]) as conn:
            return int(conn.execute("SELECT n FROM counter").fetchone()[0])

    @st.fragment(run_every={POLL_SECONDS})
    def poll(seen: int) -> None:
        if value() != seen:
            st.rerun(scope="app")

    shown = value()
    st.title(f"Value {{shown}}.")
    with st.container():
        poll(shown)
""")


def _serve(script: Path | None, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    """Serve the app (``script`` None) or another Streamlit script on a free port."""
    from servers import start_app

    return start_app(env, script=script)


def _shows(page: Any, text: str, timeout: float = 30_000) -> None:
    page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=text, polling=10, timeout=timeout)


def club_latency(browser: Any, url: str, steps: int) -> list[float]:
    """Seconds from the teacher's "Next step" click to the learner's phone showing that step."""
    from browser_helpers import SETTLED
    from club_helpers import join_room, main_button, phone, start_class

    teacher_context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    teacher = teacher_context.new_page()
    learner_context, learner = phone(browser)
    code = start_class(teacher, url, LESSON)
    join_room(learner, url, code, "Anna")
    times: list[float] = []
    for step in range(2, steps + 2):
        teacher.wait_for_function(SETTLED, polling=50, timeout=60_000)
        learner.wait_for_function(SETTLED, polling=50, timeout=60_000)
        button = main_button(teacher, "Next step ▶")
        button.wait_for()
        time.sleep(0.3)  # the click lands anywhere in the phone's poll interval
        started = time.perf_counter()
        button.click()
        _shows(learner, f"Step {step} of")
        times.append(time.perf_counter() - started)
    teacher_context.close()
    learner_context.close()
    return times


def bare_latency(browser: Any, url: str, database: Path, samples: int) -> list[float]:
    """Seconds from writing the number to the bare polling page showing it."""
    from browser_helpers import SETTLED
    from club_helpers import phone

    context, page = phone(browser)
    page.goto(url)
    _shows(page, "Value 0.", 60_000)
    times: list[float] = []
    for n in range(1, samples + 1):
        page.wait_for_function(SETTLED, polling=50, timeout=60_000)
        time.sleep(0.3)
        started = time.perf_counter()
        with sqlite3.connect(database) as conn:
            conn.execute("UPDATE counter SET n = ?", (n,))
        _shows(page, f"Value {n}.")
        times.append(time.perf_counter() - started)
    context.close()
    return times


def main() -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--steps", type=int, default=8, help="teacher's clicks (and bare updates) to time")
    args = parser.parse_args()
    from conftest import CHROMIUM_ARGS, chromium_path
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="club-latency-"))
    bare_db = folder / "bare.sqlite3"
    with sqlite3.connect(bare_db) as conn:
        conn.execute("CREATE TABLE counter (n INTEGER)")
        conn.execute("INSERT INTO counter VALUES (0)")
    (folder / "bare.py").write_text(BARE_PAGE, encoding="utf-8")
    servers = [
        _serve(None, {"DOMINO_TUTOR_PROGRESS_DB": str(folder / "club.sqlite3")}),
        _serve(folder / "bare.py", {"BARE_DB": str(bare_db)}),
    ]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            club = club_latency(browser, servers[0][1], args.steps)
            bare = bare_latency(browser, servers[1][1], bare_db, args.steps)
            browser.close()
    finally:
        from servers import stop_app

        for process, _url in servers:
            stop_app(process)
    club_median, bare_median = statistics.median(club), statistics.median(bare)
    print(f"poll interval: {POLL_SECONDS:.1f} s; {args.steps} samples each; {os.cpu_count()} CPU cores")
    print(
        f"club room, teacher's click -> learner's phone: median {club_median * 1000:.0f} ms, "
        f"worst {max(club) * 1000:.0f} ms"
    )
    print(
        f"bare polling page, database write -> page:     median {bare_median * 1000:.0f} ms, "
        f"worst {max(bare) * 1000:.0f} ms"
    )
    print(f"ratio (club / bare, medians): {club_median / bare_median:.2f}")


if __name__ == "__main__":
    main()
