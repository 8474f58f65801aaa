"""A search over the seat's own information sets for two-player line games with nothing to draw (block for two).

Why: PIMC-exact (``exact.solve_deals``) solves every sampled deal as if the seat, at its later turns, could
see the hidden hand of that deal ("strategy fusion"): in block for two fourteen tiles sleep in the boneyard and
are never played, so a plan that is only right in some deals looks right in all of them. Here the seat's later
choices are made once per information set, the same move for every deal it cannot tell apart: a vector
minimax (Frank & Basin's "vector minimax", the M=1 case of Cazenave's αμ) over the sampled deals.

- A node holds the deals that reach it (every deal the seat cannot tell apart there: the opponent's plays and
  passes so far fit them). Our hand and the table are the same in all of them; the opponent's hand differs.
- At our turn the move is chosen for all the node's deals together (the largest weighted mean of their
  values); its value vector is kept per deal.
- At the opponent's turn the deals split by what it plays (a tile on an end, or a pass: each is seen); in each
  deal it plays its best against our strategy (per deal, as the exact search lets it), or, in a deal where the
  opponent model reads it as a heaviest-tile player (``Worlds.greedy``), its heaviest tile.
- A node reached by one deal only is that deal's exact value (``exact_line``'s search, memo shared).

The values are the exact search's (win share, net points, scored by the rules core through ``exact_line``),
so a move's mean over the deals is comparable with PIMC-exact's; only our later choices differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from tutorial_app.rules.line.moves import apply_unchecked
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK
from tutorial_app.strategy.exact import DEFAULT_NODE_LIMIT, SearchTooBig
from tutorial_app.strategy.exact_line import (
    _PLAYS,
    _SEAT_BITS,
    LineValue,
    _greedy_order,
    _LineSearch,
    _TooBig,
    line_applies,
)

if TYPE_CHECKING:
    from tutorial_app.strategy.policy import Floats
    from tutorial_app.strategy.sampler import Worlds
    from tutorial_app.strategy.view import SeatView

__all__ = ["infoset_applies", "solve_infosets"]

_WIN_WEIGHT = 10_000.0
_LO = tuple(t.lo for t in ALL_TILES)
_HI = tuple(t.hi for t in ALL_TILES)
_DOUBLE = tuple(t.is_double for t in ALL_TILES)

Play = tuple[int, int, bool, int, int]


def infoset_applies(view: SeatView) -> bool:
    """Two players, a line with two ends, one tile a turn, nothing left to draw, a tile on the table."""
    state = view.state
    return state.rules.players == 2 and line_applies(state) and bool(state.table.ends)


class _Vector:
    """The search over the seat's information sets; values are per deal, as (win, points) pairs."""

    def __init__(self, root: HandState, opp_hands: Sequence[int], greedy: Sequence[bool], weights: Floats) -> None:
        self.me = root.to_move
        self.opp = 1 - self.me
        self.opp_hands = tuple(opp_hands)
        self.greedy = tuple(greedy)
        self.weights = weights
        self.root = root
        # two searches: a memo key does not say whether the opponent is read as a heaviest-tile player
        limit = DEFAULT_NODE_LIMIT * 40
        self.lines = (_LineSearch(root, self._terminal, limit), _LineSearch(root, self._terminal, limit, 1 << self.opp))
        self.memo: dict[tuple[object, ...], list[LineValue]] = {}

    def _terminal(self, state: HandState) -> tuple[float, float]:
        result = hand_result(state)
        side = state.rules.side_of(self.me)
        win = (1.0 / len(result.winner_sides) if result.tie else 1.0) if side in result.winner_sides else 0.0
        points = result.points
        net = points[side] - (sum(points) - points[side])
        return win, float(-net if state.rules.is_penalty_scoring else net)

    def pack(self, mine: int, opp: int) -> int:
        return (mine << (_SEAT_BITS * self.me)) | (opp << (_SEAT_BITS * self.opp))

    # -- the tree -------------------------------------------------------------------------------------------

    def turn(
        self, deals: tuple[int, ...], mine: int, gone: int, left: int, right: int, nominal: int
    ) -> list[LineValue]:
        """``nominal`` is to play; a seat with nothing that fits passes (the other plays, or it is a fish)."""
        fit = SUIT_MASK[left] | SUIT_MASK[right]
        out: dict[int, LineValue] = {}
        if nominal == self.me:
            if mine & fit:
                return self.my_node(deals, mine, gone, left, right)
            can = tuple(d for d in deals if self.opp_hands[d] & ~gone & fit)
            for d in deals:
                if d not in can:
                    out[d] = self.lines[0].finished(self.pack(mine, self.opp_hands[d] & ~gone), self.opp, False, False)
            if can:
                out.update(zip(can, self.opp_node(can, mine, gone, left, right), strict=True))
            return [out[d] for d in deals]
        can = tuple(d for d in deals if self.opp_hands[d] & ~gone & fit)
        rest = tuple(d for d in deals if d not in can)
        if can:
            out.update(zip(can, self.opp_node(can, mine, gone, left, right), strict=True))
        if rest:
            if mine & fit:
                out.update(zip(rest, self.my_node(rest, mine, gone, left, right), strict=True))
            else:
                for d in rest:
                    out[d] = self.lines[0].finished(self.pack(mine, self.opp_hands[d] & ~gone), self.me, False, False)
        return [out[d] for d in deals]

    def line_for(self, deal: int) -> _LineSearch:
        return self.lines[self.greedy[deal]]

    def single(self, deal: int, mine: int, gone: int, left: int, right: int, mover: int) -> LineValue:
        return self.line_for(deal).value(
            self.pack(mine, self.opp_hands[deal] & ~gone), left, right, mover, -np.inf, np.inf
        )

    def my_node(self, deals: tuple[int, ...], mine: int, gone: int, left: int, right: int) -> list[LineValue]:
        if len(deals) == 1:
            return [self.single(deals[0], mine, gone, left, right, self.me)]
        key = (0, deals, mine, gone, left, right)
        found = self.memo.get(key)
        if found is not None:
            return found
        best: list[LineValue] = []
        best_mean = -np.inf
        weights = self.weights[list(deals)]
        for play in _PLAYS[left, right]:
            if not mine & play[1]:
                continue
            values = self.after_mine(deals, mine, gone, left, right, play)
            mean = float(np.dot(weights, [v.win * _WIN_WEIGHT + v.points for v in values]))
            if mean > best_mean + 1e-6:  # a tie keeps the first (heaviest, left end first)
                best, best_mean = values, mean
        self.memo[key] = best
        return best

    def after_mine(
        self, deals: tuple[int, ...], mine: int, gone: int, left: int, right: int, play: Play
    ) -> list[LineValue]:
        tile, bit, _, new_left, new_right = play
        after = mine & ~bit
        if not after:
            capicu = _capicu(tile, left, right)
            return [
                self.lines[0].finished(self.pack(0, self.opp_hands[d] & ~gone), self.me, True, capicu) for d in deals
            ]
        return self.turn(deals, after, gone, new_left, new_right, self.opp)

    def opp_node(self, deals: tuple[int, ...], mine: int, gone: int, left: int, right: int) -> list[LineValue]:
        """The opponent holds a tile that fits in every deal of ``deals``."""
        if len(deals) == 1:
            return [self.single(deals[0], mine, gone, left, right, self.opp)]
        key = (1, deals, mine, gone, left, right)
        found = self.memo.get(key)
        if found is not None:
            return found
        plays = _PLAYS[left, right]
        options: dict[int, list[Play]] = {}
        for d in deals:
            hand = self.opp_hands[d] & ~gone
            fits = [p for p in plays if hand & p[1]]
            options[d] = [min(fits, key=_greedy_order)] if self.greedy[d] else fits
        best: dict[int, LineValue] = {}
        for play in plays:
            group = tuple(d for d in deals if play in options[d])
            if not group:
                continue
            values = self.after_theirs(group, mine, gone, left, right, play)
            for d, v in zip(group, values, strict=True):
                old = best.get(d)
                if old is None or v.win * _WIN_WEIGHT + v.points < old.win * _WIN_WEIGHT + old.points:
                    best[d] = v
        out = [best[d] for d in deals]
        self.memo[key] = out
        return out

    def after_theirs(
        self, deals: tuple[int, ...], mine: int, gone: int, left: int, right: int, play: Play
    ) -> list[LineValue]:
        tile, bit, _, new_left, new_right = play
        gone_after = gone | bit
        out: list[LineValue] = []
        if not self.opp_hands[deals[0]] & ~gone_after:  # every deal's hand has the same size
            capicu = _capicu(tile, left, right)
            return [self.lines[0].finished(self.pack(mine, 0), self.opp, True, capicu) for _ in deals]
        out = self.turn(deals, mine, gone_after, new_left, new_right, self.me)
        return out


