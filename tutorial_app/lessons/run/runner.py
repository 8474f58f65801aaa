"""Running a lesson of any game: a state machine the app drives one learner action at a time.

Why no UI here: the app, the tests and the automatic solver drive the same
``LessonRun``; it takes a move or an answer and gives back ``Feedback``,
with the rules core's reason when a move is illegal and its worked
explanation after every answer and every hand's end, as ``Text`` in every
language (the screen writes it out in the learner's language when it draws
it, so a language switched mid-lesson applies to it too). What depends on
the lesson's game (its positions, moves, goals, questions, how a move is
told back) is asked of the game's ``LessonGame`` (``lessons.games``); the
steps are walked the same way for every game.

    run = LessonRun(lesson)
    while not run.finished:
        run.step, run.state, run.viewer  # what to show (the learner is one seat all lesson)
        fb = run.submit_move(move)       # play and capstone steps
        fb = run.answer(value)           # quiz steps
        fb.message.in_("ru")             # what to say, in the learner's language
        if run.paused: run.resume()      # a capstone table waiting after a trick the bots took
        if run.refuted: run.retry()      # after a wrong move was played out
        if run.done: run.next()
    run.stars                        # 1-3
"""

from __future__ import annotations

from typing import Any

from tutorial_app.lessons.format.capstone import capstone_table
from tutorial_app.lessons.format.model import (
    Answer,
    CapstoneStep,
    ExplainStep,
    Lesson,
    PlayStep,
    QuizStep,
    RememberStep,
    WrongMove,
)
from tutorial_app.lessons.games import LessonGame, lesson_game
from tutorial_app.lessons.run.core import RIGHT, Feedback, RunCore, RunError, play_out, refuted
from tutorial_app.rules.text import RulesError, Text, joined, msg
from tutorial_app.strategy.bot_table import BotTable, person_move, resume

__all__ = ["Feedback", "LessonRun", "RunError"]

_LEGAL_NOT_GOAL = msg("That move is allowed, but it is not what this step asks for.")
_HAND_OVER = msg("The hand is over.")


