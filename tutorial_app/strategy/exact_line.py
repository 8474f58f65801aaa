"""The exact search's fast path: a line of two open ends, every hand known, nothing left to draw.

Most positions the analysis solves deal by deal (``analysis``: PIMC-exact)
are of this kind: block and the pass-only games, and the draw games once the
boneyard is drawn out. Then a position is only the hands, the two open numbers
and whose turn it is, so it is searched on bitmasks and plain integers, about
twenty times faster than through the rules core's immutable states; a pass
needs no node (the turn goes to the next seat with a tile that fits).

The rules are still the rules core's: the root's moves are ``legal_moves``
and ``apply_unchecked``; a finished hand is scored by ``hand_result`` (on a
state that holds the hands, who went out or made the fish, and the capicú);
the tests hold every value against the general search of ``exact``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tutorial_app.rules.line.moves import apply_unchecked, legal_moves, with_claim
from tutorial_app.rules.line.state import Action, HandState, Move, Status
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, mask_pips
from tutorial_app.strategy.tables import GREEDY_RANK

__all__ = ["LineValue", "line_applies", "solve_line"]

_WIN_WEIGHT = 10_000.0
_INF = float("inf")
_EXACT, _LOWER, _UPPER = 0, 1, 2
_LO = tuple(t.lo for t in ALL_TILES)
_HI = tuple(t.hi for t in ALL_TILES)
_PIPS = tuple(t.pips for t in ALL_TILES)
_DOUBLE = tuple(t.is_double for t in ALL_TILES)
_IN_PLAY = Status.IN_PLAY


class LineValue(NamedTuple):
    """A position's worth for the root's side: its share of the hand and its net points (as ``exact.Value``)."""

    win: float
    points: float


class _TooBig(Exception):
    pass


Terminal = Callable[[HandState], tuple[float, float]]


def line_applies(state: HandState) -> bool:
    """Whether the fast path can solve ``state``: a line layout with no move points, one tile a turn,
    no face-down doubles, and no tile that may still be drawn."""
    rules = state.rules
    return (
        not rules.spinner_layout
        and not rules.fives_scoring
        and not rules.multiple_doubles
        and not rules.branch_blocking
        and state.drawable() == 0
        and state.drawn is None
        and not state.doubles_run
    )


_SEAT_BITS = 28
_HAND = (1 << _SEAT_BITS) - 1
_PLAYS: dict[tuple[int, int], tuple[tuple[int, int, bool, int, int], ...]] = {}
"""Per open ends (left, right): every tile that fits, heaviest first, as (tile, its bit, laid on the right,
new left, new right). Why a table: a node then reads its candidates instead of building them."""
for _left in range(7):
    for _right in range(7):
        _found = [(t, False) for t in range(28) if _left in (_LO[t], _HI[t])]
        if _right != _left:  # with the same number on both ends, the other end leads to the same place
            _found += [(t, True) for t in range(28) if _right in (_LO[t], _HI[t])]
        _found.sort(key=lambda p: -_PIPS[p[0]])
        _PLAYS[_left, _right] = tuple(
            (t, 1 << t, r, _left if r else _PIPS[t] - _left, _PIPS[t] - _right if r else _right) for t, r in _found
        )


def _fit_all(players: int) -> tuple[tuple[int, ...], ...]:
    """``table[left][right]``: the tiles that fit either end, repeated in every seat's 28 bits."""
    out = []
    for left in range(7):
        row = []
        for right in range(7):
            fit = SUIT_MASK[left] | SUIT_MASK[right]
            row.append(sum(fit << (_SEAT_BITS * s) for s in range(players)))
        out.append(tuple(row))
    return tuple(out)


