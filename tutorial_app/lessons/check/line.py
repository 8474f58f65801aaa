"""The validator's second pass for a line game's lesson: what only the chain's lessons must hold.

Besides the walk every lesson gets (``semantics.SemanticPass``): a position
is read as the referee reads it, and the table is one that can happen (the
learner's seat exists, an empty chain is led by the first-lead rule or is a
later hand, a position marked ``real`` has a real deal's tile counts, a play
with a single legal move says so); a best move is backed by the analysis; a
re-bent chain can be bent as the board allows; the text names seats as the
engine does; a Chinese-set lesson shows Chinese tiles and no chain.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tutorial_app.board.adjust import AdjustError, rebend
from tutorial_app.board.layout import layout_table
from tutorial_app.lessons.check.claims import Facts, claim_problems
from tutorial_app.lessons.check.exact import lead_problem
from tutorial_app.lessons.check.hidden import certainty_problems, claim_problem
from tutorial_app.lessons.check.semantics import (
    PROOFS,
    LessonFrame,
    PositionStep,
    Report,
    SemanticPass,
    impossible,
)
from tutorial_app.lessons.check.table import (
    first_lead_problem,
    forced_problem,
    later_problem,
    real_deal_problems,
    sketch_problem,
)
from tutorial_app.lessons.format.goals import trick_goal_keys
from tutorial_app.lessons.format.model import (
    TRICK_QUIZ_KINDS,
    CapstoneStep,
    ExplainStep,
    LText,
    PlayStep,
    QuizStep,
    shows_every_hand,
)
from tutorial_app.lessons.format.scenes import Scene, position_mapping, scene_of
from tutorial_app.lessons.games.line import LineLessons
from tutorial_app.lessons.quiz.answers import NO_POSITION_KINDS, default_choices
from tutorial_app.lessons.quiz.chinese import CHINESE_QUIZ_KINDS
from tutorial_app.lessons.quiz.strategy import BestError, goal_problem, learner_analysis, quiz_problem, turn_problem
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.position import PositionError
from tutorial_app.rules.line.state import HandState, Status
from tutorial_app.rules.text import Text, msg, msgc, reason_of, verbatim
from tutorial_app.source import Path_

__all__ = ["LinePass"]


class LinePass(SemanticPass):
    """Walks a line game's lesson (``semantics.SemanticPass``), with the chain's own checks."""

    def __init__(self, error: Report, frame: LessonFrame) -> None:
        super().__init__(error, frame, LineLessons())
        self.viewer_reported = False

    @staticmethod
    def frame_of(data: dict[str, Any], error: Report, viewer: int) -> LessonFrame:
        """The lesson's rule set read (an unknown name or a bad override reported), and what its steps share."""
        rules_name = data.get("rules")
        overrides = data.get("overrides") or {}
        players = data.get("players")
        lesson_rules: HouseRules | None = None
        if isinstance(rules_name, str) and isinstance(overrides, dict):
            try:
                lesson_rules = LineLessons().rules_of(
                    rules_name, players if isinstance(players, int) else None, overrides
                )
            except ValueError as exc:
                where = ("rules",) if "unknown rule set" in str(exc) else ("overrides",)
                error(where, reason_of(exc))
        return LessonFrame(
            rules_name if lesson_rules else None,
            overrides,
            lesson_rules,
            players if isinstance(players, int) else None,
            viewer,
            data.get("tile_set") == "chinese",
        )

    # -- positions ----------------------------------------------------------

    def read(self, at: Path_, step: PositionStep) -> tuple[Scene | None, bool]:
        spec = step.position
        assert spec is not None
        frame = self.frame
        if spec.rules is None and frame.rules is None:
            return None, True  # the lesson's rule set is already reported
        mapping = position_mapping(frame.rules or "", frame.overrides, spec)
        later = spec.hand == "later"
        try:
            scene = scene_of(mapping)
        except PositionError as exc:
            text = str(exc)
            said = exc.reason if text.startswith("unknown rule set") else impossible(exc.reason)
            self.error(_position_path(at, spec, text), said)
            return None, True
        if frame.players is not None and scene.rules.players != frame.players:
            self.error(
                (*at, "position", "hands"),
                msg(
                    "this lesson is for {players} players, but the position has {hands} hands",
                    players=frame.players,
                    hands=scene.rules.players,
                ),
            )
        problem = later_problem(spec) if later else first_lead_problem(scene, spec)
        if problem is not None:
            self.error((*at, "position", "hand" if later else "to_move"), problem)
        if spec.real:
            for message in real_deal_problems(scene):
                self.error((*at, "position", "real"), msg("this position is marked real: {problem}", problem=message))
        problem = sketch_problem(scene, spec)
        if problem is not None:
            self.error((*at, "position", "sketch" if spec.sketch else "hands"), problem)
        return scene, False

    def shown(self, at: Path_, step: PositionStep, scene: Scene | None, unreadable: bool) -> None:
        if scene is not None:
            self.seat(at, scene)
        elif step.claims and not unreadable:
            self.error(
                (*at, "claims"), msg("claims: are proved on the step's position: add position: (or from_previous)")
            )
        if not isinstance(step, PlayStep) and step.bends:
            self.bends(at, step, scene, unreadable)

    def seat(self, at: Path_, scene: Scene) -> None:
        viewer = self.frame.viewer
        if viewer >= scene.rules.players and not self.viewer_reported:
            self.viewer_reported = True
            self.error(
                ("viewer",),
                msg(
                    "viewer: {viewer} is not a seat of the position in steps[{step}], which has seats 0 to {last}: "
                    "the learner's seat must exist in every position",
                    viewer=viewer,
                    step=at[1],
                    last=scene.rules.players - 1,
                ),
            )

    def step_checks(self, at: Path_, step: PositionStep) -> None:
        """Chinese-set lessons show Chinese tiles only and no chain; double-six lessons ask no Chinese questions."""
        if isinstance(step, QuizStep) and step.ask in TRICK_QUIZ_KINDS:
            self.error(
                (*at, "ask"),
                msg(
                    "ask: {ask} is about a Tien Gow position: write rules: tien_gow (and tile_set: chinese) for the "
                    "lesson",
                    ask=step.ask,
                ),
            )
            return
        is_chinese_quiz = isinstance(step, QuizStep) and step.ask in CHINESE_QUIZ_KINDS
        if not self.frame.chinese:
            if isinstance(step, QuizStep) and is_chinese_quiz:
                self.error(
                    (*at, "ask"),
                    msg("ask: {ask} is about Chinese dominoes: add tile_set: chinese to the lesson", ask=step.ask),
                )
            return
        if step.position is not None or step.from_previous:
            self.error(
                (*at, "position"), msg("Chinese dominoes are not laid in a chain: remove position: from this step")
            )
        if isinstance(step, QuizStep) and not is_chinese_quiz and step.ask not in ("is_double",):
            self.error(
                (*at, "ask"),
                msg(
                    "ask: {ask} is about the double-six set; a tile_set: chinese lesson asks chinese_* questions",
                    ask=step.ask,
                ),
            )
        self.no_blanks(at, step)

    def bends(self, at: Path_, step: ExplainStep | QuizStep, scene: Scene | None, unreadable: bool) -> None:
        """A re-bent chain: every tile named is on the chain and may be bent there, as the board allows."""
        if scene is None or scene.state.table.is_empty:
            if not unreadable:
                self.error(
                    (*at, "bends"),
                    msg("bends: re-bends the chain of this step's position: add a position: with tiles on the table"),
                )
            return
        table = scene.state.table
        layout = layout_table(table)
        for k, spec in enumerate(step.bends):
            try:
                layout = rebend(table, layout, spec.at, spec.bend)
            except AdjustError as exc:
                self.error(
                    (*at, "bends", k),
                    msg(
                        "the chain cannot be bent {bend} at {tile}: {reason:clause}",
                        bend=spec.bend,
                        tile=str(spec.at),
                        reason=exc.reason,
                    ),
                )
                return

    # -- play steps ---------------------------------------------------------

    def unplayable(self, at: Path_, step: PlayStep, scene: Scene) -> bool:
        where = (*at, "position") if step.position is not None else (*at, "from_previous")
        state = scene.state
        if scene.redeal is not None:
            self.error(where, msg("this deal must be redealt ({redeal}): nothing can be played", redeal=scene.redeal))
            return True
        if state.status is not Status.IN_PLAY:
            self.error(
                where,
                msg("the hand is already over here ({status}): nothing to play", status=state.status.value),
            )
            return True
        foreign = trick_goal_keys(step.goal)
        if foreign:
            self.error(
                (*at, "goal"),
                msg(
                    "{goals} is a goal of Tien Gow (rules: tien_gow); a line game's goals are played, on_end, "
                    "action, ends_sum, went_out, blocked ...",
                    goals=", ".join(foreign),
                ),
            )
            return True
        return False

    def forced(self, at: Path_, step: PlayStep, state: HandState) -> None:
        forced = forced_problem(step, state)
        if forced is not None:
            self.error((*at, "forced") if step.forced else (*at, "goal"), forced)

    def no_goal(self, state: HandState) -> Text:
        legal = ", ".join(str(m) for m in legal_moves(state))
        moves = verbatim(legal) if legal else msgc("lesson validator, no moves", "none")
        return msg("no legal move reaches this goal; seat {seat} may play: {moves}", seat=state.to_move, moves=moves)

    def best(self, at: Path_, step: PlayStep, scene: Scene, right: list[Any]) -> None:
        if step.best:
            viewer = self.frame.viewer
            self.backed(
                (*at, "best"), scene, lambda: goal_problem(scene, viewer, right) or lead_problem(scene, viewer, right)
            )

    # -- quizzes --------------------------------------------------------------

    def quiz(self, at: Path_, step: QuizStep, scene: Scene | None) -> None:
        if step.ask in TRICK_QUIZ_KINDS:
            return  # reported by step_checks: a Tien Gow question in a line game's lesson
        if scene is None and step.ask not in NO_POSITION_KINDS:
            if step.position is None and not step.from_previous:
                self.error(
                    (*at, "ask"),
                    msg("ask: {ask} is about a position: add position: (or from_previous: true)", ask=step.ask),
                )
            return
        rules = scene.rules if scene is not None else self.frame.lesson_rules
        if rules is None:
            return
        right = self.answered(at, step, scene, rules)
        if right is None:
            return
        if step.ask == "best_move" and scene is not None:
            viewer = self.frame.viewer
            self.backed(
                (*at, "ask"),
                scene,
                lambda: (
                    quiz_problem(scene, viewer)
                    or lead_problem(scene, viewer, [learner_analysis(scene, viewer).best.move])
                ),
            )
        if step.ask == "may_hold" and scene is not None:
            self.backed((*at, "ask"), scene, lambda: turn_problem(scene, self.frame.viewer))
        if step.choices is None:
            default_choices(step, scene, right)

    def backed(self, at: Path_, scene: Scene, problem: Callable[[], Text | None]) -> None:
        """A best move the analysis backs by a clear margin (under the playouts, and under exact play where
        the deals are few enough), asked of the learner's own move."""
        if not PROOFS.get():
            return
        try:
            found = problem()
        except BestError as exc:
            found = reason_of(exc)
        if found is not None:
            self.error(at, found)

    # -- text against the engine ---------------------------------------------------

    def after(self, at: Path_, step: PositionStep, scene: Scene, previous: Scene | None) -> None:
        """The step's words about seats, tiles and the hand's end, against the positions it shows, and its
        ``claims:`` about hidden tiles."""
        states = [scene.before, scene.state]
        if previous is not None and previous is not scene:
            states.append(previous.state)
        facts = Facts(self.frame.viewer, tuple(states), scene.state)
        texts: list[tuple[Path_, Any]] = [((*at, "text"), step.text)]
        if isinstance(step, QuizStep) and step.explain is not None:
            texts.append(((*at, "explain"), step.explain))
        if isinstance(step, PlayStep) and step.success is not None:
            texts.append(((*at, "success"), step.success))
        for path, text in texts:
            for lang in ("en", "ru"):
                for problem in claim_problems(getattr(text, lang), lang, facts):
                    self.error((*path, lang), problem)
        self.hidden_claims(at, step, scene)

    def hidden_claims(self, at: Path_, step: ExplainStep | PlayStep | QuizStep, scene: Scene) -> None:
        """Every ``claims:`` entry holds on every deal the learner cannot tell apart, and a best-move step's
        text states nothing as certain that no claim proves (``check.hidden``)."""
        if not PROOFS.get():
            return
        viewer = self.frame.viewer
        shown = shows_every_hand(step)
        for k, claim in enumerate(step.claims):
            problem = claim_problem(claim, scene, viewer, shown)
            if problem is not None:
                self.error((*at, "claims", k), problem)
        best = (isinstance(step, QuizStep) and step.ask == "best_move") or (isinstance(step, PlayStep) and step.best)
        if not best or shown:
            return
        texts: list[tuple[Path_, LText]] = [((*at, "text"), step.text)]
        for key in ("explain", "success", "hint", "hint_answer"):
            text = getattr(step, key, None)
            if text is not None:
                texts.append(((*at, key), text))
        for path, problem in certainty_problems(texts, step.claims):
            self.error(path, problem)

    # -- the capstone ---------------------------------------------------------------

    def capstone_fits(self, at: Path_, step: CapstoneStep, rules: HouseRules) -> bool:
        if self.frame.viewer >= rules.players:
            self.error(
                ("viewer",),
                msg(
                    "viewer: {viewer} is not a seat of the capstone's {players}-player table: use a seat from 0 to "
                    "{last}",
                    viewer=self.frame.viewer,
                    players=rules.players,
                    last=rules.players - 1,
                ),
            )
            return False
        return True


