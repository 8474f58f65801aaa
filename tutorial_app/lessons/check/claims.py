"""What a lesson's text says about seats, checked against the engine where it can tell.

Why: the learner is one seat for the whole lesson, and the text, the board
and the feedback must never disagree about who is who. A sentence such as
"you (seat 0)", "seat 1 holds 4-4", "seat 2 has the fewest pips" or
"seat 1 made the fish" states a fact the rules core knows; the validator
compares them. Only these plain patterns are read (in English and Russian);
anything else is left to the author.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, TypeVar

from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import HandState, Status
from tutorial_app.rules.text import Text, msg, msgc, msgn
from tutorial_app.rules.tiles import Tile, TileError, parse_tile

__all__ = [
    "Facts",
    "claim_problems",
    "VIEWER_PATTERNS",
    "viewer_problem",
    "seat_problem",
    "text_problems",
    "seat_called",
]

_Check = TypeVar("_Check")

_TILE = r"\d-\d"
_EN_TILES = rf"{_TILE}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_TILE})*"
_RU_TILES = rf"{_TILE}(?:(?:\s*,\s*(?:и\s+)?|\s+и\s+){_TILE})*"
_DASH = r"(?:\s*[—:–-]\s*|\s+)"


class Facts(NamedTuple):
    """What the engine knows about a step: the learner's seat and the positions the text may describe."""

    viewer: int
    states: tuple[HandState, ...]
    """Every state the step shows (before its moves, after them, after the right move)."""
    final: HandState | None
    """The state the step's questions are about (after the position's moves), when known."""

    @property
    def result(self) -> HandResult | None:
        if self.final is None or self.final.status is Status.IN_PLAY:
            return None
        return hand_result(self.final)


Check = Callable[[Facts, int, str], Text | None]
"""(facts, seat named, the tiles written or "") -> a problem, or None."""


def viewer_problem(seat: int, viewer: int) -> Text | None:
    """The problem when a text calls ``seat`` "you" but the learner is ``viewer`` (both games' lessons)."""
    if seat == viewer:
        return None
    return msg(
        "the text calls seat {seat} 'you', but the learner is seat {viewer} in this lesson (viewer: {viewer}): "
        "write 'you' for seat {viewer} and 'seat {seat}' for the other, or change viewer:",
        seat=seat,
        viewer=viewer,
    )


def seat_called(seat: int | None, viewer: int) -> Text:
    """How a lesson's text names a seat: "you" for the learner's, "seat 2" for another (both games' lessons)."""
    if seat == viewer:
        return msgc("lesson text, who", "you")
    return msgc("lesson text, who", "seat {seat}", seat=seat)


def _viewer(facts: Facts, seat: int, _tiles: str) -> Text | None:
    return viewer_problem(seat, facts.viewer)


def _holds(facts: Facts, seat: int, tiles: str) -> Text | None:
    for text in re.findall(_TILE, tiles):
        try:
            tile = parse_tile(text)
        except TileError:
            continue
        if any(seat < len(s.hands) and s.hands[seat] & tile.bit for s in facts.states):
            continue
        owner = _owner(facts.states, tile)
        if owner is None:
            where = msg("it is in no hand")
        elif owner == facts.viewer:
            where = msg("it is yours")
        else:
            where = msg("it is seat {seat}'s", seat=owner)
        if seat == facts.viewer:
            return msg(
                "the text says you hold {tile}, but {where}: fix the text or the position", tile=str(tile), where=where
            )
        return msg(
            "the text says seat {seat} holds {tile}, but {where}: fix the text or the position",
            seat=seat,
            tile=str(tile),
            where=where,
        )
    return None


def _owner(states: Sequence[HandState], tile: Tile) -> int | None:
    for state in states:
        for seat, hand in enumerate(state.hands):
            if hand & tile.bit:
                return seat
    return None


def _fewest(facts: Facts, seat: int, _tiles: str) -> Text | None:
    result = facts.result
    if result is None or result.tie:
        return None
    low = min(facts.final.pips(s) for s in range(len(facts.final.hands))) if facts.final else 0
    lowest = [s for s in range(len(facts.final.hands)) if facts.final.pips(s) == low] if facts.final else []
    if seat in lowest:
        return None
    return msgn(
        "the text says {who} has the fewest pips, but the rules core says {right} ({n} pip): write '{right}' there",
        "the text says {who} has the fewest pips, but the rules core says {right} ({n} pips): write '{right}' there",
        low,
        who=seat_called(seat, facts.viewer),
        right=seat_called(lowest[0], facts.viewer),
    )