def _capicu(tile: int, left: int, right: int) -> bool:
    lo, hi = _LO[tile], _HI[tile]
    return not _DOUBLE[tile] and left != right and (lo == left or hi == left) and (lo == right or hi == right)


def solve_infosets(
    view: SeatView, worlds: Worlds, moves: Sequence[Move], weights: Floats | None = None
) -> tuple[Floats, Floats]:
    """Each of ``moves`` valued on every deal of ``worlds`` with our later moves chosen per information set
    (``infoset_applies(view)`` must hold): (wins, nets), each (moves, deals), as ``exact.solve_deals`` gives them.

    Raises ``exact.SearchTooBig`` past the search's node limit."""
    state = view.state
    me = state.to_move
    opp = 1 - me
    deals = len(worlds.hands)
    greedy = [bool(int(worlds.greedy[d]) >> opp & 1) if worlds.greedy is not None else False for d in range(deals)]
    w = np.ones(deals) / deals if weights is None else np.asarray(weights, dtype=float) / float(np.sum(weights))
    opp_hands = [int(worlds.hands[d][opp]) for d in range(deals)]
    search = _Vector(state, opp_hands, greedy, w)
    all_deals = tuple(range(deals))
    wins = np.empty((len(moves), deals))
    nets = np.empty((len(moves), deals))
    for row, move in enumerate(moves):
        values = _after_root(search, view, worlds, move, all_deals)
        for d, v in enumerate(values):
            wins[row, d] = v.win
            nets[row, d] = v.points
    return wins, nets


def _after_root(search: _Vector, view: SeatView, worlds: Worlds, move: Move, deals: tuple[int, ...]) -> list[LineValue]:
    """The value vector after our root ``move`` (a play): the table after it is the same in every deal, so it is
    applied once (on the first deal's hands); who plays next, or whether it is a fish, is read deal by deal."""
    state = view.state
    me = state.to_move
    assert move.tile is not None
    after = apply_unchecked(view.with_tiles([int(h) for h in worlds.hands[0]], ()), move)
    try:
        if not after.hands[me]:
            left, right = state.table.ends[0], state.table.ends[1]
            capicu = _capicu(move.tile.index, left, right)
            return [search.lines[0].finished(search.pack(0, search.opp_hands[d]), me, True, capicu) for d in deals]
        left, right = after.table.ends[0], after.table.ends[1]
        return search.turn(deals, after.hands[me], 0, left, right, 1 - me)
    except _TooBig:
        raise SearchTooBig from None
