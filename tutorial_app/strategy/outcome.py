"""What the finished hands of a kernel batch mean on the score sheet.

The same rules as ``tutorial_app.rules.line.scoring.hand_result`` (the tests
compare them hand by hand), computed for every row at once.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tutorial_app.rules.line.options import BlockedScoring, Scoring
from tutorial_app.strategy.kernel import BLOCKED, WON, Batch
from tutorial_app.strategy.policy import Bools, Floats, Int64s
from tutorial_app.strategy.tables import mask_pips

__all__ = ["Scores", "score_batch"]


@dataclass(frozen=True)
class Scores:
    """Per row and side: end-of-hand ``points``, move points (``fives``) and the ``share`` of the win.

    ``share`` is 1 for the side that won, 1/k for each of k sides that tied a
    blocked hand, else 0. Under goat scoring ``points`` are penalties.
    """

    points: Int64s
    fives: Int64s
    share: Floats
    tie: Bools
    blocked: Bools
    penalty: bool

    @property
    def totals(self) -> Int64s:
        """Everything each side writes for the hand."""
        return self.points + self.fives

    def net(self, side: int) -> Floats:
        """A side's points less the other sides' average (turned round for penalties): higher is better."""
        totals = self.totals.astype(np.float64)
        sides = totals.shape[1]
        others = (totals.sum(axis=1) - totals[:, side]) / max(sides - 1, 1)
        net: Floats = totals[:, side] - others
        return -net if self.penalty else net


def _seat_pips(batch: Batch) -> Int64s:
    rules = batch.kr.rules
    hands = batch.seat_hands()
    pips = mask_pips(hands) + np.where(hands & 1, rules.blank_double_value, 0)
    if rules.lone_blank_double:
        pips = np.where(hands == 1, rules.lone_blank_double, pips)
    return pips


def _round_to_five(points: Int64s) -> Int64s:
    return 5 * ((points + 2) // 5)


def score_batch(batch: Batch) -> Scores:
    """Score every (finished) row of a batch."""
    kr = batch.kr
    rules = kr.rules
    size, sides = batch.size, kr.sides
    onehot = np.zeros((kr.players, sides), dtype=np.int64)
    onehot[np.arange(kr.players), kr.side_of] = 1
    side_pips = _seat_pips(batch) @ onehot
    total = side_pips.sum(axis=1)
    rows = np.arange(size)
    side_ids = np.arange(sides)
    goat = rules.is_penalty_scoring

    def penalties(winner: Int64s) -> Int64s:
        owed = np.where(side_pips >= rules.min_penalty, side_pips, 0)
        return np.where(side_ids[None, :] == winner[:, None], 0, owed)

    def winner_takes(winner: Int64s) -> Int64s:
        own = 0 if rules.scoring is Scoring.WINNER_TAKES_ALL_HANDS else side_pips[rows, winner]
        won = total - own
        if rules.fives_scoring:
            won = _round_to_five(won)
        return np.where(side_ids[None, :] == winner[:, None], won[:, None], 0)

    won = batch.status == WON
    blocked = batch.status == BLOCKED
    out_side = kr.side_of[np.maximum(batch.out_seat(), 0)]
    fish_side = kr.side_of[np.maximum(batch.last_seat(), 0)]
    low = side_pips.min(axis=1)
    lows = side_pips == low[:, None]
    tie = (
        blocked & (lows.sum(axis=1) > 1)
        if rules.blocked_scoring is not BlockedScoring.GOAT_BLOCK
        else np.zeros(size, dtype=bool)
    )
    lowest = np.argmin(side_pips, axis=1)
    winner = np.where(won, out_side, lowest)
    if rules.blocked_scoring is BlockedScoring.GOAT_BLOCK:
        winner = np.where(won, out_side, fish_side)
    points = penalties(winner) if goat else winner_takes(winner)
    if rules.blocked_scoring is BlockedScoring.LOWEST_MINUS_OWN:
        others = total - side_pips[rows, lowest]
        if rules.fives_scoring:
            others = _round_to_five(others)
        minus = np.maximum(0, others - side_pips[rows, lowest])
        minus_points = np.where(side_ids[None, :] == lowest[:, None], minus[:, None], 0)
        points = np.where(blocked[:, None], minus_points, points)
    if not goat:
        bonus = np.where(won & batch.capicu, rules.capicu_bonus, 0) + batch.bank
        points = points + np.where(side_ids[None, :] == winner[:, None], bonus[:, None], 0)
    points = np.where(tie[:, None], 0, points)
    share = (side_ids[None, :] == winner[:, None]).astype(np.float64)
    share = np.where(tie[:, None], lows / np.maximum(lows.sum(axis=1), 1)[:, None], share)
    return Scores(points, batch.fives.copy(), share, tie, blocked, goat)
