"""First lead (every FirstLead rule), redeals (no lead tile, domino 101), dealing, and the next hand's lead."""

from __future__ import annotations

import random

import pytest
from rules_helpers import mask, played, position

from tutorial_app.rules.line.deal import deal, decide_first_lead, redeal_reason
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.options import FirstLead, FirstTile, HouseRules, Teams
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import Status
from tutorial_app.rules.line.variants import VARIANTS, rules_for
from tutorial_app.rules.tiles import ALL_TILES, FULL_MASK, SUIT_MASK, Tile


def lead_of(rule: str, *hands: tuple[str, ...], first_tile: str = "determining") -> tuple[int | None, list[str]] | None:
    rules = HouseRules(players=len(hands), hand_size=2, first_lead=FirstLead(rule), first_tile=FirstTile(first_tile))
    found = decide_first_lead(rules, [mask(*h) for h in hands])
    if found is None:
        return None
    return found.seat, [str(t) for t in found.lead_tiles]


# -- lowest_double_not_blank ------------------------------------------------------------


def test_lowest_double_skips_the_blank() -> None:
    assert lead_of("lowest_double_not_blank", ("0-0", "5-5"), ("2-2", "6-1"), ("6-6", "1-0")) == (1, ["2-2"])


def test_lowest_double_falls_back_to_the_lowest_tile_by_pips_then_high_half() -> None:
    # no double from 1-1 to 6-6: 1-2 and 0-3 both have 3 pips; 1-2 has the lower high half
    assert lead_of("lowest_double_not_blank", ("0-3", "6-5"), ("1-2", "6-4")) == (1, ["2-1"])


def test_lowest_double_any_tile_when_the_first_tile_is_free() -> None:
    rules = rules_for("block", 2)
    found = decide_first_lead(rules, [mask("3-3", "6-1"), mask("5-5", "4-1")])
    assert found is not None and found.seat == 0 and found.lead_mask == FULL_MASK


# -- highest_double -----------------------------------------------------------------------


def test_highest_double_from_six_six_down() -> None:
    assert lead_of("highest_double", ("1-1", "6-6"), ("5-5", "6-2")) == (0, ["6-6"])
    assert lead_of("highest_double", ("1-1", "6-4"), ("5-5", "6-2")) == (1, ["5-5"])


def test_highest_double_without_doubles_leads_the_highest_tile() -> None:
    # 6-3 and 5-4 both have 9 pips: the larger high half wins; 0-0 is not a lead double here
    assert lead_of("highest_double", ("5-4", "0-0"), ("6-3", "0-1")) == (1, ["6-3"])


# -- blank_then_highest -------------------------------------------------------------------


def test_blank_double_leads_before_six_six() -> None:
    assert lead_of("blank_then_highest", ("6-6", "5-5"), ("0-0", "1-2")) == (1, ["0-0"])


def test_blank_then_highest_double_then_highest_tile() -> None:
    assert lead_of("blank_then_highest", ("4-4", "1-2"), ("3-3", "6-5")) == (0, ["4-4"])
    assert lead_of("blank_then_highest", ("4-3", "1-2"), ("6-4", "6-5")) == (1, ["6-5"])


# -- priority_101 ---------------------------------------------------------------------------


def test_priority_101_order() -> None:
    assert lead_of("priority_101", ("6-6", "1-1"), ("2-2", "0-0")) == (0, ["1-1"])
    assert lead_of("priority_101", ("6-6", "5-0"), ("0-0", "3-1")) == (0, ["6-6"])
    assert lead_of("priority_101", ("6-5", "5-0"), ("0-0", "3-1")) == (1, ["0-0"])


def test_priority_101_skips_a_double_in_the_boneyard_and_redeals_without_one() -> None:
    # 1-1 and 2-2 are in the boneyard (nobody holds them): the holder of 3-3 leads
    assert lead_of("priority_101", ("6-5", "3-3"), ("2-1", "4-4")) == (0, ["3-3"])
    assert lead_of("priority_101", ("6-5", "3-2"), ("2-1", "4-0")) is None
    rules = rules_for("domino101", 2)
    reason = redeal_reason(rules, [mask("6-5", "3-2"), mask("2-1", "4-0")], None)
    assert reason is not None and "redeal" in reason.en and "пересдача" in reason.ru


