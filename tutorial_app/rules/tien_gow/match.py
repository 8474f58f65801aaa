"""A match of Tien Gow: hands until somebody runs out of chips, with its record.

Everyone starts with ``rules.stake`` chips; each hand's settlements move
chips between the seats; the match ends after the hand in which a seat has
no chips left, and the seat (or seats) with the most chips wins. The winner
of each hand is the banker of the next and leads its first trick.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from tutorial_app.rules.text import Text, joined, listed, msg, seat_name
from tutorial_app.rules.tien_gow.deal import TienGowDeal, deal
from tutorial_app.rules.tien_gow.moves import apply
from tutorial_app.rules.tien_gow.options import PLAYERS, TienGowRules
from tutorial_app.rules.tien_gow.scoring import HandResult, hand_result
from tutorial_app.rules.tien_gow.state import HandState, Move

__all__ = ["HandRecord", "TienGowMatch", "new_match", "record_hand", "next_deal", "replay", "match_reason"]


class HandRecord(NamedTuple):
    """One hand of a match: its start, its moves in order and its result."""

    start: HandState
    moves: tuple[tuple[int, Move], ...]
    result: HandResult


class TienGowMatch(NamedTuple):
    """The chips of each seat, who banks next, and the hands played."""

    rules: TienGowRules
    chips: tuple[int, ...]
    next_banker: int | None = None
    over: bool = False
    winners: tuple[int, ...] = ()
    records: tuple[HandRecord, ...] = ()

    @property
    def hands_played(self) -> int:
        return len(self.records)


def new_match(rules: TienGowRules) -> TienGowMatch:
    """Every seat with ``rules.stake`` chips; the first banker is drawn by lot at the first deal."""
    return TienGowMatch(rules, (rules.stake,) * PLAYERS)


def record_hand(match: TienGowMatch, final: HandState, start: HandState | None = None) -> TienGowMatch:
    """The match after a finished hand: chips moved, next banker, and whether somebody ran out."""
    result = hand_result(final)
    chips = tuple(c + p for c, p in zip(match.chips, result.payments, strict=True))
    over = min(chips) <= 0
    best = max(chips)
    winners = tuple(s for s, c in enumerate(chips) if c == best) if over else ()
    record = HandRecord(start if start is not None else final, final.moves, result)
    return match._replace(
        chips=chips, next_banker=result.next_banker, over=over, winners=winners, records=(*match.records, record)
    )


def next_deal(match: TienGowMatch, rng: random.Random) -> TienGowDeal:
    """Deal the match's next hand: banker by lot for the first, then the last hand's winner."""
    return deal(match.rules, rng, banker=match.next_banker)


def replay(record: HandRecord) -> list[HandState]:
    """Every state of a recorded hand, from its start to its end."""
    states = [record.start]
    for _seat, move in record.moves:
        states.append(apply(states[-1], move))
    return states


def match_reason(match: TienGowMatch) -> Text | None:
    """Why the match is over and who won, or None while it goes on."""
    if not match.over:
        return None
    broke = [s for s, c in enumerate(match.chips) if c <= 0]
    best = match.chips[match.winners[0]]
    return msg(
        "Out of chips: {out}. The match is over; the most chips ({best}): {winners}.",
        out=joined([seat_name(s) for s in broke], ", "),
        best=best,
        winners=listed([seat_name(s) for s in match.winners]),
    )
