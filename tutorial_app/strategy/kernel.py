"""The playout kernel: thousands of hands of one rule set played at once with numpy.

Every hand of a batch is one row of a few arrays (hands as the rules core's
bitmasks, the arms of the table, the boneyard in order). One step of the loop
is one whole turn in every unfinished hand: the mover draws until a tile fits
(or the boneyard allows no more), then plays or passes, and in games with
several doubles a turn goes on laying tiles until it stops. The moves and
their effects are the rules core's (``tutorial_app.rules.moves`` is the
reference; the tests replay its hands move by move and compare the ends),
with two simplifications a playout does not need: All Fives points are always
claimed (no Muggins), and nothing is recorded but the end.

Why turns and seats stored from the first mover: after turn ``t`` it is
column ``t % players`` to move in every row, so the mover's hand is one
column of the array, not a gather per row. Why not the rules core itself: it
builds an immutable state per move (right for lessons, undo and the referee);
the analysis plays tens of thousands of hands per decision and needs only
their ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tutorial_app.rules.options import HouseRules
from tutorial_app.rules.state import ARM_NAMES, Action, HandState, Move, play
from tutorial_app.rules.tiles import ALL_TILES, FULL_MASK
from tutorial_app.strategy.policy import END_CODE, LEAD_ARM, NO_MOVE, Bools, Int64s, Legal, Policy, any_of
from tutorial_app.strategy.tables import SUIT_OF_END, TILE_BIT, TILE_DOUBLE, TILE_HI, TILE_LO, TILE_PIPS

__all__ = [
    "IN_PLAY",
    "WON",
    "BLOCKED",
    "DRAW_CODE",
    "PASS_CODE",
    "KernelRules",
    "Batch",
    "code_of",
    "move_of",
    "batch_of_states",
    "batch_from_template",
    "play_batch",
    "legal_now",
]

IN_PLAY, WON, BLOCKED = 0, 1, 2
DRAW_CODE, PASS_CODE = 300, 301
"""Codes of the moves that are not decisions (the kernel draws and passes by itself)."""
_MAX_TURNS = 300


def code_of(move: Move) -> int:
    """A rules-core move as a kernel move code: ``tile * 10 + arm * 2 + closed`` for a play."""
    if move.action is Action.PLAY:
        assert move.tile is not None and move.end is not None
        arm = LEAD_ARM if move.end == "lead" else ARM_NAMES.index(move.end)
        return move.tile.index * 10 + arm * 2 + int(move.closed)
    return {Action.DRAW: DRAW_CODE, Action.PASS: PASS_CODE, Action.END_TURN: END_CODE}[move.action]


def move_of(code: int) -> Move:
    """The rules-core move of a kernel move code (no claim: a caller adds one when the rules want it)."""
    if code < DRAW_CODE:
        arm = code % 10 // 2
        end = "lead" if arm == LEAD_ARM else ARM_NAMES[arm]
        return play(ALL_TILES[code // 10], end, closed=bool(code % 2))
    return {DRAW_CODE: Move(Action.DRAW), PASS_CODE: Move(Action.PASS), END_CODE: Move(Action.END_TURN)}[code]


@dataclass(frozen=True)
class KernelRules:
    """The options the kernel reads, taken once from a ``HouseRules``.

    ``track``: the arms' shape must be kept (spinner layout or All Fives
    counting), not only their open numbers.
    """

    rules: HouseRules
    players: int
    sides: int
    side_of: Int64s
    arms: int
    track: bool
    boneyard: bool
    reserve: int
    draw_out: bool
    pairs_draw: bool
    spinner_layout: bool
    fives: bool
    multiple_doubles: bool
    branch_blocking: bool

    @classmethod
    def of(cls, rules: HouseRules) -> KernelRules:
        return cls(
            rules=rules,
            players=rules.players,
            sides=rules.sides,
            side_of=np.array(rules.side_table, dtype=np.int64),
            arms=4 if rules.spinner_layout else 2,
            track=rules.spinner_layout or rules.fives_scoring,
            boneyard=rules.has_boneyard,
            reserve=rules.reserve,
            # block_with_boneyard: draw_out (a rules-core option newer than some rule sets): a boneyard game
            # blocks only once nothing more may be drawn
            draw_out=bool(getattr(rules, "draw_out", False)),
            pairs_draw=rules.pairs_draw,
            spinner_layout=rules.spinner_layout,
            fives=rules.fives_scoring,
            multiple_doubles=rules.multiple_doubles,
            branch_blocking=rules.branch_blocking,
        )


_ROW_FIELDS = ("hands", "start", "has_table", "outer", "nonempty", "end_double", "closed", "spinner", "centre",
               "bone", "bone_next", "bone_len", "drawable", "status", "out_col", "last_col", "fives", "capicu",
               "run", "lead_mask", "bank", "decisions")


class Batch:
    """Many hands of one rule set, one row each; the kernel changes these arrays in place.

    ``hands[:, k]`` is the hand of seat ``(start + k) % players`` (column 0
    moves first); ``turn`` counts whole turns, so column ``turn % players``
    is to move. ``outer[:, a]`` is the number at the end of arm ``a`` (-1
    before the lead; for an arm with no tile yet, the centre's number on that
    side); ``nonempty``, ``end_double`` and ``closed`` say whether the arm
    holds a tile, whether its last tile is a double laid across, and whether
    that double lies face down. ``bone`` lists each boneyard in drawing order
    and ``bone_next`` is the next tile to draw; ``drawable`` is the mask of
    the tiles that may still be drawn (the reserve never is). ``out_col`` and
    ``last_col`` are columns (-1: nobody).
    """

    __slots__ = ("kr", "size", "turn", *_ROW_FIELDS)

    def __init__(self, kr: KernelRules, size: int, bone_width: int = 1) -> None:
        arms, players = kr.arms, kr.players
        self.kr = kr
        self.size = size
        self.turn = 0
        self.hands: Int64s = np.zeros((size, players), dtype=np.int64)
        self.start: Int64s = np.zeros(size, dtype=np.int64)
        self.has_table: Bools = np.zeros(size, dtype=bool)
        self.outer: Int64s = np.full((size, arms), -1, dtype=np.int64)
        self.nonempty: Bools = np.zeros((size, arms), dtype=bool)
        self.end_double: Bools = np.zeros((size, arms), dtype=bool)
        self.closed: Bools = np.zeros((size, arms), dtype=bool)
        self.spinner: Bools = np.zeros(size, dtype=bool)
        self.centre: Int64s = np.zeros(size, dtype=np.int64)
        self.bone: Int64s = np.full((size, max(1, bone_width)), -1, dtype=np.int64)
        self.bone_next: Int64s = np.zeros(size, dtype=np.int64)
        self.bone_len: Int64s = np.zeros(size, dtype=np.int64)
        self.drawable: Int64s = np.zeros(size, dtype=np.int64)
        self.status: Int64s = np.zeros(size, dtype=np.int64)
        self.out_col: Int64s = np.full(size, -1, dtype=np.int64)
        self.last_col: Int64s = np.full(size, -1, dtype=np.int64)
        self.fives: Int64s = np.zeros((size, kr.sides), dtype=np.int64)
        self.capicu: Bools = np.zeros(size, dtype=bool)
        self.run: Bools = np.zeros(size, dtype=bool)
        self.lead_mask: Int64s = np.full(size, FULL_MASK, dtype=np.int64)
        self.bank: Int64s = np.zeros(size, dtype=np.int64)
        self.decisions: Int64s = np.zeros(size, dtype=np.int64)

    def take(self, rows: Int64s) -> Batch:
        """A new batch of some rows (copies)."""
        out = Batch.__new__(Batch)
        out.kr, out.size, out.turn = self.kr, len(rows), self.turn
        for name in _ROW_FIELDS:
            setattr(out, name, getattr(self, name)[rows])
        return out

    def put(self, rows: Int64s, part: Batch) -> None:
        """Write another batch's rows into ``rows`` of this one."""
        for name in _ROW_FIELDS:
            getattr(self, name)[rows] = getattr(part, name)

    def _seat(self, cols: Int64s) -> Int64s:
        return np.where(cols < 0, -1, (self.start + cols) % self.kr.players)

    def seat_hands(self) -> Int64s:
        """The hands by seat number (undoing the rotation)."""
        players = self.kr.players
        out = np.empty_like(self.hands)
        index = (self.start[:, None] + np.arange(players)[None, :]) % players
        np.put_along_axis(out, index, self.hands, axis=1)
        return out

    def out_seat(self) -> Int64s:
        """The seat that went out, -1 where none did."""
        return self._seat(self.out_col)

    def last_seat(self) -> Int64s:
        """The seat that laid the last tile (the fish maker of a blocked hand), -1 for none."""
        return self._seat(self.last_col)


