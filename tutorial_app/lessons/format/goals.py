"""Goals: small predicates over one move, combined with all_of / any_of / not.

Why predicates over (state before, move, state after): every goal a lesson
needs ("play 6-4", "make the ends add up to 10", "go out with a capicú")
reads one of the three, and the validator can then find every move that
reaches a goal by trying the legal moves through the rules core.
"""

from __future__ import annotations

from collections.abc import Callable

from tutorial_app.lessons.format.model import Goal
from tutorial_app.rules.line.moves import apply_unchecked, fives_count, legal_moves
from tutorial_app.rules.line.state import Action, HandState, Move, Status, play

__all__ = ["satisfies", "candidate_moves", "goal_moves", "ends_total", "fives_points", "goal_keys", "trick_goal_keys"]

_TRICK_ONLY = frozenset({"keeps", "set_size", "takes_trick", "wins_hand"})


def ends_total(state: HandState) -> int:
    """What the open ends add up to: the All Fives count where fives score, else the plain sum."""
    if state.rules.fives_scoring:
        return fives_count(state.table)
    return sum(n for n in state.table.ends if n >= 0)


def fives_points(state: HandState) -> int:
    """The All Fives points the ends make right now (0 unless a positive multiple of 5)."""
    count = fives_count(state.table)
    return count if count > 0 and count % 5 == 0 else 0


def satisfies(goal: Goal, before: HandState, move: Move, after: HandState) -> bool:
    """Whether ``move`` (played from ``before``, giving ``after``) reaches the goal."""
    check = _CHECKS.get(goal.key)
    if check is None:
        raise AssertionError(f"unknown goal {goal.key}")
    return check(goal, before, move, after)


# One predicate per goal key: (goal, state before, move, state after) -> reached.
_Check = Callable[[Goal, HandState, Move, HandState], bool]


def _all_of(goal: Goal, before: HandState, move: Move, after: HandState) -> bool:
    return all(satisfies(g, before, move, after) for g in goal.all_of or ())


def _any_of(goal: Goal, before: HandState, move: Move, after: HandState) -> bool:
    return any(satisfies(g, before, move, after) for g in goal.any_of or ())


def _not(goal: Goal, before: HandState, move: Move, after: HandState) -> bool:
    assert goal.not_ is not None
    return not satisfies(goal.not_, before, move, after)


def _ends_sum_multiple_of(goal: Goal, _before: HandState, move: Move, after: HandState) -> bool:
    total = ends_total(after)
    return move.action is Action.PLAY and total > 0 and total % (goal.ends_sum_multiple_of or 1) == 0


def _went_out(goal: Goal, before: HandState, _move: Move, after: HandState) -> bool:
    out = after.status is Status.WON and after.out_seat == before.to_move
    return out is bool(goal.went_out)


def _claimed_right(goal: Goal, _before: HandState, move: Move, after: HandState) -> bool:
    right = move.action is Action.PLAY and (move.claim or 0) == fives_points(after)
    return right is bool(goal.claimed_right)


_CHECKS: dict[str, _Check] = {
    "all_of": _all_of,
    "any_of": _any_of,
    "not": _not,
    "any_legal": lambda goal, _b, _m, _a: bool(goal.any_legal),
    "played": lambda goal, _b, move, _a: move.action is Action.PLAY and move.tile is goal.played,
    "on_end": lambda goal, _b, move, _a: move.action is Action.PLAY and move.end == goal.on_end,
    "action": lambda goal, _b, move, _a: move.action.value == goal.action,
    "ends_sum": lambda goal, _b, move, after: move.action is Action.PLAY and ends_total(after) == goal.ends_sum,
    "ends_sum_multiple_of": _ends_sum_multiple_of,
    "went_out": _went_out,
    "capicu": lambda goal, _b, _m, after: (after.status is Status.WON and after.capicu) is bool(goal.capicu),
    "blocked": lambda goal, _b, _m, after: (after.status is Status.BLOCKED) is bool(goal.blocked),
    "closed": lambda goal, _b, move, _a: (move.action is Action.PLAY and move.closed) is bool(goal.closed),
    "claimed_right": _claimed_right,
}


def goal_keys(goal: Goal) -> list[str]:
    """Every predicate a goal uses, nested ones included, in order."""
    keys = [goal.key]
    for inner in (*(goal.all_of or ()), *(goal.any_of or ()), *((goal.not_,) if goal.not_ is not None else ())):
        keys.extend(goal_keys(inner))
    return keys


def trick_goal_keys(goal: Goal) -> list[str]:
    """The Tien Gow goals in a goal (a line game's play step cannot use them)."""
    return list(dict.fromkeys(k for k in goal_keys(goal) if k in _TRICK_ONLY))


def candidate_moves(state: HandState) -> list[Move]:
    """The legal moves, plus each play announcing its All Fives points where fives score."""
    moves = legal_moves(state)
    if not state.rules.fives_scoring:
        return moves
    out: list[Move] = []
    for move in moves:
        out.append(move)
        if move.action is Action.PLAY and move.tile is not None and move.end is not None:
            points = fives_points(apply_unchecked(state, move))
            if points:
                out.append(play(move.tile, move.end, move.closed, points))
    return out


def goal_moves(state: HandState, goal: Goal) -> list[tuple[Move, HandState]]:
    """Every legal move that reaches the goal, with the state it leads to."""
    found = []
    for move in candidate_moves(state):
        after = apply_unchecked(state, move)
        if satisfies(goal, state, move, after):
            found.append((move, after))
    return found
