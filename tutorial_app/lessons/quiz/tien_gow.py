"""Questions about a Tien Gow position: the right answer and its worked explanation, both from the engine.

Why one function per kind, answer and explanation side by side: each
question has its own arithmetic (the trick points added up, 4 − 1 = 3 to
the winner, doubled for the banker), worked out by ``rules.tien_gow.worked``.
Questions about Chinese tiles and sets (``chinese_*``) need no position and
are answered as in any lesson (``quiz.chinese``).

Kinds (``seat:`` defaults to the seat to move, else the learner):
- ``trick_taker``: who takes the trick the position's moves finished.
- ``trick_legal`` (``move: play 6-6 6-3``): whether that move is allowed now.
- ``trick_next_leader``: who leads the next trick (after the hand: its winner, the next banker).
- ``trick_may_take_last`` (``seat:``): whether the seat may take the last trick now being played.
- ``trick_points`` (``seat:``): the seat's trick points.
- ``trick_hand_winner``: who won the finished hand.
- ``trick_pays`` (``seat:``): chips the seat pays the winner (negative: the winner pays it).
- ``trick_collects``: chips the winner collects in all.
"""

from __future__ import annotations

from collections.abc import Callable

from tutorial_app.lessons.format.model import Answer, QuizStep
from tutorial_app.lessons.format.quizzes import kinds_about
from tutorial_app.lessons.format.tien_gow_scene import TrickScene, trick_move
from tutorial_app.lessons.quiz.answers import QuizError, answer_type, fixed_choices
from tutorial_app.lessons.quiz.chinese import CHINESE_QUIZ_KINDS, chinese_answer
from tutorial_app.lessons.quiz.explain import chinese_explanation
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.text import Text, msg, reason_of
from tutorial_app.rules.tien_gow.worked import (
    explain_legal,
    explain_may_take_last,
    explain_next_leader,
    explain_settlement,
    explain_trick,
    explain_trick_points,
)

__all__ = ["TIEN_GOW_LESSON_KINDS", "TRICK_EXPLAINED_KINDS", "trick_answer", "trick_explanation", "trick_choices"]

TIEN_GOW_LESSON_KINDS = kinds_about("tien_gow", "chinese")
"""Every question a ``rules: tien_gow`` lesson may ask."""


def _state(step: QuizStep, scene: TrickScene | None) -> tg.HandState:
    if scene is None:
        raise QuizError(msg("ask: {kind} is about a position: add position: (or from_previous: true)", kind=step.ask))
    return scene.state


def _finished(step: QuizStep, scene: TrickScene | None) -> tg.HandResult:
    state = _state(step, scene)
    if not state.is_over:
        raise QuizError(
            msg("ask: {kind} needs a finished hand: add the moves of the last trick to the position", kind=step.ask)
        )
    return tg.hand_result(state)


def _taken_trick(step: QuizStep, scene: TrickScene | None) -> tg.Trick:
    state = _state(step, scene)
    last = state.last_trick
    if state.trick is not None or last is None:
        raise QuizError(
            msg(
                "ask: {kind} is about a trick all four have played: give the position the moves of a "
                "whole trick (a trick still open has no taker yet)",
                kind=step.ask,
            )
        )
    return last


def _seat(step: QuizStep, state: tg.HandState, viewer: int) -> int:
    if step.seat is not None:
        return step.seat
    return state.to_move if not state.is_over else viewer


def _move(step: QuizStep) -> tg.Move:
    if not isinstance(step.move, str):
        raise QuizError(msg("ask: trick_legal needs move: written as text, like move: play 6-6 6-3"))
    return trick_move(step.move)


def _last_trick(step: QuizStep, scene: TrickScene | None) -> tg.HandState:
    state = _state(step, scene)
    if not state.is_last_trick:
        raise QuizError(
            msg(
                "ask: trick_may_take_last is about the last trick: the position's moves must lead it "
                "(every seat then holds as many tiles as were led)"
            )
        )
    return state


def _winner_of(step: QuizStep, scene: TrickScene | None) -> tuple[tg.HandResult, tg.Settlement]:
    result = _finished(step, scene)
    seat = step.seat
    if seat is None or seat == result.winner:
        raise QuizError(
            msg(
                "ask: trick_pays needs seat: one of the seats that settle with the winner (not {winner}, who won)",
                winner=result.winner,
            )
        )
    return result, next(s for s in result.settlements if s.seat == seat)


