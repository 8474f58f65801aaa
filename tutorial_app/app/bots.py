"""The app's opponents: the simulator's random and greedy bots, one move at a time.

Why a wrapper: the simulator plays whole hands; the Play page needs one move
at a time, and when All Fives points must be announced the bot's play must
carry the right claim. The move itself is the lessons' capstone bot (one
bot for the Play page and a course's final hand).
"""

from __future__ import annotations

from tutorial_app.lessons.capstone import bot_move
from tutorial_app.rules.simulate import BOTS, Bot

__all__ = ["Bot", "BOTS", "bot_move"]
