"""Dealing a hand of Tien Gow, choosing the banker, and setting up a position.

The 32 tiles are shuffled and every seat gets eight. The banker leads the
first trick: drawn by lot for a match's first hand, afterwards whoever took
the last trick of the hand before (``match.next_deal``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from tutorial_app.rules.line.notation import at
from tutorial_app.rules.text import RulesError, Text, msg, msgn, seat_name
from tutorial_app.rules.tien_gow.moves import apply_unchecked, normalize, why_illegal
from tutorial_app.rules.tien_gow.options import HAND_SIZE, PLAYERS, TienGowRules
from tutorial_app.rules.tien_gow.state import HandState, Move, parse_move, sort_tiles
from tutorial_app.rules.tien_gow.tiles import CHINESE_SET, chinese_tile, copies_in_set, more_than_the_set
from tutorial_app.rules.tiles import Tile

__all__ = ["TienGowError", "TienGowDeal", "deal", "start_hand", "position"]


class TienGowError(RulesError):
    """A Tien Gow position that cannot be (wrong hands, seats or trick points); ``reason`` in en and ru."""


class TienGowDeal(NamedTuple):
    """A dealt hand and why its banker leads."""

    state: HandState
    banker_reason: Text


def deal(rules: TienGowRules, rng: random.Random, banker: int | None = None) -> TienGowDeal:
    """Shuffle and deal eight tiles to each seat; ``banker`` None draws the banker by lot."""
    tiles = list(CHINESE_SET)
    rng.shuffle(tiles)
    hands = [tiles[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(PLAYERS)]
    if banker is None:
        banker = rng.randrange(PLAYERS)
        why = msg("Lots were drawn for the first banker: {seat}, who leads the first trick.", seat=seat_name(banker))
    else:
        why = msg(
            "{seat:cap} took the last trick of the previous hand, so is the banker and leads the first trick.",
            seat=seat_name(banker),
        )
    return TienGowDeal(start_hand(rules, hands, banker), why)


def start_hand(
    rules: TienGowRules,
    hands: Sequence[Sequence[object]],
    banker: int,
    *,
    leader: int | None = None,
    taken: Sequence[int] | None = None,
) -> HandState:
    """A hand ready for a lead, from four hands written as tiles (``"6-6"``, ``[6, 3]`` or ``Tile``).

    A full deal has eight tiles a seat. A lesson may start later in a hand:
    every seat then holds the same smaller number of tiles, ``taken`` gives
    the trick points already scored (adding up to the tiles each seat has
    played) and ``leader`` (who took the trick before) leads.
    """
    if len(hands) != PLAYERS:
        raise TienGowError(
            msg("Tien Gow is played by {players}: give {players} hands, not {n}", players=PLAYERS, n=len(hands))
        )
    if not 0 <= banker < PLAYERS:
        raise TienGowError(msg("the banker must be a seat from 0 to {last}, not {seat}", last=PLAYERS - 1, seat=banker))
    sorted_hands = tuple(sort_tiles(chinese_tile(t) for t in hand) for hand in hands)
    _check_tiles(sorted_hands)
    size = len(sorted_hands[0])
    played = HAND_SIZE - size
    points = tuple(taken) if taken is not None else (0,) * PLAYERS
    first = banker if leader is None else leader
    _check_progress(played, points, first, banker)
    return HandState(rules, sorted_hands, banker, first, taken=points)


def _check_tiles(hands: tuple[tuple[Tile, ...], ...]) -> None:
    sizes = {len(h) for h in hands}
    size = len(hands[0])
    if len(sizes) != 1 or not 1 <= size <= HAND_SIZE:
        shown = ", ".join(str(len(h)) for h in hands)
        raise TienGowError(
            msg(
                "every seat must hold the same number of tiles, 1 to {size}; these hands hold {shown}",
                size=HAND_SIZE,
                shown=shown,
            )
        )
    over = more_than_the_set(tile for hand in hands for tile in hand)
    if over is not None:
        tile, n = over
        raise TienGowError(
            msgn(
                "the set has {n} of {tile}, but the hands hold {held}",
                "the set has {n} of {tile}, but the hands hold {held}",
                copies_in_set(tile),
                tile=tile,
                held=n,
            )
        )


def _check_progress(played: int, points: tuple[int, ...], leader: int, banker: int) -> None:
    if len(points) != PLAYERS or any(p < 0 for p in points) or sum(points) != played:
        raise TienGowError(
            msg(
                "trick points taken must be {players} numbers adding up to the tiles each seat has played ({played}), "
                "not {points}",
                players=PLAYERS,
                played=played,
                points=str(list(points)),
            )
        )
    if not 0 <= leader < PLAYERS:
        raise TienGowError(msg("the leader must be a seat from 0 to {last}, not {seat}", last=PLAYERS - 1, seat=leader))
    if not played and leader != banker:
        raise TienGowError(
            msg(
                "the banker ({banker}) leads the first trick, not {leader}",
                banker=seat_name(banker),
                leader=seat_name(leader),
            )
        )
    if played and not points[leader]:
        raise TienGowError(
            msg(
                "{seat} cannot lead now: after the first trick the lead goes to whoever took the trick before, and "
                "this seat has taken none",
                seat=seat_name(leader),
            )
        )


def position(
    rules: TienGowRules,
    hands: Sequence[Sequence[object]],
    banker: int,
    *,
    leader: int | None = None,
    taken: Sequence[int] | None = None,
    moves: Sequence[str | Move] = (),
) -> HandState:
    """A position for a lesson or a test: ``start_hand`` and then ``moves`` (``"play 6-6 6-3"``), each checked.

    Why moves and not a trick written out: a trick in progress is whatever
    its moves made it, so the position cannot say something the rules would
    not allow. A move that cannot be made is refused with its place in the
    list, counted from 0 as the line games' referee counts (``moves[0]`` is the
    first), and the rules core's reason, in every language.
    """
    state = start_hand(rules, hands, banker, leader=leader, taken=taken)
    for i, written in enumerate(moves):
        where = f"moves[{i}]"
        try:
            move = parse_move(written) if isinstance(written, str) else written
        except RulesError as exc:
            raise TienGowError(at(where, exc.reason)) from None
        reason = why_illegal(state, move)
        if reason is not None:
            raise TienGowError(
                msg(
                    "{where} ({written}) by seat {mover} is illegal: {reason:clause}",
                    where=where,
                    written=str(move),
                    mover=state.to_move,
                    reason=reason,
                )
            )
        state = apply_unchecked(state, normalize(move))
    return state
