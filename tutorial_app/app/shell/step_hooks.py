"""Where a lesson step's board and move buttons send the learner, as the lesson player hands it to a game's screens.

Why one value: every game's step screens (``app.games.LessonScreens``) send the
same two things, a move to check and a sentence to show, from the board's
clicks and from the buttons alike; the player makes them once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from tutorial_app.rules.text import Text

__all__ = ["StepHooks"]

M = TypeVar("M")


@dataclass(frozen=True)
class StepHooks(Generic[M]):
    """``submit`` hands the learner's move to the run (the player checks it and shows the feedback); ``say`` shows a
    neutral sentence where the learner is looking (a selection explained, nothing counted), under the verdict of the
    last move, and ``say(None)`` clears that sentence (the selection put down), never the verdict."""

    submit: Callable[[M], None]
    say: Callable[[Text | None], None]
