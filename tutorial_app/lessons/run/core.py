"""What every lesson run shares, whatever game it teaches: the step reached, mistakes, hints, stars, answers.

Why apart from ``runner.LessonRun``: this is the bookkeeping of a lesson
(the step reached, mistakes, hints, stars, a quiz's answer), which knows
nothing of positions or moves; the runner adds what a game's positions and
moves need.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from tutorial_app.lessons.format.model import (
    Answer,
    CapstoneStep,
    Lesson,
    PlayStep,
    QuizStep,
    Step,
    shows_every_hand,
)
from tutorial_app.lessons.quiz.answers import normalize_answer
from tutorial_app.rules.text import Text, joined, msg, reason_of

__all__ = ["Feedback", "RunCore", "RunError", "RIGHT", "play_out", "refuted"]

RIGHT = msg("Right!")
_NOT_QUITE = msg("Not quite. Try again.")
_REFUTED = msg("Allowed, but watch what happens next.")
_NOT_THIS = msg("Allowed, but not the move this step is after.")


def refuted(replied: bool) -> Text:
    """The first words after a tempting wrong move: "watch what happens next" only when something happens next."""
    return _REFUTED if replied else _NOT_THIS


_YES_OR_NO = msg("yes or no")
"""A yes-or-no question's answer form as the learner's buttons say it (the lesson file writes true or false)."""


class _Table(Protocol):
    @property
    def to_move(self) -> int: ...


State = TypeVar("State", bound=_Table)
Moved = TypeVar("Moved")


def play_out(
    state: State, moves: Sequence[Moved], apply: Callable[[State, Moved], State]
) -> tuple[list[tuple[int, Moved]], list[State]]:
    """Scripted moves (replies, a refutation) played one after another: (seat, move) and the state after each."""
    played: list[tuple[int, Moved]] = []
    states: list[State] = []
    for move in moves:
        played.append((state.to_move, move))
        state = apply(state, move)
        states.append(state)
    return played, states


class RunError(RuntimeError):
    """The app asked for something the current step does not take (a programming error)."""


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after an action.

    ``message``, ``hint`` and ``explanation`` are ``Text``, written out in
    the learner's language only when shown (Why: a page switched to another
    language says the verdict on screen again in that language).
    ``explanation`` is the rules core's worked explanation, followed by the
    lesson's own words. ``played`` lists the moves that followed (the
    learner's own, then scripted replies, a refutation or the bots' moves)
    as (seat, move), and ``states`` the state after each, so the app can
    show them (moves and states of the lesson's game). ``mistake`` says
    whether it counted against the stars.
    """

    correct: bool
    message: Text
    hint: Text | None = None
    explanation: Text | None = None
    played: tuple[tuple[int, Any], ...] = ()
    states: tuple[Any, ...] = ()
    mistake: bool = False


