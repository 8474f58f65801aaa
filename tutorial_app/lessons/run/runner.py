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

from tutorial_app.lessons.check.table import is_forced
from tutorial_app.lessons.format.capstone import CapstoneHand, bot_move, deal_capstone, learner_move
from tutorial_app.lessons.format.goals import goal_moves, satisfies
from tutorial_app.lessons.format.model import (
    Answer,
    CapstoneStep,
    ExplainStep,
    Lesson,
    PlayStep,
    QuizStep,
    RememberStep,
    WrongMove,
    line_move,
)
from tutorial_app.lessons.format.scenes import Scene, lesson_rules, read_scene
from tutorial_app.lessons.quiz.answers import choice_label, correct_answer, default_choices
from tutorial_app.lessons.quiz.explain import quiz_explanation
from tutorial_app.lessons.quiz.strategy import engine_explanation
from tutorial_app.lessons.run.core import RIGHT, Feedback, RunCore, RunError, play_out
from tutorial_app.rules.line.moves import IllegalMoveError, apply, why_illegal
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.line.worked import join
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.line.worked_moves import describe_moves
from tutorial_app.rules.text import Text

__all__ = ["Feedback", "LessonRun", "RunError", "solve_step"]

_LEGAL_NOT_GOAL = Text(
    "That move is allowed, but it is not what this step asks for.",
    "Так ходить можно, но задание в другом.",
)
_REFUTED = Text("Allowed, but watch what happens next.", "Так можно, но посмотрите, что будет дальше.")
_HAND_OVER = Text("The hand is over.", "Раздача окончена.")


class LessonRun(RunCore):
    """One learner going through one lesson of a line game (Tien Gow's lessons: ``run.tien_gow``)."""

    def __init__(self, lesson: Lesson, seed: int | None = None) -> None:
        super().__init__(lesson, seed)
        self.rules: HouseRules = lesson_rules(lesson)
        self._scene: Scene | None = None
        self._refuted: HandState | None = None
        self._capstone: CapstoneHand | None = None
        self._enter(previous=None)

    @classmethod
    def start(cls, lesson: Lesson, seed: int | None = None) -> LessonRun:
        """A fresh run at the first step (``seed`` fixes a capstone's deal when the step has none)."""
        return cls(lesson, seed)

    # -- what to show ------------------------------------------------------

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
    def capstone(self) -> CapstoneHand | None:
        """The capstone hand while a capstone step is on."""
        return self._capstone

    @property
    def refuted(self) -> bool:
        """Whether the board shows where a wrong move led (``retry`` goes back to the step's position)."""
        return self._refuted is not None

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
        state = self._scene.state if self._scene is not None else None
        return [(value, choice_label(step.ask, value, rules, lang, self.viewer, state)) for value in options]

    def engine_explanation(self) -> Text | None:
        step = self.step
        if not isinstance(step, QuizStep):
            return None
        return quiz_explanation(step, self._scene, self.rules, self.viewer)

    def is_forced(self) -> bool:
        state = self._scene.state if self._scene is not None else None
        return isinstance(self.step, PlayStep) and state is not None and is_forced(state)

    # -- learner actions ---------------------------------------------------

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
            engine = engine_explanation(self._scene, seat) if step.best else None
            played, states = play_out(after, [line_move(s) for s in step.replies], apply)
            final = states[-1] if states else after
            self._scene = self._scene._replace(state=final)
            self._done = True
            said = join(engine, step.success.text() if step.success else None, self._ending(final))
            return Feedback(
                True,
                RIGHT.in_(lang),
                explanation=said.in_(lang) if said.en else None,
                played=((seat, move), *played),
                states=(after, *states),
            )
        self.mistakes += 1
        for wrong in step.wrong:
            if _same(line_move(wrong.move), move):
                return self._refute(step, wrong, seat, move, after, lang)
        return Feedback(
            False,
            _LEGAL_NOT_GOAL.in_(lang),
            hint=step.hint.in_(lang),
            played=((seat, move),),
            states=(after,),
            mistake=True,
        )

    def _refute(self, step: PlayStep, wrong: WrongMove, seat: int, move: Move, after: HandState, lang: str) -> Feedback:
        """Play out what goes wrong after a tempting move, and explain it (the board shows it until ``retry``)."""
        played, states = play_out(after, [line_move(s) for s in wrong.replies], apply)
        final = states[-1] if states else after
        self._refuted = final
        record = [(s, m, drawn) for s, m, drawn, _points in final.log[len(after.log) :]]
        said = join(describe_moves(record, self.viewer), wrong.text.text(), self._ending(final))
        return Feedback(
            False,
            _REFUTED.in_(lang),
            hint=step.hint.in_(lang),
            explanation=said.in_(lang),
            played=((seat, move), *played),
            states=(after, *states),
            mistake=True,
        )

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

    def _enter_next(self) -> None:
        self._enter(self._scene)

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
