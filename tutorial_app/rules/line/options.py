"""The house-rules model: every house-rule option of a line game in one frozen object.

What each option and value means at the table is the rule sheet's text
(``rulesheet.py``; ``domino-tutor rules NAME`` prints it).

Why one model: every variant is a preset of these values, and the engine
branches on options only, never on a variant's name, so any house rule can
be combined with any other and compared side by side.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from tutorial_app.rules.text import RulesError, Text
from tutorial_app.rules.tiles import ALL_TILES

__all__ = [
    "OptionError",
    "Teams",
    "Boneyard",
    "DrawRule",
    "FirstLead",
    "FirstTile",
    "NextLead",
    "BlockedNextLead",
    "BlockWithBoneyard",
    "Layout",
    "Scoring",
    "BlockedScoring",
    "BlockedTie",
    "FivesClaim",
    "Redeal",
    "MatchGoal",
    "HouseRules",
    "OPTION_NAMES",
    "option_int",
]


class OptionError(RulesError):
    """A house-rules option or value that does not exist or cannot be played; ``reason`` in en and ru."""


class Teams(StrEnum):
    NONE = "none"
    PAIRS = "pairs"


class Boneyard(StrEnum):
    NONE = "none"
    DRAW = "draw"


class DrawRule(StrEnum):
    UNTIL_PLAYABLE = "until_playable"
    PAIRS = "pairs"


class FirstLead(StrEnum):
    LOWEST_DOUBLE_NOT_BLANK = "lowest_double_not_blank"
    HIGHEST_DOUBLE = "highest_double"
    BLANK_THEN_HIGHEST = "blank_then_highest"
    PRIORITY_101 = "priority_101"
    DOUBLE_SIX_MUST = "double_six_must"
    DRAW_LOTS = "draw_lots"
    HIGHEST_TILE = "highest_tile"
    DONKEY = "donkey"


class FirstTile(StrEnum):
    DETERMINING = "determining"
    ANY = "any"


class NextLead(StrEnum):
    WINNER = "winner"
    FIRST_LEAD_RULE = "first_lead_rule"


class BlockedNextLead(StrEnum):
    """Who leads after a blocked hand.

    ``winner``: the fish's winner (in pairs, the winning side's player with
    the fewest pips); ``lowest_hand``: the player with the fewest pips at the
    table, whichever side won. After a tied fish both give the fish maker.
    """

    FISH_MAKER = "fish_maker"
    WINNER = "winner"
    LOWEST_HAND = "lowest_hand"
    FIRST_LEAD_RULE = "first_lead_rule"


class BlockWithBoneyard(StrEnum):
    """When a hand with a boneyard is blocked (a fish: nobody can play, and drawing cannot change that).

    ``at_once``: as soon as nobody can play and no drawable tile fits;
    ``draw_out``: only once the boneyard allows no more drawing (players
    with no fitting tile draw it out first, and the drawn tiles count).
    """

    AT_ONCE = "at_once"
    DRAW_OUT = "draw_out"


class Layout(StrEnum):
    LINE = "line"
    SPINNER = "spinner"


class Scoring(StrEnum):
    WINNER_TAKES_OPPONENTS = "winner_takes_opponents"
    WINNER_TAKES_ALL_HANDS = "winner_takes_all_hands"
    GOAT = "goat"


class BlockedScoring(StrEnum):
    LOWEST_WINS = "lowest_wins"
    LOWEST_MINUS_OWN = "lowest_minus_own"
    GOAT_BLOCK = "goat_block"


class BlockedTie(StrEnum):
    NOBODY = "nobody"
    BANK = "bank"


class FivesClaim(StrEnum):
    AUTOMATIC = "automatic"
    MUST_CLAIM = "must_claim"


class Redeal(StrEnum):
    NONE = "none"
    DOMINO101 = "domino101"


class MatchGoal(StrEnum):
    REACH_TARGET_WINS = "reach_target_wins"
    REACH_TARGET_LOSES = "reach_target_loses"


_TOTAL_TILES = len(ALL_TILES)

# Allowed whole-number values: (lowest, highest, the values people usually use).
_INT_RANGES: dict[str, tuple[int, int, Text]] = {
    "players": (2, 4, Text("2, 3 or 4", "2, 3 или 4")),
    "hand_size": (
        2,
        14,
        Text(
            "a whole number from 2 up, such that every hand can be dealt",
            "целое число от 2, при котором хватает костей на все руки",
        ),
    ),
    "reserve": (0, 2, Text("0, 1 or 2", "0, 1 или 2")),
    "opening_threshold": (0, 100, Text("0 (off) or 13", "0 (выключено) или 13")),
    "capicu_bonus": (0, 100, Text("0 (off), 25 or 30", "0 (выключено), 25 или 30")),
    "target": (
        1,
        10_000,
        Text(
            "a positive whole number such as 50, 100, 101, 150, 200 or 500",
            "целое число больше нуля, например 50, 100, 101, 150, 200 или 500",
        ),
    ),
    "min_penalty": (0, 100, Text("0 (off) or 13", "0 (выключено) или 13")),
}
_CHOICES: dict[str, tuple[int, ...]] = {
    "blank_double_value": (0, 10),
    "lone_blank_double": (0, 25),
}


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Every house-rule option of a domino game, with validation.

    The defaults are the plain block game for two. Build variants with
    ``tutorial_app.rules.line.variants.rules_for`` rather than by hand.
    """

    players: int = 2
    teams: Teams = Teams.NONE
    hand_size: int = 7
    boneyard: Boneyard = Boneyard.NONE
    draw_rule: DrawRule = DrawRule.UNTIL_PLAYABLE
    reserve: int = 0
    block_with_boneyard: BlockWithBoneyard = BlockWithBoneyard.AT_ONCE
    must_play_drawn: bool = False
    first_lead: FirstLead = FirstLead.LOWEST_DOUBLE_NOT_BLANK
    first_tile: FirstTile = FirstTile.ANY
    next_lead: NextLead = NextLead.WINNER
    blocked_next_lead: BlockedNextLead = BlockedNextLead.FISH_MAKER
    layout: Layout = Layout.LINE
    scoring: Scoring = Scoring.WINNER_TAKES_OPPONENTS
    blocked_scoring: BlockedScoring = BlockedScoring.LOWEST_WINS
    blocked_tie: BlockedTie = BlockedTie.NOBODY
    blank_double_value: int = 0
    opening_threshold: int = 0
    capicu_bonus: int = 0
    fives_scoring: bool = False
    fives_claim: FivesClaim = FivesClaim.AUTOMATIC
    multiple_doubles: bool = False
    branch_blocking: bool = False
    redeal: Redeal = Redeal.NONE
    target: int = 100
    match_goal: MatchGoal = MatchGoal.REACH_TARGET_WINS
    lone_blank_double: int = 0
    min_penalty: int = 0
    # Derived once, read on every move. Why: the engine's hot path, and in
    # Python 3.11 reading an enum member off its class costs as much as a
    # dozen ordinary attribute reads.
    has_boneyard: bool = field(init=False, repr=False, compare=False, default=False)
    spinner_layout: bool = field(init=False, repr=False, compare=False, default=False)
    in_pairs: bool = field(init=False, repr=False, compare=False, default=False)
    """Four players in two partnerships, seats 0+2 against 1+3 (``teams: pairs``)."""
    sides: int = field(init=False, repr=False, compare=False, default=0)
    """Number of scoring sides: 2 for pairs, else one per player."""
    side_table: tuple[int, ...] = field(init=False, repr=False, compare=False, default=())
    side_seats: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False, default=())
    pairs_draw: bool = field(init=False, repr=False, compare=False, default=False)
    must_claim: bool = field(init=False, repr=False, compare=False, default=False)
    """All Fives points count only when the player announces them (``fives_scoring`` with ``fives_claim:
    must_claim``)."""
    is_penalty_scoring: bool = field(init=False, repr=False, compare=False, default=False)
    """Goat-style scoring (``scoring: goat``): points are penalties written against the losers."""
    draw_out: bool = field(init=False, repr=False, compare=False, default=False)
    """A boneyard game blocks only once nothing more may be drawn (``block_with_boneyard: draw_out``)."""
    dealt: int = field(init=False, repr=False, compare=False, default=0)
    """Tiles dealt in all: ``players`` x ``hand_size``."""

    def __post_init__(self) -> None:
        for option in fields(self):
            if option.init:
                value = getattr(self, option.name)
                object.__setattr__(self, option.name, _coerce(option.name, option.type, value))
        pairs = self.teams is Teams.PAIRS
        side_table = tuple(seat % 2 if pairs else seat for seat in range(self.players))
        sides = 2 if pairs else self.players
        derived = {
            "in_pairs": pairs,
            "has_boneyard": self.boneyard is Boneyard.DRAW,
            "spinner_layout": self.layout is Layout.SPINNER,
            "sides": sides,
            "side_table": side_table,
            "side_seats": tuple(
                tuple(s for s in range(self.players) if side_table[s] == side) for side in range(sides)
            ),
            "pairs_draw": self.draw_rule is DrawRule.PAIRS,
            "must_claim": self.fives_scoring and self.fives_claim is FivesClaim.MUST_CLAIM,
            "is_penalty_scoring": self.scoring is Scoring.GOAT,
            "draw_out": self.boneyard is Boneyard.DRAW and self.block_with_boneyard is BlockWithBoneyard.DRAW_OUT,
            "dealt": self.players * self.hand_size,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)
        self._check_combination()

    # -- derived facts the engine asks for often ---------------------------

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (seats 0+2 and 1+3 in pairs)."""
        return self.side_table[seat]

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of a side."""
        return self.side_seats[side]

    # -- changing ------------------------------------------------------------

    def with_overrides(self, overrides: Mapping[str, Any]) -> HouseRules:
        """A copy with some options changed; values may be strings ("150", "true")."""
        unknown = [k for k in overrides if k not in OPTION_NAMES]
        if unknown:
            names = ", ".join(OPTION_NAMES)
            raise OptionError(
                Text(
                    f"unknown option {unknown[0]!r}; the options are: {names}",
                    f"неизвестная опция {unknown[0]!r}; опции такие: {names}",
                )
            )
        return dataclasses.replace(self, **dict(overrides))

    def as_dict(self) -> dict[str, object]:
        """Plain values of every option (enums as their names)."""
        out: dict[str, object] = {}
        for option in fields(self):
            if option.init:
                value = getattr(self, option.name)
                out[option.name] = value.value if isinstance(value, StrEnum) else value
        return out

    def differences(self, other: HouseRules) -> dict[str, tuple[object, object]]:
        """Options whose values differ: name -> (mine, theirs)."""
        mine, theirs = self.as_dict(), other.as_dict()
        return {k: (mine[k], theirs[k]) for k in mine if mine[k] != theirs[k]}

    def _check_combination(self) -> None:
        if self.teams is Teams.PAIRS and self.players != 4:
            raise OptionError(
                Text(
                    f"teams 'pairs' needs 4 players, not {self.players}; use teams=none or players=4",
                    f"для teams 'pairs' нужны 4 игрока, а не {self.players}; выберите teams=none или players=4",
                )
            )
        dealt = self.dealt
        if self.has_boneyard:
            room = _TOTAL_TILES - self.reserve - 1
            if dealt > room:
                raise OptionError(
                    Text(
                        f"hand_size {self.hand_size} cannot be dealt to {self.players} players with a "
                        f"boneyard: at most {room // self.players} tiles each leave a tile to draw",
                        f"hand_size {self.hand_size} не раздать {self.players} игрокам, если есть базар: "
                        f"чтобы на базаре осталось что брать, на руку можно дать не больше {room // self.players}",
                    )
                )
        elif dealt > _TOTAL_TILES:
            raise OptionError(
                Text(
                    f"hand_size {self.hand_size} cannot be dealt to {self.players} players: "
                    f"at most {_TOTAL_TILES // self.players} tiles each fit in 28",
                    f"hand_size {self.hand_size} не раздать {self.players} игрокам: "
                    f"из 28 костей на руку приходится не больше {_TOTAL_TILES // self.players}",
                )
            )
        if self.blocked_tie is BlockedTie.BANK and self.scoring is Scoring.GOAT:
            raise OptionError(
                Text(
                    "blocked_tie 'bank' needs winner-takes scoring; with scoring=goat use blocked_tie=nobody",
                    "blocked_tie 'bank' бывает только там, где победитель забирает очки; "
                    "при scoring=goat выберите blocked_tie=nobody",
                )
            )
        if self.fives_scoring and self.scoring is Scoring.GOAT:
            raise OptionError(
                Text(
                    "fives_scoring needs winner-takes scoring; with scoring=goat use fives_scoring=false",
                    "fives_scoring бывает только там, где победитель забирает очки; "
                    "при scoring=goat выберите fives_scoring=false",
                )
            )
        if self.branch_blocking and self.layout is not Layout.SPINNER:
            raise OptionError(
                Text("branch_blocking needs layout=spinner", "branch_blocking работает только при layout=spinner")
            )
        if self.blocked_scoring is BlockedScoring.GOAT_BLOCK and self.scoring is not Scoring.GOAT:
            raise OptionError(
                Text(
                    "blocked_scoring 'goat_block' needs scoring=goat",
                    "blocked_scoring 'goat_block' работает только при scoring=goat",
                )
            )


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(HouseRules) if f.init)

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _coerce(name: str, annotation: object, value: object) -> object:
    """Turn a written value into the option's type, or say what is allowed."""
    enum_type = _ENUM_TYPES.get(name)
    if enum_type is not None:
        if isinstance(value, enum_type):
            return value
        text = str(value).strip().lower().replace("-", "_")
        try:
            return enum_type(text)
        except ValueError:
            allowed = ", ".join(m.value for m in enum_type)
            raise OptionError(
                Text(
                    f"option {name}: {value!r} is not allowed; use one of: {allowed}",
                    f"опция {name}: значение {value!r} не подходит; выберите одно из: {allowed}",
                )
            ) from None
    if name in _BOOL_OPTIONS:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise OptionError(
            Text(
                f"option {name}: {value!r} is not allowed; use true or false",
                f"опция {name}: значение {value!r} не подходит; укажите true или false",
            )
        )
    number = option_int(name, value)
    if name in _CHOICES:
        choices = _CHOICES[name]
        if number not in choices:
            raise OptionError(
                Text(
                    f"option {name}: {value!r} is not allowed; use {' or '.join(str(c) for c in choices)}",
                    f"опция {name}: значение {value!r} не подходит; укажите {' или '.join(str(c) for c in choices)}",
                )
            )
        return number
    low, high, usual = _INT_RANGES[name]
    if not low <= number <= high:
        raise OptionError(
            Text(
                f"option {name}: {value!r} is not allowed; use {usual.en}",
                f"опция {name}: значение {value!r} не подходит; укажите {usual.ru}",
            )
        )
    return number


