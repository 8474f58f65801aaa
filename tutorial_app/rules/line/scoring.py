"""The result of a finished hand: who won, what each side writes, who leads next.

Why one function for every scoring: going out and blocked hands are scored
by the same options (``scoring``, ``blocked_scoring``, ``blocked_tie``,
``fives_scoring``, ``capicu_bonus``...), so the comparison page can rule on
one hand under any mix of them.
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial_app.rules.line.options import BlockedNextLead, BlockedScoring, BlockedTie, NextLead, Scoring
from tutorial_app.rules.line.state import HandState, Status
from tutorial_app.rules.text import Text, msg, msgc, seat_genitive, seat_name

__all__ = ["HandResult", "hand_result", "round_to_five", "side_pips"]

# Enum members as module constants: in Python 3.11 reading one off its class
# is slow, and every simulated hand is scored.
_IN_PLAY, _WON = Status.IN_PLAY, Status.WON
_WINNER_LEADS = NextLead.WINNER
_GOAT_BLOCK, _LOWEST_MINUS_OWN = BlockedScoring.GOAT_BLOCK, BlockedScoring.LOWEST_MINUS_OWN
_ALL_HANDS = Scoring.WINNER_TAKES_ALL_HANDS
_AGAIN_BY_RULE, _FISH_MAKER = BlockedNextLead.FIRST_LEAD_RULE, BlockedNextLead.FISH_MAKER
_LOWEST_HAND = BlockedNextLead.LOWEST_HAND


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
    why: tuple[object, ...]
    """What decided the hand, as data; ``reason`` words it (only when read)."""

    @property
    def reason(self) -> Text:
        """One readable sentence on how the hand ended and who scores."""
        return _reason(self.why)

    def total(self, side: int) -> int:
        """Everything a side writes for this hand (end points plus move points)."""
        return self.points[side] + (self.fives[side] if self.fives else 0)


def round_to_five(points: int) -> int:
    """Nearest multiple of 5: totals ending in 1, 2, 6, 7 go down; 3, 4, 8, 9 go up."""
    return 5 * ((points + 2) // 5)


def side_pips(state: HandState) -> tuple[int, ...]:
    """Pips left in each side's hands (partners added together)."""
    rules = state.rules
    pips = [state.pips(seat) for seat in range(rules.players)]
    if rules.sides == rules.players:
        return tuple(pips)
    return (pips[0] + pips[2], pips[1] + pips[3])


def _penalty(rules_min: int, pips: int) -> int:
    return pips if pips >= rules_min else 0


def hand_result(state: HandState) -> HandResult:
    """Score a hand that is over (won or blocked); raises ValueError while in play."""
    if state.status is _IN_PLAY:
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
    if state.status is _WON:
        seat = state.out_seat
        winner = rules.side_of(seat)
        winner_sides: tuple[int, ...] = (winner,)
        capicu = state.capicu
        _score_win(state, winner, pips, points)
        if capicu and not rules.is_penalty_scoring and rules.capicu_bonus:
            bonus = rules.capicu_bonus
            points[winner] += bonus
        if not rules.is_penalty_scoring:
            points[winner] += state.bank
        next_leader = seat if rules.next_lead is _WINNER_LEADS else None
        return HandResult(
            state.status,
            winner_sides,
            False,
            tuple(points),
            tuple(fives),
            0,
            capicu,
            bonus,
            next_leader,
            fish,
            pips,
            ("out", seat, capicu and not rules.is_penalty_scoring),
        )
    # blocked
    blocked_scoring = rules.blocked_scoring
    if blocked_scoring is _GOAT_BLOCK:
        assert fish is not None
        winner = rules.side_of(fish)
        for side in range(sides):
            if side != winner:
                points[side] = _penalty(rules.min_penalty, pips[side])
        return _blocked_win(state, winner, points, fives, pips, ("goat_block", fish))
    low = min(pips)
    lows = tuple(s for s in range(sides) if pips[s] == low)
    if len(lows) > 1:
        banked = rules.blocked_tie is BlockedTie.BANK
        bank_after = state.bank + sum(pips) if banked else state.bank
        leader = None if rules.blocked_next_lead is BlockedNextLead.FIRST_LEAD_RULE else fish
        why = ("tie_bank", low, sum(pips), bank_after) if banked else ("tie", low)
        return HandResult(
            state.status, lows, True, tuple(points), tuple(fives), bank_after, False, 0, leader, fish, pips, why
        )
    winner = lows[0]
    if blocked_scoring is _LOWEST_MINUS_OWN:
        others = sum(pips) - pips[winner]
        if rules.fives_scoring:
            others = round_to_five(others)
        points[winner] = max(0, others - pips[winner])
    else:
        _score_win(state, winner, pips, points)
    if not rules.is_penalty_scoring:
        points[winner] += state.bank
    kind = "lowest_goat" if rules.is_penalty_scoring else "lowest"
    return _blocked_win(state, winner, points, fives, pips, (kind, rules.seats_of(winner), low))


