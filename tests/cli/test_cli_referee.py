"""The referee command over its whole format: good positions, and every bad input we could think of.

A bad input must give exit status 2, exactly one line on standard error,
nothing on standard output and no traceback, both through the installed
module (``python3 -m tutorial_app``) and through ``tutorial_app.cli.main``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_helpers import ROOT, one_line_error, run_module

from tutorial_app.cli import main
from tutorial_app.rules.line.position import PositionError, read_position

DOCS = ROOT / "docs" / "referee.md"


def write(tmp_path: Path, text: str | bytes, name: str = "position.yaml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


LINE = "rules: block\nhands: [[6-4, 3-0, 1-2], [5-5, 2-2]]\nchain: [3-5, 5-1]\nto_move: 0\n"

BAD_INPUTS: dict[str, tuple[str | bytes, str]] = {
    # name: (file text, a piece of the one-line message); the file is p.yaml, or p.json for JSON_CASES
    "duplicate tile in two hands": ("rules: block\nhands: [[6-4], [4-6]]\n", "appears twice"),
    "duplicate tile in hand and chain": ("rules: block\nhands: [[6-4], [1-1]]\nchain: [4-6]\n", "appears twice"),
    "broken chain": ("rules: block\nhands: [[6-4], [1-1]]\nchain: [3-5, 1-2]\n", "broken chain"),
    "unknown preset": ("rules: chess\nhands: [[6-4], [1-1]]\n", "unknown rule set"),
    "unknown option": ("rules: block\noverrides: {colour: red}\nhands: [[6-4], [1-1]]\n", "unknown option"),
    "bad option value": ("rules: block\noverrides: {scoring: lots}\nhands: [[6-4], [1-1]]\n", "scoring"),
    "impossible combination": ("rules: kozel\noverrides: {blocked_tie: bank}\nhands: [[6-4], [1-1]]\n", "blocked_tie"),
    "tile 7-1": ("rules: block\nhands: [[7-1], [1-1]]\n", "7-1"),
    "tile as a number": ("rules: block\nhands: [[64], [1-1]]\n", "not a tile"),
    "tile as three numbers": ("rules: block\nhands: [[[6, 4, 1]], [1-1]]\n", "not a tile"),
    "illegal move": (
        "rules: block\nhands: [[6-4, 3-0], [1-2]]\nchain: [3-5, 5-1]\nto_move: 0\nmoves: [{tile: 6-4, end: left}]\n",
        "illegal",
    ),
    "pass with a playable tile": (
        "rules: block\nhands: [[6-4, 3-0], [1-2]]\nchain: [3-5, 5-1]\nto_move: 0\nmoves: [{action: pass}]\n",
        "may not pass",
    ),
    "draw without a boneyard": (
        "rules: block\nhands: [[6-4], [1-2]]\nchain: [3-5, 5-1]\nto_move: 0\nmoves: [{action: draw}]\n",
        "boneyard",
    ),
    "move after the hand is over": (
        "rules: block\nhands: [[6-5], []]\nchain: [3-5]\nmoves: [{action: pass}]\n",
        "over",
    ),
    "unknown action": ("rules: block\nhands: [[6-5], [1-1]]\nchain: [3-5]\nmoves: [{action: fly}]\n", "unknown action"),
    "action that is a list": (
        "rules: block\nhands: [[6-5], [1-1]]\nchain: [3-5]\nmoves: [{action: [draw]}]\n",
        "unknown action",
    ),
    "unknown end": ("rules: block\nhands: [[6-5], [1-1]]\nchain: [3-5]\nmoves: [{tile: 6-5, end: middle}]\n", "end"),
    "moves not a list": ("rules: block\nhands: [[6-5], [1-1]]\nchain: [3-5]\nmoves: {tile: 6-5}\n", "'moves'"),
    "move not a mapping": ("rules: block\nhands: [[6-5], [1-1]]\nchain: [3-5]\nmoves: [6-5]\n", "write a move"),
    "too many seats": ("rules: block\nhands: [[6-4], [5-5], [1-1], [2-2], [3-3]]\n", "not 5"),
    "one seat": ("rules: block\nhands: [[6-4]]\n", "not 1"),
    "pairs with three seats": ("rules: block\noverrides: {teams: pairs}\nhands: [[6-4], [5-5], [1-1]]\n", "pairs"),
    "players override disagrees": ("rules: block\noverrides: {players: 3}\nhands: [[6-5], [1-1]]\n", "seats"),
    "international for two": ("rules: international\nhands: [[6-4], [5-5]]\n", "not 2"),
    "two seats out": ("rules: block\nhands: [[], []]\nchain: [3-5]\n", "only one player"),
    "hands not lists": ("rules: block\nhands: [[6-5], 7]\n", "'hands'"),
    "no hands": ("rules: block\nchain: [3-5]\n", "'hands'"),
    "no rules": ("hands: [[6-5], [1-1]]\n", "rules"),
    "rules not a name": ("rules: [block]\nhands: [[6-5], [1-1]]\n", "rules"),
    "unknown key": ("rules: block\nhands: [[6-5], [1-1]]\nfoo: 1\n", "unknown key"),
    "to_move out of range": ("rules: block\nhands: [[6-5], [1-1]]\nchain: [3-5]\nto_move: 2\n", "to_move"),
    "to_move not a number": ("rules: block\nhands: [[6-5], [1-1]]\nchain: [3-5]\nto_move: one\n", "to_move"),
    "negative bank": ("rules: block\nhands: [[6-5], [1-1]]\nchain: [3-5]\nbank: -3\n", "bank"),
    "overrides not a mapping": ("rules: block\noverrides: [1]\nhands: [[6-5], [1-1]]\n", "overrides"),
    "boneyard a negative number": ("rules: draw\nhands: [[6-5], [1-1]]\nboneyard: -3\n", "boneyard"),
    "boneyard not a list": ("rules: draw\nhands: [[6-5], [1-1]]\nboneyard: 2-2\n", "boneyard"),
    "spinner chain in a line game": (
        '{"rules": "block", "hands": [["6-4"], ["5-5"]], "chain": {"spinner": "5-5"}}',
        "line",
    ),
    "spinner that is not a double": ("rules: all_fives\nhands: [[6-4], [1-1]]\nchain: {spinner: 5-3}\n", "double"),
    "up arm before left and right": (
        "rules: all_fives\nhands: [[6-4], [1-1]]\nchain: {spinner: 5-5, arms: {up: [5-3]}}\n",
        "up and down",
    ),
    "closed double without branch blocking": (
        "rules: all_fives\nhands: [[6-4], [5-5]]\nchain: {spinner: 3-3, arms: {left: [{tile: 3-1, closed: yes}]}}\n",
        "closed",
    ),
    "double in a spinner game written as a line": (
        "rules: all_fives\nhands: [[6-4], [1-1]]\nchain: [3-5, 5-5]\n",
        "spinner",
    ),
    "match side that does not exist": (
        "rules: block\nhands: [[6-5], [1-1]]\nchain: [3-5]\nmatch: {scores: {'5': 3}}\n",
        "side 5",
    ),
    "match scores not a mapping": (
        "rules: block\nhands: [[6-5], [1-1]]\nchain: [3-5]\nmatch: {scores: [1, 2]}\n",
        "match.scores",
    ),
    "match opened not a boolean": (
        "rules: domino101\nhands: [[6-5], [1-1]]\nchain: [3-5]\nmatch: {opened: {'0': maybe}}\n",
        "opened",
    ),
    "moves after a redeal": (
        "rules: domino101\nhands: [[0-0, 1-1, 2-2, 3-3, 4-4, 5-6, 1-2], [2-3, 6-4]]\nmoves: [{tile: 1-1, end: lead}]\n",
        "redealt",
    ),
    "a list, not a mapping": ("- rules: block\n", "mapping"),
    "a plain string": ("just some words\n", "mapping"),
    "bad YAML": ("rules: block\nhands: [[6-5], [1-1]\n", "not valid YAML"),
    "bad JSON": ('{"rules": "block", "hands": [[', "not valid JSON"),
    "tabs in YAML": ("rules: block\n\thands: [[6-5], [1-1]]\n", "not valid YAML"),
    "deep nesting": ("[" * 20000 + "]" * 20000, "nested too deeply"),
    "deep JSON nesting": ("[" * 200000 + "]" * 200000, "nested too deeply"),
    "empty file": ("", "empty"),
    "only blank lines": ("\n\n   \n", "empty"),
    "binary file": (b"\xff\xfe\x00\x81 binary", "UTF-8"),
    "huge file": ("# " + "x" * 1_100_000 + "\n", "at most 1000 kB"),
}
JSON_CASES = {"spinner chain in a line game", "bad JSON", "deep JSON nesting"}


def bad_file(tmp_path: Path, case: str) -> tuple[Path, str]:
    """The bad input ``case`` written to a file, and a piece of the one-line message it must give."""
    text, needle = BAD_INPUTS[case]
    return write(tmp_path, text, "p.json" if case in JSON_CASES else "p.yaml"), needle


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_through_main(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, needle = bad_file(tmp_path, case)
    code = main(["referee", str(path)])
    captured = capsys.readouterr()
    one_line_error(code, captured.out, captured.err, "domino-tutor referee", needle)


@pytest.mark.parametrize(
    "case",
    [
        "duplicate tile in two hands",
        "tile 7-1",
        "illegal move",
        "too many seats",
        "a list, not a mapping",
        "bad YAML",
        "empty file",
        "deep nesting",
        "huge file",
        "binary file",
        "unknown preset",
        "broken chain",
    ],
)
def test_bad_input_through_the_module(case: str, tmp_path: Path) -> None:
    path, needle = bad_file(tmp_path, case)
    done = run_module("referee", str(path))
    one_line_error(done.returncode, done.stdout, done.stderr, "domino-tutor referee", needle)


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["referee", str(tmp_path / "nowhere.yaml")])
    captured = capsys.readouterr()
    one_line_error(code, captured.out, captured.err, "domino-tutor referee", "no such file")
    done = run_module("referee", str(tmp_path / "nowhere.yaml"))
    one_line_error(done.returncode, done.stdout, done.stderr, "domino-tutor referee", "no such file")


def test_a_directory_is_not_a_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["referee", str(tmp_path)])
    one_line_error(code, *capsys.readouterr(), "domino-tutor referee", "not a regular file")


@pytest.mark.parametrize(
    ("rules", "needle"), [(",", "at least one"), ("block,chess", "unknown rule set"), ("international", "not 2")]
)
def test_bad_rules_flag(rules: str, needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, LINE)
    code = main(["referee", str(path), "--rules", rules])
    one_line_error(code, *capsys.readouterr(), "domino-tutor referee", needle)


RUSSIAN_CASES = [
    "duplicate tile in two hands",
    "tile 7-1",
    "illegal move",
    "unknown preset",
    "bad option value",
    "impossible combination",
    "too many seats",
    "a list, not a mapping",
    "broken chain",
    "no rules",
]


def _expected_russian(case: str) -> str:
    """The rules core's own Russian for a bad position (not written out by the test)."""
    with pytest.raises(PositionError) as caught:
        read_position(yaml.safe_load(BAD_INPUTS[case][0]))
    return caught.value.reason.ru


