"""Hostile input on every surface the reliability review tried, counted: clear errors, tracebacks left (goal 0).

Run: ``python3 benchmarks/fuzz_inputs.py`` (about three minutes; ``--quick``
tries a tenth). Seeded, so two runs count the same. To measure another
checkout (say, main before a change), put it first on the path:
``PYTHONPATH=/path/to/checkout python3 benchmarks/fuzz_inputs.py``.

Per surface it prints how many inputs were tried and what became of them:
``answer`` (a ruling, a valid lesson, a file read), ``clear`` (one readable
line; for pages, a message and no exception box), ``traceback`` (an
exception that escaped: a traceback on the terminal or Streamlit's exception
box), ``multi-line`` (a refusal of several lines), ``unlocated`` (a lesson
error without line and column), ``wrong accept`` (a bad value taken as good),
``markup`` (a value from a link rendered as Markdown).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml
from measure import benchmark_parser

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests")]

from hostile import (  # noqa: E402
    HOSTILE_VALUES,
    REVIEW_LESSON_TEXTS,
    REVIEW_LINKS,
    REVIEW_POSITIONS,
    REVIEW_PROGRESS_FILES,
    docs_positions,
    mutants,
    seeded,
    text_mutants,
)

MARKUP_CHARS = set("`*_[]()#!<>~|$:&")
Outcome = str


def _bad_seat(data: Any, key: str) -> bool:
    if not isinstance(data, dict) or key not in data or not isinstance(data.get("hands"), list):
        return False
    value = data[key]
    return isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(data["hands"])


def _wrongly_accepted(data: Any) -> bool:
    """Values docs/referee.md calls bad input whatever the rest of the position says."""
    if not isinstance(data, dict):
        return False
    if _bad_seat(data, "last_move_by") or _bad_seat(data, "to_move"):
        return True
    moves = data.get("moves")
    return isinstance(moves, list) and any(
        isinstance(m, dict) and "closed" in m and not isinstance(m["closed"], bool) for m in moves
    )


def _one_line(text: str) -> bool:
    return bool(text) and "\n" not in text.strip("\n") and "\r" not in text


# -- the referee, in process ----------------------------------------------------------------------------


def referee_api(count: int) -> Counter[Outcome]:
    from tutorial_app.rules.line.referee import rule_all
    from tutorial_app.rules.text import RulesError

    outcomes: Counter[Outcome] = Counter()
    bases = docs_positions()
    for data in mutants(bases, count, seed=1, rounds=3):
        try:
            rule_all(data, None, "en")
        except RulesError as exc:
            texts = [getattr(exc, "reason", None) or str(exc)]
            lines = [t for pair in texts for t in (pair if isinstance(pair, tuple) else (pair,))]
            outcomes["clear" if all(_one_line(str(t)) and len(str(t)) < 2000 for t in lines) else "multi-line"] += 1
        except Exception:
            outcomes["traceback"] += 1
        else:
            outcomes["wrong accept" if _wrongly_accepted(data) else "answer"] += 1
    return outcomes


# -- the referee command line ---------------------------------------------------------------------------


def _cli_inputs(count: int) -> Iterator[tuple[list[str], bytes | None, str, bool]]:
    """(argv, standard input, file text, expected bad) for the command line."""
    rng = seeded(2)
    for text in REVIEW_POSITIONS.values():
        yield ["referee", "{file}"], None, text, True
    for argv in (
        ["refere", "x"],
        ["referee"],
        ["referee", "x", "--jsn"],
        ["referee", "x", "--lang", "de"],
        ["--port", "abc"],
        ["referee", "a\nb"],
        ["simulate", "--hands"],
        ["lessons"],
    ):
        yield argv, None, "", True
    for stdin in (b"rules: block\n\xff\n", b"rules: block\x00\n", bytes(range(256)), b"", b"\x1b[31m"):
        yield ["referee", "-"], stdin, "", True
    bases = docs_positions()
    made = 0
    for data in mutants(bases, count, seed=3, rounds=2):
        if made >= count:
            break
        made += 1
        as_json = rng.random() < 0.3
        try:
            text = json.dumps(data) if as_json else yaml.safe_dump(data, allow_unicode=True)
        except (ValueError, TypeError, yaml.YAMLError):
            continue
        yield ["referee", "{file}" + (".json" if as_json else ""), "--json"], None, text, _wrongly_accepted(data)


def referee_cli(count: int) -> Counter[Outcome]:
    from tutorial_app.cli import main

    outcomes: Counter[Outcome] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        for index, (argv, stdin, text, bad) in enumerate(_cli_inputs(count)):
            path = Path(folder) / f"p{index}.yaml"
            args = [a.replace("{file}", str(path)) for a in argv]
            if any("{file}" in a for a in argv):
                target = Path(args[1])
                target.write_text(text, encoding="utf-8", errors="surrogatepass")
            outcomes[_run_cli(main, args, stdin, bad)] += 1
    return outcomes


def _run_cli(main: Callable[[list[str]], int], args: list[str], stdin: bytes | None, bad: bool) -> Outcome:
    out, err = io.StringIO(), io.StringIO()
    real_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(args)
            except SystemExit as exc:
                code = int(exc.code or 0) if not isinstance(exc.code, str) else 1
            except Exception:
                traceback.print_exc(file=err)
                code = 1
    finally:
        sys.stdin = real_stdin
    message = err.getvalue()
    if "Traceback" in message or code not in (0, 2):
        return "traceback"
    if code == 0:
        return "wrong accept" if bad else "answer"
    return "clear" if _one_line(message) and not out.getvalue() else "multi-line"


def referee_processes() -> Counter[Outcome]:
    """A few inputs through a real process: what a shell user sees."""
    import subprocess

    outcomes: Counter[Outcome] = Counter()
    cases: list[tuple[list[str], bytes]] = [
        (["referee", "-"], b"rules: block\n\xff\n"),
        (["referee", "-"], b"\x00\x01binary"),
        (["referee", "--jsn", "x"], b""),
        (["refere"], b""),
        (["referee", "-"], REVIEW_POSITIONS["bank with 4301 digits"].encode()),
        (["referee", "-"], REVIEW_POSITIONS["a three-line closed value"].encode()),
        (["referee", "/"], b""),
        (["lessons", "validate", "/dev/zero"], b""),
    ]
    import tutorial_app

    checkout = Path(tutorial_app.__file__).resolve().parents[1]  # `-m` runs the package beside the current folder
    for args, stdin in cases:
        done = subprocess.run(
            [sys.executable, "-m", "tutorial_app", *args], input=stdin, capture_output=True, timeout=120, cwd=checkout
        )
        err = done.stderr.decode(errors="replace")
        if "Traceback" in err or done.returncode not in (0, 2):
            outcomes["traceback"] += 1
        elif args[0] == "lessons":
            outcomes["clear" if done.returncode == 2 and len(err.splitlines()) == 2 else "multi-line"] += 1
        else:
            outcomes["clear" if done.returncode == 2 and _one_line(err) else "multi-line"] += 1
    return outcomes


# -- lessons ----------------------------------------------------------------------------------------------


def lesson_loader(count: int) -> Counter[Outcome]:
    from tutorial_app.lessons.check.validate import check_source
    from tutorial_app.source import SourceError, parse_source

    outcomes: Counter[Outcome] = Counter()
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "lessons").glob("*/*.yaml"))]
    inputs = [*REVIEW_LESSON_TEXTS.values(), *text_mutants(texts, count - len(REVIEW_LESSON_TEXTS), seed=4)]
    for text in inputs:
        try:
            checked = check_source(parse_source(text, "lesson.yaml"))
        except SourceError as exc:
            outcomes["clear" if exc.mark is not None and _one_line(exc.message) else "unlocated"] += 1
        except Exception:
            outcomes["traceback"] += 1
        else:
            outcomes["answer" if not checked.issues else "clear"] += 1
    return outcomes


# -- pages ------------------------------------------------------------------------------------------------


def _app(page: str, query: dict[str, str]) -> Any:
    from streamlit.testing.v1 import AppTest

    import tutorial_app

    main_script = Path(tutorial_app.__file__).parent / "app" / "main.py"  # the checkout being measured
    at = AppTest.from_file(str(main_script), default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    if page != "learn" and not at.exception:
        at.switch_page(f"app_pages/{page}.py").run()
    return at


def _markup_left(at: Any, values: list[str]) -> bool:
    """A value with Markdown in it, shown as it was typed (so rendered as Markdown)."""
    shown = [e.value for kind in (at.warning, at.error, at.info, at.markdown) for e in kind]
    return any(v in text for v in values if set(v) & MARKUP_CHARS and len(v) > 3 for text in shown)


def _page_outcome(at: Any, values: list[str] | None = None) -> Outcome:
    if at.exception:
        return "traceback"
    if values and _markup_left(at, values):
        return "markup"
    return "clear" if at.error or at.warning or at.info else "answer"


def workshop(count: int) -> Counter[Outcome]:
    outcomes: Counter[Outcome] = Counter()
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "lessons" / "core").glob("*.yaml"))[:3]]
    inputs = [*REVIEW_LESSON_TEXTS.values(), *text_mutants(texts, max(0, count - len(REVIEW_LESSON_TEXTS)), seed=5)]
    for text in inputs[:count]:
        at = _app("workshop", {})
        at.text_area(key="ws_text").set_value(text)
        at.button[0].click().run()
        outcomes[_page_outcome(at)] += 1
    return outcomes


def compare_box(count: int) -> Counter[Outcome]:
    outcomes: Counter[Outcome] = Counter()
    inputs = list(REVIEW_POSITIONS.values())[:count]
    for text in inputs:
        at = _app("compare", {})
        at.text_area(key="cmp_position").set_value(text).run()
        outcomes[_page_outcome(at)] += 1
    return outcomes


def _links(count: int) -> Iterator[tuple[str, dict[str, str]]]:
    yield from REVIEW_LINKS
    rng = seeded(6)
    strings = [v for v in HOSTILE_VALUES if isinstance(v, str)]
    for _ in range(count - len(REVIEW_LINKS)):
        page = rng.choice(["learn", "play", "compare", "rules", "workshop"])
        keys = rng.sample(["deal", "rules", "players", "lesson", "lang"], rng.randint(1, 3))
        yield page, {key: rng.choice(strings) for key in keys}


def deep_links(count: int) -> Counter[Outcome]:
    outcomes: Counter[Outcome] = Counter()
    for page, query in _links(count):
        # a URL carries neither a NUL nor half a character pair
        query = {k: v.replace("\x00", "").encode("utf-8", "replace").decode() for k, v in query.items()}
        at = _app(page, query)
        outcomes[_page_outcome(at, list(query.values()))] += 1
    return outcomes


def broken_database() -> Counter[Outcome]:
    outcomes: Counter[Outcome] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        corrupt = base / "corrupt.sqlite3"
        corrupt.write_bytes(b"not a database" * 100)
        (base / "a-file").write_text("x")
        (base / "a-folder").mkdir()
        for path in (corrupt, base / "a-folder", base / "a-file" / "sub" / "p.sqlite3"):
            os.environ["DOMINO_TUTOR_PROGRESS_DB"] = str(path)
            import streamlit as st

            st.cache_resource.clear()
            at = _app("learn", {})
            if not at.exception:
                at.sidebar.text_input(key="learner_name").set_value("Anna").run()
            outcomes["traceback" if at.exception else "clear"] += 1
        os.environ.pop("DOMINO_TUTOR_PROGRESS_DB")
    return outcomes


# -- progress files -----------------------------------------------------------------------------------------


def _progress_files(count: int) -> Iterator[bytes]:
    yield from REVIEW_PROGRESS_FILES.values()
    rng = seeded(8)
    base = {
        "format": "domino-tutor-progress",
        "version": 1,
        "learner": "Anna",
        "stars": {"core-01-the-set": 3, "core-02-placing-on-the-ends": 1},
    }
    for data in mutants([base], count - len(REVIEW_PROGRESS_FILES), seed=9):
        try:
            yield json.dumps(data).encode("utf-8", "surrogatepass")
        except (ValueError, TypeError):
            yield rng.choice([b"[]", b"{}", b"\xff\xfe"])


def progress_import(count: int) -> tuple[Counter[Outcome], str]:
    from tutorial_app.stores.progress import ProgressError, ProgressStore

    outcomes: Counter[Outcome] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        store = _store(ProgressStore, f"sqlite:///{folder}/p.sqlite3")
        for data in _progress_files(count):
            try:
                store.import_("Anna", data)
            except ProgressError as exc:
                outcomes["clear" if _one_line(str(exc)) else "multi-line"] += 1
            except Exception:
                outcomes["traceback"] += 1
            else:
                outcomes["answer"] += 1
        junk = {f"x{i}": 3 for i in range(15_000)}  # 184 kB, as in the review
        start = time.perf_counter()
        try:
            store.import_("Junk", json.dumps({"format": "domino-tutor-progress", "stars": junk}).encode())
        except Exception as exc:
            said = f"refused ({type(exc).__name__})"
        else:
            said = "accepted"
        seconds = time.perf_counter() - start
        rows = len(store.stars("Junk"))
    return outcomes, f"15,000 made-up lesson ids: {said}, {rows} rows written in {seconds:.2f} s"


def _store(cls: Any, url: str) -> Any:
    from tutorial_app.lessons import catalog

    ids = getattr(catalog, "lesson_ids", None)
    try:
        return cls(url, ids()) if ids is not None else cls(url)
    except TypeError:
        return cls(url)


# -- the table ------------------------------------------------------------------------------------------------

COLUMNS = ("answer", "clear", "traceback", "multi-line", "unlocated", "wrong accept", "markup")


def _row(name: str, outcomes: Counter[Outcome]) -> str:
    cells = [str(outcomes.get(column, 0)) for column in COLUMNS]
    return f"| {name} | {sum(outcomes.values())} | " + " | ".join(cells) + " |"


def main() -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--quick", action="store_true", help="a tenth of the inputs")
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0

    import logging

    logging.disable(logging.CRITICAL)  # the harness counts outcomes; the app's own log lines are not needed here
    started = time.perf_counter()
    rows: list[tuple[str, Counter[Outcome]]] = []
    rows.append(("referee, in process", referee_api(int(3712 * scale))))
    rows.append(("referee CLI (in process)", referee_cli(int(315 * scale))))
    rows.append(("referee CLI (real processes)", referee_processes()))
    rows.append(("lesson loader (mutants of real lessons)", lesson_loader(int(2500 * scale))))
    rows.append(("Workshop paste", workshop(max(6, int(17 * scale)))))
    rows.append(("Compare referee box", compare_box(len(REVIEW_POSITIONS))))
    rows.append(("deep links (AppTest)", deep_links(max(len(REVIEW_LINKS), int(63 * scale)))))
    rows.append(("broken progress database (AppTest)", broken_database()))
    progress, junk = progress_import(max(len(REVIEW_PROGRESS_FILES), int(26 * scale)))
    rows.append(("progress import files", progress))

    import tutorial_app

    print(f"fuzz_inputs: tutorial_app from {Path(tutorial_app.__file__).parent}")
    print(f"| surface | tried | {' | '.join(COLUMNS)} |")
    print("|---" * (len(COLUMNS) + 2) + "|")
    for name, outcomes in rows:
        print(_row(name, outcomes))
    total = Counter[Outcome]()
    for _, outcomes in rows:
        total.update(outcomes)
    print(_row("all surfaces", total))
    print(junk)
    print(
        f"tracebacks left: {total.get('traceback', 0)} (goal 0); "
        f"{sum(total.values())} inputs in {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
