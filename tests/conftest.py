"""The suite's shared fixtures and how its tests are spread over parallel workers (see tests/README.md).

Parallel runs: ``pyproject.toml`` runs pytest with ``-n auto --dist loadgroup`` (pytest-xdist). A whole
run (no argument, or a folder) gets ``auto_workers`` workers; naming only test files or tests runs them
in this process, as before (``-n 2`` asks for workers anyway, ``-n 0`` never). Every session-scoped
fixture below exists once per worker: one app server, one Chromium, one PostgreSQL URL per worker that
needs them, started the first time a test asks.

Browser tests skip when Chromium or Playwright is missing, except where ``DOMINO_TUTOR_REQUIRE_BROWSER=1``
is set (CI): there they fail. PostgreSQL tests likewise with ``DOMINO_TUTOR_REQUIRE_POSTGRES=1``.
"""

from __future__ import annotations

import fcntl
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from servers import Server, own_schema, start_app, stop_app

if TYPE_CHECKING:
    from tutorial_app.lessons.check.validate import Report
    from tutorial_app.lessons.run.stats import LessonStats

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
POSTGRES_SCRIPT = ROOT / ".ci" / "postgres"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
UNSHOWN_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
"""Browser features a headless test never shows and pays for: the omnibox's two WebUI popups, which Chromium
preloads for every window (a new browser context is one), each in a renderer of its own: ~1 s of CPU per
context. Nine tests of tests/browser (test_screens, test_puzzles_app): CPU 69.5 -> 58 s (interleaved A/B,
two rounds each)."""
POSTGRES_GROUP = "postgres"
"""The xdist group of every test that uses PostgreSQL: one worker runs them all, so one throwaway cluster
(where ``DOMINO_TUTOR_TEST_POSTGRES_URL`` is not set) and one pair of club instances serve the run."""
LESSONS_GROUP = "lessons_report"
"""The xdist group of every test that reads ``lessons_report`` or ``lessons_figures``: one worker checks the
shipped lessons once for all of them."""


# -- workers ---------------------------------------------------------------------------------------------------


def auto_workers(cpus: int) -> int:
    """Workers for a whole run on ``cpus`` cores: one more than the cores, since the browser tests spend much
    of their time waiting for a page (a poll, a rerun) while another worker can use the core."""
    return cpus + 1


