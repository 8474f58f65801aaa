"""A sentence in every language the rules core speaks.

Why here and not in ``i18n``: the rules core explains its own rulings
(why a move is illegal, why a hand ended) and must not import UI code, so it
returns both languages and lets the caller pick one. The languages
themselves, the plural rule and the names of the ends are in
``tutorial_app.language``, which ``i18n`` reads too.
"""

from __future__ import annotations

from typing import NamedTuple


class Text(NamedTuple):
    """One sentence in English and Russian."""

    en: str
    ru: str

    def in_(self, lang: str) -> str:
        """The sentence in ``lang`` (English for an unknown language)."""
        return self.ru if lang == "ru" else self.en

    def __str__(self) -> str:
        return self.en


class RulesError(ValueError):
    """Bad input refused by the rules core; ``reason`` says why in en and ru.

    ``str(exc)`` stays the English sentence (the command line, the lesson
    validator and many tests read it); a page in Russian shows
    ``exc.reason.in_(lang)``.
    Why one base class: every refusal of the rules core carries both
    languages the same way, so callers catch one type and pick a language.
    """

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason


def reason_of(exc: BaseException) -> Text:
    """What an error says in both languages (its own words in both for an error without a ``reason``)."""
    reason = getattr(exc, "reason", None)
    if isinstance(reason, Text):
        return reason
    return Text(str(exc), str(exc))


def shown(value: object, width: int = 40) -> str:
    """A value as a message quotes it: one line, quoted like Python (``'6-4'``), shortened when long.

    Why: a value a user typed may hold line breaks, control characters or
    thousands of digits; a message that quotes it must stay one readable line.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"~10^{int(value.bit_length() * 0.30103)}"
    if isinstance(value, str) and len(value) > width:
        value = value[: width - 1] + "…"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a list holding a number too long to write, or nested without end
        text = f"<{type(value).__name__}>"
    return text if len(text) <= width + 2 else text[: width - 1] + "…"


def seat_name(seat: int) -> Text:
    """How the rules core names a seat: 0-based, as in the referee's JSON."""
    return Text(f"seat {seat}", f"игрок {seat}")


def seat_genitive(seat: int) -> Text:
    """A seat named after "of"/"у" (the Russian in the genitive)."""
    return Text(f"seat {seat}", f"игрока {seat}")