Answerer = Callable[[QuizStep, TrickScene | None, int], Answer]
Explainer = Callable[[QuizStep, TrickScene | None, int], Text]


def _taker(step: QuizStep, scene: TrickScene | None, _viewer: int) -> Answer:
    return _taken_trick(step, scene).taker


def _legal(step: QuizStep, scene: TrickScene | None, _viewer: int) -> Answer:
    state = _state(step, scene)
    return tg.why_illegal(state, _move(step)) is None


def _next_leader(step: QuizStep, scene: TrickScene | None, _viewer: int) -> Answer:
    state = _state(step, scene)
    if state.is_over:
        return tg.hand_result(state).next_banker
    if state.trick is not None:
        raise QuizError(msg("ask: trick_next_leader is asked between tricks: finish the open trick in the position"))
    return state.to_move


def _may_take_last(step: QuizStep, scene: TrickScene | None, viewer: int) -> Answer:
    state = _last_trick(step, scene)
    return not state.sits_out(_seat(step, state, viewer))


def _points(step: QuizStep, scene: TrickScene | None, viewer: int) -> Answer:
    state = _state(step, scene)
    return state.taken[_seat(step, state, viewer)]


def _hand_winner(step: QuizStep, scene: TrickScene | None, _viewer: int) -> Answer:
    return _finished(step, scene).winner


def _pays(step: QuizStep, scene: TrickScene | None, _viewer: int) -> Answer:
    return _winner_of(step, scene)[1].amount


def _collects(step: QuizStep, scene: TrickScene | None, _viewer: int) -> Answer:
    return _finished(step, scene).collected


def _chinese(step: QuizStep, _scene: TrickScene | None, _viewer: int) -> Answer:
    try:
        return chinese_answer(step)
    except ValueError as exc:
        raise QuizError(reason_of(exc)) from None


_ANSWERS: dict[str, Answerer] = {
    "trick_taker": _taker,
    "trick_legal": _legal,
    "trick_next_leader": _next_leader,
    "trick_may_take_last": _may_take_last,
    "trick_points": _points,
    "trick_hand_winner": _hand_winner,
    "trick_pays": _pays,
    "trick_collects": _collects,
    **{kind: _chinese for kind in CHINESE_QUIZ_KINDS},
}


def trick_answer(step: QuizStep, scene: TrickScene | None, viewer: int) -> Answer:
    """The engine's answer; QuizError when the question does not fit the lesson or the position."""
    answerer = _ANSWERS.get(step.ask)
    if answerer is None:
        raise QuizError(
            msg(
                "ask: {kind} is about the double-six set; a Tien Gow lesson asks trick_* and chinese_* questions",
                kind=step.ask,
            )
        )
    return answerer(step, scene, viewer)


_EXPLAINERS: dict[str, Explainer] = {
    "trick_taker": lambda step, scene, viewer: explain_trick(_taken_trick(step, scene), viewer),
    "trick_legal": lambda step, scene, viewer: explain_legal(_state(step, scene), _move(step), viewer),
    "trick_next_leader": lambda step, scene, viewer: explain_next_leader(_state(step, scene), viewer),
    "trick_may_take_last": lambda step, scene, viewer: explain_may_take_last(
        _last_trick(step, scene), _seat(step, _state(step, scene), viewer), viewer
    ),
    "trick_points": lambda step, scene, viewer: explain_trick_points(
        _state(step, scene), _seat(step, _state(step, scene), viewer), viewer
    ),
    "trick_hand_winner": lambda step, scene, viewer: explain_settlement(_state(step, scene), viewer),
    "trick_pays": lambda step, scene, viewer: explain_settlement(_state(step, scene), viewer),
    "trick_collects": lambda step, scene, viewer: explain_settlement(_state(step, scene), viewer),
}


TRICK_EXPLAINED_KINDS = frozenset(_EXPLAINERS)
"""The Tien Gow questions the engine explains (a test keeps every kind explained)."""


def trick_explanation(step: QuizStep, scene: TrickScene | None, viewer: int) -> Text | None:
    """The engine's worked explanation of the right answer."""
    explainer = _EXPLAINERS.get(step.ask)
    if explainer is None:
        return chinese_explanation(step)
    return explainer(step, scene, viewer)


def trick_choices(step: QuizStep) -> list[Answer] | None:
    """The options offered: the author's, else yes/no, the four seats, or the two suits; None: typed in."""
    fixed = fixed_choices(step)
    if fixed is None and answer_type(step.ask) == "seat":
        return list(range(tg.PLAYERS))
    return fixed