class RunCore:
    """One learner going through one lesson: the bookkeeping (``runner.LessonRun`` enters steps, explains answers
    and takes moves)."""

    def __init__(self, lesson: Lesson, seed: int | None = None) -> None:
        self.lesson = lesson
        self.index = 0
        self.mistakes = 0
        self.hints_used = 0
        self._hinted: dict[int, int] = {}
        """Per step, how many levels of its hint were shown."""
        self._done = False
        self._right: Answer | None = None
        self._seed = seed if seed is not None else random.randrange(1 << 30)

    # -- what to show ------------------------------------------------------

    @property
    def step(self) -> Step:
        """The current step."""
        return self.lesson.steps[self.index]

    @property
    def viewer(self) -> int:
        """The learner's seat, the same for the whole lesson (the lesson's ``viewer``)."""
        return self.lesson.viewer

    @property
    def reveal(self) -> bool:
        """Whether every hand is drawn face up in this step.

        The step's ``show_hands`` decides; by default a question or an
        explanation shows every hand (a question about the deal needs them),
        while a move, a question about what the learner cannot see, and a
        capstone hand in play show only the learner's own tiles.
        """
        step = self.step
        if isinstance(step, CapstoneStep):
            return self._done
        return shows_every_hand(step)

    @property
    def done(self) -> bool:
        """Whether the current step is complete (explain and remember steps are complete at once)."""
        return self._done

    @property
    def finished(self) -> bool:
        """Whether the last step is complete."""
        return self._done and self.index == len(self.lesson.steps) - 1

    @property
    def progress(self) -> float:
        """How far into the lesson the learner is, 0.0 to 1.0: step n of N is n / N.

        Why not "steps completed": an explanation is complete on arrival and a
        question is not, so that count stood still from step 1 to step 2.
        """
        return (self.index + 1) / len(self.lesson.steps)

    @property
    def stars(self) -> int:
        """3 with no mistakes and no hints; 2 with a few (up to a third of the tasks, at least 2); else 1."""
        slips = self.mistakes + self.hints_used
        if slips == 0:
            return 3
        tasks = sum(1 for s in self.lesson.steps if isinstance(s, (PlayStep, QuizStep, CapstoneStep)))
        return 2 if slips <= max(2, tasks // 3) else 1

    @property
    def right_answer(self) -> Answer | None:
        """The rules core's answer to the current quiz (for the solver or a "show me" button)."""
        return self._right

    def engine_explanation(self) -> Text | None:
        """The rules core's worked explanation of the current quiz's answer (None: not a quiz)."""
        raise NotImplementedError

    def explanation(self) -> Text | None:
        """The worked explanation of the current quiz's answer: the rules core's, then the lesson's own."""
        step = self.step
        if not isinstance(step, QuizStep):
            return None
        own = step.explain.text() if step.explain is not None else None
        said = joined((self.engine_explanation(), own))
        return said if said.en else None

    def is_forced(self) -> bool:
        """Whether the current step is a play with a single legal move (no decision)."""
        raise NotImplementedError

    # -- learner actions ---------------------------------------------------

    def hint(self) -> Text | None:
        """The step's hint, one level further on each press; None where there is none.

        A two-level hint (``hint_answer``) gives its question on the first press and the question with its
        answer on the second; each level counts once against the stars. In a capstone with ``hints`` the
        engine's Hint is the help: asking for it counts once too, and the hint itself is shown by the app
        (None here).
        """
        step = self.step
        helped = isinstance(step, (PlayStep, QuizStep)) or (isinstance(step, CapstoneStep) and step.hints)
        if not helped or self._done:
            return None
        shown = self._hinted.get(self.index, 0)
        if shown < self.hint_levels():
            shown += 1
            self._hinted[self.index] = shown
            self.hints_used += 1
        if not isinstance(step, (PlayStep, QuizStep)):
            return None
        if shown == 2 and step.hint_answer is not None:
            return joined((step.hint.text(), step.hint_answer.text()), "\n\n")
        return step.hint.text()

    def hint_levels(self) -> int:
        """How many presses of Hint the current step answers: 2 for a question and its answer, else 1."""
        step = self.step
        return 2 if isinstance(step, (PlayStep, QuizStep)) and step.hint_answer is not None else 1

    @property
    def more_hint(self) -> bool:
        """Whether another press of Hint would tell more (the answer to a two-level hint's question)."""
        step = self.step
        if not isinstance(step, (PlayStep, QuizStep)) or self._done:
            return False
        return 0 < self._hinted.get(self.index, 0) < self.hint_levels()

    def answer(self, value: object) -> Feedback:
        """The learner's answer in a quiz step (a choice's value, or typed text in any of the app's languages)."""
        step = self.step
        if not isinstance(step, QuizStep) or self._done:
            raise RunError("the current step does not take an answer")
        try:
            given = normalize_answer(step.ask, value)
        except ValueError as exc:
            form = reason_of(exc)  # the form an answer of this kind takes, in every language
            what = _YES_OR_NO if form.en == "true or false" else form
            return Feedback(False, msg("Answer with {what}.", what=what))
        if given != self._right:
            self.mistakes += 1
            return Feedback(False, _NOT_QUITE, hint=step.hint.text(), mistake=True)
        self._done = True
        return Feedback(True, RIGHT, explanation=self.explanation())

    def next(self) -> None:
        """Go to the next step; the current one must be complete."""
        if not self._done:
            raise RunError("finish the current step first")
        if self.index + 1 >= len(self.lesson.steps):
            raise RunError("the lesson is finished")
        self.index += 1
        self._enter_next()

    def _enter_next(self) -> None:
        """Set up the step just reached (``index`` already points at it)."""
        raise NotImplementedError
