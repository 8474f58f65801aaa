"""Tien Gow moves: leads and follows against the combination rules, the fixed order, and the refusals."""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest
from tien_gow_helpers import WORKED_HANDS, mv, run, worked_start

from tutorial_app.rules.line.options import OptionError
from tutorial_app.rules.tien_gow import (
    Action,
    HandState,
    IllegalMoveError,
    LastTrick,
    Move,
    TienGowError,
    TienGowRules,
    apply,
    deal,
    discard,
    is_legal,
    is_tien_gow,
    legal_moves,
    parse_move,
    play,
    position,
    sort_tiles,
    start_hand,
    why_illegal,
)
from tutorial_app.rules.tien_gow.tiles import CHINESE_SET, beats, can_lead
from tutorial_app.rules.tiles import Tile


def _distinct(hand: tuple[Tile, ...], size: int) -> list[tuple[Tile, ...]]:
    return list(dict.fromkeys(combinations(hand, size)))


def _random_state(seed: int) -> HandState:
    """A dealt hand played a random number of random moves in."""
    rng = random.Random(seed)
    state = deal(TienGowRules(), rng).state
    for _ in range(rng.randrange(0, 30)):
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, rng.choice(moves))
    return state


def test_a_small_hand_leads_in_the_fixed_order() -> None:
    state = start_hand(
        TienGowRules(),
        [
            ["6-6", "6-6", "6-3", "2-1"],
            ["4-2", "1-1", "5-5", "5-1"],
            ["3-3", "3-3", "2-2", "6-4"],
            ["1-1", "4-4", "4-4", "3-1"],
        ],
        banker=0,
        leader=0,
        taken=(4, 0, 0, 0),
    )
    assert [str(m) for m in legal_moves(state)] == [
        "play 6-6",
        "play 6-3",
        "play 2-1",
        "play 6-6 + 6-6",
        "play 6-6 + 6-3",
        "play 6-6 + 6-6 + 6-3",
    ]


@pytest.mark.parametrize("seed", range(40))
def test_leads_are_every_distinct_set_the_combination_rules_allow(seed: int) -> None:
    rng = random.Random(seed)
    tiles = list(CHINESE_SET)
    rng.shuffle(tiles)
    hand = sort_tiles(tiles[:8])
    state = start_hand(TienGowRules(), [hand, *(tiles[8 * s : 8 * s + 8] for s in (1, 2, 3))], banker=0)
    expected = [play(*chosen) for size in range(1, 5) for chosen in _distinct(hand, size) if can_lead(chosen)]
    assert legal_moves(state) == expected
    assert all(m.action is Action.PLAY for m in expected)


@pytest.mark.parametrize("seed", range(60))
def test_follows_are_the_beating_sets_then_every_discard(seed: int) -> None:
    state = _random_state(seed)
    if state.trick is None:
        return
    hand = state.hands[state.to_move]
    size = state.trick.size
    high = state.trick.winning.combo
    assert high is not None
    choices = _distinct(hand, size)
    beating = [] if state.sits_out(state.to_move) else [play(*c) for c in choices if can_lead(c) and beats(c, high)]
    assert legal_moves(state) == beating + [discard(*c) for c in choices]


@pytest.mark.parametrize("seed", range(25))
def test_why_illegal_agrees_with_legal_moves_for_every_choice_of_tiles(seed: int) -> None:
    state = _random_state(seed)
    legal = set(legal_moves(state))
    hand = state.hands[state.to_move]
    for size in range(1, min(4, len(hand)) + 1):
        for chosen in _distinct(hand, size):
            for move in (Move(Action.PLAY, chosen), Move(Action.DISCARD, chosen)):
                reason = why_illegal(state, move)
                assert (reason is None) == (move in legal), (move, reason)
                assert reason is None or (reason.en and reason.ru and reason.en != reason.ru)


