"""Every house-rule option of the line games, declared once: its values, label, sheet section and sentence.

Why one declaration per option (``rules.house.OptionSpec``): ``HouseRules``
checks a value through the spec's domain, the rule sheet (``rulesheet``)
reads its label, section and sentence, the comparison page and the rules
picker read the same; a new option is one spec here and one field of
``HouseRules`` (``options``). ``SPECS`` lists them in the rule sheet's order.

What each value means at the table is said here in plain words, in English
and Russian, one sentence per value (some read differently at a table where
a clause can never apply: ``in_context``).
"""

from __future__ import annotations

from typing import Protocol

import tutorial_app.rules.line.option_values as values
from tutorial_app.rules.house import Named, OneOf, OptionSpec, Whole, YesNo
from tutorial_app.rules.text import Text, joined, msg, msgc, msgn
from tutorial_app.rules.tiles import ALL_TILES


class HouseRules(Protocol):
    """What the sentences and ``applies`` read of the whole rule set, a ``rules.line.options.HouseRules`` (which
    declares its fields by these specs, so it is not imported here)."""

    @property
    def players(self) -> int: ...

    @property
    def dealt(self) -> int: ...

    @property
    def has_boneyard(self) -> bool: ...

    @property
    def must_play_drawn(self) -> bool: ...

    @property
    def pairs_draw(self) -> bool: ...

    @property
    def spinner_layout(self) -> bool: ...

    @property
    def multiple_doubles(self) -> bool: ...

    @property
    def branch_blocking(self) -> bool: ...

    @property
    def fives_scoring(self) -> bool: ...

    @property
    def is_penalty_scoring(self) -> bool: ...

    @property
    def lone_blank_double(self) -> int: ...

    @property
    def first_lead(self) -> values.FirstLead: ...

    @property
    def teams(self) -> values.Teams: ...

    @property
    def blocked_scoring(self) -> values.BlockedScoring: ...


__all__ = ["SPECS", "SECTIONS", "players_of_preset"]


def _points(n: int) -> Text:
    return msgn("{n} point", "{n} points", n)


# -- one sentence per option value -------------------------------------------------


def _players(n: object) -> Text:
    count = int(str(n))
    return msg("Players at the table: {count}.", count=count)


_HOW_MANY = {
    2: msgc("how many play", "2"),
    3: msgc("how many play", "3"),
    4: msgc("how many play", "4"),
}
"""A number of players as "this game is played by …" says it (Russian «вдвоём», «втроём», «вчетвером»)."""


def players_of_preset(count: int, allowed: tuple[int, ...]) -> Text:
    """The sheet's player count, and the counts the game allows (so "2 players" does not read as a limit)."""
    base = _players(count)
    if len(allowed) < 2:
        return base
    counts = [_HOW_MANY[n] for n in allowed]
    choices = msg("{first} or {other}", first=joined(counts[:-1], ", "), other=counts[-1])
    return msg("Players at the table: {count} (this game is played by {allowed}).", count=count, allowed=choices)


def _hand_size(n: object) -> Text:
    count = int(str(n))
    return msg("Each player is dealt {tiles}.", tiles=msgn("{n} tile", "{n} tiles", count))


def _reserve(n: object) -> Text:
    count = int(str(n))
    if count == 0:
        return msg("The boneyard may be drawn to the last tile.")
    if count == 1:
        return msg("The last tile of the boneyard is a reserve: nobody may draw it.")
    return msgn(
        "The last {n} tile of the boneyard is a reserve: nobody may draw it.",
        "The last {n} tiles of the boneyard are a reserve: nobody may draw them.",
        count,
    )


def _opening(n: object) -> Text:
    count = int(str(n))
    if count == 0:
        return msg("Every point counts from the first hand on.")
    return msg(
        "A side's score opens only when it wins one hand worth {points} or more; what it wins before that is noted "
        "as draft points and never added to the main score.",
        points=_points(count),
    )


def _capicu(n: object) -> Text:
    count = int(str(n))
    if count == 0:
        return msg("Going out with a capicú earns nothing extra.")
    return msg(
        "Going out with a capicú (the last tile fits both ends, and the ends showed different numbers) earns "
        "{points} more.",
        points=_points(count),
    )


def _blank_double(n: object) -> Text:
    if int(str(n)) == 0:
        return msg("A 0-0 left in hand counts nothing.")
    return msg("A 0-0 left in hand counts {points}.", points=_points(int(str(n))))


