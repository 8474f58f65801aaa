"""A class of many phones on one app instance: how soon every phone shows the teacher's next step.

Run: ``python3 benchmarks/club_load.py [--phones 10 30 60 100] [--steps 3] [--url URL --pid PID]``.

Each phone is one websocket (``tests/ws_client.py``): one server session that polls every second exactly
as a phone's page does, with no browser drawing it. For each class size a teacher opens a class, the
phones join ten at a time (a QR code on the wall), everybody polls for a while, then the teacher clicks
"Next step" ``--steps`` times; for each click the time until every phone has received the new step's
progress bar is taken. Printed per size: the median and the slowest phone (the class's time), the
server's CPU (% of one core) while idle and while the step changes, its memory, joins, errors; and the
ratio of each size's time to the 10-phone time (the goal: 100 phones within 2 s, ratio <= 2.0). The load
generator shares this machine with the server: the load average is printed with the figures.

Without ``--url`` one server is started here on its own SQLite database (``DATABASE_URL`` may name a
PostgreSQL one instead); ``--url``/``--pid`` measure a running one (``--pid`` for its CPU figures).

The reference (``--reference``, on by default): the same phones on a bare Streamlit page that polls one
number in a SQLite file with the same one-second fragment, and on a change reruns and draws a progress
bar; the benchmark writes the number as the teacher's click. It is the floor that Streamlit's polling
and reruns cost on this machine under the same load; the ratio club / bare says what the club adds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests")]

from measure import benchmark_parser  # noqa: E402
from servers import start_app, stop_app  # noqa: E402
from ws_client import Tab  # noqa: E402

LESSON = "core-02-placing-on-the-ends"
HZ = os.sysconf("SC_CLK_TCK")
BARE_PAGE = textwrap.dedent("""
    import os, sqlite3
    import streamlit as st

    def value() -> int:
        with sqlite3.connect(os.environ["BARE_DB"]) as conn:
            return int(conn.execute("SELECT n FROM counter").fetchone()[0])

    @st.fragment(run_every=1.0)
    def poll(seen: int) -> None:
        if value() != seen:
            st.rerun(scope="app")

    shown = value()
    st.title("A bare page")
    st.progress(min(1.0, shown / 100), text=f"Step {shown} of 100")
    with st.container():
        poll(shown)
""")


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process and its children that were waited for."""
    with open(f"/proc/{pid}/stat") as stat:
        parts = stat.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / HZ


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024


def server_pid(launcher: int) -> int:
    """The Streamlit process: the launcher itself, or its one child (``python -m tutorial_app`` runs it)."""
    children = Path(f"/proc/{launcher}/task/{launcher}/children")
    found = children.read_text().split() if children.exists() else []
    return int(found[0]) if found else launcher


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2) if ordered else -1.0


