"""Worked explanations about Chinese domino tiles: suit, copies in the set, red pips, sets and tricks.

Why apart from ``tiles``: that module answers (the Tien Gow engine grows
there); this one says why, with the count, for a learner.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.rules.text import Text, msg
from tutorial_app.rules.tien_gow.tiles import (
    CIVIL_ORDER,
    ChineseRulesError,
    Suit,
    chinese_tile,
    combination,
    judge,
    red_on_half,
    red_pips,
    suit_of,
    tile_name,
    why_not_combination,
)
from tutorial_app.rules.tiles import Tile

__all__ = [
    "explain_chinese_suit",
    "explain_chinese_copies",
    "explain_chinese_red_pips",
    "explain_chinese_can_lead",
    "explain_chinese_beats",
    "chinese_half_colours",
]

_CIVIL_NON_DOUBLES = "1-3, 1-5, 1-6, 4-6, 5-6"


def _named(tile: Tile) -> Text:
    name = tile_name(tile)
    return msg("{tile} ({name})", tile=tile, name=name)


def explain_chinese_suit(value: object) -> Text:
    """Why a tile is civil or military."""
    tile = chinese_tile(value)
    named = _named(tile)
    if suit_of(tile) is Suit.CIVIL:
        why = (
            msg("every double is civil")
            if tile.is_double
            else msg(
                "it is one of the five civil non-doubles {CIVIL_NON_DOUBLES}", CIVIL_NON_DOUBLES=_CIVIL_NON_DOUBLES
            )
        )
        return msg("{tile} is civil: {why}.", tile=named, why=why)
    return msg("{tile} is military: it is not a double and not one of {civil}.", tile=named, civil=_CIVIL_NON_DOUBLES)


def explain_chinese_copies(value: object) -> Text:
    """Civil tiles come twice, military tiles once."""
    tile = chinese_tile(value)
    if suit_of(tile) is Suit.CIVIL:
        return msg(
            "{tile} is civil, and civil tiles come in pairs: 2 in the set ({n} kinds × 2 = {value}).",
            tile=tile,
            n=len(CIVIL_ORDER),
            value=2 * len(CIVIL_ORDER),
        )
    return msg("{tile} is military, and military tiles come once: 1 (10 kinds, 10 tiles).", tile=tile)


def chinese_half_colours(value: object) -> tuple[tuple[int, int], tuple[int, int]]:
    """Each half of a Chinese tile as (red pips, white pips), low half first (for drawing it)."""
    tile = chinese_tile(value)
    double_six = tile.lo == tile.hi == 6
    low_red, high_red = red_on_half(tile.lo, double_six), red_on_half(tile.hi, double_six)
    return (low_red, tile.lo - low_red), (high_red, tile.hi - high_red)


def explain_chinese_red_pips(value: object) -> Text:
    """Red pips counted half by half: every 1 and 4 is red, and half of each 6 on 6-6."""
    tile = chinese_tile(value)
    (low_red, _), (high_red, _) = chinese_half_colours(tile)
    total = red_pips(tile)
    rule = msg("the 1 and the 4 are red")
    if tile.lo == tile.hi == 6:
        rule = msg("on 6-6 one row of three on each half is red")
    return msg(
        "{rule:cap}: {tile} has {high} + {low} = {total} red pips, {white} white.",
        rule=rule,
        tile=tile,
        high=high_red,
        low=low_red,
        total=total,
        white=tile.pips - total,
    )


def explain_chinese_can_lead(tiles: Sequence[object]) -> Text:
    """What set the tiles form (and so may be led), or why they form none."""
    reason = why_not_combination(tiles)
    if reason is not None:
        return msg("No: {reason:clause}.", reason=reason)
    return msg("Yes: {combo} is a set that may be led.", combo=combination(tiles).name)


def explain_chinese_beats(tiles: Sequence[object], against: Sequence[object]) -> Text:
    """The verdict of the trick with its reason (same kind and size, strictly higher)."""
    try:
        verdict = judge(tiles, against)
    except ChineseRulesError as exc:
        return msg("No: {reason}", reason=exc.reason)
    return verdict.why  # judge's sentence already opens with its verdict ("Yes: ..." / "No: ...")