# -- loading -------------------------------------------------------------------------------------------


def _set_table(batch: Batch, row: int, state: HandState) -> None:
    table = state.table
    if table.centre is None:
        return
    batch.has_table[row] = True
    batch.spinner[row] = table.spinner
    batch.centre[row] = table.centre.lo
    for arm in range(batch.kr.arms):
        links = table.arms[arm]
        if links:
            last = links[-1]
            batch.outer[row, arm] = last.outer
            batch.nonempty[row, arm] = True
            batch.end_double[row, arm] = last.tile.is_double
            batch.closed[row, arm] = last.closed
        elif table.spinner or arm >= 2:
            batch.outer[row, arm] = table.centre.lo
        else:
            batch.outer[row, arm] = table.centre_left if arm == 0 else table.centre_right


def _rotate(hands: Sequence[int], start: int) -> list[int]:
    return [hands[(start + k) % len(hands)] for k in range(len(hands))]


def _set_row(batch: Batch, row: int, state: HandState) -> None:
    """Copy one rules-core state into a row (everything but the boneyard)."""
    players = batch.kr.players
    start = state.to_move
    batch.start[row] = start
    batch.hands[row] = _rotate(state.hands, start)
    _set_table(batch, row, state)
    batch.status[row] = {"in_play": IN_PLAY, "won": WON, "blocked": BLOCKED}[state.status.value]
    batch.out_col[row] = (state.out_seat - start) % players if state.out_seat >= 0 else -1
    batch.last_col[row] = (state.last_move_by - start) % players if state.last_move_by >= 0 else -1
    if state.fives:
        batch.fives[row] = state.fives
    batch.capicu[row] = state.capicu
    batch.run[row] = state.doubles_run
    batch.lead_mask[row] = state.lead_mask
    batch.bank[row] = state.bank


