"""Running a lesson: a state machine the app drives one learner action at a time.

Why no UI here: the app, the tests and the automatic solver drive the same
``LessonRun``; it takes a move or an answer and gives back ``Feedback`` in
the learner's language, with the rules core's reason when a move is illegal.

    run = LessonRun.start(lesson)
    while not run.finished:
        run.step, run.state          # what to show
        fb = run.submit_move(move, "ru")  # play steps
        fb = run.answer(value, "ru")      # quiz steps
        if run.done: run.next()
    run.stars                        # 1-3
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial_app.lessons.goals import goal_moves, satisfies
from tutorial_app.lessons.model import Answer, ExplainStep, Lesson, PlayStep, QuizStep, RememberStep, Step
from tutorial_app.lessons.quizzes import (
    Scene,
    choice_label,
    correct_answer,
    default_choices,
    engine_reason,
    normalize_answer,
)
from tutorial_app.lessons.scenes import lesson_rules, read_scene
from tutorial_app.rules.moves import apply, why_illegal
from tutorial_app.rules.options import HouseRules
from tutorial_app.rules.state import HandState, Move
from tutorial_app.rules.text import Text

__all__ = ["Feedback", "LessonRun", "RunError", "solve_step"]

_RIGHT = Text("Right!", "Верно!")
_LEGAL_NOT_GOAL = Text(
    "That move is allowed, but it is not what this step asks for.",
    "Так ходить можно, но задание в другом.",
)
_REFUTED = Text("Allowed, but watch what happens next.", "Так можно, но посмотрите, что будет дальше.")
_NOT_QUITE = Text("Not quite. Try again.", "Не совсем. Попробуйте ещё раз.")
_WRITE = Text("Answer with {what}.", "Нужен ответ: {what}.")
_WHAT = {
    "true or false": Text("yes or no", "да или нет"),
    "a tile like 6-4": Text("a tile like 6-4", "кость вида 6-4"),
    "a whole number": Text("a whole number", "целое число"),
    "a whole number or tie": Text("a whole number or tie", "целое число или «ничья»"),
}


class RunError(RuntimeError):
    """The app asked for something the current step does not take (a programming error)."""


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after an action.

    ``played`` lists the moves that followed (the learner's own, then scripted
    replies or a refutation) as (seat, move), and ``states`` the state after
    each, so the app can animate them. ``mistake`` says whether it counted.
    """

    correct: bool
    message: str
    hint: str | None = None
    explanation: str | None = None
    played: tuple[tuple[int, Move], ...] = ()
    states: tuple[HandState, ...] = ()
    mistake: bool = False


