"""Tien Gow's lessons: positions with a banker and tricks, goals about tricks, the trick_* and chinese_* questions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial_app.lessons.format.model import Answer, Goal, Lesson, MoveSpec, PlayStep, PositionSpec, QuizStep
from tutorial_app.lessons.format.tien_gow_scene import (
    TrickScene,
    read_trick_scene,
    tien_gow_rules,
    trick_goal_moves,
    trick_move,
    trick_satisfies,
)
from tutorial_app.lessons.games.spec import Played
from tutorial_app.lessons.quiz.answers import choice_label
from tutorial_app.lessons.quiz.tien_gow import trick_answer, trick_choices, trick_explanation
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.text import RulesError, Text, msg
from tutorial_app.rules.tien_gow.bots import tien_gow_bot
from tutorial_app.rules.tien_gow.game import TIEN_GOW, TienGowGame

__all__ = ["TienGowLessons"]


class TienGowLessons:
    """A Tien Gow lesson: tiles played or discarded per move; a trick is told whole, in paragraphs."""

    game: TienGowGame = TIEN_GOW
    separator = "\n\n"

    def rules_of(self, name: str, players: int | None, overrides: Mapping[str, Any]) -> tg.TienGowRules:
        return tien_gow_rules(dict(overrides))

    def read_scene(self, lesson: Lesson, rules: tg.TienGowRules, spec: PositionSpec) -> TrickScene:
        return read_trick_scene(spec, rules, dict(lesson.overrides))

    def move_of(self, spec: MoveSpec | str) -> tg.Move:
        if not isinstance(spec, str):
            raise RulesError(msg("a Tien Gow move is written as text, like play 6-6 6-3 or discard 2-1"))
        return trick_move(spec)

    def satisfies(self, goal: Goal, before: tg.HandState, move: tg.Move, after: tg.HandState) -> bool:
        return trick_satisfies(goal, before, tg.normalize(move), after)

    def goal_moves(self, state: tg.HandState, goal: Goal) -> list[tuple[tg.Move, tg.HandState]]:
        return trick_goal_moves(state, goal)

    def capstone_bot(self, name: str) -> str | None:
        return tien_gow_bot(name)

    def answer(self, step: QuizStep, scene: TrickScene | None, rules: tg.TienGowRules, viewer: int) -> Answer:
        return trick_answer(step, scene, viewer)

    def choices(
        self, step: QuizStep, scene: TrickScene | None, rules: tg.TienGowRules, right: Answer, viewer: int, lang: str
    ) -> list[tuple[Answer, str]] | None:
        options = trick_choices(step)
        if options is None:
            return None
        return [(value, self.answer_label(step, scene, rules, value, viewer, lang)) for value in options]

    def answer_label(
        self, step: QuizStep, scene: TrickScene | None, rules: tg.TienGowRules, value: Answer, viewer: int, lang: str
    ) -> str:
        return choice_label(step.ask, value, None, lang, viewer)

    def explanation(self, step: QuizStep, scene: TrickScene | None, rules: tg.TienGowRules, viewer: int) -> Text | None:
        return trick_explanation(step, scene, viewer)

    def right_words(
        self,
        scene: TrickScene,
        step: PlayStep,
        seat: int,
        move: tg.Move,
        played: Played,
        final: tg.HandState,
        viewer: int,
    ) -> tuple[Text | None, Text | None]:
        """The trick told, the learner's move first, before the lesson's words."""
        return TIEN_GOW.describe(scene.state, ((seat, move), *played), viewer), None

    def refuted_words(
        self,
        before: tg.HandState,
        after: tg.HandState,
        seat: int,
        move: tg.Move,
        played: Played,
        final: tg.HandState,
        viewer: int,
    ) -> Text:
        return TIEN_GOW.describe(before, ((seat, move), *played), viewer)

    def capstone_words(self, before: tg.HandState, since: Played, bots_since: Played, viewer: int) -> Text:
        """Every move since, the learner's first: a trick is told whole, with who took it."""
        return TIEN_GOW.describe(before, since, viewer)

    def end_words(self, said: Text, ending: Text) -> tuple[Text | None, ...]:
        return said, ending