@pytest.mark.parametrize("case", RUSSIAN_CASES)
def test_bad_input_in_russian(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _needle = bad_file(tmp_path, case)
    expected = _expected_russian(case)
    code = main(["referee", str(path), "--lang", "ru"])
    captured = capsys.readouterr()
    one_line_error(code, captured.out, captured.err, "domino-tutor referee", expected)
    assert re.search("[а-яё]", captured.err, re.IGNORECASE)


NOT_YAML = {
    # a file the reader cannot parse: where it goes wrong (file:line:column) and a piece of our sentence in Russian
    "bad YAML": (":3:1: ", "скобка [ в строке 2, столбце 8 не закрыта"),
    "tabs in YAML": (":2:1: ", "замените табуляцию пробелами"),
    "bad JSON": (":1:31: ", "текст обрывается раньше времени"),
}


@pytest.mark.parametrize("case", sorted(NOT_YAML))
def test_a_file_that_is_not_yaml_is_refused_in_the_chosen_language(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _needle = bad_file(tmp_path, case)
    place, russian = NOT_YAML[case]
    for lang in ("ru", "uk", "es"):
        code = main(["referee", str(path), "--lang", lang])
        line = one_line_error(code, *capsys.readouterr(), "domino-tutor referee", f"{path}{place}")
        assert not re.search(r"expected|found|while|could not|Expecting|delimiter|token", line), line
        if lang == "ru":
            assert russian in line, line


def test_bad_input_in_russian_through_the_module(tmp_path: Path) -> None:
    path, _needle = bad_file(tmp_path, "duplicate tile in two hands")
    done = run_module("referee", str(path), "--lang", "ru")
    one_line_error(
        done.returncode,
        done.stdout,
        done.stderr,
        "domino-tutor referee",
        _expected_russian("duplicate tile in two hands"),
    )
    assert "встречается дважды" in done.stderr


def test_an_empty_rules_flag_in_russian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["referee", str(write(tmp_path, LINE)), "--rules", ",", "--lang", "ru"])
    captured = capsys.readouterr()
    one_line_error(code, captured.out, captured.err, "domino-tutor referee", "--rules")
    assert re.search("[а-яё]", captured.err, re.IGNORECASE)


@pytest.mark.parametrize(("lang", "letters"), [("uk", "[іїєґ]"), ("es", "[áéíóúñ]|\\bde\\b")])
def test_an_empty_rules_flag_in_ukrainian_and_spanish(
    lang: str, letters: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--lang`` takes every language the app speaks; the error line is in it."""
    code = main(["referee", str(write(tmp_path, LINE)), "--rules", ",", "--lang", lang])
    captured = capsys.readouterr()
    one_line_error(code, captured.out, captured.err, "domino-tutor referee", "--rules")
    assert re.search(letters, captured.err, re.IGNORECASE), captured.err


def test_bad_input_on_standard_input() -> None:
    done = run_module("referee", "-", stdin="rules: block\nhands: [[7-1], [1-1]]\n")
    one_line_error(done.returncode, done.stdout, done.stderr, "domino-tutor referee", "7-1")


# -- good positions ---------------------------------------------------------------------------------


def test_json_ruling_of_a_line_game(tmp_path: Path) -> None:
    done = run_module("referee", str(write(tmp_path, LINE)), "--json")
    assert done.returncode == 0 and done.stderr == ""
    ruling = json.loads(done.stdout)["rulings"][0]
    assert ruling["rules"] == "block" and ruling["status"] == "in_play"
    assert ruling["open_ends"] == [3, 1] and ruling["to_move"] == 0
    assert {(m["tile"], m["end"]) for m in ruling["legal"]} == {("3-0", "left"), ("2-1", "right")}


def test_table_puts_rule_sets_side_by_side(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "rules: block\nhands: [[6-5, 3-2], []]\nchain: [3-5, 5-1]\n")
    assert main(["referee", str(path), "--rules", "block,kozel"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert rows["rules"].split()[1:] == ["block", "kozel"]
    assert rows["status"].split()[1:] == ["won", "won"]
    points = rows["points"]
    assert points.count("1: 16") == 1 and points.count("0: 16") == 1


def test_a_first_hand_to_be_redealt_is_ruled_before_its_to_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seat 0 holds 1-1 among five doubles; to_move: 1 is no error, the ruling is the redeal, with no leader."""
    text = (
        "rules: domino101\nhands: [[0-0, 1-1, 2-2, 3-3, 4-4, 6-5, 2-1], [3-2, 6-0, 5-1, 4-1, 3-0, 6-1, 5-0]]\n"
        "chain: []\nto_move: 1\n"
    )
    assert main(["referee", str(write(tmp_path, text))]) == 0
    rows = {line.split()[0]: line.split(maxsplit=1)[1] for line in capsys.readouterr().out.splitlines()}
    assert rows["status"] == "redeal" and rows["leader"] == "-"
    assert "5 doubles" in rows["redeal"]


def test_json_from_standard_input_and_russian_sentences() -> None:
    position = {"rules": "domino101", "hands": [["6-5"], []], "chain": ["3-5", "5-1"], "bank": 4}
    done = run_module("referee", "-", "--json", "--lang", "ru", stdin=json.dumps(position))
    assert done.returncode == 0
    ruling = json.loads(done.stdout)["rulings"][0]
    assert ruling["result"]["points"] == {"0": 0, "1": 15}
    assert any("а" <= ch <= "я" for ch in ruling["result"]["reason"].lower())


def test_the_same_position_in_json_and_yaml_gives_the_same_ruling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = yaml.safe_load(LINE)
    main(["referee", str(write(tmp_path, LINE)), "--json"])
    from_yaml = json.loads(capsys.readouterr().out)
    main(["referee", str(write(tmp_path, json.dumps(data), "position.json")), "--json"])
    assert json.loads(capsys.readouterr().out) == from_yaml


def _docs_examples() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Each position in docs/referee.md (a ```yaml block starting with 'rules:') and the ```json excerpt after it."""
    text = DOCS.read_text(encoding="utf-8")
    examples = []
    for chunk in text.split("```yaml\n")[1:]:
        body, _, rest = chunk.partition("```")
        if not body.startswith("rules:") or "```json\n" not in rest:
            continue  # the annotated format sketch has no ruling after it
        excerpt = rest.split("```json\n", 1)[1].split("```", 1)[0]
        examples.append((yaml.safe_load(body), json.loads(excerpt)))
    return examples


def _assert_contains(whole: Any, part: Any, where: str = "ruling") -> None:
    if isinstance(part, dict):
        assert isinstance(whole, dict), where
        for key, value in part.items():
            assert key in whole, f"{where}.{key} is missing"
            _assert_contains(whole[key], value, f"{where}.{key}")
    else:
        assert whole == part, f"{where}: {whole!r} != {part!r}"


def test_every_worked_example_in_the_docs_gives_the_documented_ruling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    examples = _docs_examples()
    assert len(examples) >= 5, "docs/referee.md should carry worked examples"
    for data, excerpt in examples:
        path = write(tmp_path, json.dumps(data), "example.json")
        assert main(["referee", str(path), "--json"]) == 0, capsys.readouterr().err
        ruling = json.loads(capsys.readouterr().out)["rulings"][0]
        _assert_contains(ruling, excerpt)


def test_the_annotated_format_sketch_in_the_docs_is_a_real_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sketch = DOCS.read_text(encoding="utf-8").split("```yaml\n", 1)[1].split("```", 1)[0]
    assert sketch.startswith("rules:") and "moves:" in sketch and "match:" in sketch
    assert main(["referee", str(write(tmp_path, sketch)), "--json"]) == 0, capsys.readouterr().err
    ruling = json.loads(capsys.readouterr().out)["rulings"][0]
    assert ruling["open_ends"] == [6, 2] and ruling["to_move"] == 0


def test_the_side_by_side_table_in_the_docs_is_what_the_command_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = DOCS.read_text(encoding="utf-8")
    shown = text.split("$ domino-tutor referee out.yaml --rules block,kozel\n", 1)[1].split("```", 1)[0]
    data = next(d for d, _ in _docs_examples() if d["hands"][1] == [])
    path = write(tmp_path, json.dumps(data), "out.json")
    assert main(["referee", str(path), "--rules", "block,kozel"]) == 0
    assert capsys.readouterr().out == shown
