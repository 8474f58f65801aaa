"""The referee: a position in, a ruling out, under one or several rule sets.

The output keys are the stable surface of REFEREE.md; extend it only by
adding keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutorial_app.rules.match import record_hand
from tutorial_app.rules.moves import legal_moves
from tutorial_app.rules.position import Position, read_position
from tutorial_app.rules.scoring import hand_result
from tutorial_app.rules.state import Status

__all__ = ["rule", "rule_all", "ruling_of"]


def _sides(values: Sequence[int] | Sequence[bool]) -> dict[str, Any]:
    return {str(side): value for side, value in enumerate(values)}


def ruling_of(position: Position, lang: str = "en") -> dict[str, Any]:
    """The referee's ruling for a position already read."""
    state = position.state
    table = state.table
    ruling: dict[str, Any] = {"rules": position.rules_name}
    status = "redeal" if position.redeal is not None else state.status.value
    ruling["status"] = status
    ruling["open_ends"] = [n for n in table.ends if n >= 0]
    ruling["open_end_names"] = [name for name, _ in table.open_ends()]
    ruling["to_move"] = state.to_move
    ruling["legal"] = [m.as_dict() for m in legal_moves(state)] if status == "in_play" else []
    if position.lead is not None and table.centre is None and state.trail is None:
        ruling["leader"] = position.lead.seat
        ruling["lead_tiles"] = [str(t) for t in position.lead.lead_tiles if state.hands[position.lead.seat] & t.bit] \
            if position.lead.seat is not None else []
        ruling["lead_reason"] = position.lead.reason.in_(lang)
    elif position.lead is None and table.centre is None and state.trail is None:
        ruling["leader"] = None
        ruling["lead_tiles"] = []
    ruling["redeal_reason"] = position.redeal.in_(lang) if position.redeal is not None else None
    ruling["move_points"] = list(position.move_points)
    ruling["boneyard_count"] = len(state.boneyard) if state.rules.has_boneyard else 0
    ruling["unseen"] = position.unseen
    if state.status is not Status.IN_PLAY:
        result = hand_result(state)
        ruling["result"] = {
            "winner_sides": list(result.winner_sides),
            "tie": result.tie,
            "points": _sides(result.points),
            "fives_points": _sides(result.fives),
            "pips": _sides(result.pips),
            "bank_after": result.bank_after,
            "capicu": result.capicu,
            "next_leader": result.next_leader,
            "fish_maker": result.fish_maker if state.status is Status.BLOCKED else None,
            "reason": result.reason.in_(lang),
        }
        if position.match is not None:
            after = record_hand(position.match, state)
            ruling["match"] = {
                "scores": _sides(after.scores),
                "opened": _sides(after.opened),
                "draft": _sides(after.draft),
                "over": after.over,
                "winner_sides": list(after.winner_sides),
                "loser_sides": list(after.loser_sides),
            }
    elif position.match is not None:
        match = position.match
        ruling["match"] = {
            "scores": _sides(match.scores),
            "opened": _sides(match.opened),
            "draft": _sides(match.draft),
            "over": match.over,
            "winner_sides": list(match.winner_sides),
            "loser_sides": list(match.loser_sides),
        }
    return ruling


def rule(data: Mapping[str, Any], rules_name: str | None = None, lang: str = "en") -> dict[str, Any]:
    """One ruling for a position mapping (raises PositionError for bad input)."""
    return ruling_of(read_position(data, rules_name), lang)


def rule_all(data: Mapping[str, Any], rules_names: Sequence[str] | None = None, lang: str = "en") -> dict[str, Any]:
    """Rulings under every named rule set (or the position's own)."""
    names: Sequence[str | None] = list(rules_names) if rules_names else [None]
    return {"rulings": [rule(data, name, lang) for name in names]}
