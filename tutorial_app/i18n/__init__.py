"""The app's strings: English by key in ``en.py`` (with ``club_en``, ``puzzles_en``), every other
language in its gettext catalog (``tutorial_app/locale``).

Why keys: a page asks for ``t("play.draw", lang)`` without knowing which language it speaks, and a
test checks every key the pages name. Why gettext behind the keys: translators work with ``.po``
catalogs and their tools, and the catalog of a language knows its plural rule. A key's message in a
catalog has the key as its context (msgctxt) and the English as its id, so a translator reads the
English and an English text that changes shows up as a message to translate again.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from tutorial_app.i18n import club_en, en, puzzles_en
from tutorial_app.language import LANGS, Lang, render, translations

__all__ = ["Lang", "LANGS", "ENGLISH", "CATALOGS", "t", "known_lang", "normalise_lang", "LANGUAGE_NAMES"]

LANGUAGE_NAMES: Mapping[Lang, str] = {"en": "English", "ru": "Русский", "uk": "Українська", "es": "Español"}
ENGLISH: Mapping[str, str] = {**en.MESSAGES, **club_en.MESSAGES, **puzzles_en.MESSAGES}
"""Every key's English text: the source the catalogs translate."""


@cache
def _catalog(lang: str) -> dict[str, str]:
    if lang == "en":
        return dict(ENGLISH)
    catalog = translations(lang)
    return {key: catalog.pgettext(key, english) for key, english in ENGLISH.items()}


class _Catalogs(Mapping[str, Mapping[str, str]]):
    """``CATALOGS[lang][key]``: each key's text in a language, fields unfilled (read on first use)."""

    def __getitem__(self, lang: str) -> Mapping[str, str]:
        if lang not in LANGS:
            raise KeyError(lang)
        return _catalog(lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)


CATALOGS: Mapping[str, Mapping[str, str]] = _Catalogs()


def known_lang(value: object) -> Lang | None:
    """The supported language a query parameter or a browser locale names ("ru-RU" -> "ru"), or None."""
    if isinstance(value, str):
        head = value.strip().lower().replace("_", "-").split("-")[0]
        for lang in LANGS:
            if head == lang:
                return lang
    return None


def normalise_lang(value: object, default: Lang = "en") -> Lang:
    """A supported language from a query parameter or a browser locale ("ru-RU" -> "ru"), else ``default``."""
    return known_lang(value) or default


def t(key: str, lang: str, /, **values: object) -> str:
    """The message ``key`` in ``lang`` with ``{placeholders}`` filled in.

    An unknown language falls back to English; an unknown key shows the key
    itself, so a missing string is visible on the page instead of crashing it.
    """
    english = ENGLISH.get(key)
    if english is None:
        return key
    if not values:
        return translations(lang).pgettext(key, english)
    return render(english, lang, values, context=key)
