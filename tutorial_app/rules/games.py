"""The games the app teaches, in one registry: ``GAMES`` and ``find_game``.

Why a registry (python-chess's ``VARIANTS``, OpenSpiel's ``register_game``):
the lesson runner, a hand against bots, the validator, the simulator and the
pages are written once against ``rules.game.Game``; which engine a rule-set
name means is asked here, never by a test on the game's name elsewhere. A
third game is one more entry below (its engine in ``rules/<game>/``, with a
``game.py`` like the two here).
"""

from __future__ import annotations

from tutorial_app.rules.game import AnyGame
from tutorial_app.rules.line.game import LINE
from tutorial_app.rules.line.variants import UnknownVariantError
from tutorial_app.rules.text import msg, shown
from tutorial_app.rules.tien_gow.game import TIEN_GOW

__all__ = ["GAMES", "find_game", "game_named", "preset_names", "UnknownGameError"]

GAMES: tuple[AnyGame, ...] = (LINE, TIEN_GOW)
"""Every game, the line games first (a rule-set name is looked up in this order)."""


class UnknownGameError(UnknownVariantError):
    """A rule-set name no game knows; ``reason`` in en and ru (an ``UnknownVariantError``, as before)."""


def find_game(rules_name: str) -> AnyGame:
    """The game a rule-set name belongs to ("block", "козёл", "tien gow", "китайское домино" ...)."""
    for game in GAMES:
        if game.knows(rules_name):
            return game
    names = ", ".join(preset_names())
    raise UnknownGameError(
        msg("unknown rule set {shown}; the presets are: {names}", shown=shown(rules_name), names=names)
    )


def game_named(name: str) -> AnyGame:
    """A game by its own name in the registry (``line``, ``tien_gow``); KeyError for another."""
    for game in GAMES:
        if game.name == name:
            return game
    raise KeyError(name)


def preset_names() -> tuple[str, ...]:
    """Every rule set a picker offers, game by game."""
    return tuple(name for game in GAMES for name in game.presets())
