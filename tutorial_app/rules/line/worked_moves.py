"""Worked explanations of moves: what is legal, drawing, whose turn it is, a move in words.

Shared wording (ends, hands, sums) comes from ``worked``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.language import en_count, end_name, ru_count
from tutorial_app.rules.line.deal import LeadDecision
from tutorial_app.rules.line.moves import apply, legal_moves, why_illegal
from tutorial_app.rules.line.state import ARM_NAMES, DRAW, Action, HandState, Move, Table
from tutorial_app.rules.line.who import seat_who
from tutorial_app.rules.line.worked import ends_text, tile_list
from tutorial_app.rules.text import EMPTY, Text, msg
from tutorial_app.rules.tiles import Tile

__all__ = [
    "explain_drawable",
    "explain_draw_count",
    "explain_what_to_do",
    "explain_fitting_tile",
    "explain_move",
    "explain_to_move",
    "describe_move",
    "describe_moves",
]


# -- drawing and moving -------------------------------------------------------------------


def explain_drawable(state: HandState) -> Text:
    """How many boneyard tiles may still be drawn: ``9 − 2 = 7``."""
    rules = state.rules
    count = len(state.boneyard)
    if not rules.has_boneyard:
        return msg("This game has no boneyard: nothing is ever drawn, so 0.")
    bones = Text(en_count(count, "tile", "tiles"), ru_count(count, "кость", "кости", "костей"))
    if rules.reserve:
        drawable = state.drawable()
        last = (
            msg("the last tile is the reserve and may not be drawn")
            if rules.reserve == 1
            else msg("the last {reserve} are the reserve and may not be drawn", reserve=rules.reserve)
        )
        return Text(
            f"The boneyard holds {bones.en}; {last.en}: {count} − {rules.reserve} = {drawable}."
            if count >= rules.reserve
            else f"The boneyard holds {bones.en}, no more than the reserve of {rules.reserve}: 0.",
            f"На базаре {bones.ru}; {last.ru}: {count} − {rules.reserve} = {drawable}."
            if count >= rules.reserve
            else f"На базаре {bones.ru} — не больше резерва ({rules.reserve}): 0.",
        )
    return Text(
        f"The boneyard holds {bones.en}, and there is no reserve: all {count} may be drawn.",
        f"На базаре {bones.ru}, резерва нет: брать можно все {count}.",
    )


def _fits_word(tile: Tile, table: Table) -> Text:
    ends = [n for _, n in table.open_ends() if tile.has(n)]
    if ends:
        return msg("fits the {item}", item=ends[0])
    return msg("does not fit")


def explain_draw_count(state: HandState, viewer: int | None = None) -> Text:
    """The tiles the seat to move draws, one by one, until one fits (or the boneyard allows no more)."""
    seat = state.to_move
    who = seat_who(seat, viewer)
    steps_en: list[str] = []
    steps_ru: list[str] = []
    drawn = 0
    while state.status.value == "in_play" and state.to_move == seat:
        moves = legal_moves(state)
        if DRAW not in moves or any(m.action is Action.PLAY for m in moves):
            break
        state = apply(state, DRAW)
        taken = state.log[-1][2]
        drawn += len(taken)
        words = [(_fits_word(t, state.table), t) for t in taken]
        steps_en.append(" and ".join(f"{t} ({w.en})" for w, t in words))
        steps_ru.append(" и ".join(f"{t} ({w.ru})" for w, t in words))
    if drawn == 0:
        return Text(
            f"{who.en_cap} {who.en_verb('draw', 'draws')} nothing: {_why_no_draw(state).en}",
            f"{who.ru_cap} ничего не {who.ru_verb('берёте', 'берёт')}: {_why_no_draw(state).ru}",
        )
    fitted = any(m.action is Action.PLAY for m in legal_moves(state)) and state.to_move == seat
    end_en = "" if fitted else ", and nothing more may be drawn"
    end_ru = "" if fitted else ", и больше брать нельзя"
    return Text(
        f"{who.en_cap} {who.en_verb('draw', 'draws')} {', then '.join(steps_en)}{end_en}: "
        f"{en_count(drawn, 'tile', 'tiles')}.",
        f"{who.ru_cap} {who.ru_verb('берёте', 'берёт')} {', потом '.join(steps_ru)}{end_ru}: "
        f"{ru_count(drawn, 'кость', 'кости', 'костей')}.",
    )


def _why_no_draw(state: HandState) -> Text:
    plays = [m for m in legal_moves(state) if m.action is Action.PLAY]
    if plays and plays[0].tile is not None:
        return msg("{tile} already fits.", tile=plays[0].tile)
    if not state.rules.has_boneyard:
        return msg("this game has no boneyard.")
    return msg("the boneyard allows no more drawing.")


def _hand_misses(state: HandState, seat: int) -> Text:
    """The ends and the hand that meets none of them: "the ends show 4 and 1, and 6-5 has neither number"."""
    hand = state.hand(seat)
    ends = ends_text(state.table)
    numbers = sorted({n for _, n in state.table.open_ends()})
    if len(hand) == 1:
        if len(numbers) == 1:
            lacks = msg("has no {item}", item=numbers[0])
        else:
            lacks = Text(
                "has neither number" if len(numbers) == 2 else "has none of those numbers",
                "нет ни одного из этих чисел",
            )
        return Text(f"{ends.en}, and {hand[0]} {lacks.en}", f"{ends.ru}, и на {hand[0]} {lacks.ru}")
    shown = tile_list(hand) if hand else "—"
    if len(numbers) == 1:
        return Text(
            f"{ends.en}, and none of {shown} has a {numbers[0]}",
            f"{ends.ru}, и ни на одной из костей {shown} нет числа {numbers[0]}",
        )
    return Text(
        f"{ends.en}, and none of {shown} has one of those numbers",
        f"{ends.ru}, и ни на одной из костей {shown} нет этих чисел",
    )


def explain_what_to_do(state: HandState, viewer: int | None = None) -> Text:
    """Play, draw or pass, and why (a tile that fits, or what is left to draw)."""
    seat = state.to_move
    who = seat_who(seat, viewer)
    moves = legal_moves(state)
    plays = [m for m in moves if m.action is Action.PLAY and m.tile is not None]
    if plays:
        first = plays[0]
        assert first.tile is not None
        if first.end == "lead":
            return Text(
                f"The table is empty: {who.en} {who.en_verb('lead', 'leads')}.",
                f"Стол пуст: {who.ru} {who.ru_verb('заходите', 'заходит')}.",
            )
        number = state.table.ends[ARM_NAMES.index(first.end)] if first.end in ARM_NAMES else -1
        return Text(
            f"{first.tile} fits the {end_name(first.end).en} ({number}): {who.en} {who.en_verb('play', 'plays')}.",
            f"{first.tile} подходит к {end_name(first.end).ru_dative} ({number}): надо ходить.",
        )
    misses = _hand_misses(state, seat)
    if DRAW in moves:
        drawable = state.drawable()
        return Text(
            f"Nothing fits: {misses.en}. The boneyard still has {en_count(drawable, 'tile', 'tiles')} to draw: draw.",
            f"Ходить нечем: {misses.ru}. На базаре ещё можно взять {ru_count(drawable, 'кость', 'кости', 'костей')}: "
            "надо брать.",
        )
    return Text(
        f"Nothing fits: {misses.en}; {_why_no_draw(state).en[:-1]}: pass.",
        f"Ходить нечем: {misses.ru}; {_why_no_draw(state).ru[:-1]}: пас.",
    )


def explain_fitting_tile(state: HandState) -> Text:
    """Which tiles of the seat to move fit the open ends, and which fit none: "the ends show 3 and 6: 6-3 fits the 3;
    5-1 and 4-4 fit neither end"."""
    hand = state.hand(state.to_move)
    playable = {m.tile for m in legal_moves(state) if m.action is Action.PLAY and m.tile is not None}
    fits = [t for t in hand if t in playable]
    others = [t for t in hand if t not in playable]
    ends = ends_text(state.table)
    head = Text(ends.en[:1].upper() + ends.en[1:], ends.ru[:1].upper() + ends.ru[1:])
    parts_en = [f"{t} {_fits_word(t, state.table).en}" for t in fits]
    parts_ru = [f"{t} {_fits_word(t, state.table).ru}" for t in fits]
    if others:
        one = len(others) == 1
        head_en, head_ru = tile_list(others[:-1]), tile_list(others[:-1])
        listed = Text(
            f"{head_en} and {others[-1]}" if not one else str(others[0]),
            f"{head_ru} и {others[-1]}" if not one else str(others[0]),
        )
        parts_en.append(f"{listed.en} {'fits' if one else 'fit'} neither end")
        parts_ru.append(f"{listed.ru} не {'подходит' if one else 'подходят'} ни к одному концу")
    return Text(f"{head.en}: {'; '.join(parts_en)}.", f"{head.ru}: {'; '.join(parts_ru)}.")


