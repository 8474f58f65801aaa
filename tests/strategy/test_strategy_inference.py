"""What a seat infers and the deals it samples: sound (the real deal is always possible), exact where it
can be checked by brute force, and uniform."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from strategy_helpers import decision_points, line_up_id, line_ups, played_hands, rules_of

from tutorial_app.rules.line.deal import decide_first_lead, lead_orders
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.options import FirstTile
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.text import seat_name
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, Tile, parse_tile
from tutorial_app.strategy.analysis import candidate_moves
from tutorial_app.strategy.inference import STOCK, Knowledge, infer
from tutorial_app.strategy.knowledge import what_we_know
from tutorial_app.strategy.sampler import DealSampler
from tutorial_app.strategy.view import record_start, view_of, view_of_state


def _true_holder(state, tile_bit: int) -> int:  # type: ignore[no-untyped-def]
    for seat, hand in enumerate(state.hands):
        if hand & tile_bit:
            return seat
    return STOCK


@pytest.mark.parametrize("line_up", line_ups(), ids=line_up_id)
def test_the_real_deal_is_always_possible(line_up: tuple[str, int, bool]) -> None:
    """No pass, draw or lead clue ever rules out where the tiles really are (these are first hands: the
    first-lead rule named the leader, so the lead is read as a clue too)."""
    rules = rules_of(line_up)
    for start, moves, state in decision_points(rules, 6, seed=21):
        for seat in range(rules.players):
            view = view_of(start, moves, seat, first_hand=True)
            sampler = DealSampler(infer(view))
            assert not sampler.relaxed
            chances = sampler.marginals()
            for tile in ALL_TILES:
                if view.unseen() & tile.bit:
                    assert chances[tile.index].get(_true_holder(state, tile.bit), 0.0) > 0.0, (seat, str(tile))


@pytest.mark.parametrize("line_up", line_ups(), ids=line_up_id)
def test_sampled_deals_keep_every_count_and_void(line_up: tuple[str, int, bool]) -> None:
    rules = rules_of(line_up)
    for start, moves, state in decision_points(rules, 4, seed=8):
        view = view_of(start, moves, state.to_move)
        knowledge = infer(view)
        worlds = DealSampler(knowledge).sample(40, random.Random(1))
        for hands, boneyard in zip(worlds.hands, worlds.boneyards, strict=True):
            assert int(hands[view.seat]) == state.hands[view.seat]
            assert [bin(int(h)).count("1") for h in hands] == [bin(h).count("1") for h in state.hands]
            assert len(boneyard) == len(state.boneyard)
            everything = view.seen()
            for h in hands:
                assert not everything & int(h) & ~state.hands[view.seat]
            pile = sum(1 << int(i) for i in boneyard)
            union = pile | view.seen()
            for h in hands:
                union |= int(h)
            assert union == (1 << 28) - 1
            for seat in knowledge.holders():
                voids = knowledge.current_voids(seat)
                for n in range(7):
                    if voids >> n & 1:
                        assert not int(hands[seat]) & SUIT_MASK[n], (seat, n)


def _brute_force(knowledge: Knowledge) -> Counter[tuple[tuple[int, int], ...]]:
    """Every way to fill the groups with the unseen tiles (each tile-to-group map once), as (tile, holder)
    pairs, counted."""
    allowed = knowledge.allowed()
    groups = knowledge.groups
    found: Counter[tuple[tuple[int, int], ...]] = Counter()

    def fill(g: int, left: frozenset[int], placed: tuple[tuple[int, int], ...]) -> None:
        if g == len(groups):
            if not left:
                found[tuple(sorted(placed))] += 1
            return
        fitting = sorted(t for t in left if allowed[g] >> t & 1)
        for chosen in itertools.combinations(fitting, groups[g].count):
            fill(g + 1, left - set(chosen), placed + tuple((t, groups[g].holder) for t in chosen))

    fill(0, frozenset(t.index for t in ALL_TILES if knowledge.unseen & t.bit), ())
    return found


def _small_position() -> Knowledge:
    """A late block hand for four with at most ten unseen tiles, where some seat has passed."""
    rules = rules_of(("block", 4, False))
    for seed in range(200):
        for start, moves in played_hands(rules, 1, seed):
            state = start
            for index, move in enumerate(moves):
                view = view_of(start, moves[:index], state.to_move)
                if bin(view.unseen()).count("1") <= 10:
                    knowledge = infer(view)
                    if knowledge.voids and len(candidate_moves(state)) > 1:
                        return knowledge
                state = apply(state, move)
    raise AssertionError("no small position found")


def test_sampler_counts_and_marginals_match_brute_force() -> None:
    knowledge = _small_position()
    brute = _brute_force(knowledge)
    sampler = DealSampler(knowledge)
    # the sampler counts tile-to-group maps; brute force counts them the same way
    assert sampler.total == sum(brute.values())
    total = sum(brute.values())
    chances = sampler.marginals()
    for tile in ALL_TILES:
        if knowledge.unseen & tile.bit:
            for holder in (*knowledge.holders(), STOCK):
                expected = sum(n for deal, n in brute.items() if (tile.index, holder) in deal) / total
                assert chances[tile.index].get(holder, 0.0) == pytest.approx(expected, abs=1e-12)


def test_sampled_deals_are_uniform() -> None:
    """Every consistent deal comes out about equally often (a chi-square bound that skew would break)."""
    knowledge = _small_position()
    brute = _brute_force(knowledge)
    sampler = DealSampler(knowledge)
    rng = random.Random(3)
    draws = 12_000
    seen: Counter[tuple[tuple[int, int], ...]] = Counter()
    groups = knowledge.groups
    for _ in range(draws):
        seen[tuple(sorted((t, groups[g].holder) for t, g in sampler.draw(rng)))] += 1
    assert set(seen) <= set(brute)
    total = sum(brute.values())
    chi2 = sum((seen[d] - draws * n / total) ** 2 / (draws * n / total) for d, n in brute.items())
    cells = len(brute) - 1
    # the 99.99th percentile of chi-square is below cells + 8 * sqrt(2 * cells) for these sizes
    assert chi2 < cells + 8 * (2 * cells) ** 0.5, (chi2, cells)


def test_a_pass_binds_only_the_tiles_held_then() -> None:
    """Draw for two: seat 1 draws on 6, so its dealt tiles have no 6 but the drawn ones may."""
    hands = [["6-6", "6-5", "1-1", "2-0", "3-0", "4-0", "5-0"], ["1-0", "2-1", "3-1", "4-1", "5-1", "2-2", "3-2"]]
    used = {parse_tile(t) for h in hands for t in h}
    pile = ["6-1", "6-2", "4-4"] + [str(t) for t in ALL_TILES if t not in used and str(t) not in ("6-1", "6-2", "4-4")]
    data = {
        "rules": "draw",
        "hands": hands,
        "chain": [],
        "boneyard": pile,
        "to_move": 0,
        "moves": [{"tile": "6-6", "end": "lead"}, {"action": "draw"}],
    }
    position = read_position(data)
    state = position.state
    view = view_of(position.start, [e[1] for e in state.log], 0)
    knowledge = infer(view)
    dealt = [g for g in knowledge.groups if g.holder == 1 and g.count == 7]
    drawn = [g for g in knowledge.groups if g.holder == 1 and g.count == 1]
    assert dealt and dealt[0].voids == 1 << 6
    assert drawn and drawn[0].voids == 0
    assert knowledge.current_voids(1) == 0  # the drawn tile (6-1) may well be a 6
    facts = what_we_know(view)
    assert facts.others[0].cannot_hold == ()


def test_the_lead_is_a_clue() -> None:
    """Domino 101 for two: 3-3 led under the 1-1, 2-2, ... order proves nobody was dealt 1-1 or 2-2."""
    hands = [["6-6", "6-5", "6-4", "2-0", "3-0", "4-0", "5-0"], ["3-3", "2-1", "3-1", "4-1", "5-1", "6-0", "3-2"]]
    used = {parse_tile(t) for h in hands for t in h}
    pile = [str(t) for t in ALL_TILES if t not in used]
    position = read_position(
        {"rules": "domino101", "hands": hands, "chain": [], "boneyard": pile, "moves": [{"tile": "3-3", "end": "lead"}]}
    )
    state = position.state
    view = view_of(position.start, [e[1] for e in state.log], 0)
    knowledge = infer(view)
    assert knowledge.lead_forbidden == parse_tile("1-1").bit | parse_tile("2-2").bit
    chances = DealSampler(knowledge).marginals()
    for double in ("1-1", "2-2"):
        assert chances[parse_tile(double).index] == {STOCK: pytest.approx(1.0)}
    assert 0 < chances[parse_tile("4-4").index][1] < 1


def test_what_we_know_names_the_pass_in_both_languages() -> None:
    """Block for three: seat 1 passed with 4 and 0 open, so it holds neither."""
    data = {
        "rules": "block",
        "hands": [["6-6", "5-1", "3-0"], ["6-2", "5-5", "1-1"], ["6-1", "2-2", "4-2"]],
        "chain": ["4-4", "4-3", "3-3", "3-6", "6-5", "5-2", "2-0"],
        "to_move": 1,
        "moves": [{"action": "pass"}, {"tile": "4-2", "end": "left"}],
    }
    position = read_position(data)
    view = view_of(position.start, [e[1] for e in position.state.log], 0)
    facts = what_we_know(view)
    seat1 = next(f for f in facts.others if f.seat == 1)
    assert set(seat1.cannot_hold) >= {0, 4}
    # one pass showed both numbers: one reason names them together
    assert [r.en for r in seat1.reasons] == ["seat 1 passed on 0 and 4"]
    assert [r.ru for r in seat1.reasons] == ["игрок 1 спасовал на 0 и 4"]
    seat2 = next(f for f in facts.others if f.seat == 2)
    assert 4 not in seat2.cannot_hold
    for n in range(7):
        assert facts.unseen[n] == bin(view.unseen() & SUIT_MASK[n]).count("1")
    assert any(line.startswith("seat 1: no ") for line in facts.lines("en"))
    assert any(line.startswith(f"{seat_name(1).ru}: нет ") for line in facts.lines("ru"))


def test_a_view_hides_the_other_hands() -> None:
    rules = rules_of(("draw", 3, False))
    start, moves, state = decision_points(rules, 1, seed=4)[0]
    view = view_of_state(state, 1)
    assert view.state.hands[1] == state.hands[1]
    assert view.state.hands[0] == 0 and view.state.hands[2] == 0
    assert len(view.state.boneyard) == len(state.boneyard)
    # the placeholder boneyard is built from the seat's unseen tiles, not from the real pile
    assert all(not t.bit & view.seen() for t in view.state.boneyard)
    assert view_of(start, moves, 1).events == view.events


@pytest.mark.parametrize("line_up", line_ups(), ids=line_up_id)
def test_the_start_of_a_record_is_rebuilt_exactly(line_up: tuple[str, int, bool]) -> None:
    """From any state of a dealt hand, its record gives back the deal: hands and boneyard in order."""
    rules = rules_of(line_up)
    for start, moves in played_hands(rules, 3, seed=7):
        state = start
        for index, move in enumerate(moves):
            state = apply(state, move)
            if index % 4 == 0 or state.is_over:
                rebuilt = record_start(state)
                assert rebuilt is not None
                assert rebuilt.hands == start.hands and rebuilt.boneyard == start.boneyard
                assert rebuilt.to_move == start.to_move and rebuilt.lead_mask == start.lead_mask


def _fitting_deals(start: HandState, moves: list[Move], seat: int) -> tuple[int, Counter[tuple[int, int]]]:
    """By brute force, every placement of the tiles ``seat`` cannot see (no boneyard game) that agrees with the
    record: the deal it implies names the leader who led under the first-lead rule, and nobody passed holding
    a tile that fit. Returns the count and, per (tile, seat), how many placements give the tile to the seat."""
    state = start
    steps = []
    for move in moves:
        steps.append((state.to_move, move, {n for n in state.table.ends if n >= 0}))
        state = apply(state, move)
    players = state.rules.players
    seen = state.hands[seat] | sum(t.bit for t in state.table.tiles())
    unseen = [t for t in ALL_TILES if not t.bit & seen]
    others = [s for s in range(players) if s != seat]
    sizes = [bin(state.hands[s]).count("1") for s in others]
    played = {s: sum(m.tile.bit for w, m, _ in steps if w == s and m.tile is not None) for s in range(players)}
    leader = steps[0][0]
    count = 0
    holders: Counter[tuple[int, int]] = Counter()

    def place(k: int, left: list[Tile], hands: dict[int, int]) -> None:
        nonlocal count
        if k == len(others):
            dealt = [hands.get(s, state.hands[seat]) | played[s] for s in range(players)]
            decision = decide_first_lead(state.rules, dealt)
            if decision is None or decision.seat != leader:
                return
            for index, (who, move, ends) in enumerate(steps):
                if who != seat and move.action is Action.PASS:
                    later = sum(m.tile.bit for w, m, _ in steps[index + 1 :] if w == who and m.tile is not None)
                    if any((hands[who] | later) & SUIT_MASK[n] for n in ends):
                        return
            count += 1
            for s, hand in hands.items():
                for tile in ALL_TILES:
                    if hand & tile.bit:
                        holders[tile.index, s] += 1
            return
        for chosen in itertools.combinations(left, sizes[k]):
            mask = sum(t.bit for t in chosen)
            place(k + 1, [t for t in left if not t.bit & mask], {**hands, others[k]: mask})

    place(0, unseen, {})
    return count, holders


@pytest.mark.parametrize(
    ("line_up", "after", "seed"),
    [
        (("block", 2, False), 1, 3),
        (("block", 2, False), 6, 4),
        (("block", 4, True), 13, 5),
        (("kozel_pass", 4, False), 14, 6),
    ],
    ids=["block-2-lead", "block-2-later", "block-4-pairs", "kozel_pass-4"],
)
def test_the_first_lead_clue_matches_full_enumeration(line_up: tuple[str, int, bool], after: int, seed: int) -> None:
    """A first hand where any tile may be led: the deals the sampler counts, and every tile's chances, are
    exactly those of a brute-force enumeration that asks the rules core who would have led each deal."""
    rules = rules_of(line_up)
    assert rules.first_tile is FirstTile.ANY and lead_orders(rules.first_lead) is not None
    checked = 0
    for start, moves in played_hands(rules, 6, seed):
        if len(moves) <= after:
            continue
        for seat in (0, 1):  # two views a hand are enough (the enumeration is slow)
            view = view_of(start, moves[:after], seat, first_hand=True)
            sampler = DealSampler(infer(view))
            count, holders = _fitting_deals(start, moves[:after], seat)
            assert sampler.total == count and not sampler.relaxed
            chances = sampler.marginals()
            for tile in ALL_TILES:
                if view.unseen() & tile.bit:
                    for other in range(rules.players):
                        if other != seat:
                            expected = holders[tile.index, other] / count
                            assert chances[tile.index].get(other, 0.0) == pytest.approx(expected, abs=1e-12)
            checked += 1
        if checked >= 2:
            break
    assert checked >= 2


def test_what_we_know_says_who_holds_the_lead_tile() -> None:
    """The review's first-lead position: seat 1 holds 2-2 and not 1-1, seat 0 led (any tile may lead), so
    seat 0 holds 1-1; without the first-hand clue it would be a 30% guess."""
    position = read_position(
        {
            "rules": "block",
            "hand": "first",
            "hands": [
                ["1-1", "6-5", "4-0", "5-3", "6-2", "3-0", "4-1"],
                ["2-2", "6-6", "5-1", "6-3", "4-2", "5-0", "2-1"],
            ],
            "chain": [],
            "to_move": 0,
            "moves": [{"tile": "6-5", "end": "lead"}],
        }
    )
    assert position.lead is not None and position.lead.by_rule
    log = [e[1] for e in position.state.log]
    blind = DealSampler(infer(view_of(position.start, log, 1))).marginals()
    assert blind[parse_tile("1-1").index][0] == pytest.approx(0.3)
    view = view_of(position.start, log, 1, first_hand=True)
    assert DealSampler(infer(view)).marginals()[parse_tile("1-1").index] == {0: pytest.approx(1.0)}
    facts = what_we_know(view)
    seat0 = facts.others[0]
    assert parse_tile("1-1") in seat0.sure and seat0.lead is not None
    assert seat0.lead.en == "seat 0 led, so seat 0 holds 1-1"
    assert seat0.lead.ru == f"{seat_name(0).ru} зашёл первым, значит, 1-1 у игрока 0"
    assert seat0.lead.en in facts.lines("en") and seat0.lead.ru in facts.lines("ru")
