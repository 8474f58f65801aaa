"""What a Tien Gow lesson's text says about seats, checked against the Tien Gow engine where it can tell.

The same promise as ``claims`` for the line games: the learner is one seat
for the whole lesson, and the text never disagrees with the table. Two plain
patterns are read, in English and Russian: who "you" are ("you (seat 0)",
«вы (игрок 0)») and who leads the trick on show ("seat 3 leads" / "has
led", «игрок 3 заходит» / «зашёл»), which must be the open trick's leader,
or the seat to lead when no trick is open. Past tense ("seat 1 led") tells
a story about an earlier trick and is left to the author.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tutorial_app.lessons.check.claims import (
    VIEWER_PATTERNS,
    seat_called,
    seat_problem,
    text_problems,
    viewer_problem,
)
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.text import Text, msg

__all__ = ["trick_claim_problems"]

Check = Callable[[tg.HandState, int, int], Text | None]
"""(the position on show, the learner's seat, the seat named) -> a problem, or None."""


def _viewer(_state: tg.HandState, viewer: int, seat: int) -> Text | None:
    return viewer_problem(seat, viewer)


def _leads(state: tg.HandState, viewer: int, seat: int) -> Text | None:
    trick = state.trick
    if state.is_over:
        return None
    leader = trick.leader if trick is not None and trick.plays else state.to_move
    if leader == seat:
        return None
    return msg(
        "the text says {who} leads this trick, but on the table {right} does: write '{right}' there",
        who=seat_called(seat, viewer),
        right=seat_called(leader, viewer),
    )


_PATTERNS: tuple[tuple[str, re.Pattern[str], Check], ...] = (
    *((lang, pattern, _viewer) for lang, pattern in VIEWER_PATTERNS),
    ("en", re.compile(r"\bseat (\d) (?:leads|has led|is leading)\b", re.I), _leads),
    ("ru", re.compile(r"\bигрок (\d) (?:заходит|зашёл|зашел)\b", re.I), _leads),
)


def trick_claim_problems(text: str, lang: str, state: tg.HandState, viewer: int) -> list[Text]:
    """Every claim in one text (``lang``: en or ru) that the Tien Gow position contradicts, as a message."""

    def judge(found: re.Match[str], check: Check) -> Text | None:
        seat = int(found[1])
        return seat_problem(seat, len(state.hands), msg("a Tien Gow table")) or check(state, viewer, seat)

    return text_problems(text, lang, _PATTERNS, judge)
