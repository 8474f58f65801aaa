"""``domino-tutor puzzles mine`` and ``puzzles stats``: reproducible output, the figures, one-line refusals."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from importlib import resources

import pytest
from cli_helpers import json_out, one_line_error, run_module

from tutorial_app.cli import main
from tutorial_app.commands import puzzles as puzzle_commands
from tutorial_app.puzzles.catalog import puzzle_stats, read_puzzle_file, shipped_puzzles
from tutorial_app.puzzles.mine import Mined, MineStats, engine_fingerprint
from tutorial_app.puzzles.themes import THEMES


def test_stats_counts_the_shipped_puzzles_per_preset_and_theme(capsys: pytest.CaptureFixture[str]) -> None:
    stats = json_out(capsys, "puzzles stats --json")
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
    """The shipped block-2 file's own command (two puzzles of its eight) prints the same file again, and those are
    the file's first two puzzles: the miner gives the very file it shipped, on the engine its header names, which
    must be this one. One mining only: each is ~12 s of CPU (the preset named in Russian asks ``mine`` for the
    very same run: ``test_mine_reads_a_preset_named_in_russian_as_the_english_one``)."""
    shipped = (resources.files("tutorial_app.puzzles") / "data" / "block-2.json").read_text(encoding="utf-8")
    shipped_header, in_file = read_puzzle_file(shipped, "block-2.json")
    words = _shipped_command(shipped_header)
    first = run_module(*words[1:], timeout=600)
    assert first.returncode == 0, first.stderr
    header, puzzles = read_puzzle_file(first.stdout)
    assert header["table"] == "block-2" and header["seed"] == shipped_header["seed"] and len(puzzles) == 2
    assert header["command"] == shlex.join(words)
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


def _shipped_command(shipped_header: Mapping[str, object]) -> list[str]:
    """The shipped block-2 file's command, asking for two puzzles."""
    words = shlex.split(str(shipped_header["command"]))
    assert words[:3] == ["domino-tutor", "puzzles", "mine"] and "--count" in words, words
    words[words.index("--count") + 1] = "2"
    return words


def test_mine_reads_a_preset_named_in_russian_as_the_english_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--rules блок`` asks the miner for the very run ``--rules block`` does (the same rules, count, seed and
    jobs; the mining itself is the test above), and prints the same file (its header's command may name the preset as
    typed)."""
    shipped = (resources.files("tutorial_app.puzzles") / "data" / "block-2.json").read_text(encoding="utf-8")
    words = _shipped_command(read_puzzle_file(shipped, "block-2.json")[0])
    asked: list[tuple[object, ...]] = []

    def recording_mine(rules: object, count: int, seed: int, jobs: int = 1, **kwargs: object) -> Mined:
        asked.append((rules, count, seed, jobs, kwargs.get("endgame")))
        return Mined((), MineStats())

    monkeypatch.setattr(puzzle_commands, "mine", recording_mine)
    printed = []
    for name in ("block", "блок"):
        assert main([("блок" if word == "block" else word) if name != "block" else word for word in words[1:]]) == 0
        printed.append(capsys.readouterr().out)
    assert len(asked) == 2 and asked[0] == asked[1], asked
    assert printed[0] == printed[1].replace("--rules 'блок'", "--rules block")


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
