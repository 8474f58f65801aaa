"""The house-rules model: every house-rule option of a line game in one frozen object.

Each field is declared by its option's spec (``option_specs``: its values,
label, sheet section and sentence), and its values are checked through the
spec's domain; what each value means at the table is the spec's sentence
(the rule sheet, ``domino-tutor rules NAME``).

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

import tutorial_app.rules.line.option_specs as spec
from tutorial_app.rules.house import Domain, OptionError, OptionSpec, option_int, specs_of
from tutorial_app.rules.line.option_values import (
    BlockedNextLead,
    BlockedScoring,
    BlockedTie,
    BlockWithBoneyard,
    Boneyard,
    DrawRule,
    FirstLead,
    FirstTile,
    FivesClaim,
    Layout,
    MatchGoal,
    NextLead,
    Redeal,
    Scoring,
    Teams,
)
from tutorial_app.rules.text import msg
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
    "OPTION_SPECS",
    "option_int",
    "option_domain",
    "allowed_values",
]

_TOTAL_TILES = len(ALL_TILES)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Every house-rule option of a domino game, with validation.

    The defaults are the plain block game for two. Build variants with
    ``tutorial_app.rules.line.variants.rules_for`` rather than by hand.
    """

    players: int = field(default=2, metadata=spec.PLAYERS.meta)
    teams: Teams = field(default=Teams.NONE, metadata=spec.TEAMS.meta)
    hand_size: int = field(default=7, metadata=spec.HAND_SIZE.meta)
    boneyard: Boneyard = field(default=Boneyard.NONE, metadata=spec.BONEYARD.meta)
    draw_rule: DrawRule = field(default=DrawRule.UNTIL_PLAYABLE, metadata=spec.DRAW_RULE.meta)
    reserve: int = field(default=0, metadata=spec.RESERVE.meta)
    block_with_boneyard: BlockWithBoneyard = field(
        default=BlockWithBoneyard.AT_ONCE, metadata=spec.BLOCK_WITH_BONEYARD.meta
    )
    must_play_drawn: bool = field(default=False, metadata=spec.MUST_PLAY_DRAWN.meta)
    first_lead: FirstLead = field(default=FirstLead.LOWEST_DOUBLE_NOT_BLANK, metadata=spec.FIRST_LEAD.meta)
    first_tile: FirstTile = field(default=FirstTile.ANY, metadata=spec.FIRST_TILE.meta)
    next_lead: NextLead = field(default=NextLead.WINNER, metadata=spec.NEXT_LEAD.meta)
    blocked_next_lead: BlockedNextLead = field(default=BlockedNextLead.FISH_MAKER, metadata=spec.BLOCKED_NEXT_LEAD.meta)
    layout: Layout = field(default=Layout.LINE, metadata=spec.LAYOUT.meta)
    scoring: Scoring = field(default=Scoring.WINNER_TAKES_OPPONENTS, metadata=spec.SCORING.meta)
    blocked_scoring: BlockedScoring = field(default=BlockedScoring.LOWEST_WINS, metadata=spec.BLOCKED_SCORING.meta)
    blocked_tie: BlockedTie = field(default=BlockedTie.NOBODY, metadata=spec.BLOCKED_TIE.meta)
    blank_double_value: int = field(default=0, metadata=spec.BLANK_DOUBLE_VALUE.meta)
    opening_threshold: int = field(default=0, metadata=spec.OPENING_THRESHOLD.meta)
    capicu_bonus: int = field(default=0, metadata=spec.CAPICU_BONUS.meta)
    fives_scoring: bool = field(default=False, metadata=spec.FIVES_SCORING.meta)
    fives_claim: FivesClaim = field(default=FivesClaim.AUTOMATIC, metadata=spec.FIVES_CLAIM.meta)
    multiple_doubles: bool = field(default=False, metadata=spec.MULTIPLE_DOUBLES.meta)
    branch_blocking: bool = field(default=False, metadata=spec.BRANCH_BLOCKING.meta)
    redeal: Redeal = field(default=Redeal.NONE, metadata=spec.REDEAL.meta)
    target: int = field(default=100, metadata=spec.TARGET.meta)
    match_goal: MatchGoal = field(default=MatchGoal.REACH_TARGET_WINS, metadata=spec.MATCH_GOAL.meta)
    lone_blank_double: int = field(default=0, metadata=spec.LONE_BLANK_DOUBLE.meta)
    min_penalty: int = field(default=0, metadata=spec.MIN_PENALTY.meta)
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
        for name, declared in OPTION_SPECS.items():
            object.__setattr__(self, name, declared.domain.coerce(name, getattr(self, name)))
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
            raise OptionError(msg("unknown option {item!r}; the options are: {names}", item=unknown[0], names=names))
        return dataclasses.replace(self, **dict(overrides))

    def as_dict(self) -> dict[str, object]:
        """Plain values of every option (enums as their names)."""
        out: dict[str, object] = {}
        for declared in fields(self):
            if declared.init:
                value = getattr(self, declared.name)
                out[declared.name] = value.value if isinstance(value, StrEnum) else value
        return out

    def differences(self, other: HouseRules) -> dict[str, tuple[object, object]]:
        """Options whose values differ: name -> (mine, theirs)."""
        mine, theirs = self.as_dict(), other.as_dict()
        return {k: (mine[k], theirs[k]) for k in mine if mine[k] != theirs[k]}

    def _check_combination(self) -> None:
        if self.teams is Teams.PAIRS and self.players != 4:
            raise OptionError(
                msg("teams 'pairs' needs 4 players, not {players}; use teams=none or players=4", players=self.players)
            )
        # with a boneyard, a tile to draw must be left beyond the reserve
        room = _TOTAL_TILES - self.reserve - 1 if self.has_boneyard else _TOTAL_TILES
        if self.dealt > room:
            fits = {"hand_size": self.hand_size, "players": self.players, "value": room // self.players}
            raise OptionError(
                msg(
                    "hand_size {hand_size} cannot be dealt to {players} players with a boneyard: at most {value} tiles each leave a tile to draw",
                    **fits,
                )
                if self.has_boneyard
                else msg(
                    "hand_size {hand_size} cannot be dealt to {players} players: at most {value} tiles each fit in 28",
                    **fits,
                )
            )
        if self.blocked_tie is BlockedTie.BANK and self.scoring is Scoring.GOAT:
            raise OptionError(
                msg("blocked_tie 'bank' needs winner-takes scoring; with scoring=goat use blocked_tie=nobody")
            )
        if self.fives_scoring and self.scoring is Scoring.GOAT:
            raise OptionError(
                msg("fives_scoring needs winner-takes scoring; with scoring=goat use fives_scoring=false")
            )
        if self.branch_blocking and self.layout is not Layout.SPINNER:
            raise OptionError(msg("branch_blocking needs layout=spinner"))
        if self.blocked_scoring is BlockedScoring.GOAT_BLOCK and self.scoring is not Scoring.GOAT:
            raise OptionError(msg("blocked_scoring 'goat_block' needs scoring=goat"))


OPTION_SPECS: dict[str, OptionSpec] = specs_of(HouseRules)
"""Every option's spec (``option_specs``), by name, in the order of ``HouseRules``' fields."""
OPTION_NAMES: tuple[str, ...] = tuple(OPTION_SPECS)


def option_domain(name: str) -> Domain:
    """The values an option accepts: ``.choices()`` for a picker's list (None for a range: ``.bounds()``)."""
    return OPTION_SPECS[name].domain


def allowed_values(name: str) -> str:
    """A short description of what an option accepts (for help and errors)."""
    return option_domain(name).accepts().en
