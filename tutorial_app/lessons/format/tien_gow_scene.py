"""Tien Gow positions and goals of a lesson, read and checked through the Tien Gow engine.

Why one place: the validator and the runner must see exactly the same
position for a step (``read_trick_scene``), and decide a move's goal the
same way (``trick_satisfies``). A position is written like the line games'
(``hands``, ``moves``), with the Tien Gow keys ``banker``, ``leader`` and
``taken`` instead of a chain; its ``moves`` are written ``play 6-6 6-3`` or
``discard 2-1`` and each is checked by the engine.

A goal's Tien Gow predicates read one move (state before, move, state
after). ``takes_trick`` asks what the engine can prove with every hand
known: after the move, the mover holds the trick and no seat still to play
in it has a set that may beat it, so the trick is the mover's whatever the
others do.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tutorial_app.lessons.format.model import Goal, PositionSpec
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.text import RulesError, Text, msg
from tutorial_app.rules.tien_gow.game import TIEN_GOW

__all__ = [
    "TrickScene",
    "TrickPositionError",
    "tien_gow_rules",
    "read_trick_scene",
    "trick_satisfies",
    "trick_goal_moves",
    "takes_trick",
    "trick_move",
    "same_move",
]

_LINE_KEYS = ("chain", "boneyard", "hand", "to_move", "last_move_by", "bank", "match")


class TrickScene(NamedTuple):
    """A Tien Gow position on show: ``start`` before its moves, ``state`` after them."""

    start: tg.HandState
    state: tg.HandState


class TrickPositionError(ValueError):
    """A position the engine refuses; ``where`` is the key it is about (``hands``, ``moves`` and the move's index...)."""

    def __init__(self, where: tuple[str | int, ...], reason: Text) -> None:
        super().__init__(reason.en)
        self.where = where
        self.reason = reason


def tien_gow_rules(overrides: dict[str, Any]) -> tg.TienGowRules:
    """Tien Gow's house rules with a lesson's (or a position's) overrides; OptionError when one is unknown or bad."""
    return tg.TienGowRules().with_overrides(overrides) if overrides else tg.TienGowRules()


def _rules_for(overrides: dict[str, Any], lesson_rules: tg.TienGowRules, spec: PositionSpec) -> tg.TienGowRules:
    if spec.rules is not None and not TIEN_GOW.knows(spec.rules):
        raise TrickPositionError(
            ("rules",),
            msg("a Tien Gow lesson's positions are Tien Gow positions: remove rules: {rules}", rules=spec.rules),
        )
    if not spec.overrides:
        return lesson_rules
    base = overrides if spec.rules is None else {}
    try:
        return tien_gow_rules({**base, **spec.overrides})
    except RulesError as exc:
        raise TrickPositionError(("overrides",), exc.reason) from None


def _where(message: str) -> tuple[str | int, ...]:
    """The key an engine refusal is about, from its English wording."""
    for word, key in (("trick points", "taken"), ("leader", "leader"), ("banker", "banker"), ("leads", "leader")):
        if word in message:
            return (key,)
    return ("hands",)


def read_trick_scene(spec: PositionSpec, rules: tg.TienGowRules, overrides: dict[str, Any] | None = None) -> TrickScene:
    """The scene a position describes; TrickPositionError (with the key and the engine's reason) when it cannot be.

    ``rules`` are the lesson's, made from its ``overrides``; a position's own
    ``overrides`` change those.
    """
    for key in _LINE_KEYS:
        value = getattr(spec, key)
        if value not in (None, [], {}):
            raise TrickPositionError(
                (key,),
                msg(
                    "{key}: is a line game's key; a Tien Gow position has hands, banker, leader, taken and moves",
                    key=key,
                ),
            )
    rules = _rules_for(overrides or {}, rules, spec)
    banker = spec.banker if spec.banker is not None else (spec.leader if spec.leader is not None else 0)
    try:
        start = tg.start_hand(rules, spec.hands, banker, leader=spec.leader, taken=spec.taken)
    except RulesError as exc:
        raise TrickPositionError(_where(exc.reason.en), exc.reason) from None
    state = start
    for number, written in enumerate(spec.moves or []):
        if not isinstance(written, str):
            raise TrickPositionError(
                ("moves", number),
                msg("a Tien Gow move is written as text, like play 6-6 6-3 or discard 2-1"),
            )
        move = tg.parse_move(written)
        reason = tg.why_illegal(state, move)
        if reason is not None:
            raise TrickPositionError(
                ("moves", number), msg("{move} cannot be made: {reason}", move=str(move), reason=reason)
            )
        state = tg.apply_unchecked(state, tg.normalize(move))
    return TrickScene(start, state)


def trick_move(written: str) -> tg.Move:
    """A move as a lesson writes it (``play 6-6 6-3``), in the engine's order."""
    return tg.normalize(tg.parse_move(written))


def same_move(a: tg.Move, b: tg.Move) -> bool:
    """Whether two moves lay the same tiles the same way (in any order)."""
    return tg.normalize(a) == tg.normalize(b)


def takes_trick(after: tg.HandState, seat: int) -> bool:
    """Whether ``seat`` takes the trick its move was in, whatever the seats still to play in it do."""
    if after.trick is None:
        last = after.last_trick
        return last is not None and last.taker == seat
    if after.trick.winning.seat != seat:
        return False
    state = after
    while state.trick is not None:
        moves = tg.legal_sequence(state)
        if any(m.action is tg.Action.PLAY for m in moves):
            return False
        state = tg.apply_unchecked(state, moves[0])
    return True


def trick_satisfies(goal: Goal, before: tg.HandState, move: tg.Move, after: tg.HandState) -> bool:
    """Whether ``move`` (from ``before``, giving ``after``) reaches a Tien Gow goal."""
    key = goal.key
    if key == "all_of":
        return all(trick_satisfies(g, before, move, after) for g in goal.all_of or ())
    if key == "any_of":
        return any(trick_satisfies(g, before, move, after) for g in goal.any_of or ())
    if key == "not":
        assert goal.not_ is not None
        return not trick_satisfies(goal.not_, before, move, after)
    return _PREDICATES[key](goal, before, move, after)


def _any_legal(goal: Goal, _before: tg.HandState, _move: tg.Move, _after: tg.HandState) -> bool:
    return bool(goal.any_legal)


def _action(goal: Goal, _before: tg.HandState, move: tg.Move, _after: tg.HandState) -> bool:
    return move.action.value == goal.action


def _played(goal: Goal, _before: tg.HandState, move: tg.Move, _after: tg.HandState) -> bool:
    return move.action is tg.Action.PLAY and goal.played in move.tiles


def _keeps(goal: Goal, before: tg.HandState, _move: tg.Move, after: tg.HandState) -> bool:
    return goal.keeps in after.hands[before.to_move]


def _set_size(goal: Goal, _before: tg.HandState, move: tg.Move, _after: tg.HandState) -> bool:
    return len(move.tiles) == goal.set_size


def _takes(goal: Goal, before: tg.HandState, _move: tg.Move, after: tg.HandState) -> bool:
    return takes_trick(after, before.to_move) is bool(goal.takes_trick)


def _wins(goal: Goal, before: tg.HandState, move: tg.Move, after: tg.HandState) -> bool:
    """The move is in the last trick (a lead of every tile left counts) and takes it."""
    leading_all = len(before.hands[before.to_move]) == len(move.tiles)
    last = before.is_last_trick if before.trick is not None else leading_all
    return (last and takes_trick(after, before.to_move)) is bool(goal.wins_hand)


_PREDICATES = {
    "any_legal": _any_legal,
    "action": _action,
    "played": _played,
    "keeps": _keeps,
    "set_size": _set_size,
    "takes_trick": _takes,
    "wins_hand": _wins,
}


def trick_goal_moves(state: tg.HandState, goal: Goal) -> list[tuple[tg.Move, tg.HandState]]:
    """Every legal move that reaches the goal, with the state it leads to."""
    found = []
    for move in tg.legal_sequence(state):
        after = tg.apply_unchecked(state, move)
        if trick_satisfies(goal, state, move, after):
            found.append((move, after))
    return found
