"""Dealing many hands at once for the kernel: shuffle, deal, decide the lead, redeal where needed.

The same rules as ``tutorial_app.rules.line.deal.deal`` for a match's first hand
(the first-lead rule, the determining tile, domino 101's redeals), for every
row at once. The speed benchmark deals so; the analysis never deals (it
samples the tiles a seat cannot see instead).
"""

from __future__ import annotations

import numpy as np

from tutorial_app.rules.line.deal import lead_orders
from tutorial_app.rules.line.options import FirstTile, HouseRules, Redeal
from tutorial_app.rules.tiles import ALL_TILES, DOUBLES, FULL_MASK, SUIT_MASK
from tutorial_app.strategy.kernel import Batch, KernelRules
from tutorial_app.strategy.policy import Bools, Int64s
from tutorial_app.strategy.tables import TILE_BIT, TILE_DOUBLE, TILE_HI, TILE_PIPS

__all__ = ["deal_batch"]

_MAX_ROUNDS = 1000
_STRENGTH = TILE_PIPS * 16 + TILE_DOUBLE * 8 + TILE_HI
"""The rules core's "highest tile": larger pip total, then the double, then the larger high half."""


def _holder(hands: Int64s, bits: Int64s) -> Int64s:
    seats: Int64s = np.argmax((hands & bits[:, None]) != 0, axis=1)
    return seats


def _first_held(dealt: Int64s, order: tuple[int, ...]) -> tuple[Bools, Int64s]:
    """Whether any tile of ``order`` is dealt, and the first one (tile index) per row."""
    bits = TILE_BIT[list(order)]
    present = (dealt[:, None] & bits[None, :]) != 0
    found = present.any(axis=1)
    first = np.asarray(order, dtype=np.int64)[np.argmax(present, axis=1)]
    return found, first


def _lead(rules: HouseRules, hands: Int64s, rng: np.random.Generator) -> tuple[Bools, Int64s, Int64s]:
    """Per row: whether the deal can be led, the leader and the tiles they may lead."""
    size = len(hands)
    orders = lead_orders(rules.first_lead)
    if orders is None:  # by lot: each player turns up a tile of a shuffled set, the highest leads any tile
        turned = np.argsort(rng.random((size, len(ALL_TILES))), axis=1)[:, : rules.players]
        leader = np.argmax(_STRENGTH[turned], axis=1)
        return np.ones(size, dtype=bool), leader, np.full(size, FULL_MASK, dtype=np.int64)
    order, fallback = orders
    dealt = np.bitwise_or.reduce(hands, axis=1)
    found, tile = _first_held(dealt, tuple(t.index for t in order))
    if fallback:
        _, spare = _first_held(dealt, tuple(t.index for t in fallback))
        tile = np.where(found, tile, spare)
        found = np.ones(size, dtype=bool)
    leader = _holder(hands, TILE_BIT[tile])
    determining = rules.first_tile is FirstTile.DETERMINING
    mask = TILE_BIT[tile] if determining else np.full(size, FULL_MASK, dtype=np.int64)
    if rules.redeal is Redeal.DOMINO101:
        found &= _stands_101(rules, hands, leader, tile, determining)
    return found, leader, mask


def _stands_101(rules: HouseRules, hands: Int64s, leader: Int64s, tile: Int64s, determining: bool) -> Bools:
    """Domino 101's redeal conditions (``rules.line.deal.redeal_reason`` in words), False where the deal is thrown in."""
    doubles = sum(np.bitwise_count(hands & d.bit) for d in DOUBLES)
    ok: Bools = (doubles < 5).all(axis=1)
    for n in range(7):
        count = np.bitwise_count(hands & SUIT_MASK[n])
        has_double = (hands & DOUBLES[n].bit) != 0
        ok &= ~((count >= 6) | ((count == 5) & ~has_double)).any(axis=1)
    if rules.in_pairs and determining:
        side = leader % 2
        others = np.where(side == 0, hands[:, 1] | hands[:, 3], hands[:, 0] | hands[:, 2])
        suit = np.asarray(SUIT_MASK, dtype=np.int64)[TILE_HI[tile]]
        ok &= ~(TILE_DOUBLE[tile] & ((others & suit) == 0))
    return ok


def deal_batch(rules: HouseRules, size: int, rng: np.random.Generator) -> Batch:
    """``size`` freshly dealt first hands under ``rules``, ready to be played by the kernel."""
    kr = KernelRules.of(rules)
    players, hand_size = rules.players, rules.hand_size
    dealt = rules.dealt
    batch = Batch(kr, size, len(ALL_TILES) - dealt)
    missing = np.arange(size)
    for _ in range(_MAX_ROUNDS):
        if not len(missing):
            return batch
        shuffled = np.argsort(rng.random((len(missing), len(ALL_TILES))), axis=1)
        hands = TILE_BIT[shuffled[:, :dealt]].reshape(len(missing), players, hand_size).sum(axis=2)
        ok, leader, mask = _lead(rules, hands, rng)
        rows, hands, leader = missing[ok], hands[ok], leader[ok]
        index = (leader[:, None] + np.arange(players)[None, :]) % players
        batch.hands[rows] = np.take_along_axis(hands, index, axis=1)
        batch.start[rows] = leader
        batch.lead_mask[rows] = mask[ok]
        bone = shuffled[ok, dealt:]
        if bone.shape[1]:
            batch.bone[rows] = bone
            batch.bone_len[rows] = bone.shape[1]
            if kr.boneyard and bone.shape[1] > kr.reserve:
                batch.drawable[rows] = TILE_BIT[bone[:, : bone.shape[1] - kr.reserve]].sum(axis=1)
        missing = missing[~ok]
    raise RuntimeError(f"no deal stood after {_MAX_ROUNDS} tries")
