"""The validator's second pass for a Tien Gow lesson (``rules: tien_gow``): what only a trick game's lessons must hold.

Besides the walk every lesson gets (``semantics.SemanticPass``): a position
is one the Tien Gow engine accepts (each of its moves legal), the learner
moves in every play step, a single legal move is marked ``forced``, only
Tien Gow's goals and questions are used, the step's tiles are Chinese tiles,
the text names seats as the table does, and the capstone's bots exist here.
"""

from __future__ import annotations

from typing import Any

from tutorial_app.lessons.check.semantics import LessonFrame, PositionStep, Report, SemanticPass, either, impossible
from tutorial_app.lessons.check.tien_gow_claims import trick_claim_problems
from tutorial_app.lessons.format.goals import goal_keys
from tutorial_app.lessons.format.model import TRICK_GOAL_KEYS, CapstoneStep, PlayStep, QuizStep
from tutorial_app.lessons.format.tien_gow_scene import TrickPositionError, TrickScene, read_trick_scene
from tutorial_app.lessons.games.tien_gow import TienGowLessons
from tutorial_app.lessons.quiz.tien_gow import TIEN_GOW_LESSON_KINDS
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.text import RulesError, Text, msg, msgn, verbatim
from tutorial_app.rules.tien_gow.bots import TIEN_GOW_BOTS, tien_gow_bot
from tutorial_app.source import Path_

__all__ = ["TienGowPass"]

_SHOWN_MOVES = 8
"""How many legal moves an error lists before "..."."""


class TienGowPass(SemanticPass):
    """Walks a Tien Gow lesson (``semantics.SemanticPass``), with a trick game's own checks."""

    own_moves = True

    def __init__(self, error: Report, frame: LessonFrame) -> None:
        super().__init__(error, frame, TienGowLessons())

    @staticmethod
    def frame_of(data: dict[str, Any], error: Report, viewer: int) -> LessonFrame:
        """The lesson's options (the positions are still checked when they are wrong), four seats, Chinese tiles."""
        overrides = data.get("overrides") or {}
        rules = tg.TienGowRules()
        if isinstance(overrides, dict):
            try:
                rules = TienGowLessons().rules_of(str(data["rules"]), None, overrides)
            except RulesError as exc:
                error(("overrides",), exc.reason)
        else:
            error(("overrides",), msg("overrides: is a mapping of options, like overrides: {{last_trick: always}}"))
        if data.get("players") not in (None, tg.PLAYERS):
            error(
                ("players",),
                msg("Tien Gow is played by {players}: write players: {players} or leave it out", players=tg.PLAYERS),
            )
        if data.get("tile_set") != "chinese":
            error(("rules",), msg("a Tien Gow lesson shows Chinese tiles: add tile_set: chinese"))
        return LessonFrame(
            str(data["rules"]), overrides if isinstance(overrides, dict) else {}, rules, tg.PLAYERS, viewer, True
        )

    def step_checks(self, at: Path_, step: PositionStep) -> None:
        if step.claims:
            self.error((*at, "claims"), msg("claims: are proved on a line game's deals; a Tien Gow step has none"))
        self.no_blanks(at, step)

    def shown(self, at: Path_, step: PositionStep, scene: TrickScene | None, unreadable: bool) -> None:
        """The step's words about seats against the position it shows (see ``tien_gow_claims``)."""
        if scene is None:
            return
        for key in ("text", "explain"):
            text = getattr(step, key, None)
            if text is None:
                continue
            for lang in ("en", "ru"):
                for problem in trick_claim_problems(getattr(text, lang), lang, scene.state, self.frame.viewer):
                    self.error((*at, key, lang), problem)

    # -- positions ----------------------------------------------------------

    def read(self, at: Path_, step: PositionStep) -> tuple[TrickScene | None, bool]:
        assert step.position is not None
        try:
            return read_trick_scene(step.position, self.frame.lesson_rules, self.frame.overrides), False
        except TrickPositionError as exc:
            self.error((*at, "position", *exc.where), impossible(exc.reason))
            return None, True

    # -- play steps ---------------------------------------------------------

    def unplayable(self, at: Path_, step: PlayStep, scene: TrickScene) -> bool:
        state = scene.state
        where = (*at, "position") if step.position is not None else (*at, "from_previous")
        foreign = [k for k in dict.fromkeys(goal_keys(step.goal)) if k not in TRICK_GOAL_KEYS]
        if foreign:
            self.error(
                (*at, "goal"),
                msg(
                    "{goals} is a line game's goal; a Tien Gow goal is one of: {keys}",
                    goals=", ".join(foreign),
                    keys=", ".join(sorted(TRICK_GOAL_KEYS)),
                ),
            )
            return True
        if state.is_over:
            self.error(where, msg("the hand is already over here: nothing to play"))
            return True
        if state.to_move != self.frame.viewer:
            self.error(
                where,
                msg(
                    "the learner (seat {viewer}) moves in a play step, but seat {seat} is to move here: add the "
                    "moves before the learner's turn to moves:",
                    viewer=self.frame.viewer,
                    seat=state.to_move,
                ),
            )
            return True
        return False

    def forced(self, at: Path_, step: PlayStep, state: tg.HandState) -> None:
        legal = tg.legal_sequence(state)
        if len(legal) == 1 and not step.forced:
            self.error(
                (*at, "goal"),
                msg(
                    "the learner has a single legal move here ({move}), so this step is not a decision: give a "
                    "real choice, or mark it forced: true if showing a forced move is the point",
                    move=str(legal[0]),
                ),
            )
        if len(legal) > 1 and step.forced:
            self.error(
                (*at, "forced"),
                msgn(
                    "forced: true, but the learner has {n} legal move here: remove it",
                    "forced: true, but the learner has {n} legal moves here: remove it",
                    len(legal),
                ),
            )

    def no_goal(self, state: tg.HandState) -> Text:
        legal = tg.legal_sequence(state)
        shown = ", ".join(str(m) for m in legal[:_SHOWN_MOVES]) + (", ..." if len(legal) > _SHOWN_MOVES else "")
        return msg("no legal move reaches this goal; the learner may: {moves}", moves=shown)

    # -- quizzes and the capstone ----------------------------------------------

    def quiz(self, at: Path_, step: QuizStep, scene: TrickScene | None) -> None:
        if step.ask not in TIEN_GOW_LESSON_KINDS:
            self.error(
                (*at, "ask"),
                msg(
                    "ask: {ask} is about the double-six set; a Tien Gow lesson asks trick_* and chinese_* questions",
                    ask=step.ask,
                ),
            )
            return
        self.answered(at, step, scene, self.frame.lesson_rules)

    def capstone_fits(self, at: Path_, step: CapstoneStep, rules: tg.TienGowRules) -> bool:
        if step.hints:
            self.error(
                (*at, "hints"),
                msg(
                    "hints: the Hint, What we know and the review are for line games; remove the line from a "
                    "Tien Gow capstone"
                ),
            )
        if tien_gow_bot(step.bot) is None:
            self.error(
                (*at, "bot"),
                msg(
                    "bot: {bot} plays line games only; a Tien Gow capstone's bots are {bots}",
                    bot=step.bot,
                    bots=either([verbatim(name) for name in TIEN_GOW_BOTS]),
                ),
            )
            return False
        return True
