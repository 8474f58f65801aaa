"""The named values of the line games' house-rule options (the enumerations ``HouseRules`` holds).

Why apart from ``options``: the option specs (``option_specs``) name these
values, and ``HouseRules`` (``options``) declares its fields by those specs;
both read them from here. ``options`` re-exports them for its callers.
"""

from __future__ import annotations

from enum import StrEnum


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
