"""A capstone step: one whole hand against bots under the lesson's rules, at a table of the lesson's game.

Why here and pure: the lesson runner, the validator (which plays the hand
with bots in every seat to prove it can be finished) and the app all drive
the same hand, a ``strategy.bot_table.BotTable``; every random choice comes
from the step's seed and the move number (``capstone/SEED`` for the deal,
``capstone/SEED/N`` for the n-th move), so a seeded capstone replays exactly.
A deal whose hand ends before the learner's first turn (every turn of theirs
a forced pass: about once in 300 deals of the core course's two-player block) is
passed over for the seed's next one, the same way every time.
"""

from __future__ import annotations

from typing import Any

from tutorial_app.rules.game import AnyGame
from tutorial_app.strategy.bot_table import MAX_BOT_MOVES, PERSON, BotTable, Seeds, open_table

__all__ = ["MAX_MOVES", "REDEALS", "capstone_seeds", "capstone_table", "bots_only_table"]

MAX_MOVES = MAX_BOT_MOVES
"""No hand needs more moves than this; a safety stop for the bots' loop."""
REDEALS = 16
"""How many more deals a capstone tries when a deal's hand is over before the learner's first turn."""
_REDEAL_STEP = 1_000_003
"""The seed's next deal is ``capstone/SEED+k*STEP``: far from the seeds of the lessons' other runs."""


def capstone_seeds(seed: int) -> Seeds:
    """The capstone's random sources: ``capstone/SEED`` deals, ``capstone/SEED/N`` is the n-th move's."""
    return Seeds(seed, "capstone", "/", numbered=False)


def capstone_table(game: AnyGame, rules: Any, viewer: int, bot: str, seed: int) -> BotTable:
    """The hand dealt (by the first-lead rule, or the banker by lot) with ``bot`` in every seat but the learner's,
    the bots already moved up to the learner's first turn (or to a trick a bot took, in Tien Gow).

    Why another deal when the hand is over already: the learner was dealt a hand they could never play
    from, and a capstone they cannot take part in teaches nothing (the step would end before it began)."""
    seats = tuple(PERSON if seat == viewer else bot for seat in range(game.players(rules)))
    for redeal in range(REDEALS + 1):
        table = open_table(game, rules, seats, capstone_seeds(seed + redeal * _REDEAL_STEP), viewer=viewer)
        if not table.hand_over:
            break
    return table


def bots_only_table(game: AnyGame, rules: Any, bot: str, seed: int) -> BotTable:
    """The capstone's hand with ``bot`` in every seat, played to its end (the validator's proof that it ends)."""
    seats = (bot,) * game.players(rules)
    return open_table(game, rules, seats, capstone_seeds(seed), pause=False)
