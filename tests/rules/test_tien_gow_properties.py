"""Random Tien Gow playouts under every house rule and every mix of bots.

Checked after every move: the 32 tiles are all somewhere, the turn goes
round, a follower lays as many tiles as were led and only beats with a
higher set of the lead's kind. Checked at the end: eight trick points were
played, the last trick's taker wins, the payments add up to zero and match
the settlement rule. Matches end exactly when a purse is empty.
"""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial_app.rules.tien_gow import (
    HAND_SIZE,
    PLAYERS,
    Action,
    HandState,
    LastTrick,
    TienGowRules,
    apply,
    deal,
    hand_result,
    legal_moves,
    new_match,
    next_deal,
    record_hand,
    replay,
    why_illegal,
)
from tutorial_app.rules.tien_gow.bots import TIEN_GOW_BOTS, choose
from tutorial_app.rules.tien_gow.scoring import EVEN_POINTS, NO_TRICK_PAYS
from tutorial_app.rules.tien_gow.tiles import beats

rules_strategy = st.builds(
    TienGowRules,
    last_trick=st.sampled_from(list(LastTrick)),
    banker_double=st.booleans(),
    stake=st.integers(1, 40),
)
bots_strategy = st.tuples(*(st.sampled_from(TIEN_GOW_BOTS) for _ in range(PLAYERS)))


def _check_step(before: HandState, after: HandState) -> None:
    seat = before.to_move
    assert after.tiles_in_play() == 32
    if before.trick is None:
        assert after.trick is not None and after.trick.leader == seat and after.trick.plays[0].face_up
    else:
        mine = (after.trick or after.tricks[-1]).plays[-1]
        assert mine.seat == seat and len(mine.tiles) == before.trick.size
        if mine.face_up:
            high = before.trick.winning.combo
            assert high is not None and beats(mine.tiles, high)
            assert not before.sits_out(seat)
    if after.trick is not None:
        assert after.to_move == (seat + 1) % PLAYERS
    elif not after.is_over:
        done = after.tricks[-1]
        assert after.to_move == done.taker == done.winning.seat
        assert len({len(h) for h in after.hands}) == 1


def _play(state: HandState, rng: random.Random, bots: tuple[str, ...]) -> HandState:
    steps = 0
    while not state.is_over:
        moves = legal_moves(state)
        assert moves
        move = choose(bots[state.to_move], state, moves, rng)  # type: ignore[arg-type]
        assert why_illegal(state, move) is None
        after = apply(state, move)
        _check_step(state, after)
        state = after
        steps += 1
    assert steps <= PLAYERS * HAND_SIZE
    return state


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), rules=rules_strategy, bots=bots_strategy)
def test_every_playout_ends_after_eight_trick_points_with_the_tiles_conserved(
    seed: int, rules: TienGowRules, bots: tuple[str, ...]
) -> None:
    rng = random.Random(seed)
    start = deal(rules, rng).state
    assert start.to_move == start.banker
    final = _play(start, rng, bots)
    assert all(not h for h in final.hands) and final.tiles_in_play() == 32
    assert sum(t.size for t in final.tricks) == HAND_SIZE == sum(final.taken)
    assert 2 <= len(final.tricks) <= HAND_SIZE
    assert final.tricks[0].leader == final.banker
    for earlier, later in pairwise(final.tricks):
        assert later.leader == earlier.taker
    for seat in range(PLAYERS):
        assert final.taken[seat] == sum(t.size for t in final.tricks if t.taker == seat)
    result = hand_result(final)
    assert result.winner == final.tricks[-1].taker and final.taken[result.winner] >= 1
    assert sum(result.payments) == 0 and result.collected == sum(s.amount for s in result.settlements)
    for s in result.settlements:
        base = NO_TRICK_PAYS if final.taken[s.seat] == 0 else EVEN_POINTS - final.taken[s.seat]
        doubled = rules.banker_double and final.banker in (s.seat, result.winner)
        assert s.amount == base * (2 if doubled else 1)
        assert result.payments[s.seat] == -s.amount
    last = final.tricks[-1]
    if rules.last_trick is not LastTrick.OPEN and (rules.last_trick is LastTrick.ALWAYS or last.size == 1):
        assert final.taken[result.winner] > last.size, "the last trick went to a seat without an earlier trick"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), rules=rules_strategy, bots=bots_strategy)
def test_matches_end_when_a_purse_is_empty_and_chips_are_kept(
    seed: int, rules: TienGowRules, bots: tuple[str, ...]
) -> None:
    rng = random.Random(seed)
    match = new_match(rules)
    while not match.over and match.hands_played < 200:
        start = next_deal(match, rng).state
        if match.records:
            assert start.banker == match.records[-1].result.winner
        final = _play(start, rng, bots)
        match = record_hand(match, final, start)
        assert sum(match.chips) == PLAYERS * rules.stake
        assert match.over == (min(match.chips) <= 0)
    assert match.over
    assert match.winners and all(match.chips[s] == max(match.chips) for s in match.winners)
    record = match.records[-1]
    states = replay(record)
    assert states[-1].is_over and hand_result(states[-1]) == record.result


def test_face_down_tiles_never_take_a_trick() -> None:
    rng = random.Random(4)
    for _ in range(200):
        final = _play(deal(TienGowRules(), rng).state, rng, ("random",) * PLAYERS)
        for trick in final.tricks:
            assert trick.winning.face_up and trick.plays[0].face_up
            assert all(p.face_up == (p.move.action is Action.PLAY) for p in trick.plays)
