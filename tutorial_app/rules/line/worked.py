"""Worked explanations of rules facts, with the arithmetic, in English and Russian.

Why in the rules core: a lesson's answer and the app's feedback must say why
in the engine's own terms ("6-5 (11) + 3-2 (5) = 16", "ends 4 + 6 = 10, a
multiple of 5"), and the very code that rules decides what is said. No UI
here: callers pass the learner's seat (``viewer``) so sentences can say
"you"; without it seats are named by number, as the referee does.

The end of a hand (win, fish, сека, capicú, bank, goat penalties) is in
``worked_end``, the score sheet in ``worked_match``, the lead in
``worked_lead``, moves and drawing in ``worked_moves``; this module holds
the shared wording and the facts of the table: ends, tiles, suits and pips.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.rules.line.moves import fives_count
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import LEFT, RIGHT, HandState, Table
from tutorial_app.rules.line.who import Who, seat_who
from tutorial_app.rules.text import EMPTY, Text, joined, listed, msg, msgc, msgn, verbatim
from tutorial_app.rules.tiles import SUIT_MASK, Tile, tiles_of_mask

__all__ = [
    "join",
    "sum_expr",
    "hand_sum",
    "tile_term",
    "ends_text",
    "tile_list",
    "tiles_count",
    "explain_ends_sum",
    "explain_fives_points",
    "explain_tile_value",
    "explain_is_double",
    "explain_count_tiles",
    "explain_suit_left",
    "explain_unseen",
    "explain_pips",
]

_MANY_TILES = 8
"""A hand longer than this is summed up as "17 tiles, 82 pips" rather than tile by tile."""


def join(*parts: Text | None) -> Text:
    """Sentences one after another (None parts left out)."""
    return joined(parts, " ")


def sum_expr(values: Sequence[int]) -> str:
    """``4 + 6 = 10`` (one value alone is just itself)."""
    if len(values) == 1:
        return str(values[0])
    return " + ".join(str(v) for v in values) + f" = {sum(values)}"


def tile_term(tile: Tile, rules: HouseRules) -> str:
    """A tile with its value: ``6-5 (11)``; 0-0 by the rules' value."""
    return f"{tile} ({tile.value(rules.blank_double_value)})"


def hand_sum(state: HandState, seat: int) -> tuple[Text, int]:
    """What a seat's hand counts, worked out: ``6-5 (11) + 3-2 (5) = 16``, and the total."""
    tiles = state.hand(seat)
    pips = state.pips(seat)
    rules = state.rules
    if not tiles:
        return msg("nothing"), 0
    if len(tiles) > _MANY_TILES:
        return joined([tiles_count(len(tiles)), msgn("{n} pip", "{n} pips", pips)], ", "), pips
    values = [t.value(rules.blank_double_value) for t in tiles]
    if pips != sum(values):
        return msg("0-0 alone ({pips} under these rules)", pips=pips), pips
    terms = " + ".join(tile_term(t, rules) for t in tiles)
    expr = f"{terms} = {pips}" if len(tiles) > 1 else terms
    return verbatim(expr), pips


def tiles_count(n: int) -> Text:
    """``3 tiles`` / «3 кости» / «5 костей»."""
    return msgn("{n} tile", "{n} tiles", n)


def ends_text(table: Table) -> Text:
    """The open ends in words: "the ends show 4 and 6" / «на концах 4 и 6»."""
    numbers = [n for _, n in table.open_ends()]
    if not numbers:
        return msg("no end is open")
    if len(numbers) == 2 and numbers[0] == numbers[1]:
        return msg("both ends show {item}", item=numbers[0])
    return msg("the ends show {numbers}", numbers=listed([verbatim(str(n)) for n in numbers]))


# -- ends and All Fives -------------------------------------------------------------------


def _end_counts(table: Table) -> list[tuple[int, bool]]:
    """What each open end adds to the All Fives count: (points, counted both halves)."""
    if table.centre is None:
        return []
    out: list[tuple[int, bool]] = []
    arms = table.arms
    if table.spinner and not (arms[LEFT] and arms[RIGHT]):
        out.append((2 * table.centre.lo, True))
    for index, links in enumerate(arms):
        if links:
            last = links[-1]
            if not last.closed:
                out.append((2 * last.outer if last.tile.is_double else last.outer, last.tile.is_double))
        elif not table.spinner and index in (LEFT, RIGHT):
            number = table.centre_left if index == LEFT else table.centre_right
            out.append((2 * number if table.centre.is_double else number, table.centre.is_double))
    return out


def _ends_arithmetic(table: Table, fives: bool) -> tuple[Text, int]:
    """The ends added up, worked out; with ``fives`` a double at an end counts both halves."""
    if not fives:
        numbers = [n for _, n in table.open_ends()]
        return msg("the ends {sum_expr}", sum_expr=sum_expr(numbers)), sum(numbers)
    counts = _end_counts(table)
    total = fives_count(table)
    doubles = any(both for _, both in counts)
    note = msg(" (a double at an end counts both halves)") if doubles else EMPTY
    values = [v for v, _ in counts] or [0]
    return msg("the ends count {sum_expr}{note}", sum_expr=sum_expr(values), note=note), total


def explain_ends_sum(table: Table, rules: HouseRules) -> Text:
    """``the ends 4 + 6 = 10`` (the All Fives count where fives score)."""
    worked, _ = _ends_arithmetic(table, rules.fives_scoring)
    return msg("{worked:cap}.", worked=worked)


