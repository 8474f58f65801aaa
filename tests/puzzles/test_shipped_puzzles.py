"""The shipped puzzles: the set as a whole and a random sample proved again from scratch (the miner giving the
very file it shipped is tests/cli/test_cli_puzzles.py's, through the file's own command).

The sample is drawn afresh on every run (its seed is in any failure's message), so over many runs
every puzzle gets checked; ``DOMINO_TUTOR_PUZZLE_SAMPLE=SEED`` repeats a run's sample.

What the proof checked again depends on, and what it does not: the consistent deals and their exact values
depend on the rules and the inference alone; the playouts depend on the rollout policy, and the check asks of
them only what the miner asked, that the best move leads every other by the clear margin (never the stored
figures); the reason and the theme set the best move apart from the runner-up under exact play. The file's every
figure is compared only on the engine it was mined with (the header's ``engine``).
"""

from __future__ import annotations

import json
import os
import random
import shlex
from collections import Counter
from collections.abc import Mapping
from importlib import resources
from typing import Any

import pytest

from tutorial_app.puzzles.catalog import read_puzzle_file, shipped_puzzles
from tutorial_app.puzzles.mine import game_start, puzzle_id, table_name
from tutorial_app.puzzles.model import Puzzle, move_key
from tutorial_app.puzzles.positions import position_data
from tutorial_app.puzzles.proof import Proof, engine_reason, prove
from tutorial_app.puzzles.themes import THEMES, theme_of
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.variants import VARIANTS, rules_for
from tutorial_app.strategy.analysis import candidate_moves
from tutorial_app.strategy.exact import solve
from tutorial_app.strategy.view import view_since

SAMPLE = 3
SAMPLE_SEED = os.environ.get("DOMINO_TUTOR_PUZZLE_SAMPLE")
MAX_BYTES = 6_000_000
"""The shipped files together stay under this size (a few MB at most)."""


def _data_files() -> list[tuple[str, str]]:
    folder = resources.files("tutorial_app.puzzles") / "data"
    return [
        (e.name, e.read_text(encoding="utf-8"))
        for e in sorted(folder.iterdir(), key=lambda e: e.name)
        if e.name.endswith(".json")
    ]


def test_the_set_is_whole_and_small() -> None:
    puzzles = shipped_puzzles()
    assert len({p.id for p in puzzles}) == len(puzzles) > 0
    # no position ships twice (a middlegame's search and an endgame's can stop at the same turn of a game)
    assert len({json.dumps([p.position, p.seat], sort_keys=True) for p in puzzles}) == len(puzzles)
    assert sum(len(text.encode()) for _, text in _data_files()) <= MAX_BYTES
    assert {p.theme for p in puzzles} <= set(THEMES)
    assert any(p.pairs for p in puzzles) and any(p.players == 2 for p in puzzles)
    for puzzle in puzzles:
        assert puzzle.explanation.en and puzzle.explanation.ru
        assert any("а" <= ch <= "я" for ch in puzzle.explanation.ru.lower())
        assert puzzle.best in puzzle.answers
        assert {r.move for r in puzzle.refutations} == {r.move for r in puzzle.ranked[1:]}


def test_every_line_preset_has_puzzles_for_two_and_in_pairs() -> None:
    tables = {p.config for p in shipped_puzzles()}
    for variant in VARIANTS:
        if 2 in variant.players:
            assert table_name(rules_for(variant.name, 2)) in tables
        if 4 in variant.players:
            assert table_name(rules_for(variant.name, 4, {"teams": "pairs"})) in tables


def test_every_answer_is_a_legal_move_of_its_position() -> None:
    for puzzle in shipped_puzzles():
        state = puzzle.read().state
        legal = {move_key(m) for m in legal_moves(state)}
        assert state.to_move == puzzle.seat
        assert set(puzzle.answers) <= legal, puzzle.id
        assert {r.move for r in puzzle.ranked} <= legal, puzzle.id


@pytest.fixture(scope="session")
def sample_seed(testrun_uid: str) -> int:
    """The run's sample seed: the same in every xdist worker (they must collect the same tests, so the
    sample is drawn here, not at collection), new on every run unless ``DOMINO_TUTOR_PUZZLE_SAMPLE`` names one."""
    return int(SAMPLE_SEED) if SAMPLE_SEED else int(testrun_uid[:12], 16) % 10**6


def _sample(seed: int) -> list[Puzzle]:
    puzzles = shipped_puzzles()
    return random.Random(seed).sample(list(puzzles), min(SAMPLE, len(puzzles)))