def _fish(facts: Facts, seat: int, _tiles: str) -> Text | None:
    result = facts.result
    if result is None or result.status is not Status.BLOCKED or result.fish_maker is None or result.fish_maker == seat:
        return None
    return msg(
        "the text says {who} made the fish, but the rules core says {right}: write '{right}' there",
        who=seat_called(seat, facts.viewer),
        right=seat_called(result.fish_maker, facts.viewer),
    )


def _next(facts: Facts, seat: int, _tiles: str) -> Text | None:
    result = facts.result
    if result is None or result.next_leader is None or result.next_leader == seat:
        return None
    return msg(
        "the text says {who} leads the next hand, but the rules core says {right}: write '{right}' there",
        who=seat_called(seat, facts.viewer),
        right=seat_called(result.next_leader, facts.viewer),
    )


VIEWER_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("en", re.compile(r"\byou \((?:at )?seat (\d)\)", re.I)),
    ("en", re.compile(r"\byou are (?:at )?seat (\d)\b", re.I)),
    ("en", re.compile(r"\bseat (\d) \(you\)", re.I)),
    ("ru", re.compile(r"\bвы \((?:игрок|место) (\d)\)", re.I)),
    ("ru", re.compile(r"\bигрок (\d) \(вы\)", re.I)),
)
"""How a text of either game says which seat "you" are, by language; the seat is the first group. A game's
patterns start with these (only the order within a language matters)."""

_PATTERNS: tuple[tuple[str, re.Pattern[str], Check], ...] = (
    *((lang, pattern, _viewer) for lang, pattern in VIEWER_PATTERNS),
    ("en", re.compile(rf"\byou (?:hold|have)(){_DASH}({_EN_TILES})", re.I), _holds),
    ("en", re.compile(rf"\bseat (\d) (?:holds|has){_DASH}({_EN_TILES})", re.I), _holds),
    ("en", re.compile(r"\bseat (\d) has the fewest pips", re.I), _fewest),
    ("en", re.compile(r"\byou() have the fewest pips", re.I), _fewest),
    ("en", re.compile(r"\bseat (\d) made the fish", re.I), _fish),
    ("en", re.compile(r"\byou() made the fish", re.I), _fish),
    ("en", re.compile(r"\bseat (\d) leads the next hand", re.I), _next),
    ("ru", re.compile(rf"\bу вас(){_DASH}({_RU_TILES})", re.I), _holds),
    ("ru", re.compile(rf"\bу игрока (\d){_DASH}(?:остал(?:ись|ся|ась)\s+)?({_RU_TILES})", re.I), _holds),
    ("ru", re.compile(r"\bу игрока (\d) меньше (?:всех|всего) очков", re.I), _fewest),
    ("ru", re.compile(r"\bу вас() меньше (?:всех|всего) очков", re.I), _fewest),
    ("ru", re.compile(r"\bигрок (\d) сделал рыбу", re.I), _fish),
    ("ru", re.compile(r"\bрыбу сделал игрок (\d)", re.I), _fish),
    ("ru", re.compile(r"\bвы() сделали рыбу", re.I), _fish),
)


def text_problems(
    text: str,
    lang: str,
    patterns: Iterable[tuple[str, re.Pattern[str], _Check]],
    judge: Callable[[re.Match[str], _Check], Text | None],
) -> list[Text]:
    """What ``judge`` finds wrong with each match in ``text`` of the patterns of ``lang``, in the patterns' order
    (both games' claim checks read their texts this way)."""
    problems: list[Text] = []
    for pattern_lang, pattern, check in patterns:
        if pattern_lang != lang:
            continue
        for found in pattern.finditer(text):
            problem = judge(found, check)
            if problem is not None:
                problems.append(problem)
    return problems


def seat_problem(seat: int, seats: int | None, table: Text) -> Text | None:
    """The problem when a text names a seat that ``table`` (with ``seats`` seats) lacks; None if unknown or there."""
    if seats is None or seat < seats:
        return None
    return msg("the text names seat {seat}, but {table} has seats 0 to {last}", seat=seat, table=table, last=seats - 1)


def claim_problems(text: str, lang: str, facts: Facts) -> list[Text]:
    """Every claim in one text (``lang``: en or ru) that the engine contradicts, as a message."""
    seats = len(facts.states[0].hands) if facts.states else None

    def judge(found: re.Match[str], check: Check) -> Text | None:
        seat = int(found[1]) if found[1] else facts.viewer
        tiles = found[2] if found.re.groups >= 2 else ""
        return seat_problem(seat, seats, msg("this position")) or check(facts, seat, tiles)

    return text_problems(text, lang, _PATTERNS, judge)
