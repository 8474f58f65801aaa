"""The bots' names and the levels a learner picks from: the one home of every bot name.

The rules core plays the two simplest bots itself (``FAST_BOTS``: the
simulator's own loop and Tien Gow's players); the strategy engine builds
every bot of ``BOT_NAMES`` (``tutorial_app.strategy.bots.bot_for``); a
lesson's capstone, the Play page's seats, the club's tables and
``domino-tutor simulate --bot`` name them from here. A learner picks a level
(``LEVELS``): easy, medium, strong and expert are four different bots, each a
step above the one before (``benchmarks/bot_ladder.py`` prints their Elo).

Why in the rules core: it is the lowest floor that every package naming a
bot may import; the names are data, the bots themselves live above.
"""

from __future__ import annotations

from typing import Literal, get_args

from tutorial_app.rules.text import Text, msg

__all__ = [
    "BotName",
    "BOT_NAMES",
    "FastBot",
    "FAST_BOTS",
    "Level",
    "LEVELS",
    "LEVEL_BOTS",
    "UnknownBot",
    "bot_name",
    "bot_title",
    "level_of",
]

BotName = Literal["random", "greedy", "heuristic", "strong", "expert"]
BOT_NAMES: tuple[BotName, ...] = get_args(BotName)
FastBot = Literal["random", "greedy"]
"""The bots the rules core plays by itself, thousands of hands a second (no strategy engine)."""
FAST_BOTS: tuple[FastBot, ...] = get_args(FastBot)
Level = Literal["easy", "medium", "strong", "expert"]
LEVELS: dict[Level, BotName] = {"easy": "random", "medium": "heuristic", "strong": "strong", "expert": "expert"}
"""The levels a learner picks from, and the bot each one is."""
LEVEL_BOTS: tuple[BotName, ...] = tuple(LEVELS.values())
"""The bots a level picker offers, weakest first."""

_TITLES: dict[BotName, Text] = {
    "random": msg("easy: any legal move"),
    "greedy": msg("greedy: the heaviest tile first"),
    "heuristic": msg("medium: rules of thumb (doubles early, keeps its numbers, counts the tiles it sees)"),
    "strong": msg("strong: weighs every move on the deals it cannot see; solves the endgame exactly"),
    "expert": msg("expert: the strong bot thinking five times as long"),
}


class UnknownBot(ValueError):
    """A bot or level name that does not exist."""


def bot_name(text: str) -> BotName:
    """The bot of a name or level ("random", "easy", " Strong "...); ``UnknownBot`` names the choices."""
    key = text.strip().lower()
    for level, bot in LEVELS.items():
        if key == level:
            return bot
    for name in BOT_NAMES:
        if key == name:
            return name
    choices = ", ".join((*BOT_NAMES, *(level for level in LEVELS if level not in BOT_NAMES)))
    raise UnknownBot(f"unknown bot {text!r}; the bots are: {choices}")


def bot_title(name: BotName) -> Text:
    """One line on what a bot does, in en and ru."""
    return _TITLES[name]


def level_of(name: BotName) -> Level | None:
    """The level a bot is (None for a bot no level offers: greedy)."""
    return next((level for level, bot in LEVELS.items() if bot == name), None)
