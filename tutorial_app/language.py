"""The languages Domino Tutor speaks: the gettext catalogs and how a message is written out in each.

Why one module under both the rules core and the app's strings: the rules
core says its own sentences (why a move is illegal, how a hand was scored)
as message ids with values (``rules.text``), and the app's pages name their
strings by key (``i18n``); both are rendered here, from one gettext catalog
per language (``tutorial_app/locale/<lang>/LC_MESSAGES/domino_tutor.po``,
compiled to ``.mo`` in the wheel), with that language's plural rule (from
the catalog's header) and its decimal and group marks. English is the
source language: a message id is its English text, so English needs no
catalog. Nothing here imports anything of the project.
"""

from __future__ import annotations

import gettext
import io
import string
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from importlib import resources
from typing import Literal, NamedTuple, Protocol

__all__ = [
    "Lang",
    "LANGS",
    "DOMAIN",
    "NUMBER_MARKS",
    "FORMS",
    "translations",
    "render",
    "format_number",
    "listing",
    "ru_plural",
    "ru_count",
    "en_count",
    "EndWords",
    "END_NAMES",
]

Lang = Literal["en", "ru", "uk", "es"]
LANGS: tuple[Lang, ...] = ("en", "ru", "uk", "es")
DOMAIN = "domino_tutor"
"""The gettext domain: one catalog per language, ``locale/<lang>/LC_MESSAGES/domino_tutor.po``."""

NUMBER_MARKS: Mapping[str, tuple[str, str]] = {
    "en": (".", ","),
    "ru": (",", "\u00a0"),
    "uk": (",", "\u00a0"),
    "es": (",", "."),
}
"""Each language's decimal mark and thousands separator (CLDR's, as Babel gives them: a test compares)."""

FORMS = frozenset({"gen", "dat", "ins", "cap", "low", "clause"})
"""What a translation may ask of a message field: ``{who:gen}`` its genitive (a name the rules core declines,
``rules.text.declined``), ``dat``, ``ins``; ``{who:cap}`` with a capital first letter (``{who:gen,cap}``), ``{reason:low}``
with a small one (a sentence quoted after "No: "); ``{reason:clause}`` a sentence set inside another (a small first
letter unless it starts a name or an abbreviation, no closing full stop)."""

_AND: Mapping[str, str] = {"en": "and", "ru": "и", "uk": "і", "es": "y"}


class _Rendered(Protocol):
    def in_(self, lang: str) -> str: ...


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang``: its compiled ``.mo`` (a built wheel), else its ``.po`` compiled in memory.

    English and an unknown language get the null catalog (every message id is its English text). A
    source checkout has only the ``.po`` files; compiling them needs Babel (a dependency), once per
    process and language.
    """
    if lang not in LANGS or lang == "en":
        return gettext.NullTranslations()
    folder = resources.files("tutorial_app") / "locale" / lang / "LC_MESSAGES"
    mo = folder / f"{DOMAIN}.mo"
    po = folder / f"{DOMAIN}.po"
    if mo.is_file():
        with mo.open("rb") as stream:
            return gettext.GNUTranslations(stream)
    if not po.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo  # only a source checkout compiles
    from babel.messages.pofile import read_po

    with po.open("rb") as stream:
        catalog = read_po(stream, locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def format_number(value: float, lang: str, spec: str = "") -> str:
    """``value`` as ``lang`` writes it: ``format(value, spec)`` with that language's decimal and group marks."""
    text = format(value, spec) if spec else (str(value) if isinstance(value, int) else f"{value:g}")
    decimal, group = NUMBER_MARKS.get(lang, NUMBER_MARKS["en"])
    if lang not in NUMBER_MARKS or lang == "en":
        return text
    marks: dict[str, str | int | None] = {".": decimal, ",": group}
    return text.translate(str.maketrans(marks))


def listing(items: Sequence[str], lang: str) -> str:
    """``a, b and c`` in ``lang`` (``a, b и c``, ``a, b і c``, ``a, b y c``)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_AND.get(lang, 'and')} {items[-1]}"


class _Unfilled:
    """A field without a value: written back as ``{name}``."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __format__(self, format_spec: str) -> str:
        return "{" + self.name + "}"


