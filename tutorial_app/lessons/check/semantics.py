"""The validator's second pass: what a lesson means, checked through the rules core.

Every step's position is read as the referee reads it, every goal is
reached by some legal move, every reply and wrong move is legal, every quiz
answer is the engine's, and the table is one that can happen: the learner's
seat exists, an empty chain is led by the first-lead rule (or is a later
hand), a position marked ``real`` has a real deal's tile counts, a play with
a single legal move says so, and the text names seats as the engine does.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

from tutorial_app.board.adjust import AdjustError, rebend
from tutorial_app.board.layout import layout_table
from tutorial_app.lessons.check.claims import Facts, claim_problems
from tutorial_app.lessons.check.exact import lead_problem
from tutorial_app.lessons.check.hidden import certainty_problems, claim_problem
from tutorial_app.lessons.check.table import first_lead_problem, forced_problem, later_problem, real_deal_problems
from tutorial_app.lessons.format.capstone import MAX_MOVES, bot_move, deal_capstone
from tutorial_app.lessons.format.goals import goal_moves, satisfies, trick_goal_keys
from tutorial_app.lessons.format.model import (
    TRICK_QUIZ_KINDS,
    CapstoneStep,
    ExplainStep,
    LText,
    MoveSpec,
    PlayStep,
    QuizStep,
    RememberStep,
    Step,
    line_move,
    shows_every_hand,
)
from tutorial_app.lessons.format.scenes import Scene, position_mapping, scene_of
from tutorial_app.lessons.quiz.answers import (
    NO_POSITION_KINDS,
    QuizError,
    correct_answer,
    default_choices,
    normalize_answer,
)
from tutorial_app.lessons.quiz.chinese import CHINESE_QUIZ_KINDS
from tutorial_app.lessons.quiz.strategy import BestError, goal_problem, learner_analysis, quiz_problem, turn_problem
from tutorial_app.rules.line.moves import apply, apply_unchecked, legal_moves, why_illegal
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.position import PositionError
from tutorial_app.rules.line.state import HandState, Status
from tutorial_app.rules.tiles import Tile
from tutorial_app.source import Path_

__all__ = ["SemanticPass", "LessonFrame", "PROOFS"]

Report = Callable[[Path_, str], None]
Shown = TypeVar("Shown")
"""A step's position as a game's pass reads it (a line game's ``Scene``, Tien Gow's ``TrickScene``)."""


PROOFS: ContextVar[bool] = ContextVar("PROOFS", default=True)
"""Whether the strategy proofs run: a best move's margin under playouts and exact play, a ``claims:`` entry
over every deal the learner cannot tell apart. Why a switch: they cost ~20 s of CPU for the strategy course
alone; ``lessons validate`` (and so CI) runs them on every shipped lesson, and the Workshop on a lesson being
written, but a server loading the shipped courses for its pages reads files already proved
(``catalog.load_course(proofs=False)``); every rule the rules core answers is still checked there."""


class LessonFrame:
    """What the steps share: the lesson's rules, its learner's seat and its tile set."""

    def __init__(
        self,
        rules: str | None,
        overrides: dict[str, Any],
        lesson_rules: HouseRules | None,
        players: int | None,
        viewer: int,
        chinese: bool,
    ) -> None:
        self.rules = rules
        self.overrides = overrides
        self.lesson_rules = lesson_rules
        self.players = players
        self.viewer = viewer
        self.chinese = chinese


class SemanticPass:
    """Walks the steps in order, carrying the position a ``from_previous`` step continues from."""

    def __init__(self, error: Report, frame: LessonFrame) -> None:
        self.error = error
        self.frame = frame
        self.viewer_reported = False

    def run(self, steps: list[Step | None]) -> None:
        previous: Scene | None = None
        previous_note = ""
        broken = False
        for i, step in enumerate(steps):
            at: Path_ = ("steps", i)
            if step is None:
                previous, broken = None, True
                continue
            self.source_notes(at, step)
            self.hint_levels(at, step)
            if isinstance(step, (RememberStep, CapstoneStep)):
                if isinstance(step, CapstoneStep):
                    self.capstone(at, step)
                previous, previous_note, broken = None, f"a {step.kind} step shows no position", False
                continue
            self.tile_set(at, step)
            scene, unreadable = self.scene_of_step(at, i, step, previous, previous_note, broken)
            previous, previous_note, broken = scene, "the previous step shows no position", unreadable
            if scene is not None:
                self.seat(at, scene)
            if not isinstance(step, PlayStep) and step.bends:
                self.bends(at, step, scene, unreadable)
            if isinstance(step, PlayStep):
                previous, previous_note = self.play(at, step, scene) if scene is not None else (None, "")
            elif isinstance(step, QuizStep) and not unreadable:
                self.quiz(at, step, scene)
            if scene is not None:
                self.claims(at, step, scene, previous)
                self.hidden_claims(at, step, scene)
            elif step.claims and not unreadable:
                self.error(
                    (*at, "claims"), "claims: are proved on the step's position: add position: (or from_previous)"
                )

    def scene_of_step(
        self,
        at: Path_,
        i: int,
        step: ExplainStep | PlayStep | QuizStep,
        previous: Scene | None,
        previous_note: str,
        broken: bool,
    ) -> tuple[Scene | None, bool]:
        if step.position is not None:
            return self.read(at, step)
        return self.continued(at, i, step, previous, previous_note, broken)

    def continued(
        self,
        at: Path_,
        i: int,
        step: ExplainStep | PlayStep | QuizStep,
        previous: Shown | None,
        previous_note: str,
        broken: bool,
    ) -> tuple[Shown | None, bool]:
        """A step without a position of its own: the previous step's (``from_previous``) or none."""
        if step.from_previous:
            if i == 0:
                self.error((*at, "from_previous"), "the first step has no previous position: write position:")
            elif previous is None and not broken:
                self.error((*at, "from_previous"), f"nothing to continue from: {previous_note}; write position:")
            return previous, previous is None
        return None, False

    # -- positions ----------------------------------------------------------

    def read(self, at: Path_, step: ExplainStep | PlayStep | QuizStep) -> tuple[Scene | None, bool]:
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
            label = "" if text.startswith("unknown rule set") else "impossible position: "
            self.error(_position_path(at, spec, text), f"{label}{text}")
            return None, True
        if frame.players is not None and scene.rules.players != frame.players:
            self.error(
                (*at, "position", "hands"),
                f"this lesson is for {frame.players} players, but the position has {scene.rules.players} hands",
            )
        problem = later_problem(spec) if later else first_lead_problem(scene, spec)
        if problem is not None:
            self.error((*at, "position", "hand" if later else "to_move"), problem)
        if spec.real:
            for message in real_deal_problems(scene):
                self.error((*at, "position", "real"), f"this position is marked real: {message}")
        return scene, False

    def seat(self, at: Path_, scene: Scene) -> None:
        viewer = self.frame.viewer
        if viewer >= scene.rules.players and not self.viewer_reported:
            self.viewer_reported = True
            self.error(
                ("viewer",),
                f"viewer: {viewer} is not a seat of the position in steps[{at[1]}], which has "
                f"seats 0 to {scene.rules.players - 1}: the learner's seat must exist in every position",
            )

    def tile_set(self, at: Path_, step: ExplainStep | PlayStep | QuizStep) -> None:
        """Chinese-set lessons show Chinese tiles only and no chain; double-six lessons ask no Chinese questions."""
        if isinstance(step, QuizStep) and step.ask in TRICK_QUIZ_KINDS:
            self.error(
                (*at, "ask"),
                f"ask: {step.ask} is about a Tien Gow position: write rules: tien_gow "
                "(and tile_set: chinese) for the lesson",
            )
            return
        is_chinese_quiz = isinstance(step, QuizStep) and step.ask in CHINESE_QUIZ_KINDS
        if not self.frame.chinese:
            if isinstance(step, QuizStep) and is_chinese_quiz:
                self.error(
                    (*at, "ask"), f"ask: {step.ask} is about Chinese dominoes: add tile_set: chinese to the lesson"
                )
            return
        if step.position is not None or step.from_previous:
            self.error((*at, "position"), "Chinese dominoes are not laid in a chain: remove position: from this step")
        if isinstance(step, QuizStep) and not is_chinese_quiz and step.ask not in ("is_double",):
            self.error(
                (*at, "ask"),
                f"ask: {step.ask} is about the double-six set; a tile_set: chinese lesson asks chinese_* questions",
            )
        self.no_blanks(at, step)

    def no_blanks(self, at: Path_, step: ExplainStep | PlayStep | QuizStep) -> None:
        """The tiles a Chinese-set step shows are Chinese tiles (no blanks)."""
        for key in ("tiles", "against", "highlight"):
            values: list[Tile] = list(getattr(step, key, None) or [])
            for k, tile in enumerate(values):
                if tile.lo == 0:
                    self.error(
                        (*at, key, k),
                        f"{tile} is not a Chinese domino (the set has no blanks): use tiles from 1-1 to 6-6",
                    )

    def bends(self, at: Path_, step: ExplainStep | QuizStep, scene: Scene | None, unreadable: bool) -> None:
        """A re-bent chain: every tile named is on the chain and may be bent there, as the board allows."""
        if scene is None or scene.state.table.is_empty:
            if not unreadable:
                self.error(
                    (*at, "bends"),
                    "bends: re-bends the chain of this step's position: add a position: with tiles on the table",
                )
            return
        table = scene.state.table
        layout = layout_table(table)
        for k, spec in enumerate(step.bends):
            try:
                layout = rebend(table, layout, spec.at, spec.bend)
            except AdjustError as exc:
                self.error(
                    (*at, "bends", k), f"the chain cannot be bent {spec.bend} at {spec.at}: {exc.reason.en.rstrip('.')}"
                )
                return

    # -- play steps ---------------------------------------------------------

    def play(self, at: Path_, step: PlayStep, scene: Scene) -> tuple[Scene | None, str]:
        state = scene.state
        where = (*at, "position") if step.position is not None else (*at, "from_previous")
        if scene.redeal is not None:
            self.error(where, f"this deal must be redealt ({scene.redeal.en}): nothing can be played")
            return None, ""
        if state.status is not Status.IN_PLAY:
            self.error(where, f"the hand is already over here ({state.status.value}): nothing to play")
            return None, ""
        foreign = trick_goal_keys(step.goal)
        if foreign:
            self.error(
                (*at, "goal"),
                f"{', '.join(foreign)} is a goal of Tien Gow (rules: tien_gow); a line game's "
                "goals are played, on_end, action, ends_sum, went_out, blocked ...",
            )
            return None, ""
        forced = forced_problem(step, state)
        if forced is not None:
            self.error((*at, "forced") if step.forced else (*at, "goal"), forced)
        found = goal_moves(state, step.goal)
        if not found:
            legal = ", ".join(str(m) for m in legal_moves(state)) or "none"
            self.error((*at, "goal"), f"no legal move reaches this goal; seat {state.to_move} may play: {legal}")
        elif step.best:
            right = [m for m, _ in found]
            viewer = self.frame.viewer
            self.backed(
                (*at, "best"), scene, lambda: goal_problem(scene, viewer, right) or lead_problem(scene, viewer, right)
            )
        reported: set[int] = set()
        ends: list[HandState] = []
        for move, after in found:
            end = self.replies((*at, "replies"), step.replies, after, f"after the right move {move}", reported)
            if end is not None:
                ends.append(end)
        for k, wrong in enumerate(step.wrong):
            self.wrong((*at, "wrong", k), step, wrong.move, wrong.replies, state)
        if len(found) == 1 and ends:
            return scene._replace(state=ends[0]), ""
        return None, f"the step before has {len(found)} right moves, so where it ends is not known"

    def replies(
        self, at: Path_, replies: list[MoveSpec | str], state: HandState, context: str, reported: set[int]
    ) -> HandState | None:
        for j, spec in enumerate(replies):
            try:
                move = line_move(spec)
            except ValueError as exc:
                if j not in reported:
                    reported.add(j)
                    self.error((*at, j), str(exc))
                return None
            reason = why_illegal(state, move)
            if reason is not None:
                if j not in reported:
                    reported.add(j)
                    self.error(
                        (*at, j), f"illegal reply {move} by seat {state.to_move} {context}: {reason.en.rstrip('.')}"
                    )
                return None
            state = apply_unchecked(state, move)
        return state

    def wrong(
        self, at: Path_, step: PlayStep, spec: MoveSpec | str, replies: list[MoveSpec | str], state: HandState
    ) -> None:
        try:
            move = line_move(spec)
        except ValueError as exc:
            self.error((*at, "move"), str(exc))
            return
        reason = why_illegal(state, move)
        if reason is not None:
            self.error(
                (*at, "move"),
                f"{move} is illegal here ({reason.en.rstrip('.')}); the rules core explains "
                "illegal moves itself: list only legal moves under wrong:",
            )
            return
        after = apply(state, move)
        if satisfies(step.goal, state, move, after):
            self.error(
                (*at, "move"), f"{move} reaches the goal, so it is not a wrong move: remove it or change the goal"
            )
            return
        self.replies((*at, "replies"), replies, after, f"after the wrong move {move}", set())

    # -- quizzes --------------------------------------------------------------

    def quiz(self, at: Path_, step: QuizStep, scene: Scene | None) -> None:
        if step.ask in TRICK_QUIZ_KINDS:
            return  # reported by tile_set: a Tien Gow question in a line game's lesson
        if scene is None and step.ask not in NO_POSITION_KINDS:
            if step.position is None and not step.from_previous:
                self.error((*at, "ask"), f"ask: {step.ask} is about a position: add position: (or from_previous: true)")
            return
        rules = scene.rules if scene is not None else self.frame.lesson_rules
        if rules is None:
            return
        try:
            right = correct_answer(step, scene, rules)
        except QuizError as exc:
            self.error((*at, "ask"), str(exc))
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
        if step.answer is not None:
            self.given_answer(at, step, right)
        if step.choices is not None:
            self.choices(at, step, right)
        else:
            default_choices(step, scene, right)

    def backed(self, at: Path_, scene: Scene, problem: Callable[[], str | None]) -> None:
        """A best move the analysis backs by a clear margin (under the playouts, and under exact play where
        the deals are few enough), asked of the learner's own move."""
        if not PROOFS.get():
            return
        try:
            found = problem()
        except BestError as exc:
            found = str(exc)
        if found is not None:
            self.error(at, found)

    def given_answer(self, at: Path_, step: QuizStep, right: object) -> None:
        try:
            given = normalize_answer(step.ask, step.answer)
        except ValueError as exc:
            self.error((*at, "answer"), f"an answer to {step.ask} is {exc}, not {step.answer!r}")
            return
        if given != right:
            self.error(
                (*at, "answer"),
                f"the rules core answers {_answer_text(right)}, not "
                f"{_answer_text(given)}: fix answer: (or the position)",
            )

    def choices(self, at: Path_, step: QuizStep, right: object) -> None:
        assert step.choices is not None
        options: list[object] = []
        for k, value in enumerate(step.choices):
            try:
                option = normalize_answer(step.ask, value)
            except ValueError as exc:
                self.error((*at, "choices", k), f"a choice for {step.ask} is {exc}, not {value!r}")
                continue
            if option in options:
                self.error((*at, "choices", k), f"{_answer_text(option)} is offered twice")
            options.append(option)
        if right not in options and len(options) == len(step.choices):
            self.error((*at, "choices"), f"the right answer, {_answer_text(right)}, is not among the choices: add it")

    # -- text against the engine ---------------------------------------------------

    def claims(self, at: Path_, step: ExplainStep | PlayStep | QuizStep, scene: Scene, after: Scene | None) -> None:
        states = [scene.before, scene.state]
        if after is not None and after is not scene:
            states.append(after.state)
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

    def hint_levels(self, at: Path_, step: Step) -> None:
        """A two-level hint asks a question first (``hint``) and answers it on a second press (``hint_answer``)."""
        answer = getattr(step, "hint_answer", None)
        if answer is None or not isinstance(step, (PlayStep, QuizStep)):
            return
        for lang in ("en", "ru"):
            question = getattr(step.hint, lang).strip()
            if not question.endswith("?"):
                self.error(
                    (*at, "hint", lang),
                    "with hint_answer: the hint is the question the learner is asked first: end it with a question mark",
                )
            if getattr(answer, lang).strip() == question:
                self.error((*at, "hint_answer", lang), "hint_answer repeats the hint: answer its question instead")

    def source_notes(self, at: Path_, step: Step) -> None:
        """Learner text carries no notes about sources: those go in the lesson's ``sources:``."""
        for key in ("text", "explain", "success", "hint"):
            text = getattr(step, key, None)
            if text is None:
                continue
            for lang in ("en", "ru"):
                found = _SOURCE_NOTE.search(getattr(text, lang))
                if found:
                    self.error(
                        (*at, key, lang),
                        f"{found[0]!r} is a note about sources, not something the learner "
                        "needs: move it to the lesson's sources: list",
                    )

    # -- the capstone ---------------------------------------------------------------

    def capstone(self, at: Path_, step: CapstoneStep) -> None:
        """The hand can be dealt and played to its end under the lesson's rules (bots in every seat)."""
        rules = self.frame.lesson_rules
        if rules is None:
            return
        if self.frame.viewer >= rules.players:
            self.error(
                ("viewer",),
                f"viewer: {self.frame.viewer} is not a seat of the capstone's "
                f"{rules.players}-player table: use a seat from 0 to {rules.players - 1}",
            )
            return
        hand = deal_capstone(rules, self.frame.viewer, step.bot, step.seed if step.seed is not None else 0)
        state = hand.state
        for _ in range(MAX_MOVES):
            if state.is_over:
                return
            state = apply(state, bot_move(state, "greedy", random.Random(0)))
        self.error((*at, "kind"), f"the capstone hand did not end within {MAX_MOVES} moves under these rules")


_SOURCE_NOTE = re.compile(
    r"\bour (?:Russian )?source\b|pagat\.com|\bseed S\d|наш(?:ем|его)? (?:русск\w+ )?источник\w*", re.IGNORECASE
)


def _answer_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


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
