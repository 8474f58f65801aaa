"""The playout kernel's state: thousands of hands of one rule set as rows of numpy arrays.

Every hand of a batch is one row of a few arrays (hands as the rules core's
bitmasks, the arms of the table, the boneyard in order); ``playout`` plays
them, ``outcome`` scores them. This module holds the batch, the rules it
reads, move codes, and loading rules-core states into rows.

Why seats stored from the first mover: after turn ``t`` it is column
``t % players`` to move in every row, so the mover's hand is one column of the
array, not a gather per row. Why not the rules core itself: it builds an
immutable state per move (right for lessons, undo and the referee); the
analysis plays tens of thousands of hands per decision and needs only their
ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import ARM_NAMES, Action, HandState, Move, play
from tutorial_app.rules.tiles import ALL_TILES, FULL_MASK
from tutorial_app.strategy.policy import END_CODE, LEAD_ARM, Bools, Int64s, any_of
from tutorial_app.strategy.tables import TILE_BIT

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
]

IN_PLAY, WON, BLOCKED = 0, 1, 2
DRAW_CODE, PASS_CODE = 300, 301
"""Codes of the moves that are not decisions (the kernel draws and passes by itself)."""


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


_ROW_FIELDS = (
    "hands",
    "start",
    "has_table",
    "outer",
    "nonempty",
    "end_double",
    "closed",
    "spinner",
    "centre",
    "bone",
    "bone_next",
    "bone_len",
    "drawable",
    "status",
    "out_col",
    "last_col",
    "fives",
    "capicu",
    "run",
    "lead_mask",
    "bank",
    "decisions",
    "table",
    "greedy",
)


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
    ``last_col`` are columns (-1: nobody); ``table`` is the mask of the tiles on the table; ``greedy`` the
    seats (a bit each) that lay their heaviest tile whatever the policy says (an opponent model's reading).
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
        self.table: Int64s = np.zeros(size, dtype=np.int64)
        self.greedy: Int64s = np.zeros(size, dtype=np.int64)

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
    batch.table[row] = sum(t.bit for t in state.table.tiles())


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
