"""A hand and the moves played in it, written in the referee's notation (``docs/referee.md``) and read back.

Why the referee's notation: a puzzle or a mistake kept for later must
outlive the code that dealt it, and that notation is the one every part of
the project already reads and checks (``rules.line.position.read_position``); a
stored puzzle can be pasted into ``domino-tutor analyze`` as it stands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tutorial_app.rules.line.deal import decide_first_lead
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.line.variants import VARIANTS, Variant
from tutorial_app.rules.tiles import ALL_TILES
from tutorial_app.strategy.view import SeatView, view_of

__all__ = ["RulesSpec", "rules_spec", "position_data", "is_first_hand", "Position", "read_puzzle_position"]


class RulesSpec(NamedTuple):
    """A rule set as a preset's name and the options that differ from it."""

    preset: str
    overrides: dict[str, object]


def _line_variants() -> list[Variant]:
    return [v for v in VARIANTS if v.name != "tien_gow"]


def rules_spec(rules: HouseRules) -> RulesSpec:
    """The preset closest to ``rules`` (the fewest options changed) and the changes.

    Why search: a learner's table may be a preset with a club's house rules
    on top, and the page that played it keeps only the rules themselves.
    """
    best: RulesSpec | None = None
    for variant in _line_variants():
        if rules.players not in variant.players:
            continue
        base = variant.rules(rules.players)
        changed = {name: mine for name, (mine, _theirs) in rules.differences(base).items()}
        if best is None or len(changed) < len(best.overrides):
            best = RulesSpec(variant.name, changed)
    if best is None:
        raise ValueError(f"no line preset is played by {rules.players} players")
    return best


def is_first_hand(start: HandState) -> bool:
    """Whether ``start`` is dealt as a first hand: the first-lead rule names its leader and its lead tiles."""
    decided = decide_first_lead(start.rules, start.hands)
    return decided is not None and decided.seat in (None, start.leader) and decided.lead_mask == start.lead_mask


def position_data(start: HandState, moves: Sequence[Move]) -> dict[str, Any]:
    """``start`` (a hand before its lead) and ``moves`` as a referee position: rules, hands, boneyard, moves."""
    if start.table.centre is not None:
        raise ValueError("the record must begin at the lead")
    spec = rules_spec(start.rules)
    data: dict[str, Any] = {"rules": spec.preset}
    if spec.overrides:
        data["overrides"] = dict(spec.overrides)
    data["hands"] = [[str(t) for t in ALL_TILES if t.bit & mask] for mask in start.hands]
    data["boneyard"] = [str(t) for t in start.boneyard]
    data["hand"] = "first" if is_first_hand(start) else "later"
    data["to_move"] = start.leader
    if start.bank:
        data["bank"] = start.bank
    data["moves"] = [move.as_dict() for move in moves]
    return data


class Position(NamedTuple):
    """A stored position read back: the hand's ``start``, the ``state`` after the moves, the ``moves``."""

    start: HandState
    state: HandState
    moves: tuple[Move, ...]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` knows here."""
        return view_of(self.start, self.moves, seat)

    @property
    def first_hand(self) -> bool:
        """The hand is a match's first deal, so its first lead is a clue (``is_first_hand``)."""
        return is_first_hand(self.start)


def read_puzzle_position(data: Mapping[str, Any]) -> Position:
    """A position written by ``position_data`` (PositionError when it does not read)."""
    read = read_position(data)
    moves = tuple(entry[1] for entry in read.state.log[len(read.start.log) :])
    return Position(read.start, read.state, moves)