def _lone_blank(n: object) -> Text:
    if int(str(n)) == 0:
        return msg("A hand left with nothing but 0-0 counts like any other.")
    return msg("A hand left with nothing but 0-0 counts {points}.", points=_points(int(str(n))))


def _min_penalty(n: object) -> Text:
    if int(str(n)) == 0:
        return msg("Every penalty is written down, however small.")
    return msgn(
        "A penalty under {n} point is not written down.", "A penalty under {n} points is not written down.", int(str(n))
    )


def _target(n: object) -> Text:
    return msgn("The match is played to {n} point.", "The match is played to {n} points.", int(str(n)))


_FIRST_LEAD_SENTENCES = {
    "lowest_double_not_blank": msg(
        "The first hand is led by the holder of the lowest double from 1-1 up (0-0 does not count); if nobody has one, by the holder of the lowest tile."
    ),
    "highest_double": msg(
        "The first hand is led by the holder of the highest double, 6-6 first and then down to 1-1; if nobody has one, by the holder of the highest tile."
    ),
    "blank_then_highest": msg(
        "The holder of 0-0 leads the first hand; without it, the holder of the highest double from 6-6 down; with no doubles at all, the holder of the highest tile."
    ),
    "priority_101": msg(
        "The first hand is led by whoever holds the first double in the order 1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-0 (doubles left in the boneyard are skipped); if no double was dealt, the tiles are dealt again."
    ),
    "double_six_must": msg("The holder of 6-6 leads the first hand; if 6-6 was not dealt, the tiles are dealt again."),
    "draw_lots": msg(
        "Before the first deal everyone turns up one tile of the shuffled set; the highest tile wins the lead, and the tiles go back before dealing."
    ),
    "highest_tile": msg("The holder of the highest tile leads the first hand."),
    "donkey": msg(
        "The holder of 1-1 leads the first hand; without it, the holder of the smallest double from 2-2 up to 6-6, with 0-0 last."
    ),
}


# -- sentences that depend on the rest of the rules --------------------------------------
# Why: some values read differently at a table where a clause can never apply (all 28 tiles
# dealt, two players without partners); the sheet then says only what can happen.


def _all_dealt(rules: HouseRules) -> bool:
    return rules.dealt >= len(ALL_TILES)


def _lead_can_fail(rules: HouseRules) -> bool:
    """Whether a deal can leave nobody holding the tile the first-lead rule needs."""
    always = ("lowest_double_not_blank", "highest_double", "blank_then_highest", "highest_tile", "draw_lots")
    return rules.first_lead.value not in always and not _all_dealt(rules)


def _redeal_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "none" and not _lead_can_fail(rules):
        return msg("There is no redeal: every hand is played with the tiles as they were dealt.")
    return None


def _first_lead_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "double_six_must" and _all_dealt(rules):
        return msg("The holder of 6-6 leads the first hand with it (all 28 tiles are dealt, so someone has it).")
    if value == "donkey" and not _all_dealt(rules):
        base = _FIRST_LEAD_SENTENCES[str(value)]
        return msg("{rule} If no double was dealt, the tiles are dealt again.", rule=base)
    return None


def _boneyard_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "none" and _all_dealt(rules):
        return msg("All 28 tiles are dealt, so there is no boneyard: a player who cannot play passes.")
    return None


def _scoring_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "winner_takes_all_hands" and rules.teams is values.Teams.NONE:
        return msg(
            "The player who goes out scores the pips left in every hand; when a fish is won, the winner's own pips count too."
        )
    return None


def _blocked_scoring_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "lowest_wins" and rules.is_penalty_scoring:
        return msg(
            "In a blocked hand the side with the fewest pips writes nothing, and every other side writes down its own pips."
        )
    return None


# -- where an option matters (a sheet leaves out the options that cannot apply) -----------


def _has_boneyard(rules: HouseRules) -> bool:
    return rules.has_boneyard


def _drawn_tile_matters(rules: HouseRules) -> bool:
    # Drawing one at a time stops at the first tile that fits, and nothing else fitted before,
    # so "any tile that fits" can only differ from "the drawn tile" when tiles come in pairs
    # (which the engine never restricts to the drawn tile).
    return rules.has_boneyard and rules.must_play_drawn is not rules.pairs_draw


