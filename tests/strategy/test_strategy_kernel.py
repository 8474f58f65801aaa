"""The playout kernel against the rules core: the same hands move for move, and the same statistics.

Three checks per preset: greedy hands (both sides deterministic) end exactly
alike; random hands of the rules core, replayed in the kernel decision by
decision, end exactly alike, and the kernel offers the very legal moves the
rules core lists at every decision on the way; and over thousands of random
hands the two agree on win rates, blocked and tied hands and points within a
statistical tolerance that a wrong rule would exceed.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from strategy_helpers import line_up_id, line_ups, played_hands, rules_of

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply_unchecked, legal_moves
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.simulate import choose_greedy, play_out, simulate_hands
from tutorial_app.rules.line.state import Action, HandState
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.rules.tiles import ALL_TILES
from tutorial_app.strategy.dealing import deal_batch
from tutorial_app.strategy.exact_line import _PLAYS, _greedy_order
from tutorial_app.strategy.kernel import (
    DRAW_CODE,
    PASS_CODE,
    batch_from_template,
    batch_of_states,
    code_of,
    move_of,
)
from tutorial_app.strategy.opponents import _HEAVIER
from tutorial_app.strategy.outcome import Scores, score_batch
from tutorial_app.strategy.playout import legal_now, play_batch
from tutorial_app.strategy.policy import Policy
from tutorial_app.strategy.tables import heaviest

LINE_UPS = line_ups()


def _same_ends(finals: list[HandState], scores: Scores, hands: np.ndarray) -> list[int]:
    """Rows whose kernel end differs from the rules core's: hands left, points, move points, tie."""
    wrong = []
    for row, final in enumerate(finals):
        result = hand_result(final)
        same = (
            tuple(int(h) for h in hands[row]) == final.hands
            and list(scores.points[row]) == list(result.points)
            and list(scores.fives[row]) == list(result.fives)
            and bool(scores.tie[row]) == result.tie
            and bool(scores.blocked[row]) == (final.status.value == "blocked")
        )
        if not same:
            wrong.append(row)
    return wrong


@pytest.mark.parametrize("line_up", LINE_UPS, ids=line_up_id)
def test_greedy_hands_end_exactly_as_in_the_rules_core(line_up: tuple[str, int, bool]) -> None:
    rules = rules_of(line_up)
    rng = random.Random(f"greedy/{line_up_id(line_up)}")
    starts = [deal(rules, rng).state for _ in range(200)]
    finals = [play_out(s, rng, "greedy") for s in starts]
    out = play_batch(batch_of_states(starts), Policy(0.0), np.random.default_rng(1))
    assert _same_ends(finals, score_batch(out), out.seat_hands()) == []


@pytest.mark.parametrize("line_up", LINE_UPS, ids=line_up_id)
def test_replayed_random_hands_end_exactly_as_in_the_rules_core(line_up: tuple[str, int, bool]) -> None:
    rules = rules_of(line_up)
    hands = list(played_hands(rules, 150, seed=len(line_up_id(line_up))))
    starts = [start for start, _ in hands]
    finals, decisions = [], []
    for start, moves in hands:
        final = start
        for move in moves:
            final = apply_unchecked(final, move)
        finals.append(final)
        # draws and passes are not decisions: the kernel makes them itself
        decisions.append([code_of(m) for m in moves if m.action in (Action.PLAY, Action.END_TURN)])
    script = np.full((len(hands), max(len(d) for d in decisions)), -1, dtype=np.int64)
    for row, codes in enumerate(decisions):
        script[row, : len(codes)] = codes
    out = play_batch(batch_of_states(starts), Policy(1.0), np.random.default_rng(2), script=script)
    assert _same_ends(finals, score_batch(out), out.seat_hands()) == []


@pytest.mark.parametrize("line_up", LINE_UPS, ids=line_up_id)
def test_the_kernel_offers_the_rules_cores_legal_moves(line_up: tuple[str, int, bool]) -> None:
    rules = rules_of(line_up)
    checked = 0
    for start, moves in played_hands(rules, 25, seed=3):
        state = start
        for move in moves:
            core = [code_of(m) for m in legal_moves(state)]
            if core not in ([DRAW_CODE], [PASS_CODE]):
                kernel = legal_now(batch_of_states([state])).codes(0)
                assert kernel == core, (
                    state.table.open_ends(),
                    [str(move_of(c)) for c in kernel],
                    [str(m) for m in legal_moves(state)],
                )
                checked += 1
            state = apply_unchecked(state, move)
    assert checked > 50


