"""The validator's second pass for a Tien Gow lesson (``rules: tien_gow``), through the Tien Gow engine.

The same promises as a line game's lesson (``semantics.SemanticPass``, whose
checks of answers, choices, source notes and blank tiles it reuses): every
position is one the engine accepts (each of its moves legal), the learner
moves in every play step, some legal move reaches each goal, replies and
wrong moves are legal, a wrong move does not reach the goal, a single legal
move is marked ``forced``, every question is answered by the engine, and the
capstone hand can be played to its end.
"""

from __future__ import annotations

import random

from tutorial_app.lessons.check.semantics import LessonFrame, Report, SemanticPass
from tutorial_app.lessons.check.tien_gow_claims import trick_claim_problems
from tutorial_app.lessons.format.goals import goal_keys
from tutorial_app.lessons.format.model import (
    TRICK_GOAL_KEYS,
    CapstoneStep,
    ExplainStep,
    MoveSpec,
    PlayStep,
    QuizStep,
    RememberStep,
    Step,
)
from tutorial_app.lessons.format.tien_gow_scene import (
    TrickPositionError,
    TrickScene,
    read_trick_scene,
    trick_goal_moves,
    trick_move,
    trick_satisfies,
)
from tutorial_app.lessons.quiz.answers import QuizError
from tutorial_app.lessons.quiz.tien_gow import TIEN_GOW_LESSON_KINDS, trick_answer
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.tien_gow.bots import TIEN_GOW_BOTS, play_bots, tien_gow_bot
from tutorial_app.source import Path_

__all__ = ["TienGowPass"]

_SHOWN_MOVES = 8
"""How many legal moves an error lists before "..."."""


