"""``domino-tutor puzzles mine`` and ``puzzles stats``: reproducible output, the figures, one-line refusals."""

from __future__ import annotations

import json
import shlex
from importlib import resources

import pytest
from cli_helpers import one_line_error, run_module

from tutorial_app.cli import main
from tutorial_app.puzzles.catalog import puzzle_stats, read_puzzle_file, shipped_puzzles
from tutorial_app.puzzles.mine import engine_fingerprint
from tutorial_app.puzzles.themes import THEMES


def test_stats_counts_the_shipped_puzzles_per_preset_and_theme(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "stats", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert set(stats) == {"total", "by_preset", "by_theme"}
    puzzles = shipped_puzzles()
    assert stats == puzzle_stats(puzzles)
    assert stats["total"] == len(puzzles) == sum(stats["by_preset"].values()) == sum(stats["by_theme"].values())
    assert list(stats["by_theme"]) == list(THEMES)
    assert main(["puzzles", "stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["puzzles", str(len(puzzles))]
    assert len(lines) == 1 + len(stats["by_preset"]) + len(THEMES)


def test_mine_prints_the_same_file_for_the_same_seed_and_the_shipped_one() -> None:
    """The shipped block-2 file's own command (two puzzles of its eight) prints the same file again, also with
    the preset named in Russian, and those are the file's first two puzzles: the miner gives the very file it
    shipped, on the engine its header names, which must be this one. One test: each mining is ~12 s of CPU."""
    shipped = (resources.files("tutorial_app.puzzles") / "data" / "block-2.json").read_text(encoding="utf-8")
    shipped_header, in_file = read_puzzle_file(shipped, "block-2.json")
    words = shlex.split(str(shipped_header["command"]))
    assert words[:3] == ["domino-tutor", "puzzles", "mine"] and "--count" in words, words
    words[words.index("--count") + 1] = "2"
    russian = [("блок" if word == "block" else word) for word in words]
    first = run_module(*words[1:], timeout=600)
    again = run_module(*russian[1:], timeout=600)
    assert first.returncode == again.returncode == 0, first.stderr
    assert first.stdout == again.stdout.replace("--rules 'блок'", "--rules block")
    header, puzzles = read_puzzle_file(first.stdout)
    assert header["table"] == "block-2" and header["seed"] == shipped_header["seed"] and len(puzzles) == 2
    assert [p.id for p in puzzles] == sorted({p.id for p in puzzles}, key=[p.id for p in puzzles].index)
    # the figures go to standard error: the rate and the share of candidates kept
    assert "puzzles per CPU-minute" in first.stderr and "kept" in first.stderr
    # the shipped set must be what its commands print now: an engine that mines other games needs the set mined
    # again (docs/puzzles.md), or its miner pinned to the old bots (mine.MINING_MODEL)
    assert shipped_header.get("engine") == engine_fingerprint(), (
        f"block-2.json was mined on engine {shipped_header.get('engine')}, this is engine {engine_fingerprint()}: "
        "re-mine the shipped set with the headers' commands"
    )
    assert [p.as_json() for p in puzzles] == [p.as_json() for p in in_file[:2]]


def test_mine_from_the_hands_end_names_it_in_the_command_and_the_ids() -> None:
    done = run_module(
        "puzzles", "mine", "--rules", "block", "--endgame", "--count", "1", "--seed", "7", "--json", timeout=600
    )
    assert done.returncode == 0, done.stderr
    header, puzzles = read_puzzle_file(done.stdout)
    assert header["command"] == "domino-tutor puzzles mine --rules block --endgame --count 1 --seed 7 --json"
    assert [p.id for p in puzzles] == [f"block-2-end-s7-g{puzzles[0].id.rsplit('-g', 1)[1]}"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["puzzles", "mine"], "--rules"),
        (["puzzles", "mine", "--rules", "nonsense"], "unknown rule set"),
        (["puzzles", "mine", "--rules", "tien_gow"], "Tien Gow"),
        (["puzzles", "mine", "--rules", "block", "--count", "0"], "--count"),
        (["puzzles", "mine", "--rules", "block", "--count", "many"], "--count"),
        (["puzzles", "mine", "--rules", "block", "--seed", "-1"], "--seed"),
        (["puzzles", "mine", "--rules", "block", "--players", "9"], "players"),
        (["puzzles"], "puzzles mine"),
    ],
)
def test_bad_input_gets_one_line(args: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(args)
    captured = capsys.readouterr()
    one_line_error(code, captured.out, captured.err, prefix="domino-tutor puzzles", needle=needle)
