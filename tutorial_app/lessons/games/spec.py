"""What a game's lessons must answer: the ``LessonGame`` protocol.

The runner, the validator's walk and the solver call these and nothing
else that depends on the game. A position on show is the game's own scene
value (a line game's ``Scene``, Tien Gow's ``TrickScene``): a NamedTuple with
the hand as ``state``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from tutorial_app.lessons.format.model import Answer, Goal, Lesson, MoveSpec, PlayStep, PositionSpec, QuizStep
from tutorial_app.rules.game import AnyGame
from tutorial_app.rules.text import Text

__all__ = ["LessonGame", "Played"]

Played = Sequence[tuple[int, Any]]
"""Moves made, as (seat, move)."""


class LessonGame(Protocol):
    """One game's lessons: its positions, moves, goals and questions, and how a move is told back."""

    @property
    def game(self) -> AnyGame:
        """The rules core's game (``rules.games``)."""
        ...

    @property
    def separator(self) -> str:
        """How the parts of a worked explanation are joined: a space (a few sentences) or a blank line (paragraphs)."""
        ...

    # -- reading ---------------------------------------------------------------------------

    def rules_of(self, name: str, players: int | None, overrides: Mapping[str, Any]) -> Any:
        """A lesson's house rules (a ``ValueError`` naming what is wrong)."""
        ...

    def read_scene(self, lesson: Lesson, rules: Any, spec: PositionSpec) -> Any:
        """A step's position as the game reads it (a ``ValueError`` when it cannot be on a table)."""
        ...

    def move_of(self, spec: MoveSpec | str) -> Any:
        """A move as a lesson writes it (a ``ValueError`` saying how to write it here)."""
        ...

    def satisfies(self, goal: Goal, before: Any, move: Any, after: Any) -> bool:
        """Whether ``move`` (from ``before``, giving ``after``) reaches a play step's goal."""
        ...

    def goal_moves(self, state: Any, goal: Goal) -> list[tuple[Any, Any]]:
        """Every legal move that reaches the goal, with the state it leads to."""
        ...

    def capstone_bot(self, name: str) -> str | None:
        """The bot a capstone step's ``bot:`` seats at this game's table (None: this game has no such bot)."""
        ...

    # -- questions -------------------------------------------------------------------------------

    def answer(self, step: QuizStep, scene: Any, rules: Any, viewer: int) -> Answer:
        """The rules core's answer to a question (``QuizError`` when it does not fit the position)."""
        ...

    def choices(
        self, step: QuizStep, scene: Any, rules: Any, right: Answer, viewer: int, lang: str
    ) -> list[tuple[Answer, str]] | None:
        """A question's options as (value, label); None when the learner types the answer."""
        ...

    def answer_label(self, step: QuizStep, scene: Any, rules: Any, value: Answer, viewer: int, lang: str) -> str:
        """An answer as the learner reads it ("Yes", "You", "Seat 2", "6-4 on the left")."""
        ...

    def explanation(self, step: QuizStep, scene: Any, rules: Any, viewer: int) -> Text | None:
        """The rules core's worked explanation of the right answer."""
        ...

    # -- telling what happened ---------------------------------------------------------------------

    def right_words(
        self, scene: Any, step: PlayStep, seat: int, move: Any, played: Played, final: Any, viewer: int
    ) -> tuple[Text | None, Text | None]:
        """What is said before and after the lesson's ``success:`` when the learner's move is right."""
        ...

    def refuted_words(
        self, before: Any, after: Any, seat: int, move: Any, played: Played, final: Any, viewer: int
    ) -> Text:
        """What happened after a tempting wrong move (the replies that refute it)."""
        ...

    def capstone_words(self, before: Any, since: Played, bots_since: Played, viewer: int) -> Text:
        """What happened at the capstone table since the learner last acted (``before``: the state then)."""
        ...

    def end_words(self, said: Text, ending: Text) -> tuple[Text | None, ...]:
        """The parts of the capstone hand's end: the worked end, after what was just said where the game tells it."""
        ...
