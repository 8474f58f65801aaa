"""The club's own rule sets: checked by the rules core, kept in the database, carried by a file and a link."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlalchemy as sa

from tutorial_app.club.errors import ClubError
from tutorial_app.club.rulesets import export_text, link_value, make_rule_set, read_link_value, read_rules_file
from tutorial_app.club.store import THIS_COMPUTER, ClubStore
from tutorial_app.language import LANGS
from tutorial_app.rules.line.variants import find_variant

FOUR = {"en": "Kozel <ours>", "ru": "Козёл по-нашему", "uk": "Козел по-нашому", "es": "Kozel a nuestro modo"}


def test_a_rule_set_keeps_only_real_changes_and_makes_the_rules_core_rules() -> None:
    base = find_variant("block").rules(4, {})
    target = 150 if base.as_dict().get("target") != 150 else 200
    rule_set = make_rule_set({"en": "Dacha block", "ru": "Блок на даче"}, "block", 4, {"target": target})
    assert rule_set.slug == "dacha-block"
    assert dict(rule_set.overrides) == {"target": target}
    assert rule_set.rules().as_dict()["target"] == target
    assert make_rule_set({"en": "Same"}, "block", 4, {"target": base.as_dict()["target"]}).overrides == ()


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
        make_rule_set({"en": "X"}, "block", 4, overrides)


def test_titles_are_bounded_and_one_is_required() -> None:
    with pytest.raises(ClubError, match="in at least one language"):
        make_rule_set({"en": " ", "ru": "", "uk": None}, "block", 4, {})
    with pytest.raises(ClubError, match="English title is longer than 80"):
        make_rule_set({"en": "x" * 81}, "block", 4, {})
    with pytest.raises(ClubError, match="Ukrainian title is longer than 80"):
        make_rule_set({"en": "Ours", "uk": "ї" * 81}, "block", 4, {})
    with pytest.raises(ClubError, match="Spanish title has control characters"):
        make_rule_set({"es": "mal\u0007"}, "block", 4, {})
    with pytest.raises(ClubError, match="title is text"):
        make_rule_set({"uk": 5}, "block", 4, {})


def test_a_title_in_one_language_is_enough_and_the_others_show_english_or_the_one_written() -> None:
    ukrainian = make_rule_set({"uk": "  Козел   на дачі "}, "block", 4, {})
    assert ukrainian.titles == (("uk", "Козел на дачі"),)
    assert [ukrainian.title.in_(lang) for lang in LANGS] == ["Козел на дачі"] * 4
    assert ukrainian.slug == "rules"  # no Latin letters to make a key of
    spanish = make_rule_set({"es": "Bloqueo en la dacha", "ru": "Блок на даче"}, "block", 4, {})
    assert [spanish.title.in_(lang) for lang in LANGS] == [
        "Блок на даче",
        "Блок на даче",
        "Блок на даче",
        "Bloqueo en la dacha",
    ]
    both = make_rule_set({"en": "Dacha block", "es": "Bloqueo en la dacha"}, "block", 4, {})
    assert [both.title.in_(lang) for lang in LANGS] == ["Dacha block"] * 3 + ["Bloqueo en la dacha"]
    four = make_rule_set(FOUR, "block", 4, {})
    assert [four.title.in_(lang) for lang in LANGS] == [FOUR[lang] for lang in LANGS]


def test_file_and_link_carry_a_rule_set_and_the_club_name() -> None:
    rule_set = make_rule_set(FOUR, "block", 4, {"teams": "pairs"})
    assert json.loads(export_text(rule_set))["title"] == FOUR
    assert read_rules_file(export_text(rule_set, "Dacha Club").encode()) == (rule_set, "Dacha Club")
    assert read_link_value(link_value(rule_set, "Dacha Club")) == (rule_set, "Dacha Club")
    assert len(link_value(rule_set)) < 600
    only_uk = make_rule_set({"uk": "Козел на дачі"}, "block", 4, {})
    assert json.loads(export_text(only_uk))["title"] == {"uk": "Козел на дачі"}
    assert read_rules_file(export_text(only_uk))[0] == only_uk


def test_a_file_saved_with_titles_in_english_and_russian_still_loads() -> None:
    old = {
        "format": "domino-tutor-rules",
        "version": 1,
        "club": "Dacha Club",
        "title": {"en": "Kozel our way", "ru": "Козёл по-нашему"},
        "preset": "block",
        "players": 4,
        "overrides": {"teams": "pairs"},
    }
    rule_set, club = read_rules_file(json.dumps(old, ensure_ascii=False).encode())
    assert club == "Dacha Club"
    assert [rule_set.title.in_(lang) for lang in LANGS] == ["Kozel our way", "Козёл по-нашему"] + ["Kozel our way"] * 2


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"{", "not a rule-set file"),
        (b'{"format": "other"}', "not a rule set saved by Domino Tutor"),
        (b'{"format": "domino-tutor-rules", "version": 9}', "version 9"),
        (b'{"format": "domino-tutor-rules", "version": 1, "title": "Ours"}', "at least one language"),
        (b'{"format": "domino-tutor-rules", "version": 1, "title": {"fr": "Nous"}}', "at least one language"),
        (b"\xff\xfe\x00", "not a rule-set file"),
        (b"[" * 50 + b"]" * 50, "not a rule-set file"),
    ],
)
def test_a_bad_file_says_what_is_wrong(data: bytes, said: str) -> None:
    with pytest.raises(ClubError, match=said):
        read_rules_file(data)


def test_a_damaged_link_is_refused() -> None:
    value = link_value(make_rule_set({"en": "A", "ru": "Б"}, "block", 2, {}))
    for bad in (value[:-5], value + "!", "A" * 4000):
        with pytest.raises(ClubError, match=r"damaged|not a rule-set"):
            read_link_value(bad)


def test_a_club_name_refused_says_it_is_the_clubs_name(tmp_path: Path) -> None:
    """Not "the English title has control characters": the club's name is no rule set's title."""
    book = ClubStore(f"sqlite:///{tmp_path / 'club.sqlite3'}").book
    admin = book.admit(THIS_COMPUTER, None, 1.0)
    for name in ("Dacha\u0007Club", "D" * 81):
        with pytest.raises(ClubError) as refused:
            book.name_club(name, admin)
        assert "club's name" in refused.value.reason.en and "title" not in refused.value.reason.en
        assert "title" not in refused.value.reason.es and "títul" not in refused.value.reason.es


def test_the_rule_book_keeps_sets_under_free_keys(tmp_path: Path) -> None:
    book = ClubStore(f"sqlite:///{tmp_path / 'club.sqlite3'}").book
    admin = book.admit(THIS_COMPUTER, None, 1.0)
    assert book.club_name() is None
    assert book.name_club("  Dacha   Club ", admin) == "Dacha Club"
    first = book.save(make_rule_set({"en": "Kozel", "ru": "Козёл"}, "block", 4, {}), 1.0, admin)
    second = book.save(make_rule_set({"en": "Kozel", "ru": "Козёл-2"}, "block", 2, {}), 2.0, admin)
    assert (first.slug, second.slug) == ("kozel", "kozel-2")
    assert [r.title.ru for r in book.rule_sets()] == ["Козёл", "Козёл-2"]
    book.delete("kozel", admin)
    assert book.find("kozel") is None and book.find("kozel-2") == second


OLD_RULE_SETS = """CREATE TABLE club_rule_sets (
    slug VARCHAR(60) NOT NULL PRIMARY KEY,
    title_en VARCHAR(400) NOT NULL,
    title_ru VARCHAR(400) NOT NULL,
    preset VARCHAR(40) NOT NULL,
    players INTEGER NOT NULL,
    overrides TEXT NOT NULL,
    updated FLOAT NOT NULL
)"""
"""The rule sets' table as a version before the Ukrainian and Spanish titles made it."""