class _Formatter(string.Formatter):
    """``str.format`` whose fields are written in one language: messages rendered, numbers with its marks."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def get_value(self, key: int | str, args: Sequence[object], kwargs: Mapping[str, object]) -> object:
        # a field nobody filled shows as written ("{moves}") instead of breaking the page
        if isinstance(key, str) and key not in kwargs:
            return _Unfilled(key)
        return super().get_value(key, args, kwargs)

    def format_field(self, value: object, format_spec: str) -> str:
        if hasattr(value, "in_"):
            form = getattr(value, "form", None)
            if form is not None and format_spec and set(format_spec.split(",")) <= FORMS:
                return str(form(format_spec, self.lang))
            return format(value.in_(self.lang), format_spec)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return format_number(value, self.lang, format_spec)
        return format(value, format_spec)


@lru_cache(maxsize=8)
def _formatter(lang: str) -> _Formatter:
    return _Formatter(lang)


def render(
    msgid: str,
    lang: str,
    values: Mapping[str, object],
    *,
    context: str | None = None,
    plural: str | None = None,
    count: int | None = None,
) -> str:
    """The message ``msgid`` (its English text, with ``{name}`` fields) in ``lang``, its fields filled in.

    ``context`` tells apart two messages with the same English (gettext's msgctxt; the app's strings use
    their key); ``plural`` and ``count`` choose the plural form by the language's own rule.
    """
    catalog = translations(lang)
    if plural is not None:
        n = count or 0
        template = (
            catalog.npgettext(context, msgid, plural, n) if context is not None else catalog.ngettext(msgid, plural, n)
        )
    else:
        template = catalog.pgettext(context, msgid) if context is not None else catalog.gettext(msgid)
    if not values and "{" not in template:
        return template
    return _formatter(lang).vformat(template, (), values)


def ru_plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form that follows ``n``: ``one`` for 1, 21, 101; ``few`` for 2-4, 22-24; else ``many``.

    11 to 14 take ``many`` (11 костей, 12 костей), whatever their last digit.
    """
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def ru_count(n: int, one: str, few: str, many: str) -> str:
    """``n`` with the Russian noun form it needs (1 кость, 2 кости, 5 костей)."""
    return f"{n} {ru_plural(n, one, few, many)}"


def en_count(n: int, one: str, many: str) -> str:
    """``n`` with the English noun in the singular or plural."""
    return f"{n} {one if n == 1 else many}"


class EndWords(NamedTuple):
    """An end of the chain (or the lead) in every form a sentence needs."""

    en: str
    """As a noun: "left end", "lead" (the left end is not open)."""
    ru: str
    """As a noun: «левый конец», «заход»."""
    ru_dative: str
    """After «к»: «подходит к левому концу»."""
    ru_locative: str
    """After «на»: «на левом конце»."""
    en_short: str
    """After a number: "4 (left)"."""
    ru_short: str
    """After a number: «4 (левый)»."""
    en_where: str
    """After a tile: "6-4 on the left"."""
    ru_where: str
    """After a tile: «6-4 слева»."""


END_NAMES: dict[str, EndWords] = {
    "lead": EndWords("lead", "заход", "заходу", "заходе", "lead", "заход", "as the lead", "в заход"),
    "left": EndWords("left end", "левый конец", "левому концу", "левом конце", "left", "левый", "on the left", "слева"),
    "right": EndWords(
        "right end", "правый конец", "правому концу", "правом конце", "right", "правый", "on the right", "справа"
    ),
    "up": EndWords(
        "upper end", "верхний конец", "верхнему концу", "верхнем конце", "upper", "верхний", "at the top", "сверху"
    ),
    "down": EndWords(
        "lower end", "нижний конец", "нижнему концу", "нижнем конце", "lower", "нижний", "at the bottom", "снизу"
    ),
}
"""Every end of the chain (``rules.line.state.ARM_NAMES`` and the lead) in English and Russian; the app's ``end.*``
messages are these nouns. The rules core names the ends with messages (``rules.line.ends``); this table stays while
the strategy engine still glues Russian forms (to go once nothing uses it)."""