def _tie_can_happen(rules: HouseRules) -> bool:
    return rules.blocked_scoring.value != "goat_block"


def _four_players(rules: HouseRules) -> bool:
    return rules.players == 4


def _several_doubles(rules: HouseRules) -> bool:
    return rules.spinner_layout or rules.multiple_doubles


def _closing_arms(rules: HouseRules) -> bool:
    return rules.spinner_layout or rules.branch_blocking


def _capicu_counts(rules: HouseRules) -> bool:
    # in goat the winner writes nothing, so a bonus would have nowhere to go
    return not rules.spinner_layout and not rules.is_penalty_scoring


def _fives_scored(rules: HouseRules) -> bool:
    return rules.fives_scoring


def _penalties(rules: HouseRules) -> bool:
    return rules.is_penalty_scoring


def _lone_blank_counts(rules: HouseRules) -> bool:
    return rules.is_penalty_scoring or rules.lone_blank_double != 0


# -- the options, in the rule sheet's order ------------------------------------------------

_DEAL = msg("Players and the deal")
_LEAD = msg("Who leads")
_MOVES = msg("Moves and drawing")
_END = msg("End of the hand")
_SCORING = msgc("rules.line.option_specs", "Scoring")
_MATCH = msg("The match")

PLAYERS = OptionSpec(
    "players",
    Whole(2, 4, msg("2, 3 or 4")),
    msg("Players"),
    _DEAL,
    _players,
)
TEAMS = OptionSpec(
    "teams",
    Named(values.Teams),
    msg("Teams"),
    _DEAL,
    {
        "none": msg("Everyone plays for themselves."),
        "pairs": msg(
            "Four players form two pairs: seats 0 and 2 against seats 1 and 3; partners' tiles count together."
        ),
    },
    applies=_four_players,
)
HAND_SIZE = OptionSpec(
    "hand_size",
    Whole(
        2,
        14,
        msg("a whole number from 2 up, such that every hand can be dealt"),
    ),
    msg("Tiles per hand"),
    _DEAL,
    _hand_size,
)
REDEAL = OptionSpec(
    "redeal",
    Named(values.Redeal),
    msg("Redeal"),
    _DEAL,
    {
        "none": msg("The tiles are dealt again only when nobody holds the tile the first-lead rule needs."),
        "domino101": msg(
            "The tiles are dealt again when a hand holds 5 or more doubles, 6 or more tiles of one suit, or 5 of one suit without that suit's double; with four players, also when the opening double's suit is missing from the other pair's hands."
        ),
    },
    in_context=_redeal_in_context,
)
FIRST_LEAD = OptionSpec(
    "first_lead",
    Named(values.FirstLead),
    msg("First lead"),
    _LEAD,
    _FIRST_LEAD_SENTENCES,
    in_context=_first_lead_in_context,
)
FIRST_TILE = OptionSpec(
    "first_tile",
    Named(values.FirstTile),
    msg("First tile"),
    _LEAD,
    {
        "determining": msg("The first lead must be the very tile that decided who leads."),
        "any": msg("The first leader may lead any tile."),
    },
)
NEXT_LEAD = OptionSpec(
    "next_lead",
    Named(values.NextLead),
    msg("Next lead"),
    _LEAD,
    {
        "winner": msg("After a hand that someone wins, the winner leads the next one with any tile."),
        "first_lead_rule": msg("Every hand's leader is found again by the first-lead rule."),
    },
)
BLOCKED_NEXT_LEAD = OptionSpec(
    "blocked_next_lead",
    Named(values.BlockedNextLead),
    msg("Lead after a fish"),
    _LEAD,
    {
        "fish_maker": msg("After a blocked hand, the player who made the fish leads the next one."),
        "winner": msg(
            "After a blocked hand, its winner leads the next one too (in pairs, the winning pair's player with the fewest pips); after a tied fish, the player who made it."
        ),
        "lowest_hand": msg(
            "After a blocked hand, the player with the fewest pips at the table leads the next one; after a tied fish, the player who made it."
        ),
        "first_lead_rule": msg("After a blocked hand, the leader is found again by the first-lead rule."),
    },
)
LAYOUT = OptionSpec(
    "layout",
    Named(values.Layout),
    msg("Layout"),
    _MOVES,
    {
        "line": msg(
            "The tiles form one line with two open ends; a double is laid across but is otherwise an ordinary tile."
        ),
        "spinner": msg(
            "The first double becomes the spinner: the line grows from its left and right sides, and once both hold a tile, its upper and lower sides open too, so there can be four open ends."
        ),
    },
)
MULTIPLE_DOUBLES = OptionSpec(
    "multiple_doubles",
    YesNo(),
    msg("Several doubles a turn"),
    _MOVES,
    {
        "true": msg(
            "In one turn you may lay several doubles one after another, each where it fits, and then one ordinary tile."
        ),
        "false": msg("One tile is laid per turn."),
    },
    applies=_several_doubles,
)
BRANCH_BLOCKING = OptionSpec(
    "branch_blocking",
    YesNo(),
    msg("Closing an arm"),
    _MOVES,
    {
        "true": msg("A double may be laid face down to close its arm: nothing can be attached to it any more."),
        "false": msg("Every tile is laid face up; no arm can be closed on purpose."),
    },
    applies=_closing_arms,
)
BONEYARD = OptionSpec(
    "boneyard",
    Named(values.Boneyard),
    msg("Boneyard"),
    _MOVES,
    {
        "none": msg(
            "Nobody draws: a player who cannot play passes, and any tiles not dealt stay face down out of play."
        ),
        "draw": msg("Tiles that are not dealt form the boneyard: a player who cannot play draws from it."),
    },
    in_context=_boneyard_in_context,
)
DRAW_RULE = OptionSpec(
    "draw_rule",
    Named(values.DrawRule),
    msg("How to draw"),
    _MOVES,
    {
        "until_playable": msg(
            "Draw one tile at a time and stop as soon as one fits; pass only when nothing more may be drawn."
        ),
        "pairs": msg(
            "Draw two tiles at a time, even when the first one fits, and again while nothing fits; when only one drawable tile is left, take that one."
        ),
    },
    applies=_has_boneyard,
)
RESERVE = OptionSpec(
    "reserve",
    Whole(0, 2, msg("0, 1 or 2")),
    msg("Reserve"),
    _MOVES,
    _reserve,
    applies=_has_boneyard,
)
MUST_PLAY_DRAWN = OptionSpec(
    "must_play_drawn",
    YesNo(),
    msg("Playing the drawn tile"),
    _MOVES,
    {
        "true": msg("The tile that ends a draw must be played at once."),
        "false": msg("After drawing, you may play any tile that fits, not only the one you drew."),
    },
    applies=_drawn_tile_matters,
)
BLOCK_WITH_BONEYARD = OptionSpec(
    "block_with_boneyard",
    Named(values.BlockWithBoneyard),
    msg("A fish with a boneyard"),
    _END,
    {
        "at_once": msg(
            "A hand is blocked (a fish) as soon as nobody can play and no tile left to draw could fit, even while tiles remain in the boneyard."
        ),
        "draw_out": msg(
            "A hand is blocked (a fish) only when nothing more may be drawn: a player with no fitting tile keeps drawing until the boneyard allows no more, and the drawn tiles count at the end."
        ),
    },
    applies=_has_boneyard,
)
BLOCKED_SCORING = OptionSpec(
    "blocked_scoring",
    Named(values.BlockedScoring),
    msg("Scoring a fish"),
    _END,
    {
        "lowest_wins": msg(
            "In a blocked hand the side with the fewest pips counts as the winner, and the hand is scored as if it had gone out."
        ),
        "lowest_minus_own": msg(
            "In a blocked hand the side with the fewest pips scores everyone else's pips minus its own."
        ),
        "goat_block": msg(
            "In a blocked hand the player who made the fish writes nothing, and every other side writes down its own pips."
        ),
    },
    in_context=_blocked_scoring_in_context,
)
BLOCKED_TIE = OptionSpec(
    "blocked_tie",
    Named(values.BlockedTie),
    msg("Tied fish"),
    _END,
    {
        "nobody": msg("When a blocked hand ends with the lowest counts tied, nobody scores."),
        "bank": msg(
            "When a blocked hand ends with the lowest counts tied, nobody scores and all the pips go to the tie bank; the winner of the next decided hand takes the bank on top, and ties in a row make it grow."
        ),
    },
    applies=_tie_can_happen,
)
SCORING = OptionSpec(
    "scoring",
    Named(values.Scoring),
    msgc("option title", "Scoring"),
    _SCORING,
    {
        "winner_takes_opponents": msg("The side that goes out scores the pips left in its opponents' hands."),
        "winner_takes_all_hands": msg(
            "The side that goes out scores every pip still in hand, its own partner's included."
        ),
        "goat": msg(
            "Points are penalties: when someone goes out, every other side writes down the pips left in its own hands."
        ),
    },
    in_context=_scoring_in_context,
)
BLANK_DOUBLE_VALUE = OptionSpec(
    "blank_double_value",
    OneOf((0, 10)),
    msg("Value of 0-0"),
    _SCORING,
    _blank_double,
)
LONE_BLANK_DOUBLE = OptionSpec(
    "lone_blank_double",
    OneOf((0, 25)),
    msg("A lone 0-0"),
    _SCORING,
    _lone_blank,
    applies=_lone_blank_counts,
)
MIN_PENALTY = OptionSpec(
    "min_penalty",
    Whole(0, 100, msg("0 (off) or 13")),
    msg("Smallest penalty"),
    _SCORING,
    _min_penalty,
    applies=_penalties,
)
CAPICU_BONUS = OptionSpec(
    "capicu_bonus",
    Whole(0, 100, msg("0 (off), 25 or 30")),
    msg("Capicú bonus"),
    _SCORING,
    _capicu,
    applies=_capicu_counts,
)
FIVES_SCORING = OptionSpec(
    "fives_scoring",
    YesNo(),
    msg("Multiples of 5"),
    _SCORING,
    {
        "true": msg(
            "After every move the open ends are added up; when the sum is a positive multiple of 5, the mover scores it at once. Points at the end of a hand are rounded to the nearest 5."
        ),
        "false": msg("Moves score nothing by themselves: points are written only at the end of a hand."),
    },
)
FIVES_CLAIM = OptionSpec(
    "fives_claim",
    Named(values.FivesClaim),
    msg("Announcing fives"),
    _SCORING,
    {
        "automatic": msg("Points for a multiple of 5 are written down without being announced."),
        "must_claim": msg(
            'The mover must announce the points for a multiple of 5; points left unannounced may be taken by an opponent who calls "Muggins!".'
        ),
    },
    applies=_fives_scored,
)
TARGET = OptionSpec(
    "target",
    Whole(
        1,
        10_000,
        msg("a positive whole number such as 50, 100, 101, 150, 200 or 500"),
    ),
    msg("Target"),
    _MATCH,
    _target,
)
MATCH_GOAL = OptionSpec(
    "match_goal",
    Named(values.MatchGoal),
    msg("Match goal"),
    _MATCH,
    {
        "reach_target_wins": msg("The first side to reach the target wins the match."),
        "reach_target_loses": msg(
            "When a side reaches the target, the match ends: that side loses, and the side with the fewest points wins."
        ),
    },
)
OPENING_THRESHOLD = OptionSpec(
    "opening_threshold",
    Whole(0, 100, msg("0 (off) or 13")),
    msg("Opening the score"),
    _MATCH,
    _opening,
)

