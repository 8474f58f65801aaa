"""What the Compare page computes, without Streamlit: differences, rulings, one deal under several rule sets.

Why pure: tests check these results against the rules core directly, and
the page only lays them out side by side.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from tutorial_app.language import LANGS
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.referee import Ruling, rule, ruling_of
from tutorial_app.rules.line.rulesheet import OPTION_LABELS, SECTIONS, describe_option
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.simulate import Bot, play_out
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.text import Text, msg

__all__ = [
    "difference_rows",
    "position_under",
    "ruling_under",
    "judged_under",
    "DealOutcome",
    "same_deal",
    "parting_move",
    "EXAMPLES",
    "example_for",
    "hands_in",
    "differs",
    "ruling_facts",
    "deal_facts",
    "parting_tile",
]

_EXAMPLE_NOTE = msg("Seat {{n}} lays their last tile, 4-1, which fits both ends: who writes what?")


def _example(players: int, lang: str) -> str:
    """A position for ``players`` seats: the last seat lays its last tile, 4-1, which fits both ends."""
    hands = (*(["6-5", "3-2"], ["6-6", "0-0"], ["5-3"])[: players - 1], ["4-1"])
    last = players - 1
    lines = [f"# {_EXAMPLE_NOTE.in_(lang).format(n=last)}", "hands:"]
    lines += ["  - [" + ", ".join(f'"{tile}"' for tile in hand) + "]" for hand in hands]
    lines += ['chain: ["1-2", "2-4"]', f"to_move: {last}", "moves:", '  - {tile: "4-1", end: left}']
    return "\n".join(lines) + "\n"


EXAMPLES: dict[tuple[str, int], str] = {
    (lang, players): _example(players, lang) for lang in LANGS for players in (2, 3, 4)
}
"""The example position per language and number of players (the same tiles, one more hand each time)."""


def example_for(players: Sequence[int], lang: str) -> str:
    """The example for the number of players most of the rule sets have (the first such on a tie)."""
    counts = list(players) or [2]
    return EXAMPLES[(lang if lang in LANGS else "en", max(counts, key=counts.count))]


def hands_in(data: Mapping[str, Any]) -> int | None:
    """How many hands a position lists (None when it lists none)."""
    hands = data.get("hands")
    return len(hands) if isinstance(hands, list) and hands else None


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


def ruling_under(data: Mapping[str, Any], preset: str, overrides: Mapping[str, Any], lang: str) -> Ruling:
    """The referee's ruling under one rule set (raises PositionError for a bad position)."""
    return rule(position_under(data, preset, overrides), None, lang)


def judged_under(
    data: Mapping[str, Any], preset: str, overrides: Mapping[str, Any], lang: str
) -> tuple[HandState, Ruling]:
    """The position as the referee reads it under one rule set (moves applied) and the ruling on it."""
    position = read_position(position_under(data, preset, overrides))
    return position.state, ruling_of(position, lang)


def differs(values: Sequence[object]) -> bool:
    """Whether the rule sets disagree on a fact (fewer than two values never disagree)."""
    return any(value != values[0] for value in values[1:])


def ruling_facts(ruling: Ruling) -> dict[str, object]:
    """What a ruling decides, fact by fact, so the page can mark the facts on which the rule sets part."""
    lead, result = ruling.lead, ruling.result
    return {
        "status": ruling.status,
        "legal": ruling.legal,
        "lead": (lead.leader, lead.tiles) if lead is not None else (None, None),
        "winner": result.winner_sides if result is not None else None,
        "points": result.points if result is not None else None,
        "next_leader": result.next_leader if result is not None else None,
    }


class DealOutcome(NamedTuple):
    """One seeded deal played out by bots under one rule set."""

    start: HandState
    final: HandState
    result: HandResult
    lead_reason: Text
    moves: tuple[Move, ...]


@lru_cache(maxsize=64)
def same_deal(rules: HouseRules, seed: int, bot: Bot) -> DealOutcome:
    """Deal with ``seed`` and let the bots play; the same seed deals the same tiles when sizes agree.

    Kept for the next reruns: a page that only changed something else draws the same games again.
    """
    dealt = deal(rules, random.Random(seed))
    final = play_out(dealt.state, random.Random(f"{seed}:moves"), bot)
    return DealOutcome(
        dealt.state, final, hand_result(final), dealt.lead.reason, tuple(entry[1] for entry in final.log)
    )


def parting_move(outcomes: Sequence[DealOutcome]) -> int | None:
    """The first move number (1-based) where the games differ, or None when every game is the same."""
    logs = [o.moves for o in outcomes]
    longest = max((len(m) for m in logs), default=0)
    for index in range(longest):
        seen = {m[index] if index < len(m) else None for m in logs}
        if len(seen) > 1:
            return index + 1
    return None


def deal_facts(outcome: DealOutcome) -> dict[str, object]:
    """What a played deal ended in: how, who won and what each side writes."""
    result = outcome.result
    return {
        "status": result.status,
        "winner": result.winner_sides,
        "points": tuple(result.total(side) for side in range(len(result.points))),
    }


def parting_tile(outcome: DealOutcome, move_number: int | None) -> str | None:
    """The tile laid at the move where the games part ("6-4"), None when that move lays no tile."""
    if move_number is None or move_number > len(outcome.moves):
        return None
    tile = outcome.moves[move_number - 1].tile
    return str(tile) if tile is not None else None