def _blocked_win(
    state: HandState,
    winner: int,
    points: list[int],
    fives: tuple[int, ...],
    pips: tuple[int, ...],
    why: tuple[object, ...],
) -> HandResult:
    """A blocked hand that one side wins: no tie, no bank, no capicú; the fish's leader leads next."""
    fish = state.fish_maker
    return HandResult(
        state.status,
        (winner,),
        False,
        tuple(points),
        tuple(fives),
        0,
        False,
        0,
        _blocked_leader(state, (winner,), fish),
        fish,
        pips,
        why,
    )


def _score_win(state: HandState, winner: int, pips: tuple[int, ...], points: list[int]) -> None:
    rules = state.rules
    if rules.is_penalty_scoring:
        for side in range(rules.sides):
            if side != winner:
                points[side] = _penalty(rules.min_penalty, pips[side])
        return
    own = 0 if rules.scoring is _ALL_HANDS else pips[winner]
    won = sum(pips) - own
    if rules.fives_scoring:
        won = round_to_five(won)
    points[winner] = won


def _reason(why: tuple[object, ...]) -> Text:
    kind = why[0]
    if kind == "out":
        seat, capicu = why[1], why[2]
        assert isinstance(seat, int)
        if capicu:
            return msg("{seat:cap} went out with a capicú.", seat=seat_name(seat))
        return msg("{seat:cap} went out.", seat=seat_name(seat))
    if kind == "goat_block":
        fish = why[1]
        assert isinstance(fish, int)
        return msg(
            "Blocked: {seat} made the fish and writes nothing; the others write their own pips.", seat=seat_name(fish)
        )
    if kind == "tie_bank":
        _, low, total, bank_after = why
        return msg(
            "Blocked with a tie at {low}: nobody scores, {total} go to the tie bank (now {bank_after}).",
            low=low,
            total=total,
            bank_after=bank_after,
        )
    if kind == "tie":
        return msg("Blocked with a tie at {item}: nobody scores.", item=why[1])
    _, seats, low = why
    assert isinstance(seats, tuple)
    # Russian and Ukrainian pronouns agree with the side: a player is «он», a pair «она»
    if len(seats) == 1:
        seat = seat_genitive(seats[0])
        if kind == "lowest_goat":
            return msgc(
                "a seat",
                "Blocked: {who} has the fewest pips ({low}) and writes nothing; the others write their own pips.",
                who=seat,
                low=low,
            )
        return msgc("a seat", "Blocked: {who} has the fewest pips ({low}) and wins the hand.", who=seat, low=low)
    pair = msg("the side of seats {joined}", joined=" + ".join(str(s) for s in seats))
    if kind == "lowest_goat":
        return msgc(
            "a pair",
            "Blocked: {who} has the fewest pips ({low}) and writes nothing; the others write their own pips.",
            who=pair,
            low=low,
        )
    return msgc("a pair", "Blocked: {who} has the fewest pips ({low}) and wins the hand.", who=pair, low=low)


def _blocked_leader(state: HandState, winners: tuple[int, ...], fish: int | None) -> int | None:
    rule = state.rules.blocked_next_lead
    if rule is _AGAIN_BY_RULE:
        return None
    if rule is _FISH_MAKER:
        return fish
    rules = state.rules
    players = rules.players
    start = (fish + 1) if fish is not None else 0
    order = [(start + i) % players for i in range(players)]
    # winner: the winning side's player with the fewest pips; lowest hand: the fewest pips at the table
    candidates = [s for s in order if rule is _LOWEST_HAND or rules.side_of(s) in winners]
    return min(candidates, key=lambda s: state.pips(s))