def explain_move(state: HandState, move: Move) -> Text:
    """Why a move is legal (the end and number it meets) or, from ``why_illegal``, why not."""
    reason = why_illegal(state, move)
    if reason is not None:
        return Text("No: " + reason.en[:1].lower() + reason.en[1:], "Нет: " + reason.ru[:1].lower() + reason.ru[1:])
    action = move.action
    if action is Action.PLAY and move.tile is not None:
        if move.end == "lead":
            return msg("Yes: the table is empty, and {tile} may open the hand.", tile=move.tile)
        number = state.table.ends[ARM_NAMES.index(move.end)] if move.end in ARM_NAMES else -1
        return Text(
            f"Yes: {move.tile} has a {number}, and the {end_name(move.end).en} shows {number}.",
            f"Да: на {move.tile} есть {number}, и на {end_name(move.end).ru_locative} тоже {number}.",
        )
    misses = _hand_misses(state, state.to_move)
    if action is Action.DRAW:
        return Text(
            f"Yes: {misses.en}, and the boneyard has tiles to draw.", f"Да: {misses.ru}, а на базаре есть что взять."
        )
    if action is Action.PASS:
        return Text(f"Yes: {misses.en}; {_why_no_draw(state).en}", f"Да: {misses.ru}; {_why_no_draw(state).ru}")
    return msg("Yes: the rules allow it here.")


