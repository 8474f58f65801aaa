"""Rule sheets, option descriptions and differences, in English and Russian."""

from __future__ import annotations

import re

import pytest
from tests_values import every_value

from tutorial_app.rules.line.options import OPTION_NAMES, HouseRules
from tutorial_app.rules.line.rulesheet import (
    OPTION_LABELS,
    SECTIONS,
    describe_option,
    explain_differences,
    rule_sheet,
    sheet_sections,
)
from tutorial_app.rules.line.variants import VARIANTS, find_variant, rules_for

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def test_every_option_has_a_label_and_a_section() -> None:
    assert set(OPTION_LABELS) == set(OPTION_NAMES)
    in_sections = [name for _, names in SECTIONS for name in names]
    assert sorted(in_sections) == sorted(OPTION_NAMES)
    for label in OPTION_LABELS.values():
        assert label.en and CYRILLIC.search(label.ru)


@pytest.mark.parametrize(("name", "value"), every_value())
def test_every_option_value_reads_as_a_sentence_in_both_languages(name: str, value: object) -> None:
    en = describe_option(name, value, "en")
    ru = describe_option(name, value, "ru")
    assert en[0].isupper() and en.endswith(".") and not CYRILLIC.search(en)
    assert ru[0].isupper() and ru.endswith(".") and CYRILLIC.search(ru)


@pytest.mark.parametrize("name", OPTION_NAMES)
def test_different_values_read_differently(name: str) -> None:
    texts = {describe_option(name, value, "en") for n, value in every_value() if n == name}
    assert len(texts) == len([v for n, v in every_value() if n == name])


def test_numbers_appear_with_the_right_russian_form() -> None:
    assert describe_option("target", 101, "ru") == "Матч идёт до 101 очка."
    assert describe_option("target", 150, "ru") == "Матч идёт до 150 очков."
    assert "5 костей" in describe_option("hand_size", 5, "ru")
    assert "2 кости" in describe_option("reserve", 2, "ru")
    assert describe_option("players", 3, "ru") == "Игроков за столом: 3."
    assert "13 очков" in describe_option("opening_threshold", 13, "ru")


def test_unknown_options_and_values_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        describe_option("colour", "red")
    with pytest.raises(ValueError, match="scoring"):
        describe_option("scoring", "whatever")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_sheet_for_every_preset_and_player_count(lang: str) -> None:
    for variant in VARIANTS:
        for players in variant.players:
            rules = variant.rules(players)
            sheet = rule_sheet(rules, lang, preset=variant.name)
            assert sheet.startswith(variant.title.in_(lang))
            for heading, _ in SECTIONS:
                assert heading.in_(lang) in sheet
            assert describe_option("target", rules.target, lang, rules) in sheet
            assert describe_option("scoring", rules.scoring.value, lang, rules) in sheet
            assert "*" not in sheet  # no house rules: nothing marked
            if lang == "ru":
                assert not re.search(r"\b(the|and|tile)\b", sheet)


def test_sheet_leaves_out_options_that_do_not_apply() -> None:
    block = [line.option for s in sheet_sections(rules_for("block", 2)) for line in s.lines]
    assert "boneyard" in block and "draw_rule" not in block and "reserve" not in block
    assert "fives_claim" not in block and "teams" not in block
    draw = [line.option for s in sheet_sections(rules_for("draw", 4)) for line in s.lines]
    assert "draw_rule" in draw and "teams" in draw


def test_house_rules_are_marked_on_the_sheet() -> None:
    rules = rules_for("draw", 2, {"target": 150, "blank_double_value": 10})
    sheet = rule_sheet(rules, "en", preset="draw")
    marked = [line for line in sheet.splitlines() if line.endswith(" *")]
    assert len(marked) == 2
    assert any("150" in line for line in marked) and any("0-0" in line for line in marked)
    assert "Target" in sheet.splitlines()[2] and "Value of 0-0" in sheet.splitlines()[2]


def test_explain_differences_between_block_and_goat() -> None:
    diffs = explain_differences(rules_for("block", 2), rules_for("kozel", 2), "en")
    expected = rules_for("block", 2).differences(rules_for("kozel", 2))
    assert [d.option for d in diffs] == [n for _, names in SECTIONS for n in names if n in expected]
    scoring = next(d for d in diffs if d.option == "scoring")
    assert scoring.first == describe_option("scoring", "winner_takes_opponents")
    assert scoring.second == describe_option("scoring", "goat")
    assert scoring.label == "Scoring" and str(scoring).startswith("Scoring: ")
    ru = explain_differences(rules_for("block", 2), rules_for("kozel", 2), "ru")
    assert all(CYRILLIC.search(d.first) and CYRILLIC.search(d.label) for d in ru)
    assert explain_differences(rules_for("block", 2), rules_for("block", 2)) == []


def test_default_rules_have_a_sheet_without_a_preset() -> None:
    sheet = rule_sheet(HouseRules(), "en")
    assert sheet.startswith("Players and the deal")


# -- lines that can never apply are left out or reworded (content review, points 9-11) ----------------


def _lines(name: str, players: int, lang: str = "en") -> dict[str, str]:
    rules = rules_for(name, players)
    return {line.option: line.text for s in sheet_sections(rules, lang, name) for line in s.lines}


