"""How each game's lessons are read, judged and told: one ``LessonGame`` per game of ``rules.games``.

Why a registry keyed by the rules core's games: the lesson runner, the
validator's step walk and the solver are written once; what differs between
a line game's lesson and a Tien Gow lesson (how a position and a move are
written, which goals and questions exist, how a move is told back) is asked
of the lesson's entry here (``lesson_game``), never by testing which game a
lesson teaches. A third game adds its entry to ``LESSON_GAMES``.
"""

from __future__ import annotations

from tutorial_app.lessons.games.line import LineLessons
from tutorial_app.lessons.games.spec import LessonGame
from tutorial_app.lessons.games.tien_gow import TienGowLessons
from tutorial_app.rules.games import find_game

__all__ = ["LessonGame", "LESSON_GAMES", "lesson_game"]

LESSON_GAMES: dict[str, LessonGame] = {entry.game.name: entry for entry in (LineLessons(), TienGowLessons())}
"""Every game's lessons, by the name of the game in ``rules.games.GAMES``."""


def lesson_game(rules_name: str) -> LessonGame:
    """The lessons of the game a rule-set name belongs to (``UnknownVariantError`` for a name no game knows)."""
    return LESSON_GAMES[find_game(rules_name).name]