def _drawable_of(kr: KernelRules, boneyard: Sequence[int]) -> int:
    """The rules core's drawable mask: the boneyard but its reserve (sliced as the core slices it)."""
    if not kr.boneyard:
        return 0
    mask = 0
    for index in boneyard[: len(boneyard) - kr.reserve]:
        mask |= 1 << index
    return mask


def batch_of_states(states: Sequence[HandState]) -> Batch:
    """A batch holding these rules-core states (all under the same rules, each at the start of a turn).

    A state whose mover must play the tile just drawn (``drawn``) needs its
    first move forced (``play_batch(first=...)``): the kernel draws and plays
    in one turn, so it keeps no such tile.
    """
    kr = KernelRules.of(states[0].rules)
    width = max(len(s.boneyard) for s in states)
    batch = Batch(kr, len(states), width)
    for row, state in enumerate(states):
        _set_row(batch, row, state)
        indices = [t.index for t in state.boneyard]
        batch.bone[row, : len(indices)] = indices
        batch.bone_len[row] = len(indices)
        batch.drawable[row] = _drawable_of(kr, indices)
    return batch


def batch_from_template(state: HandState, hands: Int64s, bones: Int64s) -> Batch:
    """Rows that share ``state``'s table and turn but hold other hands and boneyards.

    ``hands`` is (rows, players) of masks by seat; ``bones`` is (rows,
    boneyard size) of tile indices in drawing order. The analysis builds its
    sampled deals so.
    """
    kr = KernelRules.of(state.rules)
    size = len(hands)
    one = Batch(kr, 1)
    _set_row(one, 0, state)
    batch = one.take(np.zeros(size, dtype=np.int64))
    batch.hands = np.roll(np.asarray(hands, dtype=np.int64), -state.to_move, axis=1)
    count = bones.shape[1]
    if count:
        batch.bone = np.asarray(bones, dtype=np.int64).copy()
    batch.bone_len = np.full(size, count, dtype=np.int64)
    if kr.boneyard and count > kr.reserve:
        batch.drawable = any_of(TILE_BIT[batch.bone[:, : count - kr.reserve]])
    return batch


