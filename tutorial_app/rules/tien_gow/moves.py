"""Legal moves in Tien Gow, applying a move, and why a move is illegal.

The leader lays one tile or a combination face up (``rules.tien_gow.tiles`` says
which sets exist and which beats which). Every other seat in turn lays as
many tiles: face up only when they beat the set winning the trick, else
face down. When the fourth seat has played, the highest face-up set takes
the trick and its player leads the next one; the trick that plays the last
tiles ends the hand.

Moves come in a fixed order: a leader's sets by size, then in the set's
order of tiles; a follower's beating sets first, then every discard.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from itertools import combinations

from tutorial_app.rules.line.state import Status
from tutorial_app.rules.text import RulesError, Text, msg, seat_genitive, seat_name
from tutorial_app.rules.tien_gow.options import PLAYERS
from tutorial_app.rules.tien_gow.state import Action, HandState, Move, Play, Trick, sort_tiles
from tutorial_app.rules.tien_gow.tiles import (
    CHINESE_KINDS,
    FAMILIES,
    MILITARY_ORDER,
    ChineseRulesError,
    Combination,
    combination,
    judge,
    why_not_combination,
)
from tutorial_app.rules.tiles import Tile

__all__ = [
    "IllegalMoveError",
    "combo_of",
    "legal_moves",
    "legal_sequence",
    "is_legal",
    "apply",
    "apply_unchecked",
    "why_illegal",
    "normalize",
]

_IN_PLAY, _WON = Status.IN_PLAY, Status.WON
_ORDER: dict[Tile, int] = {tile: i for i, tile in enumerate(CHINESE_KINDS)}
_PLAY, _DISCARD = Action.PLAY, Action.DISCARD


class IllegalMoveError(RulesError):
    """A move the rules of Tien Gow do not allow; ``reason`` says why in en and ru."""


@cache
def combo_of(tiles: tuple[Tile, ...]) -> Combination | None:
    """What ``tiles`` (in the set's order) make when laid face up together, or None.

    Why a cache: the same sets come up in every hand (a few tens of
    thousands of them exist), and naming a combination in two languages
    costs more than the rest of a move.
    """
    try:
        return combination(tiles)
    except ChineseRulesError:
        return None


def _subsets(hand: tuple[Tile, ...], size: int) -> tuple[tuple[Tile, ...], ...]:
    """Every distinct choice of ``size`` tiles from a sorted hand, in a fixed order."""
    return tuple(dict.fromkeys(combinations(hand, size)))


_FAMILY_MEMBERS: tuple[frozenset[Tile], ...] = tuple(
    frozenset({civil, *(t for t in MILITARY_ORDER if t.pips == total)}) for civil, total in FAMILIES
)


def _order_key(tiles: tuple[Tile, ...]) -> tuple[int, ...]:
    return tuple(_ORDER[t] for t in tiles)


@lru_cache(maxsize=4096)
def _leads(hand: tuple[Tile, ...]) -> tuple[Move, ...]:
    """Every set a hand may lead: singles, pairs, then threes and fours (which exist only within a family)."""
    moves = [Move(_PLAY, (tile,)) for tile in dict.fromkeys(hand)]
    moves.extend(Move(_PLAY, tiles) for tiles in _subsets(hand, 2) if combo_of(tiles) is not None)
    for size in (3, 4):
        found: list[tuple[Tile, ...]] = []
        for members in _FAMILY_MEMBERS:
            family = tuple(t for t in hand if t in members)
            found.extend(tiles for tiles in _subsets(family, size) if combo_of(tiles) is not None)
        moves.extend(Move(_PLAY, tiles) for tiles in sorted(found, key=_order_key))
    return tuple(moves)


def _beats(challenger: Combination | None, high: Combination) -> bool:
    """``chinese.beats`` without the sentences (the simulator's path; tests keep the two in step)."""
    return challenger is not None and challenger.kind is high.kind and challenger.strength > high.strength


def legal_moves(state: HandState) -> list[Move]:
    """Every legal move, in a fixed order (see the module's docstring)."""
    return list(legal_sequence(state))


def legal_sequence(state: HandState) -> tuple[Move, ...]:
    """``legal_moves`` as a tuple (the simulator's path)."""
    if state.status is not _IN_PLAY:
        return ()
    seat = state.to_move
    hand = state.hands[seat]
    trick = state.trick
    if trick is None:
        return _leads(hand)
    choices = _subsets(hand, trick.size)
    discards = tuple(Move(_DISCARD, tiles) for tiles in choices)
    if state.sits_out(seat):
        return discards
    high = trick.winning.combo
    assert high is not None
    beating = tuple(Move(_PLAY, tiles) for tiles in choices if _beats(combo_of(tiles), high))
    return beating + discards


def is_legal(state: HandState, move: Move) -> bool:
    """Whether a move is legal here."""
    return why_illegal(state, move) is None


def normalize(move: Move) -> Move:
    """The move with its tiles in the set's order and its action an ``Action`` (as ``legal_moves`` lists it)."""
    tiles = sort_tiles(move.tiles)
    action = Action(move.action)
    return move if tiles == move.tiles and action is move.action else Move(action, tiles)


def apply(state: HandState, move: Move) -> HandState:
    """The state after a legal move (tiles in any order); ``IllegalMoveError`` with the reason otherwise."""
    reason = why_illegal(state, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return apply_unchecked(state, normalize(move))


def _without(hand: tuple[Tile, ...], tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    rest = list(hand)
    for tile in tiles:
        rest.remove(tile)
    return tuple(rest)


def apply_unchecked(state: HandState, move: Move) -> HandState:
    """The state after a move taken from ``legal_moves`` (no checks: the simulator's path)."""
    rules, hands, banker, seat, trick, tricks, taken, _status = state
    action, tiles = move
    new_hands = list(hands)
    new_hands[seat] = _without(hands[seat], tiles)
    combo = combo_of(tiles) if action is _PLAY else None
    if trick is None:
        opened = Trick(seat, (Play(seat, tiles, combo),))
        return HandState(rules, tuple(new_hands), banker, (seat + 1) % PLAYERS, opened, tricks, taken)
    plays = (*trick.plays, Play(seat, tiles, combo))
    high = len(plays) - 1 if combo is not None else trick.high
    if len(plays) < PLAYERS:
        return HandState(
            rules, tuple(new_hands), banker, (seat + 1) % PLAYERS, Trick(trick.leader, plays, high), tricks, taken
        )
    taker = plays[high].seat
    points = list(taken)
    points[taker] += len(tiles)
    done = Trick(trick.leader, plays, high, taker)
    status = _IN_PLAY if new_hands[taker] else _WON
    return HandState(rules, tuple(new_hands), banker, taker, None, (*tricks, done), tuple(points), status)


# -- why a move is illegal -------------------------------------------------------------------


def _missing(state: HandState, tiles: tuple[Tile, ...]) -> Text | None:
    seat = state.to_move
    held = Counter(state.hands[seat])
    for tile, wanted in Counter(tiles).items():
        have = held.get(tile, 0)
        if have == 0:
            return msg("{tile} is not in {seat}'s hand.", tile=tile, seat=seat_genitive(seat))
        if have < wanted:
            return msg(
                "{seat:cap} holds only one {tile}, not {wanted}.", seat=seat_name(seat), tile=tile, wanted=wanted
            )
    return None


def _lead_problem(move: Move) -> Text | None:
    if move.action is not _PLAY:
        return msg("You lead this trick, and a lead is laid face up: there is nothing to discard to.")
    reason = why_not_combination(move.tiles)
    if reason is None:
        return None
    return msg("{reason}; lead one tile or a combination.", reason=reason)


def _follow_problem(state: HandState, trick: Trick, move: Move) -> Text | None:
    size = trick.size
    if len(move.tiles) != size:
        if size == 1:
            return msg("This trick was led with 1 tile: lay exactly 1, face up to beat or face down to give it up.")
        return msg(
            "This trick was led with {n} tiles: lay exactly {n}, face up to beat or face down to give it up.", n=size
        )
    if move.action is _DISCARD:
        return None
    if state.sits_out(state.to_move):
        return msg("You have not taken a trick yet, so you may not take the last one: lay your tiles face down.")
    high = trick.winning.combo
    assert high is not None
    verdict = judge(move.tiles, high)
    if verdict.beats:
        return None
    why = msg("{reason:cap}", reason=verdict.reason)
    if combo_of(move.tiles) is None:
        return why
    return msg("{why} Lay your tiles face down instead, or choose other tiles.", why=why)


def why_illegal(state: HandState, move: Move) -> Text | None:
    """``None`` for a legal move, else a sentence a learner can read (en and ru)."""
    if state.status is not _IN_PLAY:
        return msg("The hand is over: no more moves.")
    if move.action not in (_PLAY, _DISCARD):
        return msg(
            "{action!r} is not a move: tiles are played face up ('play') or discarded face down ('discard').",
            action=move.action,
        )
    if not move.tiles:
        return msg("Choose the tiles to lay first.")
    missing = _missing(state, move.tiles)
    if missing is not None:
        return missing
    trick = state.trick
    normal = normalize(move)
    return _lead_problem(normal) if trick is None else _follow_problem(state, trick, normal)
