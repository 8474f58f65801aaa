"""The glossary (``lessons/glossary.yaml``): the words we write, and the variants we never write.

Why a data file read by the validator: a lesson written next month must use
the words this month's lessons use («на базаре», «на базарі», «el pozo»,
«матч», "they" for a seat), in each of the four languages (en, ru, uk, es),
and a reviewer should not have to find the drift by reading. The same file
feeds the Rules page's glossary, and a test applies the same check to the
engine's feedback, the rule sheets and the app's strings.

A ``Slip`` is one variant found in a text: where it is (character offsets),
what was written, what to write instead and why.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tutorial_app.lessons.format.model import LText
from tutorial_app.rules.text import Text, msg, shown, verbatim
from tutorial_app.source import Mark, Path_, Source, SourceError, parse_source, read_text

__all__ = [
    "GLOSSARY_NAME",
    "Avoid",
    "Term",
    "Glossary",
    "Slip",
    "GlossaryError",
    "load_glossary",
    "slips",
    "source_slips",
    "glossary",
]

GLOSSARY_NAME = "glossary.yaml"
"""The glossary's file name, beside the course folders (never read as a lesson)."""

_PACKAGED = Path(__file__).resolve().parents[2] / "courses" / GLOSSARY_NAME
_CHECKOUT = Path(__file__).resolve().parents[3] / "lessons" / GLOSSARY_NAME

Lang = Literal["en", "ru", "uk", "es"]
"""A language of the texts: English, Russian, Ukrainian, Spanish."""
_CYRILLIC_WORD = re.compile(r"[\u0400-\u04ff][\u0400-\u04ff'’-]*")
_UKRAINIAN_WORD = re.compile(r"(?<![\w'’])(?=\w)[\w'’-]*[ыэъёЫЭЪЁ][\w'’-]*")
"""A word with a letter Ukrainian does not have (ы э ъ ё): Russian spelling in a Ukrainian text."""
_LANGS: tuple[Lang, ...] = ("en", "ru", "uk", "es")
_LATIN = {
    "en": msg("English text is written in English letters"),
    "es": msg("Spanish text is written in Latin letters"),
}
_NAMES = {
    "en": msg("the English word"),
    "es": msg("the Spanish word"),
    "uk": msg("the Ukrainian spelling ({letters})", letters="і, и, е, є, '"),
}
_UK_WHY = msg("Ukrainian text has no {letters}: they are Russian letters", letters="ы, э, ъ, ё")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Avoid(_Strict):
    """Variants never written in one language: whole words (``*`` = any ending) or a regular expression.

    ``write``: the words to write, as the text's language writes them (the same on every page), or a
    mapping in the four languages where it also explains; ``why``: the reason in the four languages.
    """

    lang: Lang = Field(description="the language of the texts it is checked in")
    not_: list[str] | None = Field(default=None, alias="not", min_length=1)
    pattern: str | None = None
    case: bool = Field(default=False, description="match the case as written")
    write: Annotated[str, Field(min_length=1)] | LText
    why: LText

    @model_validator(mode="after")
    def _one_way(self) -> Avoid:
        if (self.not_ is None) == (self.pattern is None):
            raise ValueError("an avoid entry has either not: (words) or pattern: (a regular expression)")
        try:
            self.regex()
        except re.error as exc:
            raise ValueError(f"pattern: {exc}") from None
        return self

    def instead(self) -> Text:
        """What to write instead, in every language."""
        return verbatim(self.write) if isinstance(self.write, str) else self.write.text()

    def reason(self) -> Text:
        """Why, in every language, without the full stop (it is said inside brackets)."""
        why = self.why
        return Text(*(getattr(why, lang).rstrip(".") for lang in _LANGS))

    def regex(self) -> re.Pattern[str]:
        """The compiled search: the pattern, or the words as whole words (``*`` = any ending)."""
        flags = 0 if self.case else re.IGNORECASE
        if self.pattern is not None:
            return re.compile(self.pattern, flags)
        words = [r"\s+".join(_word(part) for part in phrase.split()) for phrase in self.not_ or []]
        return re.compile(r"(?<![\w-])(?:" + "|".join(words) + r")(?![\w-])", flags)