@dataclass
class ClassRun:
    """One class: its teacher, its phones, and when each phone first showed each step."""

    url: str
    phones: int
    teacher: Tab | None = None
    learners: list[Tab] = field(default_factory=list)
    seen: dict[str, dict[int, float]] = field(default_factory=dict)
    joins: list[float] = field(default_factory=list)
    failed: int = 0

    def listen(self, tab: Tab, message: Any, kind: str, now: float) -> None:
        if kind != "delta" or message.delta.WhichOneof("type") != "new_element":
            return
        element = message.delta.new_element
        if element.WhichOneof("type") == "progress" and element.progress.text.startswith("Step "):
            step = int(element.progress.text.split()[1])
            self.seen.setdefault(tab.name, {}).setdefault(step, now)

    def tab(self, name: str) -> Tab:
        """A new client (a phone, the teacher's screen)."""
        return Tab(self.url, name)

    async def open(self) -> str:
        self.teacher = self.tab("teacher")
        await self.teacher.connect()
        await self.teacher.run(query=f"teach={LESSON}&lang=en", page="club")
        await self.teacher.run(click="club_start_class", club_capacity={"double_value": 100})
        code = self.teacher.params().get("room")
        if code is None:
            raise RuntimeError(f"no class opened: {self.teacher.text()[-400:]}")
        self.teacher.start_polling()
        return code

    async def join(self, code: str, number: int) -> None:
        """Phone ``number`` joins: its time taken and it polls from now, or it is counted as failed and closed."""
        tab = self.tab(f"L{number}")
        tab.light = True
        tab.listeners.append(self.listen)
        started = time.monotonic()
        try:
            await tab.connect()
            joined = await self.enter(tab, code, number)
        except (TimeoutError, OSError, KeyError):
            joined = False
        if not joined:
            self.failed += 1
            await tab.close()
            return
        self.joins.append(time.monotonic() - started)
        tab.start_polling()
        self.learners.append(tab)

    async def enter(self, tab: Tab, code: str, number: int) -> bool:
        """A connected phone's steps into class ``code``; whether it is in."""
        await tab.run(query=f"join={code}&lang=en", page="club", timeout=300)
        await tab.run(click="club_join", club_join_name={"string_value": f"Learner {number}"}, timeout=300)
        return tab.params().get("room") == code

    async def close(self) -> None:
        for tab in [*self.learners, *([self.teacher] if self.teacher else [])]:
            await tab.close()


class BareRun(ClassRun):
    """The reference: phones on the bare polling page; the "click" writes the number it polls."""

    database: Path = Path()

    async def open(self) -> str:
        return "bare"

    async def enter(self, tab: Tab, code: str, number: int) -> bool:
        await tab.run(query="", page="", timeout=300)
        return True

    def click(self, step: int) -> None:
        with sqlite3.connect(self.database) as conn:
            conn.execute("UPDATE counter SET n = ?", (step,))


async def next_step(run: ClassRun, step: int, pid: int | None) -> dict[str, Any]:
    """The teacher clicks Next; seconds until each phone showed ``step`` (1-based, as on the page)."""
    cpu0 = cpu_seconds(pid) if pid else 0.0
    clicked_wall, clicked = time.time(), time.monotonic()
    if isinstance(run, BareRun):
        run.click(step)
    else:
        assert run.teacher is not None
        await run.teacher.run(click="club_next", timeout=300)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if all(run.seen.get(tab.name, {}).get(step) for tab in run.learners):
            break
        await asyncio.sleep(0.05)
    taken = [run.seen[t.name][step] - clicked_wall for t in run.learners if run.seen.get(t.name, {}).get(step)]
    window = time.monotonic() - clicked
    figures: dict[str, Any] = {
        "step": step,
        "phones_with_step": f"{len(taken)}/{len(run.learners)}",
        "median_s": percentile(taken, 0.5),
        "all_s": round(max(taken), 2) if taken else -1.0,
    }
    if pid:
        figures["cpu_pct_of_one_core"] = round((cpu_seconds(pid) - cpu0) / window * 100)
    return figures


async def measure(url: str, phones: int, steps: int, pid: int | None, bare: Path | None = None) -> dict[str, Any]:
    run: ClassRun = ClassRun(url, phones)
    if bare is not None:
        run = BareRun(url, phones)
        run.database = bare
        run.click(1)
    code = await run.open()
    started = time.monotonic()
    for batch in range(0, phones, 10):
        await asyncio.gather(*(run.join(code, n) for n in range(batch, min(phones, batch + 10))))
    out: dict[str, Any] = {
        "phones": phones,
        "joined": len(run.learners),
        "join_failed": run.failed,
        "joins_wall_s": round(time.monotonic() - started, 1),
        "join_median_s": percentile(run.joins, 0.5),
    }
    await asyncio.sleep(5)
    if pid:
        cpu0, idle_started = cpu_seconds(pid), time.monotonic()
        await asyncio.sleep(10)
        out["idle_cpu_pct_of_one_core"] = round((cpu_seconds(pid) - cpu0) / (time.monotonic() - idle_started) * 100)
    clicks = []
    for step in range(2, 2 + steps):
        clicks.append(await next_step(run, step, pid))
        await asyncio.sleep(3)
    out["clicks"] = clicks
    out["all_s_median"] = statistics.median(c["all_s"] for c in clicks)
    out["exceptions_on_screens"] = sum(len(t.exceptions) for t in run.learners) + (
        len(run.teacher.exceptions) if run.teacher else 0
    )
    if pid:
        out["rss_mb"] = round(rss_mb(pid))
    out["loadavg"] = Path("/proc/loadavg").read_text().split()[:3]
    await run.close()
    return out