def _names_only_files(config: pytest.Config) -> bool:
    """Whether the command line names test files or tests only (no folder, not the whole suite)."""
    args = [arg for arg in config.args if not arg.startswith("-")]
    if not args or config.option.keyword or config.option.markexpr:
        return False
    return all("::" in arg or Path(arg).is_file() for arg in args)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: ``PYTEST_XDIST_AUTO_NUM_WORKERS`` if set; none for a few named files (starting workers
    costs more than it saves there); else ``auto_workers`` for this machine's cores."""
    chosen = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS")
    if chosen:
        return int(chosen)
    if _names_only_files(config):
        return 0
    return auto_workers(len(os.sched_getaffinity(0)))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the PostgreSQL tests in one xdist group, the tests of the checked lessons in another, and the
    browser tests first.

    Why first: they are the long ones (a club class takes a minute or more), mostly waiting; started early,
    the short CPU-bound tests fill the workers' gaps and end the run together, instead of one worker
    finishing a long browser test alone. ``tryfirst``: xdist reads the group marks in its own hook.
    """
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "postgres_url" in fixtures:
            item.add_marker(pytest.mark.xdist_group(POSTGRES_GROUP))
        elif "lessons_report" in fixtures:
            item.add_marker(pytest.mark.xdist_group(LESSONS_GROUP))
    items.sort(key=lambda item: item.get_closest_marker("browser") is None)


def _cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (workers, servers, commands)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _processes_below() -> dict[int, tuple[str, float]]:
    """This process and every process below it (Linux; empty elsewhere): name and CPU seconds, each process's own
    and that of its children that have ended (a closed context's renderer, a stopped server), so nothing is
    counted twice."""
    processes: dict[int, tuple[int, str, float]] = {}
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = entry.read_text()
        except OSError:
            continue
        name, fields = text[text.index("(") + 1 : text.rindex(")")], text[text.rindex(")") + 2 :].split()
        processes[int(entry.parent.name)] = (int(fields[1]), name, sum(int(f) for f in fields[11:15]) / tick)
    below, grew = {os.getpid()}, True
    while grew:
        found = {pid for pid, (parent, _name, _cpu) in processes.items() if parent in below} - below
        below |= found
        grew = bool(found)
    return {pid: (name, cpu) for pid, (_parent, name, cpu) in processes.items() if pid in below}


def _chromium_cpu() -> float:
    """CPU seconds of the Chromium processes running below this process (Linux; 0 elsewhere).

    Why read them: Playwright's driver never waits for Chromium, so its CPU never reaches this process's
    ``RUSAGE_CHILDREN``; read just before the browser closes, it is added to the run's CPU figure."""
    return sum(cpu for name, cpu in _processes_below().values() if name.startswith("chrom"))


def _test_cpu(item: pytest.Item) -> float:
    """The CPU seconds a test is charged from: this process's and its ended children's; for a test that drives
    servers or a browser (marked ``browser``, or using a server fixture) every process below this one, since
    its app servers and Chromium do its work while they run (~5 ms of CPU to read, so not for the others)."""
    if item.get_closest_marker("browser") is None and not SERVER_FIXTURES & set(getattr(item, "fixturenames", ())):
        return _cpu_seconds()
    return sum(cpu for _name, cpu in _processes_below().values())


SERVER_FIXTURES = {"app_server", "app_url", "club_server", "two_instances", "browser", "page", "screen_page"}
CPU_KEY = "cpu_seconds"
"""The ``user_properties`` entry of a test's teardown report that carries its CPU seconds to the controller."""
_TEST_CPU = pytest.StashKey[float]()
_LAST_CPU = pytest.StashKey[float]()
_CPU_OF: dict[str, float] = {}


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    item.stash[_TEST_CPU] = _test_cpu(item)
    yield


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    """The last test's CPU is read before its teardown: the session's fixtures end there (a stopped app
    server's CPU reaches this process's children's time then, though its tests were charged with it)."""
    if nextitem is None:
        item.stash[_LAST_CPU] = _test_cpu(item)
    yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A test's CPU seconds (setup, call and teardown, a session fixture's start included: a worker's app server
    and Chromium are charged to its first browser test) go with its teardown report."""
    report = yield
    if call.when == "teardown" and _TEST_CPU in item.stash:
        end = item.stash[_LAST_CPU] if _LAST_CPU in item.stash else _test_cpu(item)
        report.user_properties.append((CPU_KEY, end - item.stash[_TEST_CPU]))
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "teardown":
        for key, value in report.user_properties:
            if key == CPU_KEY and isinstance(value, float):
                _CPU_OF[report.nodeid] = value


_RUN: dict[str, float] = {"browser_cpu": 0.0}


def pytest_sessionstart(session: pytest.Session) -> None:
    _RUN.update(wall=time.monotonic(), cpu=_cpu_seconds(), load=os.getloadavg()[0])


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker hands its browsers' CPU time to the controller (``pytest_testnodedown``)."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["browser_cpu"] = _RUN["browser_cpu"]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    _RUN["browser_cpu"] += float(getattr(node, "workeroutput", {}).get("browser_cpu", 0.0))


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The run's wall time, CPU time and the machine's load: what ``.ci/run`` reports, and what to quote when
    saying how fast the suite is (CPU seconds are disturbed less by other work on the machine)."""
    if "wall" not in _RUN:
        return
    wall = time.monotonic() - _RUN["wall"]
    cpu = _cpu_seconds() - _RUN["cpu"] + _RUN["browser_cpu"]
    workers = getattr(config.option, "numprocesses", 0) or 0
    shown = getattr(config.option, "durations", None) or 0
    if _CPU_OF and shown > 0:
        terminalreporter.write_sep("=", f"{shown} tests with the most CPU (their servers and Chromium included)")
        for nodeid, seconds in sorted(_CPU_OF.items(), key=lambda entry: -entry[1])[:shown]:
            terminalreporter.write_line(f"{seconds:7.1f} s CPU  {nodeid}")
    terminalreporter.write_line(
        f"suite wall time {int(wall // 60)} min {wall % 60:04.1f} s, CPU {cpu:.0f} s "
        f"(Chromium {_RUN['browser_cpu']:.0f} s), {workers or 'no'} parallel workers, "
        f"load average {_RUN['load']:.2f} at the start, {os.getloadavg()[0]:.2f} at the end"
    )


