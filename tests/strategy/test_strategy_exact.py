"""The exact search with open hands: forced wins found exactly, values equal to a plain brute force."""

from __future__ import annotations

from itertools import combinations, islice

import pytest
from strategy_helpers import first_positions, line_up_id, played_hands, rules_of

from tutorial_app.rules.line.bots import choose_greedy
from tutorial_app.rules.line.moves import apply_unchecked, legal_moves
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import Action, HandState
from tutorial_app.rules.tiles import ALL_TILES, parse_tile
from tutorial_app.strategy.analysis import analyse_open
from tutorial_app.strategy.exact import NotExact, SearchTooBig, solve
from tutorial_app.strategy.exact_line import line_applies

# seat 0 holds 5-1 and 3-3, seat 1 only 6-1; the ends are 5 and 3. The heavy-looking 5-1 opens 1 and
# seat 1 goes out with 6-1; 3-3 keeps 5 and 3, seat 1 must pass, and 5-1 goes out: a forced win.
TRAP = {"rules": "block", "hands": [["5-1", "3-3"], ["6-1"]], "chain": ["5-4", "4-3"], "to_move": 0}


def _brute(state: HandState, side: int, greedy: int = 0) -> tuple[float, float]:
    """Plain minimax (no memory, no pruning): the side maximises, everybody else minimises; draws averaged.
    A seat of ``greedy`` (a bit each) makes the rules core's greedy bot's move instead."""
    rules = state.rules
    if state.is_over:
        result = hand_result(state)
        win = (1 / len(result.winner_sides) if result.tie else 1.0) if side in result.winner_sides else 0.0
        others = (sum(result.points) - result.points[side]) / max(rules.sides - 1, 1)
        net = result.points[side] - others
        return win, (-net if rules.is_penalty_scoring else net)
    moves = [m for m in legal_moves(state) if m.action is not Action.MUGGINS]
    if moves[0].action is Action.DRAW:
        pile = state.boneyard
        tops = list(combinations(pile, 2)) if rules.pairs_draw and len(pile) >= 2 else [(t,) for t in pile]
        values = []
        for top in tops:
            order = state._replace(boneyard=(*top, *(t for t in pile if t not in top)))
            values.append(_brute(apply_unchecked(order, moves[0]), side))
        return sum(v[0] for v in values) / len(values), sum(v[1] for v in values) / len(values)
    if greedy >> state.to_move & 1:
        moves = [choose_greedy(moves)]
    values = []
    for move in moves:
        after = apply_unchecked(state, move)
        win, net = _brute(after, side, greedy)
        scored = after.trail.points if after.trail is not None else 0
        if scored:
            mover = rules.side_of(state.to_move)
            net += scored if mover == side else -scored / max(rules.sides - 1, 1)
        values.append((win, net))
    pick = max if rules.side_of(state.to_move) == side else min
    if rules.fives_scoring:  # All Fives is played for points first
        return pick(values, key=lambda v: v[1] * 10_000 + v[0])
    return pick(values, key=lambda v: v[0] * 10_000 + v[1])


def _endgames(line_up: tuple[str, int, bool], tiles_left: int, count: int) -> list[HandState]:
    """Positions from played hands once at most ``tiles_left`` tiles are in the hands (and few in the boneyard)."""
    rules = rules_of(line_up)

    def wanted(state: HandState) -> bool:
        in_hands = sum(bin(h).count("1") for h in state.hands)
        small_pile = not rules.has_boneyard or len(state.boneyard) <= 3
        return (
            in_hands <= tiles_left
            and small_pile
            and not state.is_over
            and len([m for m in legal_moves(state) if m.action is Action.PLAY]) > 1
        )

    return list(islice(first_positions(rules, 200, tiles_left, wanted), count))


@pytest.mark.parametrize(
    "line_up",
    [
        ("block", 2, False),
        ("block", 3, False),
        ("international", 4, False),
        ("kozel_pass", 4, True),
        ("draw", 2, False),
        ("all_fives", 2, False),
        ("donkey", 3, False),
        ("kozel", 3, False),
    ],
    ids=lambda lu: f"{lu[0]}-{lu[1]}",
)
def test_exact_values_equal_brute_force(line_up: tuple[str, int, bool]) -> None:
    positions = _endgames(line_up, 7, 6)
    assert positions
    for state in positions:
        side = state.rules.side_of(state.to_move)
        solved = solve(state)
        for move, value in solved.items():
            win, net = _brute(apply_unchecked(state, move), side)
            after = apply_unchecked(state, move)
            scored = after.trail.points if after.trail is not None else 0
            net += scored
            assert value.win == pytest.approx(win), str(move)
            assert value.points == pytest.approx(net), str(move)


