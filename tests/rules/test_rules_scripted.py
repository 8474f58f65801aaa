"""Scripted deals, one or more per preset, played move by move to a score worked out by hand.

Each test writes a position in the referee's notation, plays the moves
through the checked ``apply`` (every move must also be in ``legal_moves``),
and compares the engine's result with the figure worked out in the comment.
"""

from __future__ import annotations

from rules_helpers import boneyard_with, legal_text, played, position, run

from tutorial_app.rules.line.moves import why_illegal
from tutorial_app.rules.line.state import PASS, Status


def test_block_two_players_pass_then_go_out() -> None:
    # ends 3 | 1; seat 0: 3-0, 6-4; seat 1: 1-2, 2-5
    pos = position("block", [["3-0", "6-4"], ["1-2", "2-5"]], ["3-5", "5-1"], to_move=0)
    state = run(pos.state, "3-0 left", "2-1 right")  # ends 0 | 2
    assert legal_text(state) == {"pass"}  # 6-4 fits neither 0 nor 2, and there is no boneyard
    final, result = played(state, "pass", "5-2 right")
    # seat 1 is out; seat 0 still holds 6-4 = 10, and seat 1 writes it
    assert final.out_seat == 1
    assert result.points == (0, 10)
    assert result.next_leader == 1


def test_block_pass_with_a_playable_tile_is_refused() -> None:
    pos = position("block", [["3-0", "6-4"], ["1-2", "2-5"]], ["3-5", "5-1"], to_move=0)
    reason = why_illegal(pos.state, PASS)
    assert reason is not None and "3-0" in reason.en and "3-0" in reason.ru


def test_block_four_in_pairs_partners_count_together() -> None:
    # ends 4 | 4; seat 0 goes out with 4-2; seats 1 and 3 hold 6-6 and 5-1 (18), partner seat 2 holds 3-3
    pos = position("block", [["4-2"], ["6-6"], ["3-3"], ["5-1"]], ["4-4"], overrides={"teams": "pairs"}, to_move=0)
    _final, result = played(pos.state, "4-2 left")
    assert result.winner_sides == (0,)
    assert result.pips == (6, 18)
    assert result.points == (18, 0)


def test_draw_draws_until_a_tile_fits() -> None:
    hands = [["6-4"], ["1-2", "6-6"]]
    chain = ["3-5", "5-1"]
    bone = boneyard_with(["4-4", "0-3", "2-6"], hands, chain)
    pos = position("draw", hands, chain, to_move=0, boneyard=bone)
    assert legal_text(pos.state) == {"draw"}
    state = run(pos.state, "draw")  # 4-4: nothing yet
    assert legal_text(state) == {"draw"}
    state = run(state, "draw")  # 0-3 fits the 3
    assert legal_text(state) == {"3-0 left"}
    state = run(state, "3-0 left", "2-1 right", "draw")  # ends 0 | 2; seat 0 draws 6-2
    final, result = played(state, "6-2 right", "6-6 right")
    # seat 1 is out; seat 0 holds 6-4 and 4-4 = 18
    assert final.out_seat == 1
    assert result.points == (0, 18)
    assert len(final.boneyard) == len(bone) - 3


def test_kozel_goat_block_the_fish_maker_writes_nothing() -> None:
    hands = [["3-4", "0-0"], ["2-2", "5-6"], ["4-4", "1-0"], ["6-6", "0-5"]]
    pos = position("kozel", hands, ["2-3"], to_move=0)
    # ends 2 | 4 after 3-4; 2-2 keeps 2; 4-4 keeps 4: then no tile in any hand shows 2 or 4
    final, result = played(pos.state, "4-3 right", "2-2 left", "4-4 right")
    assert final.status is Status.BLOCKED
    assert result.fish_maker == 2
    # seat 2 made the fish; the others write their own pips: 0-0 = 0, 5-6 = 11, 6-6 + 0-5 = 17
    assert result.points == (0, 11, 0, 17)


def test_kozel_lone_blank_double_house_rule() -> None:
    hands = [["3-4", "0-0"], ["2-2", "5-6"], ["4-4", "1-0"], ["6-6", "0-5"]]
    pos = position("kozel", hands, ["2-3"], to_move=0, overrides={"lone_blank_double": 25})
    _, result = played(pos.state, "4-3 right", "2-2 left", "4-4 right")
    # seat 0 is left with nothing but 0-0: it writes 25 instead of 0
    assert result.points == (25, 11, 0, 17)


