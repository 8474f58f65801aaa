"""Each game's screens, by the name of the game in ``rules.games.GAMES``: the one place the app tells games apart.

Why a registry: the lesson player, the Play page and the Rules page are
written once; how a game's board is drawn and clicked, how its moves are
made with buttons, and what its table shows around them differ, and are
asked of the game's entry here (``screens_for``). A line game's screens are
in ``app/table`` and ``app/play``, Tien Gow's in ``app/tien_gow``; a third
game's would be a folder like those, and one more entry below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from streamlit.delta_generator import DeltaGenerator

from tutorial_app.app.play.line_game import LinePlayScreens
from tutorial_app.app.shell.rules_picker import RuleChoice
from tutorial_app.app.shell.step_hooks import StepHooks
from tutorial_app.app.table.lesson import LineLessonScreens
from tutorial_app.app.tien_gow.lesson import TienGowLessonScreens
from tutorial_app.app.tien_gow.play import TienGowPlayScreens
from tutorial_app.lessons import LessonRun
from tutorial_app.lessons.format.model import CapstoneStep
from tutorial_app.rules.game import AnyGame
from tutorial_app.strategy.bot_table import BotTable

__all__ = ["LessonScreens", "PlayScreens", "LESSON_SCREENS", "PLAY_SCREENS", "lesson_screens", "play_screens"]

Hooks = StepHooks[Any]


class LessonScreens(Protocol):
    """How a game's lesson step is on screen: its board, its move buttons, its capstone table."""

    def prepared(self, name: str, run: LessonRun, move: Any) -> Any:
        """The move as the learner made it, with what the page adds (an All Fives claim typed in)."""
        ...

    def board(
        self, name: str, run: LessonRun, state: Any, *, presenter: bool, height: int, show_turn: bool, hooks: Hooks
    ) -> None:
        """The step's board, clickable on the learner's moves."""
        ...

    def move_panel(self, name: str, run: LessonRun, state: Any, hooks: Hooks) -> None:
        """The learner's move with buttons (the board's twins); the player itself offers "try again" after a
        refutation."""
        ...

    def capstone_panel(self, name: str, run: LessonRun, step: CapstoneStep, *, resume: Callable[[], None]) -> None:
        """Who leads the capstone hand, a pause of its table, and the badge once it is over."""
        ...

    def move_words(self, move: Any) -> str:
        """A right move in words, for a presenter."""
        ...


LESSON_SCREENS: dict[str, LessonScreens] = {"line": LineLessonScreens(), "tien_gow": TienGowLessonScreens()}


def lesson_screens(run: LessonRun) -> LessonScreens:
    """The screens of the game a lesson teaches."""
    return LESSON_SCREENS[run.game.name]


class PlayScreens(Protocol):
    """How a game is played on the Play page: who sits at the table, the deal, and the table itself."""

    def bots_picker(self, prefix: str, choice: RuleChoice | None) -> tuple[DeltaGenerator, DeltaGenerator]:
        """The bots' widgets; returns two columns for the deal number and the length of the game."""
        ...

    def deal(self, prefix: str, choice: RuleChoice, seed: int, whole_match: bool) -> None:
        """Deal a hand (or a match) of the chosen rule set with the bots picked, kept as the page's table."""
        ...

    def show(self, table: BotTable, deal_again: Callable[[], None]) -> None:
        """The table and everything around it (``deal_again``: the page deals its chosen rule set again)."""
        ...


PLAY_SCREENS: dict[str, PlayScreens] = {"line": LinePlayScreens(), "tien_gow": TienGowPlayScreens()}


def play_screens(game: AnyGame) -> PlayScreens:
    """The Play page's screens of a game."""
    return PLAY_SCREENS[game.name]
