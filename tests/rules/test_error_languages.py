"""Every refusal of the rules core speaks Russian too: bad positions, options, presets, tiles.

The battery is the bad input the referee command is tested with
(``tests/test_cli_referee.py``), more positions that reach every check of the
position reader, every option set to values it refuses under every preset
and player count, and badly written tiles. Each error must keep its English
``str()`` and carry a Russian ``reason`` that is really Russian.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tutorial_app.language import LANGS
from tutorial_app.rules.line.deal import DealError, deal
from tutorial_app.rules.line.options import OPTION_NAMES, HouseRules, OptionError, allowed_values
from tutorial_app.rules.line.position import PositionError, read_position
from tutorial_app.rules.line.variants import VARIANTS, UnknownVariantError, find_variant, rules_for
from tutorial_app.rules.text import RulesError, Text, reason_of
from tutorial_app.rules.tiles import Tile, TileError, parse_tile

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
CLI_TESTS = Path(__file__).resolve().parents[1] / "cli" / "test_cli_referee.py"


def _cli_bad_inputs() -> dict[str, Any]:
    """The referee command's bad files that parse as YAML/JSON (the others never reach the rules core)."""
    if str(CLI_TESTS.parent) not in sys.path:  # the CLI tests import their helpers by bare name (cli_helpers)
        sys.path.append(str(CLI_TESTS.parent))
    spec = importlib.util.spec_from_file_location("_referee_cli_cases", CLI_TESTS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    parsed: dict[str, Any] = {}
    for name, (text, _needle) in module.BAD_INPUTS.items():
        if isinstance(text, bytes) or len(text) > 10_000:
            continue
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError:
            continue
        if data is not None:
            parsed[f"cli: {name}"] = data
    return parsed


LINE = {"rules": "block", "hands": [["6-5", "3-2"], ["1-1"]], "chain": ["3-5", "5-1"], "to_move": 0}
SPINNER = {"rules": "all_fives", "hands": [["6-4"], ["1-1"]]}

MORE_POSITIONS: dict[str, Any] = {
    "tile written as a word": {**LINE, "hands": [["six-four"], ["1-1"]]},
    "tile as a mapping": {**LINE, "hands": [[{"a": 1}], ["1-1"]]},
    "chain tile not a tile": {**LINE, "chain": ["3-5", "x"]},
    "chain not a list": {**LINE, "chain": "3-5"},
    "boneyard tile twice": {"rules": "draw", "hands": [["6-5"], ["1-1"]], "boneyard": ["6-5"]},
    "boneyard tile 9-9": {"rules": "draw", "hands": [["6-5"], ["1-1"]], "boneyard": ["9-9"]},
    "last_move_by out of range": {**LINE, "last_move_by": 7},
    "to_move on an empty table": {"rules": "block", "hands": [["6-5"], ["1-1"]], "to_move": 5},
    "bank is a word": {**LINE, "bank": "lots"},
    "move with an unknown key": {**LINE, "moves": [{"tile": "3-2", "end": "left", "why": "fun"}]},
    "play without a tile": {**LINE, "moves": [{"end": "left"}]},
    "move tile 8-8": {**LINE, "moves": [{"tile": "8-8", "end": "left"}]},
    "claim is a word": {**LINE, "moves": [{"tile": "3-2", "end": "left", "claim": "ten"}]},
    "claim is a boolean": {**LINE, "moves": [{"tile": "3-2", "end": "left", "claim": True}]},
    "second move illegal": {**LINE, "moves": [{"tile": "3-2", "end": "left"}, {"tile": "6-5", "end": "right"}]},
    "players override not a number": {**LINE, "overrides": {"players": "two"}},
    "players override for an other preset": {
        "rules": "international",
        "overrides": {"players": 2},
        "hands": [["6-5"], ["1-1"]],
    },
    "bad hand size": {**LINE, "overrides": {"hand_size": 20}},
    "bad target": {**LINE, "overrides": {"target": 0}},
    "target not a number": {**LINE, "overrides": {"target": "far"}},
    "spinner chain with an unknown key": {**SPINNER, "chain": {"spinner": "5-5", "legs": {}}},
    "spinner tile not a tile": {**SPINNER, "chain": {"spinner": "five"}},
    "arms not a mapping": {**SPINNER, "chain": {"spinner": "5-5", "arms": ["5-3"]}},
    "arms with an unknown arm": {**SPINNER, "chain": {"spinner": "5-5", "arms": {"north": ["5-3"]}}},
    "arm not a list": {**SPINNER, "chain": {"spinner": "5-5", "arms": {"left": "5-3"}}},
    "broken left arm": {**SPINNER, "chain": {"spinner": "5-5", "arms": {"left": ["3-2"]}}},
    "broken down arm": {
        **SPINNER,
        "chain": {"spinner": "5-5", "arms": {"left": ["5-3"], "right": ["5-2"], "down": ["3-2"]}},
    },
    "arm tile twice": {**SPINNER, "chain": {"spinner": "5-5", "arms": {"left": ["5-3"], "right": ["5-3"]}}},
    "tile after a closed double": {
        "rules": "donkey",
        "hands": [["6-4"], ["1-1"]],
        "chain": {"spinner": "5-5", "arms": {"left": ["5-3", {"tile": "3-3", "closed": True}, "3-2"]}},
    },
    "match not a mapping": {**LINE, "match": [1, 2]},
    "match with an unknown key": {**LINE, "match": {"score": {"0": 1}}},
    "match side not a number": {**LINE, "match": {"scores": {"north": 3}}},
    "match score negative": {**LINE, "match": {"scores": {"0": -3}}},
    "match score a word": {**LINE, "match": {"scores": {"1": "ten"}}},
    "match opened not a mapping": {
        "rules": "domino101",
        "hands": [["6-5"], ["1-1"]],
        "chain": ["3-5"],
        "match": {"opened": [True]},
    },
}

POSITIONS: dict[str, Any] = {**_cli_bad_inputs(), **MORE_POSITIONS}


def _check(exc: RulesError) -> None:
    reason = exc.reason
    assert isinstance(reason, Text)
    assert str(exc) == reason.en, "str() stays the English message"
    assert reason.ru.strip(), f"no Russian for {reason.en!r}"
    assert CYRILLIC.search(reason.ru), f"the Russian is not Russian: {reason.ru!r}"
    assert reason.ru != reason.en
    assert exc.reason.in_("ru") == reason.ru and exc.reason.in_("en") == reason.en


def test_the_battery_reaches_the_cli_cases() -> None:
    assert sum(1 for name in POSITIONS if name.startswith("cli: ")) >= 40


@pytest.mark.parametrize("case", sorted(POSITIONS))
def test_a_bad_position_says_what_is_wrong_in_russian(case: str) -> None:
    with pytest.raises(PositionError) as caught:
        read_position(POSITIONS[case])
    _check(caught.value)


def test_an_illegal_move_keeps_the_rules_core_reason_in_both_languages() -> None:
    data = {**LINE, "moves": [{"tile": "6-5", "end": "left"}]}
    with pytest.raises(PositionError) as caught:
        read_position(data)
    reason = caught.value.reason
    assert reason.en.startswith("moves[0] (tile: 6-5, end: left) by seat 0 is illegal: ")
    assert reason.ru.startswith("ход moves[0] (tile: 6-5, end: left) игрока 0 не по правилам: ")
    inner_en = reason.en.split("is illegal: ", 1)[1]
    inner_ru = reason.ru.split("не по правилам: ", 1)[1]
    assert CYRILLIC.search(inner_ru) and inner_ru != inner_en


def test_a_wrapped_tile_error_carries_the_tile_errors_russian() -> None:
    with pytest.raises(TileError) as tile_error:
        parse_tile("7-1")
    with pytest.raises(PositionError) as caught:
        read_position({**LINE, "hands": [["1-1"], ["2-2", "7-1"]]})
    seat_hand = {
        "en": "in seat 1's hand",
        "ru": "в руке игрока 1",
        "uk": "на руці гравця 1",
        "es": "en la mano del jugador 1",
    }
    for lang in ("en", "ru", "uk", "es"):
        assert caught.value.reason.in_(lang) == f"hands[1][1], {seat_hand[lang]}: {tile_error.value.reason.in_(lang)}"


# What the first look at the values refuses before any tile is read: each still says whose hand it is in.
HAND_TEXT_MISTAKES = {
    "a text too long": ("hands[1][1]", "l" * 300),
    "a number too large written as text": ("hands[1][1]", "9" * 25),
    "a number too large in a tile's list": ("hands[1][1][0]", [10**19, 1]),
    "a value no position holds": ("hands[1][1]", 2.5j),
}


@pytest.mark.parametrize("case", sorted(HAND_TEXT_MISTAKES))
def test_a_hands_text_refused_unread_names_the_seat(case: str) -> None:
    where, value = HAND_TEXT_MISTAKES[case]
    with pytest.raises(PositionError) as caught:
        read_position({**LINE, "hands": [["1-1"], ["2-2", value]]})
    seat_hand = {
        "en": "in seat 1's hand",
        "ru": "в руке игрока 1",
        "uk": "на руці гравця 1",
        "es": "en la mano del jugador 1",
    }
    for lang in LANGS:
        assert caught.value.reason.in_(lang).startswith(f"{where}, {seat_hand[lang]}: "), caught.value.reason.in_(lang)


# One move, four mistakes in it: every message names it as the position's text does, counted from 0 like the seats
# (``hands[0]`` is seat 0's hand, ``moves[0]`` the first move).
FIRST_MOVE_MISTAKES = {
    "illegal": {"tile": "6-5", "end": "left"},
    "a closed flag that is not true or false": {"tile": "6-5", "end": "left", "closed": "maybe"},
    "an unknown end": {"tile": "6-5", "end": "middle"},
    "a text too long": {"tile": "6-5", "end": "l" * 300},
}


@pytest.mark.parametrize("case", sorted(FIRST_MOVE_MISTAKES))
def test_the_first_move_is_moves_0_in_every_message_and_language(case: str) -> None:
    with pytest.raises(PositionError) as caught:
        read_position({**LINE, "moves": [FIRST_MOVE_MISTAKES[case]]})
    for lang in LANGS:
        said = caught.value.reason.in_(lang)
        assert "moves[0]" in said and "moves[1]" not in said, said
        assert not re.search(r"\b(move|ход|хід|jugada) 1\b", said), said


def test_a_draw_is_counted_like_the_moves_it_follows() -> None:
    moves = [{"tile": "3-3", "end": "left"}, {"action": "draw"}]  # seat 1 holds no 3 and no 1: it draws
    data = {**LINE, "rules": "draw", "boneyard": 3, "hands": [["3-3", "6-4"], ["6-6"]], "moves": moves}
    with pytest.raises(PositionError) as caught:
        read_position(data)
    for lang in LANGS:
        assert caught.value.reason.in_(lang).startswith("moves[1]: "), caught.value.reason.in_(lang)


def _bad_values(name: str) -> list[object]:
    """Values an option refuses: a word, a number far out of range, a boolean for a number, and so on."""
    values: list[object] = ["nonsense", -5, 99_999, 3, 10, 13]
    if ", " in allowed_values(name) and not allowed_values(name)[0].isdigit():
        values.append(True)
    else:
        values += [True, "7.5"]
    return values


def _option_errors() -> dict[str, OptionError]:
    """Every OptionError from a preset, a player count and one override (good or bad value)."""
    found: dict[str, OptionError] = {}
    for variant in VARIANTS:
        for players in range(1, 6):
            for name in OPTION_NAMES:
                good = [v.strip() for v in allowed_values(name).split(",")] if name != "players" else []
                for value in [*_bad_values(name), *good]:
                    try:
                        variant.rules(players, {name: value})
                    except OptionError as exc:
                        found.setdefault(exc.reason.en, exc)
    with pytest.raises(OptionError) as unknown:
        HouseRules().with_overrides({"colour": "red"})
    found[unknown.value.reason.en] = unknown.value
    return found


OPTION_ERRORS = _option_errors()


def test_the_option_battery_meets_every_kind_of_refusal() -> None:
    kinds = {re.sub(r"'[^']*'|\d+|option \w+", "", message).split(";")[0] for message in OPTION_ERRORS}
    assert len(OPTION_ERRORS) >= 100
    assert any("needs 4 players" in m for m in OPTION_ERRORS)
    assert any("cannot be dealt" in m and "boneyard" in m for m in OPTION_ERRORS)
    assert any("cannot be dealt" in m and "boneyard" not in m for m in OPTION_ERRORS)
    assert any("winner-takes" in m for m in OPTION_ERRORS)
    assert any("needs layout=spinner" in m for m in OPTION_ERRORS)
    assert any("needs scoring=goat" in m for m in OPTION_ERRORS)
    assert any("is played by" in m for m in OPTION_ERRORS)
    assert any("not a whole number" in m for m in OPTION_ERRORS)
    assert len(kinds) >= 10


@pytest.mark.parametrize("message", sorted(OPTION_ERRORS))
def test_an_option_refusal_says_why_in_russian(message: str) -> None:
    _check(OPTION_ERRORS[message])


@pytest.mark.parametrize("name", ["chess", "", "блокк", "international-three"])
def test_an_unknown_preset_in_russian(name: str) -> None:
    with pytest.raises(UnknownVariantError) as caught:
        find_variant(name)
    _check(caught.value)
    with pytest.raises(UnknownVariantError):
        rules_for(name)


@pytest.mark.parametrize("written", ["7-1", "6-4-1", "64", [6, 4, 1], [6, True], [9, 9], 64, None, "-1-2"])
def test_a_badly_written_tile_in_russian(written: object) -> None:
    with pytest.raises(TileError) as caught:
        parse_tile(written)
    _check(caught.value)


def test_a_tile_without_a_number_in_russian() -> None:
    with pytest.raises(TileError) as caught:
        Tile(6, 4).other(2)
    _check(caught.value)


def test_no_deal_standing_in_russian() -> None:
    import random

    with pytest.raises(DealError) as caught:
        deal(rules_for("domino101", 2), random.Random(3), max_tries=0)
    _check(caught.value)


def test_every_refusal_is_a_value_error_with_a_reason() -> None:
    for error_type in (TileError, OptionError, UnknownVariantError, PositionError, DealError):
        assert issubclass(error_type, RulesError) and issubclass(error_type, ValueError)
    plain = ValueError("plain words")
    assert [reason_of(plain).in_(lang) for lang in LANGS] == ["plain words"] * len(LANGS)
    assert reason_of(OPTION_ERRORS[sorted(OPTION_ERRORS)[0]]) is OPTION_ERRORS[sorted(OPTION_ERRORS)[0]].reason
