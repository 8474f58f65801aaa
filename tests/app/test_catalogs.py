"""The translation catalogs: current with the sources, complete in every language, the fields kept.

The messages are the app's keyed strings (``i18n/en.py`` and its siblings) and every ``msg``/``msgc``/
``msgn`` of the engine; ``python -m tutorial_app.i18n.catalogs update`` writes the template and merges
it into each ``.po`` (see docs/translating.md).
"""

from __future__ import annotations

import gettext

import pytest
from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.numbers import get_decimal_symbol, get_group_symbol

from tutorial_app.i18n import CATALOGS, ENGLISH, t
from tutorial_app.i18n.catalogs import POT, TRANSLATED, fields, problems, read_catalog, template
from tutorial_app.language import NUMBER_MARKS, format_number, listing, translations
from tutorial_app.rules.text import Text, joined, listed, msg, msgc, msgn, seat_name, verbatim

COMPLETE = TRANSLATED
"""The languages whose catalogs must be whole: every one the app speaks besides English."""


@pytest.fixture(scope="module")
def pot() -> Catalog:
    return template()


def _keys(catalog: Catalog) -> set[tuple[str, str | None]]:
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}


def test_the_template_is_current(pot: Catalog) -> None:
    """The committed template holds exactly the messages the sources use."""
    committed = read_catalog_file()
    assert _keys(pot) - _keys(committed) == set(), "run: python -m tutorial_app.i18n.catalogs update"
    assert _keys(committed) - _keys(pot) == set(), "run: python -m tutorial_app.i18n.catalogs update"


def read_catalog_file() -> Catalog:
    from babel.messages.pofile import read_po

    with POT.open("rb") as stream:
        return read_po(stream)


def test_the_template_holds_both_kinds(pot: Catalog) -> None:
    contexts = {m.context for m in pot if m.id}
    assert {"seat", "seat, genitive"} <= contexts, "the engine's messages are extracted"
    assert len(ENGLISH) > 400 and all(key in contexts for key in ENGLISH), "every app key is a message"


@pytest.mark.parametrize("lang", COMPLETE)
def test_every_message_is_translated_with_its_fields(lang: str, pot: Catalog) -> None:
    found = problems(pot, [lang])
    assert [str(p) for p in found] == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_invents_a_field(lang: str, pot: Catalog) -> None:
    """Even a catalog still being translated never names a field the English does not fill."""
    found = [p for p in problems(pot, [lang]) if p.what != "not translated"]
    assert [str(p) for p in found] == []


def test_fields_reads_names_not_literal_braces() -> None:
    assert fields("{n} tiles, {{not a field}}, {win:.1f}%") == {"n", "win"}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_plural_rule_is_cldr(lang: str) -> None:
    """The catalog's Plural-Forms picks the form Babel's CLDR rule names, for every count to 300."""
    order = {"ru": ("one", "few", "many"), "uk": ("one", "few", "many"), "es": ("one", "many", "other")}[lang]
    assert read_catalog(lang).num_plurals == len(order)
    catalog = translations(lang)
    assert isinstance(catalog, gettext.GNUTranslations)
    rule = Locale.parse(lang).plural_form
    for n in range(301):
        assert order[catalog.plural(n)] == rule(n), n  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["ru", "uk", "es"])
def test_number_marks_are_cldr(lang: str) -> None:
    decimal, group = NUMBER_MARKS[lang]
    assert decimal == get_decimal_symbol(lang)
    assert group == get_group_symbol(lang)
    assert format_number(1234.5, lang, ",.1f") == f"1{group}234{decimal}5"


@pytest.mark.parametrize("lang", ["ru", "uk", "es"])
def test_a_list_reads_as_cldr_writes_it(lang: str) -> None:
    assert listing(["a", "b", "c"], lang) == format_list(["a", "b", "c"], locale=lang)


def test_a_list_names_each_item_once() -> None:
    """A reason that holds for three seats ("every 3 is in sight") is said once, also in a stored text."""
    sight = msg("every {numbers} is in sight", numbers=3)
    passed = msg("{seat} passed on {numbers}", seat=seat_name(1), numbers=5)
    reasons = listed([sight, passed, sight, sight])
    assert reasons.in_("en") == "every 3 is in sight and seat 1 passed on 5"
    assert Text.from_json({"listed": [sight.to_json(), sight.to_json()]}).in_("ru") == sight.in_("ru")


def test_a_message_is_rendered_in_each_language() -> None:
    seat = seat_name(2)
    assert seat.in_("en") == "seat 2"
    assert seat.in_("ru") == "игрок 2"
    assert str(seat) == "seat 2"
    assert t("seat.n", "ru", n=3) == "Игрок 3"
    assert t("seat.n", "de", n=3) == "Seat 3", "an unknown language reads English"


def test_numbers_follow_the_language() -> None:
    share = msg("{win:.1f}%", win=61.25)
    assert share.in_("en") == "61.2%"
    assert share.in_("ru") == "61,2%"


def test_texts_compose_and_store() -> None:
    parts = [verbatim("6-4"), seat_name(1), Text("old", "старое")]
    whole = joined([listed(parts), msgc("seat", "seat {seat}", seat=3), None])
    assert whole.in_("ru") == "6-4, игрок 1 и старое игрок 3"
    assert Text.from_json(whole.to_json()) == whole
    assert Text.from_json(["en", "ru"]) == Text("en", "ru"), "a hint stored before message ids still reads"
    many = msgn("{n} tile", "{n} tiles", 5)
    assert Text.from_json(many.to_json()).in_("en") == "5 tiles"
    with pytest.raises(ValueError, match="not a stored text"):
        Text.from_json({"nothing": 1})


def test_the_catalogs_mapping_reads_each_language() -> None:
    assert set(CATALOGS) == {"en", "ru", "uk", "es"}
    assert CATALOGS["ru"]["seat.you"] == "Вы"
    assert CATALOGS["en"]["seat.you"] == "You"


def test_a_template_asked_without_values_or_missing_one_stays_readable() -> None:
    """A page may ask for a key's template (to find its text on screen); a field nobody filled shows as written."""
    assert t("tg.since", "ru").startswith("Последние ходы") and "{moves}" in t("tg.since", "ru")
    assert msg("{a} and {b}", a=1).in_("ru") == "1 and {b}"
