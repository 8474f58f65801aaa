"""The glossary (``lessons/glossary.yaml``): the words we write, and the variants we never write.

Why a data file read by the validator: a lesson written next month must use
the words this month's lessons use («на базаре», «заперта», «матч», "they"
for a seat), and a reviewer should not have to find the drift by reading. The
same file feeds the Rules page's glossary, and a test applies the same check
to the engine's feedback, the rule sheets and the app's strings.

A ``Slip`` is one variant found in a text: where it is (character offsets),
what was written, what to write instead and why.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tutorial_app.lessons.format.model import LText
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

Lang = Literal["en", "ru"]
_CYRILLIC_WORD = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё-]*")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Avoid(_Strict):
    """Variants never written in one language: whole words (``*`` = any ending) or a regular expression."""

    lang: Lang
    not_: list[str] | None = Field(default=None, alias="not", min_length=1)
    pattern: str | None = None
    case: bool = Field(default=False, description="match the case as written")
    write: str = Field(min_length=1)
    why: str = Field(min_length=1)

    @model_validator(mode="after")
    def _one_way(self) -> Avoid:
        if (self.not_ is None) == (self.pattern is None):
            raise ValueError("an avoid entry has either not: (words) or pattern: (a regular expression)")
        try:
            self.regex()
        except re.error as exc:
            raise ValueError(f"pattern: {exc}") from None
        return self

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


class Term(_Strict):
    """A game word in both languages, its other names, its meaning and the variants we avoid."""

    en: str = Field(min_length=1)
    ru: str = Field(min_length=1)
    also: Also = Also()
    meaning: LText | None = Field(default=None, description="without one, the term is a house word for the checks only")
    avoid: list[Avoid] = Field(default_factory=list)

    def word(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


class Glossary(_Strict):
    """Every term, in the order the Rules page shows them."""

    terms: list[Term] = Field(min_length=1)


class GlossaryError(ValueError):
    """The glossary file cannot be read or says something the format does not allow."""


class Slip(NamedTuple):
    """A variant found in a text: its offsets, what was written, what to write instead and why."""

    start: int
    end: int
    found: str
    write: str
    why: str

    def message(self) -> str:
        return f"{self.found!r}: write {self.write} ({self.why.rstrip('.')}; see lessons/{GLOSSARY_NAME})"


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
    """Every avoided variant in ``text`` (a text in ``lang``), in order; English text also holds no Cyrillic."""
    book = glossary or load_glossary()
    found: list[Slip] = []
    for term in book.terms:
        for avoid in term.avoid:
            if avoid.lang != lang:
                continue
            found.extend(
                Slip(m.start(), m.end(), m.group(0), avoid.write, avoid.why) for m in avoid.regex().finditer(text)
            )
    if lang == "en":
        found.extend(_russian_in_english(text, book))
    return sorted(found)


def _russian_in_english(text: str, book: Glossary) -> list[Slip]:
    by_ru = {term.ru.lower(): term for term in book.terms}
    out = []
    for match in _CYRILLIC_WORD.finditer(text):
        term = by_ru.get(match.group(0).lower())
        instead = f"{term.en!r}" + (f" (or {term.also.en})" if term.also.en else "") if term else "the English word"
        out.append(
            Slip(match.start(), match.end(), match.group(0), instead, "English text is written in English letters")
        )
    return out


def source_slips(source: Source, glossary: Glossary | None = None) -> list[tuple[Mark, Slip]]:
    """Every slip in a lesson's texts (each ``{en: …, ru: …}``), placed at the word's line and column."""
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
    """Every learner-facing text under ``node``: the en and ru values of each ``{en: …, ru: …}`` mapping."""
    if isinstance(node, list):
        return [item for i, child in enumerate(node) for item in _texts(child, (*path, i))]
    if not isinstance(node, dict):
        return []
    if node and set(node) <= {"en", "ru"} and all(isinstance(v, str) for v in node.values()):
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
    """(term, meaning) pairs for the Rules page, in one language; the other language's word in brackets."""
    other = "en" if lang == "ru" else "ru"
    out = []
    for term in (book or load_glossary()).terms:
        if term.meaning is None:
            continue
        also = term.also.ru if lang == "ru" else term.also.en
        names = term.word(lang) + (f", {also}" if also else "")
        out.append((f"{names} ({term.word(other)})", term.meaning.in_(lang)))
    return out
