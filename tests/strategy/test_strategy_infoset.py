"""The search over the seat's information sets (``infoset``) against a plain brute force through the rules core.

The brute force knows nothing of the fast path: it plays every deal's state with ``legal_moves`` and ``apply``,
keeps the deals together while the seat cannot tell them apart (same moves seen), chooses our move once for all
of them (largest mean), and lets the opponent choose its best deal by deal (or its heaviest tile where read so).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tutorial_app.rules.line.bots import choose_greedy
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply_unchecked, legal_moves
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.rules.tiles import ALL_TILES, Tile
from tutorial_app.strategy.analysis import analyse
from tutorial_app.strategy.exact import candidate_moves, solve_deals
from tutorial_app.strategy.inference import infer
from tutorial_app.strategy.infoset import infoset_applies, solve_infosets
from tutorial_app.strategy.sampler import DealSampler, Worlds
from tutorial_app.strategy.view import SeatView, view_of_state


def _key(value: tuple[float, float]) -> float:
    return value[0] * 10_000 + value[1]


def _terminal(state: HandState, side: int) -> tuple[float, float]:
    result = hand_result(state)
    win = (1 / len(result.winner_sides) if result.tie else 1.0) if side in result.winner_sides else 0.0
    return win, float(result.points[side] - result.points[1 - side])


def _order(move: Move) -> tuple[int, bool, int]:
    if move.tile is None:  # a pass
        return 0, False, 0
    return -move.tile.pips, move.end == "right", move.tile.index


def _brute(states: list[HandState], seat: int, greedy: list[bool]) -> list[tuple[float, float]]:
    """Every deal's value, our moves chosen per information set (``states``: deals we cannot tell apart)."""
    out: dict[int, tuple[float, float]] = {}
    live = [i for i, s in enumerate(states) if not s.is_over]
    for i, s in enumerate(states):
        if s.is_over:
            out[i] = _terminal(s, seat)
    if live and states[live[0]].to_move == seat:
        # our hand and the table are the same in every deal; ties go to the heaviest tile, the left end first
        moves = sorted(legal_moves(states[live[0]]), key=_order)
        best: list[tuple[float, float]] | None = None
        for move in moves:
            values = _brute([apply_unchecked(states[i], move) for i in live], seat, [greedy[i] for i in live])
            if best is None or sum(map(_key, values)) > sum(map(_key, best)) + 1e-6:
                best = values
        assert best is not None
        out.update(zip(live, best, strict=True))
    elif live:
        options: dict[int, list[Move]] = {}
        for i in live:
            moves = legal_moves(states[i])
            options[i] = [choose_greedy(moves)] if greedy[i] else moves
        seen: list[Move] = []
        for i in live:
            seen += [m for m in options[i] if m not in seen]
        for move in seen:
            group = [i for i in live if move in options[i]]
            values = _brute([apply_unchecked(states[i], move) for i in group], seat, [greedy[i] for i in group])
            for i, value in zip(group, values, strict=True):
                if i not in out or _key(value) < _key(out[i]):
                    out[i] = value
    return [out[i] for i in range(len(states))]


def _positions(count: int, tiles: int, seed: int) -> list[tuple[SeatView, Worlds]]:
    """Block for two played at random until at most ``tiles`` are in the hands, with a few deals the mover
    cannot tell apart."""
    rules = rules_for("block", 2)
    rng = random.Random(seed)
    out: list[tuple[SeatView, Worlds]] = []
    while len(out) < count:
        state = deal(rules, rng).state
        while not state.is_over and sum(h.bit_count() for h in state.hands) > tiles:
            state = apply_unchecked(state, rng.choice(legal_moves(state)))
        if state.is_over or len(candidate_moves(state)) < 2 or candidate_moves(state)[0].tile is None:
            continue
        view = view_of_state(state, state.to_move)
        if not infoset_applies(view):
            continue
        out.append((view, DealSampler(infer(view)).sample(6, rng)))
    return out


@pytest.mark.parametrize("greedy", [False, True])
def test_every_move_is_worth_what_a_brute_force_finds(greedy: bool) -> None:
    for view, worlds in _positions(8, 7, 11 + greedy):
        state = view.state
        seat = state.to_move
        deals = len(worlds.hands)
        read = [greedy and d % 2 == 0 for d in range(deals)]
        marked = Worlds(worlds.hands, worlds.boneyards, np.array([(1 << (1 - seat)) * r for r in read]))
        moves = candidate_moves(state)
        wins, nets = solve_infosets(view, marked, moves)
        for row, move in enumerate(moves):
            states = [
                apply_unchecked(view.with_tiles([int(h) for h in worlds.hands[d]], _pile(worlds, d)), move)
                for d in range(deals)
            ]
            expected = _brute(states, seat, read)
            assert np.allclose(wins[row], [v[0] for v in expected]), (state, move)
            assert np.allclose(nets[row], [v[1] for v in expected]), (state, move)


def _pile(worlds: Worlds, deal_index: int) -> tuple[Tile, ...]:
    return tuple(ALL_TILES[int(i)] for i in worlds.boneyards[deal_index])


def test_one_deal_is_the_exact_value_and_more_deals_never_value_a_move_above_pimc() -> None:
    for view, worlds in _positions(10, 10, 5):
        moves = candidate_moves(view.state)
        for d in range(2):
            one = Worlds(worlds.hands[d : d + 1], worlds.boneyards[d : d + 1])
            assert np.allclose(solve_infosets(view, one, moves), solve_deals(view, one, moves))
        wins, nets = solve_infosets(view, worlds, moves)
        pimc_wins, pimc_nets = solve_deals(view, worlds, moves)
        # a strategy that cannot see the hidden hand is worth at most the per-deal best (strategy fusion)
        assert ((wins * 10_000 + nets).mean(axis=1) <= (pimc_wins * 10_000 + pimc_nets).mean(axis=1) + 1e-6).all()


def test_the_bots_choose_by_it_and_the_hint_does_not() -> None:
    view, _ = _positions(1, 10, 3)[0]
    by_sets = analyse(view, 48, seed=1, check=None, exact=True, infoset=True)
    by_deals = analyse(view, 48, seed=1, check=None, exact=True)
    assert by_sets.method == by_deals.method == "exact_deals"
    assert {v.move for v in by_sets.moves} == {v.move for v in by_deals.moves}
    for a in by_sets.moves:
        b = by_deals.value_of(a.move)
        assert a.win <= b.win + 1e-9 or a.points <= b.points + 1e-9