# -- the browser and the app ---------------------------------------------------------------------------------


def playwright_disabled_features() -> list[str]:
    """The features Playwright's own ``--disable-features`` switch turns off (its ``chromiumSwitches``), read from
    the installed driver; empty if it cannot be read.

    Why read them: Chromium keeps only the last ``--disable-features`` of its command line, and Playwright puts
    the launch's ``args`` after its own; a switch of ours must therefore name Playwright's features too, or it
    would turn them back on (HTTPS upgrades, storage partitioning, ...)."""
    import playwright

    lib = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    for script in (lib / "coreBundle.js", lib / "server" / "chromium" / "chromiumSwitches.js"):
        try:
            text = script.read_text(encoding="utf-8")
        except OSError:
            continue
        found = re.search(r"\bdisabledFeatures = \[(.*?)\]", text, re.DOTALL)
        if found:
            return re.findall(r'^\s*"(\w+)",?\s*$', found.group(1), re.MULTILINE)
    return []


def chromium_args() -> list[str]:
    """``CHROMIUM_ARGS``, and ``UNSHOWN_FEATURES`` turned off beside Playwright's own (left out when those cannot
    be read: a slower browser rather than one Playwright did not mean)."""
    theirs = playwright_disabled_features()
    if not theirs:
        return list(CHROMIUM_ARGS)
    return [*CHROMIUM_ARGS, "--disable-features=" + ",".join(dict.fromkeys([*theirs, *UNSHOWN_FEATURES]))]


