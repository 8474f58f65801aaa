"""Running a lesson: a state machine the app drives one learner action at a time.

Why no UI here: the app, the tests and the automatic solver drive the same
``LessonRun``; it takes a move or an answer and gives back ``Feedback`` in
the learner's language, with the rules core's reason when a move is illegal
and its worked explanation after every answer and every hand's end.

    run = LessonRun.start(lesson)
    while not run.finished:
        run.step, run.state, run.viewer  # what to show (the learner is one seat all lesson)
        fb = run.submit_move(move, "ru")  # play and capstone steps
        fb = run.answer(value, "ru")      # quiz steps
        if run.refuted: run.retry()       # after a wrong move was played out
        if run.done: run.next()
    run.stars                        # 1-3
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutorial_app.lessons.capstone import CapstoneHand, bot_move, deal_capstone, learner_move
from tutorial_app.lessons.goals import goal_moves, satisfies
from tutorial_app.lessons.model import (
    Answer,
    CapstoneStep,
    ExplainStep,
    Lesson,
    PlayStep,
    QuizStep,
    RememberStep,
    Step,
    WrongMove,
)
from tutorial_app.lessons.quiz_explain import quiz_explanation
from tutorial_app.lessons.quizzes import choice_label, correct_answer, default_choices, normalize_answer
from tutorial_app.lessons.scenes import Scene, lesson_rules, read_scene
from tutorial_app.rules.moves import IllegalMoveError, apply, why_illegal
from tutorial_app.rules.options import HouseRules
from tutorial_app.rules.state import HandState, Move
from tutorial_app.rules.text import Text
from tutorial_app.rules.worked import join
from tutorial_app.rules.worked_end import explain_hand_end
from tutorial_app.rules.worked_moves import describe_moves

__all__ = ["Feedback", "LessonRun", "RunError", "solve_step"]

_RIGHT = Text("Right!", "Верно!")
_LEGAL_NOT_GOAL = Text(
    "That move is allowed, but it is not what this step asks for.",
    "Так ходить можно, но задание в другом.",
)
_REFUTED = Text("Allowed, but watch what happens next.", "Так можно, но посмотрите, что будет дальше.")
_NOT_QUITE = Text("Not quite. Try again.", "Не совсем. Попробуйте ещё раз.")
_HAND_OVER = Text("The hand is over.", "Раздача окончена.")
_WRITE = Text("Answer with {what}.", "Нужен ответ: {what}.")
_WHAT = {
    "true or false": Text("yes or no", "да или нет"),
    "a tile like 6-4": Text("a tile like 6-4", "кость вида 6-4"),
    "a whole number": Text("a whole number", "целое число"),
    "a whole number or tie": Text("a whole number or tie", "целое число или «ничья»"),
}


_ABOUT_HIDDEN_TILES = frozenset({"unseen_in_suit"})
"""Questions about what the learner cannot see: the other hands stay face down."""


class RunError(RuntimeError):
    """The app asked for something the current step does not take (a programming error)."""


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after an action.

    ``explanation`` is the rules core's worked explanation, followed by the
    lesson's own words. ``played`` lists the moves that followed (the
    learner's own, then scripted replies, a refutation or the bots' moves)
    as (seat, move), and ``states`` the state after each, so the app can
    show them. ``mistake`` says whether it counted against the stars.
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

    def __init__(self, lesson: Lesson, seed: int | None = None) -> None:
        self.lesson = lesson
        self.rules: HouseRules = lesson_rules(lesson)
        self.index = 0
        self.mistakes = 0
        self.hints_used = 0
        self._hinted: set[int] = set()
        self._done = False
        self._scene: Scene | None = None
        self._right: Answer | None = None
        self._refuted: HandState | None = None
        self._capstone: CapstoneHand | None = None
        self._seed = seed if seed is not None else random.randrange(1 << 30)
        self._enter(previous=None)

    @classmethod
    def start(cls, lesson: Lesson, seed: int | None = None) -> LessonRun:
        """A fresh run at the first step (``seed`` fixes a capstone's deal when the step has none)."""
        return cls(lesson, seed)

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
        """The hand to draw now: the step's position (after a right move, with the scripted replies played),
        the position a refuted wrong move led to, or the capstone hand."""
        if self._capstone is not None:
            return self._capstone.state
        if self._refuted is not None:
            return self._refuted
        return self._scene.state if self._scene is not None else None

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
        if isinstance(step, RememberStep):
            return False
        if step.show_hands is not None:
            return step.show_hands == "all"
        if isinstance(step, PlayStep):
            return False
        return not (isinstance(step, QuizStep) and step.ask in _ABOUT_HIDDEN_TILES)

    @property
    def capstone(self) -> CapstoneHand | None:
        """The capstone hand while a capstone step is on."""
        return self._capstone

    @property
    def refuted(self) -> bool:
        """Whether the board shows where a wrong move led (``retry`` goes back to the step's position)."""
        return self._refuted is not None

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
        return [(value, choice_label(step.ask, value, rules, lang, self.viewer)) for value in options]

    def explanation(self, lang: str = "en") -> str | None:
        """The worked explanation of the current quiz's answer: the rules core's, then the lesson's own."""
        step = self.step
        if not isinstance(step, QuizStep):
            return None
        engine = quiz_explanation(step, self._scene, self.rules, self.viewer)
        own = step.explain.text() if step.explain is not None else None
        joined = join(engine, own)
        return joined.in_(lang) if joined.en else None

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
        """The learner's move in a play step or in the capstone hand."""
        step = self.step
        if isinstance(step, CapstoneStep) and not self._done:
            return self._capstone_move(move, lang)
        if not isinstance(step, PlayStep) or self._done or self._scene is None:
            raise RunError("the current step does not take a move")
        self._refuted = None
        state = self._scene.state
        reason = why_illegal(state, move)
        if reason is not None:
            self.mistakes += 1
            return Feedback(False, reason.in_(lang), hint=step.hint.in_(lang), mistake=True)
        after = apply(state, move)
        seat = state.to_move
        if satisfies(step.goal, state, move, after):
            played, states = _play_out(after, [s.to_move() for s in step.replies])
            final = states[-1] if states else after
            self._scene = self._scene._replace(state=final)
            self._done = True
            said = join(step.success.text() if step.success else None, self._ending(final))
            return Feedback(True, _RIGHT.in_(lang), explanation=said.in_(lang) if said.en else None,
                            played=((seat, move), *played), states=(after, *states))
        self.mistakes += 1
        for wrong in step.wrong:
            if _same(wrong.move.to_move(), move):
                return self._refute(step, wrong, seat, move, after, lang)
        return Feedback(False, _LEGAL_NOT_GOAL.in_(lang), hint=step.hint.in_(lang),
                        played=((seat, move),), states=(after,), mistake=True)

    def _refute(self, step: PlayStep, wrong: WrongMove, seat: int, move: Move, after: HandState,
                lang: str) -> Feedback:
        """Play out what goes wrong after a tempting move, and explain it (the board shows it until ``retry``)."""
        played, states = _play_out(after, [s.to_move() for s in wrong.replies])
        final = states[-1] if states else after
        self._refuted = final
        record = [(s, m, drawn) for s, m, drawn, _points in final.log[len(after.log):]]
        said = join(describe_moves(record, self.viewer), wrong.text.text(), self._ending(final))
        return Feedback(False, _REFUTED.in_(lang), hint=step.hint.in_(lang), explanation=said.in_(lang),
                        played=((seat, move), *played), states=(after, *states), mistake=True)

    def _ending(self, state: HandState) -> Text | None:
        """The worked end of the hand when ``state`` is over (how it ended, the pips, the score), else None."""
        return explain_hand_end(state, self.viewer).text() if state.is_over else None

    def retry(self) -> None:
        """Back to the step's position after a wrong move was played out."""
        self._refuted = None

    def _capstone_move(self, move: Move, lang: str) -> Feedback:
        hand = self._capstone
        assert hand is not None
        try:
            hand = learner_move(hand, move)
        except IllegalMoveError as exc:
            self.mistakes += 1
            return Feedback(False, exc.reason.in_(lang), mistake=True)
        self._capstone = hand
        seat = self.viewer
        played = ((seat, move), *hand.since)
        if not hand.over:
            said = describe_moves([(s, m, ()) for s, m in hand.since], self.viewer)
            return Feedback(True, said.in_(lang), played=played)
        self._done = True
        ending = explain_hand_end(hand.state, self.viewer).text()
        return Feedback(True, _HAND_OVER.in_(lang), explanation=ending.in_(lang), played=played)

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
        if given != self._right:
            self.mistakes += 1
            return Feedback(False, _NOT_QUITE.in_(lang), hint=step.hint.in_(lang), mistake=True)
        self._done = True
        return Feedback(True, _RIGHT.in_(lang), explanation=self.explanation(lang))

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
        self._refuted = None
        self._capstone = None
        scene: Scene | None = None
        if isinstance(step, CapstoneStep):
            seed = step.seed if step.seed is not None else self._seed + self.index
            self._capstone = deal_capstone(self.rules, self.viewer, step.bot, seed)
            self._done = self._capstone.over
        elif not isinstance(step, RememberStep):
            if step.position is not None:
                scene = read_scene(self.lesson, step.position)
            elif step.from_previous:
                scene = previous
        self._scene = scene
        if isinstance(step, QuizStep):
            self._right = correct_answer(step, scene, self.rules)


def _play_out(state: HandState, moves: list[Move]) -> tuple[list[tuple[int, Move]], list[HandState]]:
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
        assert run.scene is not None
        state = run.scene.state
        found = goal_moves(state, step.goal)
        return found[0][0] if found else None
    if isinstance(step, QuizStep):
        return run.right_answer
    if isinstance(step, CapstoneStep) and run.capstone is not None:
        return bot_move(run.capstone.state, "greedy", random.Random(0))
    return None
