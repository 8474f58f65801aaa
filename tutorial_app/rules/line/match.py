"""A match: hands played until a side reaches the target, with its record.

Why the record keeps each hand's deal and moves: a match can then be
replayed move by move (the "record of the game"), and a lesson or the
comparison page can show where two rule sets part.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from tutorial_app.rules.line.deal import Deal, deal
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.options import HouseRules, MatchGoal
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import HandState, Move

__all__ = ["HandRecord", "MatchState", "new_match", "record_hand", "next_deal", "replay"]


class HandRecord(NamedTuple):
    """One hand of a match: its start, its moves and its result."""

    start: HandState
    moves: tuple[Move, ...]
    result: HandResult
    counted: tuple[int, ...]
    """Points that entered each side's main score (after the 13-point rule)."""


class MatchState(NamedTuple):
    """The score sheet of a match and what comes next."""

    rules: HouseRules
    scores: tuple[int, ...]
    draft: tuple[int, ...]
    opened: tuple[bool, ...]
    bank: int = 0
    next_leader: int | None = None
    over: bool = False
    winner_sides: tuple[int, ...] = ()
    loser_sides: tuple[int, ...] = ()
    records: tuple[HandRecord, ...] = ()

    @property
    def hands_played(self) -> int:
        return len(self.records)


def new_match(
    rules: HouseRules, scores: tuple[int, ...] | None = None, opened: tuple[bool, ...] | None = None
) -> MatchState:
    """An empty score sheet (or one given, for the referee)."""
    sides = rules.sides
    if opened is None:
        opened = tuple(rules.opening_threshold == 0 for _ in range(sides))
    return MatchState(rules, scores or (0,) * sides, (0,) * sides, opened)


def record_hand(match: MatchState, final: HandState, start: HandState | None = None) -> MatchState:
    """The score sheet after a finished hand (13-point rule, bank, target)."""
    rules = match.rules
    result = hand_result(final)
    scores = list(match.scores)
    draft = list(match.draft)
    opened = list(match.opened)
    counted = [0] * rules.sides
    for side in range(rules.sides):
        won = result.total(side)
        if not won:
            continue
        if opened[side] or rules.opening_threshold == 0:
            counted[side] = won
        elif won >= rules.opening_threshold:
            opened[side] = True
            counted[side] = won
        else:
            draft[side] += won
        scores[side] += counted[side]
    over, winners, losers = _goal(rules, scores)
    record = HandRecord(start if start is not None else final, _moves_of(final), result, tuple(counted))
    return match._replace(
        scores=tuple(scores),
        draft=tuple(draft),
        opened=tuple(opened),
        bank=result.bank_after,
        next_leader=result.next_leader,
        over=over,
        winner_sides=winners,
        loser_sides=losers,
        records=(*match.records, record),
    )


def _moves_of(state: HandState) -> tuple[Move, ...]:
    return tuple(entry[1] for entry in state.log)


def _goal(rules: HouseRules, scores: list[int]) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    reached = [s for s, score in enumerate(scores) if score >= rules.target]
    if not reached:
        return False, (), ()
    if rules.match_goal is MatchGoal.REACH_TARGET_WINS:
        best = max(scores[s] for s in reached)
        winners = tuple(s for s in reached if scores[s] == best)
        return True, winners, tuple(s for s in range(len(scores)) if s not in winners)
    fewest = min(scores)
    winners = tuple(s for s, score in enumerate(scores) if score == fewest)
    return True, winners, tuple(reached)


def next_deal(match: MatchState, rng: random.Random, viewer: int | None = None) -> Deal:
    """Deal the match's next hand: the first-lead rule, or the leader the last hand named (``viewer``: as ``deal``)."""
    leader = match.next_leader if match.records else None
    return deal(match.rules, rng, leader=leader, bank=match.bank, viewer=viewer)


def replay(record: HandRecord) -> list[HandState]:
    """Every state of a recorded hand, from its start to its end."""
    states = [record.start]
    for move in record.moves:
        states.append(apply(states[-1], move))
    return states
