"""A hand and its moves written in the referee's notation read back to the very same states, under every preset."""

from __future__ import annotations

import random

import pytest

from tutorial_app.puzzles.positions import position_data, read_puzzle_position, rules_spec
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply, legal_moves, with_claim
from tutorial_app.rules.line.state import Status
from tutorial_app.rules.line.variants import VARIANTS

TABLES = [
    (variant.name, players, teams)
    for variant in VARIANTS
    if variant.name != "tien_gow"
    for players in variant.players
    for teams in (("none", "pairs") if variant.pairs_optional and players == 4 else (None,))
]


@pytest.mark.parametrize(("preset", "players", "teams"), TABLES)
def test_a_random_hand_reads_back_to_the_same_states(preset: str, players: int, teams: str | None) -> None:
    variant = next(v for v in VARIANTS if v.name == preset)
    rules = variant.rules(players, {"teams": teams} if teams else None)
    rng = random.Random(f"{preset}/{players}/{teams}")
    for _ in range(3):
        start = deal(rules, rng).state
        state, moves = start, []
        while state.status is Status.IN_PLAY:
            move = with_claim(state, rng.choice(legal_moves(state)))
            moves.append(move)
            state = apply(state, move)
        cut = rng.randrange(len(moves) + 1)
        middle = start
        for move in moves[:cut]:
            middle = apply(middle, move)
        data = position_data(start, moves[:cut])
        read = read_puzzle_position(data)
        assert read.start == start
        assert read.state == middle
        assert list(read.moves) == moves[:cut]
        assert data["rules"] == rules_spec(rules).preset


def test_house_rules_are_written_as_the_closest_preset_and_its_changes() -> None:
    rules = next(v for v in VARIANTS if v.name == "block").rules(4, {"teams": "pairs", "target": "150"})
    spec = rules_spec(rules)
    assert spec.preset == "block"
    assert spec.overrides == {"teams": "pairs", "target": 150}
    start = deal(rules, random.Random(1)).state
    assert read_puzzle_position(position_data(start, [])).start == start