class LessonRun:
    """One learner going through one lesson."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.rules: HouseRules = lesson_rules(lesson)
        self.index = 0
        self.mistakes = 0
        self.hints_used = 0
        self.tries = 0
        self._hinted: set[int] = set()
        self._done = False
        self._scene: Scene | None = None
        self._right: Answer | None = None
        self._enter(previous=None)

    @classmethod
    def start(cls, lesson: Lesson) -> LessonRun:
        """A fresh run at the first step."""
        return cls(lesson)

    # -- what to show ------------------------------------------------------

    @property
    def step(self) -> Step:
        """The current step."""
        return self.lesson.steps[self.index]

    @property
    def scene(self) -> Scene | None:
        """The current position with what is known about its deal and match (None: no board)."""
        return self._scene

    @property
    def state(self) -> HandState | None:
        """The hand to draw now (after a right move, with the scripted replies played)."""
        return self._scene.state if self._scene is not None else None

    @property
    def you(self) -> int | None:
        """The learner's seat in this step (the step's ``you``, else the seat to move)."""
        step = self.step
        if isinstance(step, RememberStep) or self._scene is None:
            return None
        return step.you if step.you is not None else self._start_to_move

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
        """Share of steps completed, 0.0 to 1.0."""
        total = len(self.lesson.steps)
        return (self.index + (1 if self._done else 0)) / total

    @property
    def stars(self) -> int:
        """3 with no mistakes and no hints; 2 with a few (up to a third of the tasks, at least 2); else 1."""
        slips = self.mistakes + self.hints_used
        if slips == 0:
            return 3
        tasks = sum(1 for s in self.lesson.steps if isinstance(s, (PlayStep, QuizStep)))
        return 2 if slips <= max(2, tasks // 3) else 1

    @property
    def right_answer(self) -> Answer | None:
        """The rules core's answer to the current quiz (for the solver or a "show me" button)."""
        return self._right

    def choices(self, lang: str = "en") -> list[tuple[Answer, str]] | None:
        """A quiz's options as (value, label); None when the learner types the answer."""
        step = self.step
        if not isinstance(step, QuizStep):
            return None
        assert self._right is not None
        options = default_choices(step, self._scene, self._right)
        if options is None:
            return None
        rules = self._scene.rules if self._scene is not None else self.rules
        return [(value, choice_label(step.ask, value, rules, lang)) for value in options]

    # -- learner actions ---------------------------------------------------

    def hint(self, lang: str = "en") -> str | None:
        """The step's hint (counted once per step against the stars); None where there is none."""
        step = self.step
        if not isinstance(step, (PlayStep, QuizStep)) or self._done:
            return None
        if self.index not in self._hinted:
            self._hinted.add(self.index)
            self.hints_used += 1
        return step.hint.in_(lang)

    def submit_move(self, move: Move, lang: str = "en") -> Feedback:
        """The learner's move in a play step."""
        step = self.step
        if not isinstance(step, PlayStep) or self._done or self._scene is None:
            raise RunError("the current step does not take a move")
        state = self._scene.state
        self.tries += 1
        reason = why_illegal(state, move)
        if reason is not None:
            self.mistakes += 1
            return Feedback(False, reason.in_(lang), hint=step.hint.in_(lang), mistake=True)
        after = apply(state, move)
        seat = state.to_move
        if satisfies(step.goal, state, move, after):
            played, states = self._play_out(after, [s.to_move() for s in step.replies])
            self._scene = self._scene._replace(state=states[-1] if states else after)
            self._done = True
            explanation = step.success.in_(lang) if step.success else None
            return Feedback(True, _RIGHT.in_(lang), explanation=explanation,
                            played=((seat, move), *played), states=(after, *states))
        self.mistakes += 1
        for wrong in step.wrong:
            if _same(wrong.move.to_move(), move):
                played, states = self._play_out(after, [s.to_move() for s in wrong.replies])
                return Feedback(False, _REFUTED.in_(lang), hint=step.hint.in_(lang), explanation=wrong.text.in_(lang),
                                played=((seat, move), *played), states=(after, *states), mistake=True)
        return Feedback(False, _LEGAL_NOT_GOAL.in_(lang), hint=step.hint.in_(lang),
                        played=((seat, move),), states=(after,), mistake=True)

    def answer(self, value: object, lang: str = "en") -> Feedback:
        """The learner's answer in a quiz step (a choice's value, or typed text)."""
        step = self.step
        if not isinstance(step, QuizStep) or self._done:
            raise RunError("the current step does not take an answer")
        try:
            given = normalize_answer(step.ask, value)
        except ValueError as exc:
            what = _WHAT.get(str(exc), Text(str(exc), str(exc)))
            return Feedback(False, _WRITE.in_(lang).format(what=what.in_(lang)))
        self.tries += 1
        if given != self._right:
            self.mistakes += 1
            return Feedback(False, _NOT_QUITE.in_(lang), hint=step.hint.in_(lang), mistake=True)
        self._done = True
        reason = engine_reason(step, self._scene)
        explanation = step.explain.in_(lang) if step.explain else (reason.in_(lang) if reason else None)
        return Feedback(True, _RIGHT.in_(lang), explanation=explanation)

    def next(self) -> None:
        """Go to the next step; the current one must be complete."""
        if not self._done:
            raise RunError("finish the current step first")
        if self.index + 1 >= len(self.lesson.steps):
            raise RunError("the lesson is finished")
        previous = self._scene
        self.index += 1
        self._enter(previous)

    # -- internals ---------------------------------------------------------

    def _enter(self, previous: Scene | None) -> None:
        step = self.step
        self._done = isinstance(step, (ExplainStep, RememberStep))
        self._right = None
        scene: Scene | None = None
        if not isinstance(step, RememberStep):
            if step.position is not None:
                scene = read_scene(self.lesson, step.position)
            elif step.from_previous:
                scene = previous
        self._scene = scene
        self._start_to_move = scene.state.to_move if scene is not None else None
        if isinstance(step, QuizStep):
            self._right = correct_answer(step, scene, self.rules)

    def _play_out(self, state: HandState, moves: list[Move]) -> tuple[list[tuple[int, Move]], list[HandState]]:
        played: list[tuple[int, Move]] = []
        states: list[HandState] = []
        for move in moves:
            played.append((state.to_move, move))
            state = apply(state, move)
            states.append(state)
        return played, states


def _same(a: Move, b: Move) -> bool:
    return (a.action, a.tile, a.end, a.closed) == (b.action, b.tile, b.end, b.closed)


def solve_step(run: LessonRun) -> Move | Answer | None:
    """A right action for the current step, found through the rules core (None: nothing to do)."""
    step = run.step
    if run.done:
        return None
    if isinstance(step, PlayStep):
        state = run.state
        assert state is not None
        found = goal_moves(state, step.goal)
        return found[0][0] if found else None
    if isinstance(step, QuizStep):
        return run.right_answer
    return None
