"""The referee: a position in, a ruling out, under one or several rule sets.

A ``Ruling`` is a typed value; ``Ruling.as_json()`` writes it in the
referee's JSON format (``docs/referee.md``), whose keys are a stable surface
that outside checks read: extend it only by adding keys. Keys that only some
positions have (``leader``, ``result``, ``match``...) are left out, not null,
where they do not apply.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

from tutorial_app.rules.line.match import MatchState, record_hand
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.position import Position, read_position
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import End, HandState, Move, Status
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.tiles import Tile

__all__ = [
    "Ruling",
    "LeadRuling",
    "HandRuling",
    "MatchRuling",
    "RulingStatus",
    "rule",
    "rule_all",
    "ruling_of",
    "rulings_json",
]

RulingStatus = Literal["in_play", "won", "blocked", "redeal"]


def _sides(values: Sequence[int] | Sequence[bool]) -> dict[str, Any]:
    return {str(side): value for side, value in enumerate(values)}


class LeadRuling(NamedTuple):
    """On an empty chain: who leads, with which of their tiles, and why.

    ``leader`` None: the lead is drawn by lot, or (with ``reason`` None) the deal is redealt;
    ``reason`` None: the position decides no lead at all.
    """

    leader: int | None
    tiles: tuple[Tile, ...]
    reason: str | None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"leader": self.leader, "lead_tiles": [str(t) for t in self.tiles]}
        if self.reason is not None:
            out["lead_reason"] = self.reason
        return out


class HandRuling(NamedTuple):
    """A finished hand: who won, the points per side, and why (``reason`` in one sentence, ``worked`` in full)."""

    winner_sides: tuple[int, ...]
    tie: bool
    points: tuple[int, ...]
    fives_points: tuple[int, ...]
    pips: tuple[int, ...]
    bank_after: int
    capicu: bool
    next_leader: int | None
    fish_maker: int | None
    reason: str
    worked: str

    def as_json(self) -> dict[str, Any]:
        return {
            "winner_sides": list(self.winner_sides),
            "tie": self.tie,
            "points": _sides(self.points),
            "fives_points": _sides(self.fives_points),
            "pips": _sides(self.pips),
            "bank_after": self.bank_after,
            "capicu": self.capicu,
            "next_leader": self.next_leader,
            "fish_maker": self.fish_maker,
            "reason": self.reason,
            "worked": self.worked,
        }


class MatchRuling(NamedTuple):
    """The score sheet after this hand (before it, while the hand is in play)."""

    scores: tuple[int, ...]
    opened: tuple[bool, ...]
    draft: tuple[int, ...]
    over: bool
    winner_sides: tuple[int, ...]
    loser_sides: tuple[int, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "scores": _sides(self.scores),
            "opened": _sides(self.opened),
            "draft": _sides(self.draft),
            "over": self.over,
            "winner_sides": list(self.winner_sides),
            "loser_sides": list(self.loser_sides),
        }


class Ruling(NamedTuple):
    """The referee's answer on one position under one rule set."""

    rules: str
    status: RulingStatus
    open_ends: tuple[int, ...]
    open_end_names: tuple[End, ...]
    to_move: int
    legal: tuple[Move, ...]
    """The moves the seat to move may make (none unless the hand is in play)."""
    lead: LeadRuling | None
    """Only on an empty chain before any move."""
    redeal_reason: str | None
    move_points: tuple[int, ...]
    boneyard_count: int
    unseen: int
    result: HandRuling | None
    """Only when the hand is over."""
    match: MatchRuling | None
    """Only when the position has a score sheet."""

    def as_json(self) -> dict[str, Any]:
        """The ruling in the referee's JSON format, keys in the documented order."""
        out: dict[str, Any] = {
            "rules": self.rules,
            "status": self.status,
            "open_ends": list(self.open_ends),
            "open_end_names": list(self.open_end_names),
            "to_move": self.to_move,
            "legal": [m.as_dict() for m in self.legal],
        }
        if self.lead is not None:
            out.update(self.lead.as_json())
        out["redeal_reason"] = self.redeal_reason
        out["move_points"] = list(self.move_points)
        out["boneyard_count"] = self.boneyard_count
        out["unseen"] = self.unseen
        if self.result is not None:
            out["result"] = self.result.as_json()
        if self.match is not None:
            out["match"] = self.match.as_json()
        return out


def ruling_of(position: Position, lang: str = "en") -> Ruling:
    """The referee's ruling for a position already read (its sentences in ``lang``)."""
    state = position.state
    table = state.table
    status: RulingStatus = "redeal" if position.redeal is not None else state.status.value
    over = state.status is not Status.IN_PLAY
    return Ruling(
        rules=position.rules_name,
        status=status,
        open_ends=tuple(n for n in table.ends if n >= 0),
        open_end_names=tuple(name for name, _ in table.open_ends()),
        to_move=state.to_move,
        legal=tuple(legal_moves(state)) if status == "in_play" else (),
        lead=_lead(position, lang) if table.centre is None and state.trail is None else None,
        redeal_reason=position.redeal.in_(lang) if position.redeal is not None else None,
        move_points=tuple(position.move_points),
        boneyard_count=len(state.boneyard) if state.rules.has_boneyard else 0,
        unseen=position.unseen,
        result=_result(state, lang) if over else None,
        match=_match(position.match, state) if position.match is not None else None,
    )


def _lead(position: Position, lang: str) -> LeadRuling:
    lead = position.lead
    if lead is None or position.redeal is not None:  # a deal that is thrown in has no leader
        return LeadRuling(None, (), None)
    hand = position.state.hands[lead.seat] if lead.seat is not None else 0
    return LeadRuling(lead.seat, tuple(t for t in lead.lead_tiles if hand & t.bit), lead.reason.in_(lang))


def _result(state: HandState, lang: str) -> HandRuling:
    result = hand_result(state)
    return HandRuling(
        winner_sides=result.winner_sides,
        tie=result.tie,
        points=result.points,
        fives_points=result.fives,
        pips=result.pips,
        bank_after=result.bank_after,
        capicu=result.capicu,
        next_leader=result.next_leader,
        fish_maker=result.fish_maker if state.status is Status.BLOCKED else None,
        reason=result.reason.in_(lang),
        worked=explain_hand_end(state).text().in_(lang),
    )


def _match(before: MatchState, state: HandState) -> MatchRuling:
    """The score sheet with this hand recorded once it is over."""
    match = record_hand(before, state) if state.status is not Status.IN_PLAY else before
    return MatchRuling(match.scores, match.opened, match.draft, match.over, match.winner_sides, match.loser_sides)


def rule(data: Mapping[str, Any], rules_name: str | None = None, lang: str = "en") -> Ruling:
    """One ruling for a position mapping (raises PositionError for bad input)."""
    return ruling_of(read_position(data, rules_name), lang)


def rule_all(data: Mapping[str, Any], rules_names: Sequence[str] | None = None, lang: str = "en") -> tuple[Ruling, ...]:
    """Rulings under every named rule set (or the position's own), in the order named."""
    names: Sequence[str | None] = list(rules_names) if rules_names else [None]
    return tuple(rule(data, name, lang) for name in names)


def rulings_json(rulings: Sequence[Ruling]) -> dict[str, Any]:
    """What ``domino-tutor referee --json`` prints: ``{"rulings": [...]}``, one ruling per rule set."""
    return {"rulings": [r.as_json() for r in rulings]}
