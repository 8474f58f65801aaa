"""A lesson step as a class meets it: the run at the teacher's step, answers as keys, the verdict.

Why replay to the step: a learner who joins late, or reloads the page, must
see the very step on the wall, with the board as the steps before left it.
``run_at`` plays the steps before it with the rules core's own right
actions (``solve``), from the class's seed, so every device builds the
same position. An answer is stored as a small JSON key (a quiz's value, a
move in the referee's notation, how a capstone hand ended), judged by the
lesson runner, and labelled in each reader's language.
"""

from __future__ import annotations

import json
from typing import Literal, NamedTuple

from tutorial_app.lessons import Feedback, LessonRun, RunError, finish_step, start_run
from tutorial_app.lessons.format.goals import goal_moves
from tutorial_app.lessons.format.model import Answer, CapstoneStep, Lesson, MoveSpec, PlayStep, QuizStep
from tutorial_app.lessons.quiz.answers import choice_label, normalize_answer
from tutorial_app.rules.line.moves import why_illegal
from tutorial_app.rules.line.state import Move
from tutorial_app.rules.text import Text, msg
from tutorial_app.strategy.explain import move_name

__all__ = [
    "Task",
    "task_of",
    "run_at",
    "answer_key",
    "move_key",
    "action_key",
    "hand_key",
    "read_key",
    "option_keys",
    "right_keys",
    "key_label",
    "judge",
    "verdict",
    "capstone_outcome",
    "Judged",
]

Task = Literal["quiz", "move", "hand", "read"]
Outcome = Literal["won", "lost", "tie"]
_OUTCOMES: dict[str, Text] = {
    "won": msg("won the hand"),
    "lost": msg("lost the hand"),
    "tie": msg("a tie"),
}


def task_of(run: LessonRun) -> Task:
    """What the current step asks of a learner: answer a quiz, play a move, play a whole hand, or read."""
    step = run.step
    if isinstance(step, QuizStep):
        return "quiz"
    if isinstance(step, PlayStep):
        return "move"
    if isinstance(step, CapstoneStep):
        return "hand"
    return "read"


def run_at(lesson: Lesson, index: int, seed: int) -> LessonRun:
    """A fresh run of ``lesson`` standing at step ``index`` (0-based), as the class sees it."""
    if not 0 <= index < len(lesson.steps):
        raise RunError(f"{lesson.id} has no step {index + 1}")
    run = start_run(lesson, seed)
    while run.index < index:
        finish_step(run)
        run.next()
    return run


def answer_key(value: Answer) -> str:
    """The key of a quiz answer (a normalised value: ``True``, ``2``, ``"6-4"``)."""
    return json.dumps({"answer": value}, ensure_ascii=False)


def move_key(move: Move) -> str:
    """The key of a move, in the referee's notation."""
    return json.dumps({"move": move.as_dict()}, sort_keys=True)


def action_key(action: Answer | Move) -> str:
    """The key of a quiz value or of a move."""
    return move_key(action) if isinstance(action, Move) else answer_key(action)


def hand_key(outcome: Outcome) -> str:
    """The key of how a learner's capstone hand ended for them."""
    return json.dumps({"hand": outcome})


def read_key(key: str) -> Answer | Move | Outcome | None:
    """What a key stands for (None for a key this module did not make)."""
    try:
        data = json.loads(key)
    except ValueError:
        return None
    if not isinstance(data, dict) or len(data) != 1:
        return None
    if "answer" in data and isinstance(data["answer"], int | str):
        return data["answer"]
    if "move" in data:
        try:
            return MoveSpec.model_validate(data["move"]).to_move()
        except ValueError:
            return None
    if data.get("hand") in _OUTCOMES:
        return data["hand"]  # type: ignore[no-any-return]
    return None


def option_keys(run: LessonRun) -> list[str]:
    """The keys of a quiz's choices in the order shown (none for a typed answer or a move)."""
    choices = run.choices() if isinstance(run.step, QuizStep) else None
    return [answer_key(value) for value, _label in choices or ()]


def right_keys(run: LessonRun) -> frozenset[str]:
    """The keys of every right answer: the quiz's answer, or each legal move that reaches the step's goal."""
    step = run.step
    if isinstance(step, QuizStep) and run.right_answer is not None:
        return frozenset({answer_key(run.right_answer)})
    if isinstance(step, PlayStep) and run.scene is not None:
        return frozenset(move_key(move) for move, _after in goal_moves(run.scene.state, step.goal))
    if isinstance(step, CapstoneStep):
        return frozenset({hand_key("won")})
    return frozenset()


def key_label(key: str, run: LessonRun, lang: str) -> str:
    """An answer as the reader says it: "Yes", "Seat 2", "6-4 on the left", "draw", "won the hand"."""
    value = read_key(key)
    if isinstance(value, Move):
        return move_name(value).in_(lang)
    step = run.step
    if isinstance(step, CapstoneStep) and isinstance(value, str) and value in _OUTCOMES:
        return _OUTCOMES[value].in_(lang)
    if isinstance(step, QuizStep) and value is not None:
        rules = run.scene.rules if run.scene is not None else run.rules
        return choice_label(step.ask, value, rules, lang, run.viewer)
    return "?"


class Judged(NamedTuple):
    """A learner's answer as stored: its key and whether it is right; or, for input that is no answer,
    ``refused`` says why (nothing is stored then)."""

    key: str | None
    correct: bool
    refused: Text | None = None


def judge(lesson: Lesson, index: int, seed: int, action: object) -> Judged:
    """Judge a learner's first answer to step ``index``: a quiz value (typed or chosen) or a move.

    An illegal move or an answer of the wrong kind ("seven" for a number) is
    refused with the reason and the learner tries again; it is not a wrong
    answer, just not an answer yet.
    """
    run = run_at(lesson, index, seed)
    step = run.step
    if isinstance(step, QuizStep) and not isinstance(action, Move):
        try:
            value = normalize_answer(step.ask, action)
        except ValueError:
            return Judged(None, False, run.answer(action).message)
        return Judged(answer_key(value), run.answer(value).correct)
    if isinstance(step, PlayStep) and isinstance(action, Move):
        feedback = run.submit_move(action)
        if not feedback.correct and not feedback.played:  # not allowed by the rules: the rules core says why
            return Judged(None, False, _illegal(run, action))
        return Judged(move_key(action), feedback.correct)
    return Judged(None, False, msg("this step takes no such answer"))


def _illegal(run: LessonRun, move: Move) -> Text:
    assert run.scene is not None
    return why_illegal(run.scene.state, move) or msg("not allowed here")


def verdict(lesson: Lesson, index: int, seed: int, key: str) -> Feedback | None:
    """The lesson runner's feedback on an answer given: right or not, and the worked explanation.

    Shown to a learner once the teacher reveals the answer, in the language of each screen.
    """
    run = run_at(lesson, index, seed)
    value = read_key(key)
    if isinstance(run.step, QuizStep) and value is not None and not isinstance(value, Move):
        feedback = run.answer(value)
        if feedback.correct:
            return feedback
        return Feedback(False, feedback.message, explanation=run.explanation())
    if isinstance(run.step, PlayStep) and isinstance(value, Move):
        return run.submit_move(value)
    return None


def capstone_outcome(run: LessonRun) -> Outcome | None:
    """How a finished capstone hand ended for the learner's side (None while it is played)."""
    table = run.capstone
    if table is None or not table.hand_over:
        return None
    return table.game.verdict(table.state, run.viewer)
