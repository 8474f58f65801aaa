"""Tien Gow's name, its aliases in both languages, and its few house-rule options.

Why not a ``HouseRules`` preset: every option there is about a chain of
tiles (ends, boneyard, blocked hands); Tien Gow has none of them. Its own
options are the points where the rule pages differ (``docs/tien_gow.md``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from tutorial_app.rules.line.options import OptionError, option_int
from tutorial_app.rules.line.variants import name_key
from tutorial_app.rules.text import Text

__all__ = [
    "NAME",
    "TITLE",
    "ALIASES",
    "PLAYERS",
    "HAND_SIZE",
    "LastTrick",
    "TienGowRules",
    "TIEN_GOW_OPTIONS",
    "is_tien_gow",
]

NAME = "tien_gow"
"""The name the command line and the app use, like a preset's."""

TITLE = Text(
    "Tien Gow (Heaven Nine): Chinese dominoes, four players, eight tricks",
    "Тянь гоу («Небо и девятка»): китайское домино, четыре игрока, восемь взяток",
)

ALIASES: tuple[str, ...] = (
    "tien gow",
    "tiengow",
    "tian jiu",
    "heaven nine",
    "chinese",
    "chinese dominoes",
    "китайское домино",
    "китайское",
    "тянь гоу",
    "тянь цзю",
    "тиен гоу",
    "небо и девятка",
)

PLAYERS = 4
"""Tien Gow is a game for four."""

HAND_SIZE = 8
"""Every seat is dealt eight of the 32 tiles."""

_KEYS = frozenset(name_key(name) for name in (NAME, *ALIASES))


def is_tien_gow(name: str) -> bool:
    """Whether a rule-set name means Tien Gow ("tien_gow", "Chinese", "китайское домино", "Тянь гоу"...)."""
    return name_key(name) in _KEYS


class LastTrick(StrEnum):
    """Who may take the last trick (the seed's "no trick, no last trick" and how the pages read it)."""

    SINGLE = "single"
    """A player without a trick may not beat in a last trick led with one tile (the default)."""
    ALWAYS = "always"
    """A player without a trick may not beat in the last trick, however many tiles it has."""
    OPEN = "open"
    """Anyone may take the last trick."""


@dataclass(frozen=True, slots=True)
class TienGowRules:
    """The house rules of Tien Gow. The defaults are the game ``docs/tien_gow.md`` describes."""

    last_trick: LastTrick = LastTrick.SINGLE
    banker_double: bool = True
    """Payments to and from the banker count double."""
    stake: int = 20
    """Chips each player starts a match with; the match ends when someone runs out."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "last_trick", _last_trick(self.last_trick))
        object.__setattr__(self, "banker_double", _yes_no("banker_double", self.banker_double))
        stake = option_int("stake", self.stake)
        if not 1 <= stake <= 10_000:
            raise OptionError(
                Text(
                    f"option stake: {self.stake!r} is not allowed; use a whole number from 1 to 10000",
                    f"опция stake: значение {self.stake!r} не подходит; укажите целое число от 1 до 10000",
                )
            )
        object.__setattr__(self, "stake", stake)

    @property
    def players(self) -> int:
        """Always four."""
        return PLAYERS

    def with_overrides(self, overrides: Mapping[str, Any]) -> TienGowRules:
        """A copy with some options changed; values may be strings ("always", "false", "30")."""
        unknown = [k for k in overrides if k not in TIEN_GOW_OPTIONS]
        if unknown:
            names = ", ".join(TIEN_GOW_OPTIONS)
            raise OptionError(
                Text(
                    f"unknown option {unknown[0]!r} for Tien Gow; its options are: {names}",
                    f"у тянь гоу нет опции {unknown[0]!r}; опции такие: {names}",
                )
            )
        return dataclasses.replace(self, **dict(overrides))

    def as_dict(self) -> dict[str, object]:
        """Plain values of every option."""
        return {
            "game": NAME,
            "players": PLAYERS,
            "hand_size": HAND_SIZE,
            "last_trick": self.last_trick.value,
            "banker_double": self.banker_double,
            "stake": self.stake,
        }


TIEN_GOW_OPTIONS: tuple[str, ...] = tuple(f.name for f in fields(TienGowRules))


def _last_trick(value: object) -> LastTrick:
    if isinstance(value, LastTrick):
        return value
    try:
        return LastTrick(str(value).strip().lower())
    except ValueError:
        allowed = ", ".join(m.value for m in LastTrick)
        raise OptionError(
            Text(
                f"option last_trick: {value!r} is not allowed; use one of: {allowed}",
                f"опция last_trick: значение {value!r} не подходит; выберите одно из: {allowed}",
            )
        ) from None


def _yes_no(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise OptionError(
        Text(
            f"option {name}: {value!r} is not allowed; use true or false",
            f"опция {name}: значение {value!r} не подходит; укажите true или false",
        )
    )