def _round_trip_with_four_titles(url: str) -> None:
    book = ClubStore(url).book
    admin = book.admit(THIS_COMPUTER, None, 1.0)
    kept = book.save(make_rule_set(FOUR, "block", 4, {"teams": "pairs"}), 1.0, admin)
    only_es = book.save(make_rule_set({"es": "Bloqueo en la dacha"}, "block", 2, {}), 2.0, admin)
    again = ClubStore(url).book  # another instance reads what this one wrote
    assert again.find(kept.slug) == kept
    assert [kept.title.in_(lang) for lang in LANGS] == [FOUR[lang] for lang in LANGS]
    assert again.find(only_es.slug) == only_es
    assert again.find(only_es.slug).title.in_("uk") == "Bloqueo en la dacha"  # type: ignore[union-attr]
    assert [r.slug for r in again.rule_sets()] == [only_es.slug, kept.slug]  # by the title shown in English


def _old_rows_are_read_after_the_upgrade(url: str) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql(OLD_RULE_SETS)
        conn.exec_driver_sql(
            "INSERT INTO club_rule_sets VALUES ('kozel', 'Kozel our way', 'Козёл по-нашему', 'block', 4, "
            '\'{"teams": "pairs"}\', 1.0)'
        )
    engine.dispose()
    book = ClubStore(url).book  # upgrades the table
    [old] = book.rule_sets()
    assert (old.slug, old.titles) == ("kozel", (("en", "Kozel our way"), ("ru", "Козёл по-нашему")))
    assert [old.title.in_(lang) for lang in LANGS] == ["Kozel our way", "Козёл по-нашему"] + ["Kozel our way"] * 2
    assert old.overrides == (("teams", "pairs"),)
    admin = book.admit(THIS_COMPUTER, None, 2.0)
    book.save(old._replace(titles=tuple(FOUR.items())), 2.0, admin, replace=True)
    assert ClubStore(url).book.find("kozel").title.in_("es") == FOUR["es"]  # type: ignore[union-attr]


def test_the_rule_book_keeps_titles_in_four_languages_on_sqlite(tmp_path: Path) -> None:
    _round_trip_with_four_titles(f"sqlite:///{tmp_path / 'club.sqlite3'}")


def test_an_older_rule_book_on_sqlite_keeps_its_rows_and_takes_four_titles(tmp_path: Path) -> None:
    _old_rows_are_read_after_the_upgrade(f"sqlite:///{tmp_path / 'club.sqlite3'}")


def test_the_rule_book_keeps_titles_in_four_languages_on_postgresql(postgres_schema: str) -> None:
    _round_trip_with_four_titles(postgres_schema)


def test_an_older_rule_book_on_postgresql_keeps_its_rows_and_takes_four_titles(postgres_schema: str) -> None:
    _old_rows_are_read_after_the_upgrade(postgres_schema)