class _LineSearch:
    """Alpha-beta over (hands, left, right, mover) with a memo; the root's side maximises, the others minimise.

    The hands are one integer, 28 bits per seat, so a move is one XOR and the memo's key one integer.
    """

    def __init__(self, root: HandState, terminal: Terminal, node_limit: int, greedy: int = 0) -> None:
        rules = root.rules
        self.greedy = greedy
        self.root = root
        self.players = rules.players
        self.side_of = tuple(rules.side_of(s) for s in range(rules.players))
        self.side = self.side_of[root.to_move]
        self.terminal_of = terminal
        self.node_limit = node_limit
        self.nodes = 0
        self.memo: dict[int, tuple[float, float, int, int]] = {}
        self.ends: dict[tuple[tuple[int, ...], int, bool, bool], LineValue] = {}
        self.fit_all = _fit_all(self.players)
        self.lone = rules.lone_blank_double
        self.blank = rules.blank_double_value

    def pack(self, hands: tuple[int, ...]) -> int:
        return sum(h << (_SEAT_BITS * s) for s, h in enumerate(hands))

    def unpack(self, packed: int) -> tuple[int, ...]:
        return tuple((packed >> (_SEAT_BITS * s)) & _HAND for s in range(self.players))

    def finished(self, packed: int, seat: int, won: bool, capicu: bool) -> LineValue:
        """The value of a finished hand (``seat`` went out, or made the fish), scored by the rules core.

        Why the memo is keyed by each seat's pips: the score reads nothing else of the hands."""
        hands = self.unpack(packed)
        pips = tuple(self.lone if self.lone and hand == 1 else mask_pips(hand, self.blank) for hand in hands)
        key = (pips, seat, won, capicu)
        found = self.ends.get(key)
        if found is None:
            state = self.root._replace(
                hands=hands,
                status=Status.WON if won else Status.BLOCKED,
                out_seat=seat if won else -1,
                last_move_by=seat,
                capicu=capicu,
                to_move=seat,
            )
            found = LineValue(*self.terminal_of(state))
            self.ends[key] = found
        return found

    def child(
        self, packed: int, mover: int, left: int, right: int, play: tuple[int, int, bool, int, int], a: float, b: float
    ) -> LineValue:
        """The value after ``mover`` makes ``play`` (a row of ``_PLAYS``): out, a fish, or the next seat that
        holds a tile for the new ends (the seats between pass)."""
        tile, bit, _, new_left, new_right = play
        after = packed ^ (bit << (_SEAT_BITS * mover))
        if not (after >> (_SEAT_BITS * mover)) & _HAND:
            lo, hi = _LO[tile], _HI[tile]
            capicu = not _DOUBLE[tile] and left != right and (lo == left or hi == left) and (lo == right or hi == right)
            return self.finished(after, mover, True, capicu)
        fit = self.fit_all[new_left][new_right]
        if not after & fit:
            return self.finished(after, mover, False, False)
        players = self.players
        nxt = mover
        while True:
            nxt = nxt + 1 if nxt + 1 < players else 0
            if (after >> (_SEAT_BITS * nxt)) & fit & _HAND:
                return self.value(after, new_left, new_right, nxt, a, b)

    def value(self, packed: int, left: int, right: int, mover: int, alpha: float, beta: float) -> LineValue:
        """The value with ``mover`` to play (it holds a tile that fits), exact inside (alpha, beta)."""
        key = (packed << 9) | ((left << 6 | right << 3) if left <= right else (right << 6 | left << 3)) | mover
        found = self.memo.get(key)
        first = -1
        if found is not None:
            win, points, bound, first = found
            key_of = win * _WIN_WEIGHT + points
            if bound == _EXACT or (bound == _LOWER and key_of >= beta) or (bound == _UPPER and key_of <= alpha):
                return LineValue(win, points)
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _TooBig
        mine = self.side_of[mover] == self.side
        hand = (packed >> (_SEAT_BITS * mover)) & _HAND
        plays = [p for p in _PLAYS[left, right] if hand & p[1]]
        if self.greedy >> mover & 1:
            plays = [min(plays, key=_greedy_order)]
        elif first >= 0 and plays[0][0] * 2 + plays[0][2] != first:
            plays.sort(key=lambda p: p[0] * 2 + p[2] != first)
        best = LineValue(0.0, 0.0)
        best_move = -1
        best_key = -_INF if mine else _INF
        a, b = alpha, beta
        for play in plays:
            value = self.child(packed, mover, left, right, play, a, b)
            key_of = value.win * _WIN_WEIGHT + value.points
            if key_of > best_key if mine else key_of < best_key:
                best, best_key, best_move = value, key_of, play[0] * 2 + play[2]
            if mine:
                a = max(a, key_of)
            else:
                b = min(b, key_of)
            if a >= b:
                break
        bound = _UPPER if best_key <= alpha else _LOWER if best_key >= beta else _EXACT
        self.memo[key] = (best.win, best.points, bound, best_move)
        return best


class LineTooBig(Exception):
    """More positions than the node limit allows."""


def _greedy_order(play: tuple[int, int, bool, int, int]) -> tuple[int, bool]:
    """The heaviest-tile player's choice comes first: the tile first in ``tables.HEAVIEST_FIRST``, on its left
    end before its right, as ``rules.line.bots.choose_greedy`` picks from ``legal_moves``."""
    return GREEDY_RANK[play[0]], play[2]


def solve_line(state: HandState, terminal: Terminal, node_limit: int, greedy: int = 0) -> dict[Move, LineValue]:
    """The exact value of every legal move of the side to move (``line_applies(state)`` must hold).

    ``terminal`` scores a finished hand for the root's side (``exact``'s scoring: win share, net points).
    ``greedy``: seats (a bit each) that lay the heaviest tile that fits instead of their side's best.
    Raises ``LineTooBig`` past ``node_limit`` positions.
    """
    search = _LineSearch(state, terminal, node_limit, greedy)
    out: dict[Move, LineValue] = {}
    for move in legal_moves(state):
        if move.action is Action.MUGGINS:
            continue
        move = with_claim(state, move)
        after = apply_unchecked(state, move)
        try:
            out[move] = _from_state(search, after)
        except _TooBig:
            raise LineTooBig from None
    return out


def _from_state(search: _LineSearch, state: HandState) -> LineValue:
    """The value of a rules-core state inside the fast path's reach (the table already holds a tile)."""
    if state.status is not _IN_PLAY:
        return LineValue(*search.terminal_of(state))
    left, right = state.table.ends[0], state.table.ends[1]
    hands = state.hands
    fit = SUIT_MASK[left] | SUIT_MASK[right]
    players = search.players
    for step in range(players):
        mover = (state.to_move + step) % players
        if hands[mover] & fit:
            return search.value(search.pack(hands), left, right, mover, -_INF, _INF)
    # nobody can play: the rules core calls that a fish as soon as the last tile is laid
    return LineValue(*search.terminal_of(state._replace(status=Status.BLOCKED)))
