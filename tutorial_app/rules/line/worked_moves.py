"""Worked explanations of moves: what is legal, drawing, whose turn it is, a move in words.

Shared wording (ends, hands, sums) comes from ``worked``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.rules.line.deal import LeadDecision
from tutorial_app.rules.line.ends import end_dative, end_locative
from tutorial_app.rules.line.moves import apply, legal_moves, why_illegal
from tutorial_app.rules.line.state import ARM_NAMES, DRAW, Action, HandState, Move, Table
from tutorial_app.rules.line.who import seat_who
from tutorial_app.rules.line.worked import ends_text, tile_list, tiles_count
from tutorial_app.rules.text import EMPTY, Text, joined, listed, msg, verbatim
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
    bones = tiles_count(count)
    if rules.reserve:
        if count < rules.reserve:
            return msg(
                "The boneyard holds {tiles}, no more than the reserve of {reserve}: 0.",
                tiles=bones,
                reserve=rules.reserve,
            )
        last = (
            msg("the last tile is the reserve and may not be drawn")
            if rules.reserve == 1
            else msg("the last {reserve} are the reserve and may not be drawn", reserve=rules.reserve)
        )
        worked = f"{count} − {rules.reserve} = {state.drawable()}"
        return msg("The boneyard holds {tiles}; {last}: {worked}.", tiles=bones, last=last, worked=worked)
    return msg(
        "The boneyard holds {tiles}, and there is no reserve: all {count} may be drawn.", tiles=bones, count=count
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
    steps: Text | None = None
    drawn = 0
    while state.status.value == "in_play" and state.to_move == seat:
        moves = legal_moves(state)
        if DRAW not in moves or any(m.action is Action.PLAY for m in moves):
            break
        state = apply(state, DRAW)
        taken = state.log[-1][2]
        drawn += len(taken)
        step = listed([msg("{tile} ({fits})", tile=t, fits=_fits_word(t, state.table)) for t in taken])
        steps = step if steps is None else msg("{steps}, then {step}", steps=steps, step=step)
    if steps is None:
        why = _why_no_draw(state)
        return who.pick(
            msg("You draw nothing: {why}.", why=why), msg("{who:cap} draws nothing: {why}.", who=who.name, why=why)
        )
    fitted = any(m.action is Action.PLAY for m in legal_moves(state)) and state.to_move == seat
    more = EMPTY if fitted else msg(", and nothing more may be drawn")
    count = tiles_count(drawn)
    return who.pick(
        msg("You draw {steps}{more}: {count}.", steps=steps, more=more, count=count),
        msg("{who:cap} draws {steps}{more}: {count}.", who=who.name, steps=steps, more=more, count=count),
    )


def _why_no_draw(state: HandState) -> Text:
    """Why nothing is drawn, as a clause without its full stop."""
    plays = [m for m in legal_moves(state) if m.action is Action.PLAY]
    if plays and plays[0].tile is not None:
        return msg("{tile} already fits", tile=plays[0].tile)
    if not state.rules.has_boneyard:
        return msg("this game has no boneyard")
    return msg("the boneyard allows no more drawing")


def _hand_misses(state: HandState, seat: int) -> Text:
    """The ends and the hand that meets none of them: "the ends show 4 and 1, and 6-5 has neither number"."""
    hand = state.hand(seat)
    ends = ends_text(state.table)
    numbers = sorted({n for _, n in state.table.open_ends()})
    if len(hand) == 1:
        if len(numbers) == 1:
            lacks = msg("has no {item}", item=numbers[0])
        elif len(numbers) == 2:
            lacks = msg("has neither number")
        else:
            lacks = msg("has none of those numbers")
        return msg("{ends}, and {tile} {lacks}", ends=ends, tile=hand[0], lacks=lacks)
    shown = tile_list(hand) if hand else "—"
    if len(numbers) == 1:
        return msg("{ends}, and none of {tiles} has a {number}", ends=ends, tiles=shown, number=numbers[0])
    return msg("{ends}, and none of {tiles} has one of those numbers", ends=ends, tiles=shown)


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
            return who.pick(msg("The table is empty: you lead."), msg("The table is empty: {who} leads.", who=who.name))
        number = state.table.ends[ARM_NAMES.index(first.end)] if first.end in ARM_NAMES else -1
        end = end_dative(first.end)
        return who.pick(
            msg("{tile} fits the {end} ({number}): you play.", tile=first.tile, end=end, number=number),
            msg(
                "{tile} fits the {end} ({number}): {who} plays.", tile=first.tile, end=end, number=number, who=who.name
            ),
        )
    misses = _hand_misses(state, seat)
    if DRAW in moves:
        return msg(
            "Nothing fits: {misses}. The boneyard still has {tiles} to draw: draw.",
            misses=misses,
            tiles=tiles_count(state.drawable()),
        )
    return msg("Nothing fits: {misses}; {why}: pass.", misses=misses, why=_why_no_draw(state))


def explain_fitting_tile(state: HandState) -> Text:
    """Which tiles of the seat to move fit the open ends, and which fit none: "the ends show 3 and 6: 6-3 fits the 3;
    5-1 and 4-4 fit neither end"."""
    hand = state.hand(state.to_move)
    playable = {m.tile for m in legal_moves(state) if m.action is Action.PLAY and m.tile is not None}
    fits = [t for t in hand if t in playable]
    others = [t for t in hand if t not in playable]
    ends = ends_text(state.table)
    parts = [msg("{tile} {fits}", tile=t, fits=_fits_word(t, state.table)) for t in fits]
    if len(others) == 1:
        parts.append(msg("{tile} fits neither end", tile=others[0]))
    elif others:
        parts.append(msg("{tiles} fit neither end", tiles=listed([verbatim(str(t)) for t in others])))
    return msg("{ends:cap}: {parts}.", ends=ends, parts=joined(parts, "; "))