def chromium_path() -> str | None:
    """Debian's Chromium headless shell if installed (package ``chromium-headless-shell``), else its chromium.

    Why the shell first: it is the same Blink and V8 without the browser's own machinery, as Playwright's own
    headless Chromium is; the suite's browser tests took ~7 % less CPU with it (tests/browser/test_browser_flows.py
    and test_puzzles_app.py, three runs of each alternated: 69-74 s against 64-66 s, Chromium 39-41 s against
    36-38 s)."""
    for name in ("chromium-headless-shell", "chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def _missing(variable: str, why: str) -> None:
    """Skip, or fail where ``variable=1`` says the tests are required here (CI)."""
    if os.environ.get(variable) == "1":
        pytest.fail(f"these tests are required here ({variable}=1) but {why}")
    pytest.skip(why)


HEAVY_COURSE = "strategy"
"""The course whose check costs most (its best-move answers are analyses: ~3.5 s of CPU against ~2.7 s for all
the others): ``courses_kept`` checks it in a process of its own."""
LOAD_COURSES = (
    "import sys\nfrom tutorial_app.lessons.catalog import load_course\n"
    "for name in sys.argv[1:]:\n    load_course(name, proofs=False)\n"
)


@pytest.fixture(scope="session")
def courses_kept(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The shipped courses checked once for the whole run and kept on disk (``catalog.KEPT``) before any app
    server starts, so that every server's first Learn page and the workers' own loads read them back.

    Why: on a fresh machine (CI) the three workers' servers and the two PostgreSQL instances each checked every
    course on their first page at the same moment, ~5.5 s of CPU apiece, none finding the others' files. The
    first worker to ask checks them in two processes at once (one per core); the others wait on a lock in the
    run's shared temporary folder and find the files made."""
    from tutorial_app.lessons.catalog import course_names

    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder: every worker's own is below it
    done = shared / "courses-kept"
    with (shared / "courses-kept.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.exists():
            return
        names = course_names()
        halves = [[HEAVY_COURSE], [name for name in names if name != HEAVY_COURSE]]
        with (shared / "courses-kept.log").open("wb") as log:  # a broken lesson is the lesson tests' to report
            checks = [
                subprocess.Popen([sys.executable, "-c", LOAD_COURSES, *half], cwd=ROOT, stdout=log, stderr=log)
                for half in halves
            ]
            for check in checks:
                check.wait()
        done.touch()


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory, courses_kept: None) -> Iterator[Server]:
    """The app served for this worker, on its own SQLite progress and club database; shared by every browser
    test of the worker (the club's tests included: the database's URL lets them read the room).

    ``DATABASE_URL`` of this shell is not inherited (the server must use the database made here); the
    server's output goes to ``app.log`` in the fixture's folder, so a failure can be read."""
    folder = tmp_path_factory.mktemp("app")
    database = folder / "progress.sqlite3"
    process, url = start_app(
        {"DOMINO_TUTOR_PROGRESS_DB": str(database)}, log=folder / "app.log", drop=("DATABASE_URL",)
    )
    try:
        yield Server((url,), f"sqlite:///{database}")
    finally:
        stop_app(process)


@pytest.fixture(scope="session")
def app_url(app_server: Server) -> str:
    """The address of this worker's app server."""
    return app_server.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium through Playwright (Debian's chromium, no download), launched once per worker."""
    executable = chromium_path()
    if executable is None:
        _missing("DOMINO_TUTOR_REQUIRE_BROWSER", "chromium is not installed (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("DOMINO_TUTOR_REQUIRE_BROWSER", "the playwright package is not installed")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=chromium_args())
        try:
            yield launched
        finally:
            _RUN["browser_cpu"] += _chromium_cpu()
            launched.close()


LAPTOP: dict[str, Any] = {"viewport": {"width": 1400, "height": 1000}, "locale": "en-US"}
"""The laptop screen of the ``page`` fixture."""


class Screens:
    """The worker's browser pages, one per kind of screen (the browser context's options), kept from test to test.

    Why keep them: a page loading the app in a new browser context compiles Streamlit's script bundle again in a new
    renderer; the same page navigating to the app again finds it compiled (V8's cache in that renderer) and its
    files in the context's cache: 4 loads of a lesson, 7.0 s of Chromium CPU and 1.0 s of the server's in new
    contexts against 4.1 s and 0.4 s in one page (three rounds each); test_screens, test_puzzles_app,
    test_board_component, test_keyboard and test_browser_flows (17 tests): CPU 120, 100, 110, 118 s (Chromium 77, 64,
    70, 76) with a new context each against 101, 102, 110, 88 s (Chromium 66, 67, 71, 57), alternated. A test gets the
    page as new as a fresh context for the app: between tests the page leaves the app (``about:blank``, which ends
    its Streamlit session), its cookies and storage are cleared and its window size restored; a page whose test
    failed is closed with its context, in case it was left half-way (a dialog, a press held). A second page of the
    same screen in one test is a context of its own, closed when the test ends."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.kept: dict[str, tuple[Any, Any, dict[str, Any]]] = {}
        self.lent: set[str] = set()
        self.extra: list[Any] = []

    def open(self, **options: Any) -> Any:
        """A page of a browser context with these options (``browser.new_context``'s), blank, for this test."""
        key = repr(sorted(options.items()))
        if key in self.lent:
            context = self.browser.new_context(**options)
            self.extra.append(context)
            return context.new_page()
        if key not in self.kept:
            context = self.browser.new_context(**options)
            self.kept[key] = (context, context.new_page(), options)
        self.lent.add(key)
        return self.kept[key][1]

    def give_back(self, failed: bool) -> None:
        """After a test: its extra contexts closed; each page it used cleaned for the next test, or closed."""
        for context in self.extra:
            context.close()
        self.extra.clear()
        for key in self.lent:
            context, used, options = self.kept[key]
            try:
                if failed or used.is_closed():
                    raise RuntimeError("not kept")
                used.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }")
                used.goto("about:blank")
                context.clear_cookies()
                if "viewport" in options and used.viewport_size != options["viewport"]:
                    used.set_viewport_size(options["viewport"])
            except Exception:
                del self.kept[key]
                context.close()
        self.lent.clear()

    def close(self) -> None:
        for context, _page, _options in self.kept.values():
            context.close()
        self.kept.clear()


@pytest.fixture(scope="session")
def _screens(browser: Any) -> Iterator[Screens]:
    kept = Screens(browser)
    try:
        yield kept
    finally:
        kept.close()


@pytest.fixture
def screen_page(_screens: Screens, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``screen_page(viewport=..., locale=..., ...)``: a page on a screen of these ``browser.new_context`` options,
    as new as a fresh context for the app but kept by the worker from test to test (see ``Screens``)."""
    failed = request.session.testsfailed
    try:
        yield _screens.open
    finally:
        _screens.give_back(request.session.testsfailed > failed)


@pytest.fixture
def page(screen_page: Any) -> Any:
    """A page on a laptop-sized window (``LAPTOP``), as new as a fresh browser context for the app (its own cookies
    and Streamlit session; see ``Screens``)."""
    return screen_page(**LAPTOP)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# -- the shipped lessons ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def lessons_report() -> Report:
    """Every shipped lesson checked (``check_paths`` of the lessons folder), once per worker: ~5-15 s of CPU
    that several tests used to spend each. Read it, never change it. Its tests share one worker
    (``LESSONS_GROUP``)."""
    from tutorial_app.lessons import lessons_root
    from tutorial_app.lessons.check.validate import check_paths

    return check_paths([lessons_root()])


@pytest.fixture(scope="session")
def lessons_figures(lessons_report: Report) -> list[LessonStats]:
    """``lesson_stats`` of ``lessons_report``: every shipped lesson's figures, computed once per worker."""
    from tutorial_app.lessons.run.stats import lesson_stats

    return lesson_stats(lessons_report)


# -- PostgreSQL ----------------------------------------------------------------------------------------------------


def _postgres_binary() -> bool:
    return any(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl")) or shutil.which("pg_ctl") is not None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server: ``DOMINO_TUTOR_TEST_POSTGRES_URL`` if set, else a throwaway cluster that
    ``.ci/postgres`` starts for this run. Skipped only when the machine has no PostgreSQL at all (a
    failure where ``DOMINO_TUTOR_REQUIRE_POSTGRES=1``, as in CI). Tests using it share one worker
    (``POSTGRES_GROUP``); each takes a schema of its own (``postgres_schema``)."""
    given = os.environ.get("DOMINO_TUTOR_TEST_POSTGRES_URL", "")
    if given:
        yield given
        return
    if not _postgres_binary():
        _missing(
            "DOMINO_TUTOR_REQUIRE_POSTGRES",
            "there is no PostgreSQL server binary (pg_ctl) on this machine and DOMINO_TUTOR_TEST_POSTGRES_URL "
            "is not set: install postgresql or set the variable to run these tests",
        )
    folder = tempfile.mkdtemp(prefix="domino-pg-")  # directly in /tmp: the server's user must reach it
    started = subprocess.run([str(POSTGRES_SCRIPT), "start", folder], capture_output=True, text=True, check=False)
    if started.returncode != 0:
        pytest.fail(f".ci/postgres could not start a cluster: {started.stderr[-2000:]}")
    try:
        yield started.stdout.strip()
    finally:
        subprocess.run([str(POSTGRES_SCRIPT), "stop", folder], capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_schema(postgres_url: str) -> Iterator[str]:
    """A URL of the test's own empty schema on the PostgreSQL server (see ``own_schema``)."""
    with own_schema(postgres_url) as url:
        yield url
