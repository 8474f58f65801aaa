"""The app's opponents, one move at a time: the bots of ``tutorial_app.strategy.bots``.

Why a re-export: the Play and Compare pages import their bots from here;
the bots themselves (easy, medium, strong) live in one place, shared with
the simulator and the command line. The radio buttons offer ``BOTS`` (the
simulator's fast bots, which the Compare page also runs by the thousand);
``bot_move`` plays any bot of ``tutorial_app.strategy.bots.BOT_NAMES``.
"""

from __future__ import annotations

from tutorial_app.rules.simulate import BOTS, Bot
from tutorial_app.strategy.bots import bot_move

__all__ = ["Bot", "BOTS", "bot_move"]
