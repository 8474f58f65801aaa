"""Two simple Tien Gow players: random and greedy.

``random`` picks any legal move with equal chance. ``greedy`` grabs what it
can now: it leads its largest set (the strongest of that size), beats with
its strongest beating set when it can, and otherwise throws away its
weakest tiles. Neither counts tiles or plans for the last trick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from tutorial_app.rules.chinese import single_rank
from tutorial_app.rules.tien_gow.moves import combo_of
from tutorial_app.rules.tien_gow.state import Action, HandState, Move

__all__ = ["TienGowBot", "TIEN_GOW_BOTS", "choose", "choose_greedy"]

TienGowBot = Literal["random", "greedy"]
TIEN_GOW_BOTS: tuple[TienGowBot, ...] = ("random", "greedy")


def _strength(move: Move) -> int:
    combo = combo_of(move.tiles)
    return -1 if combo is None else combo.strength


def _weight(move: Move) -> int:
    return sum(single_rank(t) for t in move.tiles)


def choose_greedy(state: HandState, moves: Sequence[Move]) -> Move:
    """The greedy bot's move among ``moves`` (the legal moves of ``state``); first in order on a tie."""
    if state.leading:
        return max(moves, key=lambda m: (len(m.tiles), _strength(m)))
    beating = [m for m in moves if m.action is Action.PLAY]
    if beating:
        return max(beating, key=_strength)
    return min(moves, key=_weight)


def choose(bot: TienGowBot, state: HandState, moves: Sequence[Move], rng: random.Random) -> Move:
    """A bot's move among the legal ``moves`` of ``state``."""
    if bot == "random":
        return moves[int(rng.random() * len(moves))]
    return choose_greedy(state, moves)
