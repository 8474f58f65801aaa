"""Message catalogs: every string the app shows, in English and Russian.

Why plain dictionaries keyed by a dotted name: a test can check that both
catalogs have the same keys and the same ``{placeholders}``, and a page asks
for ``t("play.draw", lang)`` without knowing which language it speaks.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutorial_app.i18n import club_en, club_ru, en, puzzles_en, puzzles_ru, ru
from tutorial_app.language import LANGS, Lang

__all__ = ["Lang", "LANGS", "CATALOGS", "t", "known_lang", "normalise_lang", "LANGUAGE_NAMES"]

LANGUAGE_NAMES: Mapping[Lang, str] = {"en": "English", "ru": "Русский"}
# the club room and the puzzles keep their own catalogs beside the app's (``club_en``, ``puzzles_ru``, ...)
CATALOGS: Mapping[Lang, Mapping[str, str]] = {
    "en": {**en.MESSAGES, **club_en.MESSAGES, **puzzles_en.MESSAGES},
    "ru": {**ru.MESSAGES, **club_ru.MESSAGES, **puzzles_ru.MESSAGES},
}


def known_lang(value: object) -> Lang | None:
    """The supported language a query parameter or a browser locale names ("ru-RU" -> "ru"), or None."""
    if isinstance(value, str):
        head = value.strip().lower().replace("_", "-").split("-")[0]
        if head == "ru":
            return "ru"
        if head == "en":
            return "en"
    return None


def normalise_lang(value: object, default: Lang = "en") -> Lang:
    """A supported language from a query parameter or a browser locale ("ru-RU" -> "ru"), else ``default``."""
    return known_lang(value) or default


def t(key: str, lang: str, /, **values: object) -> str:
    """The message ``key`` in ``lang`` with ``{placeholders}`` filled in.

    An unknown language falls back to English; an unknown key shows the key
    itself, so a missing string is visible on the page instead of crashing it.
    """
    catalog = CATALOGS["ru"] if lang == "ru" else CATALOGS["en"]
    text = catalog.get(key) or CATALOGS["en"].get(key) or key
    return text.format(**values) if values else text
