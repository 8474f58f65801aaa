"""The app's opponents: the simulator's random and greedy bots, one move at a time.

Why a wrapper: the simulator plays whole hands; the Play page needs one move
at a time, and when All Fives points must be announced the bot's play must
carry the right claim (the simulator never needs it: it plays with
automatic claims or lets Muggins happen).
"""

from __future__ import annotations

import random

from tutorial_app.rules.moves import legal_moves, with_claim
from tutorial_app.rules.simulate import BOTS, Bot, choose_greedy
from tutorial_app.rules.state import HandState, Move

__all__ = ["Bot", "BOTS", "bot_move"]


def bot_move(state: HandState, kind: Bot, rng: random.Random) -> Move:
    """The bot's move in a hand in play (always legal)."""
    moves = legal_moves(state)
    if not moves:
        raise ValueError("the bot has no move: the hand is over")
    chosen = rng.choice(moves) if kind == "random" else choose_greedy(moves)
    return with_claim(state, chosen)
