"""Each game's part of the ``rules`` and ``simulate`` verbs, by the name of the game in ``rules.games.GAMES``.

Why a registry: a verb reads a rule-set name, asks which game it belongs to
and hands over to that game's entry; the output, the options and the errors
look alike for every game. A third game adds its module and its entry here.
"""

from __future__ import annotations

import argparse
from typing import Protocol

from tutorial_app.commands import line, tien_gow
from tutorial_app.rules.games import GAMES

__all__ = ["GameCommands", "COMMANDS", "commands_for"]


class GameCommands(Protocol):
    """A game's rule sheet and simulation on the command line."""

    def run_rules(self, args: argparse.Namespace) -> int: ...

    def run_simulate(self, args: argparse.Namespace) -> int: ...

    def preset_entry(self, width: int, lang: str) -> list[str]: ...


COMMANDS: dict[str, GameCommands] = {"line": line, "tien_gow": tien_gow}


def commands_for(rules_name: str) -> GameCommands:
    """The commands of the game a rule-set name belongs to (the first game's for a name no game knows: it names
    the presets)."""
    for game in GAMES:
        if game.knows(rules_name):
            return COMMANDS[game.name]
    return COMMANDS[GAMES[0].name]
