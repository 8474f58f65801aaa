"""The referee: a position in, a ruling out, under one or several rule sets.

The output keys are the stable surface of REFEREE.md; extend it only by
adding keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutorial_app.rules.match import MatchState, record_hand
from tutorial_app.rules.moves import legal_moves
from tutorial_app.rules.position import Position, read_position
from tutorial_app.rules.scoring import hand_result
from tutorial_app.rules.state import HandState, Status
from tutorial_app.rules.worked_end import explain_hand_end

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
    if table.centre is None and state.trail is None:
        ruling.update(_lead(position, lang))
    ruling["redeal_reason"] = position.redeal.in_(lang) if position.redeal is not None else None
    ruling["move_points"] = list(position.move_points)
    ruling["boneyard_count"] = len(state.boneyard) if state.rules.has_boneyard else 0
    ruling["unseen"] = position.unseen
    if state.status is not Status.IN_PLAY:
        ruling["result"] = _result(state, lang)
    if position.match is not None:
        after = record_hand(position.match, state) if state.status is not Status.IN_PLAY else position.match
        ruling["match"] = _match(after)
    return ruling


def _lead(position: Position, lang: str) -> dict[str, Any]:
    """An empty chain: who leads, with which of their tiles, and why (``leader`` None: by lot or a redeal)."""
    lead = position.lead
    if lead is None:
        return {"leader": None, "lead_tiles": []}
    hand = position.state.hands[lead.seat] if lead.seat is not None else 0
    return {"leader": lead.seat, "lead_tiles": [str(t) for t in lead.lead_tiles if hand & t.bit],
            "lead_reason": lead.reason.in_(lang)}


def _result(state: HandState, lang: str) -> dict[str, Any]:
    result = hand_result(state)
    return {
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
        "worked": explain_hand_end(state).text().in_(lang),
    }


def _match(match: MatchState) -> dict[str, Any]:
    return {
        "scores": _sides(match.scores),
        "opened": _sides(match.opened),
        "draft": _sides(match.draft),
        "over": match.over,
        "winner_sides": list(match.winner_sides),
        "loser_sides": list(match.loser_sides),
    }


def rule(data: Mapping[str, Any], rules_name: str | None = None, lang: str = "en") -> dict[str, Any]:
    """One ruling for a position mapping (raises PositionError for bad input)."""
    return ruling_of(read_position(data, rules_name), lang)


def rule_all(data: Mapping[str, Any], rules_names: Sequence[str] | None = None, lang: str = "en") -> dict[str, Any]:
    """Rulings under every named rule set (or the position's own)."""
    names: Sequence[str | None] = list(rules_names) if rules_names else [None]
    return {"rulings": [rule(data, name, lang) for name in names]}
