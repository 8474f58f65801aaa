"""The analysis from a seat's view: every legal move ranked, repeatable, blind to hidden tiles."""

from __future__ import annotations

import random

import numpy as np
import pytest
from strategy_helpers import decision_points, line_up_id, line_ups, rules_of

from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.state import PASS
from tutorial_app.strategy.analysis import analyse, analyse_open, candidate_moves, ranks_by_points
from tutorial_app.strategy.inference import infer
from tutorial_app.strategy.sampler import DealSampler
from tutorial_app.strategy.view import view_of, view_of_state


@pytest.mark.parametrize("line_up", line_ups(), ids=line_up_id)
def test_every_legal_move_is_ranked(line_up: tuple[str, int, bool]) -> None:
    rules = rules_of(line_up)
    start, moves, state = decision_points(rules, 1, seed=13)[0]
    analysis = analyse(view_of(start, moves, state.to_move), playouts=60, seed=1)
    assert sorted(map(str, (v.move for v in analysis.moves))) == sorted(map(str, candidate_moves(state)))
    keys = [(v.points, v.win) if ranks_by_points(rules) else (v.win, v.points) for v in analysis.moves]
    assert keys == sorted(keys, reverse=True)
    for value in analysis.moves:
        assert 0.0 <= value.win <= 1.0 and value.ci >= 0.0 and value.points_ci >= 0.0
        assert len(value.wins) == analysis.playouts == (60 if analysis.method == "sampling" else len(value.wins))
    assert analysis.side == rules.side_of(state.to_move)


def test_the_same_seed_gives_the_same_figures() -> None:
    rules = rules_of(("draw", 3, False))
    start, moves, state = decision_points(rules, 1, seed=2)[0]
    view = view_of(start, moves, state.to_move)
    first, again, other = analyse(view, 80, seed=4), analyse(view, 80, seed=4), analyse(view, 80, seed=5)
    assert [v.as_dict() for v in first.moves] == [v.as_dict() for v in again.moves]
    assert [v.as_dict() for v in first.moves] != [v.as_dict() for v in other.moves]


@pytest.mark.parametrize(
    "line_up", [("international", 4, False), ("draw", 2, False), ("all_fives", 3, False)], ids=line_up_id
)
def test_the_analysis_never_peeks(line_up: tuple[str, int, bool]) -> None:
    """Two tables that look the same from the seat (other hands dealt otherwise, the record the same)
    give the very same analysis."""
    rules = rules_of(line_up)
    _, _, state = decision_points(rules, 1, seed=6)[0]
    seat = state.to_move
    view = view_of_state(state, seat)
    world = DealSampler(infer(view)).sample(1, random.Random(9))
    other_hands = tuple(int(h) for h in world.hands[0])
    other = state._replace(hands=other_hands, boneyard=tuple(_tile(i) for i in world.boneyards[0]))
    assert other.hands != state.hands or other.boneyard != state.boneyard
    a = analyse(view_of_state(state, seat), 50, seed=3)
    b = analyse(view_of_state(other, seat), 50, seed=3)
    assert [v.as_dict() for v in a.moves] == [v.as_dict() for v in b.moves]


def _tile(index: np.int64):  # type: ignore[no-untyped-def]
    from tutorial_app.rules.tiles import ALL_TILES

    return ALL_TILES[int(index)]


def test_going_out_is_a_certain_win() -> None:
    data = {"rules": "block", "hands": [["4-2"], ["6-6", "5-5"]], "chain": ["4-3", "3-2"], "to_move": 0}
    position = read_position(data)
    analysis = analyse(view_of(position.start, [], 0), playouts=400)
    best = analysis.best
    assert str(best.move) in ("4-2 left", "4-2 right")
    assert best.win == 1.0 and best.ci == 0.0
    # seat 0 cannot see seat 1's two tiles: any two of the 25 unseen, worth (168 - 18) / 25 = 6 pips each
    # (every one of the 300 pairs is solved, so the figure is exact; sampled, it is within its interval)
    assert abs(best.points - 12.0) <= max(1e-9, best.points_ci * 1.6)
    # with the hands open they are 6-6 and 5-5: exactly 22
    assert analyse_open(position.state).best.points == 22.0


def test_a_pass_is_analysed_when_a_sampled_deal_leaves_nobody_a_move() -> None:
    """You must pass; seat 1 really holds 2-3, but about half the deals drawn for its one hidden tile fit
    neither 0 nor 2. Such a deal is the fish it would be, not a playout that never ends."""
    data = {"rules": "block", "hands": [["6-6", "5-5"], ["2-3"]], "chain": ["0-1", "1-2"], "to_move": 0}
    position = read_position(data)
    analysis = analyse(view_of(position.start, [], 0), playouts=400)
    assert [v.move for v in analysis.moves] == [PASS]
    # seat 1 wins whenever it can play 2-3 or 0-x and go out, and wins every fish (fewer pips than 22)
    assert analysis.best.win == 0.0


def test_loss_is_measured_deal_by_deal() -> None:
    rules = rules_of(("international", 4, False))
    start, moves, state = decision_points(rules, 1, seed=10)[0]
    analysis = analyse(view_of(start, moves, state.to_move), 200, seed=2)
    worst = analysis.moves[-1]
    lost, half_width = analysis.loss(worst.move)
    assert lost == pytest.approx(analysis.best.win - worst.win)
    assert 0.0 <= half_width <= analysis.best.ci + worst.ci + 1e-12
    assert analysis.loss(analysis.best.move) == (0.0, 0.0)
    gap, gap_width = analysis.margin()
    assert gap == pytest.approx(analysis.moves[0].win - analysis.moves[1].win) and gap_width > 0


def test_a_position_typed_mid_hand_is_analysed_without_history() -> None:
    rules = rules_of(("block", 4, True))
    _, _, state = decision_points(rules, 1, seed=3)[0]
    bare = state._replace(trail=None)
    view = view_of_state(bare, bare.to_move)
    assert view.events == ()
    analysis = analyse(view, 30)
    assert analysis.best.move in candidate_moves(state)


def test_analysing_the_wrong_seat_is_refused() -> None:
    rules = rules_of(("block", 2, False))
    start, moves, state = decision_points(rules, 1, seed=3)[0]
    with pytest.raises(ValueError, match="not to move"):
        analyse(view_of(start, moves, 1 - state.to_move))
    finished = start
    for move in moves:
        finished = apply(finished, move)
    assert not finished.is_over or candidate_moves(finished) == []
