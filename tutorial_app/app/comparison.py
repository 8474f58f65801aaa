"""What the Compare page computes, without Streamlit: differences, rulings, one deal under several rule sets.

Why pure: tests check these results against the rules core directly, and
the page only lays them out side by side.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tutorial_app.rules.deal import deal
from tutorial_app.rules.options import HouseRules
from tutorial_app.rules.referee import rule
from tutorial_app.rules.rulesheet import OPTION_LABELS, SECTIONS, describe_option
from tutorial_app.rules.scoring import HandResult, hand_result
from tutorial_app.rules.simulate import Bot, play_out
from tutorial_app.rules.state import HandState, Move
from tutorial_app.rules.text import Text

__all__ = ["difference_rows", "position_under", "ruling_under", "DealOutcome", "same_deal", "parting_move"]


def difference_rows(rule_sets: Sequence[HouseRules], lang: str) -> list[tuple[str, list[str]]]:
    """(option label, one sentence per rule set) for every option on which the sets do not all agree."""
    values = [r.as_dict() for r in rule_sets]
    rows = []
    for _, names in SECTIONS:
        for name in names:
            column = [v[name] for v in values]
            if any(c != column[0] for c in column[1:]):
                sentences = [describe_option(name, c, lang, r) for c, r in zip(column, rule_sets, strict=True)]
                rows.append((OPTION_LABELS[name].in_(lang), sentences))
    return rows


def position_under(data: Mapping[str, Any], preset: str, overrides: Mapping[str, Any]) -> dict[str, Any]:
    """The same position, its rules replaced by a preset with the comparison's overrides on top."""
    own = data.get("overrides") or {}
    merged = {**(own if isinstance(own, Mapping) else {}), **{k: v for k, v in overrides.items() if k != "players"}}
    out = dict(data)
    out["rules"] = preset
    if merged:
        out["overrides"] = merged
    else:
        out.pop("overrides", None)
    return out


def ruling_under(data: Mapping[str, Any], preset: str, overrides: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The referee's ruling under one rule set (raises PositionError for a bad position)."""
    return rule(position_under(data, preset, overrides), None, lang)


class DealOutcome(NamedTuple):
    """One seeded deal played out by bots under one rule set."""

    start: HandState
    final: HandState
    result: HandResult
    lead_reason: Text
    moves: tuple[Move, ...]


def same_deal(rules: HouseRules, seed: int, bot: Bot) -> DealOutcome:
    """Deal with ``seed`` and let the bots play; the same seed deals the same tiles when sizes agree."""
    dealt = deal(rules, random.Random(seed))
    final = play_out(dealt.state, random.Random(f"{seed}:moves"), bot)
    return DealOutcome(dealt.state, final, hand_result(final), dealt.lead.reason,
                       tuple(entry[1] for entry in final.log))


def parting_move(outcomes: Sequence[DealOutcome]) -> int | None:
    """The first move number (1-based) where the games differ, or None when every game is the same."""
    logs = [o.moves for o in outcomes]
    longest = max((len(m) for m in logs), default=0)
    for index in range(longest):
        seen = {m[index] if index < len(m) else None for m in logs}
        if len(seen) > 1:
            return index + 1
    return None
