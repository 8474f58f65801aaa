"""Tien Gow's name, its aliases in both languages, and its few house-rule options.

Why not a ``HouseRules`` preset: every option there is about a chain of
tiles (ends, boneyard, blocked hands); Tien Gow has none of them. Its own
options are the points where the rule pages differ (``docs/tien_gow.md``),
each declared once by an ``OptionSpec`` (``rules.house``) as the line games'
are: its values, label, sheet section and sentence.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tutorial_app.rules.house import Named, OptionError, OptionSpec, Whole, YesNo, specs_of
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
    "TIEN_GOW_SPECS",
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


_TRICKS = Text("Tricks", "Взятки")
_SCORING = Text("Scoring", "Очки и расчёт")
_MATCH = Text("The match", "Матч")


def _stake(value: object) -> Text:
    return Text(
        f"Everyone starts the match with {value} chips; it ends after the hand in which somebody runs out, "
        "and whoever has the most chips wins.",
        f"В начале матча у каждого {value} жетонов; матч кончается после раздачи, в которой у кого-то жетоны кончились, "
        "и побеждает тот, у кого их больше всех.",
    )


LAST_TRICK = OptionSpec(
    "last_trick",
    Named(LastTrick),
    Text("Who may take the last trick", "Кто может взять последнюю взятку"),
    _TRICKS,
    {
        "single": Text(
            "A player who has taken no trick before the last one may not take a last trick led with a single tile: "
            "they lay their tile face down. A last trick of two or more tiles is open to everyone.",
            "Игрок без единой взятки не может взять последнюю взятку, если в неё зашли одной костью: "
            "он кладёт кость рубашкой вверх. Последнюю взятку из двух и более костей может взять любой.",
        ),
        "always": Text(
            "A player who has taken no trick before the last one may not take the last trick at all: they lay "
            "their tiles face down.",
            "Игрок без единой взятки не может взять последнюю взятку: он кладёт кости рубашкой вверх.",
        ),
        "open": Text(
            "Anyone may take the last trick, whether or not they took a trick before it.",
            "Последнюю взятку может взять любой, даже тот, у кого взяток ещё нет.",
        ),
    },
    words={
        "single": Text(
            "no trick, no last trick led with one tile (usual)",
            "без взяток — не брать последнюю, если в неё зашли одной костью (обычно)",
        ),
        "always": Text("no trick, no last trick at all", "без взяток — не брать последнюю вовсе"),
        "open": Text("anyone may take the last trick", "последнюю взятку может взять любой"),
    },
)
BANKER_DOUBLE = OptionSpec(
    "banker_double",
    YesNo(),
    Text("Payments with the banker count double", "Расчёты с банкиром вдвойне"),
    _SCORING,
    {
        "true": Text(
            "Payments between the winner and the banker count double (all of them when the banker wins).",
            "Расчёты между победителем и банкиром удваиваются (все расчёты, если выиграл сам банкир).",
        ),
        "false": Text("The banker pays and is paid like everyone else.", "Банкир платит и получает как все."),
    },
    words={"true": Text("yes (usual)", "да (обычно)"), "false": Text("no", "нет")},
)
STAKE = OptionSpec(
    "stake",
    Whole(1, 10_000, Text("a whole number from 1 to 10000", "целое число от 1 до 10000")),
    Text("Chips each player starts a match with", "Жетонов у каждого в начале матча"),
    _MATCH,
    _stake,
)


@dataclass(frozen=True, slots=True)
class TienGowRules:
    """The house rules of Tien Gow. The defaults are the game ``docs/tien_gow.md`` describes."""

    last_trick: LastTrick = field(default=LastTrick.SINGLE, metadata=LAST_TRICK.meta)
    banker_double: bool = field(default=True, metadata=BANKER_DOUBLE.meta)
    """Payments to and from the banker count double."""
    stake: int = field(default=20, metadata=STAKE.meta)
    """Chips each player starts a match with; the match ends when someone runs out."""

    def __post_init__(self) -> None:
        for name, declared in TIEN_GOW_SPECS.items():
            object.__setattr__(self, name, declared.domain.coerce(name, getattr(self, name)))

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
                    f"у «Тянь гоу» нет опции {unknown[0]!r}; опции такие: {names}",
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


TIEN_GOW_SPECS: dict[str, OptionSpec] = specs_of(TienGowRules)
"""Every option's spec, by name."""
TIEN_GOW_OPTIONS: tuple[str, ...] = tuple(TIEN_GOW_SPECS)