@pytest.mark.parametrize("line_up", [("block", 2, False), ("block", 4, True)], ids=line_up_id)
def test_a_seat_taken_to_lay_its_heaviest_tile_is_searched_so(line_up: tuple[str, int, bool]) -> None:
    """An opponent model's reading: the next seat plays as the rules core's greedy bot, the others their best."""
    positions = _endgames(line_up, 8, 6)
    assert positions
    for state in positions:
        side = state.rules.side_of(state.to_move)
        greedy = 1 << (state.to_move + 1) % state.rules.players
        solved = solve(state, greedy=greedy)
        for move, value in solved.items():
            assert value == pytest.approx(_brute(apply_unchecked(state, move), side, greedy)), str(move)


def test_the_trap_is_solved_exactly() -> None:
    state = read_position(TRAP).state
    values = {str(m): v for m, v in solve(state).items()}
    assert values["3-3 right"].win == 1.0
    assert values["5-1 left"].win == 0.0
    analysis = analyse_open(state)
    assert analysis.method == "exact" and str(analysis.best.move) == "3-3 right"


def test_pairs_forced_win_with_the_partner_helping() -> None:
    """International, ends 6 and 5. 6-3 opens 3: seat 1 (4-4) passes and the partner goes out with 3-2.
    5-1 opens 1 instead: seat 1 and the partner pass and seat 3 goes out with 1-0."""
    data = {
        "rules": "international",
        "hands": [["6-3", "5-1"], ["4-4"], ["3-2"], ["1-0"]],
        "chain": ["6-6", "6-5"],
        "to_move": 0,
    }
    state = read_position(data).state
    values = {str(m): v for m, v in solve(state).items()}
    assert values["6-3 left"].win == 1.0
    assert values["5-1 right"].win == 0.0
    for move, value in solve(state).items():
        win, net = _brute(apply_unchecked(state, move), 0)
        assert (value.win, value.points) == pytest.approx((win, net))


def test_too_big_positions_are_played_out_and_say_so() -> None:
    rules = rules_of(("draw", 2, False))
    start, _ = next(played_hands(rules, 1, seed=2))
    with pytest.raises(SearchTooBig):
        solve(start, node_limit=200)
    analysis = analyse_open(start, playouts=50, node_limit=200)
    assert analysis.method == "sampling_open"
    assert analysis.note is not None and "200" in analysis.note.en and "200" in analysis.note.ru
    assert analysis.as_dict()["note"] == analysis.note.en


def test_a_reserve_is_not_solved_but_played_out() -> None:
    """Domino 101 for two keeps two tiles back: which ones is unknown, so draws cannot be averaged exactly."""
    hands = [["1-1", "2-0"], ["6-5", "2-2"]]
    chain = ["6-4", "4-3", "3-6"]
    used = {parse_tile(t) for t in (*hands[0], *hands[1], *chain)}
    data = {
        "rules": "domino101",
        "hands": hands,
        "chain": chain,
        "to_move": 0,
        "boneyard": [str(t) for t in ALL_TILES if t not in used],
    }
    state = read_position(data).state
    with pytest.raises(NotExact):
        solve(state)
    analysis = analyse_open(state, playouts=30)
    assert analysis.method == "sampling_open"
    assert analysis.note is not None and "reserve" in analysis.note.en and "резерв" in analysis.note.ru


@pytest.mark.parametrize(
    "line_up",
    [
        ("block", 2, False),
        ("block", 3, False),
        ("block", 4, True),
        ("kozel_pass", 4, False),
        ("international", 4, False),
    ],
    ids=line_up_id,
)
def test_the_fast_line_search_agrees_with_the_general_one(line_up: tuple[str, int, bool]) -> None:
    """Every move's value, win share and points, is the same by the bitmask search and by the rules core's states."""
    rules = rules_of(line_up)

    def wanted(state: HandState) -> bool:
        return sum(bin(h).count("1") for h in state.hands) <= 4 * rules.players and line_applies(state)

    checked = 0
    for state in islice(first_positions(rules, 40, 17, wanted), 6):
        fast, slow = solve(state), solve(state, fast=False)
        assert fast == slow, (line_up, str(state.table.ends))
        checked += 1
    assert checked >= 6
