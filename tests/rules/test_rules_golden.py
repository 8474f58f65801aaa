"""Figures worked out by hand for the presets, and the examples of docs/referee.md, computed by the engine."""

from __future__ import annotations

import pytest
from rules_helpers import boneyard_with, legal_text, position, run

from tutorial_app.rules.line.referee import rule
from tutorial_app.rules.line.scoring import hand_result, round_to_five
from tutorial_app.rules.line.state import Status
from tutorial_app.rules.tiles import ALL_TILES, Tile, parse_tile


def test_the_set_has_28_tiles_each_pair_once() -> None:
    pairs = {(t.lo, t.hi) for t in ALL_TILES}
    assert len(ALL_TILES) == 28 == len(pairs)
    assert pairs == {(a, b) for a in range(7) for b in range(a, 7)}
    assert Tile(6, 3) is Tile(3, 6) is parse_tile("6/3") is parse_tile([3, 6])


@pytest.mark.parametrize(("tile", "value"), [("6/4", 10), ("3/0", 3), ("6/6", 12)])
def test_s0_tile_values(tile: str, value: int) -> None:
    assert parse_tile(tile).value(blank_double_value=10) == value
    assert parse_tile(tile).value() == value


def test_s0_a_remaining_blank_double_counts_10_under_domino101() -> None:
    # seat 1 goes out; seat 0 still holds 0-0 and 6-4
    pos = position("domino101", [["0-0", "6-4"], []], ["3-5", "5-1"])
    result = hand_result(pos.state)
    assert result.pips == (20, 0)
    assert result.points == (0, 20)
    # the same hand under block, where 0-0 counts nothing
    assert hand_result(position("block", [["0-0", "6-4"], []], ["3-5", "5-1"]).state).points == (0, 10)


@pytest.mark.parametrize(("rules", "points"), [("block", (0, 16)), ("kozel", (16, 0)), ("kozel_pass", (16, 0))])
def test_s1_sixteen_both_ways(rules: str, points: tuple[int, int]) -> None:
    """You go out; the opponent holds 6-5 and 2-3: winner-takes writes 16 for you, goat 16 against them."""
    pos = position(rules, [["6-5", "2-3"], ["1-4"]], ["3-5", "5-1"], to_move=1)
    final = run(pos.state, "4-1 right")
    result = hand_result(final)
    assert final.status is Status.WON and result.winner_sides == (1,)
    assert result.points == points


def test_s3_all_fives_blocked_44_rounds_to_45_minus_own_10() -> None:
    # every end of the spinner shows 6 and all seven sixes are on the table: nobody can ever play
    chain = {
        "spinner": "6-6",
        "arms": {"left": ["6-0", "0-1", "1-6"], "right": ["6-2", "2-3", "3-6"], "up": ["6-4", "4-5"], "down": []},
    }
    on_table = ["6-6", "6-0", "0-1", "1-6", "6-2", "2-3", "3-6", "6-4", "4-5"]
    hands = [["5-6", "1-4", "0-3", "1-1"], ["5-5", "4-4", "3-5", "3-4", "2-5", "0-4"]]
    pos = position("all_fives", hands, chain, to_move=0, boneyard=boneyard_with([], hands, on_table))
    assert pos.state.status is Status.IN_PLAY
    assert legal_text(pos.state) == {"6-5 left", "6-5 right", "6-5 up", "6-5 down"}
    final = run(pos.state, "5-6 up")  # the last six closes the table
    result = hand_result(final)
    assert final.status is Status.BLOCKED
    assert result.pips == (10, 44)
    assert round_to_five(44) == 45
    assert result.points == (35, 0)
    assert result.fish_maker == 0


@pytest.mark.parametrize(
    ("total", "rounded"),
    [(42, 40), (43, 45), (44, 45), (41, 40), (46, 45), (47, 45), (48, 50), (49, 50), (45, 45), (0, 0), (2, 0), (3, 5)],
)
def test_rounding_to_the_nearest_five(total: int, rounded: int) -> None:
    assert round_to_five(total) == rounded


def test_referee_example_line_game_legal_moves() -> None:
    ruling = rule(
        {"rules": "block", "hands": [["6-4", "3-0", "1-2"], ["5-5", "2-2"]], "chain": ["3-5", "5-1"], "to_move": 0}
    ).as_json()
    assert ruling["status"] == "in_play"
    assert ruling["open_ends"] == [3, 1]
    assert {(m.get("tile"), m.get("end")) for m in ruling["legal"]} == {("3-0", "left"), ("2-1", "right")}


@pytest.mark.parametrize(("rules", "points"), [("block", {"0": 0, "1": 16}), ("kozel", {"0": 16, "1": 0})])
def test_referee_example_seat_1_goes_out(rules: str, points: dict[str, int]) -> None:
    ruling = rule({"rules": rules, "hands": [["6-5", "3-2"], []], "chain": ["3-5", "5-1"]}).as_json()
    assert ruling["status"] == "won"
    assert ruling["result"]["winner_sides"] == [1]
    assert ruling["result"]["points"] == points
    assert ruling["result"]["tie"] is False


def test_referee_example_empty_chain_asks_about_the_lead() -> None:
    ruling = rule(
        {
            "rules": "domino101",
            "hands": [
                ["6-4", "0-0", "2-2", "3-1", "5-0", "4-4", "6-1"],
                ["5-5", "2-1", "1-1", "3-3", "6-6", "0-2", "4-1"],
            ],
            "chain": [],
        }
    ).as_json()
    assert ruling["leader"] == 1
    assert ruling["lead_tiles"] == ["1-1"]
    assert ruling["status"] == "in_play"
    assert ruling["redeal_reason"] is None


def test_referee_example_draw_lots_has_no_leader() -> None:
    ruling = rule({"rules": "international_two", "hands": [["6-4", "0-0"], ["5-5", "2-1"]], "chain": []}).as_json()
    assert ruling["leader"] is None


def test_referee_example_all_fives_move_points() -> None:
    ruling = rule(
        {
            "rules": "all_fives",
            "hands": [["5-5", "6-1"], ["6-4", "2-2"]],
            "chain": [],
            "to_move": 0,
            "moves": [{"tile": "5-5", "end": "lead"}, {"action": "draw"}],
        }
    ).as_json()
    # the lead of 5-5 scores 10; seat 1 has nothing on 5 and draws
    assert ruling["move_points"] == [10, 0]
    lead_6_4 = rule(
        {
            "rules": "all_fives",
            "hands": [["6-4", "6-1"], ["5-5", "2-2"]],
            "chain": [],
            "to_move": 0,
            "moves": [{"tile": "6-4", "end": "lead"}],
        }
    ).as_json()
    assert lead_6_4["move_points"] == [10]


def test_referee_rules_several_rule_sets_side_by_side() -> None:
    from tutorial_app.rules.line.referee import rule_all, rulings_json

    data = {"rules": "block", "hands": [["6-5", "3-2"], []], "chain": ["3-5", "5-1"]}
    typed = rule_all(data, ["block", "kozel", "classic"])
    assert [r.result.points for r in typed if r.result is not None] == [(0, 16), (16, 0), (0, 16)]
    rulings = rulings_json(typed)["rulings"]
    assert [r["rules"] for r in rulings] == ["block", "kozel", "classic"]
    assert [r["result"]["points"] for r in rulings] == [{"0": 0, "1": 16}, {"0": 16, "1": 0}, {"0": 0, "1": 16}]
