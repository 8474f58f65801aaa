"""The app's opponents: the simulator's random and greedy bots, one move at a time.

Why a wrapper: the simulator plays whole hands; the Play page needs one move
at a time, and when All Fives points must be announced the bot's play must
carry the right claim (the simulator never needs it: it plays with
automatic claims or lets Muggins happen).
"""

from __future__ import annotations

import random

from tutorial_app.rules.moves import apply_unchecked, legal_moves
from tutorial_app.rules.simulate import BOTS, Bot, choose_greedy
from tutorial_app.rules.state import Action, HandState, Move

__all__ = ["Bot", "BOTS", "bot_move"]


def _with_claim(state: HandState, move: Move) -> Move:
    """The move with the points it scores announced, when the rules want a claim."""
    if move.action is not Action.PLAY:
        return move
    after = apply_unchecked(state, move)
    if after.unclaimed:
        return move._replace(claim=after.unclaimed)
    return move


def bot_move(state: HandState, kind: Bot, rng: random.Random) -> Move:
    """The bot's move in a hand in play (always legal)."""
    moves = legal_moves(state)
    if not moves:
        raise ValueError("the bot has no move: the hand is over")
    chosen = rng.choice(moves) if kind == "random" else choose_greedy(moves)
    return _with_claim(state, chosen)
