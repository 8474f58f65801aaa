"""Worked examples of Tien Gow from the rule pages (docs/tien_gow.md names them), computed by the engine."""

from __future__ import annotations

import pytest
from tien_gow_helpers import WORKED_MOVES, mv, run, tiles, worked_start

from tutorial_app.rules.text import Text
from tutorial_app.rules.tien_gow import (
    Action,
    HandState,
    LastTrick,
    TienGowRules,
    apply,
    hand_result,
    legal_moves,
    play,
    settle,
    start_hand,
    trick_sentence,
    why_illegal,
)
from tutorial_app.rules.tien_gow.scoring import Settlement
from tutorial_app.rules.tien_gow.tiles import CHINESE_SET


def test_the_worked_hand_trick_by_trick() -> None:
    state = worked_start()
    assert state.tiles_in_play() == 32 and state.to_move == 0 and state.leading
    state = run(state, WORKED_MOVES[:4])
    assert state.last_trick is not None and state.last_trick.taker == 0
    assert state.taken == (4, 0, 0, 0) and state.to_move == 0
    state = run(state, WORKED_MOVES[4:5])
    # seat 1's Earth only equals the Earth led: not a beat, so it may only go face down
    reason = why_illegal(state, mv("play 1-1"))
    assert reason is not None and "equal" in reason.en and "равн" in reason.ru
    state = run(state, WORKED_MOVES[5:8])
    assert state.taken == (5, 0, 0, 0)
    first, second = state.tricks
    assert trick_sentence(first).en == (
        "Trick: seat 0, with the heaven-nine quartet (6-6 + 6-6 + 6-3 + 5-4), which nobody beat (+4 trick points)."
    )
    assert trick_sentence(second, lambda seat: Text("you", "вы")).ru == (
        "Взятка: вы — «земля» (1-1), её никто не побил (+1 очко за взятки)."
    )
    state = run(state, WORKED_MOVES[8:10])
    # seat 2's Goose ranks below the Man that seat 1 laid on the long three
    reason = why_illegal(state, mv("play 3-1"))
    assert reason is not None and "below" in reason.en
    state = run(state, WORKED_MOVES[10:12])
    assert trick_sentence(state.tricks[-1]).en == (
        "Trick: seat 1, with Man (4-4), the highest set laid face up (+1 trick point)."
    )
    state = run(state, WORKED_MOVES[12:13])
    assert state.taken == (5, 1, 0, 0) and state.to_move == 2
    assert state.is_last_trick
    # a civil pair does not beat a military pair, even the highest civil pair seat 2 holds
    assert why_illegal(state, mv("play 3-1 3-1")) is not None
    final = run(state, WORKED_MOVES[13:])
    assert final.is_over and final.taken == (5, 3, 0, 0)
    assert sum(final.taken) == 8 and final.tiles_in_play() == 32
    result = hand_result(final)
    assert result.winner == 1 and result.next_banker == 1
    # banker seat 0 holds 5 points: (4 - 5) x 2 = -2, the winner pays it 2; seats 2 and 3 pay 5 each
    assert [s.amount for s in result.settlements] == [-2, 5, 5]
    assert result.payments == (2, 8, -5, -5) and sum(result.payments) == 0
    text = result.reason
    assert "Seat 0 (banker): 5 trick points → the winner pays (5 − 4) × 2 = 2." in text.en
    assert "Seat 2: no trick → 5 to the winner." in text.en
    assert text.en.endswith("The winner collects −2 + 5 + 5 = 8.")
    assert "Игрок 0 (банкир): 5 очков за взятки → победитель доплачивает (5 − 4) × 2 = 2." in text.ru
    assert text.ru.endswith("Итого победителю: −2 + 5 + 5 = 8.")


def test_the_worked_deal_uses_the_whole_set_once() -> None:
    start = worked_start()
    dealt = sorted(str(t) for seat in range(4) for t in start.hands[seat])
    assert dealt == sorted(str(t) for t in CHINESE_SET)


@pytest.mark.parametrize(
    ("taken", "pays"),
    # the gupai page's examples of "4 minus your tricks": one trick pays 3, four pay nothing,
    # six are paid 2 by the winner, and no trick at all pays 5
    [(1, 3), (4, 0), (6, -2), (0, 5)],
)
def test_settlement_examples_of_the_gupai_page(taken: int, pays: int) -> None:
    points = [taken, 8 - taken, 0, 0]
    settlement = settle(points, winner=1, banker=3, banker_double=True)[0]
    assert settlement == Settlement(0, taken, pays, 1)
    assert settlement.amount == pays


def test_payments_with_the_banker_count_double() -> None:
    # the banker loses with 1 point: (4 - 1) x 2 = 6; when the banker wins, everyone pays double
    lost = settle([1, 5, 2, 0], winner=1, banker=0)
    assert [(s.seat, s.amount) for s in lost] == [(0, 6), (2, 2), (3, 5)]
    won = settle([5, 1, 2, 0], winner=0, banker=0)
    assert [(s.seat, s.amount) for s in won] == [(1, 6), (2, 4), (3, 10)]
    plain = settle([5, 1, 2, 0], winner=0, banker=0, banker_double=False)
    assert [s.amount for s in plain] == [3, 2, 5]


