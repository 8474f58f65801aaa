"""The miner's two orders over one hand: from its start (the shipped files without ``-end``) and from its end
back (``--endgame``). Both try the same hand's decisions: the endgame puzzle comes at or after the first one, and
every decision with a real choice after it was tried first and turned down."""

from __future__ import annotations

import pytest

from tutorial_app.puzzles.mine import MineStats, mine_game, played_game, puzzle_id
from tutorial_app.puzzles.positions import is_first_hand
from tutorial_app.puzzles.proof import Rejection, prove, real_choices
from tutorial_app.rules.line.moves import apply_unchecked
from tutorial_app.rules.line.variants import rules_for

SEED = 5


def test_the_endgame_order_keeps_the_hands_last_proved_decision() -> None:
    rules = rules_for("block", 2)
    for game in range(6):
        first, _ = mine_game(rules, SEED, game)
        last, stats = mine_game(rules, SEED, game, endgame=True)
        if first is not None and last is not None:
            break
    assert first is not None and last is not None, "six block hands without a puzzle"
    assert last.id == puzzle_id(rules, SEED, game, endgame=True) != first.id
    at = len(last.position["moves"])
    assert at >= len(first.position["moves"])
    start, moves = played_game(rules, SEED, game)
    state = start
    for move in moves[:at]:
        state = apply_unchecked(state, move)
    tried = 1
    for index in range(at + 1, len(moves)):
        state = apply_unchecked(state, moves[index - 1])
        if len(real_choices(state)) >= 2:
            tried += 1
            assert isinstance(prove(start, state, state.to_move, is_first_hand(start)), Rejection), index
    assert stats.candidates == tried


def test_the_cpu_of_a_run_counts_every_game_of_the_blocks_it_mined(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games are mined eight at a time: one puzzle found in a block's first game still cost the whole block, and
    the run's CPU seconds (behind its puzzles per CPU-minute) say so, while its counts stop at that game."""
    from tutorial_app.puzzles import mine as miner

    def first_game_yields(rules: object, seed: int, game: int, endgame: bool = False) -> tuple[object, MineStats]:
        return ("puzzle" if game == 0 else None), MineStats(games=1, cpu_seconds=1.0 + game)

    monkeypatch.setattr(miner, "mine_game", first_game_yields)
    mined = miner.mine(rules_for("block", 2), count=1, seed=1)
    assert mined.stats.games == 1 and mined.stats.kept == 1
    assert mined.stats.cpu_seconds == sum(1.0 + game for game in range(miner._BLOCK))
