"""Quiz kinds about Chinese dominoes, answered by ``rules.tien_gow.tiles``.

Why a module of its own: Chinese dominoes have no chain and no position, so
these questions are about tiles and sets only (``tile:``, ``tiles:`` and
``against:`` of a quiz step). ``answers.py`` hands every ``chinese_*`` kind
to ``chinese_answer`` and ``chinese_reason`` here.

Kinds:
- ``chinese_suit`` (tile): ``civil`` or ``military``.
- ``chinese_copies`` (tile): how many such tiles the 32-tile set holds.
- ``chinese_red_pips`` (tile): how many of its pips are red.
- ``chinese_can_lead`` (tiles): whether those tiles may be led as one set.
- ``chinese_beats`` (tiles, against): whether ``tiles`` beat the set ``against``.
"""

from __future__ import annotations

from tutorial_app.lessons.format.model import Answer, QuizStep
from tutorial_app.lessons.format.quizzes import kinds_about
from tutorial_app.rules.text import RulesError, msg, shown
from tutorial_app.rules.tien_gow.tiles import (
    ChineseRulesError,
    can_lead,
    combination,
    copies_in_set,
    judge,
    red_pips,
    suit_of,
)

__all__ = ["CHINESE_QUIZ_KINDS", "ChineseQuizError", "chinese_answer"]

CHINESE_QUIZ_KINDS = kinds_about("chinese")
"""The kinds about Chinese tiles and sets (their specs in ``format.quizzes``)."""


class ChineseQuizError(RulesError):
    """The step lacks what its Chinese question needs (said to the lesson's author, in every language: ``reason``)."""


def _tile(step: QuizStep) -> object:
    if step.tile is None:
        raise ChineseQuizError(msg("ask: {kind} needs {key}: (like {key}: 6-6)", kind=step.ask, key="tile"))
    return step.tile


def _tiles(step: QuizStep) -> list[object]:
    if not step.tiles:
        raise ChineseQuizError(
            msg("ask: {kind} needs {key}: (the set, like {key}: [6-6, 6-3])", kind=step.ask, key="tiles")
        )
    return list(step.tiles)


def _against(step: QuizStep) -> list[object]:
    if not step.against:
        raise ChineseQuizError(
            msg("ask: chinese_beats needs against: (the set on the table, like against: [4-4, 4-4])")
        )
    try:
        combination(step.against)
    except ChineseRulesError as exc:
        raise ChineseQuizError(msg("against: must be a set that can be led: {reason}", reason=exc.reason)) from None
    return list(step.against)


def chinese_answer(step: QuizStep) -> Answer:
    """The rules core's answer to a Chinese dominoes question; ChineseQuizError when it does not fit."""
    kind = step.ask
    try:
        if kind == "chinese_suit":
            return suit_of(_tile(step)).value
        if kind == "chinese_copies":
            return copies_in_set(_tile(step))
        if kind == "chinese_red_pips":
            return red_pips(_tile(step))
        if kind == "chinese_can_lead":
            return can_lead(_tiles(step))
        if kind == "chinese_beats":
            return judge(_tiles(step), _against(step)).beats
    except ChineseRulesError as exc:
        raise ChineseQuizError(exc.reason) from None
    raise ChineseQuizError(msg("unknown Chinese dominoes question {kind}", kind=shown(kind)))
