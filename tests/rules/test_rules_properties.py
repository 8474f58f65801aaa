"""Random playouts under every preset, every player count and random legal overrides.

Invariants checked after every move: the 28 tiles are all somewhere, a pass
happens only when nothing can be played or drawn, a draw takes what the draw
rule says, a blocked hand really is blocked (and a hand in play is not), and
every finished hand's points add up under its scoring options. Matches end
exactly when a side reaches the target.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.match import new_match, next_deal, record_hand
from tutorial_app.rules.line.moves import apply, apply_unchecked, legal_moves, why_illegal
from tutorial_app.rules.line.options import (
    BlockedNextLead,
    BlockedScoring,
    BlockedTie,
    Boneyard,
    DrawRule,
    FirstLead,
    FirstTile,
    FivesClaim,
    HouseRules,
    Layout,
    MatchGoal,
    NextLead,
    OptionError,
    Redeal,
    Scoring,
    Teams,
)
from tutorial_app.rules.line.scoring import HandResult, hand_result, round_to_five
from tutorial_app.rules.line.state import DRAW, PASS, Action, HandState, Status
from tutorial_app.rules.line.variants import VARIANTS
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, tiles_of_mask


def _values(enum: Any) -> list[str]:
    return [member.value for member in enum]


OVERRIDE_VALUES: dict[str, list[Any]] = {
    "teams": _values(Teams),
    "hand_size": [3, 4, 5, 6, 7],
    "boneyard": _values(Boneyard),
    "draw_rule": _values(DrawRule),
    "reserve": [0, 1, 2],
    "must_play_drawn": [True, False],
    "first_lead": _values(FirstLead),
    "first_tile": _values(FirstTile),
    "next_lead": _values(NextLead),
    "blocked_next_lead": _values(BlockedNextLead),
    "layout": _values(Layout),
    "scoring": _values(Scoring),
    "blocked_scoring": _values(BlockedScoring),
    "blocked_tie": _values(BlockedTie),
    "blank_double_value": [0, 10],
    "opening_threshold": [0, 13],
    "capicu_bonus": [0, 25, 30],
    "fives_scoring": [True, False],
    "fives_claim": _values(FivesClaim),
    "multiple_doubles": [True, False],
    "branch_blocking": [True, False],
    "redeal": _values(Redeal),
    "target": [30, 50, 100, 101, 150],
    "match_goal": _values(MatchGoal),
    "lone_blank_double": [0, 25],
    "min_penalty": [0, 13],
}


@st.composite
def house_rules(draw: st.DrawFn, max_overrides: int = 5) -> HouseRules:
    """A preset, one of its player counts, and a few random overrides that make a playable set."""
    variant = draw(st.sampled_from(VARIANTS))
    players = draw(st.sampled_from(variant.players))
    keys = draw(st.lists(st.sampled_from(sorted(OVERRIDE_VALUES)), max_size=max_overrides, unique=True))
    overrides = {key: draw(st.sampled_from(OVERRIDE_VALUES[key])) for key in keys}
    try:
        return variant.rules(players, overrides)
    except OptionError:
        assume(False)
        raise


def _fit(state: HandState) -> int:
    fit = 0
    for n in state.table.ends:
        if n >= 0:
            fit |= SUIT_MASK[n]
    return fit


def _drawable_mask(state: HandState) -> int:
    if not state.rules.has_boneyard:
        return 0
    out = 0
    for tile in state.boneyard[: max(0, len(state.boneyard) - state.rules.reserve)]:
        out |= tile.bit
    return out


def _someone_can_move(state: HandState) -> bool:
    fit = _fit(state)
    if any(hand & fit for hand in state.hands):
        return True
    if state.rules.draw_out:
        # block_with_boneyard: draw_out -- the stuck players draw the boneyard out before it is a fish
        return state.drawable() > 0
    return bool(_drawable_mask(state) & fit)


def check_step(state: HandState, rng: random.Random) -> HandState:
    """Check the invariants of one position, then play one random legal move through ``apply``."""
    assert state.tiles_in_play() == 28
    moves = legal_moves(state)
    assert moves, "a hand in play always offers a move"
    assert len(set(moves)) == len(moves)
    plays = [m for m in moves if m.action is Action.PLAY]
    if PASS in moves:
        assert not plays and DRAW not in moves
        assert state.hands[state.to_move] & _fit(state) == 0
        assert state.drawable() == 0
    else:
        assert why_illegal(state, PASS) is not None
    if DRAW in moves:
        assert not plays and state.drawable() > 0
    move = rng.choice(moves)
    after = apply(state, move)
    assert apply_unchecked(state, move) == after
    if move is DRAW:
        taken = len(state.boneyard) - len(after.boneyard)
        pairs = state.rules.draw_rule is DrawRule.PAIRS
        assert taken == (2 if pairs and state.drawable() >= 2 else 1)
        gained = bin(after.hands[state.to_move]).count("1") - bin(state.hands[state.to_move]).count("1")
        assert gained == taken
    if after.status is Status.IN_PLAY and after.table.centre is not None:
        assert _someone_can_move(after), "nobody can move, yet the hand is not blocked"
    return after


def _pips(state: HandState, seat: int) -> int:
    rules = state.rules
    tiles = list(tiles_of_mask(state.hands[seat]))
    if rules.lone_blank_double and tiles == [ALL_TILES[0]]:
        return rules.lone_blank_double
    return sum(t.pips if t.pips else rules.blank_double_value if t.is_double else 0 for t in tiles)


def check_result(final: HandState, result: HandResult) -> None:
    """The finished hand's figures, worked out again from the rules as a club plays them (not from the engine)."""
    rules = final.rules
    sides = rules.sides
    pips = [0] * sides
    for seat in range(rules.players):
        pips[rules.side_of(seat)] += _pips(final, seat)
    assert list(result.pips) == pips
    # move points: each is 0 or a positive multiple of 5, and they add up to the fives per side
    fives = [0] * sides
    for seat, _move, _drawn, scored in final.log:
        assert scored >= 0 and scored % 5 == 0
        assert scored == 0 or rules.fives_scoring
        fives[rules.side_of(seat)] += scored
    assert list(result.fives) == fives
    rnd = round_to_five if rules.fives_scoring else (lambda n: n)
    penalty = [p if p >= rules.min_penalty else 0 for p in pips]
    goat = rules.scoring is Scoring.GOAT
    bank = 0 if goat else final.bank
    points = [0] * sides
    if final.status is Status.WON:
        assert final.hands[final.out_seat] == 0
        winner = rules.side_of(final.out_seat)
        assert result.winner_sides == (winner,) and not result.tie
        assert result.capicu is final.capicu
        if final.capicu:
            assert rules.layout is Layout.LINE
        bonus = rules.capicu_bonus if final.capicu and not goat else 0
        assert result.capicu_bonus == bonus
        if goat:
            points = [0 if s == winner else penalty[s] for s in range(sides)]
        elif rules.scoring is Scoring.WINNER_TAKES_ALL_HANDS:
            points[winner] = rnd(sum(pips)) + bonus + bank
        else:
            points[winner] = rnd(sum(pips) - pips[winner]) + bonus + bank
        assert list(result.points) == points
        assert result.bank_after == 0
        return
    # blocked: nobody can play and no drawable tile fits
    fit = _fit(final)
    assert all(hand & fit == 0 for hand in final.hands)
    assert _drawable_mask(final) & fit == 0
    assert result.fish_maker == final.last_move_by
    if rules.blocked_scoring is BlockedScoring.GOAT_BLOCK:
        fish_side = rules.side_of(final.last_move_by)
        assert result.winner_sides == (fish_side,)
        assert list(result.points) == [0 if s == fish_side else penalty[s] for s in range(sides)]
        return
    low = min(pips)
    lows = tuple(s for s in range(sides) if pips[s] == low)
    if len(lows) > 1:
        assert result.tie and result.winner_sides == lows
        assert list(result.points) == [0] * sides
        expected_bank = final.bank + sum(pips) if rules.blocked_tie is BlockedTie.BANK else final.bank
        assert result.bank_after == expected_bank
        return
    winner = lows[0]
    assert result.winner_sides == (winner,) and not result.tie
    if rules.blocked_scoring is BlockedScoring.LOWEST_MINUS_OWN:
        points[winner] = max(0, rnd(sum(pips) - pips[winner]) - pips[winner]) + bank
    elif goat:
        points = [0 if s == winner else penalty[s] for s in range(sides)]
    elif rules.scoring is Scoring.WINNER_TAKES_ALL_HANDS:
        points[winner] = rnd(sum(pips)) + bank
    else:
        points[winner] = rnd(sum(pips) - pips[winner]) + bank
    assert list(result.points) == points