# -- one turn ------------------------------------------------------------------------------------------


def _ends(batch: Batch) -> Int64s:
    """The open number of every arm of every row (-1 where nothing may be attached)."""
    if not batch.kr.track:
        # a copy: laying tiles rewrites ``outer`` while the ends before the move are still read
        return batch.outer.copy()
    line = np.where(batch.has_table[:, None] & ~batch.closed[:, :2], batch.outer[:, :2], -1)
    if batch.kr.arms == 2:
        return line
    cross = batch.spinner & batch.nonempty[:, 0] & batch.nonempty[:, 1]
    vertical = np.where(cross[:, None] & ~batch.closed[:, 2:], batch.outer[:, 2:], -1)
    return np.concatenate([line, vertical], axis=1)


def _fit(ends: Int64s) -> tuple[Int64s, Int64s]:
    arm_fit = SUIT_OF_END[ends + 1]
    return arm_fit, any_of(arm_fit)


def _legal(batch: Batch, col: int, arm_fit: Int64s, rows: Bools) -> Legal:
    hand = batch.hands[:, col]
    per_arm = (hand & any_of(arm_fit))[:, None] & arm_fit
    lead = ~batch.has_table
    per_arm[:, 0] = np.where(lead, hand & batch.lead_mask, per_arm[:, 0])
    per_arm &= np.where(rows, -1, 0)[:, None]
    return Legal(per_arm, lead, batch.run & rows, batch.kr.branch_blocking)


def legal_now(batch: Batch) -> Legal:
    """The legal plays of every row's mover as things stand (before any draw the turn may start with)."""
    arm_fit, _ = _fit(_ends(batch))
    return _legal(batch, batch.turn % batch.kr.players, arm_fit, batch.status == IN_PLAY)


def _draw(batch: Batch, live: Bools, col: int, fit: Int64s) -> None:
    """Movers with nothing that fits draw until a tile fits or the boneyard allows no more."""
    kr = batch.kr
    can_draw = batch.bone_len - batch.bone_next > kr.reserve
    rows = np.flatnonzero(live & batch.has_table & ((batch.hands[:, col] & fit) == 0) & can_draw)
    while len(rows):
        first = batch.bone_next[rows]
        bits = TILE_BIT[batch.bone[rows, first]]
        count = np.ones(len(rows), dtype=np.int64)
        if kr.pairs_draw:
            count = np.where(batch.bone_len[rows] - first - kr.reserve >= 2, 2, 1)
            second = batch.bone[rows, np.minimum(first + 1, batch.bone.shape[1] - 1)]
            bits = bits | np.where(count == 2, TILE_BIT[second], 0)
        hand = batch.hands[rows, col] | bits
        batch.hands[rows, col] = hand
        batch.bone_next[rows] = first + count
        batch.drawable[rows] &= ~bits
        can_draw = batch.bone_len[rows] - batch.bone_next[rows] > kr.reserve
        if kr.draw_out:
            # drawn out and still nobody can play: only now is it a fish
            stuck = ~can_draw & (any_of(batch.hands[rows] & fit[rows, None]) == 0)
            batch.status[rows[stuck]] = BLOCKED
        more = ((hand & fit[rows]) == 0) & can_draw
        rows = rows[more]


def _fives_count(batch: Batch) -> Int64s:
    """The All Fives count of every row (``tutorial_app.rules.moves.fives_count``)."""
    doubled = batch.outer * np.where(batch.nonempty & batch.end_double, 2, 1)
    line = doubled[:, 0] + doubled[:, 1]
    if batch.kr.arms == 2:
        return line
    open_arm = batch.nonempty & ~batch.closed
    both = batch.nonempty[:, 0] & batch.nonempty[:, 1]
    spinner_total = np.where(both, 0, 2 * batch.centre) + (doubled * open_arm).sum(axis=1)
    return np.where(batch.spinner, spinner_total, line)


