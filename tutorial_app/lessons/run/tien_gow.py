"""Running a Tien Gow lesson (``rules: tien_gow``): positions, moves, questions and a whole hand against bots.

The same learner actions as a line game's ``LessonRun`` (``RunCore``):
``submit_move`` with an engine ``Move`` (``play`` or ``discard`` of the
selected tiles), ``answer``, ``hint``, ``retry`` after a wrong move was
played out, ``next``. Every explanation comes from the Tien Gow engine.

The capstone is one hand dealt by the engine with the banker drawn by lot;
the bots answer the learner and stop after every trick they take before a
bot leads the next (``paused``), so the learner sees the trick; ``resume``
lets them go on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

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
from tutorial_app.lessons.format.tien_gow_scene import (
    TrickScene,
    read_trick_scene,
    same_move,
    tien_gow_rules,
    trick_goal_moves,
    trick_move,
    trick_satisfies,
)
from tutorial_app.lessons.quiz.answers import choice_label
from tutorial_app.lessons.quiz.tien_gow import trick_answer, trick_choices, trick_explanation
from tutorial_app.lessons.run.core import RIGHT, Feedback, RunCore, RunError, play_out
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.line.worked import join
from tutorial_app.rules.text import Text
from tutorial_app.rules.tien_gow.bots import TienGowBot, choose_greedy, paused, play_bots, tien_gow_bot
from tutorial_app.rules.tien_gow.worked import describe_plays, explain_settlement

__all__ = ["TienGowRun", "TrickCapstone", "deal_trick_capstone", "capstone_move", "capstone_resume", "solve_trick_step"]

_LEGAL_NOT_GOAL = Text(
    "That move is allowed, but it is not what this step asks for.",
    "Так ходить можно, но задание в другом.",
)
_REFUTED = Text("Allowed, but watch what happens next.", "Так можно, но посмотрите, что будет дальше.")
_HAND_OVER = Text("The hand is over.", "Раздача окончена.")


class TrickCapstone(NamedTuple):
    """The capstone hand as it stands; ``since`` holds the moves since the learner's last action."""

    rules: tg.TienGowRules
    viewer: int
    bot: TienGowBot
    seed: int
    start: tg.HandState
    state: tg.HandState
    banker_reason: Text
    since: tuple[tuple[int, tg.Move], ...] = ()

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def paused(self) -> bool:
        """A trick has just been taken and a bot leads the next: the learner looks, then goes on."""
        return paused(self.state, self.viewer)


def _bots(hand: TrickCapstone, mine: tuple[tuple[int, tg.Move], ...] = (), resume: bool = False) -> TrickCapstone:
    """The bots' turns; ``since`` becomes the learner's own move (``mine``) and theirs."""
    seed = hand.seed
    turns = play_bots(hand.state, hand.viewer, hand.bot, lambda n: random.Random(f"capstone/{seed}/{n}"), resume=resume)
    return hand._replace(state=turns.state, since=(*mine, *turns.moves))


def deal_trick_capstone(rules: tg.TienGowRules, viewer: int, bot: TienGowBot, seed: int) -> TrickCapstone:
    """Deal the hand (banker by lot) and let the bots play up to the learner's first turn."""
    dealt = tg.deal(rules, random.Random(f"capstone/{seed}"))
    hand = TrickCapstone(rules, viewer, bot, seed, dealt.state, dealt.state, dealt.banker_reason)
    return _bots(hand)


def capstone_move(hand: TrickCapstone, move: tg.Move) -> TrickCapstone:
    """The learner's move (IllegalMoveError with the reason), then the bots up to the next pause."""
    if hand.over or hand.state.to_move != hand.viewer:
        raise ValueError("it is not the learner's turn")
    return _bots(hand._replace(state=tg.apply(hand.state, move)), ((hand.viewer, move),))


def capstone_resume(hand: TrickCapstone) -> TrickCapstone:
    """After a pause: the bots lead and play on up to the learner's turn or the next pause."""
    return _bots(hand, resume=True)


