"""The command line's contract for every bad input: exit 2, exactly one line on standard error, values quoted.

The review's reproductions, argparse's own usage errors, bytes that are not
UTF-8 on standard input, and hypothesis-made positions all meet the same
three checks, in process (``cli.main``) and, for a sample, as a real process.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import one_line_error, run_module_bytes
from hostile import HOSTILE_VALUES, REVIEW_POSITIONS, mutate_value, seeded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial_app.cli import main

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse's exits
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("case", "needle"),
    [
        ("bank with 4301 digits", "number too large"),
        ("bank with 5000 digits", "number too large"),
        ("an infinite side in match scores", "a key must be a name"),
        ("5000-deep lists", "nested too deeply"),
        ("a three-line closed value", "moves[0].closed: write true or false, not 'a\\nb\\nc'"),
        ("a heading in a move", "not 'a\\n\\n# HEADING'"),
        ("last_move_by -7 on an empty chain", "last_move_by must be a seat number from 0 to 1, not -7"),
        ("last_move_by 99 on an empty chain", "not 99"),
        ("last_move_by 10^30 on an empty chain", "number too large"),
        ("a NUL after the rules", "control character U+0000"),
        ("an alias that contains itself", "contains it"),
    ],
)
def test_the_reviews_positions_get_one_line(
    case: str, needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "position.yaml"
    path.write_text(REVIEW_POSITIONS[case], encoding="utf-8")
    line = one_line_error(*_main(capsys, "referee", str(path)), prefix="domino-tutor referee")
    assert needle in line


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["refere", "x.yaml"], "invalid choice: 'refere'"),
        (["referee"], "the following arguments are required: POSITION_FILE"),
        (["referee", "x.yaml", "--jsn"], "unrecognized arguments: --jsn"),
        (["referee", "x.yaml", "--lang", "de"], "invalid choice: 'de'"),
        (["--port", "abc"], "'abc' is not a port number"),
        (["--port", "9" * 5000], "is not a port number"),
        (["app", "--port", "70000"], "'70000' is not a port number"),
        (["lessons"], "required: ACTION"),
        (["simulate", "--hands"], "expected one argument"),
        (["referee", "x.yaml", "--rules"], "expected one argument"),
        (["referee", "a\nb\nc", "--bogus\nline"], "unrecognized arguments: --bogus\\nline"),
        (["simulate", "kozel"], "unrecognized arguments: kozel; a rule set is named with --rules: --rules kozel"),
        (["simulate", "blok"], "simulate: unrecognized arguments: blok (see domino-tutor simulate --help)"),
    ],
)
def test_usage_errors_are_one_line(args: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(*_main(capsys, *args))
    assert needle in line and line.endswith("--help)")


def test_a_file_name_with_a_line_break_is_quoted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(*_main(capsys, "referee", str(tmp_path / "a\nb.yaml")), prefix="domino-tutor referee")
    assert line.endswith("a\\nb.yaml': no such file")


@pytest.mark.parametrize(
    ("stdin", "needle"),
    [
        (b"rules: block\n\xff\n", "standard input:2:1: not UTF-8 text (byte 0xff)"),
        (b"rules: block\x00\n", "standard input:1:13: control character U+0000"),
        (bytes(range(256)), "not UTF-8 text"),
        (b"", "the text is empty"),
        (b"\x1b[31mrules: block\n", "control character U+001B"),
    ],
)
def test_standard_input_is_checked_as_real_process(stdin: bytes, needle: str) -> None:
    done = run_module_bytes("referee", "-", stdin=stdin)
    line = one_line_error(done.returncode, done.stdout.decode(), done.stderr.decode(), "domino-tutor referee")
    assert needle in line


def test_usage_error_as_real_process() -> None:
    done = run_module_bytes("referee", "--jsn")
    one_line_error(done.returncode, done.stdout.decode(), done.stderr.decode())


# -- fuzz ---------------------------------------------------------------------------------------------

BASE = {
    "rules": "draw",
    "hands": [["6-5", "3-2"], ["4-4", "0-1"]],
    "chain": ["1-2", "2-4"],
    "boneyard": 5,
    "to_move": 0,
    "moves": [
        {"action": "draw", "tiles": ["0-0"]},
        {"action": "draw", "tiles": ["5-4"]},
        {"tile": "5-4", "end": "right"},
    ],
    "match": {"scores": {"0": 10}},
}


@FUZZ
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=1, max_value=3), st.booleans())
def test_mutated_positions_give_a_ruling_or_one_line(seed: int, rounds: int, as_json: bool) -> None:
    import contextlib
    import io
    import tempfile

    rng = seeded(seed)
    data = BASE
    for _ in range(rounds):
        data = mutate_value(data, rng)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / ("p.json" if as_json else "p.yaml")
        try:
            text = json.dumps(data) if as_json else _yaml(data)
        except ValueError:  # a number json itself cannot write (10**4400): nothing a user could hand over
            return
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["referee", str(path), "--json"])
    if code == 0:
        assert err.getvalue() == "" and json.loads(out.getvalue())["rulings"]
    else:
        one_line_error(code, out.getvalue(), err.getvalue(), "domino-tutor referee")


def _yaml(data: object) -> str:
    import yaml

    return yaml.safe_dump(data, allow_unicode=False)


def test_the_hostile_catalogue_is_what_the_fuzz_throws() -> None:
    assert len(HOSTILE_VALUES) > 60 and any(isinstance(v, float) for v in HOSTILE_VALUES)
