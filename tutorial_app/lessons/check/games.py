"""Each game's second pass of the validator, by the name of the game in ``rules.games.GAMES``.

Why a registry: ``validate`` reads a lesson's rule set, asks which game it
belongs to, and runs that game's pass; a third game adds its pass here.
"""

from __future__ import annotations

from typing import Any, Protocol

from tutorial_app.lessons.check.line import LinePass
from tutorial_app.lessons.check.semantics import LessonFrame, Report, SemanticPass
from tutorial_app.lessons.check.tien_gow import TienGowPass
from tutorial_app.rules.games import GAMES

__all__ = ["GamePass", "PASSES", "pass_for"]


class GamePass(Protocol):
    """How a game's pass is made: its frame read from the lesson's data, then the pass over the steps."""

    def __call__(self, error: Report, frame: LessonFrame) -> SemanticPass: ...

    @staticmethod
    def frame_of(data: dict[str, Any], error: Report, viewer: int) -> LessonFrame: ...


PASSES: dict[str, GamePass] = {"line": LinePass, "tien_gow": TienGowPass}
"""Every game's pass; the line games' pass reads a lesson whose rule set no game knows (and reports it)."""


def pass_for(rules_name: object) -> GamePass:
    """The pass of the game a lesson's ``rules:`` names (the first game's for a name no game knows)."""
    for game in GAMES:
        if isinstance(rules_name, str) and game.knows(rules_name):
            return PASSES[game.name]
    return PASSES[GAMES[0].name]