def _z(a: float, b: float, se: float) -> float:
    return abs(a - b) / se if se > 0 else (0.0 if a == b else math.inf)


@pytest.mark.parametrize("line_up", LINE_UPS, ids=line_up_id)
def test_random_hands_agree_with_the_rules_core_statistically(line_up: tuple[str, int, bool]) -> None:
    """4,000 random hands each; every figure within 4.5 standard errors of the difference.

    A false alarm has odds of about one in 150,000 per figure; a kernel that
    mis-scored even one hand in twenty of some kind would fail.
    """
    rules = rules_of(line_up)
    n = 4000
    core = simulate_hands(rules, n, seed=97)
    out = play_batch(deal_batch(rules, n, np.random.default_rng(98)), Policy(1.0), np.random.default_rng(99))
    scores = score_batch(out)
    wins = np.where(scores.tie[:, None], 0.0, scores.share)
    for side in range(rules.sides):
        p, q = float(wins[:, side].mean()), core.hand_wins[side]
        se = math.sqrt(max(p * (1 - p), q * (1 - q), 1e-4) * 2 / n)
        assert _z(p, q, se) < 4.5, ("hand wins", side, p, q)
    for name, kernel_rate, core_rate in (
        ("blocked", float(scores.blocked.mean()), core.blocked_rate),
        ("tied", float(scores.tie.mean()), core.tie_rate),
    ):
        se = math.sqrt(max(kernel_rate * (1 - kernel_rate), core_rate * (1 - core_rate), 1e-4) * 2 / n)
        assert _z(kernel_rate, core_rate, se) < 4.5, (name, kernel_rate, core_rate)
    totals = scores.totals.sum(axis=1).astype(float)
    se = math.sqrt(2 * float(totals.var()) / n)
    assert _z(float(totals.mean()), core.points_per_hand, se) < 4.5, ("points", totals.mean(), core.points_per_hand)


def test_a_template_plays_the_forced_first_move_on_every_row() -> None:
    rules = rules_of(("block", 2, False))
    rng = random.Random(5)
    state = deal(rules, rng).state
    first = legal_moves(state)[-1]
    hands = np.tile(np.array(state.hands, dtype=np.int64), (16, 1))
    bones = np.tile(np.array([t.index for t in state.boneyard], dtype=np.int64), (16, 1))
    out = play_batch(
        batch_from_template(state, hands, bones),
        Policy(1.0),
        np.random.default_rng(1),
        first=np.full(16, code_of(first)),
    )
    assert first.tile is not None
    # whoever led, the forced lead left the leader's hand in every row
    assert all(not int(h) & first.tile.bit for h in out.seat_hands()[:, state.to_move])


def test_move_codes_round_trip() -> None:
    rules = rules_of(("donkey", 3, False))
    for start, moves in played_hands(rules, 5, seed=1):
        for move in (*legal_moves(start), *moves):
            if move.action is not Action.MUGGINS:
                assert move_of(code_of(move)) == move._replace(claim=None)


def test_the_one_heaviest_tile_order_picks_what_the_greedy_bot_picks() -> None:
    """``tables.HEAVIEST_FIRST`` is the heaviest-tile order the kernel (``heaviest``), the exact search's greedy
    seats (``exact_line._greedy_order``) and the opponent model's reading (``opponents._HEAVIER``) share; in
    every position of block hands played by random and greedy bots each picks what ``choose_greedy`` picks."""
    checked = 0
    for players in (2, 4):
        for start, moves in played_hands(rules_for("block", players), 40, seed=players):
            state = start
            for move in moves:
                plays = [m for m in legal_moves(state) if m.action is Action.PLAY]
                tiles = {m.tile for m in plays if m.tile is not None}
                if len(tiles) > 1:
                    chosen = choose_greedy(plays)
                    assert chosen.tile is not None
                    offered = sum(t.bit for t in tiles)
                    assert int(heaviest(np.array([offered], dtype=np.int64))[0]) == chosen.tile.index
                    assert _HEAVIER[chosen.tile.index] & offered == 0
                    assert all(_HEAVIER[t.index] & chosen.tile.bit for t in tiles if t != chosen.tile)
                    if state.table.tiles():
                        left, right = state.table.ends[:2]
                        hand = state.hands[state.to_move]
                        fast = min((p for p in _PLAYS[left, right] if hand & p[1]), key=_greedy_order)
                        after = apply_unchecked(state, chosen)
                        assert (ALL_TILES[fast[0]], (fast[3], fast[4])) == (chosen.tile, after.table.ends[:2])
                    checked += 1
                state = apply_unchecked(state, move)
    assert checked > 300
