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
from tutorial_app.rules.text import Text, msg

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

TITLE = msg("Tien Gow (Heaven Nine): Chinese dominoes, four players, eight tricks")

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


_TRICKS = msg("Tricks")
_SCORING = msg("Scoring")
_MATCH = msg("The match")


def _stake(value: object) -> Text:
    return msg(
        "Everyone starts the match with {value} chips; it ends after the hand in which somebody runs out, and whoever has the most chips wins.",
        value=value,
    )


LAST_TRICK = OptionSpec(
    "last_trick",
    Named(LastTrick),
    msg("Who may take the last trick"),
    _TRICKS,
    {
        "single": msg(
            "A player who has taken no trick before the last one may not take a last trick led with a single tile: they lay their tile face down. A last trick of two or more tiles is open to everyone."
        ),
        "always": msg(
            "A player who has taken no trick before the last one may not take the last trick at all: they lay their tiles face down."
        ),
        "open": msg("Anyone may take the last trick, whether or not they took a trick before it."),
    },
    words={
        "single": msg("no trick, no last trick led with one tile (usual)"),
        "always": msg("no trick, no last trick at all"),
        "open": msg("anyone may take the last trick"),
    },
)
BANKER_DOUBLE = OptionSpec(
    "banker_double",
    YesNo(),
    msg("Payments with the banker count double"),
    _SCORING,
    {
        "true": msg("Payments between the winner and the banker count double (all of them when the banker wins)."),
        "false": msg("The banker pays and is paid like everyone else."),
    },
    words={"true": msg("yes (usual)"), "false": msg("no")},
)
STAKE = OptionSpec(
    "stake",
    Whole(1, 10_000, msg("a whole number from 1 to 10000")),
    msg("Chips each player starts a match with"),
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
                msg("unknown option {item!r} for Tien Gow; its options are: {names}", item=unknown[0], names=names)
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
