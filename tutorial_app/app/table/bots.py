"""The app's opponents, one move at a time: the bots of ``tutorial_app.strategy.bots``.

Why a re-export: the Play and Compare pages import their bots from here;
the bots themselves live in one place, shared with the simulator and the
command line, and their names and levels in ``tutorial_app.rules.bot_names``.
The Compare page offers ``BOTS`` (the simulator's fast bots, which it runs by
the thousand); the Play page offers the levels (easy, medium, strong, expert)
per seat; ``bot_move`` plays any of them.
"""

from __future__ import annotations

from tutorial_app.rules.line.simulate import BOTS, Bot
from tutorial_app.strategy.bots import BOT_NAMES, bot_for, bot_move

__all__ = ["Bot", "BOTS", "BOT_NAMES", "bot_for", "bot_move"]