# -- double_six_must ---------------------------------------------------------------------------


def test_double_six_must_be_led() -> None:
    assert lead_of("double_six_must", ("1-1", "2-2"), ("6-6", "0-0")) == (1, ["6-6"])
    assert lead_of("double_six_must", ("1-1", "2-2"), ("6-5", "0-0")) is None


def test_international_empty_chain_names_the_six_six_holder() -> None:
    pos = position("international", [["6-1"], ["6-6", "0-0"], ["5-5"], ["4-4"]], [])
    assert pos.lead is not None and pos.lead.seat == 1
    assert pos.redeal is None


# -- draw_lots ---------------------------------------------------------------------------------


def test_draw_lots_is_unknown_from_a_position_and_seeded_in_a_deal() -> None:
    rules = rules_for("international_two")
    found = decide_first_lead(rules, [mask("6-6"), mask("5-5")])
    assert found is not None and found.seat is None
    seats = {deal(rules, random.Random(seed)).state.leader for seed in range(40)}
    assert seats == {0, 1}  # either player can win the lots
    again = [deal(rules, random.Random(7)).state.leader for _ in range(3)]
    assert len(set(again)) == 1


# -- highest_tile ------------------------------------------------------------------------------


def test_highest_tile_prefers_the_double_on_equal_pips() -> None:
    assert lead_of("highest_tile", ("6-2", "0-1"), ("4-4", "0-2")) == (1, ["4-4"])
    assert lead_of("highest_tile", ("6-6", "0-1"), ("6-5", "0-2")) == (0, ["6-6"])


# -- donkey ------------------------------------------------------------------------------------


def test_donkey_one_one_then_smallest_double_then_blank() -> None:
    assert lead_of("donkey", ("6-6", "1-1"), ("2-2", "0-0")) == (0, ["1-1"])
    assert lead_of("donkey", ("6-6", "5-1"), ("2-2", "0-0")) == (1, ["2-2"])
    assert lead_of("donkey", ("6-5", "5-1"), ("2-1", "0-0")) == (1, ["0-0"])
    assert lead_of("donkey", ("6-5", "5-1"), ("2-1", "0-4")) is None


def test_any_first_tile_lets_the_leader_lead_anything() -> None:
    rules = HouseRules(players=2, hand_size=2, first_lead=FirstLead.DONKEY, first_tile=FirstTile.ANY)
    found = decide_first_lead(rules, [mask("6-5", "1-1"), mask("2-1", "0-4")])
    assert found is not None and found.seat == 0 and found.lead_mask == FULL_MASK
    determining = decide_first_lead(
        rules.with_overrides({"first_tile": "determining"}), [mask("6-5", "1-1"), mask("2-1", "0-4")]
    )
    assert determining is not None and determining.lead_mask == Tile(1, 1).bit


@pytest.mark.parametrize("preset", [v.name for v in VARIANTS])
def test_lead_is_open_exactly_when_every_tile_the_leader_holds_may_lead(preset: str) -> None:
    seen = set()
    for seed in range(30):
        start = deal(rules_for(preset), random.Random(seed)).state
        leads = {m.tile for m in legal_moves(start) if m.tile is not None}
        assert start.lead_is_open == (leads == set(start.hand(start.leader))), seed
        seen.add(start.lead_is_open)
    # a determining first tile names one tile out of seven; otherwise any tile may lead
    assert seen == ({False} if rules_for(preset).first_tile is FirstTile.DETERMINING else {True})


def test_in_pairs_is_the_teams_option() -> None:
    for variant in VARIANTS:
        rules = rules_for(variant.name)
        assert rules.in_pairs == (rules.teams is Teams.PAIRS)
    pairs = rules_for("block", 4).with_overrides({"teams": "pairs"})
    assert pairs.in_pairs and pairs.sides == 2 and pairs.seats_of(0) == (0, 2)


# -- redeal conditions of domino 101 (section 5) ----------------------------------------------------