def play_checked(state: HandState, rng: random.Random) -> HandState:
    steps = 0
    while state.status is Status.IN_PLAY:
        state = check_step(state, rng)
        steps += 1
        assert steps < 500
    assert state.tiles_in_play() == 28
    return state


PROPERTY_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


@PROPERTY_SETTINGS
@given(rules=house_rules(), seed=st.integers(0, 2**32))
def test_random_playouts_keep_every_invariant(rules: HouseRules, seed: int) -> None:
    rng = random.Random(seed)
    start = deal(rules, rng).state
    assert [bin(h).count("1") for h in start.hands] == [rules.hand_size] * rules.players
    final = play_checked(start, rng)
    check_result(final, hand_result(final))


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32))
def test_every_preset_and_player_count_plays_clean_hands(variant: Any, seed: int) -> None:
    for players in variant.players:
        rules = variant.rules(players)
        rng = random.Random(seed)
        final = play_checked(deal(rules, rng).state, rng)
        check_result(final, hand_result(final))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=house_rules(max_overrides=3), seed=st.integers(0, 2**32))
def test_a_match_ends_exactly_when_a_side_reaches_the_target(rules: HouseRules, seed: int) -> None:
    rules = rules.with_overrides({"target": min(rules.target, 60)})
    rng = random.Random(seed)
    match = new_match(rules)
    for _ in range(400):
        if match.over:
            break
        before = match
        start = next_deal(match, rng).state
        if match.records and match.next_leader is not None:
            assert start.leader == match.next_leader
        assert start.bank == match.bank
        final = play_checked(start, rng)
        match = record_hand(match, final, start)
        assert all(now >= was for now, was in zip(match.scores, before.scores, strict=True))
        assert not any(score >= rules.target for score in before.scores)
        reached = [s for s, score in enumerate(match.scores) if score >= rules.target]
        assert match.over == bool(reached)
        for side in range(rules.sides):
            # points enter the score only for an opened side (the 13-point rule)
            if match.scores[side] != before.scores[side]:
                assert match.opened[side]
    else:
        raise AssertionError("the match did not end in 400 hands")
    reached = [s for s, score in enumerate(match.scores) if score >= rules.target]
    if rules.match_goal is MatchGoal.REACH_TARGET_WINS:
        best = max(match.scores)
        assert set(match.winner_sides) == {s for s in reached if match.scores[s] == best}
        assert set(match.loser_sides) == set(range(rules.sides)) - set(match.winner_sides)
    else:
        fewest = min(match.scores)
        assert set(match.loser_sides) == set(reached)
        assert set(match.winner_sides) == {s for s, score in enumerate(match.scores) if score == fewest}