def test_tiles_may_be_given_in_any_order() -> None:
    state = worked_start()
    move = Move(Action.PLAY, tuple(reversed(play("6-6", "6-6", "6-3", "5-4").tiles)))
    assert is_legal(state, move)
    assert apply(state, move) == apply(state, play("6-6", "6-6", "6-3", "5-4"))


@pytest.mark.parametrize(
    ("moves", "move", "en", "ru"),
    [
        ((), "play 6-4", "6-4 is not in seat 0's hand", "нет на руке у игрока 0"),
        ((), "play 1-1 1-1", "holds only one 1-1, not 2", "только одна кость 1-1"),
        ((), "discard 6-6", "nothing to discard to", "сбрасывать пока не на что"),
        (
            (),
            "play 6-6 1-1",
            "two civil tiles make a pair only when they are the same kind",
            "две гражданские кости составляют пару",
        ),
        ((), "play 6-6 6-6 6-3 5-4 1-1", "one to four tiles, not 5", "а не 5"),
        (("play 6-6 6-6 6-3 5-4",), "discard 6-5 6-1", "led with 4 tiles: lay exactly 4", "зашли 4 костями"),
        (("play 6-6 6-6 6-3 5-4",), "play 6-5 6-1 2-1 4-4", "not a combination", "не комбинация"),
        (
            ("play 6-6 6-6 6-3 5-4",),
            "play 4-4 4-4 5-2 4-3",
            "man-seven quartet (4-4 + 4-4 + 5-2 + 4-3) ranks below",
            "младше",
        ),
    ],
)
def test_refusals_say_why_in_both_languages(moves: tuple[str, ...], move: str, en: str, ru: str) -> None:
    state = run(worked_start(), moves)
    reason = why_illegal(state, mv(move))
    assert reason is not None and en in reason.en and ru in reason.ru
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, mv(move))
    assert caught.value.reason == reason


def test_a_lower_or_other_kind_of_reply_is_refused_with_the_reason() -> None:
    hands = [["1-1", "2-2"], ["4-4", "6-5"], ["3-3", "5-1"], ["2-1", "4-2"]]
    state = apply(start_hand(TienGowRules(), hands, banker=0, leader=0, taken=(6, 0, 0, 0)), play("1-1"))
    lower = why_illegal(state, play("4-4"))
    assert lower is not None and "ranks below" in lower.en and "младше" in lower.ru
    assert "face down" in lower.en and "рубашкой вверх" in lower.ru
    state = apply(apply(state, discard("6-5")), discard("5-1"))
    other = why_illegal(state, play("4-2"))
    assert other is not None and "military single" in other.en and "военная" in other.ru


def test_an_empty_move_and_a_finished_hand_are_refused() -> None:
    state = worked_start()
    assert why_illegal(state, Move(Action.PLAY, ())) is not None
    bogus = why_illegal(state, Move("lead", play("6-6").tiles))  # type: ignore[arg-type]
    assert bogus is not None and "'play'" in bogus.en and "discard" in bogus.ru
    written = Move("play", play("6-6", "6-6").tiles)  # type: ignore[arg-type]
    assert why_illegal(state, written) is None and apply(state, written) == apply(state, play("6-6", "6-6"))
    final = _finished()
    assert final.is_over and legal_moves(final) == []
    reason = why_illegal(final, play("6-6"))
    assert reason is not None and "over" in reason.en


def _finished() -> HandState:
    state = start_hand(TienGowRules(), [["6-6"], ["1-1"], ["2-2"], ["3-3"]], banker=0, leader=0, taken=(7, 0, 0, 0))
    return run(state, ["play 6-6", "discard 1-1", "discard 2-2", "discard 3-3"])


def test_a_blank_is_no_chinese_domino() -> None:
    state = worked_start()
    reason = why_illegal(state, Move(Action.PLAY, (Tile(0, 6),)))
    assert reason is not None and "6-0 is not in seat 0's hand" in reason.en


