"""The languages Domino Tutor speaks, and the words both the rules core and the app's catalogs need.

Why one module under both: the rules core writes its own sentences (why a
move is illegal, how a hand was scored) and the app's catalogs (``i18n``)
write the page's; both name the ends of the chain and count things in
Russian. Each of those facts lives here once, and neither ``rules`` nor
``i18n`` imports the other. Nothing here imports anything of the project.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

__all__ = ["Lang", "LANGS", "ru_plural", "ru_count", "en_count", "EndWords", "END_NAMES", "end_name"]

Lang = Literal["en", "ru"]
LANGS: tuple[Lang, ...] = ("en", "ru")


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
"""Every end the rules core names (``rules.line.state.ARM_NAMES`` and the lead); the app's ``end.*`` messages
are these nouns."""

_SOME_END = EndWords("end", "конец", "концу", "конце", "end", "конец", "at an end", "на конец")


def end_name(end: str | None) -> EndWords:
    """The names of ``end`` (a neutral "end"/«конец» for None or a name the rules core does not use)."""
    return END_NAMES.get(end or "", _SOME_END)
