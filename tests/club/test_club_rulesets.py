"""The club's own rule sets: checked by the rules core, kept in the database, carried by a file and a link."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial_app.club.errors import ClubError
from tutorial_app.club.rulesets import export_text, link_value, make_rule_set, read_link_value, read_rules_file
from tutorial_app.club.store import THIS_COMPUTER, ClubStore
from tutorial_app.rules.line.variants import find_variant


def test_a_rule_set_keeps_only_real_changes_and_makes_the_rules_core_rules() -> None:
    base = find_variant("block").rules(4, {})
    target = 150 if base.as_dict().get("target") != 150 else 200
    rule_set = make_rule_set("Dacha block", "Блок на даче", "block", 4, {"target": target})
    assert rule_set.slug == "dacha-block"
    assert dict(rule_set.overrides) == {"target": target}
    assert rule_set.rules().as_dict()["target"] == target
    assert make_rule_set("Same", "То же", "block", 4, {"target": base.as_dict()["target"]}).overrides == ()


@pytest.mark.parametrize(
    ("overrides", "said"),
    [
        ({"no_such_option": 1}, "no_such_option"),
        ({"target": 1.5}, "not a house-rule option"),
        ({"players": 3}, "not a house-rule option"),
    ],
)
def test_a_bad_override_is_refused_with_the_reason(overrides: dict[str, object], said: str) -> None:
    with pytest.raises(ClubError, match=said):
        make_rule_set("X", "Икс", "block", 4, overrides)


def test_titles_are_bounded_and_required() -> None:
    with pytest.raises(ClubError, match="write the title in Russian"):
        make_rule_set("Ours", " ", "block", 4, {})
    with pytest.raises(ClubError, match="longer than 80"):
        make_rule_set("x" * 81, "икс", "block", 4, {})
    with pytest.raises(ClubError, match="control characters"):
        make_rule_set("bad\u0007", "икс", "block", 4, {})


def test_file_and_link_carry_a_rule_set_and_the_club_name() -> None:
    rule_set = make_rule_set("Kozel <ours>", "Козёл по-нашему", "block", 4, {"teams": "pairs"})
    assert read_rules_file(export_text(rule_set, "Dacha Club").encode()) == (rule_set, "Dacha Club")
    assert read_link_value(link_value(rule_set, "Dacha Club")) == (rule_set, "Dacha Club")
    assert len(link_value(rule_set)) < 400


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"{", "not a rule-set file"),
        (b'{"format": "other"}', "not a rule set saved by Domino Tutor"),
        (b'{"format": "domino-tutor-rules", "version": 9}', "version 9"),
        (b"\xff\xfe\x00", "not a rule-set file"),
        (b"[" * 50 + b"]" * 50, "not a rule-set file"),
    ],
)
def test_a_bad_file_says_what_is_wrong(data: bytes, said: str) -> None:
    with pytest.raises(ClubError, match=said):
        read_rules_file(data)


def test_a_damaged_link_is_refused() -> None:
    value = link_value(make_rule_set("A", "Б", "block", 2, {}))
    for bad in (value[:-5], value + "!", "A" * 4000):
        with pytest.raises(ClubError, match=r"damaged|not a rule-set"):
            read_link_value(bad)


def test_the_rule_book_keeps_sets_under_free_keys(tmp_path: Path) -> None:
    book = ClubStore(f"sqlite:///{tmp_path / 'club.sqlite3'}").book
    admin = book.admit(THIS_COMPUTER, None, 1.0)
    assert book.club_name() is None
    assert book.name_club("  Dacha   Club ", admin) == "Dacha Club"
    first = book.save(make_rule_set("Kozel", "Козёл", "block", 4, {}), 1.0, admin)
    second = book.save(make_rule_set("Kozel", "Козёл-2", "block", 2, {}), 2.0, admin)
    assert (first.slug, second.slug) == ("kozel", "kozel-2")
    assert [r.title.ru for r in book.rule_sets()] == ["Козёл", "Козёл-2"]
    book.delete("kozel", admin)
    assert book.find("kozel") is None and book.find("kozel-2") == second
