"""``domino-tutor analyze``: the ranked table, the JSON, and one-line errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from cli_helpers import one_line_error, run_module
from review_positions import H734

from tutorial_app.cli import main
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.position import read_position

# block for four in pairs: seat 1 leads 1-1, then 5-1, 5-3 and 3-3; seat 1 is to move again
POSITION = {
    "rules": "block",
    "overrides": {"teams": "pairs"},
    "hands": [
        ["6-6", "6-1", "5-2", "4-0", "3-3", "2-1", "1-0"],
        ["6-5", "5-5", "4-4", "3-1", "2-0", "1-1", "0-0"],
        ["6-4", "6-2", "5-4", "5-1", "4-3", "3-2", "2-2"],
        ["6-3", "6-0", "5-3", "5-0", "4-2", "4-1", "3-0"],
    ],
    "chain": [],
    "moves": [
        {"tile": "1-1", "end": "lead"},
        {"tile": "5-1", "end": "left"},
        {"tile": "5-3", "end": "left"},
        {"tile": "3-3", "end": "left"},
    ],
}


def write(tmp_path: Path, data: object, name: str = "position.yaml") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data), encoding="utf-8")
    return path


def test_the_table_ranks_every_legal_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, POSITION)
    assert main(["analyze", str(path), "--playouts", "200", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    state = read_position(POSITION).state
    assert out[0] == f"block, seat {state.to_move}'s view, 200 playouts per move"
    # what the figures rest on and what ± covers: two rollout policies here, far from the end of the hand
    assert out[1].startswith("Played out on 200 deals per move, twice") and "±" in out[1]
    assert out[2].split() == ["move", "win", "±", "points", "±"]
    rows = out[3 : 3 + len(legal_moves(state))]
    assert sorted(" ".join(r.split()[:2]) for r in rows) == sorted(str(m) for m in legal_moves(state))
    assert out[-1].startswith("Why: ")


def test_the_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, POSITION)
    assert main(["analyze", str(path), "--json", "--playouts", "150", "--seed", "2"]) == 0
    first = json.loads(capsys.readouterr().out)
    state = read_position(POSITION).state
    assert first["view"] == f"seat {state.to_move}" and first["playouts"] == 150 and first["method"] == "sampling"
    assert first["basis"].startswith("Played out") and first["every_deal"] is False
    assert {json.dumps(m["move"], sort_keys=True) for m in first["moves"]} == {
        json.dumps(m.as_dict(), sort_keys=True) for m in legal_moves(state)
    }
    for move in first["moves"]:
        assert set(move) >= {"move", "win", "points", "ci", "spread"} and 0 <= move["win"] <= 1
        assert move["ci"] >= move["spread"] >= 0
    wins = [m["win"] for m in first["moves"]]
    assert wins == sorted(wins, reverse=True)
    assert isinstance(first["why"], str) and first["why"]
    assert main(["analyze", str(path), "--json", "--playouts", "150", "--seed", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert main(["analyze", str(path), "--json", "--playouts", "150", "--seed", "3", "--lang", "ru"]) == 0
    other = json.loads(capsys.readouterr().out)
    assert other["moves"] != first["moves"]
    assert not any(c in other["why"] for c in "abcdefghijklmnopqrstuvwxyz")


def test_an_endgame_is_solved_deal_by_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The review's h734: few tiles left, so every one of the 210 deals that fit is solved exactly."""
    path = write(tmp_path, H734)
    assert main(["analyze", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "block, seat 0's view, 210 deals solved exactly"
    assert "there is no sampling error" in out[1]
    assert out[3].split()[:3] == ["4-2", "left", "55.2%"]
    assert main(["analyze", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "exact_deals" and data["every_deal"] and data["deals_total"] == 210


def test_open_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, POSITION)
    assert main(["analyze", str(path), "--open", "--json", "--playouts", "100"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["view"] == "open" and out["method"] in ("exact", "sampling_open")
    if out["method"] == "sampling_open":
        assert "note" in out


FINISHED = {"rules": "block", "hands": [[], ["6-6"]], "chain": ["5-4", "4-3"], "to_move": 1}


@pytest.mark.parametrize(
    ("args", "data", "needle"),
    [
        (["--playouts", "0"], POSITION, "--playouts must be from 1"),
        (["--playouts", "lots"], POSITION, "--playouts needs a whole number"),
        (["--seed", "-4"], POSITION, "--seed must be from 0"),
        ([], {"rules": "block", "hands": [["6-6", "6-6"], ["1-1"]], "chain": []}, "appears twice"),
        ([], FINISHED, "the hand is over"),
        ([], "rules: block\nhands: [[6-6\n", "not valid YAML"),
        (
            [],
            {
                "rules": "domino101",
                "hands": [
                    ["1-1", "1-0", "2-1", "3-1", "4-1", "5-1", "6-1"],
                    ["0-0", "2-2", "3-3", "4-4", "5-5", "6-6", "6-5"],
                ],
            },
            "redealt",
        ),
        (["--lang", "ru"], FINISHED, "раздача окончена"),
        (["--lang", "uk"], FINISHED, "роздачу закінчено"),
        (["--lang", "es"], FINISHED, "la mano ha terminado"),
    ],
)
def test_bad_input_is_one_line(
    args: list[str], data: object, needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, data)
    code = main(["analyze", str(path), *args])
    captured = capsys.readouterr()
    one_line_error(code, captured.out, captured.err, "domino-tutor analyze", needle)


def test_a_missing_file_through_the_module(tmp_path: Path) -> None:
    done = run_module("analyze", str(tmp_path / "none.yaml"))
    one_line_error(done.returncode, done.stdout, done.stderr, "domino-tutor analyze", "no such file")


# seat 0 holds 5-1 and 3-3, seat 1 only 6-1; the ends are 5 and 3. The heavy-looking 5-1 opens 1 and
# seat 1 goes out with 6-1; 3-3 keeps 5 and 3, seat 1 must pass, and 5-1 goes out: a forced win.
TRAP = {"rules": "block", "hands": [["5-1", "3-3"], ["6-1"]], "chain": ["5-4", "4-3"], "to_move": 0}


def test_analyze_open_finds_the_forced_win(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "trap.yaml"
    path.write_text(yaml.safe_dump(TRAP), encoding="utf-8")
    assert main(["analyze", str(path), "--open", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["view"] == "open" and out["method"] == "exact"
    best, other = out["moves"]
    assert best["move"] == {"tile": "3-3", "end": "right"} and best["win"] == 1.0 and best["ci"] == 0
    # after 5-1 seat 1 goes out with 6-1: the trap loses outright
    assert other["move"] == {"tile": "5-1", "end": "left"} and other["win"] == 0.0
