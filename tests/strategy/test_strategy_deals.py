"""Every deal a seat's view allows: the list equals a brute force over every deal and draw order, the real
deal is always in it, the first-lead rule's clue is read, and the exact average over it ranks the moves."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from strategy_helpers import played_hands

from tutorial_app.rules.line.deal import decide_first_lead, redeal_reason
from tutorial_app.rules.line.moves import IllegalMoveError, apply
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.tiles import ALL_TILES, Tile, mask_of, parse_tile
from tutorial_app.strategy.deals import consistent_deals
from tutorial_app.strategy.exact import solve
from tutorial_app.strategy.exact_deals import NotListed, analyse_every_deal

Key = tuple[tuple[int, ...], frozenset[int]]


def _brute(start: HandState, moves: list[Move], seat: int, first_hand: bool) -> Counter[Key]:
    """Every dealt hand and every order of the tiles others drew, replayed by the rules core: the hands and
    the boneyard each history ends with, counted. Independent of the inference: it starts from the deal."""
    record = []
    state = start
    for move in moves:
        after = apply(state, move)
        taken = after.trail.drawn if after.trail is not None else ()
        record.append((state.to_move, move, tuple(taken)))
        state = after
    seen = mask_of(start.table.tiles()) | start.hands[seat]
    hidden = [t for t in ALL_TILES if not t.bit & seen]
    sizes = [bin(h).count("1") for h in start.hands]
    found: Counter[Key] = Counter()
    others = [s for s in range(len(sizes)) if s != seat]

    def deal_out(index: int, left: list[Tile], hands: list[int]) -> None:
        if index == len(others):
            begin(hands, left)
            return
        s = others[index]
        for chosen in combinations(left, sizes[s]):
            rest = [t for t in left if t not in chosen]
            deal_out(index + 1, rest, [*hands[:s], mask_of(chosen), *hands[s + 1 :]])

    def begin(hands: list[int], pile: list[Tile]) -> None:
        hands[seat] = start.hands[seat]
        ready = start._replace(hands=tuple(hands), boneyard=tuple(pile))
        if first_hand:
            lead = decide_first_lead(start.rules, ready.hands)
            if lead is None or redeal_reason(start.rules, ready.hands, lead) is not None or lead.seat != start.to_move:
                return
            ready = ready._replace(lead_mask=lead.lead_mask)
        replay(ready, 0)

    def replay(state: HandState, index: int) -> None:
        if index == len(record):
            found[(state.hands, frozenset(t.index for t in state.boneyard))] += 1
            return
        mover, move, taken = record[index]
        if move.action is Action.DRAW:
            if mover == seat:  # the seat saw what it drew: those tiles, if the boneyard holds them here
                tops = [taken] if set(taken) <= set(state.boneyard) else []
            else:
                tops = list(combinations(state.boneyard, len(taken)))
            for top in tops:
                ordered = state._replace(boneyard=(*top, *(t for t in state.boneyard if t not in top)))
                try:
                    after = apply(ordered, move)
                except IllegalMoveError:
                    continue
                if after.trail is not None and set(after.trail.drawn) == set(top):
                    replay(after, index + 1)
            return
        try:
            replay(apply(state, move), index + 1)
        except IllegalMoveError:
            return

    deal_out(0, hidden, [0] * len(sizes))
    return found


def _listed(start: HandState, state: HandState, seat: int, first_hand: bool) -> Counter[Key] | None:
    deals = consistent_deals(start, state, seat, first_hand=first_hand, limit=20_000)
    if not deals.listed:
        return None
    return Counter({(d.hands, frozenset(t.index for t in d.boneyard)): d.weight for d in deals.deals})


def _positions(
    rules_name: str, overrides: dict[str, object], players: int, count: int, seed: int
) -> list[tuple[HandState, list[Move], HandState, int]]:
    """(start, moves, state, seat): positions from hands played by the rules core, a seat that is to move."""
    rules = find_variant(rules_name).rules(players, overrides)
    rng = random.Random(seed)
    out = []
    for start, moves in played_hands(rules, 40, seed):
        cut = rng.randrange(2, max(3, len(moves) - 1))
        state = start
        for move in moves[:cut]:
            state = apply(state, move)
        if not state.is_over:
            out.append((start, moves[:cut], state, state.to_move))
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize(
    ("rules_name", "overrides", "players", "count"),
    [
        ("block", {"hand_size": 3}, 2, 4),
        ("block", {"hand_size": 3, "first_tile": "determining"}, 2, 4),
        ("draw", {"hand_size": 2}, 2, 4),
        ("kozel", {"hand_size": 2}, 3, 3),  # two hidden hands: the brute force deals 89,700 ways
    ],
)
def test_the_deals_are_exactly_those_a_brute_force_over_every_deal_finds(
    rules_name: str, overrides: dict[str, object], players: int, count: int
) -> None:
    positions = _positions(rules_name, overrides, players, count, seed=len(rules_name) + players)
    drew = tested = 0
    for start, moves, state, seat in positions:
        listed = _listed(start, state, seat, first_hand=True)
        if listed is None:  # too many to list (a long draw): the brute force would take minutes too
            continue
        tested += 1
        assert listed == _brute(start, moves, seat, first_hand=True)
        assert listed[(state.hands, frozenset(t.index for t in state.boneyard))] >= 1  # the real deal is there
        drew += sum(1 for m in moves if m.action is Action.DRAW)
    assert tested >= 2
    if rules_name != "block":
        assert drew  # the draw games' positions did test draws


# block, first hand, four tiles each: seat 0 led 6-5 (any tile may lead), so seat 0 held the lowest double;
# seat 1 holds 2-2 and not 1-1, so seat 0 surely holds 1-1 (the strategy review's example, made smaller).
FIRST_LEAD = {
    "rules": "block",
    "overrides": {"hand_size": 4},
    "hand": "first",
    "hands": [["1-1", "6-5", "4-0", "5-3"], ["2-2", "6-6", "5-1", "6-3"]],
    "chain": [],
    "to_move": 0,
    "moves": [{"tile": "6-5", "end": "lead"}],
}


def test_the_first_lead_rule_names_the_leader_so_the_leader_held_the_lowest_double() -> None:
    position = read_position(FIRST_LEAD)
    assert position.start is not None
    later = consistent_deals(position.start, position.state, 1, first_hand=False)
    first = consistent_deals(position.start, position.state, 1, first_hand=True)
    one_one = parse_tile("1-1").bit
    assert later.count == 1771  # three of the 23 tiles seat 1 cannot see, if nothing tells who led
    assert first.count == 231  # 1-1 and two of the other 22
    assert all(d.hands[0] & one_one for d in first.deals)
    with pytest.raises(ValueError, match="the table must be empty"):
        consistent_deals(position.state, position.state, 1, first_hand=True)


def test_too_many_deals_are_counted_not_listed() -> None:
    position = read_position(FIRST_LEAD)
    assert position.start is not None
    deals = consistent_deals(position.start, position.state, 1, first_hand=False, limit=1000)
    assert not deals.listed and deals.counted and deals.count == 1771 and deals.deals == ()
    many = consistent_deals(position.start, position.state, 1, first_hand=True, limit=100)
    assert not many.listed and not many.counted and many.count == 1771  # more than 4 x 100 candidates: not replayed
    with pytest.raises(NotListed, match="more than 1,000 deals fit"):
        analyse_every_deal(deals)


# block for two: seat 1 passed with 2 and 5 open (the lessons' test position): 5-5 keeps both numbers
PASSED = {
    "rules": "block",
    "hands": [["5-5", "6-2", "5-1", "4-2"], ["3-3", "6-3", "0-1", "4-4"]],
    "chain": ["2-1", "1-1", "1-6", "6-6", "6-4", "4-5"],
    "to_move": 1,
    "moves": [{"action": "pass"}],
}


def test_the_exact_average_is_the_mean_of_every_deals_exact_value() -> None:
    position = read_position(PASSED)
    assert position.start is not None
    deals = consistent_deals(position.start, position.state, 0, first_hand=False)
    assert deals.listed and deals.count == len(deals.deals) == 330  # seat 1's 4 tiles: none with 2 or 5
    assert all(not d.hands[1] & mask_of(t for t in ALL_TILES if t.has(2) or t.has(5)) for d in deals.deals)
    analysis = analyse_every_deal(deals)
    assert analysis.method == "exact_deals" and analysis.every and analysis.playouts == analysis.deals_total == 330
    best = analysis.best
    by_hand = [solve(deals.state_of(d))[best.move] for d in deals.deals]
    assert best.win == pytest.approx(sum(v.win for v in by_hand) / 330)
    assert best.points == pytest.approx(sum(v.points for v in by_hand) / 330)
    assert str(best.move) == "5-5 right"
    assert analysis.lead(analysis.moves[0], analysis.moves[1])[1] == 0.0  # no sampling error