def _lay_line(batch: Batch, mask: Bools, tile: Int64s, arm: Int64s, ends: Int64s) -> None:
    """Lay tiles on a line that keeps only its two open numbers."""
    lead = mask & (arm == LEAD_ARM)
    number = np.where(arm == 1, ends[:, 1], ends[:, 0])
    outer = TILE_PIPS[tile] - number
    batch.outer[:, 0] = np.where(mask & (arm == 0), outer, np.where(lead, TILE_HI[tile], batch.outer[:, 0]))
    batch.outer[:, 1] = np.where(mask & (arm == 1), outer, np.where(lead, TILE_LO[tile], batch.outer[:, 1]))
    batch.has_table |= lead


def _lay_arms(batch: Batch, mask: Bools, tile: Int64s, arm: Int64s, closed: Bools, ends: Int64s) -> None:
    """Lay tiles keeping each arm's shape (spinner layouts, All Fives counting)."""
    kr = batch.kr
    lead = mask & (arm == LEAD_ARM)
    spinner_before = batch.spinner.copy()
    double = TILE_DOUBLE[tile]
    for a in range(kr.arms):
        on = mask & (arm == a)
        batch.outer[:, a] = np.where(on, TILE_PIPS[tile] - ends[:, a], batch.outer[:, a])
        batch.nonempty[:, a] |= on
        batch.end_double[:, a] = np.where(on, double, batch.end_double[:, a])
        batch.closed[:, a] = np.where(on, closed, batch.closed[:, a])
    if lead.any():
        rows = np.flatnonzero(lead)
        lo = TILE_LO[tile[rows]]
        batch.outer[rows, 0] = TILE_HI[tile[rows]]
        batch.outer[rows, 1:] = lo[:, None]
        batch.centre[rows] = lo
        batch.spinner[rows] = double[rows] & kr.spinner_layout
        batch.has_table[rows] = True
    if kr.spinner_layout:
        turn = mask & ~lead & ~spinner_before & double & ~closed
        if turn.any():
            _recentre(batch, np.flatnonzero(turn), tile, arm)


def _recentre(batch: Batch, rows: Int64s, tile: Int64s, arm: Int64s) -> None:
    """A double laid on a line with no spinner yet becomes the spinner; the line becomes one arm."""
    side = arm[rows]
    number = TILE_LO[tile[rows]]
    # the old line is now the far arm (its end stays as it was); the double's side is empty again
    batch.nonempty[rows, 1 - side] = True
    batch.outer[rows, side] = number
    batch.nonempty[rows, side] = False
    batch.end_double[rows, side] = False
    batch.closed[rows, side] = False
    batch.outer[rows, 2:] = number[:, None]
    batch.centre[rows] = number
    batch.spinner[rows] = True


