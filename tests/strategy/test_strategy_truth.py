"""The analysis against an independent judge (``brute_force``: its own negamax over every opponent hand that
fits the record): exact per-deal values equal, the hint's best move the judge's best, the review's example."""

from __future__ import annotations

import pytest
from brute_force import Pair, Seen, double_dummy
from review_positions import H734
from truth_positions import endgames, pair, seen_by_mover

from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.strategy.analysis import analyse
from tutorial_app.strategy.deals import consistent_deals
from tutorial_app.strategy.exact_deals import analyse_every_deal, exact_check
from tutorial_app.strategy.view import view_of


def _play(state: HandState, move: Move) -> tuple[Pair, int]:
    assert move.tile is not None
    end = state.table.ends[0] if move.end == "left" else state.table.ends[1]
    return pair(move.tile), end


def test_every_deal_solved_exactly_is_the_judges_double_dummy_value() -> None:
    """The engine's inference, sampler and exact search, deal by deal, give the judge's values to the last
    digit: every consistent deal counted once, each solved right."""
    for game in endgames(8, seed=5, least=2, most=3):
        deals = consistent_deals(game.start, game.state, game.state.to_move, first_hand=False)
        values = analyse_every_deal(deals)
        judged = double_dummy(game.seen)
        assert values.every and values.deals_total == len(deals.deals)
        for value in values.moves:
            assert value.win == pytest.approx(judged[_play(game.state, value.move)], abs=1e-12), str(value.move)


def test_the_hint_picks_the_judges_best_move() -> None:
    """In hidden-hand endgames (3 or 4 tiles a hand, half of them after a pass) the hint's best move is the
    judge's best; where it is not, the hint itself says the two are too close to tell apart (the lead of its
    pick over the judge's is within the lead's half-width), and the loss is small."""
    for game in endgames(14, seed=9, least=3, most=4):
        view = view_of(game.start, game.moves, game.state.to_move)
        analysis = analyse(view)
        judged = double_dummy(game.seen)
        top = max(judged.values())
        picked = judged[_play(game.state, analysis.best.move)]
        if picked < top - 1e-12:
            best = next(v for v in analysis.moves if judged[_play(game.state, v.move)] == top)
            gap, half_width = analysis.lead(analysis.best, best)
            assert gap <= half_width and top - picked < 0.03, (str(analysis.best.move), str(best.move), top, picked)


def test_the_reviews_example_h734() -> None:
    """The review's h734: seat 1 passed on 4 and 5; over all 210 fitting deals 4-2 left is worth 55.2 %, 4-0
    left 46.7 %. The old playouts ranked 4-0 first and the review called 4-2 an inaccuracy."""
    position = read_position(H734)
    state = position.state
    view = view_of(position.start, [e[1] for e in state.log], 0)
    analysis = analyse(view)
    assert analysis.method == "exact_deals" and analysis.every and analysis.deals_total == 210
    assert str(analysis.best.move) == "4-2 left"
    assert analysis.value_of(analysis.best.move).win == pytest.approx(0.552, abs=0.0005)
    seen: Seen = seen_by_mover(position.start, [e[1] for e in state.log])
    judged = double_dummy(seen)
    assert judged[(2, 4), 4] == pytest.approx(analysis.best.win, abs=1e-12)


def test_the_hint_and_the_exact_check_take_one_path() -> None:
    """The hint's exact endgame (the sampler's list of every deal) and the lessons' exact check (every deal
    proved by the rules core) are one valuation: the same 210 deals of h734, the same value for every move."""
    position = read_position(H734)
    assert position.start is not None
    state = position.state
    hint = analyse(view_of(position.start, [e[1] for e in state.log], 0))
    check = exact_check(position.start, state, 0, False)
    assert check.status == "checked" and check.analysis is not None and check.deals == 210
    proved = check.analysis
    assert proved.method == hint.method == "exact_deals" and proved.every and hint.every
    for value in hint.moves:
        other = proved.value_of(value.move)
        assert (other.win, other.points) == pytest.approx((value.win, value.points), abs=1e-12), str(value.move)


def test_the_exact_check_refuses_more_than_two_sides() -> None:
    """With three sides the exact search lets two of them play together against the third, which no table
    does: the check says it cannot be made instead of giving that figure."""
    data = {
        "rules": "block",
        "hands": [["4-2", "6-0"], ["6-6", "5-5"], ["1-0", "3-3"]],
        "chain": ["4-3", "3-2"],
        "to_move": 0,
    }
    position = read_position(data)
    check = exact_check(position.state, position.state, 0, False)
    assert check.status == "not_exact" and "two sides" in check.reason
