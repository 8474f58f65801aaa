"""The bots' reading of the others' choices (``opponents``) and the heuristic player."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, parse_tile
from tutorial_app.strategy.bots import HeuristicBot
from tutorial_app.strategy.inference import infer
from tutorial_app.strategy.kernel import batch_from_template
from tutorial_app.strategy.opponents import (
    BOT_MODEL,
    OpponentModel,
    choice_weights,
    greedy_exclusions,
    model_deals,
    resample,
)
from tutorial_app.strategy.playout import play_batch
from tutorial_app.strategy.policy import Policy
from tutorial_app.strategy.sampler import DealSampler, Worlds
from tutorial_app.strategy.tables import heaviest
from tutorial_app.strategy.view import view_of, view_of_state

# block for two: with 2 and 5 open, seat 1 lays 2-1 on the 2
LIGHT_PLAY = {
    "rules": "block",
    "hands": [["6-6", "4-0", "3-3", "0-0"], ["2-1", "6-2", "5-0", "3-1"]],
    "chain": ["2-4", "4-5"],
    "to_move": 1,
    "moves": [{"tile": "2-1", "end": "left"}],
}


def test_a_greedy_opponent_model_weighs_deals_by_the_heaviest_tile_that_fitted() -> None:
    """Seat 1 laid 2-1 where a 2 or a 5 fitted. Under a pure greedy model a deal in which it also held a
    heavier tile with 2 or 5 made that play a slip: weight slip / (choices - 1) against 1 - slip."""
    position = read_position(LIGHT_PLAY)
    view = view_of(position.start, [e[1] for e in position.state.log], 0)
    worlds = DealSampler(infer(view)).sample(300, random.Random(4))
    model = OpponentModel(greedy=1.0, heuristic=0.0, slip=0.1)
    weights = choice_weights(view, worlds, model)
    played = parse_tile("2-1")
    fit = SUIT_MASK[2] | SUIT_MASK[5]
    then = worlds.hands[:, 1] | played.bit
    options = then & fit
    count = np.array([bin(int(o)).count("1") for o in options])
    greedy_pick = heaviest(options)
    chance = np.where(count <= 1, 1.0, np.where(greedy_pick == played.index, 0.9, 0.1 / np.maximum(count - 1, 1)))
    assert weights == pytest.approx(chance / chance.max())
    assert (greedy_pick != played.index).any() and (greedy_pick == played.index).any()


def test_resampling_follows_the_weights() -> None:
    hands = np.arange(4, dtype=np.int64)[:, None] * np.ones((1, 2), dtype=np.int64)
    worlds = Worlds(hands, np.zeros((4, 0), dtype=np.int64))
    drawn = resample(worlds, np.array([0.0, 3.0, 1.0, 0.0]), 400, random.Random(1))
    picked = drawn.hands[:, 0]
    assert set(picked.tolist()) == {1, 2} and (picked == 1).sum() == 300


def test_the_heuristic_lays_a_double_while_it_can() -> None:
    """With 3 open, 3-3 goes down before 3-6 (a double fits only its own number); greedy would lay 3-6."""
    position = read_position(
        {"rules": "block", "hands": [["3-3", "6-3", "1-0"], ["2-2", "5-5", "4-4"]], "chain": ["3-2"], "to_move": 0}
    )
    move = HeuristicBot()(position.state, random.Random(1))
    assert move.tile == parse_tile("3-3")


def test_a_heaviest_tile_player_is_read_by_the_tiles_it_passed_over() -> None:
    """Seat 1 laid 2-1 with 2 and 5 open: a heaviest-tile player held no 2 or 5 heavier than 2-1 (pips 3; on a
    tie, an earlier tile in the rules core's order). Its real hand holds 6-2 and 5-0, so it is not one, and
    the deals drawn for that reading never give it those."""
    view = view_of(read_position(LIGHT_PLAY).start, [e[1] for e in read_position(LIGHT_PLAY).state.log], 0)
    played = parse_tile("2-1")
    fit = SUIT_MASK[2] | SUIT_MASK[5]
    passed_over = sum(
        t.bit
        for t in ALL_TILES
        if t.bit & fit and (t.pips > played.pips or (t.pips == played.pips and t.index < played.index))
    )
    assert greedy_exclusions(view) == {1: passed_over}
    sampler = DealSampler(infer(view))
    model = OpponentModel(greedy=0.9, heuristic=0.05)
    worlds = model_deals(view, sampler, 200, 800, random.Random(2), model)
    assert worlds.greedy is not None and len(worlds.hands) == 200
    sharp = worlds.greedy == 2
    assert 0 < sharp.sum() < 200 and set(worlds.greedy.tolist()) <= {0, 2}
    assert not (worlds.hands[sharp, 1] & passed_over).any()
    assert (worlds.hands[~sharp, 1] & passed_over).any()


def test_a_lighter_play_than_it_had_to_rules_the_reading_out() -> None:
    """Seat 1 laid 5-1 on the 5 and later 5-4 on a 4: 5-4 had fitted the 5 then, and was heavier."""
    position = read_position(
        {
            "rules": "block",
            "hands": [["2-4", "4-4", "0-0", "6-0"], ["5-1", "5-4", "3-3", "2-0"]],
            "chain": ["5-6", "6-2"],
            "to_move": 1,
            "moves": [{"tile": "5-1", "end": "left"}, {"tile": "2-4", "end": "right"}, {"tile": "5-4", "end": "right"}],
        }
    )
    view = view_of(position.start, [e[1] for e in position.state.log], 0)
    assert greedy_exclusions(view) == {1: None}
    worlds = model_deals(view, DealSampler(infer(view)), 50, 200, random.Random(3), BOT_MODEL)
    assert worlds.greedy is None or not worlds.greedy.any()


def test_a_seat_the_kernel_is_told_is_greedy_lays_its_heaviest_tile() -> None:
    """Every seat marked greedy in every row: random rollouts play exactly as greedy ones."""
    state = deal(rules_for("block", 2), random.Random(5)).state
    worlds = DealSampler(infer(view_of_state(state, 0))).sample(64, random.Random(6))
    outcomes = []
    for policy, greedy in ((Policy(1.0), 0b11), (Policy(0.0), 0)):
        batch = batch_from_template(state, worlds.hands, worlds.boneyards)
        batch.greedy[:] = greedy
        outcomes.append(play_batch(batch, policy, np.random.default_rng(7)).seat_hands())
    assert (outcomes[0] == outcomes[1]).all()
