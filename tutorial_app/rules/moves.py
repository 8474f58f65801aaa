"""Legal moves, applying a move, and why a move is illegal.

Why one ``apply`` for every variant: the options decide how a draw works,
whether a double keeps the turn or may be laid face down, and when the hand
is blocked; nothing here knows a variant's name.
"""

from __future__ import annotations

from tutorial_app.rules.options import DrawRule, FivesClaim, Layout
from tutorial_app.rules.state import (
    ARM_NAMES,
    DRAW,
    END_TURN,
    ENDS,
    LEFT,
    MUGGINS,
    PASS,
    RIGHT,
    Action,
    End,
    HandState,
    Link,
    Move,
    Status,
    Table,
    compute_ends,
    play,
)
from tutorial_app.rules.text import Text, seat_genitive, seat_name
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, Tile

__all__ = ["IllegalMoveError", "legal_moves", "apply", "why_illegal", "fives_count", "is_legal"]


class IllegalMoveError(ValueError):
    """A move that the rules do not allow; ``reason`` says why in en and ru."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason


# Every play move exists once: tile index x end index x closed.
_PLAYS: tuple[tuple[tuple[Move, Move], ...], ...] = tuple(
    tuple((play(tile, end), play(tile, end, closed=True)) for end in ENDS) for tile in ALL_TILES
)
_LEAD = 0


def legal_moves(state: HandState) -> list[Move]:
    """Every legal move, in a fixed order: plays by tile then end, then draw/pass/end_turn."""
    if state.status is not Status.IN_PLAY:
        return []
    table = state.table
    hand = state.hands[state.to_move]
    moves: list[Move] = []
    if state.unclaimed:
        moves.append(MUGGINS)
    if table.centre is None:
        mask = hand & state.lead_mask
        while mask:
            low = mask & -mask
            moves.append(_PLAYS[low.bit_length() - 1][_LEAD][0])
            mask ^= low
        return moves
    ends = table.ends
    candidates = state.drawn.bit if state.drawn is not None else hand
    fit = 0
    for n in ends:
        if n >= 0:
            fit |= SUIT_MASK[n]
    mask = candidates & fit
    blocking = state.rules.branch_blocking
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        tile = ALL_TILES[index]
        row = _PLAYS[index]
        for arm in range(4):
            n = ends[arm]
            if n >= 0 and (tile.lo == n or tile.hi == n):
                moves.append(row[arm + 1][0])
                if blocking and tile.is_double:
                    moves.append(row[arm + 1][1])
        mask ^= low
    if state.doubles_run:
        moves.append(END_TURN)
        return moves
    if len(moves) > (1 if state.unclaimed else 0):
        return moves
    moves.append(DRAW if state.drawable() > 0 else PASS)
    return moves


def is_legal(state: HandState, move: Move) -> bool:
    """Whether a move is legal here (a claim is checked by ``why_illegal``)."""
    return why_illegal(state, move) is None


def apply(state: HandState, move: Move) -> HandState:
    """The state after a legal move; raises ``IllegalMoveError`` with the reason otherwise."""
    reason = why_illegal(state, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return apply_unchecked(state, move)


def apply_unchecked(state: HandState, move: Move) -> HandState:
    """The state after a move taken from ``legal_moves`` (no checks: the simulator's path)."""
    action = move.action
    if action is Action.PLAY:
        assert move.tile is not None and move.end is not None
        return _play(state, move.tile, move.end, move.closed, move.claim)
    if action is Action.DRAW:
        return _draw(state, move)
    if action is Action.MUGGINS:
        rules = state.rules
        side = rules.side_of(state.to_move)
        fives = list(state.fives)
        fives[side] += state.unclaimed
        return state._replace(
            fives=tuple(fives), unclaimed=0, log=(*state.log, (state.to_move, move, (), state.unclaimed))
        )
    # pass and end_turn hand the turn on
    return state._replace(
        to_move=(state.to_move + 1) % state.rules.players,
        doubles_run=False,
        unclaimed=0,
        log=(*state.log, (state.to_move, move, (), 0)),
    )


def _draw(state: HandState, move: Move) -> HandState:
    rules = state.rules
    seat = state.to_move
    count = 2 if rules.draw_rule is DrawRule.PAIRS else 1
    count = min(count, state.drawable())
    taken = state.boneyard[:count]
    hand = state.hands[seat]
    for tile in taken:
        hand |= tile.bit
    hands = list(state.hands)
    hands[seat] = hand
    drawn = None
    if rules.must_play_drawn and rules.draw_rule is DrawRule.UNTIL_PLAYABLE:
        tile = taken[-1]
        if state.fit_mask() & tile.bit:
            drawn = tile
    return state._replace(
        hands=tuple(hands),
        boneyard=state.boneyard[count:],
        drawn=drawn,
        unclaimed=0,
        log=(*state.log, (seat, move, taken, 0)),
    )


def _play(state: HandState, tile: Tile, end: End, closed: bool, claim: int | None) -> HandState:
    rules = state.rules
    seat = state.to_move
    table = state.table
    before = table.ends
    table = _lay(table, rules.layout is Layout.SPINNER, tile, end, seat, closed)
    hands = list(state.hands)
    hand = hands[seat] & ~tile.bit
    hands[seat] = hand
    hands_t = tuple(hands)
    points = 0
    fives = state.fives
    unclaimed = 0
    if rules.fives_scoring:
        count = fives_count(table)
        if count and count % 5 == 0:
            if rules.fives_claim is FivesClaim.MUST_CLAIM and claim != count:
                unclaimed = count
            else:
                points = count
                side = rules.side_of(seat)
                fives_list = list(fives)
                fives_list[side] += count
                fives = tuple(fives_list)
    log = (*state.log, (seat, play(tile, end, closed, claim), (), points))
    common = dict(
        hands=hands_t, table=table, last_move_by=seat, drawn=None, fives=fives, plays=state.plays + 1, log=log
    )
    if hand == 0:
        capicu = (
            rules.layout is Layout.LINE
            and not tile.is_double
            and before[LEFT] != before[RIGHT]
            and before[LEFT] >= 0
            and tile.has(before[LEFT])
            and tile.has(before[RIGHT])
        )
        return state._replace(status=Status.WON, out_seat=seat, capicu=capicu, doubles_run=False, **common)
    fit = 0
    for n in table.ends:
        if n >= 0:
            fit |= SUIT_MASK[n]
    if not any(h & fit for h in hands_t) and not _drawable_mask(state.boneyard, state.drawable()) & fit:
        return state._replace(status=Status.BLOCKED, doubles_run=False, **common)
    if rules.multiple_doubles and tile.is_double and hand & fit:
        return state._replace(doubles_run=True, unclaimed=unclaimed, **common)
    return state._replace(
        to_move=(seat + 1) % rules.players, doubles_run=False, unclaimed=unclaimed, **common
    )


def _drawable_mask(boneyard: tuple[Tile, ...], count: int) -> int:
    mask = 0
    for tile in boneyard[:count]:
        mask |= tile.bit
    return mask


def _lay(table: Table, spinner_layout: bool, tile: Tile, end: End, seat: int, closed: bool) -> Table:
    """The table with one tile added at an end (no legality checks)."""
    if end == "lead":
        spinner = spinner_layout and tile.is_double
        centre_left = tile.hi
        arms: tuple[tuple[Link, ...], tuple[Link, ...], tuple[Link, ...], tuple[Link, ...]] = ((), (), (), ())
        return Table(tile, tile, centre_left, spinner, arms, compute_ends(tile, centre_left, spinner, arms))
    arm = ARM_NAMES.index(end)
    number = table.ends[arm]
    link = Link(tile, number, tile.pips - number, seat, closed)
    arms_list = list(table.arms)
    arms_list[arm] = (*arms_list[arm], link)
    centre = table.centre
    centre_left = table.centre_left
    spinner = table.spinner
    if spinner_layout and not spinner and tile.is_double and not closed:
        centre, centre_left, arms_list = _recentre(table, arm, tile)
        spinner = True
    arms = (arms_list[0], arms_list[1], arms_list[2], arms_list[3])
    return Table(table.lead, centre, centre_left, spinner, arms, compute_ends(centre, centre_left, spinner, arms))


def _recentre(table: Table, arm: int, double: Tile) -> tuple[Tile, int, list[tuple[Link, ...]]]:
    """Make a double just laid at the end of a line the spinner (All Fives)."""
    centre = table.centre
    assert centre is not None
    old_centre = Link(centre, table.centre_left, table.centre_right, -1)
    if arm == LEFT:
        # walking right from the new spinner: the old left arm, flipped, then the centre, then the right arm
        path = [Link(lk.tile, lk.outer, lk.inner, lk.seat, lk.closed) for lk in reversed(table.arms[LEFT])]
        right = (*path, old_centre, *table.arms[RIGHT])
        return double, double.lo, [(), right, (), ()]
    path = [Link(lk.tile, lk.outer, lk.inner, lk.seat, lk.closed) for lk in reversed(table.arms[RIGHT])]
    flipped_centre = Link(centre, table.centre_right, table.centre_left, -1)
    left = (*path, flipped_centre, *table.arms[LEFT])
    return double, double.lo, [left, (), (), ()]


def fives_count(table: Table) -> int:
    """The All Fives count: the open ends added up (a double across counts both halves)."""
    if table.centre is None:
        return 0
    total = 0
    arms = table.arms
    if table.spinner:
        centre = table.centre
        if not arms[LEFT] or not arms[RIGHT]:
            total += 2 * centre.lo
        for arm in arms:
            if arm:
                last = arm[-1]
                if not last.closed:
                    total += 2 * last.outer if last.tile.is_double else last.outer
        return total
    for arm, number in ((LEFT, table.centre_left), (RIGHT, table.centre_right)):
        links = arms[arm]
        if links:
            last = links[-1]
            total += 2 * last.outer if last.tile.is_double else last.outer
        else:
            total += number
    return total


def why_illegal(state: HandState, move: Move) -> Text | None:
    """``None`` for a legal move, else a sentence a learner can read (en and ru)."""
    if state.status is not Status.IN_PLAY:
        return Text("The hand is over: no more moves.", "Раздача окончена: ходов больше нет.")
    rules = state.rules
    seat = state.to_move
    legal = legal_moves(state)
    action = move.action
    if action is Action.MUGGINS:
        if state.unclaimed:
            return None
        return Text("There are no unclaimed points to call Muggins on.", "Незаявленных очков нет — «Маггинс» кричать не за что.")
    if action is Action.END_TURN:
        if state.doubles_run:
            return None
        return Text(
            "You can end your turn early only after laying a double in a game with several doubles a turn.",
            "Закончить ход досрочно можно только после дубля в игре, где разрешено несколько дублей за ход.",
        )
    plays = [m for m in legal if m.action is Action.PLAY]
    if action is Action.PASS:
        if PASS in legal:
            return None
        if plays:
            tile = plays[0].tile
            return Text(
                f"You may not pass: {tile} fits the {_end_en(plays[0].end)}.",
                f"Пасовать нельзя: {tile} подходит к {_end_ru(plays[0].end)}.",
            )
        if DRAW in legal:
            return Text("You may not pass: draw from the boneyard first.", "Пасовать нельзя: сначала возьмите из базара.")
        return Text("You may not pass now.", "Сейчас пасовать нельзя.")
    if action is Action.DRAW:
        if DRAW in legal:
            return None
        if not rules.has_boneyard:
            return Text("There is no boneyard in this game: when nothing fits, you pass.", "В этой игре нет базара: когда ходить нечем, пас.")
        if plays:
            tile = plays[0].tile
            return Text(
                f"You may not draw: {tile} fits the {_end_en(plays[0].end)}.",
                f"Брать нельзя: {tile} подходит к {_end_ru(plays[0].end)}.",
            )
        if state.drawable() == 0:
            if rules.reserve:
                return Text("Only the reserve is left in the boneyard: it may not be drawn, so you pass.", "В базаре остался только резерв: его брать нельзя, поэтому пас.")
            return Text("The boneyard is empty: you pass.", "Базар пуст: пас.")
        return Text("You may not draw now.", "Сейчас брать нельзя.")
    tile = move.tile
    if tile is None or move.end not in ENDS:
        return Text("Name a tile and an end to play it on.", "Назовите кость и конец, к которому её ставить.")
    if not state.hands[seat] & tile.bit:
        return Text(f"{tile} is not in {seat_name(seat).en}'s hand.", f"{tile} нет на руке у {seat_genitive(seat).ru}.")
    if state.drawn is not None and tile is not state.drawn:
        return Text(
            f"You must play the tile you just drew, {state.drawn}.",
            f"Нужно сыграть только что взятую кость {state.drawn}.",
        )
    if state.table.centre is None:
        if move.end != "lead":
            return Text("The table is empty: this tile is the lead.", "Стол пуст: эта кость — заход.")
        if not tile.bit & state.lead_mask:
            must = [str(t) for t in ALL_TILES if t.bit & state.lead_mask & state.hands[seat]]
            return Text(f"The hand must open with {', '.join(must)}.", f"Раздачу нужно начать с {', '.join(must)}.")
        return None
    if move.end == "lead":
        return Text("The hand has already been led: play on an open end.", "Заход уже сделан: ставьте к открытому концу.")
    arm = ARM_NAMES.index(move.end)
    number = state.table.ends[arm]
    if number < 0:
        return Text(f"The {_end_en(move.end)} is not open.", f"{_end_ru_nom(move.end).capitalize()} закрыт.")
    if not tile.has(number):
        numbers = sorted({n for n in state.table.ends if n >= 0})
        shown_en = " and ".join(str(n) for n in numbers)
        shown_ru = " и ".join(str(n) for n in numbers)
        if len(numbers) == 1:
            return Text(
                f"{tile} does not fit: the open ends show {shown_en}.",
                f"{tile} не подходит: на открытых концах {shown_ru}.",
            )
        return Text(
            f"{tile} does not fit: the open ends are {shown_en}.",
            f"{tile} не подходит: открытые концы — {shown_ru}.",
        )
    if move.closed and not (rules.branch_blocking and tile.is_double):
        return Text("Only a double may be laid face down, and only where branches can be closed.", "Рубашкой вверх можно класть только дубль и только там, где ветки можно закрывать.")
    if state.doubles_run and not state.hands[seat] & tile.bit:
        return Text("That tile is not in your hand.", "Этой кости нет у вас на руке.")
    if rules.fives_scoring and rules.fives_claim is FivesClaim.MUST_CLAIM and move.claim:
        count = fives_count(_lay(state.table, rules.layout is Layout.SPINNER, tile, move.end, seat, move.closed))
        if count % 5 or count != move.claim:
            real = count if count % 5 == 0 else 0
            return Text(
                f"After {tile} the ends add up to {count}: claim {real}, not {move.claim}.",
                f"После {tile} сумма концов {count}: заявляйте {real}, а не {move.claim}.",
            )
    return None


_END_EN = {"left": "left end", "right": "right end", "up": "upper end", "down": "lower end", "lead": "lead"}
_END_RU_DAT = {"left": "левому концу", "right": "правому концу", "up": "верхнему концу", "down": "нижнему концу", "lead": "заходу"}
_END_RU_NOM = {"left": "левый конец", "right": "правый конец", "up": "верхний конец", "down": "нижний конец", "lead": "заход"}


def _end_en(end: str | None) -> str:
    return _END_EN.get(end or "", "end")


def _end_ru(end: str | None) -> str:
    return _END_RU_DAT.get(end or "", "концу")


def _end_ru_nom(end: str | None) -> str:
    return _END_RU_NOM.get(end or "", "конец")


def next_seat(state: HandState) -> int:
    """The seat after the one to move."""
    return (state.to_move + 1) % state.rules.players

