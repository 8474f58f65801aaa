"""Drawing, passing, the spinner layout, several doubles a turn, closed doubles and All Fives counts."""

from __future__ import annotations

import pytest
from rules_helpers import boneyard_with, legal_text, mv, position, run

from tutorial_app.rules.line.moves import IllegalMoveError, apply, fives_count, legal_moves, why_illegal
from tutorial_app.rules.line.position import Position
from tutorial_app.rules.line.state import DRAW, END_TURN, MUGGINS, PASS
from tutorial_app.rules.tiles import ALL_TILES, Tile, parse_tile

CHAIN = ["3-5", "5-1"]  # ends 3 | 1


def _crowded(rules: str, mover: list[str], boneyard: list[str]) -> Position:
    """A two-player position where seat 1 holds every tile not placed elsewhere (an exact boneyard)."""
    placed = {parse_tile(t) for t in (*CHAIN, *mover, *boneyard)}
    rest = [str(t) for t in ALL_TILES if t not in placed]
    return position(rules, [mover, rest], CHAIN, to_move=0, boneyard=boneyard)


# -- drawing ---------------------------------------------------------------------------------


def test_until_playable_stops_at_the_first_tile_that_fits() -> None:
    hands = [["6-6"], ["2-2"]]
    pos = position("draw", hands, CHAIN, to_move=0, boneyard=boneyard_with(["4-4", "0-1", "3-3"], hands, CHAIN))
    state = run(pos.state, "draw")
    assert [str(t) for t in state.hand(0)] == ["4-4", "6-6"]
    assert legal_text(state) == {"draw"}
    state = run(state, "draw")
    assert legal_text(state) == {"1-0 right"}  # 0-1 fits: no more drawing
    assert why_illegal(state, DRAW) is not None
    assert state.to_move == 0


def test_pairs_draw_two_even_when_the_first_fits_and_one_above_the_reserve() -> None:
    pos = _crowded("domino101", ["6-6"], ["1-2", "4-4", "0-0", "2-2", "5-5"])
    state = run(pos.state, "draw")
    assert {str(t) for t in state.hand(0)} == {"6-6", "2-1", "4-4"}
    assert len(state.boneyard) == 3
    # three tiles are left and two are the reserve: the draw takes the one above it
    nothing = _crowded("domino101", ["6-6"], ["4-4", "0-0", "2-2"])
    state = run(nothing.state, "draw")
    assert {str(t) for t in state.hand(0)} == {"6-6", "4-4"}
    assert [str(t) for t in state.boneyard] == ["0-0", "2-2"]
    assert legal_text(state) == {"pass"}


def test_the_reserve_may_not_be_drawn() -> None:
    # domino 101 for three keeps one tile in reserve; two tiles are left, so one may be drawn
    placed = {parse_tile(t) for t in (*CHAIN, "6-6", "2-2", "4-4", "0-0", "5-5")}
    rest = [str(t) for t in ALL_TILES if t not in placed]
    pos = position("domino101", [["6-6"], ["2-2", *rest], ["4-4"]], CHAIN, to_move=0, boneyard=["0-0", "5-5"])
    assert pos.rules.reserve == 1 and pos.state.drawable() == 1
    state = run(pos.state, "draw")
    assert [str(t) for t in state.boneyard] == ["5-5"]
    assert legal_text(state) == {"pass"}
    reason = why_illegal(state, DRAW)
    assert reason is not None and "reserve" in reason.en and "резерв" in reason.ru


def test_must_play_drawn_after_a_fitting_draw() -> None:
    hands = [["6-6", "4-4"], ["2-2"], ["5-5"]]
    pos = position("domino101", hands, CHAIN, to_move=0, boneyard=boneyard_with(["0-0", "3-0"], hands, CHAIN))
    state = run(pos.state, "draw", "draw")
    assert state.drawn is Tile(3, 0)
    assert legal_text(state) == {"3-0 left"}
    illegal = why_illegal(state, mv("6-6 left"))
    assert illegal is not None


def test_a_draw_game_passes_only_once_the_boneyard_is_empty() -> None:
    placed = {parse_tile(t) for t in (*CHAIN, "6-6")}
    rest = [str(t) for t in ALL_TILES if t not in placed]
    pos = position("draw", [["6-6"], rest], CHAIN, to_move=0, boneyard=[])
    assert legal_text(pos.state) == {"pass"}
    state = apply(pos.state, PASS)
    assert state.to_move == 1


def test_no_boneyard_no_draw() -> None:
    pos = position("block", [["6-6"], ["1-2"]], CHAIN, to_move=0)
    assert legal_text(pos.state) == {"pass"}
    reason = why_illegal(pos.state, DRAW)
    assert reason is not None and "boneyard" in reason.en and "базар" in reason.ru
    with pytest.raises(IllegalMoveError):
        apply(pos.state, DRAW)


def test_an_illegal_play_says_which_ends_are_open() -> None:
    pos = position("block", [["6-2", "3-0"], ["2-2"]], CHAIN, to_move=0)
    reason = why_illegal(pos.state, mv("6-2 left"))
    assert reason is not None
    assert "6-2" in reason.en and "3" in reason.en and "1" in reason.en
    assert "6-2" in reason.ru


# -- the spinner ----------------------------------------------------------------------------------