def explain_to_move(state: HandState, viewer: int | None = None, lead: LeadDecision | None = None) -> Text:
    """Whose turn it is and why: the lead, the seat after the last mover, or a draw or a double that keeps the turn."""
    seat = state.to_move
    who = seat_who(seat, viewer)
    players = state.rules.players
    log = state.log
    if not log:
        if lead is not None and lead.seat == seat and state.table.is_empty:
            return lead.reason
        return Text(f"{who.en_cap} {who.en_verb('are', 'is')} to move.", f"Ход за {who.ru_ins}.")
    last_seat, last_move, _drawn, _points = log[-1]
    if last_seat == seat:
        if last_move.action is Action.DRAW:
            return Text(
                f"{who.en_cap} just drew and {who.en_verb('keep', 'keeps')} the turn: a draw is not a move, "
                "the tile drawn may be played.",
                f"{who.ru_cap} только что {who.ru_verb('взяли', 'взял')} кость и ход не {who.ru_verb('передаёте', 'передаёт')}: "
                "добор — не ход, взятой костью можно сходить.",
            )
        return Text(
            f"{who.en_cap} just laid a double and may lay another.",
            f"{who.ru_cap} только что {who.ru_verb('положили', 'положил')} дубль и {who.ru_verb('можете', 'может')} "
            "положить ещё один.",
        )
    before = seat_who(last_seat, viewer)
    order = ", ".join(str((last_seat + i) % players) for i in range(players + 1))
    return Text(
        f"{before.en_cap} moved last; turns go round the table in seat order ({order}), "
        f"so {who.en} {who.en_verb('are', 'is')} next.",
        f"Последним {'ходили' if before.you else 'ходил'} {before.ru}; ходят по кругу по порядку мест "
        f"({order}), так что теперь ход за {who.ru_ins}.",
    )


def describe_move(seat: int, move: Move, drawn: Sequence[Tile] = (), viewer: int | None = None) -> Text:
    """One move as a clause: "seat 1 plays 3-2 on the left end", "you draw 5-5"."""
    who = seat_who(seat, viewer)
    action = move.action
    if action is Action.PLAY and move.tile is not None:
        if move.end == "lead":
            return Text(
                f"{who.en} {who.en_verb('lead', 'leads')} {move.tile}",
                f"{who.ru} {who.ru_verb('заходите', 'заходит')} с {move.tile}",
            )
        return Text(
            f"{who.en} {who.en_verb('play', 'plays')} {move.tile} on the {end_name(move.end).en}",
            f"{who.ru} {who.ru_verb('ставите', 'ставит')} {move.tile} к {end_name(move.end).ru_dative}",
        )
    if action is Action.DRAW:
        shown = (
            tile_list(drawn)
            if drawn and (viewer is None or seat == viewer)
            else en_count(len(drawn) or 1, "tile", "tiles")
        )
        shown_ru = (
            tile_list(drawn)
            if drawn and (viewer is None or seat == viewer)
            else ru_count(len(drawn) or 1, "кость", "кости", "костей")
        )
        return Text(
            f"{who.en} {who.en_verb('draw', 'draws')} {shown}", f"{who.ru} {who.ru_verb('берёте', 'берёт')} {shown_ru}"
        )
    if action is Action.PASS:
        return Text(f"{who.en} {who.en_verb('pass', 'passes')}", f"{who.ru} {who.ru_verb('пасуете', 'пасует')}")
    if action is Action.END_TURN:
        return Text(
            f"{who.en} {who.en_verb('end', 'ends')} the turn",
            f"{who.ru} {who.ru_verb('заканчиваете', 'заканчивает')} ход",
        )
    return Text(
        f"{who.en} {who.en_verb('call', 'calls')} Muggins", f"{who.ru} {who.ru_verb('кричите', 'кричит')} «Маггинс!»"
    )


def describe_moves(moves: Sequence[tuple[int, Move, Sequence[Tile]]], viewer: int | None = None) -> Text:
    """Several moves in order, as one sentence: "Then seat 1 plays 3-2 on the left end; you pass."."""
    clauses = [describe_move(seat, move, drawn, viewer) for seat, move, drawn in moves]
    if not clauses:
        return EMPTY
    return Text("Then " + "; ".join(c.en for c in clauses) + ".", "Дальше " + "; ".join(c.ru for c in clauses) + ".")
