"""The Play page's Tien Gow table: the learner at seat 0, one kind of bot in the three other seats.

Why so short: the table itself (the bots' loop, the pause after a trick a
bot took, undo, the next hand, the chips) is ``strategy.bot_table.BotTable``,
the one value every hand against bots is; this module only says how the
Play page seats and seeds Tien Gow: a deal's source is named
``tien_gow:SEED:HAND`` and a bot's move ``tien_gow:SEED:HAND:MOVE``, so a
deal number replays the same game.
"""

from __future__ import annotations

from typing import TypeAlias

from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.tien_gow.game import TIEN_GOW
from tutorial_app.strategy.bot_table import (
    PERSON,
    BotTable,
    Seeds,
    next_hand,
    open_table,
    person_move,
    resume,
    undo,
)

__all__ = ["TienGowTable", "HUMAN", "start_tien_gow", "human_move", "resume", "undo", "next_hand"]

HUMAN = 0
"""The learner's seat, drawn at the bottom as "You"."""

TienGowTable: TypeAlias = BotTable
human_move = person_move


def start_tien_gow(rules: tg.TienGowRules, bot: str, seed: int, whole_match: bool) -> BotTable:
    """A new hand (the first of a match): banker by lot, the bots already moved up to the learner's turn."""
    seats = tuple(PERSON if seat == HUMAN else bot for seat in range(tg.PLAYERS))
    return open_table(
        TIEN_GOW, rules, seats, Seeds(seed, "tien_gow"), name=tg.NAME, whole_match=whole_match, viewer=HUMAN
    )