def _word(part: str) -> str:
    return re.escape(part[:-1]) + r"\w*" if part.endswith("*") else re.escape(part)


class Also(_Strict):
    """Other names people use for a term (shown on the Rules page, never checked)."""

    en: str = ""
    ru: str = ""
    uk: str = ""
    es: str = ""

    def in_(self, lang: str) -> str:
        return str(getattr(self, lang)) if lang in _LANGS else self.en


class Meaning(LText):
    """A term's meaning: one sentence in each of the four languages (none may be left out, as in every LText)."""


class Term(_Strict):
    """A game word in the four languages, its other names, its meaning and the variants we avoid."""

    en: str = Field(min_length=1)
    ru: str = Field(min_length=1)
    uk: str = Field(min_length=1)
    es: str = Field(min_length=1)
    also: Also = Also()
    meaning: Meaning | None = Field(
        default=None, description="without one, the term is a house word for the checks only"
    )
    avoid: list[Avoid] = Field(default_factory=list)

    def word(self, lang: str) -> str:
        """The word in ``lang`` (English for a language the glossary does not have)."""
        return str(getattr(self, lang)) if lang in _LANGS else self.en


class Glossary(_Strict):
    """Every term, in the order the Rules page shows them."""

    terms: list[Term] = Field(min_length=1)


class GlossaryError(ValueError):
    """The glossary file cannot be read or says something the format does not allow."""


class Slip(NamedTuple):
    """A variant found in a text: its offsets, what was written, what to write instead and why (each in every
    language: the glossary's ``write`` and ``why``)."""

    start: int
    end: int
    found: str
    write: Text
    why: Text

    def message(self) -> Text:
        """What the validator says (``str()``: the English, as the command line prints it)."""
        return msg(
            "{found}: write {write} ({why}; see lessons/{glossary})",
            found=shown(self.found),
            write=self.write,
            why=self.why,
            glossary=GLOSSARY_NAME,
        )


def glossary_path() -> Path:
    """The glossary file: the installed package's copy, else the checkout's ``lessons/glossary.yaml``."""
    return _PACKAGED if _PACKAGED.is_file() else _CHECKOUT


@cache
def load_glossary(path: Path | None = None) -> Glossary:
    """The glossary, read once (``GlossaryError`` naming the line for a broken file)."""
    where = path or glossary_path()
    try:
        source = parse_source(read_text(where), str(where))
    except SourceError as exc:
        raise GlossaryError(f"{where}: {exc.located()}") from None
    try:
        return Glossary.model_validate(source.data)
    except ValidationError as exc:
        first = exc.errors()[0]
        mark = source.mark(tuple(part for part in first["loc"] if isinstance(part, (str, int))))
        raise GlossaryError(f"{where}:{mark.line}:{mark.column}: {first['msg']}") from None


def slips(text: str, lang: str, glossary: Glossary | None = None) -> list[Slip]:
    """Every avoided variant in ``text`` (a text in ``lang``), in order.

    Besides the avoid entries: English and Spanish text holds no Cyrillic word, and Ukrainian text no
    word spelt with a letter Ukrainian does not have (ы э ъ ё).
    """
    book = glossary or load_glossary()
    found: list[Slip] = []
    for term in book.terms:
        for avoid in term.avoid:
            if avoid.lang != lang:
                continue
            found.extend(
                Slip(m.start(), m.end(), m.group(0), avoid.instead(), avoid.reason())
                for m in avoid.regex().finditer(text)
            )
    if lang in _LATIN:
        found.extend(_letters(text, lang, _CYRILLIC_WORD, book))
    elif lang == "uk":
        found.extend(_letters(text, lang, _UKRAINIAN_WORD, book))
    return sorted(found)