class TienGowPass(SemanticPass):
    """Walks a Tien Gow lesson's steps in order, carrying the position a ``from_previous`` step continues from."""

    def __init__(self, error: Report, frame: LessonFrame, rules: tg.TienGowRules | None) -> None:
        super().__init__(error, frame)
        self.trick_rules = rules

    def run(self, steps: list[Step | None]) -> None:
        previous: TrickScene | None = None
        note = ""
        broken = False
        for i, step in enumerate(steps):
            at: Path_ = ("steps", i)
            if step is None:
                previous, broken = None, True
                continue
            self.source_notes(at, step)
            self.hint_levels(at, step)
            if not isinstance(step, (RememberStep, CapstoneStep)) and step.claims:
                self.error((*at, "claims"), "claims: are proved on a line game's deals; a Tien Gow step has none")
            if isinstance(step, (RememberStep, CapstoneStep)):
                if isinstance(step, CapstoneStep):
                    self.trick_capstone(at, step)
                previous, note, broken = None, f"a {step.kind} step shows no position", False
                continue
            self.no_blanks(at, step)
            scene, unreadable = self.trick_scene(at, i, step, previous, note, broken)
            previous, note, broken = scene, "the previous step shows no position", unreadable
            if scene is not None:
                self.trick_claims(at, step, scene)
            if isinstance(step, PlayStep):
                previous, note = self.trick_play(at, step, scene) if scene is not None else (None, "")
            elif isinstance(step, QuizStep) and not unreadable:
                self.trick_quiz(at, step, scene)

    def trick_claims(self, at: Path_, step: ExplainStep | PlayStep | QuizStep, scene: TrickScene) -> None:
        """The step's words about seats against the position it shows (see ``tien_gow_claims``)."""
        for key in ("text", "explain"):
            text = getattr(step, key, None)
            if text is None:
                continue
            for lang in ("en", "ru"):
                for problem in trick_claim_problems(getattr(text, lang), lang, scene.state, self.frame.viewer):
                    self.error((*at, key, lang), problem)

    # -- positions ----------------------------------------------------------

    def trick_scene(
        self,
        at: Path_,
        i: int,
        step: ExplainStep | PlayStep | QuizStep,
        previous: TrickScene | None,
        note: str,
        broken: bool,
    ) -> tuple[TrickScene | None, bool]:
        if step.position is not None:
            if self.trick_rules is None:
                return None, True  # the lesson's options are already reported
            try:
                return read_trick_scene(step.position, self.trick_rules, self.frame.overrides), False
            except TrickPositionError as exc:
                self.error((*at, "position", *exc.where), f"impossible position: {exc.reason.en}")
                return None, True
        return self.continued(at, i, step, previous, note, broken)

    # -- play steps ---------------------------------------------------------

    def trick_play(self, at: Path_, step: PlayStep, scene: TrickScene) -> tuple[TrickScene | None, str]:
        state = scene.state
        where = (*at, "position") if step.position is not None else (*at, "from_previous")
        foreign = [k for k in dict.fromkeys(goal_keys(step.goal)) if k not in TRICK_GOAL_KEYS]
        if foreign:
            self.error(
                (*at, "goal"),
                f"{', '.join(foreign)} is a line game's goal; a Tien Gow goal is one of: "
                f"{', '.join(sorted(TRICK_GOAL_KEYS))}",
            )
            return None, ""
        if state.is_over:
            self.error(where, "the hand is already over here: nothing to play")
            return None, ""
        if state.to_move != self.frame.viewer:
            self.error(
                where,
                f"the learner (seat {self.frame.viewer}) moves in a play step, but seat {state.to_move} "
                "is to move here: add the moves before the learner's turn to moves:",
            )
            return None, ""
        legal = tg.legal_sequence(state)
        if len(legal) == 1 and not step.forced:
            self.error(
                (*at, "goal"),
                f"the learner has a single legal move here ({legal[0]}), so this step is not a "
                "decision: give a real choice, or mark it forced: true if showing a forced move is the point",
            )
        if len(legal) > 1 and step.forced:
            self.error((*at, "forced"), f"forced: true, but the learner has {len(legal)} legal moves here: remove it")
        found = trick_goal_moves(state, step.goal)
        if not found:
            shown = ", ".join(str(m) for m in legal[:_SHOWN_MOVES]) + (", ..." if len(legal) > _SHOWN_MOVES else "")
            self.error((*at, "goal"), f"no legal move reaches this goal; the learner may: {shown}")
        ends = [
            self.trick_replies((*at, "replies"), step.replies, after, f"after the right move {move}")
            for move, after in found
        ]
        for k, wrong in enumerate(step.wrong):
            self.trick_wrong((*at, "wrong", k), step, wrong.move, wrong.replies, state)
        if len(found) == 1 and ends[0] is not None:
            return scene._replace(state=ends[0]), ""
        return None, f"the step before has {len(found)} right moves, so where it ends is not known"

    def _move(self, at: Path_, spec: MoveSpec | str) -> tg.Move | None:
        if isinstance(spec, str):
            return trick_move(spec)
        self.error(at, "a Tien Gow move is written as text, like play 6-6 6-3 or discard 2-1")
        return None

    def trick_replies(
        self, at: Path_, replies: list[MoveSpec | str], state: tg.HandState, context: str
    ) -> tg.HandState | None:
        for j, spec in enumerate(replies):
            move = self._move((*at, j), spec)
            if move is None:
                return None
            reason = tg.why_illegal(state, move)
            if reason is not None:
                self.error((*at, j), f"illegal reply {move} by seat {state.to_move} {context}: {reason.en.rstrip('.')}")
                return None
            state = tg.apply_unchecked(state, move)
        return state

    def trick_wrong(
        self, at: Path_, step: PlayStep, spec: MoveSpec | str, replies: list[MoveSpec | str], state: tg.HandState
    ) -> None:
        move = self._move((*at, "move"), spec)
        if move is None:
            return
        reason = tg.why_illegal(state, move)
        if reason is not None:
            self.error(
                (*at, "move"),
                f"{move} is illegal here ({reason.en.rstrip('.')}); the engine explains illegal "
                "moves itself: list only legal moves under wrong:",
            )
            return
        after = tg.apply_unchecked(state, move)
        if trick_satisfies(step.goal, state, move, after):
            self.error(
                (*at, "move"), f"{move} reaches the goal, so it is not a wrong move: remove it or change the goal"
            )
            return
        self.trick_replies((*at, "replies"), replies, after, f"after the wrong move {move}")

    # -- quizzes and the capstone ----------------------------------------------

    def trick_quiz(self, at: Path_, step: QuizStep, scene: TrickScene | None) -> None:
        if step.ask not in TIEN_GOW_LESSON_KINDS:
            self.error(
                (*at, "ask"),
                f"ask: {step.ask} is about the double-six set; a Tien Gow lesson asks trick_* and chinese_* questions",
            )
            return
        try:
            right = trick_answer(step, scene, self.frame.viewer)
        except QuizError as exc:
            self.error((*at, "ask"), str(exc))
            return
        if step.answer is not None:
            self.given_answer(at, step, right)
        if step.choices is not None:
            self.choices(at, step, right)

    def trick_capstone(self, at: Path_, step: CapstoneStep) -> None:
        """The hand can be dealt and played to its end (bots in every seat)."""
        rules = self.trick_rules
        if rules is None:
            return
        if step.hints:
            self.error(
                (*at, "hints"),
                "hints: the Hint, What we know and the review are for line games; "
                "remove the line from a Tien Gow capstone",
            )
        bot = tien_gow_bot(step.bot)
        if bot is None:
            self.error(
                (*at, "bot"),
                f"bot: {step.bot} plays line games only; a Tien Gow capstone's bots are {' or '.join(TIEN_GOW_BOTS)}",
            )
            return
        seed = step.seed if step.seed is not None else 0
        dealt = tg.deal(rules, random.Random(f"capstone/{seed}"))
        end = play_bots(dealt.state, -1, bot, lambda n: random.Random(f"capstone/{seed}/{n}"), pause=False)
        if not end.state.is_over:
            self.error((*at, "kind"), "the capstone hand did not end under these rules")
