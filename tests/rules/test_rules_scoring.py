"""Capicú, the tie bank, the 13-point opening, goat penalties, and match goals."""

from __future__ import annotations

import pytest
from rules_helpers import boneyard_with, played, position

from tutorial_app.rules.line.match import new_match, record_hand, replay
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import HandState, Status
from tutorial_app.rules.line.variants import rules_for

# both ends show 6 once 6-6 is laid, and every six is then on the table
SIXES_CHAIN = ["6-0", "0-1", "1-6", "6-2", "2-3", "3-6", "6-4", "4-5", "5-6"]


# -- capicú ------------------------------------------------------------------------------------


def _capicu_hand(last: str, chain: list[str], bonus: int = 25) -> tuple[HandState, HandResult]:
    """Seat 0 goes out with ``last`` on the left end (where it fits); seat 1 holds 6-6 and 5-5 (22)."""
    pos = position("block", [[last], ["6-6", "5-5"]], chain, to_move=0, overrides={"capicu_bonus": bonus})
    return played(pos.state, f"{last} left")


def test_capicu_going_out_on_both_ends_earns_the_bonus() -> None:
    # ends 2 | 4; the last tile 2-4 fits both
    final, result = _capicu_hand("2-4", ["2-3", "3-4"])
    assert final.capicu is True
    assert result.capicu is True and result.capicu_bonus == 25
    assert result.points == (22 + 25, 0)


def test_capicu_without_a_bonus_is_detected_but_pays_nothing() -> None:
    _, result = _capicu_hand("2-4", ["2-3", "3-4"], bonus=0)
    assert result.capicu is True and result.capicu_bonus == 0
    assert result.points == (22, 0)


@pytest.mark.parametrize(
    ("last", "chain"),
    [
        ("3-4", ["3-3"]),  # both ends show 3
        ("2-1", ["2-3", "3-4"]),  # fits only the 2
    ],
)
def test_not_a_capicu(last: str, chain: list[str]) -> None:
    final, result = _capicu_hand(last, chain)
    assert final.status is Status.WON
    assert result.capicu is False and result.capicu_bonus == 0


def test_a_double_is_never_a_capicu() -> None:
    # ends 2 | 2 and the last tile is 2-2
    _, result = _capicu_hand("2-2", ["2-3", "3-5", "5-2"])
    assert result.capicu is False


# -- the tie bank ----------------------------------------------------------------------------------


def _tied_101(bank: int) -> tuple[HandState, HandResult]:
    hands = [["6-6", "2-1"], ["3-0"]]
    pos = position(
        "domino101", hands, SIXES_CHAIN, to_move=0, bank=bank, boneyard=boneyard_with([], hands, SIXES_CHAIN)
    )
    return played(pos.state, "6-6 right")


def test_a_tied_block_goes_to_the_bank_and_consecutive_ties_grow_it() -> None:
    final, result = _tied_101(0)
    assert final.status is Status.BLOCKED
    assert result.tie and result.points == (0, 0)
    assert result.bank_after == 6  # 2-1 and 3-0
    _, again = _tied_101(result.bank_after)
    assert again.bank_after == 12


def test_the_next_decided_hand_takes_the_bank() -> None:
    pos = position("domino101", [["6-5"], []], ["3-5", "5-1"], bank=12)
    result = hand_result(pos.state)
    assert result.points == (0, 11 + 12)
    assert result.bank_after == 0


def test_without_a_bank_a_tie_scores_nothing_and_keeps_nothing() -> None:
    hands = [["6-6", "2-1"], ["3-0"]]
    pos = position(
        "classic",
        hands,
        SIXES_CHAIN,
        to_move=0,
        boneyard=boneyard_with([], hands, SIXES_CHAIN),
        overrides={"blank_double_value": 0},
    )
    _, result = played(pos.state, "6-6 right")
    assert result.tie and result.bank_after == 0 and result.points == (0, 0)


# -- the 13-point opening ------------------------------------------------------------------------------


def _won_101(loser_tiles: list[str], winner: int, bank: int = 0) -> HandState:
    hands: list[list[str]] = [[], []]
    hands[1 - winner] = loser_tiles
    return position("domino101", hands, ["3-5", "5-1"], bank=bank).state


