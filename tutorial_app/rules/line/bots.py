"""The two bots the rules core plays a line game with by itself: random and greedy.

``random`` picks any legal move with equal chance; ``greedy`` lays its
heaviest tile (``choose_greedy``). The simulator's fast loop and the line
game's ``Game.bot_move`` play them; the stronger bots are the strategy
engine's (``tutorial_app.strategy.bots``). Like ``rules.tien_gow.bots``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.rules.bot_names import FAST_BOTS, FastBot
from tutorial_app.rules.line.state import Action, Move

__all__ = ["Bot", "BOTS", "choose_greedy"]

Bot = FastBot
"""The bots this engine plays itself (``rules.bot_names.FAST_BOTS``); any other comes from the strategy engine."""
BOTS: tuple[Bot, ...] = FAST_BOTS


def choose_greedy(moves: Sequence[Move]) -> Move:
    """The heaviest playable tile (first in ``legal_moves`` order on a tie).

    A Muggins call comes first (free points); a face-down double only when it
    is the only way to lay that tile; draw, pass or end of turn when no tile
    can be played.
    """
    best: Move | None = None
    best_pips = -1
    for move in moves:
        action = move.action
        if action is Action.MUGGINS:
            return move
        if action is Action.PLAY and not move.closed:
            tile = move.tile
            assert tile is not None
            if tile.pips > best_pips:
                best, best_pips = move, tile.pips
    if best is not None:
        return best
    return moves[0]
