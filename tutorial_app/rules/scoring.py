"""The result of a finished hand: who won, what each side writes, who leads next.

Why one function for every scoring: going out and blocked hands are scored
by the same options (``scoring``, ``blocked_scoring``, ``blocked_tie``,
``fives_scoring``, ``capicu_bonus``...), so the comparison page can rule on
one hand under any mix of them.
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial_app.rules.options import BlockedNextLead, BlockedScoring, BlockedTie, NextLead, Scoring
from tutorial_app.rules.state import HandState, Status
from tutorial_app.rules.text import Text, seat_genitive, seat_name

__all__ = ["HandResult", "hand_result", "round_to_five", "side_pips"]


class HandResult(NamedTuple):
    """What a finished hand means for the score sheet.

    ``points`` per side are the end-of-hand points (bank and capicú bonus
    included); ``fives`` are the points scored by moves during the hand;
    ``next_leader`` is None when the next lead is decided by the first-lead
    rule again (for example by lot).
    """

    status: Status
    winner_sides: tuple[int, ...]
    tie: bool
    points: tuple[int, ...]
    fives: tuple[int, ...]
    bank_after: int
    capicu: bool
    capicu_bonus: int
    next_leader: int | None
    fish_maker: int | None
    pips: tuple[int, ...]
    reason: Text

    def total(self, side: int) -> int:
        """Everything a side writes for this hand (end points plus move points)."""
        return self.points[side] + (self.fives[side] if self.fives else 0)


def round_to_five(points: int) -> int:
    """Nearest multiple of 5: totals ending in 1, 2, 6, 7 go down; 3, 4, 8, 9 go up."""
    return 5 * ((points + 2) // 5)


def side_pips(state: HandState) -> tuple[int, ...]:
    """Pips left in each side's hands (partners added together)."""
    rules = state.rules
    totals = [0] * rules.sides
    for seat in range(rules.players):
        totals[rules.side_of(seat)] += state.pips(seat)
    return tuple(totals)


def _penalty(rules_min: int, pips: int) -> int:
    return pips if pips >= rules_min else 0


def hand_result(state: HandState) -> HandResult:
    """Score a hand that is over (won or blocked); raises ValueError while in play."""
    if state.status is Status.IN_PLAY:
        raise ValueError("the hand is still in play")
    rules = state.rules
    sides = rules.sides
    pips = side_pips(state)
    points = [0] * sides
    fives = state.fives or (0,) * sides
    bank_after = 0
    fish = state.fish_maker
    capicu = False
    bonus = 0
    if state.status is Status.WON:
        seat = state.out_seat
        winner = rules.side_of(seat)
        winner_sides: tuple[int, ...] = (winner,)
        capicu = state.capicu
        _score_win(state, winner, pips, points)
        if capicu and rules.scoring is not Scoring.GOAT and rules.capicu_bonus:
            bonus = rules.capicu_bonus
            points[winner] += bonus
        if rules.scoring is not Scoring.GOAT:
            points[winner] += state.bank
        next_leader = seat if rules.next_lead is NextLead.WINNER else None
        name = seat_name(seat)
        extra_en = " with a capicú" if capicu else ""
        extra_ru = " капику" if capicu else ""
        reason = Text(f"{name.en.capitalize()} went out{extra_en}.", f"{name.ru.capitalize()} вышел{extra_ru}.")
        return HandResult(state.status, winner_sides, False, tuple(points), tuple(fives), 0, capicu, bonus,
                          next_leader, fish, pips, reason)
    # blocked
    if rules.blocked_scoring is BlockedScoring.GOAT_BLOCK:
        assert fish is not None
        winner = rules.side_of(fish)
        for side in range(sides):
            if side != winner:
                points[side] = _penalty(rules.min_penalty, pips[side])
        reason = Text(
            f"Blocked: {seat_name(fish).en} made the fish and writes nothing; the others write their own pips.",
            f"Рыба: её сделал {seat_name(fish).ru}, ему ничего не пишется, остальным — их очки.",
        )
        return HandResult(state.status, (winner,), False, tuple(points), tuple(fives), 0, False, 0,
                          _blocked_leader(state, (winner,), fish), fish, pips, reason)
    low = min(pips)
    lows = tuple(s for s in range(sides) if pips[s] == low)
    if len(lows) > 1:
        if rules.blocked_tie is BlockedTie.BANK:
            bank_after = state.bank + sum(pips)
            reason = Text(
                f"Blocked with a tie at {low}: nobody scores, {sum(pips)} go to the tie bank (now {bank_after}).",
                f"Рыба, поровну по {low}: никто не записывает, {sum(pips)} уходит в банк секи (теперь {bank_after}).",
            )
        else:
            bank_after = state.bank
            reason = Text(f"Blocked with a tie at {low}: nobody scores.", f"Рыба, поровну по {low}: никто ничего не записывает.")
        leader = None if rules.blocked_next_lead is BlockedNextLead.FIRST_LEAD_RULE else fish
        return HandResult(state.status, lows, True, tuple(points), tuple(fives), bank_after, False, 0,
                          leader, fish, pips, reason)
    winner = lows[0]
    if rules.blocked_scoring is BlockedScoring.LOWEST_MINUS_OWN:
        others = sum(pips) - pips[winner]
        if rules.fives_scoring:
            others = round_to_five(others)
        points[winner] = max(0, others - pips[winner])
    else:
        _score_win(state, winner, pips, points)
    if rules.scoring is not Scoring.GOAT:
        points[winner] += state.bank
    who = _side_name(state, winner)
    if rules.scoring is Scoring.GOAT:
        reason = Text(
            f"Blocked: {who.en} has the fewest pips ({low}) and writes nothing; the others write their own pips.",
            f"Рыба: у {who.ru} меньше всех очков ({low}), ничего не пишется; остальным — их очки.",
        )
    else:
        reason = Text(
            f"Blocked: {who.en} has the fewest pips ({low}) and wins the hand.",
            f"Рыба: у {who.ru} меньше всех очков ({low}), раздача за ним.",
        )
    return HandResult(state.status, (winner,), False, tuple(points), tuple(fives), 0, False, 0,
                      _blocked_leader(state, (winner,), fish), fish, pips, reason)


def _score_win(state: HandState, winner: int, pips: tuple[int, ...], points: list[int]) -> None:
    rules = state.rules
    if rules.scoring is Scoring.GOAT:
        for side in range(rules.sides):
            if side != winner:
                points[side] = _penalty(rules.min_penalty, pips[side])
        return
    own = 0 if rules.scoring is Scoring.WINNER_TAKES_ALL_HANDS else pips[winner]
    won = sum(pips) - own
    if rules.fives_scoring:
        won = round_to_five(won)
    points[winner] = won


def _side_name(state: HandState, side: int) -> Text:
    """A side named for a sentence; the Russian is in the genitive ("у игрока 2")."""
    seats = state.rules.seats_of(side)
    if len(seats) == 1:
        return seat_genitive(seats[0])
    joined = " + ".join(str(s) for s in seats)
    return Text(f"the side of seats {joined}", f"пары мест {joined}")


def _blocked_leader(state: HandState, winners: tuple[int, ...], fish: int | None) -> int | None:
    rule = state.rules.blocked_next_lead
    if rule is BlockedNextLead.FIRST_LEAD_RULE:
        return None
    if rule is BlockedNextLead.FISH_MAKER:
        return fish
    rules = state.rules
    players = rules.players
    start = (fish + 1) if fish is not None else 0
    order = [(start + i) % players for i in range(players)]
    candidates = [s for s in order if rules.side_of(s) in winners]
    return min(candidates, key=lambda s: state.pips(s))