class LessonRun(RunCore):
    """One learner going through one lesson, of whichever game it teaches."""

    def __init__(self, lesson: Lesson, seed: int | None = None) -> None:
        super().__init__(lesson, seed)
        self.lessons: LessonGame = lesson_game(lesson.rules)
        self.rules: Any = self.lessons.rules_of(lesson.rules, lesson.players, lesson.overrides)
        self._scene: Any = None
        self._refuted: Any = None
        self._capstone: BotTable | None = None
        self._enter(previous=None)

    @classmethod
    def start(cls, lesson: Lesson, seed: int | None = None) -> LessonRun:
        """A fresh run at the first step (``seed`` fixes a capstone's deal when the step has none)."""
        return cls(lesson, seed)

    # -- what to show ------------------------------------------------------

    @property
    def game(self) -> Any:
        """The rules core's game the lesson teaches (``rules.games``)."""
        return self.lessons.game

    @property
    def scene(self) -> Any:
        """The current position with what is known about it (None: no board): the game's own scene value."""
        return self._scene

    @property
    def state(self) -> Any:
        """The hand to draw now: the capstone hand, the position a refuted wrong move led to, or the step's
        position (after a right move, with the scripted replies played)."""
        if self._capstone is not None:
            return self._capstone.state
        if self._refuted is not None:
            return self._refuted
        return self._scene.state if self._scene is not None else None

    @property
    def capstone(self) -> BotTable | None:
        """The capstone table while a capstone step is on."""
        return self._capstone

    @property
    def refuted(self) -> bool:
        """Whether the board shows where a wrong move led (``retry`` goes back to the step's position)."""
        return self._refuted is not None

    @property
    def paused(self) -> bool:
        """The capstone table waits after a trick the bots took (``resume`` goes on)."""
        return self._capstone is not None and not self._done and self._capstone.paused

    def choices(self, lang: str = "en") -> list[tuple[Answer, str]] | None:
        """A quiz's options as (value, label); None when the learner types the answer."""
        step = self.step
        if not isinstance(step, QuizStep):
            return None
        assert self._right is not None
        return self.lessons.choices(step, self._scene, self.rules, self._right, self.viewer, lang)

    def engine_explanation(self) -> Text | None:
        step = self.step
        if not isinstance(step, QuizStep):
            return None
        return self.lessons.explanation(step, self._scene, self.rules, self.viewer)

    def is_forced(self) -> bool:
        state = self._scene.state if self._scene is not None else None
        return isinstance(self.step, PlayStep) and state is not None and len(self.game.legal_moves(state)) == 1

    # -- learner actions ---------------------------------------------------

    def submit_move(self, move: Any) -> Feedback:
        """The learner's move in a play step or in the capstone hand."""
        step = self.step
        if isinstance(step, CapstoneStep) and not self._done:
            return self._capstone_move(move)
        if not isinstance(step, PlayStep) or self._done or self._scene is None:
            raise RunError("the current step does not take a move")
        self._refuted = None
        game, lessons = self.game, self.lessons
        state = self._scene.state
        reason = game.why_illegal(state, move)
        if reason is not None:
            self.mistakes += 1
            return Feedback(False, reason, hint=step.hint.text(), mistake=True)
        after = game.apply(state, move)
        seat = state.to_move
        if lessons.satisfies(step.goal, state, move, after):
            return self._right_move(step, seat, move, after)
        self.mistakes += 1
        for wrong in step.wrong:
            if _tempting(lessons, wrong, move):
                return self._refute(step, wrong, seat, move, state, after)
        return Feedback(
            False,
            _LEGAL_NOT_GOAL,
            hint=step.hint.text(),
            played=((seat, move),),
            states=(after,),
            mistake=True,
        )

    def _right_move(self, step: PlayStep, seat: int, move: Any, after: Any) -> Feedback:
        """The step is done: the scripted replies are played, and the move told with the lesson's words."""
        played, states = play_out(after, [self.lessons.move_of(s) for s in step.replies], self.game.apply)
        final = states[-1] if states else after
        head, tail = self.lessons.right_words(self._scene, step, seat, move, played, final, self.viewer)
        self._scene = self._scene._replace(state=final)
        self._done = True
        said = joined((head, step.success.text() if step.success else None, tail))
        return Feedback(
            True,
            RIGHT,
            explanation=said if said.en else None,
            played=((seat, move), *played),
            states=(after, *states),
        )

    def _refute(self, step: PlayStep, wrong: WrongMove, seat: int, move: Any, before: Any, after: Any) -> Feedback:
        """Play out what goes wrong after a tempting move, and explain it (the board shows it until ``retry``)."""
        played, states = play_out(after, [self.lessons.move_of(s) for s in wrong.replies], self.game.apply)
        final = states[-1] if states else after
        self._refuted = final
        what = self.lessons.refuted_words(before, after, seat, move, played, final, self.viewer)
        ending = self.game.explain_end(final, self.viewer) if final.is_over else None
        return Feedback(
            False,
            refuted(bool(played)),
            hint=step.hint.text(),
            explanation=self._joined(what, wrong.text.text(), ending),
            played=((seat, move), *played),
            states=(after, *states),
            mistake=True,
        )

    def _joined(self, *parts: Text | None) -> Text | None:
        """Parts of a worked explanation, joined as the game's explanations are (None: nothing to say)."""
        said = joined(parts, self.lessons.separator)
        return said if said.en else None

    def retry(self) -> None:
        """Back to the step's position after a wrong move was played out."""
        self._refuted = None

    def _capstone_move(self, move: Any) -> Feedback:
        table = self._capstone
        assert table is not None
        try:
            moved = person_move(table, move)
        except RulesError as exc:
            self.mistakes += 1
            return Feedback(False, exc.reason, mistake=True)
        return self._capstone_said(moved)

    def resume(self) -> Feedback:
        """The capstone hand goes on after a pause (the bots lead)."""
        table = self._capstone
        if table is None or not self.paused:
            raise RunError("the capstone hand is not waiting")
        return self._capstone_said(resume(table))

    def _capstone_said(self, table: BotTable) -> Feedback:
        before = self._capstone
        assert before is not None
        self._capstone = table
        said = self.lessons.capstone_words(before.state, table.since, table.bots_since(), self.viewer)
        if not table.hand_over:
            return Feedback(True, said, played=table.since)
        self._done = True
        ending = self.game.explain_end(table.state, self.viewer)
        explanation = self._joined(*self.lessons.end_words(said, ending))
        return Feedback(True, _HAND_OVER, explanation=explanation, played=table.since)

    def _enter_next(self) -> None:
        self._enter(self._scene)

    # -- internals ---------------------------------------------------------

    def _enter(self, previous: Any) -> None:
        step = self.step
        self._done = isinstance(step, (ExplainStep, RememberStep))
        self._right = None
        self._refuted = None
        self._capstone = None
        scene: Any = None
        if isinstance(step, CapstoneStep):
            seed = step.seed if step.seed is not None else self._seed + self.index
            bot = self.lessons.capstone_bot(step.bot) or "greedy"
            self._capstone = capstone_table(self.game, self.rules, self.viewer, bot, seed)
            self._done = self._capstone.hand_over
        elif not isinstance(step, RememberStep):
            if step.position is not None:
                scene = self.lessons.read_scene(self.lesson, self.rules, step.position)
            elif step.from_previous:
                scene = previous
        self._scene = scene
        if isinstance(step, QuizStep):
            self._right = self.lessons.answer(step, scene, self.rules, self.viewer)


def _tempting(lessons: LessonGame, wrong: WrongMove, move: Any) -> bool:
    """Whether the learner's move is a wrong move the step plays out (one the game can read)."""
    try:
        written = lessons.move_of(wrong.move)
    except ValueError:
        return False
    return bool(lessons.game.same_move(written, move))