def _letters(text: str, lang: str, words: re.Pattern[str], book: Glossary) -> list[Slip]:
    """Words in letters ``lang`` does not use; a glossary term's Russian word names the word to write instead."""
    by_ru = {term.ru.lower(): term for term in book.terms}
    out = []
    for match in words.finditer(text):
        term = by_ru.get(match.group(0).lower())
        out.append(Slip(match.start(), match.end(), match.group(0), _instead(term, lang), _LATIN.get(lang, _UK_WHY)))
    return out


def _instead(term: Term | None, lang: str) -> Text:
    """The glossary's word for a word in the wrong letters (with its other names), else what kind of word to write."""
    if term is None:
        return _NAMES[lang]
    also = term.also.in_(lang)
    word = repr(term.word(lang))
    return msg("{word} (or {also})", word=word, also=also) if also else verbatim(word)


def source_slips(source: Source, glossary: Glossary | None = None) -> list[tuple[Mark, Slip]]:
    """Every slip in a lesson's texts (each ``{en: …, ru: …, uk: …, es: …}``), placed at the word's line and column."""
    found: list[tuple[Mark, Slip]] = []
    for path, lang, text in _texts(source.data, ()):
        value = source.mark(path)
        cursor = _offset(source.text, value)
        for slip in sorted(slips(text, lang, glossary), key=lambda slip: slip.start):
            cut = slip.end < len(text) and (text[slip.end].isalnum() or text[slip.end] == "-")
            at, cursor = _locate(source.text, cursor, slip.found, value, cut=cut)
            found.append((at, slip))
    return found


def _texts(node: Any, path: Path_) -> list[tuple[Path_, str, str]]:
    """Every learner-facing text under ``node``: each language's value of each ``{en: …, ru: …, uk: …, es: …}``."""
    if isinstance(node, list):
        return [item for i, child in enumerate(node) for item in _texts(child, (*path, i))]
    if not isinstance(node, dict):
        return []
    if node and set(node) <= set(_LANGS) and all(isinstance(v, str) for v in node.values()):
        return [((*path, lang), lang, text) for lang, text in node.items()]
    return [item for key, child in node.items() for item in _texts(child, (*path, key))]


def _offset(text: str, mark: Mark) -> int:
    """The character offset of a line and column in ``text``."""
    start = 0
    for _ in range(mark.line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return len(text)
    return start + mark.column - 1


def _locate(text: str, cursor: int, found: str, value: Mark, *, cut: bool = False) -> tuple[Mark, int]:
    """Where ``found`` stands in the file from ``cursor`` on (a folded text may break it over lines).

    ``cut``: the slip ends inside a word (a pattern that names a stem), so its end is no word edge.
    """
    words = r"\s+".join(re.escape(word) for word in found.split())
    edges = (r"(?<![\w-])" if found[:1].isalnum() else "", r"(?![\w-])" if found[-1:].isalnum() and not cut else "")
    match = re.compile(edges[0] + words + edges[1], re.IGNORECASE).search(text, cursor) if words else None
    if match is None:
        return value, cursor
    line = text.count("\n", 0, match.start()) + 1
    column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
    return Mark(line, column), match.end()


def glossary(lang: str = "en", book: Glossary | None = None) -> list[tuple[str, str]]:
    """(term, meaning) pairs for the Rules page, in one language.

    The English word follows in brackets (a learner meets it in rule books and on pagat.com), unless
    it is the same word (spinner, Muggins); on the English page the Russian word does.
    """
    other = "ru" if lang == "en" else "en"
    out = []
    for term in (book or load_glossary()).terms:
        if term.meaning is None:
            continue
        also = term.also.in_(lang)
        names = term.word(lang) + (f", {also}" if also else "")
        bracket = term.word(other)
        out.append((names if bracket == term.word(lang) else f"{names} ({bracket})", term.meaning.in_(lang)))
    return out
