"""The message catalogs: same keys and placeholders in both languages, every key the app asks for exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from tutorial_app.i18n import CATALOGS, normalise_lang, t

APP = Path(__file__).resolve().parents[2] / "tutorial_app" / "app"
LITERAL_KEY = re.compile(r"""\btr?\(\s*["']([a-z_]+\.[a-z_.]+)["']""")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_catalogs_have_the_same_keys() -> None:
    assert set(CATALOGS["en"]) == set(CATALOGS["ru"])


@pytest.mark.parametrize("key", sorted(CATALOGS["en"]))
def test_placeholders_agree(key: str) -> None:
    assert _fields(CATALOGS["en"][key]) == _fields(CATALOGS["ru"][key])
    assert CATALOGS["ru"][key].strip(), f"{key} is empty in Russian"


def test_every_literal_key_in_the_app_exists() -> None:
    used = {key for path in APP.rglob("*.py") for key in LITERAL_KEY.findall(path.read_text(encoding="utf-8"))}
    assert used, "the pattern should find the app's keys"
    missing = sorted(used - set(CATALOGS["en"]))
    assert not missing


def test_russian_text_is_russian() -> None:
    cyrillic = sum(1 for text in CATALOGS["ru"].values() if re.search("[а-яё]", text, re.IGNORECASE))
    assert cyrillic >= 0.9 * len(CATALOGS["ru"])


@pytest.mark.parametrize(("value", "expected"), [("ru-RU", "ru"), ("ru", "ru"), ("en_GB", "en"), ("de-DE", "en"),
                                                 (None, "en"), ("", "en")])
def test_normalise_lang(value: object, expected: str) -> None:
    assert normalise_lang(value) == expected


def test_t_fills_placeholders_and_falls_back() -> None:
    assert t("play.pips", "ru", n=7) == "очков: 7"
    assert t("play.pips", "de", n=7) == "pips: 7"
    assert t("no.such.key", "en") == "no.such.key"
