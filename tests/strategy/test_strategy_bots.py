"""The bots: always legal, claims announced, seats given their bots in turn, the strong bot stronger."""

from __future__ import annotations

import random

import pytest
from strategy_helpers import decision_points, line_up_id, line_ups, rules_of

from tutorial_app.app.table.bots import bot_move as app_bot_move
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply, apply_unchecked, is_legal
from tutorial_app.rules.line.simulate import SeatBots, simulate_hands
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.strategy.bots import BotError, GreedyBot, StrongBot, bot_for, seat_bots


@pytest.mark.parametrize("line_up", line_ups(), ids=line_up_id)
def test_every_bot_plays_a_legal_move_to_the_end(line_up: tuple[str, int, bool]) -> None:
    rules = rules_of(line_up)
    rng = random.Random(line_up_id(line_up))
    bots = [bot_for(name) for name in ("random", "greedy", "heuristic", "strong")]
    state = deal(rules, rng).state
    while not state.is_over:
        move = bots[state.to_move % 4](state, rng)
        assert is_legal(state, move), (str(move), line_up)
        state = apply(state, move)


def test_bots_announce_all_fives_points_when_they_must() -> None:
    rules = rules_for("all_fives", 2, {"fives_claim": "must_claim"})
    rng = random.Random(4)
    claimed = 0
    for name in ("random", "greedy", "heuristic", "strong"):
        state = deal(rules, rng).state
        while not state.is_over:
            move = app_bot_move(state, name, rng)
            after = apply(state, move)
            assert after.unclaimed == 0, "a bot left its own points for Muggins"
            claimed += bool(move.claim)
            state = after
    assert claimed > 0


def test_levels_and_names() -> None:
    """Four levels, four different bots (medium is no longer greedy under another name)."""
    assert [bot_for(level).name for level in ("easy", "medium", "strong", "expert")] == [
        "random",
        "heuristic",
        "strong",
        "expert",
    ]
    assert bot_for(" Strong ").name == "strong" and bot_for("greedy").name == "greedy"
    with pytest.raises(BotError, match="unknown bot 'clever'"):
        bot_for("clever")
    assert seat_bots(["strong", "medium"]).name == "strong,heuristic"


class _Recorder:
    """A bot that notes which seats asked it to move (then plays greedily)."""

    def __init__(self, tag: str, log: list[tuple[str, int]]) -> None:
        self.tag, self.log = tag, log

    def __call__(self, state: HandState, rng: random.Random) -> Move:
        self.log.append((self.tag, state.to_move))
        return GreedyBot()(state, rng)


def test_seats_take_the_bots_in_turn() -> None:
    log: list[tuple[str, int]] = []
    bots = SeatBots("a,b", (_Recorder("a", log), _Recorder("b", log)))
    stats = simulate_hands(rules_for("international"), 3, seed=1, bot=bots)
    assert stats.bot == "a,b" and stats.hands == 3
    assert {seat for tag, seat in log if tag == "a"} == {0, 2}
    assert {seat for tag, seat in log if tag == "b"} == {1, 3}


def test_the_strong_bot_beats_greedy_bots() -> None:
    """Seats 0 and 2 strong, 1 and 3 greedy: the strong side wins well over half of 60 hands.

    (The done-when figure, 400 hands at seed 5, is measured by the command in the report; this
    smaller run keeps the suite quick and still fails if the strong bot stops being strong.)
    """
    stats = simulate_hands(rules_for("international"), 60, seed=11, bot=seat_bots(["strong", "greedy"]), jobs=2)
    assert stats.hand_wins[0] > 0.55, stats.hand_wins


def test_the_strong_bot_finds_the_only_winning_move() -> None:
    """Block for two, ends 5 and 3: 3-3 wins (seat 1 must pass), 5-1 loses to 6-1. Greedy picks 5-1."""
    from tutorial_app.rules.line.position import read_position

    position = read_position(
        {"rules": "block", "hands": [["5-1", "3-3"], ["6-1"]], "chain": ["5-4", "4-3"], "to_move": 0}
    )
    state = position.state
    assert str(GreedyBot()(state, random.Random(1))) == "5-1 left"
    # seat 0 cannot see seat 1's tile, but every tile seat 1 could hold that fits 1 beats 5-1
    assert str(StrongBot()(state, random.Random(1))) == "3-3 right"


def test_a_strong_decision_reads_only_the_seats_view() -> None:
    rules = rules_of(("block", 4, True))
    _, _, state = decision_points(rules, 1, seed=12)[0]
    seat = state.to_move
    others = [s for s in range(4) if s != seat]
    swapped = list(state.hands)
    # two opponents swap hands: the record (no passes yet in this position) still fits, the view is the same
    a, b = others[0], others[2]
    swapped[a], swapped[b] = state.hands[b], state.hands[a]
    shuffled = state._replace(hands=tuple(swapped))
    if any(entry[1].action.value == "pass" for entry in state.log):
        pytest.skip("a pass makes the swap visible")
    first = StrongBot()(state, random.Random(3))
    second = StrongBot()(shuffled, random.Random(3))
    assert first == second
    assert apply_unchecked(state, first) is not None