def _play(batch: Batch, mask: Bools, codes: Int64s, ends: Int64s, col: int) -> None:
    """Apply the plays of the rows in ``mask`` (the other rows stay as they are)."""
    kr = batch.kr
    tile = np.where(mask, codes // 10, 0)
    arm = codes % 10 // 2
    hand = batch.hands[:, col] & ~np.where(mask, TILE_BIT[tile], 0)
    batch.hands[:, col] = hand
    if kr.track:
        _lay_arms(batch, mask, tile, arm, (codes % 2 == 1) & mask, ends)
    else:
        _lay_line(batch, mask, tile, arm, ends)
    _, fit = _fit(_ends(batch))
    if kr.fives:
        _score_fives(batch, mask, col)
    batch.last_col = np.where(mask, col, batch.last_col)
    out = mask & (hand == 0)
    if out.any():
        batch.status[out] = WON
        batch.out_col[out] = col
        if not kr.spinner_layout:
            left, right = ends[:, 0], ends[:, 1]
            lo, hi = TILE_LO[tile], TILE_HI[tile]
            both = ((lo == left) | (hi == left)) & ((lo == right) | (hi == right))
            batch.capicu |= out & ~TILE_DOUBLE[tile] & (left != right) & (left >= 0) & both
    anyone = any_of(batch.hands & fit[:, None]) != 0
    # draw_out: only a boneyard drawn out blocks; else only one with no drawable tile that fits
    nothing_to_draw = (batch.bone_len - batch.bone_next <= kr.reserve) if kr.draw_out else ((batch.drawable & fit) == 0)
    blocked = mask & ~out & ~anyone & nothing_to_draw
    batch.status[blocked] = BLOCKED
    if kr.multiple_doubles:
        again = mask & ~out & ~blocked & TILE_DOUBLE[tile] & ((hand & fit) != 0)
        batch.run = np.where(mask, again, batch.run)


def _score_fives(batch: Batch, mask: Bools, col: int) -> None:
    kr = batch.kr
    count = _fives_count(batch)
    scored = mask & (count > 0) & (count % 5 == 0)
    if not scored.any():
        return
    side = kr.side_of[(batch.start + col) % kr.players]
    for s in range(kr.sides):
        batch.fives[:, s] += np.where(scored & (side == s), count, 0)


def _choose(batch: Batch, legal: Legal, policy: Policy, rng: np.random.Generator, script: Int64s | None,
            deciding: Bools) -> Int64s:
    codes = policy.choose(legal, rng)
    if script is not None:
        index = np.minimum(batch.decisions, script.shape[1] - 1)
        forced = np.where(batch.decisions < script.shape[1], script[np.arange(batch.size), index], NO_MOVE)
        codes = np.where(deciding & (forced >= 0), forced, codes)
    batch.decisions += deciding
    return codes


def _turn(batch: Batch, policy: Policy, rng: np.random.Generator, script: Int64s | None) -> None:
    """One whole turn in every row still in play."""
    kr = batch.kr
    col = batch.turn % kr.players
    live = batch.status == IN_PLAY
    ends = _ends(batch)
    arm_fit, fit = _fit(ends)
    if kr.boneyard:
        _draw(batch, live, col, fit)
        live &= batch.status == IN_PLAY
    legal = _legal(batch, col, arm_fit, live)
    deciding = legal.any_play() | legal.run
    codes = _choose(batch, legal, policy, rng, script, deciding)
    _play(batch, deciding & (codes >= 0) & (codes < END_CODE), codes, ends, col)
    if kr.multiple_doubles:
        _run_of_doubles(batch, policy, rng, script, col)
    batch.run[:] = False
    batch.turn += 1


def _run_of_doubles(batch: Batch, policy: Policy, rng: np.random.Generator, script: Int64s | None, col: int) -> None:
    """Movers who laid a double and still have a tile that fits go on (or end their turn)."""
    while True:
        going = batch.run & (batch.status == IN_PLAY)
        if not going.any():
            return
        ends = _ends(batch)
        arm_fit, _ = _fit(ends)
        legal = _legal(batch, col, arm_fit, going)
        codes = _choose(batch, legal, policy, rng, script, going)
        batch.run &= ~(going & (codes == END_CODE))
        _play(batch, going & (codes >= 0) & (codes < END_CODE), codes, ends, col)


def play_batch(
    batch: Batch,
    policy: Policy,
    rng: np.random.Generator,
    first: Int64s | None = None,
    script: Int64s | None = None,
) -> Batch:
    """Play every row to the end of its hand; return the finished rows in their order (``batch`` is kept).

    ``first`` forces each row's first decision (a move code per row, the
    analysis's candidate; a draw or pass code means "no choice"). ``script``
    (rows x decisions, -1 for "the policy chooses") forces later decisions too;
    the tests replay the rules core's hands so. Draws and passes are not
    decisions: the kernel makes them itself.
    """
    if first is not None:
        first = np.asarray(first, dtype=np.int64)
        column = np.where((first < DRAW_CODE) | (first == END_CODE), first, NO_MOVE)[:, None]
        script = column if script is None else np.concatenate([column, script[:, 1:]], axis=1)
    out = batch.take(np.arange(batch.size))
    live, rows_of = out, np.arange(batch.size)
    for _ in range(_MAX_TURNS):
        playing = live.status == IN_PLAY
        if not playing.any():
            out.put(rows_of, live)
            return out
        if playing.sum() * 2 <= live.size and live.size > 16:
            out.put(rows_of[~playing], live.take(np.flatnonzero(~playing)))
            keep = np.flatnonzero(playing)
            live, rows_of = live.take(keep), rows_of[keep]
            if script is not None:
                script = script[keep]
        _turn(live, policy, rng, script)
    raise RuntimeError("a playout did not end: the kernel has a bug")