def explain_move(state: HandState, move: Move) -> Text:
    """Why a move is legal (the end and number it meets) or, from ``why_illegal``, why not."""
    reason = why_illegal(state, move)
    if reason is not None:
        return msg("No: {reason:low}", reason=reason)
    action = move.action
    if action is Action.PLAY and move.tile is not None:
        if move.end == "lead":
            return msg("Yes: the table is empty, and {tile} may open the hand.", tile=move.tile)
        number = state.table.ends[ARM_NAMES.index(move.end)] if move.end in ARM_NAMES else -1
        return msg(
            "Yes: {tile} has a {number}, and the {end} shows {number}.",
            tile=move.tile,
            number=number,
            end=end_locative(move.end),
        )
    misses = _hand_misses(state, state.to_move)
    if action is Action.DRAW:
        return msg("Yes: {misses}, and the boneyard has tiles to draw.", misses=misses)
    if action is Action.PASS:
        return msg("Yes: {misses}; {why}.", misses=misses, why=_why_no_draw(state))
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
        return who.pick(msg("You are to move."), msg("{who:cap} is to move.", who=who.name))
    last_seat, last_move, _drawn, _points = log[-1]
    if last_seat == seat:
        if last_move.action is Action.DRAW:
            return who.pick(
                msg("You just drew and keep the turn: a draw is not a move, the tile drawn may be played."),
                msg(
                    "{who:cap} just drew and keeps the turn: a draw is not a move, the tile drawn may be played.",
                    who=who.name,
                ),
            )
        return who.pick(
            msg("You just laid a double and may lay another."),
            msg("{who:cap} just laid a double and may lay another.", who=who.name),
        )
    before = seat_who(last_seat, viewer)
    order = ", ".join(str((last_seat + i) % players) for i in range(players + 1))
    if before.you:
        return msg(
            "You moved last; turns go round the table in seat order ({order}), so {who} is next.",
            order=order,
            who=who.name,
        )
    return who.pick(
        msg(
            "{before:cap} moved last; turns go round the table in seat order ({order}), so you are next.",
            before=before.name,
            order=order,
        ),
        msg(
            "{before:cap} moved last; turns go round the table in seat order ({order}), so {who} is next.",
            before=before.name,
            order=order,
            who=who.name,
        ),
    )


def describe_move(
    seat: int, move: Move, drawn: Sequence[Tile] = (), viewer: int | None = None, *, draws: int = 1
) -> Text:
    """One move as a clause: "seat 1 plays 3-2 on the left end", "you draw 5-5"; ``draws``: how many draws in a
    row the clause tells of (a draw's tiles, where ``drawn`` does not list them all, are counted one a draw)."""
    who = seat_who(seat, viewer)
    name = who.name
    action = move.action
    if action is Action.PLAY and move.tile is not None:
        tile = move.tile
        if move.end == "lead":
            return who.pick(msg("you lead {tile}", tile=tile), msg("{who} leads {tile}", who=name, tile=tile))
        end = end_dative(move.end)
        return who.pick(
            msg("you play {tile} on the {end}", tile=tile, end=end),
            msg("{who} plays {tile} on the {end}", who=name, tile=tile, end=end),
        )
    if action is Action.DRAW:
        count = max(len(drawn), draws)
        seen = len(drawn) == count and (viewer is None or seat == viewer)
        shown = verbatim(tile_list(drawn)) if seen else tiles_count(count)
        return who.pick(msg("you draw {tiles}", tiles=shown), msg("{who} draws {tiles}", who=name, tiles=shown))
    if action is Action.PASS:
        return who.pick(msg("you pass"), msg("{who} passes", who=name))
    if action is Action.END_TURN:
        return who.pick(msg("you end the turn"), msg("{who} ends the turn", who=name))
    return who.pick(msg("you call Muggins"), msg("{who} calls Muggins", who=name))


def describe_moves(moves: Sequence[tuple[int, Move, Sequence[Tile]]], viewer: int | None = None) -> Text:
    """Several moves in order, as one sentence: "Then seat 1 plays 3-2 on the left end; you pass."; one seat's
    draws in a row are one clause ("seat 0 draws 3 tiles", not "seat 0 draws 1 tile" three times)."""
    runs: list[tuple[int, Move, list[Tile], int]] = []
    for seat, move, drawn in moves:
        if runs and move.action is Action.DRAW and runs[-1][1].action is Action.DRAW and runs[-1][0] == seat:
            _seat, first, tiles, draws = runs[-1]
            runs[-1] = (seat, first, [*tiles, *drawn], draws + 1)
        else:
            runs.append((seat, move, list(drawn), 1))
    clauses = [describe_move(seat, move, drawn, viewer, draws=draws) for seat, move, drawn, draws in runs]
    if not clauses:
        return EMPTY
    return msg("Then {moves}.", moves=joined(clauses, "; "))