@pytest.mark.parametrize("index", range(SAMPLE))
def test_a_random_sample_is_proved_again(index: int, sample_seed: int) -> None:
    sample = _sample(sample_seed)
    if index >= len(sample):
        pytest.skip(f"the shipped set has only {len(sample)} puzzles")
    puzzle = sample[index]
    position = puzzle.read()
    proof = prove(position.start, position.state, puzzle.seat, position.first_hand)
    assert isinstance(proof, Proof), f"{puzzle.id} (DOMINO_TUTOR_PUZZLE_SAMPLE={sample_seed}): {proof}"
    assert {move_key(m) for m in proof.answers()} == set(puzzle.answers)
    assert len(proof.deals) == puzzle.deals
    assert proof.exact_lead == pytest.approx(puzzle.exact_lead, abs=1e-4)  # exact play of every deal: no policy in it
    reason = engine_reason(proof)
    assert reason.fact == puzzle.fact
    assert theme_of(reason, proof.view.state, proof.best, proof.analysis.knowledge) == puzzle.theme
    measure = "points" if puzzle.points_first else "win"
    for refutation in puzzle.refutations:
        # the line is legal, and on its deal the best move does better than the wrong one under exact play
        state = refutation.on(position.state)
        values = {move_key(m): getattr(v, measure) for m, v in solve(state).items()}
        assert values[puzzle.best] > values[refutation.move], (puzzle.id, refutation.move)
        for move in refutation.moves():
            state = apply(state, move)


def _rules_of(header: Mapping[str, Any]) -> HouseRules:
    words = shlex.split(str(header["command"]))
    preset = words[words.index("--rules") + 1]
    players = int(words[words.index("--players") + 1]) if "--players" in words else None
    overrides = dict(w.split("=", 1) for w in (words[i + 1] for i, x in enumerate(words) if x == "--override"))
    rules = rules_for(preset, players, overrides or None)
    assert table_name(rules) == header["table"]
    return rules


def test_every_puzzle_comes_from_the_game_its_id_names() -> None:
    # the deals come from the header's seed and the game's number alone (no engine in them)
    shipped = {p.id: p for p in shipped_puzzles()}
    for name, text in _data_files():
        header, puzzles = read_puzzle_file(text, name)
        rules = _rules_of(header)
        # a puzzle another file ships the position of is left out, and its twin named
        elsewhere = dict(header.get("shipped_elsewhere", {}))
        assert f"--count {len(puzzles) + len(elsewhere)} " in str(header["command"]), name
        for left_out, twin in elsewhere.items():
            assert twin in shipped and left_out not in shipped, (name, left_out, twin)
            assert left_out.rsplit("-g", 1)[1] == twin.rsplit("-g", 1)[1]  # the same game of the same seed
            assert shipped[twin].config == header["table"]
        assert Counter(p.config for p in puzzles) == Counter({header["table"]: len(puzzles)})
        endgame = "--endgame" in shlex.split(str(header["command"]))
        games = [int(p.id.rsplit("-g", 1)[1]) for p in puzzles]
        assert games == sorted(set(games)), name
        for puzzle, game in zip(puzzles, games, strict=True):
            assert puzzle.id == puzzle_id(rules, int(header["seed"]), game, endgame)
            dealt = position_data(game_start(rules, int(header["seed"]), game), [])
            assert {**puzzle.position, "moves": []} == dealt, puzzle.id


def test_no_shipped_explanation_calls_a_tile_tied_on_pips_the_heaviest() -> None:
    """ "The heaviest tile you can play" only where no other playable tile weighs as much (kozel-4-pairs-end-s11-g6
    said it of 3-1 beside 4-0); on a tie the sentence names the tiles it ties with."""
    ties = 0
    for puzzle in shipped_puzzles():
        english = puzzle.explanation.en
        if "heaviest tile you can play" not in english and "no tile you can play is heavier" not in english:
            continue
        position = puzzle.read()
        legal = candidate_moves(view_since(position.start, position.state, puzzle.seat).state)
        best = next(m.tile for m in legal if move_key(m) == puzzle.best)
        assert best is not None
        tied = sorted(str(m.tile) for m in legal if m.tile is not None and m.tile != best and m.tile.pips == best.pips)
        assert ("heaviest tile you can play" in english) == (not tied), (puzzle.id, english)
        assert all(tile in english for tile in tied), (puzzle.id, english)
        ties += bool(tied)
    assert ties  # the tie's sentence is shipped, so the check above reads both