def test_points_before_the_opening_are_draft_points_and_never_count() -> None:
    rules = rules_for("domino101", 2)
    match = new_match(rules)
    assert match.opened == (False, False)
    match = record_hand(match, _won_101(["6-5"], winner=1))  # 11: below 13
    assert match.scores == (0, 0) and match.draft == (0, 11) and match.opened == (False, False)
    match = record_hand(match, _won_101(["6-5", "2-1"], winner=1))  # 14: opens side 1
    assert match.scores == (0, 14) and match.opened == (False, True)
    match = record_hand(match, _won_101(["1-2"], winner=1))  # 3: counts now
    assert match.scores == (0, 17)
    assert match.draft == (0, 11)


def test_the_bank_counts_towards_the_opening() -> None:
    match = new_match(rules_for("domino101", 2))
    match = record_hand(match, _won_101(["3-2"], winner=0, bank=10))  # 5 + 10 = 15
    assert match.opened == (True, False) and match.scores == (15, 0)


# -- goat penalties ------------------------------------------------------------------------------------

GOAT_HANDS = [["3-4", "0-0"], ["2-2", "5-6"], ["4-4", "1-0"], ["6-6", "0-5"]]
GOAT_MOVES = ("4-3 right", "2-2 left", "4-4 right")


def test_min_penalty_drops_small_penalties() -> None:
    pos = position("kozel", GOAT_HANDS, ["2-3"], to_move=0, overrides={"min_penalty": 13})
    _, result = played(pos.state, *GOAT_MOVES)
    # penalties 0, 11, (fish maker), 17: only 17 reaches 13
    assert result.points == (0, 0, 0, 17)


def test_goat_going_out_every_other_side_writes_its_own_pips() -> None:
    pos = position("kozel", [[], ["6-5"], ["0-0", "1-1"], ["3-3"]], ["2-3"], to_move=1)
    result = hand_result(pos.state)
    assert result.winner_sides == (0,)
    assert result.points == (0, 11, 2, 6)


def test_goat_lone_blank_double_counts_25_when_going_out_too() -> None:
    pos = position("kozel", [[], ["0-0"], ["0-1"], ["3-3"]], ["2-3"], to_move=1, overrides={"lone_blank_double": 25})
    assert hand_result(pos.state).points == (0, 25, 1, 6)


# -- match goals -----------------------------------------------------------------------------------------


def _match(rules_name: str, scores: dict[str, int], hands: list[list[str]]) -> dict[str, object]:
    from tutorial_app.rules.line.referee import rule

    ruling = rule({"rules": rules_name, "hands": hands, "chain": ["3-5", "5-1"], "match": {"scores": scores}}).as_json()
    match = ruling["match"]
    assert isinstance(match, dict)
    return match


def test_reach_target_wins() -> None:
    # side 1 goes out while seat 0 holds 16 pips
    near = _match("block", {"0": 40, "1": 90}, [["6-5", "3-2"], []])
    assert near["scores"] == {"0": 40, "1": 106}
    assert near["over"] is True and near["winner_sides"] == [1] and near["loser_sides"] == [0]
    short = _match("block", {"0": 40, "1": 80}, [["6-5", "3-2"], []])
    assert short["over"] is False and short["winner_sides"] == []


def test_reach_target_loses_and_the_fewest_points_win() -> None:
    match = _match("kozel", {"0": 95, "1": 40, "2": 60}, [["6-5", "3-2"], [], ["1-0"]])
    assert match["scores"] == {"0": 111, "1": 40, "2": 61}
    assert match["over"] is True
    assert match["loser_sides"] == [0] and match["winner_sides"] == [1]
    short = _match("kozel", {"0": 80, "1": 40, "2": 60}, [["6-5", "3-2"], [], ["1-0"]])
    assert short["over"] is False


def test_a_recorded_hand_replays_move_by_move() -> None:
    import random

    from tutorial_app.rules.line.match import next_deal
    from tutorial_app.rules.line.simulate import play_out

    rules = rules_for("draw", 2)
    match = new_match(rules)
    start = next_deal(match, random.Random(3)).state
    final = play_out(start, random.Random(4))
    match = record_hand(match, final, start)
    states = replay(match.records[0])
    assert states[0] == start
    assert states[-1].hands == final.hands and states[-1].status is final.status
    assert len(states) == len(final.log) + 1