_POSITION_PARTS = (
    (re.compile(r"hands\[(\d+)\]\[(\d+)\]"), lambda m: ("hands", int(m[1]), int(m[2]))),
    (re.compile(r"(chain|boneyard)\[(\d+)\]"), lambda m: (m[1], int(m[2]))),
    (re.compile(r"chain\.arms\.(\w+)\[(\d+)\]"), lambda m: ("chain", "arms", m[1], int(m[2]))),
    (re.compile(r"^move (\d+)"), lambda m: ("moves", int(m[1]) - 1)),
    (re.compile(r"are nowhere"), lambda m: ("boneyard",)),
    (re.compile(r"(to_move|last_move_by|bank|match|overrides)\b"), lambda m: (m[1],)),
    (re.compile(r"unknown rule set"), lambda m: ("rules",)),
    (re.compile(r"'hands'|seats"), lambda m: ("hands",)),
    (re.compile(r"broken chain|chain"), lambda m: ("chain",)),
)


def _position_path(at: Path_, spec: Any, message: str) -> Path_:
    for pattern, parts in _POSITION_PARTS:
        found = pattern.search(message)
        if found:
            path: tuple[str | int, ...] = parts(found)
            if path == ("rules",) and spec.rules is None:
                return ("rules",)
            return (*at, "position", *path)
    return (*at, "position")