def test_kozel_pass_lowest_hand_escapes_the_fish() -> None:
    hands = [["3-4", "0-0"], ["2-2", "5-6"], ["4-4", "1-0"], ["6-6", "0-5"]]
    pos = position("kozel_pass", hands, ["2-3"], to_move=0)
    final, result = played(pos.state, "4-3 right", "2-2 left", "4-4 right")
    # pips: 0, 11, 1, 17; seat 0 has the fewest and writes nothing, the others their own
    assert final.status is Status.BLOCKED
    assert result.winner_sides == (0,)
    assert result.points == (0, 11, 1, 17)


def test_kozel_draw_game_for_two_goes_out() -> None:
    hands = [["1-3", "5-0"], ["6-6", "2-2"]]
    chain = ["3-4"]
    pos = position("kozel", hands, chain, to_move=1, boneyard=boneyard_with(["4-5", "1-2"], hands, chain))
    assert legal_text(pos.state) == {"draw"}
    # seat 1 draws 4-5 and plays it; seat 0 plays 1-3; seat 1 draws 1-2 and plays it; seat 0 goes out
    final, result = played(pos.state, "draw", "5-4 right", "3-1 left", "draw", "2-1 left", "5-0 right")
    # a penalty for seat 1's 6-6 and 2-2
    assert final.out_seat == 0
    assert result.points == (0, 16)


def test_international_six_six_leads_and_the_winners_take_every_hand() -> None:
    hands = [["6-6", "6-1"], ["6-2", "0-0"], ["2-3", "1-1"], ["5-5", "3-4"]]
    pos = position("international", hands, [])
    assert pos.lead is not None and pos.lead.seat == 0
    assert legal_text(pos.state) == {"6-6 lead"}  # the determining tile must be led
    _final, result = played(pos.state, "6-6 lead", "6-2 right", "2-3 right", "3-4 right", "6-1 left")
    # seats 0+2 win and take all hands: 0-0 (0) + 1-1 (2) + 5-5 (10) = 12; no capicú (6-1 fits only the 6)
    assert result.winner_sides == (0,)
    assert result.points == (12, 0)
    assert result.capicu is False
    assert result.next_leader == 0


def test_international_two_draws_and_the_winner_takes_both_hands() -> None:
    hands = [["1-2", "5-5"], ["0-0"]]
    chain = ["5-3"]
    pos = position("international_two", hands, chain, to_move=0, boneyard=boneyard_with(["4-4", "3-1"], hands, chain))
    final, result = played(pos.state, "5-5 left", "draw", "draw", "3-1 right", "2-1 right")
    # seat 0 is out; seat 1 holds 0-0 and 4-4 = 8
    assert result.points == (8, 0)
    assert final.out_seat == 0


def test_domino101_for_two_draws_in_pairs_and_counts_blank_double_as_ten() -> None:
    hands = [["6-4"], ["3-2", "0-0"]]
    chain = ["3-5", "5-1"]
    pos = position(
        "domino101", hands, chain, to_move=0, boneyard=boneyard_with(["1-6", "4-4", "2-2", "5-5"], hands, chain)
    )
    state = run(pos.state, "draw")
    # two tiles at once, even though the first (1-6) fits
    assert {str(t) for t in state.hand(0)} == {"6-4", "6-1", "4-4"}
    state = run(state, "6-1 right", "3-2 left", "6-4 right")  # ends 2 | 4
    assert legal_text(state) == {"draw"}
    _final, result = played(state, "draw", "2-2 left", "4-4 right")
    # seat 0 is out; seat 1 holds 0-0 (10 in 101) and 5-5 (10)
    assert result.pips == (0, 20)
    assert result.points == (20, 0)


def test_classic_blocked_lowest_scores_others_minus_own() -> None:
    chain = ["6-0", "0-1", "1-6", "6-2", "2-3", "3-6", "6-4", "4-5", "5-6"]
    hands = [["6-6", "0-0", "1-2"], ["5-5", "3-4"]]
    pos = position("classic", hands, chain, to_move=0, boneyard=boneyard_with([], hands, chain))
    assert legal_text(pos.state) == {"6-6 left", "6-6 right"}
    final, result = played(pos.state, "6-6 right")
    # all seven sixes are out and both ends show 6; pips (0-0 = 10): seat 0 13, seat 1 17
    assert final.status is Status.BLOCKED
    assert result.pips == (13, 17)
    assert result.points == (4, 0)  # 17 - 13
    assert result.fish_maker == 0


