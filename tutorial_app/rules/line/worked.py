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

from tutorial_app.language import en_count, ru_count
from tutorial_app.rules.line.moves import fives_count
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import LEFT, RIGHT, HandState, Table
from tutorial_app.rules.line.who import Who, seat_who
from tutorial_app.rules.text import EMPTY, Text, msg
from tutorial_app.rules.tiles import SUIT_MASK, Tile, tiles_of_mask

__all__ = [
    "join",
    "sum_expr",
    "hand_sum",
    "tile_term",
    "ends_text",
    "tile_list",
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
    kept = [p for p in parts if p is not None and p.en]
    return Text(" ".join(p.en for p in kept), " ".join(p.ru for p in kept))


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
        return Text(
            f"{en_count(len(tiles), 'tile', 'tiles')}, {en_count(pips, 'pip', 'pips')}",
            f"{ru_count(len(tiles), 'кость', 'кости', 'костей')}, {ru_count(pips, 'очко', 'очка', 'очков')}",
        ), pips
    values = [t.value(rules.blank_double_value) for t in tiles]
    if pips != sum(values):
        return msg("0-0 alone ({pips} under these rules)", pips=pips), pips
    terms = " + ".join(tile_term(t, rules) for t in tiles)
    expr = f"{terms} = {pips}" if len(tiles) > 1 else terms
    return Text(expr, expr), pips


def _numbers(numbers: Sequence[int], en_and: str = "and", ru_and: str = "и") -> Text:
    if len(numbers) == 1:
        return Text(str(numbers[0]), str(numbers[0]))
    head = ", ".join(str(n) for n in numbers[:-1])
    return Text(f"{head} {en_and} {numbers[-1]}", f"{head} {ru_and} {numbers[-1]}")


def ends_text(table: Table) -> Text:
    """The open ends in words: "the ends show 4 and 6" / «на концах 4 и 6»."""
    numbers = [n for _, n in table.open_ends()]
    if not numbers:
        return msg("no end is open")
    if len(numbers) == 2 and numbers[0] == numbers[1]:
        return msg("both ends show {item}", item=numbers[0])
    shown = _numbers(numbers)
    return Text(f"the ends show {shown.en}", f"на концах {shown.ru}")


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
    return Text(f"the ends count {sum_expr(values)}{note.en}", f"концы дают {sum_expr(values)}{note.ru}"), total


def explain_ends_sum(table: Table, rules: HouseRules) -> Text:
    """``the ends 4 + 6 = 10`` (the All Fives count where fives score)."""
    worked, _ = _ends_arithmetic(table, rules.fives_scoring)
    return Text(worked.en[:1].upper() + worked.en[1:] + ".", worked.ru[:1].upper() + worked.ru[1:] + ".")


def explain_fives_points(table: Table, mover: Who | None = None) -> Text:
    """``ends 4 + 6 = 10, a multiple of 5: you score 10`` or why no points are made."""
    worked, total = _ends_arithmetic(table, True)
    head = Text(worked.en[:1].upper() + worked.en[1:], worked.ru[:1].upper() + worked.ru[1:])
    if total > 0 and total % 5 == 0:
        if mover is None:
            return Text(f"{head.en}, a multiple of 5: {total} points.", f"{head.ru} — кратно 5: {total} очков.")
        return Text(
            f"{head.en}, a multiple of 5: {mover.en} {mover.en_verb('score', 'scores')} {total}.",
            f"{head.ru} — кратно 5: {mover.ru} {mover.ru_verb('получаете', 'получает')} {total}.",
        )
    if total == 0:
        return Text(f"{head.en}: nothing to score.", f"{head.ru} — ноль: очков нет.")
    return Text(f"{head.en}, not a multiple of 5: no points.", f"{head.ru} — не кратно 5: очков нет.")


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
    table_en = f"{tile_list(on_table)} ({len(on_table)})" if on_table else "none"
    table_ru = f"{tile_list(on_table)} ({len(on_table)})" if on_table else "ни одной"
    own_en = f"{tile_list(own)} ({len(own)})" if own else "none"
    own_ru = f"{tile_list(own)} ({len(own)})" if own else "ни одной"
    return Text(
        f"The suit of {suit} has 7 tiles; on the table: {table_en}; in {who.en_poss} hand: {own_en}: "
        f"7 − {len(on_table)} − {len(own)} = {left} {who.en} cannot see.",
        f"В серии {suit} 7 костей; на столе: {table_ru}; на руке у {who.ru_gen}: {own_ru}: "
        f"7 − {len(on_table)} − {len(own)} = {left} — их {who.ru} не {who.ru_verb('видите', 'видит')}.",
    )


def explain_pips(state: HandState, seat: int, viewer: int | None = None) -> Text:
    """A seat's pips, tile by tile: ``6-5 (11) + 3-2 (5) = 16``."""
    who = seat_who(seat, viewer)
    worked, total = hand_sum(state, seat)
    if total == 0 and not state.hand(seat):
        return Text(
            f"{who.en_cap} {who.en_verb('hold', 'holds')} no tiles: 0.", f"У {who.ru_gen} костей не осталось: 0."
        )
    blank = ""
    blank_ru = ""
    if state.rules.blank_double_value and any(t.lo == t.hi == 0 for t in state.hand(seat)):
        blank, blank_ru = " (0-0 counts 10 under these rules)", " (0-0 по этим правилам стоит 10)"
    return Text(
        f"{who.en_cap} {who.en_verb('hold', 'holds')} {worked.en}{blank}.", f"У {who.ru_gen}: {worked.ru}{blank_ru}."
    )
