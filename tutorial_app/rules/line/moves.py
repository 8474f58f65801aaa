"""Legal moves, applying a move, and why a move is illegal.

Why one ``apply`` for every variant: the options decide how a draw works,
whether a double keeps the turn or may be laid face down, and when the hand
is blocked; nothing here knows a variant's name.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.rules.line.ends import end_dative, end_short
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import (
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
    LogEntry,
    Move,
    Status,
    Table,
    make_table,
    play,
)
from tutorial_app.rules.text import RulesError, Text, listed, msg, seat_genitive
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, Tile

__all__ = [
    "IllegalMoveError",
    "legal_moves",
    "legal_sequence",
    "apply_unchecked",
    "apply",
    "why_illegal",
    "fives_count",
    "is_legal",
    "table_blocked",
    "with_claim",
]


class IllegalMoveError(RulesError):
    """A move that the rules do not allow; ``reason`` says why in en and ru."""


# Every play move exists once: tile index x end index x closed.
_PLAYS: tuple[tuple[tuple[Move, Move], ...], ...] = tuple(
    tuple((play(tile, end), play(tile, end, closed=True)) for end in ENDS) for tile in ALL_TILES
)
_LEAD = 0
_SUIT_MASK = SUIT_MASK
# Enum members as module constants: reading them is cheaper in the hot path.
_PLAY, _DRAW, _MUGGINS = Action.PLAY, Action.DRAW, Action.MUGGINS
_IN_PLAY, _BLOCKED, _WON = Status.IN_PLAY, Status.BLOCKED, Status.WON
_ARM_INDEX = {name: i for i, name in enumerate(ARM_NAMES)}


_DRAW_ONLY = (DRAW,)
_PASS_ONLY = (PASS,)
_PLAY_CACHE: dict[tuple[int, tuple[int, int, int, int], bool], tuple[Move, ...]] = {}
_LINE_CACHE: dict[int, tuple[Move, ...]] = {}
_CACHE_LIMIT = 1 << 17


def _plays(mask: int, ends: tuple[int, int, int, int], blocking: bool) -> tuple[Move, ...]:
    """Play moves of the tiles in ``mask`` on these ends, in the fixed order (memoised).

    Why a memo: the same few tiles meet the same ends again and again in a
    simulation, and the answer is an immutable tuple of shared moves.
    """
    key = (mask, ends, blocking)
    found = _PLAY_CACHE.get(key)
    if found is not None:
        return found
    moves: list[Move] = []
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
    found = tuple(moves)
    if len(_PLAY_CACHE) >= _CACHE_LIMIT:
        _PLAY_CACHE.clear()
        _LINE_CACHE.clear()
    _PLAY_CACHE[key] = found
    return found


def legal_moves(state: HandState) -> list[Move]:
    """Every legal move, in a fixed order: plays by tile then end, then draw/pass/end_turn."""
    return list(legal_sequence(state))


def legal_sequence(state: HandState) -> tuple[Move, ...]:
    """``legal_moves`` as a shared tuple (no copy: the simulator's path)."""
    (
        rules,
        hands,
        boneyard,
        table,
        to_move,
        _leader,
        _last,
        status,
        _out,
        _capicu,
        _bank,
        _fives,
        drawn,
        doubles_run,
        lead_mask,
        unclaimed,
        _plays_count,
        _trail,
    ) = state
    if status is not _IN_PLAY:
        return ()
    hand = hands[to_move]
    _lead, centre, _centre_left, spinner, _arms, ends, fit = table
    if not (spinner or unclaimed or doubles_run or drawn or centre is None):
        # The common case, answered from the memo in a few steps: a line has
        # two open ends from 0 to 6, so one int names the question.
        key = (hand & fit) | ends[0] << 28 | ends[1] << 31
        plays = _LINE_CACHE.get(key)
        if plays is None:
            plays = _plays(hand & fit, ends, False)
            _LINE_CACHE[key] = plays
        if plays:
            return plays
        return _DRAW_ONLY if rules.has_boneyard and len(boneyard) > rules.reserve else _PASS_ONLY
    if centre is None:
        lead: list[Move] = [MUGGINS] if unclaimed else []
        mask = hand & lead_mask
        while mask:
            low = mask & -mask
            lead.append(_PLAYS[low.bit_length() - 1][_LEAD][0])
            mask ^= low
        return tuple(lead)
    candidates = (drawn.bit if drawn is not None else hand) & fit
    plays = _plays(candidates, ends, rules.branch_blocking)
    if unclaimed or doubles_run:
        head = (MUGGINS,) if unclaimed else ()
        if doubles_run:
            return (*head, *plays, END_TURN)
        if plays:
            return (*head, *plays)
        return (*head, DRAW if state.drawable() > 0 else PASS)
    if plays:
        return plays
    return _DRAW_ONLY if rules.has_boneyard and len(boneyard) > rules.reserve else _PASS_ONLY


def is_legal(state: HandState, move: Move) -> bool:
    """Whether a move is legal here (a claim is checked by ``why_illegal``)."""
    return why_illegal(state, move) is None


def apply(state: HandState, move: Move) -> HandState:
    """The state after a legal move; raises ``IllegalMoveError`` with the reason otherwise."""
    reason = why_illegal(state, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return apply_unchecked(state, move)


def _apply_other(state: HandState, move: Move) -> HandState:
    """``apply_unchecked`` for every move but a play."""
    action = move.action
    if action is _DRAW:
        return _draw(state, move)
    if action is _MUGGINS:
        rules = state.rules
        side = rules.side_of(state.to_move)
        scored = list(state.fives)
        scored[side] += state.unclaimed
        return state._replace(
            fives=tuple(scored), unclaimed=0, trail=LogEntry(state.trail, state.to_move, move, (), state.unclaimed)
        )
    # pass and end_turn hand the turn on
    seat = state.to_move
    rules = state.rules
    return _moved_off_the_table(
        state, (seat + 1) % rules.players, state.hands, state.boneyard, state.status, state.drawn, False, move, ()
    )


def _draw(state: HandState, move: Move) -> HandState:
    rules, seat, table, boneyard = state.rules, state.to_move, state.table, state.boneyard
    pairs = rules.pairs_draw
    drawable = len(boneyard) - rules.reserve
    count = 2 if pairs and drawable >= 2 else 1
    taken = boneyard[:count]
    hand = state.hands[seat]
    for tile in taken:
        hand |= tile.bit
    drawn = None
    if rules.must_play_drawn and not pairs:
        tile = taken[-1]
        if table.fit & tile.bit:
            drawn = tile
    new_hands = list(state.hands)
    new_hands[seat] = hand
    left = boneyard[count:]
    status = state.status
    if rules.draw_out and len(left) <= rules.reserve and table_blocked(rules, new_hands, left, table.fit):
        # the boneyard is drawn out and still nobody can play: only now is it a fish
        status = _BLOCKED
    return _moved_off_the_table(state, seat, tuple(new_hands), left, status, drawn, state.doubles_run, move, taken)


def _moved_off_the_table(
    state: HandState,
    to_move: int,
    hands: tuple[int, ...],
    boneyard: tuple[Tile, ...],
    status: Status,
    drawn: Tile | None,
    doubles_run: bool,
    move: Move,
    taken: tuple[Tile, ...],
) -> HandState:
    """The state after a move that lays no tile (a draw, a pass, the end of a turn): nothing unclaimed stays."""
    (
        rules,
        _hands,
        _boneyard,
        table,
        seat,
        leader,
        last,
        _status,
        out,
        capicu,
        bank,
        fives,
        _drawn,
        _run,
        lead_mask,
        _unclaimed,
        plays,
        trail,
    ) = state
    return _tuple_new(
        HandState,
        (
            rules,
            hands,
            boneyard,
            table,
            to_move,
            leader,
            last,
            status,
            out,
            capicu,
            bank,
            fives,
            drawn,
            doubles_run,
            lead_mask,
            0,
            plays,
            _tuple_new(LogEntry, (trail, seat, move, taken, 0)),
        ),
    )


_tuple_new = tuple.__new__

# Why positional: ``benchmarks/rules_speed.py`` measured building the 18-field HandState by keyword at about five
# times the cost of ``tuple.__new__``, and ``_replace`` at about nine; used for draws and passes alone, ``_replace``
# cost a seventh of the random playouts' throughput. So the two builds here (a play; a move that lays no tile)
# and the unpackings write the fields in order, and this guard names the one place to change when
# HandState gains a field.
_FIELDS = (
    "rules",
    "hands",
    "boneyard",
    "table",
    "to_move",
    "leader",
    "last_move_by",
    "status",
    "out_seat",
    "capicu",
    "bank",
    "fives",
    "drawn",
    "doubles_run",
    "lead_mask",
    "unclaimed",
    "plays",
    "trail",
)
if HandState._fields != _FIELDS:
    raise RuntimeError("HandState's fields changed: update the positional builds and unpackings of rules/line/moves.py")


def apply_unchecked(state: HandState, move: Move) -> HandState:
    """The state after a move taken from ``legal_moves`` (no checks: the simulator's path)."""
    # Why one long function: this is the simulator's hot path; a play (most
    # moves) is applied here without a further call, the new state is built
    # in one step instead of through _replace, and a line table (most games)
    # is extended without the general four-arm code.
    action, tile, end, closed, claim = move
    if action is not _PLAY:
        return _apply_other(state, move)
    (
        rules,
        hands,
        boneyard,
        table,
        seat,
        leader,
        _last,
        _status,
        _out,
        _capicu,
        bank,
        fives,
        _drawn,
        _run,
        lead_mask,
        _unclaimed,
        plays,
        trail,
    ) = state
    assert tile is not None and end is not None
    before = table.ends
    spinner_layout = rules.spinner_layout
    if spinner_layout or end == "lead":
        table = _lay(table, spinner_layout, tile, end, seat, closed)
        fit = table.fit
    else:
        lead, centre, centre_left, _, (left, right, up, down), (left_end, right_end, _, _), _ = table
        if end == "left":
            outer = tile.pips - left_end
            link = _tuple_new(Link, (tile, left_end, outer, seat, False))
            fit = _SUIT_MASK[outer] | _SUIT_MASK[right_end]
            table = _tuple_new(
                Table,
                (lead, centre, centre_left, False, ((*left, link), right, up, down), (outer, right_end, -1, -1), fit),
            )
        else:
            outer = tile.pips - right_end
            link = _tuple_new(Link, (tile, right_end, outer, seat, False))
            fit = _SUIT_MASK[left_end] | _SUIT_MASK[outer]
            table = _tuple_new(
                Table,
                (lead, centre, centre_left, False, (left, (*right, link), up, down), (left_end, outer, -1, -1), fit),
            )
    hand = hands[seat] & ~tile.bit
    new_hands = list(hands)
    new_hands[seat] = hand
    hands = tuple(new_hands)
    points = 0
    unclaimed = 0
    if rules.fives_scoring:
        count = fives_count(table)
        if count and count % 5 == 0:
            if rules.must_claim and claim != count:
                unclaimed = count
            else:
                points = count
                fives_list = list(fives)
                fives_list[rules.side_of(seat)] += count
                fives = tuple(fives_list)
    trail = _tuple_new(LogEntry, (trail, seat, move, (), points))
    # What the play leads to: the hand won, blocked, a run of doubles going on, or the turn handed on.
    to_move, status, out, capicu, run = seat, _IN_PLAY, -1, False, False
    if hand == 0:
        status, out, unclaimed = _WON, seat, 0
        capicu = (
            not spinner_layout
            and not tile.is_double
            and before[LEFT] != before[RIGHT]
            and before[LEFT] >= 0
            and tile.has(before[LEFT])
            and tile.has(before[RIGHT])
        )
    else:
        for other in hands:
            if other & fit:
                break
        else:
            if _nothing_to_draw(rules, boneyard, fit):
                status, unclaimed = _BLOCKED, 0
        if status is not _IN_PLAY:
            pass
        elif rules.multiple_doubles and tile.is_double and hand & fit:
            run = True
        else:
            to_move = (seat + 1) % rules.players
    return _tuple_new(
        HandState,
        (
            rules,
            hands,
            boneyard,
            table,
            to_move,
            leader,
            seat,
            status,
            out,
            capicu,
            bank,
            fives,
            None,
            run,
            lead_mask,
            unclaimed,
            plays + 1,
            trail,
        ),
    )


def _drawable_mask(boneyard: tuple[Tile, ...], count: int) -> int:
    mask = 0
    for tile in boneyard[:count]:
        mask |= tile.bit
    return mask


def _nothing_to_draw(rules: HouseRules, boneyard: tuple[Tile, ...], fit: int) -> bool:
    """Whether the boneyard cannot unblock a table where no hand fits.

    ``at_once``: no drawable tile fits; ``draw_out``: nothing may be drawn at
    all (the stuck players draw the boneyard out first).
    """
    if not rules.has_boneyard:
        return True
    drawable = len(boneyard) - rules.reserve
    if rules.draw_out:
        return drawable <= 0
    return not _drawable_mask(boneyard, drawable) & fit


def table_blocked(rules: HouseRules, hands: Sequence[int], boneyard: tuple[Tile, ...], fit: int) -> bool:
    """Whether a hand with these hands, boneyard and fitting tiles is a fish (blocked: nobody can move).

    Nobody holds a tile that fits, and the boneyard cannot change that
    (``block_with_boneyard`` says when: at once, or once it is drawn out).
    """
    for hand in hands:
        if hand & fit:
            return False
    return _nothing_to_draw(rules, boneyard, fit)


def with_claim(state: HandState, move: Move) -> Move:
    """A play with the All Fives points it makes announced, when the rules want a claim (else the move)."""
    if move.action is not _PLAY or not state.rules.must_claim:
        return move
    after = apply_unchecked(state, move)
    if after.unclaimed:
        return move._replace(claim=after.unclaimed)
    return move


def _lay(table: Table, spinner_layout: bool, tile: Tile, end: End, seat: int, closed: bool) -> Table:
    """The table with one tile added at an end (no legality checks)."""
    if end == "lead":
        spinner = spinner_layout and tile.is_double
        centre_left = tile.hi
        arms: tuple[tuple[Link, ...], tuple[Link, ...], tuple[Link, ...], tuple[Link, ...]] = ((), (), (), ())
        return make_table(tile, tile, centre_left, spinner, arms)
    arm = _ARM_INDEX[end]
    number = table.ends[arm]
    outer = tile.pips - number
    link = _tuple_new(Link, (tile, number, outer, seat, closed))
    if not spinner_layout:
        left, right, up, down = table.arms
        line_arms = ((*left, link), right, up, down) if arm == LEFT else (left, (*right, link), up, down)
        return make_table(table.lead, table.centre, table.centre_left, False, line_arms)
    arms_list = list(table.arms)
    arms_list[arm] = (*arms_list[arm], link)
    centre = table.centre
    centre_left = table.centre_left
    spinner = table.spinner
    if spinner_layout and not spinner and tile.is_double and not closed:
        centre, centre_left, arms_list = _recentre(table, arm, tile)
        spinner = True
    arms = (arms_list[0], arms_list[1], arms_list[2], arms_list[3])
    return make_table(table.lead, centre, centre_left, spinner, arms)


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
    for side, number in ((LEFT, table.centre_left), (RIGHT, table.centre_right)):
        links = arms[side]
        if links:
            last = links[-1]
            total += 2 * last.outer if last.tile.is_double else last.outer
        else:
            total += number
    return total


def why_illegal(state: HandState, move: Move) -> Text | None:
    """``None`` for a legal move, else a sentence a learner can read (en and ru)."""
    if state.status is not Status.IN_PLAY:
        return msg("The hand is over: no more moves.")
    return _WHY[move.action](state, move)


def _why_muggins(state: HandState, _move: Move) -> Text | None:
    if state.unclaimed:
        return None
    return msg("There are no unclaimed points to call Muggins on.")


def _why_end_turn(state: HandState, _move: Move) -> Text | None:
    if state.doubles_run:
        return None
    return msg("You can end your turn early only after laying a double in a game with several doubles a turn.")


def _first_play(legal: list[Move]) -> Move | None:
    return next((m for m in legal if m.action is Action.PLAY), None)


def _why_pass(state: HandState, _move: Move) -> Text | None:
    legal = legal_moves(state)
    if PASS in legal:
        return None
    fits = _first_play(legal)
    if fits is not None:
        return msg("You may not pass: {tile} fits the {end}.", tile=fits.tile, end=end_dative(fits.end))
    if DRAW in legal:
        return msg("You may not pass: draw from the boneyard first.")
    return msg("You may not pass now.")


def _why_draw(state: HandState, _move: Move) -> Text | None:
    legal = legal_moves(state)
    if DRAW in legal:
        return None
    rules = state.rules
    if not rules.has_boneyard:
        return msg("There is no boneyard in this game: when nothing fits, you pass.")
    fits = _first_play(legal)
    if fits is not None:
        return msg("You may not draw: {tile} fits the {end}.", tile=fits.tile, end=end_dative(fits.end))
    if state.drawable() == 0:
        if rules.reserve:
            return msg("Only the reserve is left in the boneyard: it may not be drawn, so you pass.")
        return msg("The boneyard is empty: you pass.")
    return msg("You may not draw now.")


def _why_play(state: HandState, move: Move) -> Text | None:
    tile = move.tile
    seat = state.to_move
    if tile is None or move.end not in ENDS:
        return msg("Name a tile and an end to play it on.")
    if not state.hands[seat] & tile.bit:
        return msg("{tile} is not in {seat}'s hand.", tile=tile, seat=seat_genitive(seat))
    if state.drawn is not None and tile is not state.drawn:
        return msg("You must play the tile you just drew, {drawn}.", drawn=state.drawn)
    if state.table.centre is None:
        return _why_lead(state, tile, move)
    return _why_on_end(state, tile, move)


def _why_lead(state: HandState, tile: Tile, move: Move) -> Text | None:
    if move.end != "lead":
        return msg("The table is empty: this tile is the lead.")
    if move.closed:
        return msg("The lead is laid face up: only a double on an arm may be laid face down, to close it.")
    if not tile.bit & state.lead_mask:
        must = [str(t) for t in ALL_TILES if t.bit & state.lead_mask & state.hands[state.to_move]]
        return msg("The hand must open with {join}.", join=", ".join(must))
    return _wrong_claim(state, tile, move)


def _why_on_end(state: HandState, tile: Tile, move: Move) -> Text | None:
    if move.end == "lead":
        return msg("The hand has already been led: play on an open end.")
    wrong = move.end
    assert wrong is not None  # _why_play checked it
    number = state.table.ends[ARM_NAMES.index(wrong)]
    if number < 0:
        return _NOT_OPEN.get(wrong, _NOT_OPEN[""])
    if not tile.has(number):
        return _fits_elsewhere(state, tile, wrong) or _does_not_fit(state, tile)
    if move.closed and not (state.rules.branch_blocking and tile.is_double):
        return msg("Only a double may be laid face down, and only where branches can be closed.")
    return _wrong_claim(state, tile, move)


_NOT_OPEN = {
    "left": msg("The left end is not open."),
    "right": msg("The right end is not open."),
    "up": msg("The upper end is not open."),
    "down": msg("The lower end is not open."),
    "": msg("This end is not open."),
}


def _fits_elsewhere(state: HandState, tile: Tile, wrong: str) -> Text | None:
    """Where ``tile`` may be laid instead of the ``wrong`` end it does not fit ("3-0 fits the left end (3), not
    the right end (1)"), or None where it may be laid nowhere."""
    fitting: list[str] = []
    for legal in legal_moves(state):
        if legal.action is Action.PLAY and legal.tile is tile and legal.end is not None and legal.end not in fitting:
            fitting.append(legal.end)
    if not fitting:
        return None
    ends = state.table.ends
    number = ends[ARM_NAMES.index(wrong)]
    places = [msg("{end} ({number})", end=end_dative(end), number=ends[ARM_NAMES.index(end)]) for end in fitting]
    where = places[0]
    for place in places[1:]:
        where = msg("{first} or the {other}", first=where, other=place)
    return msg(
        "{tile} fits the {ends}, not the {end} ({number}).", tile=tile, ends=where, end=end_dative(wrong), number=number
    )


def _does_not_fit(state: HandState, tile: Tile) -> Text:
    """Why a tile fits no open end, naming each end with its number (left first, as on the table)."""
    ends = state.table.open_ends()
    if len({n for _, n in ends}) == 1:
        return msg("{tile} does not fit: the open ends show {item}.", tile=tile, item=ends[0][1])
    shown = listed([msg("{number} ({end})", number=n, end=end_short(end)) for end, n in ends])
    return msg("{tile} does not fit: the open ends are {ends}.", tile=tile, ends=shown)


_WHY = {
    Action.MUGGINS: _why_muggins,
    Action.END_TURN: _why_end_turn,
    Action.PASS: _why_pass,
    Action.DRAW: _why_draw,
    Action.PLAY: _why_play,
}


def _wrong_claim(state: HandState, tile: Tile, move: Move) -> Text | None:
    """Why a claimed All Fives count is wrong (leads included), or None."""
    rules = state.rules
    if rules.must_claim and move.claim:
        assert move.end is not None
        count = fives_count(_lay(state.table, rules.spinner_layout, tile, move.end, state.to_move, move.closed))
        if count % 5 or count != move.claim:
            real = count if count % 5 == 0 else 0
            return msg(
                "After {tile} the ends add up to {count}: claim {real}, not {claim}.",
                tile=tile,
                count=count,
                real=real,
                claim=move.claim,
            )
    return None
