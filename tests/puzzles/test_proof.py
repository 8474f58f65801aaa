"""The proof a puzzle needs: every consistent deal listed (checked against a brute-force count), both measures
asked, and a position where the playouts are wrong (the strategy review's h734) turned down."""

from __future__ import annotations

from itertools import combinations

import pytest
from review_positions import H734

from tutorial_app.lessons.quiz.strategy import QUIZ_PLAYOUTS
from tutorial_app.puzzles.proof import Deal, Proof, Rejection, consistent_deals, prove, real_choices
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.tiles import ALL_TILES
from tutorial_app.strategy.exact import solve
from tutorial_app.strategy.view import SeatView, view_since


def _view(data: dict[str, object], seat: int = 0) -> SeatView:
    position = read_position(data)
    return view_since(position.start, position.state, seat)


def _prove(data: dict[str, object], playouts: int = QUIZ_PLAYOUTS) -> Proof | Rejection:
    position = read_position(data)
    return prove(position.start, position.state, 0, first_hand=False, playouts=playouts)


def _deals(data: dict[str, object]) -> list[Deal]:
    position = read_position(data)
    listed = consistent_deals(position.start, position.state, 0, first_hand=False)
    assert listed.listed
    return [Deal(d.hands, d.boneyard, d.weight) for d in listed.deals]


def _brute_force_hands(view: SeatView, passed_on: set[int]) -> set[int]:
    """Every hand seat 1 may hold: any 4 unseen tiles with none of the numbers it passed on."""
    unseen = [t for t in ALL_TILES if t.bit & view.unseen()]
    fits = [t for t in unseen if not ({t.lo, t.hi} & passed_on)]
    return {sum(t.bit for t in hand) for hand in combinations(fits, view.hand_sizes[1])}


def test_every_consistent_deal_is_listed_once() -> None:
    view = _view(H734)
    deals = _deals(H734)
    hands = {deal.hands[1] for deal in deals}
    assert len(deals) == len(hands) == 210 and {deal.weight for deal in deals} == {1}
    assert hands == _brute_force_hands(view, passed_on={4, 5})
    for deal in deals:
        assert deal.hands[0] == view.hand
        # seat 1's tiles, the out-of-play tiles and what is in sight make up the set, each tile once
        seen = view.seen()
        out = sum(t.bit for t in deal.boneyard)
        assert deal.hands[1] & out == 0 and (deal.hands[1] | out) & seen == 0
        assert bin(deal.hands[1] | out | seen).count("1") == 28


def test_the_position_the_old_playouts_got_wrong_is_proved_for_the_exact_best() -> None:
    """h734: the old playouts ranked 4-0 left first; the hint's analysis now solves each of its 210 deals exactly
    (the engine's one exact path, as the proof's exact part does), so both measures name 4-2 left."""
    proof = _prove(H734)
    assert isinstance(proof, Proof), proof
    assert str(proof.best) == "4-2 left" and proof.analysis.method == "exact_deals" and proof.analysis.every


def test_the_exact_measure_is_the_mean_over_every_deal() -> None:
    view = _view(H734)
    deals = _deals(H734)
    wins: dict[str, list[float]] = {}
    for deal in deals:
        for move, value in solve(view.with_tiles(deal.hands, deal.boneyard)).items():
            wins.setdefault(str(move), []).append(value.win)
    means = {move: sum(v) / len(v) for move, v in wins.items()}
    assert means["4-2 left"] == pytest.approx(0.552, abs=0.001)
    assert means["4-0 left"] == pytest.approx(0.467, abs=0.001)


def test_a_clear_position_is_proved_with_its_figures() -> None:
    # the first puzzle of the block run with seed 1 (deal and moves played by the strong bots)
    from tutorial_app.puzzles.catalog import shipped_puzzles

    puzzle = next(p for p in shipped_puzzles() if p.preset == "block" and p.players == 2)
    position = puzzle.read()
    proof = prove(position.start, position.state, puzzle.seat, position.first_hand)
    assert isinstance(proof, Proof), proof
    assert str(proof.best._replace(claim=None)) in puzzle.answers
    gap, half_width = proof.playout_lead
    assert gap >= 0.05 and gap >= 2 * half_width and proof.exact_lead >= 0.05
    listed = consistent_deals(position.start, position.state, puzzle.seat, position.first_hand)
    assert len(proof.deals) == len(listed.deals) == listed.count == puzzle.deals
    # the exact lead is the best move's mean less the runner-up's, over the same deals, each by its weight
    weights = [deal.weight for deal in proof.deals]
    means = [
        sum(w * v for w, v in zip(weights, proof.exact_win[i], strict=True)) / sum(weights)
        for i in range(len(proof.ranked))
    ]
    assert proof.exact_lead == pytest.approx(means[0] - max(means[1:]))


def test_real_choices_count_a_tile_on_two_ends_once_when_it_leads_to_the_same_place() -> None:
    # 3 on both ends: 3-5 on the left and on the right leave the same ends
    data = {
        "rules": "block",
        "hands": [["3-5", "6-6"], ["1-1", "2-2"]],
        "chain": ["3-4", "4-2", "2-3"],
        "to_move": 0,
    }
    state = read_position(data).state
    assert [str(m) for m in real_choices(state)] == ["5-3 left"]
    assert isinstance(_prove(data), Rejection)
