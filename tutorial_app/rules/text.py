"""A sentence in every language the rules core speaks.

Why here and not in ``i18n``: the rules core explains its own rulings
(why a move is illegal, why a hand ended) and must not import UI code, so it
returns both languages and lets the caller pick one.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

Lang = Literal["en", "ru"]
LANGS: tuple[Lang, ...] = ("en", "ru")


class Text(NamedTuple):
    """One sentence in English and Russian."""

    en: str
    ru: str

    def in_(self, lang: str) -> str:
        """The sentence in ``lang`` (English for an unknown language)."""
        return self.ru if lang == "ru" else self.en

    def __str__(self) -> str:
        return self.en


def seat_name(seat: int) -> Text:
    """How the rules core names a seat: 0-based, as in the referee's JSON."""
    return Text(f"seat {seat}", f"игрок на месте {seat}")


def seat_genitive(seat: int) -> Text:
    """A seat named after "of"/"у" (the Russian in the genitive)."""
    return Text(f"seat {seat}", f"игрока на месте {seat}")