SPECS: tuple[OptionSpec, ...] = (
    PLAYERS,
    TEAMS,
    HAND_SIZE,
    REDEAL,
    FIRST_LEAD,
    FIRST_TILE,
    NEXT_LEAD,
    BLOCKED_NEXT_LEAD,
    LAYOUT,
    MULTIPLE_DOUBLES,
    BRANCH_BLOCKING,
    BONEYARD,
    DRAW_RULE,
    RESERVE,
    MUST_PLAY_DRAWN,
    BLOCK_WITH_BONEYARD,
    BLOCKED_SCORING,
    BLOCKED_TIE,
    SCORING,
    BLANK_DOUBLE_VALUE,
    LONE_BLANK_DOUBLE,
    MIN_PENALTY,
    CAPICU_BONUS,
    FIVES_SCORING,
    FIVES_CLAIM,
    TARGET,
    MATCH_GOAL,
    OPENING_THRESHOLD,
)
"""Every option, in the rule sheet's order."""

SECTIONS: tuple[tuple[Text, tuple[str, ...]], ...] = tuple(
    (heading, tuple(spec.name for spec in SPECS if spec.section is heading))
    for heading in dict.fromkeys(spec.section for spec in SPECS)
)
"""Section headings and the options each one explains, in order (read off ``SPECS``)."""