@pytest.mark.parametrize(
    ("hands", "kwargs", "en"),
    [
        ([["6-6"], ["1-1"], ["2-2"]], {}, "give 4 hands, not 3"),
        ([["6-6"], ["1-1"], ["2-2"], ["3-3", "4-4"]], {}, "the same number of tiles"),
        ([["6-6"], ["6-6"], ["6-6"], ["3-3"]], {}, "the set has 2 of 6-6, but the hands hold 3"),
        ([["6-3"], ["6-3"], ["2-2"], ["3-3"]], {}, "the set has 1 of 6-3"),
        ([["6-0"], ["1-1"], ["2-2"], ["3-3"]], {}, "the Chinese set has no blanks"),
        ([["6-6"], ["1-1"], ["2-2"], ["3-3"]], {"taken": (7, 0, 0)}, "4 numbers adding up"),
        (
            [["6-6"], ["1-1"], ["2-2"], ["3-3"]],
            {"taken": (6, 0, 0, 0)},
            "adding up to the tiles each seat has played (7)",
        ),
        ([["6-6"], ["1-1"], ["2-2"], ["3-3"]], {"taken": (7, 0, 0, 0), "leader": 1}, "cannot lead now"),
        ([["6-6"] * 1, ["1-1"], ["2-2"], ["3-3"]], {"taken": (7, 0, 0, 0), "leader": 5}, "from 0 to 3"),
    ],
)
def test_start_hand_refuses_impossible_positions(hands: list[list[str]], kwargs: dict[str, object], en: str) -> None:
    with pytest.raises((TienGowError, ValueError)) as caught:
        start_hand(TienGowRules(), hands, 0, **kwargs)  # type: ignore[arg-type]
    assert en in str(caught.value)


def test_the_first_trick_is_the_bankers() -> None:
    hands = [list(h) for h in WORKED_HANDS]
    assert start_hand(TienGowRules(), hands, banker=2).to_move == 2
    with pytest.raises(TienGowError, match="the banker"):
        start_hand(TienGowRules(), hands, banker=2, leader=1)
    with pytest.raises(TienGowError, match="from 0 to 3"):
        start_hand(TienGowRules(), hands, banker=4)


def test_a_seeded_deal_is_the_same_every_time_and_deals_the_whole_set() -> None:
    first = deal(TienGowRules(), random.Random(11))
    again = deal(TienGowRules(), random.Random(11))
    assert first == again
    assert sorted(t.index for h in first.state.hands for t in h) == sorted(t.index for t in CHINESE_SET)
    assert all(len(h) == 8 for h in first.state.hands)
    assert first.state.to_move == first.state.banker and "Lots were drawn" in first.banker_reason.en
    given = deal(TienGowRules(), random.Random(11), banker=3)
    assert given.state.banker == given.state.to_move == 3 and "последнюю взятку" in given.banker_reason.ru
    bankers = {deal(TienGowRules(), random.Random(seed)).state.banker for seed in range(40)}
    assert bankers == {0, 1, 2, 3}


def test_the_trick_goes_round_and_its_taker_leads_next() -> None:
    state = worked_start()
    assert [state.to_move for state in _states(state, 4)] == [1, 2, 3, 0]
    state = run(
        worked_start(),
        [
            "play 6-6 6-6 6-3 5-4",
            "discard 6-5 6-1 2-1 4-4",
            "discard 6-4 4-2 5-5 5-5",
            "discard 6-5 6-4 6-1 5-1",
            "play 3-3",
        ],
    )
    state = run(state, ["play 4-4", "discard 4-1", "discard 6-2"])
    assert state.last_trick is not None and state.last_trick.taker == 1 and state.to_move == 1 and state.leading
    assert [p.face_up for p in state.last_trick.plays] == [True, True, False, False]


def _states(state: HandState, count: int) -> list[HandState]:
    out = []
    for text in (
        "play 6-6 6-6 6-3 5-4",
        "discard 6-5 6-1 2-1 4-4",
        "discard 6-4 4-2 5-5 5-5",
        "discard 6-5 6-4 6-1 5-1",
    )[:count]:
        state = apply(state, mv(text))
        out.append(state)
    return out