def test_spinner_opening_and_four_arms() -> None:
    pos = position("all_fives", [["5-5", "5-1", "2-2"], ["5-3", "5-0", "6-6"]], [], to_move=0)
    state = run(pos.state, "5-5 lead")
    assert state.table.spinner is True
    assert state.table.ends == (5, 5, -1, -1)
    state = run(state, "5-3 left")
    assert state.table.ends == (3, 5, -1, -1)  # up and down wait for the right side
    assert "up" not in {m.end for m in legal_moves(state)}
    state = run(state, "5-1 right")
    assert state.table.ends == (3, 1, 5, 5)
    assert {m.end for m in legal_moves(state) if m.tile is Tile(5, 0)} == {"up", "down"}


def test_the_first_double_becomes_the_spinner() -> None:
    pos = position("all_fives", [["5-3", "1-1"], ["3-3", "3-4"]], [], to_move=0)
    state = run(pos.state, "5-3 lead")
    assert state.table.spinner is False
    end = "left" if state.table.ends[0] == 3 else "right"
    state = run(state, f"3-3 {end}")
    assert state.table.spinner is True and state.table.centre is Tile(3, 3)
    # one side of the new spinner holds the old line (its far end shows 5), the other side is open on 3
    assert sorted(n for n in state.table.ends if n >= 0) == [3, 5]
    assert state.table.ends[2:] == (-1, -1)
    assert state.table.tile_count() == 2


def test_several_doubles_in_one_turn_and_ending_the_turn_early() -> None:
    chain = {"spinner": "1-1", "arms": {"left": ["1-2"], "right": ["1-4"]}}
    hands = [["2-2", "4-4", "2-3"], ["1-3"], ["0-0"], ["0-5"]]
    pos = position("donkey", hands, chain, to_move=0)
    state = run(pos.state, "2-2 left")
    assert state.to_move == 0 and state.doubles_run
    state = run(state, "4-4 right")
    assert state.to_move == 0
    state = apply(state, END_TURN)
    assert state.to_move == 1 and not state.doubles_run
    assert [str(t) for t in state.hand(0)] == ["3-2"]


def test_end_turn_is_illegal_without_a_run_of_doubles() -> None:
    pos = position("block", [["6-2", "3-0"], ["2-2"]], CHAIN, to_move=0)
    assert why_illegal(pos.state, END_TURN) is not None


def test_a_closed_double_kills_its_arm_and_needs_branch_blocking() -> None:
    chain = {"spinner": "1-1", "arms": {"left": ["1-2"], "right": ["1-4"]}}
    hands = [["4-4", "0-0"], ["4-6", "2-0"], ["5-5"], ["6-6"]]
    pos = position("donkey", hands, chain, to_move=0)
    state = run(pos.state, "4-4 right closed")
    assert state.table.ends[1] == -1
    assert all(m.end != "right" for m in legal_moves(state))
    reason = why_illegal(state, mv("6-4 right"))
    assert reason is not None
    # all fives has no branch blocking: the same double face down is refused
    fives = position(
        "all_fives", [["4-4"], ["3-3"]], {"spinner": "1-1", "arms": {"left": ["1-2"], "right": ["1-4"]}}, to_move=0
    )
    assert why_illegal(fives.state, mv("4-4 right closed")) is not None
    assert "4-4 right closed" not in legal_text(fives.state)


# -- All Fives counts ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "points"), [("5-5", 10), ("6-4", 10), ("3-2", 5), ("5-0", 5), ("6-6", 0), ("4-1", 5), ("2-2", 0)]
)
def test_lead_scores_its_count_when_a_multiple_of_five(lead: str, points: int) -> None:
    hands = [[lead, "1-2"], ["0-0"]]
    pos = position("all_fives", hands, [], to_move=0)
    state = run(pos.state, f"{lead} lead")
    assert state.log[-1][3] == points
    assert state.fives == (points, 0)


def test_fives_count_of_a_spinner_with_a_double_at_an_end() -> None:
    chain = {"spinner": "5-5", "arms": {"left": ["5-0"], "right": ["5-2", "2-2"]}}
    pos = position("all_fives", [["6-6"], ["1-1"]], chain, to_move=0)
    # left shows 0, right ends on 2-2 laid across (2 + 2), up and down still bare
    assert fives_count(pos.state.table) == 4
    one_side = position("all_fives", [["6-6"], ["1-1"]], {"spinner": "5-5", "arms": {"right": ["5-3"]}}, to_move=0)
    # the spinner counts both halves while a side of it is open: 5 + 5 + 3
    assert fives_count(one_side.state.table) == 13
    line = position("all_fives", [["6-6"], ["1-1"]], ["4-1", "1-3"], to_move=0)
    assert fives_count(line.state.table) == 7


def test_must_claim_points_and_muggins() -> None:
    hands = [["5-5", "1-2"], ["0-0", "6-6"]]
    pos = position("all_fives", hands, [], to_move=0, overrides={"fives_claim": "must_claim"})
    # seat 0 leads 5-5 and forgets to claim: seat 1 may call Muggins and take the 10
    state = run(pos.state, "5-5 lead")
    assert state.fives == (0, 0)
    assert MUGGINS in legal_moves(state)
    state = apply(state, MUGGINS)
    assert state.fives == (0, 10)
    # claiming the right number scores; a wrong number is illegal
    claimed = apply(pos.state, mv("5-5 lead claims 10"))
    assert claimed.fives == (10, 0)
    assert MUGGINS not in legal_moves(claimed)
    with pytest.raises(IllegalMoveError):
        apply(pos.state, mv("5-5 lead claims 15"))