def test_two_player_all_hands_scoring_names_no_partner() -> None:
    two = _lines("international_two", 2)["scoring"]
    assert "partner" not in two and "own pips count too" in two
    assert "partner" in _lines("international", 4)["scoring"]


def test_goat_fish_sheet_has_no_tie_line() -> None:
    # the fish maker escapes in goat: "the lowest counts tied" cannot happen
    assert "blocked_tie" not in _lines("kozel", 4)
    assert "blocked_tie" in _lines("kozel_pass", 4) and "blocked_tie" in _lines("block", 2)


def test_redeal_clause_only_where_the_lead_rule_can_fail() -> None:
    assert _lines("block", 2)["redeal"] == "There is no redeal: every hand is played with the tiles as they were dealt."
    assert "only when nobody holds" in _lines("donkey", 2)["redeal"]
    assert "dealt again" in _lines("donkey", 2)["first_lead"]
    assert "dealt again" not in _lines("donkey", 4)["first_lead"]
    international = _lines("international", 4)
    assert "not dealt" not in international["first_lead"] and "all 28" in international["first_lead"]
    assert "any tiles not dealt" not in international["boneyard"]


def test_drawn_tile_line_only_where_it_can_differ() -> None:
    assert "must_play_drawn" not in _lines("draw", 2)  # one at a time: only the drawn tile can fit
    assert "must_play_drawn" in _lines("domino101", 3)  # until playable, and it must be played
    assert "must_play_drawn" in _lines("domino101", 2)  # pairs: either drawn tile may be played


def test_fives_say_positive_multiple_and_fish_lines_read_naturally() -> None:
    assert "positive multiple of 5" in _lines("all_fives", 2)["fives_scoring"]
    assert "очки считают так же, как при выходе" in _lines("block", 2, "ru")["blocked_scoring"]
    sheets = [rule_sheet(rules_for(v.name, p), "ru", v.name) for v in VARIANTS for p in v.players]
    assert not any("сдач" in sheet.replace("раздач", "").replace("пересдач", "") for sheet in sheets)


def test_block_with_boneyard_on_the_sheet() -> None:
    assert "only when nothing more may be drawn" in _lines("international_two", 2)["block_with_boneyard"]
    assert "as soon as nobody can play" in _lines("draw", 2)["block_with_boneyard"]
    assert "block_with_boneyard" not in _lines("block", 2)


def test_classic_sheet_says_the_winner_leads_after_a_fish_too() -> None:
    assert "its winner leads the next one too" in _lines("classic", 2)["blocked_next_lead"]


def test_goat_sheet_has_no_capicu_line() -> None:
    # goat's winner writes nothing, so a capicú bonus has nowhere to go, even when a table sets one
    assert "capicu_bonus" not in _lines("kozel", 4)
    goat_with_bonus = rule_sheet(rules_for("kozel", 4, {"capicu_bonus": 25}), "en", "kozel")
    assert "capicú" not in goat_with_bonus
    assert "capicu_bonus" in _lines("international", 4)


def test_the_word_seka_only_where_the_tie_goes_to_the_bank() -> None:
    # RULES.md section 1: the сека comes with its bank (Domino 101); other games' pages call it a tie
    for variant in VARIANTS:
        for players in variant.players:
            rules = rules_for(variant.name, players)
            sheet = rule_sheet(rules, "ru", variant.name)
            if rules.blocked_tie.value != "bank":
                assert "сек" not in sheet, (variant.name, players)
    assert "после рыбы вничью" in _lines("classic", 2, "ru")["blocked_next_lead"]


def test_a_presets_sheet_gives_its_player_count_without_reading_as_a_limit() -> None:
    """The default sheet of a 2-4 player preset says how many sit at this table and how many may."""
    assert "Players at the table: 4 (this game is played by 2, 3 or 4)." in rule_sheet(
        rules_for("kozel", 4), "en", "kozel"
    )
    assert "Игроков за столом: 2 (в эту игру играют вдвоём, втроём или вчетвером)." in rule_sheet(
        rules_for("block", 2), "ru", "block"
    )
    assert "Players at the table: 4.\n" in rule_sheet(rules_for("international", 4), "en", "international")


def test_the_two_goats_each_say_how_they_differ_from_the_other() -> None:
    """kozel and kozel_pass are both four-player goats without a boneyard: their sheets say what sets them apart,
    naming the other goat by its title."""
    for name, other in (("kozel", "kozel_pass"), ("kozel_pass", "kozel")):
        for lang in ("en", "ru", "uk", "es"):
            sheet = rule_sheet(rules_for(name, 4), lang, name)
            about = find_variant(name).about
            assert about is not None and about.in_(lang) in sheet.splitlines()[2]
            # the other goat by its name in the reader's language, never by its id ("kozel_pass" in Spanish)
            assert not re.search(rf"\b{other}\b", about.in_(lang)), about.in_(lang)
            if name == "kozel":
                assert find_variant(other).title.in_(lang).split(":")[0] in about.in_(lang), about.in_(lang)
    assert "0-0" in find_variant("kozel").title.en and "lowest double" in find_variant("kozel_pass").title.en
