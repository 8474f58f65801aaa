"""Named presets: each variant we teach (block, draw, kozel, international, domino 101, classic,
All Fives, donkey...) as data: a name, aliases, a one-line title and the ``HouseRules`` values it sets (every
other option keeps its default: the plain block game for two).

Why data with per-player-count rows: several variants change with the number
of players (domino 101 draws pairs for two, draws until playable for three
and has no boneyard for four), and a table of values keeps that visible.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tutorial_app.rules.line.options import HouseRules, OptionError, option_int
from tutorial_app.rules.text import RulesError, Text, msg, msgc, shown, verbatim

__all__ = ["Variant", "VARIANTS", "find_variant", "rules_for", "name_key", "UnknownVariantError"]


class UnknownVariantError(RulesError):
    """A rule-set name that is neither a preset nor an alias; ``reason`` in en and ru."""


@dataclass(frozen=True)
class Variant:
    """A named preset: how its options differ from the plain block game, plus changes by number of players."""

    name: str
    title: Text
    aliases: tuple[str, ...]
    options: Mapping[str, Any]
    """The options this preset sets; every other option keeps ``HouseRules``' default (the plain block game)."""
    players: tuple[int, ...] = (2, 3, 4)
    default_players: int = 2
    by_players: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    pairs_optional: bool = False
    about: Text | None = None
    """How this preset differs from a sibling a reader could take it for (the two goats), or None; it names the
    sibling in words (its title's), never by its id: a learner reads it in their own language."""

    def rules(self, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> HouseRules:
        """The house rules of this preset for a number of players, with overrides."""
        overrides = dict(overrides or {})
        if players is None:
            players = option_int("players", overrides.pop("players", self.default_players))
        else:
            overrides.pop("players", None)
        if players not in self.players:
            counts = [str(p) for p in self.players]
            allowed: Text = verbatim(counts[-1])
            if len(counts) > 1:
                # English lists the counts with commas; Russian says «2, 3 или 4»
                allowed = msgc("player counts", "{first}, {last}", first=", ".join(counts[:-1]), last=counts[-1])
            raise OptionError(
                msg(
                    "{name} is played by {allowed} players, not {players}",
                    name=self.name,
                    allowed=allowed,
                    players=players,
                )
            )
        values: dict[str, Any] = {**self.options, **self.by_players.get(players, {}), "players": players}
        return HouseRules(**values).with_overrides(overrides) if overrides else HouseRules(**values)


def _v(**kwargs: Any) -> Mapping[str, Any]:
    return MappingProxyType(kwargs)


_DRAW_HAND = {2: _v(hand_size=7), 3: _v(hand_size=5), 4: _v(hand_size=5)}

# Each preset names only the options it sets: the rest are HouseRules' defaults, the plain block game for two
# (the block preset itself sets none).
VARIANTS: tuple[Variant, ...] = (
    Variant(
        name="block",
        title=msg("Block: no boneyard, pass when you cannot play"),
        aliases=("blocking", "блок", "без базара", "domino", "домино"),
        options=_v(),
        pairs_optional=True,
    ),
    Variant(
        name="draw",
        title=msg("Draw: take from the boneyard until a tile fits"),
        aliases=("draw game", "с базаром", "базар"),
        options=_v(boneyard="draw"),
        by_players=_DRAW_HAND,
    ),
    Variant(
        name="kozel",
        title=msg("Goat (Kozel): 0-0 leads, the fish maker writes nothing, 101 loses"),
        about=msg(
            "Penalty points, and whoever reaches 101 loses. The holder of 0-0 leads the first hand with it; two or three players draw from the boneyard, four pass (every tile is dealt); in a fish the player who laid the blocking tile writes nothing. The other goat (Goat, pass-only table) never draws and differs in the first lead and the fish."
        ),
        aliases=("goat", "козёл", "козел", "kozyol"),
        default_players=4,
        options=_v(
            boneyard="draw",
            first_lead="blank_then_highest",
            first_tile="determining",
            scoring="goat",
            blocked_scoring="goat_block",
            target=101,
            match_goal="reach_target_loses",
        ),
        by_players={4: _v(boneyard="none")},
    ),
    Variant(
        name="kozel_pass",
        title=msg("Goat, pass-only table: the lowest double leads, the lightest hand escapes a fish"),
        about=msg(
            "Goat at a table that never draws: even two or three players pass when nothing fits, and the tiles nobody was dealt stay out of play. The lowest double from 1-1 leads the first hand, with any tile; in a fish the player with the fewest pips writes nothing. With four players it differs from Goat (Kozel) only in the first lead and the fish."
        ),
        aliases=("goat pass", "kozel pass", "козёл без базара", "козел без базара"),
        default_players=4,
        options=_v(scoring="goat", target=101, match_goal="reach_target_loses"),
        pairs_optional=True,
    ),
    Variant(
        name="international",
        title=msg("International pairs (FID): 6-6 leads, the pair that goes out scores every pip in hand"),
        aliases=("fid", "pairs", "международное", "международное в парах"),
        players=(4,),
        default_players=4,
        options=_v(
            teams="pairs", first_lead="double_six_must", first_tile="determining", scoring="winner_takes_all_hands"
        ),
    ),
    Variant(
        name="international_two",
        title=msg("International for two: lots decide the lead, draw until it fits"),
        aliases=("international for two", "one on one", "1v1", "международное на двоих", "на двоих"),
        players=(2,),
        options=_v(
            boneyard="draw",
            block_with_boneyard="draw_out",
            first_lead="draw_lots",
            scoring="winner_takes_all_hands",
        ),
    ),
    Variant(
        name="domino101",
        title=msg("Domino 101: the 13-point opening, the tie bank, first to 101"),
        aliases=("101", "домино 101", "сто один"),
        options=_v(
            first_lead="priority_101",
            first_tile="determining",
            blocked_tie="bank",
            blank_double_value=10,
            opening_threshold=13,
            redeal="domino101",
            target=101,
        ),
        by_players={
            2: _v(boneyard="draw", draw_rule="pairs", reserve=2),
            3: _v(boneyard="draw", reserve=1, must_play_drawn=True),
            4: _v(teams="pairs"),
        },
    ),
    Variant(
        name="classic",
        title=msg("Classic: the highest double leads, a fish pays the difference"),
        aliases=("классика", "классическое", "classic draw"),
        options=_v(
            boneyard="draw",
            first_lead="highest_double",
            first_tile="determining",
            blocked_next_lead="winner",
            blocked_scoring="lowest_minus_own",
            blank_double_value=10,
            target=101,
        ),
        by_players=_DRAW_HAND,
    ),
    Variant(
        name="all_fives",
        title=msg("All Fives (Muggins): score when the ends add up to a multiple of 5"),
        aliases=("muggins", "fives", "маггинс", "все пятёрки"),
        options=_v(
            boneyard="draw",
            must_play_drawn=True,
            first_lead="draw_lots",
            blocked_next_lead="first_lead_rule",
            layout="spinner",
            blocked_scoring="lowest_minus_own",
            fives_scoring=True,
            target=200,
        ),
        by_players=_DRAW_HAND,
        pairs_optional=True,
    ),
    Variant(
        name="donkey",
        title=msg("Donkey: four arms, doubles in a row, first to 101 loses"),
        aliases=("осёл", "осел", "ishak"),
        options=_v(
            boneyard="draw",
            first_lead="donkey",
            first_tile="determining",
            blocked_next_lead="lowest_hand",
            layout="spinner",
            scoring="goat",
            multiple_doubles=True,
            branch_blocking=True,
            target=101,
            match_goal="reach_target_loses",
        ),
        by_players={4: _v(boneyard="none")},
    ),
)


def name_key(name: str) -> str:
    """A rule-set name as it is looked up: case, ё/е, hyphens, underscores and extra spaces do not matter."""
    spaced = name.strip().casefold().replace("ё", "е").replace("-", " ").replace("_", " ")
    return " ".join(spaced.split())


_BY_NAME: dict[str, Variant] = {}
for _variant in VARIANTS:
    for _key in (_variant.name, *_variant.aliases):
        _BY_NAME[name_key(_key)] = _variant


def find_variant(name: str) -> Variant:
    """A preset by its name or any alias, in any case ("козёл", "goat", "101")."""
    variant = _BY_NAME.get(name_key(name))
    if variant is None:
        names = ", ".join(v.name for v in VARIANTS)
        raise UnknownVariantError(
            msg("unknown rule set {shown}; the presets are: {names}", shown=shown(name), names=names)
        )
    return variant


def rules_for(name: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> HouseRules:
    """House rules of a preset (by name or alias) for some players, with overrides."""
    return find_variant(name).rules(players, overrides)