def _not_whole(name: str, value: object) -> OptionError:
    return OptionError(
        Text(f"option {name}: {value!r} is not a whole number", f"опция {name}: {value!r} — не целое число")
    )


def option_int(name: str, value: object) -> int:
    """A whole-number option's value from an int or its digits ("150"); OptionError naming ``name`` otherwise."""
    if isinstance(value, bool):
        raise _not_whole(name, value)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise _not_whole(name, value)


_ENUM_TYPES: dict[str, type[StrEnum]] = {
    "teams": Teams,
    "boneyard": Boneyard,
    "draw_rule": DrawRule,
    "block_with_boneyard": BlockWithBoneyard,
    "first_lead": FirstLead,
    "first_tile": FirstTile,
    "next_lead": NextLead,
    "blocked_next_lead": BlockedNextLead,
    "layout": Layout,
    "scoring": Scoring,
    "blocked_scoring": BlockedScoring,
    "blocked_tie": BlockedTie,
    "fives_claim": FivesClaim,
    "redeal": Redeal,
    "match_goal": MatchGoal,
}
_BOOL_OPTIONS = {"must_play_drawn", "fives_scoring", "multiple_doubles", "branch_blocking"}


def allowed_values(name: str) -> str:
    """A short description of what an option accepts (for help and errors)."""
    if name in _ENUM_TYPES:
        return ", ".join(m.value for m in _ENUM_TYPES[name])
    if name in _BOOL_OPTIONS:
        return "true, false"
    if name in _CHOICES:
        return ", ".join(str(c) for c in _CHOICES[name])
    return _INT_RANGES[name][2].en
