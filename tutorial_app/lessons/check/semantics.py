"""The validator's second pass: what a lesson means, checked through the rules core, for a lesson of any game.

Every step's position is read as the game reads it, every goal is reached
by some legal move, every reply and wrong move is legal (and a wrong move
does not reach the goal), every quiz answer is the engine's, the author's
answer and choices agree with it, a capstone hand can be played to its end,
and learner text carries no notes about sources. ``SemanticPass`` walks the
steps once for every game; what only one game's lessons must hold (a line
game's first lead, real deals and bent chains; a Tien Gow lesson's
Chinese tiles and learner to move) is a game's pass (``check.line``,
``check.tien_gow``), found by the lesson's game in ``PASSES``
(``check.games``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import Any

from tutorial_app.lessons.check.table import SILENT, silent_decision
from tutorial_app.lessons.format.capstone import MAX_MOVES, bots_only_table
from tutorial_app.lessons.format.model import (
    Answer,
    CapstoneStep,
    ExplainStep,
    MoveSpec,
    PlayStep,
    QuizStep,
    RememberStep,
    Step,
)
from tutorial_app.lessons.games import LessonGame
from tutorial_app.lessons.quiz.answers import QuizError, normalize_answer
from tutorial_app.rules.text import EMPTY, Text, msg, msgn, reason_of, shown, verbatim
from tutorial_app.rules.tiles import Tile
from tutorial_app.source import Path_

__all__ = ["SemanticPass", "LessonFrame", "Report", "PROOFS", "impossible", "either"]

Report = Callable[[Path_, Text], None]
"""Where in the file a problem is, and the problem (``validate.Issue``'s message)."""
PositionStep = ExplainStep | PlayStep | QuizStep


PROOFS: ContextVar[bool] = ContextVar("PROOFS", default=True)
"""Whether the strategy proofs run: a best move's margin under playouts and exact play, a ``claims:`` entry
over every deal the learner cannot tell apart. Why a switch: they cost ~20 s of CPU for the strategy course
alone; ``lessons validate`` (and so CI) runs them on every shipped lesson, and the Workshop on a lesson being
written, but a server loading the shipped courses for its pages reads files already proved
(``catalog.load_course(proofs=False)``); every rule the rules core answers is still checked there."""


class LessonFrame:
    """What the steps share: the lesson's rule set and overrides, its rules (None when they are wrong), its
    number of seats, its learner's seat and its tile set."""

    def __init__(
        self,
        rules: str | None,
        overrides: dict[str, Any],
        lesson_rules: Any,
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
    """Walks the steps in order, carrying the position a ``from_previous`` step continues from.

    A game's pass fills in the hooks below the walk: how a step's own
    position is read (``read``), what a step must hold besides (``step_checks``,
    ``shown``, ``after``), when nothing can be played (``unplayable``), a
    play step with a single legal move (``forced``), and a quiz (``quiz``).
    """

    own_moves = False
    """Whether the learner makes every move of a play step (Tien Gow), so messages say "the engine" and not
    "the rules core" explains an illegal move."""

    def __init__(self, error: Report, frame: LessonFrame, lessons: LessonGame) -> None:
        self.error = error
        self.frame = frame
        self.lessons = lessons

    def run(self, steps: list[Step | None]) -> None:
        previous: Any = None
        previous_note: Text = EMPTY
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
                previous, previous_note, broken = None, _NO_POSITION[step.kind], False
                continue
            self.step_checks(at, step)
            if step.position is not None:
                scene, unreadable = self.read(at, step)
            else:
                scene, unreadable = self.continued(at, i, step, previous, previous_note, broken)
            previous, previous_note, broken = scene, msg("the previous step shows no position"), unreadable
            self.shown(at, step, scene, unreadable)
            if isinstance(step, PlayStep):
                previous, previous_note = self.play(at, step, scene) if scene is not None else (None, EMPTY)
            elif isinstance(step, QuizStep) and not unreadable:
                self.quiz(at, step, scene)
            if scene is not None:
                self.after(at, step, scene, previous)

    def continued(
        self, at: Path_, i: int, step: PositionStep, previous: Any, previous_note: Text, broken: bool
    ) -> tuple[Any, bool]:
        """A step without a position of its own: the previous step's (``from_previous``) or none."""
        if step.from_previous:
            if i == 0:
                self.error((*at, "from_previous"), msg("the first step has no previous position: write position:"))
            elif previous is None and not broken:
                self.error(
                    (*at, "from_previous"),
                    msg("nothing to continue from: {why}; write position:", why=previous_note),
                )
            return previous, previous is None
        return None, False

    # -- a game's hooks -------------------------------------------------------------------------

    def read(self, at: Path_, step: PositionStep) -> tuple[Any, bool]:
        """A step's own position (None and True when it cannot be read: the reason is reported)."""
        raise NotImplementedError

    def step_checks(self, at: Path_, step: PositionStep) -> None:
        """What a step must hold whatever its position (the tile set it shows)."""

    def shown(self, at: Path_, step: PositionStep, scene: Any, unreadable: bool) -> None:
        """What a step must hold about the position it shows."""

    def after(self, at: Path_, step: PositionStep, scene: Any, previous: Any) -> None:
        """What a step must hold once its play (if any) is checked; ``previous`` is where a play step ends."""

    def unplayable(self, at: Path_, step: PlayStep, scene: Any) -> bool:
        """Whether nothing can be played in this step (the reason reported)."""
        raise NotImplementedError

    def forced(self, at: Path_, step: PlayStep, state: Any) -> None:
        """A play step with a single legal move that does not say ``forced: true``, or one that says it wrongly."""

    def no_goal(self, state: Any) -> Text:
        """Why no legal move reaches a play step's goal, naming the moves there are."""
        raise NotImplementedError

    def best(self, at: Path_, step: PlayStep, scene: Any, right: list[Any]) -> None:
        """A best-move play step, backed by the analysis."""

    def quiz(self, at: Path_, step: QuizStep, scene: Any) -> None:
        """A quiz step: the engine answers it, and the author's answer and choices agree."""
        raise NotImplementedError

    def capstone_fits(self, at: Path_, step: CapstoneStep, rules: Any) -> bool:
        """Whether a capstone step can be dealt under the lesson's rules (a problem reported when not)."""
        return True

    # -- play steps ---------------------------------------------------------

    def play(self, at: Path_, step: PlayStep, scene: Any) -> tuple[Any, Text]:
        """Some legal move reaches the goal, replies and wrong moves are legal; where the step ends, when known."""
        if self.unplayable(at, step, scene):
            return None, EMPTY
        state = scene.state
        self.forced(at, step, state)
        found = self.lessons.goal_moves(state, step.goal)
        if not found:
            self.error((*at, "goal"), self.no_goal(state))
        else:
            self.best(at, step, scene, [move for move, _ in found])
        reported: set[int] = set()
        ends = [
            self.replies(
                (*at, "replies"), step.replies, after, msg("after the right move {move}", move=str(move)), reported
            )
            for move, after in found
        ]
        for k, wrong in enumerate(step.wrong):
            self.wrong((*at, "wrong", k), step, wrong.move, wrong.replies, state)
        if found and silent_decision(step, [end for end in ends if end is not None]):
            self.error((*at, "goal"), SILENT)
        if len(found) == 1 and ends[0] is not None:
            return scene._replace(state=ends[0]), EMPTY
        return None, msgn(
            "the step before has {n} right move, so where it ends is not known",
            "the step before has {n} right moves, so where it ends is not known",
            len(found),
        )

    def _move(self, at: Path_, spec: MoveSpec | str) -> Any:
        """The move a lesson wrote, or None (the reason reported)."""
        try:
            return self.lessons.move_of(spec)
        except ValueError as exc:
            self.error(at, reason_of(exc))
            return None

    def replies(
        self, at: Path_, replies: list[MoveSpec | str], state: Any, context: Text, reported: set[int]
    ) -> Any | None:
        """The state after the scripted replies, each legal in turn (None: one is not, reported once)."""
        game = self.lessons.game
        for j, spec in enumerate(replies):
            problem: Text | None = None
            try:
                move = self.lessons.move_of(spec)
            except ValueError as exc:
                problem = reason_of(exc)
            else:
                reason = game.why_illegal(state, move)
                if reason is not None:
                    problem = msg(
                        "illegal reply {move} by seat {seat} {context}: {reason:clause}",
                        move=str(move),
                        seat=state.to_move,
                        context=context,
                        reason=reason,
                    )
            if problem is not None:
                if j not in reported:
                    reported.add(j)
                    self.error((*at, j), problem)
                return None
            state = game.apply(state, move)
        return state

    def wrong(self, at: Path_, step: PlayStep, spec: MoveSpec | str, replies: list[MoveSpec | str], state: Any) -> None:
        """A wrong move is legal, does not reach the goal, and its replies are legal."""
        game = self.lessons.game
        move = self._move((*at, "move"), spec)
        if move is None:
            return
        reason = game.why_illegal(state, move)
        if reason is not None:
            said = (
                msg(
                    "{move} is illegal here ({reason:clause}); the engine explains illegal moves itself: "
                    "list only legal moves under wrong:",
                    move=str(move),
                    reason=reason,
                )
                if self.own_moves
                else msg(
                    "{move} is illegal here ({reason:clause}); the rules core explains illegal moves itself: "
                    "list only legal moves under wrong:",
                    move=str(move),
                    reason=reason,
                )
            )
            self.error((*at, "move"), said)
            return
        after = game.apply(state, move)
        if self.lessons.satisfies(step.goal, state, move, after):
            self.error(
                (*at, "move"),
                msg("{move} reaches the goal, so it is not a wrong move: remove it or change the goal", move=str(move)),
            )
            return
        self.replies((*at, "replies"), replies, after, msg("after the wrong move {move}", move=str(move)), set())

    # -- quizzes --------------------------------------------------------------

    def answered(self, at: Path_, step: QuizStep, scene: Any, rules: Any) -> Answer | None:
        """The engine's answer with the author's answer and choices checked against it (None: no answer)."""
        try:
            right = self.lessons.answer(step, scene, rules, self.frame.viewer)
        except QuizError as exc:
            self.error((*at, "ask"), reason_of(exc))
            return None
        if step.answer is not None:
            self.given_answer(at, step, right)
        if step.choices is not None:
            self.choices(at, step, right)
        return right

    def given_answer(self, at: Path_, step: QuizStep, right: object) -> None:
        try:
            given = normalize_answer(step.ask, step.answer)
        except ValueError as exc:
            self.error(
                (*at, "answer"),
                msg(
                    "an answer to {ask} is {form}, not {value}",
                    ask=step.ask,
                    form=reason_of(exc),
                    value=shown(step.answer),
                ),
            )
            return
        if given != right:
            self.error(
                (*at, "answer"),
                msg(
                    "the rules core answers {right}, not {given}: fix answer: (or the position)",
                    right=_answer_text(right),
                    given=_answer_text(given),
                ),
            )

    def choices(self, at: Path_, step: QuizStep, right: object) -> None:
        assert step.choices is not None
        options: list[object] = []
        for k, value in enumerate(step.choices):
            try:
                option = normalize_answer(step.ask, value)
            except ValueError as exc:
                self.error(
                    (*at, "choices", k),
                    msg(
                        "a choice for {ask} is {form}, not {value}",
                        ask=step.ask,
                        form=reason_of(exc),
                        value=shown(value),
                    ),
                )
                continue
            if option in options:
                self.error((*at, "choices", k), msg("{answer} is offered twice", answer=_answer_text(option)))
            options.append(option)
        if right not in options and len(options) == len(step.choices):
            self.error(
                (*at, "choices"),
                msg("the right answer, {answer}, is not among the choices: add it", answer=_answer_text(right)),
            )

    # -- text ---------------------------------------------------------------------

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
                    msg(
                        "with hint_answer: the hint is the question the learner is asked first: end it with a "
                        "question mark"
                    ),
                )
            if getattr(answer, lang).strip() == question:
                self.error((*at, "hint_answer", lang), msg("hint_answer repeats the hint: answer its question instead"))

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
                        msg(
                            "{found} is a note about sources, not something the learner needs: move it to the "
                            "lesson's sources: list",
                            found=shown(found[0]),
                        ),
                    )

    def no_blanks(self, at: Path_, step: PositionStep) -> None:
        """The tiles a Chinese-set step shows are Chinese tiles (no blanks)."""
        for key in ("tiles", "against", "highlight"):
            values: list[Tile] = list(getattr(step, key, None) or [])
            for k, tile in enumerate(values):
                if tile.lo == 0:
                    self.error(
                        (*at, key, k),
                        msg(
                            "{tile} is not a Chinese domino (the set has no blanks): use tiles from 1-1 to 6-6",
                            tile=str(tile),
                        ),
                    )

    # -- the capstone ---------------------------------------------------------------

    def capstone(self, at: Path_, step: CapstoneStep) -> None:
        """The hand can be dealt and played to its end under the lesson's rules (bots in every seat)."""
        rules = self.frame.lesson_rules
        if rules is None or not self.capstone_fits(at, step, rules):
            return
        seed = step.seed if step.seed is not None else 0
        if not bots_only_table(self.lessons.game, rules, "greedy", seed).hand_over:
            self.error(
                (*at, "kind"),
                msg("the capstone hand did not end within {moves} moves under these rules", moves=MAX_MOVES),
            )


_SOURCE_NOTE = re.compile(
    r"\bour (?:Russian )?source\b|pagat\.com|\bseed S\d|наш(?:ем|его)? (?:русск\w+ )?источник\w*", re.IGNORECASE
)


def impossible(reason: Text) -> Text:
    """A position the game's engine refuses, and why (every game's pass)."""
    return msg("impossible position: {reason}", reason=reason)


def either(words: Sequence[Text]) -> Text:
    """``a or b or c``, with each language's word for "or"."""
    found = words[0]
    for word in words[1:]:
        found = msg("{first} or {second}", first=found, second=word)
    return found


_NO_POSITION = {
    "remember": msg("a remember step shows no position"),
    "capstone": msg("a capstone step shows no position"),
}
"""Why a step after a remember or capstone step has no position to continue from."""


def _answer_text(value: object) -> Text:
    """An answer as a lesson writes it (``true``, ``16``, ``6-4 left``): the same in every language."""
    if isinstance(value, bool):
        return verbatim("true" if value else "false")
    return verbatim(str(value))
