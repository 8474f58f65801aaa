"""The strong bots' adaptive budget: more deals solved only while the best move's lead is within the noise."""

from __future__ import annotations

import random

import numpy as np

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply_unchecked, legal_moves
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.strategy.analysis import _close, analyse, candidate_moves
from tutorial_app.strategy.opponents import BOT_MODEL
from tutorial_app.strategy.view import view_of_state


def test_a_lead_within_twice_its_standard_error_is_close() -> None:
    wins = np.array([[1.0, 0.0, 1.0, 1.0], [0.0, 1.0, 1.0, 0.0]])  # lead 0.25 a deal, se 0.48
    assert _close(wins, np.zeros_like(wins), False)
    sure = np.array([[1.0] * 16, [0.0] * 15 + [1.0]])
    assert not _close(sure, np.zeros_like(sure), False)
    same = np.array([[1.0, 0.0], [1.0, 0.0]])
    assert not _close(same, np.zeros_like(same), False)  # worth the same in every deal: nothing to learn
    # win shares equal deal by deal: the points decide
    assert _close(np.ones((2, 4)), np.array([[1.0, -1.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0]]), False)


def test_more_deals_only_where_the_decision_is_close() -> None:
    rules = rules_for("block", 2)
    rng = random.Random(4)
    grew = kept = 0
    while grew + kept < 12:
        state = deal(rules, rng).state
        while not state.is_over and sum(h.bit_count() for h in state.hands) > 11:
            state = apply_unchecked(state, rng.choice(legal_moves(state)))
        if state.is_over or len(candidate_moves(state)) < 2:
            continue
        view = view_of_state(state, state.to_move)
        plain = analyse(view, 48, seed=2, check=None, exact=True, model=BOT_MODEL)
        more = analyse(view, 48, seed=2, check=None, exact=True, model=BOT_MODEL, max_deals=64)
        assert more.method == "exact_deals"
        assert more.playouts in (16, 32, 48, 64) or more.every
        if more.playouts == plain.playouts:
            kept += 1
            assert [v.move for v in more.moves] == [v.move for v in plain.moves]  # the same deals, the same ranking
        else:
            grew += 1
    assert grew and kept