def explain_fives_points(table: Table, mover: Who | None = None) -> Text:
    """``ends 4 + 6 = 10, a multiple of 5: you score 10`` or why no points are made."""
    worked, total = _ends_arithmetic(table, True)
    if total > 0 and total % 5 == 0:
        if mover is None:
            return msg("{worked:cap}, a multiple of 5: {total} points.", worked=worked, total=total)
        return mover.pick(
            msg("{worked:cap}, a multiple of 5: you score {total}.", worked=worked, total=total),
            msg("{worked:cap}, a multiple of 5: {who} scores {total}.", worked=worked, who=mover.name, total=total),
        )
    if total == 0:
        return msg("{worked:cap}: nothing to score.", worked=worked)
    return msg("{worked:cap}, not a multiple of 5: no points.", worked=worked)


# -- tiles and the set --------------------------------------------------------------------


def explain_tile_value(tile: Tile, rules: HouseRules) -> Text:
    """``6 + 6 = 12``; 0-0 by the rules' value."""
    if tile.lo == tile.hi == 0 and rules.blank_double_value:
        value = rules.blank_double_value
        return msg("0 + 0 would be 0, but under these rules a 0-0 left in hand counts {value}.", value=value)
    worked = f"{tile.hi} + {tile.lo} = {tile.pips}"
    return msg("A tile is worth its pips: {worked}.", worked=worked)


def explain_is_double(tile: Tile) -> Text:
    """Same number twice, or not."""
    if tile.is_double:
        return msg("{tile} shows {hi} on both halves: a double.", tile=tile, hi=tile.hi)
    return msg("{tile} shows {hi} and {lo}: two different numbers, so not a double.", tile=tile, hi=tile.hi, lo=tile.lo)


def explain_count_tiles(suit: int | None, doubles: bool | None) -> Text:
    """How many tiles of the double-six set match, worked out."""
    if suit is None and doubles is None:
        return msg("0 pairs with 0…6 (7 tiles), 1 with 1…6 (6), and so on down to 6-6: 7 + 6 + 5 + 4 + 3 + 2 + 1 = 28.")
    if suit is None:
        if doubles:
            return msg("One double for each number from 0 to 6: 0-0, 1-1 … 6-6, that is 7.")
        return msg("28 tiles, 7 of them doubles: 28 − 7 = 21.")
    if doubles is None:
        return msg("{suit} meets each number from 0 to 6 once, {suit}-{suit} included: 7 tiles.", suit=suit)
    if doubles:
        return msg("The suit of {suit} has one double, {suit}-{suit}: 1.", suit=suit)
    return msg("The suit of {suit} has 7 tiles, one of them the double {suit}-{suit}: 7 − 1 = 6.", suit=suit)


def tile_list(tiles: Sequence[Tile]) -> str:
    return ", ".join(str(t) for t in tiles)


def explain_suit_left(state: HandState, suit: int) -> Text:
    """Tiles of a suit not yet on the table: ``7 − 3 = 4``."""
    on_table = [t for t in state.table.tiles() if t.has(suit)]
    if not on_table:
        return msg("The suit of {suit} has 7 tiles and none is on the table yet: 7.", suit=suit)
    return msg(
        "The suit of {suit} has 7 tiles; on the table: {tile_list} ({n}): 7 − {n} = {value}.",
        suit=suit,
        tile_list=tile_list(on_table),
        n=len(on_table),
        value=7 - len(on_table),
    )


def explain_unseen(state: HandState, suit: int, seat: int, viewer: int | None = None) -> Text:
    """Tiles of a suit a seat cannot see: 7 minus the table minus its own hand."""
    on_table = [t for t in state.table.tiles() if t.has(suit)]
    own = list(tiles_of_mask(state.hands[seat] & SUIT_MASK[suit]))
    who = seat_who(seat, viewer)
    left = 7 - len(on_table) - len(own)
    none = msgc("tiles", "none")
    shown_table = verbatim(f"{tile_list(on_table)} ({len(on_table)})") if on_table else none
    shown_own = verbatim(f"{tile_list(own)} ({len(own)})") if own else none
    worked = f"7 − {len(on_table)} − {len(own)} = {left}"
    return who.pick(
        msg(
            "The suit of {suit} has 7 tiles; on the table: {table}; in your hand: {own}: {worked} you cannot see.",
            suit=suit,
            table=shown_table,
            own=shown_own,
            worked=worked,
        ),
        msg(
            "The suit of {suit} has 7 tiles; on the table: {table}; in {who}'s hand: {own}: {worked} {who} cannot see.",
            suit=suit,
            table=shown_table,
            who=who.name,
            own=shown_own,
            worked=worked,
        ),
    )


def explain_pips(state: HandState, seat: int, viewer: int | None = None) -> Text:
    """A seat's pips, tile by tile: ``6-5 (11) + 3-2 (5) = 16``."""
    who = seat_who(seat, viewer)
    worked, total = hand_sum(state, seat)
    if total == 0 and not state.hand(seat):
        return who.pick(msg("You hold no tiles: 0."), msg("{who:cap} holds no tiles: 0.", who=who.name))
    if state.rules.blank_double_value and any(t.lo == t.hi == 0 for t in state.hand(seat)):
        return who.pick(
            msg("You hold {worked} (0-0 counts 10 under these rules).", worked=worked),
            msg("{who:cap} holds {worked} (0-0 counts 10 under these rules).", who=who.name, worked=worked),
        )
    return who.pick(
        msg("You hold {worked}.", worked=worked), msg("{who:cap} holds {worked}.", who=who.name, worked=worked)
    )