def _redeal(players: int, *hands: tuple[str, ...]) -> str | None:
    rules = rules_for("domino101", players)
    masks = [mask(*h) for h in hands]
    reason = redeal_reason(rules, masks, decide_first_lead(rules, masks))
    return None if reason is None else reason.en


NORMAL = ("1-1", "2-3", "4-5", "6-0", "3-4", "5-6", "0-2")


def test_redeal_five_of_a_suit_without_its_double() -> None:
    assert _redeal(2, ("0-1", "0-2", "0-3", "0-4", "0-5", "6-6", "1-2"), NORMAL[1:3]) is not None


def test_double_and_four_others_of_a_suit_stands_but_double_and_five_does_not() -> None:
    assert _redeal(2, ("0-0", "0-1", "0-2", "0-3", "0-4", "6-6", "1-2"), ("1-1", "2-3")) is None
    assert _redeal(2, ("0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "1-2"), ("1-1", "2-3")) is not None


def test_redeal_six_of_a_suit() -> None:
    assert _redeal(2, ("5-0", "5-1", "5-2", "5-3", "5-4", "5-6", "1-1"), ("2-3",)) is not None


def test_redeal_five_doubles_but_not_four() -> None:
    assert _redeal(2, ("0-0", "1-1", "2-2", "3-3", "4-4", "5-6", "1-2"), ("2-3",)) is not None
    assert _redeal(2, ("0-0", "1-1", "2-2", "3-3", "4-5", "5-6", "1-2"), ("2-3",)) is None


def test_redeal_four_players_when_the_other_pair_lacks_the_opening_suit() -> None:
    # seat 0 leads 1-1; seats 1 and 3 hold no tile with a 1
    assert _redeal(4, ("1-1", "2-3"), ("4-4", "5-6"), ("1-2", "0-0"), ("6-6", "0-2")) is not None
    # seat 3 holds 1-5: the deal stands
    assert _redeal(4, ("1-1", "2-3"), ("4-4", "5-6"), ("1-2", "0-0"), ("6-6", "1-5")) is None


def test_redeal_conditions_only_apply_under_the_101_option() -> None:
    rules = rules_for("draw", 2)
    hands = [mask("0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1"), mask("2-2")]
    assert redeal_reason(rules, hands, decide_first_lead(rules, hands)) is None


def test_position_reports_a_redeal() -> None:
    pos = position("domino101", [["0-0", "1-1", "2-2", "3-3", "4-4", "5-6", "1-2"], ["2-3", "6-4"]], [])
    assert pos.redeal is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dealt_101_hands_never_break_a_redeal_condition(players: int) -> None:
    rules = rules_for("domino101", players)
    for seed in range(150):
        dealt = deal(rules, random.Random(seed))
        hands = dealt.state.hands
        for hand in hands:
            assert bin(hand).count("1") == 7
            assert sum(1 for n in range(7) if hand & Tile(n, n).bit) < 5
            for n in range(7):
                count = bin(hand & SUIT_MASK[n]).count("1")
                assert count < 6 and not (count == 5 and not hand & Tile(n, n).bit)
        assert all(reason.en for reason in dealt.redeals)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_every_preset_deals_the_right_hands_and_leader(variant: object) -> None:
    from tutorial_app.rules.line.variants import Variant

    assert isinstance(variant, Variant)
    for players in variant.players:
        rules = variant.rules(players)
        for seed in range(20):
            dealt = deal(rules, random.Random(seed))
            state = dealt.state
            assert [bin(h).count("1") for h in state.hands] == [rules.hand_size] * players
            assert state.tiles_in_play() == 28
            assert state.to_move == state.leader == dealt.lead.seat
            if rules.first_lead.value != "draw_lots":
                expected = decide_first_lead(rules, state.hands)
                assert expected is not None and expected.seat == state.leader
                assert expected.lead_mask == state.lead_mask


# -- who leads the next hand ------------------------------------------------------------------


def test_next_leader_after_a_win_is_the_winner() -> None:
    result = hand_result(position("domino101", [["6-5"], []], ["3-5", "5-1"]).state)
    assert result.next_leader == 1


def test_next_leader_after_a_block_fish_maker_lowest_hand_or_lots() -> None:
    hands = [["3-4", "0-0"], ["2-2", "5-6"], ["4-4", "1-0"], ["6-6", "0-5"]]
    moves = ("4-3 right", "2-2 left", "4-4 right")
    by_rule = {}
    for rule in ("fish_maker", "lowest_hand", "first_lead_rule"):
        pos = position("kozel_pass", hands, ["2-3"], to_move=0, overrides={"blocked_next_lead": rule})
        final, result = played(pos.state, *moves)
        assert final.status is Status.BLOCKED
        by_rule[rule] = result.next_leader
    # seat 2 made the fish; seat 0 has the fewest pips (0-0)
    assert by_rule == {"fish_maker": 2, "lowest_hand": 0, "first_lead_rule": None}


def test_next_leader_after_a_tie_is_the_fish_maker() -> None:
    # 5-6 on the left makes both ends 5; neither 2-1 (seat 0, 3 pips) nor 3-0 (seat 1, 3 pips) has a 5
    chain = ["6-0", "0-1", "1-6", "6-2", "2-3", "3-6", "6-4", "4-5"]
    pos = position("block", [["5-6", "2-1"], ["3-0"]], chain, to_move=0)
    final, result = played(pos.state, "5-6 left")
    assert final.status is Status.BLOCKED
    assert result.tie is True and result.winner_sides == (0, 1)
    assert result.points == (0, 0)
    assert result.next_leader == 0


@pytest.mark.parametrize("preset", [v.name for v in VARIANTS])
def test_the_tiles_shown_as_playable_at_a_first_lead_are_the_legal_leads(preset: str) -> None:
    """``fitting`` (the tiles a board highlights and a row of buttons marks) is the legal moves' tiles at a first
    lead too: only 0-0 in kozel, 6-6 in international, the determining double in classic and 101; any tile where
    the first leader may lead what they like."""
    for seed in range(25):
        state = deal(rules_for(preset), random.Random(seed)).state
        legal = {move.tile for move in legal_moves(state) if move.tile is not None}
        shown = {tile for tile in ALL_TILES if tile.bit & state.fitting(state.to_move)}
        assert shown == legal, (preset, seed)


_ANY_TILE = {"en": "any tile", "ru": "любой кост", "uk": "будь-як", "es": "cualquier ficha"}
"""How each language says "any tile" in a lead's sentence (a stem: the case varies)."""


@pytest.mark.parametrize(
    "preset", ["block", "draw", "kozel", "kozel_pass", "international", "domino101", "classic", "all_fives", "donkey"]
)
@pytest.mark.parametrize("lang", sorted(_ANY_TILE))
def test_a_first_lead_says_the_leader_holds_the_tile_and_what_they_may_lead_once(preset: str, lang: str) -> None:
    """ "Seat 1 leads: they hold the lowest double, 1-1, and may lead any tile." (not "leads: lowest double 1-1",
    which reads as if the double were led, while any tile may be)."""
    rules = rules_for(preset)
    for seed in range(5):
        lead = deal(rules, random.Random(seed)).lead
        assert lead is not None and lead.seat is not None
        said = lead.reason.in_(lang)
        assert "{" not in said and (lead.why == "lots" or f" {lead.tile}" in said), said
        assert lead.why == "lots" or "they hold " in lead.reason.en, lead.reason.en
        if lang != "en":
            assert said != lead.reason.en, said  # translated
        assert said.count(_ANY_TILE[lang]) == (1 if lead.lead_mask == FULL_MASK else 0), said


def test_the_lowest_double_leads_because_its_holder_has_it() -> None:
    lead = decide_first_lead(rules_for("block", 2), [mask("6-2", "1-1"), mask("3-3", "0-4")])
    assert lead is not None
    assert lead.reason.en == "Seat 0 leads: they hold the lowest double, 1-1, and may lead any tile."
    must = decide_first_lead(rules_for("classic", 2), [mask("6-2", "1-1"), mask("3-3", "0-4")])
    assert must is not None
    assert must.reason.en == "Seat 1 leads: they hold the highest double, 3-3, and must lead that tile."
