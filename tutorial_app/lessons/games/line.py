"""The line games' lessons: positions in the referee's notation, goals on the chain, the double-six questions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial_app.lessons.format.goals import goal_moves, satisfies
from tutorial_app.lessons.format.model import (
    Answer,
    Goal,
    Lesson,
    MoveSpec,
    PlayStep,
    PositionSpec,
    QuizStep,
    line_move,
)
from tutorial_app.lessons.format.scenes import Scene, read_scene
from tutorial_app.lessons.games.spec import Played
from tutorial_app.lessons.quiz.answers import choice_label, correct_answer, default_choices
from tutorial_app.lessons.quiz.explain import quiz_explanation
from tutorial_app.lessons.quiz.strategy import engine_explanation
from tutorial_app.rules.line.game import LINE, LineGame
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.line.worked_moves import describe_moves
from tutorial_app.rules.text import Text

__all__ = ["LineLessons"]


class LineLessons:
    """A line game's lessons: one tile on an end per move; the worked explanations are sentences of one paragraph."""

    game: LineGame = LINE
    separator = " "

    def rules_of(self, name: str, players: int | None, overrides: Mapping[str, Any]) -> HouseRules:
        return find_variant(name).rules(players, overrides)

    def read_scene(self, lesson: Lesson, rules: HouseRules, spec: PositionSpec) -> Scene:
        return read_scene(lesson, spec)

    def move_of(self, spec: MoveSpec | str) -> Move:
        return line_move(spec)

    def satisfies(self, goal: Goal, before: HandState, move: Move, after: HandState) -> bool:
        return satisfies(goal, before, move, after)

    def goal_moves(self, state: HandState, goal: Goal) -> list[tuple[Move, HandState]]:
        return goal_moves(state, goal)

    def capstone_bot(self, name: str) -> str | None:
        return name

    def answer(self, step: QuizStep, scene: Scene | None, rules: HouseRules, viewer: int) -> Answer:
        return correct_answer(step, scene, rules)

    def choices(
        self, step: QuizStep, scene: Scene | None, rules: HouseRules, right: Answer, viewer: int, lang: str
    ) -> list[tuple[Answer, str]] | None:
        options = default_choices(step, scene, right)
        if options is None:
            return None
        return [(value, self.answer_label(step, scene, rules, value, viewer, lang)) for value in options]

    def answer_label(
        self, step: QuizStep, scene: Scene | None, rules: HouseRules, value: Answer, viewer: int, lang: str
    ) -> str:
        """Under the position's rules (a position may name its own); a move as the position's tiles read it."""
        shown = scene.rules if scene is not None else rules
        state = scene.state if scene is not None else None
        return choice_label(step.ask, value, shown, lang, viewer, state)

    def explanation(self, step: QuizStep, scene: Scene | None, rules: HouseRules, viewer: int) -> Text | None:
        return quiz_explanation(step, scene, rules, viewer)

    def right_words(
        self, scene: Scene, step: PlayStep, seat: int, move: Move, played: Played, final: HandState, viewer: int
    ) -> tuple[Text | None, Text | None]:
        """The analysis's ranking before the lesson's words on a best-move step; the hand's end after them."""
        engine = engine_explanation(scene, seat) if step.best else None
        return engine, LINE.explain_end(final, viewer) if final.is_over else None

    def refuted_words(
        self, before: HandState, after: HandState, seat: int, move: Move, played: Played, final: HandState, viewer: int
    ) -> Text:
        """The replies, with the tiles a scripted draw took (the lesson shows them on the board too)."""
        record = [(s, m, drawn) for s, m, drawn, _points in final.log[len(after.log) :]]
        return describe_moves(record, viewer)

    def capstone_words(self, before: HandState, since: Played, bots_since: Played, viewer: int) -> Text:
        """The bots' moves (the learner knows their own), tiles they drew unnamed."""
        return LINE.describe(before, bots_since, viewer)

    def end_words(self, said: Text, ending: Text) -> tuple[Text | None, ...]:
        return (ending,)
