"""The Play page's table of a line game: the learner at seat 0, bots in the other seats, seeded by the deal number.

Why so short: the table itself (the bots' loop, undo, the next hand, the
score sheet) is ``strategy.bot_table.BotTable``, the one value every hand
against bots is; this module only says how the Play page seats and seeds a
line game: the learner is seat 0 ("You"), a deal's source is named
``SEED:HAND`` and a bot's move ``SEED:HAND:MOVE``, so a deal number replays
the same game (and a shared deal link deals the same hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from tutorial_app.rules.line.game import LINE
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.strategy import bot_table
from tutorial_app.strategy.bot_table import BotTable, Seeds, next_hand, open_table, person_move, undo

__all__ = ["PlayTable", "HUMAN", "bots_by_seat", "start_table", "human_move", "undo", "next_hand"]

HUMAN = 0
"""The learner's seat, drawn at the bottom as "You"."""

PlayTable: TypeAlias = BotTable
human_move = person_move


def bots_by_seat(players: int, opponents: str | Sequence[str]) -> tuple[str, ...]:
    """The bot of every seat: one name (or level) for every other seat, or names for seats 1, 2, ... in turn
    (cycled); the learner's seat is ``""``; BotError (a ValueError) for a name that is no bot."""
    return bot_table.bots_by_seat(LINE, players, opponents, HUMAN)


def start_table(
    rules: HouseRules, preset: str, opponents: str | Sequence[str], seed: int, whole_match: bool
) -> BotTable:
    """A new hand (or the first hand of a match), bots already moved up to the learner's turn.

    ``opponents``: one bot for every other seat, or one per seat from seat 1 on (``bot_table.bots_by_seat``).
    """
    seats = bots_by_seat(rules.players, opponents)
    return open_table(LINE, rules, seats, Seeds(seed), name=preset, whole_match=whole_match, viewer=HUMAN)