def test_all_fives_scores_multiples_of_five_and_rounds_the_out() -> None:
    hands = [["5-5", "5-0", "6-4"], ["5-6", "0-4", "3-4"]]
    pos = position("all_fives", hands, [], to_move=0)
    final, result = played(pos.state, "5-5 lead", "6-5 right", "5-0 left", "4-0 left", "6-4 right")
    # 5-5 lead: 10 (seat 0). 5-6 right: 5+5+6 = 16. 5-0 left: 0+6 = 6 (up and down still bare).
    # 0-4 left: 4+6 = 10 (seat 1). 6-4 right: 4+4 = 8; seat 0 is out; seat 1 holds 3-4 = 7, rounded 5.
    assert [entry[3] for entry in final.log] == [10, 0, 0, 10, 0]
    assert result.fives == (10, 10)
    assert result.points == (5, 0)
    assert result.total(0) == 15 and result.total(1) == 10


def test_donkey_several_doubles_a_closed_arm_and_a_fish() -> None:
    chain = {"spinner": "1-1", "arms": {"left": ["1-2"], "right": ["1-4"]}}
    hands = [["2-2", "4-4", "2-3", "5-6"], ["1-3", "6-6"], ["0-0"], ["0-5", "0-6"]]
    pos = position("donkey", hands, chain, to_move=0)  # four players: no boneyard
    state = run(pos.state, "2-2 left")
    assert state.to_move == 0 and "end_turn" in legal_text(state)  # a double: the turn goes on
    assert "4-4 right closed" in legal_text(state)
    state = run(state, "4-4 right closed")
    assert state.table.ends[1] == -1  # the right arm is dead
    state = run(state, "3-2 left")  # an ordinary tile ends the turn
    assert state.to_move == 1
    final, result = played(state, "1-3 up")
    # ends 3, 3, 1: nothing left in any hand shows 3 or 1
    assert final.status is Status.BLOCKED and result.fish_maker == 1
    # pips 11, 12, 0, 11: seat 2 writes nothing, the others their own pips; seat 2 leads next
    assert result.points == (11, 12, 0, 11)
    assert result.next_leader == 2


# All seven 6s end up on the table when 5-6 goes on the right: both ends show 6.
_SIXES_CHAIN = ["6-6", "6-0", "0-2", "2-6", "6-1", "1-3", "3-6", "6-4", "4-5"]


def test_international_two_draws_the_boneyard_out_before_a_fish() -> None:
    # block_with_boneyard: draw_out (S2, 1-on-1): the fish comes only when nothing more may be drawn,
    # and the drawn tiles count. Seat 1 cannot play after 5-6 and must draw all 15 boneyard tiles.
    pos = position("international_two", [["5-6", "0-0"], ["1-1", "2-2"]], _SIXES_CHAIN, to_move=0)
    state = run(pos.state, "6-5 right")
    assert state.status is Status.IN_PLAY and legal_text(state) == {"draw"}
    final, result = played(state, *["draw"] * 15)
    assert final.status is Status.BLOCKED and final.boneyard == ()
    assert bin(final.hands[1]).count("1") == 17
    assert result.fish_maker == 0
    # 168 pips in the set, 78 on the table, 0-0 = 0: seat 1 holds 90, and the lowest hand takes every pip
    assert result.pips == (0, 90) and result.points == (90, 0)


def test_the_same_fish_at_once_leaves_the_boneyard_alone() -> None:
    pos = position(
        "international_two",
        [["5-6", "0-0"], ["1-1", "2-2"]],
        _SIXES_CHAIN,
        to_move=0,
        overrides={"block_with_boneyard": "at_once"},
    )
    final, result = played(pos.state, "6-5 right")
    assert final.status is Status.BLOCKED and len(final.boneyard) == 15
    assert result.points == (6, 0)


def test_a_drawn_out_position_is_read_as_a_fish() -> None:
    chain = [*_SIXES_CHAIN, "5-6"]
    rest = boneyard_with([], [["0-0"], ["1-1"]], chain)
    stuck = position("international_two", [["0-0"], ["1-1", *rest]], chain, boneyard=[], to_move=0)
    assert stuck.state.status is Status.BLOCKED
    waiting = position("international_two", [["0-0"], ["1-1"]], chain, to_move=1)
    assert waiting.state.status is Status.IN_PLAY  # 16 tiles still to draw
    assert position("draw", [["0-0"], ["1-1"]], chain, to_move=1).state.status is Status.BLOCKED


def test_classic_winner_leads_after_a_fish_too() -> None:
    # S3: «Следующий кон начинает победитель». Seat 0 makes the fish holding 4-4 (8); seat 1 holds 1-1 (2)
    pos = position("classic", [["5-6", "4-4"], ["1-1"]], _SIXES_CHAIN, to_move=0)
    _final, result = played(pos.state, "6-5 right")
    assert result.fish_maker == 0 and result.winner_sides == (1,)
    assert result.points == (0, 6)  # others 8 minus own 2
    assert result.next_leader == 1
