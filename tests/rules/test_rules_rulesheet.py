"""Rule sheets, option descriptions, differences and the glossary, in English and Russian."""

from __future__ import annotations

import re

import pytest
from tests_values import every_value

from tutorial_app.rules.options import OPTION_NAMES, HouseRules
from tutorial_app.rules.rulesheet import (
    GLOSSARY,
    OPTION_LABELS,
    SECTIONS,
    describe_option,
    explain_differences,
    glossary,
    rule_sheet,
    sheet_sections,
)
from tutorial_app.rules.variants import VARIANTS, rules_for

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
    assert describe_option("target", 101, "ru") == "Игра идёт до 101 очка."
    assert describe_option("target", 150, "ru") == "Игра идёт до 150 очков."
    assert "5 костей" in describe_option("hand_size", 5, "ru")
    assert "2 кости" in describe_option("reserve", 2, "ru")
    assert "3 игрока" in describe_option("players", 3, "ru")
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
            assert describe_option("target", rules.target, lang) in sheet
            assert describe_option("scoring", rules.scoring.value, lang) in sheet
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


def test_glossary_names_the_words_in_both_languages() -> None:
    words = {(entry.en, entry.ru) for entry in GLOSSARY}
    for pair in [("blocked hand", "рыба"), ("capicú", "капику"), ("boneyard", "базар"), ("tie bank", "сека"),
                 ("lead", "заход"), ("draft points", "черновые очки")]:
        assert pair in words
    fish = next(entry for entry in GLOSSARY if entry.ru == "рыба")
    assert "fish" in fish.also.en
    for lang in ("en", "ru"):
        items = glossary(lang)
        assert len(items) == len(GLOSSARY)
        for term, meaning in items:
            assert term and meaning.endswith(".")
    assert glossary("ru")[0][0].startswith("кость")


def test_default_rules_have_a_sheet_without_a_preset() -> None:
    sheet = rule_sheet(HouseRules(), "en")
    assert sheet.startswith("Players and the deal")
