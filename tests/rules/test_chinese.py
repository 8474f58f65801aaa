"""Chinese dominoes: the set, names, colours, combinations and which set beats which."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutorial_app.rules.tien_gow.tiles import (
    CHINESE_KINDS,
    CHINESE_SET,
    CIVIL_ORDER,
    FAMILIES,
    MILITARY_ORDER,
    ChineseRulesError,
    ComboKind,
    Suit,
    beats,
    can_lead,
    chinese_tile,
    civil_rank,
    combination,
    copies_in_set,
    judge,
    lead_options,
    military_value,
    red_pips,
    suit_of,
    tile_aliases,
    tile_name,
    white_pips,
    why_not_combination,
)
from tutorial_app.rules.tiles import ALL_TILES, Tile


def test_the_set_has_32_tiles_and_no_blanks() -> None:
    assert len(CHINESE_SET) == 32
    assert len(CHINESE_KINDS) == 21
    assert all(t.lo >= 1 for t in CHINESE_SET)
    # every double-six tile without a blank is a kind, exactly once
    assert set(CHINESE_KINDS) == {t for t in ALL_TILES if t.lo >= 1}


def test_civil_kinds_come_twice_and_military_once() -> None:
    counts = Counter(CHINESE_SET)
    assert sum(1 for t in CHINESE_KINDS if suit_of(t) is Suit.CIVIL) == 11
    assert sum(1 for t in CHINESE_KINDS if suit_of(t) is Suit.MILITARY) == 10
    for tile in CHINESE_KINDS:
        assert counts[tile] == copies_in_set(tile) == (2 if suit_of(tile) is Suit.CIVIL else 1)


def test_civil_tiles_are_the_doubles_and_five_more() -> None:
    # S3: the doubles and 1-3, 1-5, 1-6, 4-6, 5-6
    civil = {t for t in CHINESE_KINDS if suit_of(t) is Suit.CIVIL}
    doubles = {Tile(n, n) for n in range(1, 7)}
    assert civil == doubles | {Tile(1, 3), Tile(1, 5), Tile(1, 6), Tile(4, 6), Tile(5, 6)}


def test_s3_russian_names() -> None:
    expected = {
        "1-1": "земля",
        "2-2": "скамья",
        "4-4": "человек",
        "5-5": "цветок сливы",
        "6-6": "небо",
        "3-1": "гусь",
        "5-1": "большеголовая шестёрка",
        "6-1": "длинноногая семёрка",
        "6-4": "ширма",
        "6-5": "топорик",
    }
    for tile, name in expected.items():
        assert tile_name(tile).ru == name
    # S3's «платье» for 3-3 disagrees with pagat's "long three": kept as an alias
    assert tile_name("3-3").en == "Long three"
    assert "платье" in tile_aliases("3-3", "ru")


def test_military_tiles_are_named_by_their_total() -> None:
    assert tile_name("4-1").ru == "пятёрка"  # S3's example
    assert tile_name("6-3").ru == "девятка"  # S3's example
    for tile in MILITARY_ORDER:
        assert tile_name(tile) == tile_name(next(m for m in MILITARY_ORDER if m.pips == tile.pips))
    assert {military_value(t) for t in MILITARY_ORDER} == {9, 8, 7, 6, 5, 3}


def test_every_name_exists_in_both_languages() -> None:
    for tile in CHINESE_KINDS:
        name = tile_name(tile)
        assert name.en and name.ru


def test_civil_order_from_pagat() -> None:
    order = [tile_name(t).en for t in CIVIL_ORDER]
    assert order == [
        "Heaven",
        "Earth",
        "Man",
        "Goose",
        "Plum flower",
        "Long three",
        "Bench",
        "Axe",
        "Red-head ten",
        "Long-leg seven",
        "Big-head six",
    ]
    assert [civil_rank(t) for t in CIVIL_ORDER] == list(range(1, 12))


def test_red_pips_are_the_ones_and_fours_and_half_of_heaven() -> None:
    assert red_pips("4-1") == 5 and white_pips("4-1") == 0
    assert red_pips("6-5") == 0 and white_pips("6-5") == 11
    assert red_pips("6-6") == 6 and white_pips("6-6") == 6
    assert red_pips("6-4") == 4 and white_pips("6-4") == 6
    for tile in CHINESE_KINDS:
        assert red_pips(tile) + white_pips(tile) == tile.pips


@pytest.mark.parametrize("bad", ["0-0", "6-0", "7-1", "x", [1]])
def test_bad_tiles_get_a_reason(bad: object) -> None:
    with pytest.raises(ChineseRulesError) as info:
        chinese_tile(bad)
    assert info.value.reason.en and info.value.reason.ru


def test_civil_single_beats_only_lower_civil_single() -> None:
    for hi, lo in combinations(CIVIL_ORDER, 2):
        assert beats([hi], [lo])
        assert not beats([lo], [hi])
    assert not beats(["6-6"], ["6-6"])


def test_military_single_by_total_and_equal_totals_do_not_beat() -> None:
    assert beats(["6-3"], ["6-2"])
    assert beats(["4-2"], ["3-2"])
    assert not beats(["6-3"], ["5-4"])
    assert not beats(["5-4"], ["6-3"])
    verdict = judge(["6-3"], ["5-4"])
    assert "equal" in verdict.why.en and "равн" in verdict.why.ru


def test_a_single_of_the_other_suit_never_beats() -> None:
    for civil in CIVIL_ORDER:
        for military in MILITARY_ORDER:
            assert not beats([military], [civil])
            assert not beats([civil], [military])
    why = judge(["6-3"], ["5-1"]).why
    assert "same kind" in why.en


def test_pairs_and_what_beats_them() -> None:
    assert combination(["6-6", "6-6"]).kind is ComboKind.CIVIL_PAIR
    assert combination(["6-3", "5-4"]).kind is ComboKind.MILITARY_PAIR
    assert combination(["2-1", "4-2"]).kind is ComboKind.MILITARY_PAIR
    assert combination(["6-6", "6-3"]).kind is ComboKind.MIXED_PAIR
    assert beats(["1-1", "1-1"], ["4-4", "4-4"])
    assert not beats(["6-3", "5-4"], ["5-1", "5-1"])  # military pair vs civil pair
    assert beats(["2-1", "4-2"], ["6-3", "5-4"])  # Supreme above the nines
    assert beats(["6-3", "5-4"], ["6-2", "5-3"])
    assert not beats(["6-6", "6-6"], ["3-1", "4-1"])  # civil pair vs mixed pair


def test_s3_goose_five_is_beaten_only_by_man_seven_earth_eight_heaven_nine() -> None:
    goose_five = ["3-1", "4-1"]
    pairs = [list(p) for p in combinations(CHINESE_KINDS, 2)] + [[t, t] for t in CIVIL_ORDER]
    winners = {tuple(sorted(str(t) for t in combination(p).tiles)) for p in pairs if beats(p, goose_five)}
    families = {
        tuple(sorted(str(t) for t in combination(p).tiles))
        for p in pairs
        if can_lead(p)
        and combination(p).kind is ComboKind.MIXED_PAIR
        and combination(p).tiles[0] in (Tile(4, 4), Tile(1, 1), Tile(6, 6))
    }
    assert winners == families
    assert len(winners) == 2 + 2 + 2  # two sevens, two eights, two nines to go with man, earth, heaven


def test_which_sets_may_be_led() -> None:
    assert can_lead(["6-6"])
    assert not can_lead(["6-6", "1-1"])  # two different civil tiles
    assert not can_lead(["6-3", "6-2"])  # different military totals
    assert not can_lead(["6-6", "6-2"])  # heaven goes with nines, not eights
    assert not can_lead(["5-5", "5-4"])  # plum flower has no military partner
    assert not can_lead(["2-1", "2-1"])  # only one 1-2 in the set
    assert can_lead(["6-6", "6-6", "6-3"])
    assert can_lead(["6-6", "6-3", "5-4"])
    assert can_lead(["3-1", "3-1", "4-1", "3-2"])
    assert not can_lead(["6-6", "6-6", "1-1"])
    assert not can_lead(["6-6", "6-6", "6-3", "6-2"])
    assert not can_lead([])
    assert not can_lead(["6-6"] * 2 + ["6-3", "5-4", "1-1"])
    reason = why_not_combination(["6-6", "1-1"])
    assert reason is not None and "same kind" in reason.en and reason.ru


def test_triplets_beat_only_the_same_make_up() -> None:
    assert beats(["6-6", "6-6", "5-4"], ["4-4", "4-4", "4-3"])
    assert not beats(["6-6", "6-3", "5-4"], ["4-4", "4-4", "4-3"])
    assert beats(["1-1", "6-2", "5-3"], ["3-1", "4-1", "3-2"])
    assert beats(["6-6", "6-6", "6-3", "5-4"], ["1-1", "1-1", "6-2", "5-3"])
    assert not beats(["6-6", "6-6", "6-3"], ["1-1", "1-1", "6-2", "5-3"])  # three tiles against four


def test_a_reply_that_is_no_combination_loses_with_a_reason() -> None:
    verdict = judge(["6-6", "1-1"], ["2-2", "2-2"])
    assert not verdict.beats
    assert "face down" in verdict.why.en and "рубашкой" in verdict.why.ru


def test_lead_options_lists_every_distinct_set() -> None:
    options = lead_options(["6-6", "6-6", "6-3", "5-4"])
    kinds = Counter(c.kind for c in options)
    assert kinds[ComboKind.CIVIL_SINGLE] == 1
    assert kinds[ComboKind.MILITARY_SINGLE] == 2
    assert kinds[ComboKind.CIVIL_PAIR] == 1
    assert kinds[ComboKind.MIXED_PAIR] == 2
    assert kinds[ComboKind.MILITARY_PAIR] == 1
    assert kinds[ComboKind.CIVIL_TRIPLET] == 2
    assert kinds[ComboKind.MILITARY_TRIPLET] == 1
    assert kinds[ComboKind.QUARTET] == 1


def test_families_are_ordered_heaven_earth_man_goose() -> None:
    assert [(str(c), v) for c, v in FAMILIES] == [("6-6", 9), ("1-1", 8), ("4-4", 7), ("3-1", 5)]


sets = st.lists(st.sampled_from(CHINESE_SET), min_size=1, max_size=4)


@given(sets, sets)
def test_beats_is_a_strict_order_on_combinations(a: list[Tile], b: list[Tile]) -> None:
    if not (can_lead(a) and can_lead(b)):
        return
    # never both ways; never against itself
    assert not (beats(a, b) and beats(b, a))
    assert not beats(a, a)
    verdict = judge(a, b)
    assert verdict.why.en.startswith("Yes" if verdict.beats else "No")
    assert verdict.why.ru.startswith("Да" if verdict.beats else "Нет")
    if verdict.beats:
        assert combination(a).kind is combination(b).kind