class TienGowRun(RunCore):
    """One learner going through one Tien Gow lesson."""

    def __init__(self, lesson: Lesson, seed: int | None = None) -> None:
        super().__init__(lesson, seed)
        self.rules = tien_gow_rules(dict(lesson.overrides))
        self._scene: TrickScene | None = None
        self._refuted: tg.HandState | None = None
        self._capstone: TrickCapstone | None = None
        self._enter(None)

    # -- what to show ------------------------------------------------------

    @property
    def scene(self) -> TrickScene | None:
        """The step's position (None: no table)."""
        return self._scene

    @property
    def state(self) -> tg.HandState | None:
        """The hand to draw now: the capstone hand, where a wrong move led, or the step's position."""
        if self._capstone is not None:
            return self._capstone.state
        if self._refuted is not None:
            return self._refuted
        return self._scene.state if self._scene is not None else None

    @property
    def capstone(self) -> TrickCapstone | None:
        return self._capstone

    @property
    def refuted(self) -> bool:
        return self._refuted is not None

    @property
    def paused(self) -> bool:
        """The capstone hand waits after a trick the bots took (``resume`` goes on)."""
        return self._capstone is not None and self._capstone.paused

    def choices(self, lang: str = "en") -> list[tuple[Answer, str]] | None:
        step = self.step
        if not isinstance(step, QuizStep):
            return None
        options = trick_choices(step)
        if options is None:
            return None
        return [(value, choice_label(step.ask, value, None, lang, self.viewer)) for value in options]

    def engine_explanation(self) -> Text | None:
        step = self.step
        if not isinstance(step, QuizStep):
            return None
        return trick_explanation(step, self._scene, self.viewer)

    def is_forced(self) -> bool:
        state = self._scene.state if self._scene is not None else None
        return isinstance(self.step, PlayStep) and state is not None and len(tg.legal_sequence(state)) == 1

    # -- learner actions ---------------------------------------------------

    def submit_move(self, move: tg.Move, lang: str = "en") -> Feedback:
        """The learner's move in a play step or in the capstone hand."""
        step = self.step
        if isinstance(step, CapstoneStep) and not self._done:
            return self._capstone_move(move, lang)
        if not isinstance(step, PlayStep) or self._done or self._scene is None:
            raise RunError("the current step does not take a move")
        self._refuted = None
        state = self._scene.state
        reason = tg.why_illegal(state, move)
        if reason is not None:
            self.mistakes += 1
            return Feedback(False, reason.in_(lang), hint=step.hint.in_(lang), mistake=True)
        after = tg.apply(state, move)
        seat = state.to_move
        if trick_satisfies(step.goal, state, tg.normalize(move), after):
            played, states = play_out(after, [trick_move(s) for s in _texts(step.replies)], tg.apply)
            self._scene = self._scene._replace(state=states[-1] if states else after)
            self._done = True
            said = join(
                describe_plays(state, ((seat, move), *played), self.viewer),
                step.success.text() if step.success else None,
            )
            return Feedback(
                True,
                RIGHT.in_(lang),
                explanation=said.in_(lang) or None,
                played=((seat, move), *played),
                states=(after, *states),
            )
        self.mistakes += 1
        for wrong in step.wrong:
            if isinstance(wrong.move, str) and same_move(trick_move(wrong.move), move):
                return self._refute(step, wrong, seat, move, state, after, lang)
        return Feedback(
            False,
            _LEGAL_NOT_GOAL.in_(lang),
            hint=step.hint.in_(lang),
            played=((seat, move),),
            states=(after,),
            mistake=True,
        )

    def _refute(
        self,
        step: PlayStep,
        wrong: WrongMove,
        seat: int,
        move: tg.Move,
        before: tg.HandState,
        after: tg.HandState,
        lang: str,
    ) -> Feedback:
        """Play out what goes wrong after a tempting move, and explain it (the board shows it until ``retry``)."""
        played, states = play_out(after, [trick_move(s) for s in _texts(wrong.replies)], tg.apply)
        final = states[-1] if states else after
        self._refuted = final
        ending = explain_settlement(final, self.viewer) if final.is_over else None
        said = _paragraphs(
            lang, describe_plays(before, ((seat, move), *played), self.viewer), wrong.text.text(), ending
        )
        return Feedback(
            False,
            _REFUTED.in_(lang),
            hint=step.hint.in_(lang),
            explanation=said,
            played=((seat, move), *played),
            states=(after, *states),
            mistake=True,
        )

    def retry(self) -> None:
        """Back to the step's position after a wrong move was played out."""
        self._refuted = None

    def _capstone_move(self, move: tg.Move, lang: str) -> Feedback:
        hand = self._capstone
        assert hand is not None
        try:
            hand = capstone_move(hand, move)
        except tg.IllegalMoveError as exc:
            self.mistakes += 1
            return Feedback(False, exc.reason.in_(lang), mistake=True)
        return self._capstone_said(hand, lang)

    def resume(self, lang: str = "en") -> Feedback:
        """The capstone hand goes on after a pause (the bots lead)."""
        hand = self._capstone
        if hand is None or not hand.paused:
            raise RunError("the capstone hand is not waiting")
        return self._capstone_said(capstone_resume(hand), lang)

    def _capstone_said(self, hand: TrickCapstone, lang: str) -> Feedback:
        before = self._capstone
        assert before is not None
        self._capstone = hand
        said = describe_plays(before.state, hand.since, self.viewer)
        if not hand.over:
            return Feedback(True, said.in_(lang), played=hand.since)
        self._done = True
        ending = explain_settlement(hand.state, self.viewer)
        return Feedback(True, _HAND_OVER.in_(lang), explanation=_paragraphs(lang, said, ending), played=hand.since)

    # -- internals ---------------------------------------------------------

    def _enter_next(self) -> None:
        self._enter(self._scene)

    def _enter(self, previous: TrickScene | None) -> None:
        step = self.step
        self._done = isinstance(step, (ExplainStep, RememberStep))
        self._right = None
        self._refuted = None
        self._capstone = None
        scene: TrickScene | None = None
        if isinstance(step, CapstoneStep):
            seed = step.seed if step.seed is not None else self._seed + self.index
            self._capstone = deal_trick_capstone(self.rules, self.viewer, tien_gow_bot(step.bot) or "greedy", seed)
            self._done = self._capstone.over
        elif not isinstance(step, RememberStep):
            if step.position is not None:
                scene = read_trick_scene(step.position, self.rules, dict(self.lesson.overrides))
            elif step.from_previous:
                scene = previous
        self._scene = scene
        if isinstance(step, QuizStep):
            self._right = trick_answer(step, scene, self.viewer)


def _paragraphs(lang: str, *parts: Text | None) -> str:
    """What happened, the lesson's words and the end of the hand as paragraphs (markdown), in ``lang``."""
    return "\n\n".join(part.in_(lang) for part in parts if part is not None and part.en)


def _texts(moves: Sequence[object]) -> list[str]:
    """A Tien Gow step's moves (validated lessons write them as text)."""
    return [m for m in moves if isinstance(m, str)]


def solve_trick_step(run: TienGowRun) -> tg.Move | Answer | None:
    """A right action for the current step, found through the engine (None: nothing to do, or a pause)."""
    step = run.step
    if run.done:
        return None
    if isinstance(step, PlayStep):
        assert run.scene is not None
        found = trick_goal_moves(run.scene.state, step.goal)
        return found[0][0] if found else None
    if isinstance(step, QuizStep):
        return run.right_answer
    hand = run.capstone
    if isinstance(step, CapstoneStep) and hand is not None and not hand.paused:
        return choose_greedy(hand.state, tg.legal_sequence(hand.state))
    return None