def _goose_five_led() -> HandState:
    # seat 0 leads Goose with a five; seat 1 holds one tile of each family to answer with
    hands = [["3-1", "4-1"], ["4-4", "4-3"], ["1-1", "5-3"], ["6-6", "6-3"]]
    return start_hand(TienGowRules(), hands, banker=0, leader=0, taken=(2, 2, 1, 1))


def test_the_seeds_example_goose_five_is_beaten_only_by_higher_mixed_pairs() -> None:
    """Seed S3: Goose with a five is beaten only by Man-seven, Earth-eight or Heaven-nine."""
    state = _goose_five_led()
    state = apply(state, play("3-1", "4-1"))
    beating = [m for m in legal_moves(state) if m.action is Action.PLAY]
    assert [str(m) for m in beating] == ["play 4-4 + 4-3"]
    state = apply(state, beating[0])
    beating = [m for m in legal_moves(state) if m.action is Action.PLAY]
    assert [str(m) for m in beating] == ["play 1-1 + 5-3"]
    state = apply(state, beating[0])
    beating = [m for m in legal_moves(state) if m.action is Action.PLAY]
    assert [str(m) for m in beating] == ["play 6-6 + 6-3"]
    final = apply(state, beating[0])
    assert final.is_over and hand_result(final).winner == 3


def test_the_gupai_pages_three_tile_example() -> None:
    """Earth-Earth-Eight is beaten by Heaven-Heaven-Nine, not by Heaven-Nine-Nine (make-up matters)."""
    hands = [["1-1", "1-1", "6-2"], ["6-6", "6-3", "5-4"], ["4-4", "4-4", "5-2"], ["3-3", "2-2", "4-1"]]
    state = start_hand(TienGowRules(), hands, banker=0, leader=0, taken=(5, 0, 0, 0))
    state = apply(state, play("1-1", "1-1", "6-2"))
    reason = why_illegal(state, play("6-6", "6-3", "5-4"))
    assert reason is not None and "triplet of one civil tile and two military" in reason.en
    assert not [m for m in legal_moves(state) if m.action is Action.PLAY]
    state = apply(state, mv("discard 6-6 6-3 5-4"))
    # Man-Man-seven has the right make-up but ranks below Earth-Earth-eight
    reason = why_illegal(state, play("4-4", "4-4", "5-2"))
    assert reason is not None and "below" in reason.en


def test_heaven_heaven_nine_beats_earth_earth_eight() -> None:
    hands = [["1-1", "1-1", "6-2"], ["6-6", "6-6", "5-4"], ["4-4", "4-4", "5-2"], ["3-3", "2-2", "4-1"]]
    state = start_hand(TienGowRules(), hands, banker=0, leader=0, taken=(5, 0, 0, 0))
    state = apply(state, play("1-1", "1-1", "6-2"))
    assert why_illegal(state, play("6-6", "6-6", "5-4")) is None
    state = apply(state, play("6-6", "6-6", "5-4"))
    # Man-Man-seven is the same make-up but ranks below the Heaven set now winning
    assert why_illegal(state, play("4-4", "4-4", "5-2")) is not None


def _last_single(rule: LastTrick) -> HandState:
    # seat 2 has no trick yet but holds Heaven; seat 1 leads Earth into the last trick
    hands = [["2-2"], ["1-1"], ["6-6"], ["3-3"]]
    return start_hand(TienGowRules(last_trick=rule), hands, banker=0, leader=1, taken=(3, 4, 0, 0))


def test_no_trick_no_last_trick() -> None:
    """Seed S3: a player who took no trick must pass in the last one, however strong the tile."""
    state = apply(_last_single(LastTrick.SINGLE), play("1-1"))
    assert state.is_last_trick and state.sits_out(2)
    assert [str(m) for m in legal_moves(state)] == ["discard 6-6"]
    reason = why_illegal(state, play("6-6"))
    assert reason is not None and "not taken a trick" in reason.en and "ни одной взятки" in reason.ru
    final = run(state, ["discard 6-6", "discard 3-3", "discard 2-2"])
    assert hand_result(final).winner == 1


def test_an_open_last_trick_lets_anyone_take_it() -> None:
    state = apply(_last_single(LastTrick.OPEN), play("1-1"))
    assert not state.sits_out(2)
    final = run(state, ["play 6-6", "discard 3-3", "discard 2-2"])
    result = hand_result(final)
    assert result.winner == 2 and result.taken == (3, 4, 1, 0)


@pytest.mark.parametrize(
    ("rule", "may_beat"), [(LastTrick.SINGLE, True), (LastTrick.ALWAYS, False), (LastTrick.OPEN, True)]
)
def test_a_last_trick_of_two_tiles(rule: LastTrick, may_beat: bool) -> None:
    """A last trick led with a pair: open to a player without a trick unless the rule is 'always'."""
    hands = [["2-2", "5-1"], ["1-1", "1-1"], ["6-6", "6-6"], ["3-3", "2-1"]]
    state = start_hand(TienGowRules(last_trick=rule), hands, banker=0, leader=1, taken=(2, 4, 0, 0))
    state = apply(state, play("1-1", "1-1"))
    assert state.is_last_trick
    assert (why_illegal(state, play("6-6", "6-6")) is None) is may_beat
    assert tiles(state, 2) == ["6-6", "6-6"]