def test_the_record_replays_the_hand() -> None:
    state = worked_start()
    moved = run(state, ["play 6-6 6-6 6-3 5-4", "discard 6-5 6-1 2-1 4-4", "discard 6-4 4-2 5-5 5-5"])
    assert [(seat, str(move)) for seat, move in moved.moves] == [
        (0, "play 6-6 + 6-6 + 6-3 + 5-4"),
        (1, "discard 4-4 + 6-5 + 6-1 + 2-1"),
        (2, "discard 5-5 + 5-5 + 6-4 + 4-2"),
    ]
    assert moved.moves[1][1].as_dict() == {"action": "discard", "tiles": ["4-4", "6-5", "6-1", "2-1"]}


def test_options_aliases_and_overrides() -> None:
    for name in ("tien_gow", "Tien Gow", "tien-gow", "CHINESE", "Китайское домино", "тянь гоу", "Небо и девятка"):
        assert is_tien_gow(name), name
    assert not is_tien_gow("block") and not is_tien_gow("китай")
    rules = TienGowRules().with_overrides({"last_trick": "ALWAYS", "banker_double": "no", "stake": "35"})
    assert (rules.last_trick, rules.banker_double, rules.stake) == (LastTrick.ALWAYS, False, 35)
    assert rules.as_dict()["last_trick"] == "always" and rules.players == 4
    for bad, words in (
        ({"last_trick": "never"}, "use one of: single, always, open"),
        ({"banker_double": "maybe"}, "use true or false"),
        ({"stake": "0"}, "from 1 to 10000"),
        ({"stake": "lots"}, "stake"),
        ({"target": "5"}, "its options are: last_trick, banker_double, stake"),
    ):
        with pytest.raises(OptionError) as caught:
            TienGowRules().with_overrides(bad)
        assert words in str(caught.value) and caught.value.reason.ru


def test_a_position_is_a_start_and_checked_moves() -> None:
    hands = [["6-6", "6-3"], ["1-1", "6-2"], ["4-4", "5-2"], ["3-1", "4-1"]]
    state = position(
        TienGowRules(),
        hands,
        banker=0,
        leader=3,
        taken=(2, 2, 0, 2),
        moves=["play 3-1 + 4-1", "play 6-6 6-3", parse_move("discard 1-1 6-2")],
    )
    assert state.to_move == 2 and state.trick is not None and state.trick.winning.seat == 0
    assert [str(m) for m in legal_moves(state)] == ["discard 4-4 + 5-2"]  # Man-seven is below Heaven-nine
    with pytest.raises(TienGowError) as caught:
        position(TienGowRules(), hands, banker=0, leader=3, taken=(2, 2, 0, 2), moves=["play 3-1 4-1", "play 1-1 6-2"])
    # counted from 0, as the line games' referee counts a position's moves (moves[0] is the first)
    said = caught.value.reason
    assert str(caught.value).startswith("moves[1] (play 1-1 + 6-2) by seat 0 is illegal: ")
    assert said.in_("ru").startswith("ход moves[1] (play 1-1 + 6-2) игрока 0 не по правилам: ")
    assert said.in_("uk").startswith("хід moves[1] (play 1-1 + 6-2) гравця 0 не за правилами: ")
    assert said.in_("es").startswith("la jugada moves[1] (play 1-1 + 6-2) del jugador 0 no es legal: ")
    for bad in ("lead 6-6", "play", "play 6-0", "discard six"):
        with pytest.raises(TienGowError) as caught:
            position(TienGowRules(), hands, banker=0, leader=3, taken=(2, 2, 0, 2), moves=[bad])
        for lang in ("en", "ru", "uk", "es"):
            text = caught.value.reason.in_(lang)
            assert text.startswith("moves[0]: ") and not re.search(r"\b(move|ход|хід|jugada) 1\b", text), text
