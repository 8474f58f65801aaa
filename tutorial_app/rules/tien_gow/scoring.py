"""Scoring a hand of Tien Gow: trick points, the winner, and who pays whom.

Per trick, the taker scores as many trick points as each player laid tiles
(1 for a single, 2 for a pair, ...): eight in a hand. The hand is won by
whoever takes the last trick. Each other seat then settles with the winner:
5 chips with no trick points, otherwise 4 minus its trick points (below
zero, the winner pays it the difference); payments between the winner and
the banker count double. The payments add up to zero.

Why the sentences are built from a ``name`` function: the Play page names
the learner "You"/«Вы», the rules core names seats; the sentences use no
verb after a name, so either reads right in both languages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from tutorial_app.rules.text import Text, joined, msg, msgc, msgn, seat_name
from tutorial_app.rules.tien_gow.options import PLAYERS, TienGowRules
from tutorial_app.rules.tien_gow.state import HandState, Trick

__all__ = [
    "NO_TRICK_PAYS",
    "EVEN_POINTS",
    "Settlement",
    "HandResult",
    "settle",
    "hand_result",
    "trick_points_text",
    "trick_sentence",
]

NO_TRICK_PAYS = 5
"""Chips a seat without a single trick point pays the winner."""
EVEN_POINTS = 4
"""Trick points at which a seat neither pays nor is paid (a quarter of the 32 tiles)."""

Namer = Callable[[int], Text]


class Settlement(NamedTuple):
    """What one of the three other seats pays the winner (a negative ``amount``: the winner pays it)."""

    seat: int
    taken: int
    base: int
    factor: int

    @property
    def amount(self) -> int:
        return self.base * self.factor

    def sentence(self, banker: bool, name: Namer = seat_name) -> Text:
        """``Seat 0: 1 trick point → 4 − 1 = 3 to the winner.``"""
        who = name(self.seat)
        if banker:
            who = msg("{who} (banker)", who=who)
        head = msgc("settlement", "{who:cap}: {points}", who=who, points=trick_points_text(self.taken))
        times = f" × {self.factor}" if self.factor != 1 else ""
        if self.taken == 0:
            arithmetic = f"{NO_TRICK_PAYS}{times}"
        elif times:
            arithmetic = f"({EVEN_POINTS} − {self.taken}){times}"
        else:
            arithmetic = f"{EVEN_POINTS} − {self.taken}"
        if self.amount > 0:
            worked = arithmetic if arithmetic == str(self.amount) else f"{arithmetic} = {self.amount}"
            return msg("{head} → {worked} to the winner.", head=head, worked=worked)
        if self.amount == 0:
            return msg("{head} → {arithmetic} = 0: nothing to pay.", head=head, arithmetic=arithmetic)
        back = f"({self.taken} − {EVEN_POINTS}){times}" if times else f"{self.taken} − {EVEN_POINTS}"
        return msg("{head} → the winner pays {back} = {amount}.", head=head, back=back, amount=-self.amount)


def trick_points_text(points: int) -> Text:
    """``no trick`` / ``1 trick point`` / ``3 trick points`` (ru: ``ни одной взятки`` / ``1 очко за взятки``)."""
    if points == 0:
        return msg("no trick")
    return msgn("{n} trick point", "{n} trick points", points)


def trick_sentence(trick: Trick, name: Namer = seat_name) -> Text:
    """Who took a finished trick and why, with the trick points it is worth."""
    combo = trick.winning.combo
    assert combo is not None and trick.taker >= 0
    who = name(trick.taker)
    points = trick_points_text(trick.size)
    if trick.high == 0:
        return msg(
            "Trick: {who}, with {combo}, which nobody beat (+{points}).", who=who, combo=combo.name, points=points
        )
    return msg(
        "Trick: {who}, with {combo}, the highest set laid face up (+{points}).",
        who=who,
        combo=combo.name,
        points=points,
    )


def settle(taken: Sequence[int], winner: int, banker: int, banker_double: bool = True) -> tuple[Settlement, ...]:
    """The three other seats' settlements with ``winner``, in seat order (pure: lessons ask it directly)."""
    out = []
    for seat in range(PLAYERS):
        if seat == winner:
            continue
        points = taken[seat]
        base = NO_TRICK_PAYS if points == 0 else EVEN_POINTS - points
        factor = 2 if banker_double and banker in (seat, winner) else 1
        out.append(Settlement(seat, points, base, factor))
    return tuple(out)


class HandResult(NamedTuple):
    """A finished hand: the winner, the trick points, the settlements and the net chips per seat.

    ``payments`` add up to zero; ``next_banker`` is the winner.
    """

    winner: int
    banker: int
    taken: tuple[int, ...]
    settlements: tuple[Settlement, ...]
    payments: tuple[int, ...]
    last_trick: Trick

    @property
    def next_banker(self) -> int:
        return self.winner

    @property
    def collected(self) -> int:
        """Chips the winner ends the hand with (what the others pay, less what it pays back)."""
        return self.payments[self.winner]

    def sentences(self, name: Namer = seat_name) -> tuple[Text, ...]:
        """The hand's end worked out, one sentence per line, in both languages."""
        winner = name(self.winner)
        lines = [msg("Last trick: {winner}. Whoever takes the last trick wins the hand.", winner=winner)]
        lines.extend(s.sentence(s.seat == self.banker, name) for s in self.settlements)
        terms = " ".join(f"{'+' if s.amount >= 0 else '−'} {abs(s.amount)}" for s in self.settlements)
        terms = terms[2:] if terms.startswith("+ ") else f"−{terms[2:]}"
        lines.append(msg("The winner collects {terms} = {collected}.", terms=terms, collected=self.collected))
        return tuple(lines)

    @property
    def reason(self) -> Text:
        """The worked-out end of the hand as one paragraph."""
        return joined(self.sentences(), " ")


def hand_result(state: HandState) -> HandResult:
    """Score a finished hand; ValueError while it is in play."""
    last = state.last_trick
    if not state.is_over or last is None:
        raise ValueError("the hand is still in play")
    rules: TienGowRules = state.rules
    winner = last.taker
    settlements = settle(state.taken, winner, state.banker, rules.banker_double)
    payments = [0] * PLAYERS
    for s in settlements:
        payments[s.seat] -= s.amount
        payments[winner] += s.amount
    return HandResult(winner, state.banker, state.taken, settlements, tuple(payments), last)
