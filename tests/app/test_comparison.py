"""The Compare page's computations against the rules core."""

from __future__ import annotations

from typing import Any

import pytest

from tutorial_app.app.compare.comparison import difference_rows, parting_move, position_under, ruling_under, same_deal
from tutorial_app.rules.line.referee import rule
from tutorial_app.rules.line.rulesheet import OPTION_LABELS, sheet_sections
from tutorial_app.rules.line.variants import rules_for

POSITION: dict[str, Any] = {
    "rules": "draw",
    "hands": [["6-5", "3-2"], ["4-1"]],
    "chain": ["1-2", "2-4"],
    "to_move": 1,
    "moves": [{"tile": "4-1", "end": "left"}],
}


def test_difference_rows_name_exactly_the_differing_options() -> None:
    block, kozel = rules_for("block", 2), rules_for("kozel", 2)
    rows = difference_rows([block, kozel], "en")
    expected = {OPTION_LABELS[name].en for name in block.differences(kozel)}
    assert {label for label, _ in rows} == expected
    assert all(len(values) == 2 and values[0] != values[1] for _, values in rows)
    assert difference_rows([block, block], "ru") == []


def test_the_position_is_ruled_under_each_rule_set_with_its_overrides() -> None:
    for preset, overrides in (("block", {}), ("kozel", {}), ("block", {"capicu_bonus": 25})):
        mine = ruling_under(POSITION, preset, overrides, "en")
        direct = rule({**POSITION, "rules": preset, **({"overrides": overrides} if overrides else {})}, None, "en")
        assert mine == direct
        assert mine.status == "won"
    assert position_under({"overrides": {"target": 50}}, "block", {"players": 4, "target": 150}) == {
        "rules": "block",
        "overrides": {"target": 150},
    }


def test_same_deal_is_deterministic_and_parts_where_the_moves_differ() -> None:
    one = same_deal(rules_for("block"), 7, "greedy")
    assert one == same_deal(rules_for("block"), 7, "greedy")
    assert parting_move([one, one]) is None
    other = same_deal(rules_for("draw"), 7, "greedy")
    assert one.start.hands == other.start.hands  # the same tiles: block passes where draw draws
    parted = parting_move([one, other])
    assert parted is not None
    index = parted - 1
    assert one.moves[:index] == other.moves[:index]
    first = one.moves[index] if index < len(one.moves) else None
    second = other.moves[index] if index < len(other.moves) else None
    assert first != second


def test_games_that_never_part_have_no_parting_move() -> None:
    # seed 9: nobody ever lacks a fitting tile, so block and draw play the same hand move for move
    one, other = same_deal(rules_for("block"), 9, "greedy"), same_deal(rules_for("draw"), 9, "greedy")
    assert one.moves == other.moves and one.start.hands == other.start.hands
    assert parting_move([one, other]) is None
    shorter = one._replace(moves=one.moves[:-1])
    assert parting_move([one, shorter]) == len(one.moves)


@pytest.mark.parametrize("seed", range(5))
def test_block_and_kozel_pass_deal_the_same_tiles(seed: int) -> None:
    a = same_deal(rules_for("block", 4), seed, "greedy")
    b = same_deal(rules_for("kozel_pass", 4), seed, "greedy")
    assert a.start.hands == b.start.hands


def test_the_compare_page_says_what_each_rule_sheet_says() -> None:
    """Newcomer review: kozel's fish rule read differently on the sheet and on the Compare page."""
    sets = [rules_for("kozel", 4), rules_for("kozel_pass", 4), rules_for("block", 4)]
    for lang in ("en", "ru"):
        rows = dict(difference_rows(sets, lang))
        for column, rules in enumerate(sets):
            sheet = {line.text for section in sheet_sections(rules, lang) for line in section.lines}
            for label, sentences in rows.items():
                if sentences[column] not in sheet:
                    # an option the sheet leaves out because it cannot apply (e.g. the tie rule of a goat fish)
                    assert label in {OPTION_LABELS["blocked_tie"].in_(lang)}, (label, sentences[column])
    fish = dict(difference_rows(sets, "en"))[OPTION_LABELS["blocked_scoring"].en]
    assert (
        fish[0] == "In a blocked hand the player who made the fish writes nothing, and every other side "
        "writes down its own pips."
    )
    assert fish[1].startswith("In a blocked hand the side with the fewest pips writes nothing")
