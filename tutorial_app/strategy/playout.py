"""Playing a kernel batch: one step of the loop is one whole turn in every unfinished hand.

The mover draws until a tile fits (or the boneyard allows no more), then plays
or passes; in games with several doubles a turn goes on laying tiles until it
stops. The moves and their effects are the rules core's
(``tutorial_app.rules.line.moves`` is the reference; the tests replay its hands
move by move and compare the ends), with two simplifications a playout does
not need: All Fives points are always claimed (no Muggins), and nothing is
recorded but the end.
"""

from __future__ import annotations

import numpy as np

from tutorial_app.strategy.kernel import BLOCKED, DRAW_CODE, IN_PLAY, WON, Batch
from tutorial_app.strategy.policy import (
    END_CODE,
    LEAD_ARM,
    NO_MOVE,
    Bools,
    Int64s,
    Legal,
    Policy,
    Scene,
    any_of,
    greedy_codes,
)
from tutorial_app.strategy.tables import SUIT_OF_END, TILE_BIT, TILE_DOUBLE, TILE_HI, TILE_LO, TILE_PIPS

__all__ = ["play_batch", "legal_now", "scene_now"]

_MAX_TURNS = 300


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


def scene_now(batch: Batch) -> Scene:
    """What every row's mover sees as things stand (the ``Scene`` a heuristic policy reads)."""
    col = batch.turn % batch.kr.players
    seat = (batch.start + col) % batch.kr.players
    return Scene(batch.hands[:, col], _ends(batch), batch.table, batch.kr.side_of[seat])


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


def _stuck(batch: Batch, fit: Int64s) -> Bools:
    """Rows where nobody holds a tile that fits and nothing can be drawn (the hand is a fish).

    draw_out: only a boneyard drawn out blocks; else only one with no drawable tile that fits.
    """
    kr = batch.kr
    anyone = any_of(batch.hands & fit[:, None]) != 0
    nothing_to_draw = (batch.bone_len - batch.bone_next <= kr.reserve) if kr.draw_out else ((batch.drawable & fit) == 0)
    stuck: Bools = ~anyone & nothing_to_draw
    return stuck


def _block_stuck_now(batch: Batch) -> None:
    """A sampled deal can be stuck before anyone moves: the position's mover passes, and the hidden hands
    drawn for the others hold nothing that fits either (the real hands do, or the rules core would have
    called the fish). No play would ever end such a row, so it is the fish it would be."""
    live = (batch.status == IN_PLAY) & batch.has_table
    if not live.any():
        return
    _, fit = _fit(_ends(batch))
    batch.status[live & _stuck(batch, fit)] = BLOCKED


def _fives_count(batch: Batch) -> Int64s:
    """The All Fives count of every row (``tutorial_app.rules.line.moves.fives_count``)."""
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
    laid = np.where(mask, TILE_BIT[tile], 0)
    hand = batch.hands[:, col] & ~laid
    batch.hands[:, col] = hand
    batch.table |= laid
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
    blocked = mask & ~out & _stuck(batch, fit)
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


def _choose(
    batch: Batch,
    legal: Legal,
    policy: Policy,
    rng: np.random.Generator,
    script: Int64s | None,
    deciding: Bools,
    ends: Int64s,
    col: int,
) -> Int64s:
    scene = None
    seat = (batch.start + col) % batch.kr.players
    if policy.reads_scene:
        scene = Scene(batch.hands[:, col], ends, batch.table, batch.kr.side_of[seat])
    codes = policy.choose(legal, rng, scene)
    greedy = (batch.greedy >> seat) & 1 == 1
    if greedy.any():
        codes = np.where(greedy, greedy_codes(legal), codes)
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
    codes = _choose(batch, legal, policy, rng, script, deciding, ends, col)
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
        codes = _choose(batch, legal, policy, rng, script, going, ends, col)
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
    _block_stuck_now(out)
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
