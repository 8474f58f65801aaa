"""Positions of a lesson's steps, read through the rules core.

Why one place: the validator and the runner must see exactly the same
position for a step, so both read it here (the referee's reader, with the
lesson's rule set filled in).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from tutorial_app.lessons.format.model import Lesson, PositionSpec
from tutorial_app.rules.line.deal import LeadDecision
from tutorial_app.rules.line.match import MatchState
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.text import Text

__all__ = ["Scene", "lesson_rules", "position_mapping", "read_scene", "scene_of"]


class Scene(NamedTuple):
    """A position on show in a step: the state plus what the reader knew about its deal and match.

    ``start`` is the position before its ``moves`` (the state a step's text
    usually describes); ``later`` marks an empty chain as a later hand of a
    match (the position's ``hand: later``), led by the previous winner.
    """

    rules_name: str
    state: HandState
    lead: LeadDecision | None
    redeal: Text | None
    match: MatchState | None
    start: HandState | None = None
    later: bool = False

    @property
    def rules(self) -> HouseRules:
        return self.state.rules

    @property
    def before(self) -> HandState:
        """The position before its moves (the state itself when there were none)."""
        return self.start if self.start is not None else self.state

    @property
    def first_hand(self) -> bool:
        """Whether the scene's lead was named by the first-lead rule in a match's first hand, so the lead is a
        clue to the hands (``strategy.view.view_of``'s ``first_hand``). Not a later hand (its winner leads
        anything) and not a lead by lots: reading either as the rule's would be a false clue."""
        return self.lead is not None and self.lead.by_rule and not self.later


def lesson_rules(lesson: Lesson) -> HouseRules:
    """The lesson's house rules (preset + overrides); raises ValueError for unknown names or options."""
    return find_variant(lesson.rules).rules(lesson.players, lesson.overrides)


def position_mapping(rules: str, overrides: Mapping[str, Any], spec: PositionSpec) -> dict[str, Any]:
    """A step's position in the referee's notation, with the lesson's rule set filled in.

    A position that names its own ``rules`` keeps only its own overrides; otherwise
    the lesson's overrides apply, updated by the position's. ``real`` is the
    validator's, not the referee's, and is left out (so is ``sketch``).
    """
    data = spec.model_dump(exclude_none=True, exclude={"real", "sketch"})
    if spec.rules is None:
        data["rules"] = rules
        data["overrides"] = {**overrides, **(spec.overrides or {})}
    return data


def read_scene(lesson: Lesson, spec: PositionSpec) -> Scene:
    """The scene a position describes; raises PositionError (a ValueError) when it cannot be on a table."""
    return scene_of(position_mapping(lesson.rules, lesson.overrides, spec))


def scene_of(mapping: Mapping[str, Any]) -> Scene:
    """The scene of a position mapping in the referee's notation (PositionError when impossible)."""
    position = read_position(mapping)
    return Scene(
        position.rules_name,
        position.state,
        position.lead,
        position.redeal,
        position.match,
        position.start,
        mapping.get("hand") == "later",
    )