async def main_async(
    args: argparse.Namespace, url: str, pid: int | None, bare: tuple[str, int | None, Path] | None
) -> list[dict[str, Any]]:
    results = []
    for phones in args.phones:
        results.append(await measure(url, phones, args.steps, pid))
        print(json.dumps(results[-1]), flush=True)
        await asyncio.sleep(5)
        if bare is not None:
            bare_url, bare_pid, database = bare
            reference = await measure(bare_url, phones, args.steps, bare_pid, database)
            results[-1]["bare"] = reference
            print(json.dumps({"bare": reference}), flush=True)
            await asyncio.sleep(5)
    return results


def main() -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--phones", type=int, nargs="+", default=[10, 30, 60, 100])
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--url", help="a running app (else one is started here)")
    parser.add_argument("--pid", type=int, help="the running app's process, for its CPU figures")
    parser.add_argument("--no-reference", dest="reference", action="store_false", help="skip the bare page")
    args = parser.parse_args()
    processes = []
    url, pid = args.url, args.pid
    folder = Path(tempfile.mkdtemp(prefix="club-load-"))
    if url is None:
        env = {} if os.environ.get("DATABASE_URL") else {"DOMINO_TUTOR_PROGRESS_DB": str(folder / "club.sqlite3")}
        process, url = start_app(env, log=folder / "app.log")
        processes.append(process)
        pid = server_pid(process.pid)
    bare = None
    if args.reference:
        database = folder / "bare.sqlite3"
        with sqlite3.connect(database) as conn:
            conn.execute("CREATE TABLE counter (n INTEGER)")
            conn.execute("INSERT INTO counter VALUES (1)")
        (folder / "bare.py").write_text(BARE_PAGE, encoding="utf-8")
        process, bare_url = start_app({"BARE_DB": str(database)}, script=folder / "bare.py", log=folder / "bare.log")
        processes.append(process)
        bare = (bare_url, server_pid(process.pid), database)
    try:
        results = asyncio.run(main_async(args, url, pid, bare))
    finally:
        for process in processes:
            stop_app(process)
    base = next((r["all_s_median"] for r in results if r["phones"] == min(args.phones)), None)
    print(f"\n{os.cpu_count()} CPU cores; load average at the end {' '.join(results[-1]['loadavg'])}")
    print(
        "phones | club: every phone has the step (median of clicks) | ratio to the smallest class | "
        "server CPU % of a core (idle / step change) | bare page: every phone | club / bare"
    )
    for r in results:
        ratio = r["all_s_median"] / base if base else float("nan")
        cpu = f"{r.get('idle_cpu_pct_of_one_core', '-')} / {max(c.get('cpu_pct_of_one_core', 0) for c in r['clicks'])}"
        reference = r.get("bare")
        bare_s = f"{reference['all_s_median']:.2f} s" if reference else "-"
        versus = f"{r['all_s_median'] / reference['all_s_median']:.2f}" if reference else "-"
        print(f"{r['phones']:>6} | {r['all_s_median']:>6.2f} s | {ratio:>5.2f} | {cpu:>9} | {bare_s:>7} | {versus}")


if __name__ == "__main__":
    main()
