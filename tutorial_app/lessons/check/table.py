"""Checks that a step's position could be on a real table, in the lesson validator's words.

Why apart from the referee's reader: the reader accepts any position it can
rule on (a lesson may simplify: two tiles each to show one idea). These
checks hold a lesson to more where it says so: an empty chain is led by the
first-lead rule unless the position says ``hand: later``; a position marked
``real: true`` has the tile counts a real deal gives; a play step with a
single legal move says ``forced: true``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial_app.lessons.format.model import PlayStep, PositionSpec
from tutorial_app.lessons.format.scenes import Scene
from tutorial_app.rules.line.ends import end_where
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action, HandState
from tutorial_app.rules.text import Text, msg, msgn, verbatim

__all__ = [
    "first_lead_problem",
    "later_problem",
    "real_deal_problems",
    "forced_problem",
    "is_forced",
    "silent_decision",
    "sketch_problem",
    "SILENT",
]

_ALL = 28


def first_lead_problem(scene: Scene, spec: PositionSpec) -> Text | None:
    """An empty chain whose ``to_move`` is not the seat the first-lead rule names (unless a later hand)."""
    if spec.chain or spec.hand == "later" or spec.to_move is None:
        return None
    lead = scene.lead
    if lead is None or lead.seat is None or scene.redeal is not None or lead.seat == spec.to_move:
        return None
    return msg(
        "on an empty chain the first-lead rule decides ({reason:clause}), so seat {seat} leads, not seat {said}: "
        "write to_move: {seat}, or hand: later in the position if this is a later hand, led by the previous hand's "
        "winner",
        reason=lead.reason,
        seat=lead.seat,
        said=spec.to_move,
    )


def later_problem(spec: PositionSpec) -> Text | None:
    """``hand: later`` where the chain is not empty."""
    if spec.chain:
        return msg("hand: later is for a fresh deal (an empty chain): remove it, or empty the chain")
    return None


def real_deal_problems(scene: Scene) -> list[Text]:
    """Tile counts a real deal under the scene's rules cannot give (for a position marked ``real: true``)."""
    state = scene.before
    rules = state.rules
    dealt = rules.dealt
    on_table = state.table.tile_count()
    held = [bin(h).count("1") for h in state.hands]
    deal = msg(
        "a real deal under these rules gives {size} tiles to each of {players} players",
        size=rules.hand_size,
        players=rules.players,
    )
    if not rules.has_boneyard:
        return _no_boneyard(held, on_table, rules.hand_size, dealt, deal)
    return _with_boneyard(state, held, dealt, deal)


def _no_boneyard(held: list[int], on_table: int, size: int, dealt: int, deal: Text) -> list[Text]:
    problems = [
        msg(
            "seat {seat} holds {count} tiles, but {deal} and nobody draws: at most {size}",
            seat=seat,
            count=count,
            deal=deal,
            size=size,
        )
        for seat, count in enumerate(held)
        if count > size
    ]
    if not problems and sum(held) + on_table != dealt:
        problems.append(
            msg(
                "the hands hold {held} tiles and the chain {on_table}, but {deal}, so every tile dealt is in a "
                "hand or on the table: they must add up to {dealt} ({in_hands} in the hands with {on_table} on "
                "the table)",
                held=sum(held),
                on_table=on_table,
                deal=deal,
                dealt=dealt,
                in_hands=dealt - on_table,
            )
        )
    return problems


def _with_boneyard(state: HandState, held: list[int], dealt: int, deal: Text) -> list[Text]:
    rules = state.rules
    left = _ALL - dealt
    boneyard = len(state.boneyard)
    if boneyard > left:
        return [
            msg(
                "the boneyard holds {boneyard} tiles, but {deal}, which leaves {left}: move {extra} into the hands",
                boneyard=boneyard,
                deal=deal,
                left=left,
                extra=boneyard - left,
            )
        ]
    drawn = left - boneyard
    problems = [
        msg(
            "seat {seat} holds {count} tiles, but {deal} and only {drawn} have been drawn: at most {most}",
            seat=seat,
            count=count,
            deal=deal,
            drawn=drawn,
            most=rules.hand_size + drawn,
        )
        for seat, count in enumerate(held)
        if count > rules.hand_size + drawn
    ]
    if boneyard < min(rules.reserve, left):
        problems.append(
            msg(
                "the boneyard holds {boneyard} tiles, but its last {reserve} are a reserve nobody draws: give it at "
                "least that many",
                boneyard=boneyard,
                reserve=rules.reserve,
            )
        )
    return problems


SILENT = msg(
    "the learner makes a real decision here, but nothing is said after the right move: add success: with a "
    "sentence in en:, ru:, uk: and es: saying why it is right (what it leaves the others, what it keeps for you)"
)


def silent_decision(step: PlayStep, ends: Sequence[Any]) -> bool:
    """A decision whose right move is met with silence: not forced, not ranked by the analysis (``best``, whose
    feedback says why), no ``success`` text, and the hand goes on (an ended hand gets the worked end); ``ends``
    are where the right moves leave the hand, in any game."""
    if step.forced or step.best or step.success is not None:
        return False
    return any(not end.is_over for end in ends)


def sketch_problem(scene: Scene, spec: PositionSpec) -> Text | None:
    """Where every tile is dealt, a position is real or says it is a sketch (and a sketch is not a full table)."""
    if spec.real and spec.sketch:
        return msg("a position is real: true or sketch: true, not both")
    rules = scene.rules
    if rules.dealt < _ALL or spec.hand == "later":
        return None
    state = scene.before
    placed = state.table.tile_count() + sum(bin(h).count("1") for h in state.hands)
    if spec.sketch and placed == _ALL and not real_deal_problems(scene):
        return msg("every tile of the set is placed here, as at a real table: write real: true instead of sketch: true")
    if not spec.real and not spec.sketch:
        return msg(
            "all {all} tiles are dealt in this game, but the position places {placed}: give every tile its place "
            "and write real: true, or write sketch: true (the board then tells the learner that only the tiles "
            "that matter are shown)",
            all=_ALL,
            placed=placed,
        )
    return None


def is_forced(state: HandState) -> bool:
    """Whether the seat to move has exactly one legal move (no decision to make)."""
    return len(legal_moves(state)) == 1


def forced_problem(step: PlayStep, state: HandState) -> Text | None:
    """A play step with a single legal move that does not say ``forced: true``, or one that says it wrongly."""
    moves = legal_moves(state)
    if len(moves) == 1 and not step.forced:
        only = moves[0]
        shown = (
            msg("{tile} {where}", tile=str(only.tile), where=end_where(only.end))
            if only.action is Action.PLAY
            else verbatim(only.action.value)
        )
        return msg(
            "seat {seat} has a single legal move here ({move}), so this step is not a decision: give the learner "
            "a real choice (a second tile or end that is legal), or mark it forced: true if showing a forced move "
            "is the point",
            seat=state.to_move,
            move=shown,
        )
    if len(moves) > 1 and step.forced:
        return msgn(
            "forced: true, but seat {seat} has {n} legal move here: remove forced: true",
            "forced: true, but seat {seat} has {n} legal moves here: remove forced: true",
            len(moves),
            seat=state.to_move,
        )
    return None
