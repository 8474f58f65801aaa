"""The bots' reading of the others' choices (``opponents``) and the heuristic player."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.tiles import SUIT_MASK, parse_tile
from tutorial_app.strategy.bots import HeuristicBot
from tutorial_app.strategy.inference import infer
from tutorial_app.strategy.opponents import OpponentModel, choice_weights, resample
from tutorial_app.strategy.sampler import DealSampler, Worlds
from tutorial_app.strategy.tables import heaviest
from tutorial_app.strategy.view import view_of

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
