"""Two simple Tien Gow players: random and greedy.

``random`` picks any legal move with equal chance. ``greedy`` grabs what it
can now: it leads its largest set (the strongest of that size), beats with
its strongest beating set when it can, and otherwise throws away its
weakest tiles. Neither counts tiles or plans for the last trick.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from tutorial_app.rules.bot_names import FAST_BOTS, FastBot
from tutorial_app.rules.tien_gow.moves import apply_unchecked, combo_of, legal_sequence
from tutorial_app.rules.tien_gow.options import HAND_SIZE, PLAYERS
from tutorial_app.rules.tien_gow.state import Action, HandState, Move
from tutorial_app.rules.tien_gow.tiles import single_rank

__all__ = ["TienGowBot", "TIEN_GOW_BOTS", "tien_gow_bot", "BotTurns", "choose", "choose_greedy", "play_bots", "paused"]

TienGowBot = FastBot
"""Tien Gow's players are the rules core's two simple bots (``rules.bot_names``), played by its own rules."""
TIEN_GOW_BOTS: tuple[TienGowBot, ...] = FAST_BOTS


def tien_gow_bot(name: str) -> TienGowBot | None:
    """The Tien Gow bot called ``name``, or None (the line games' strong bot has no Tien Gow twin)."""
    return next((bot for bot in TIEN_GOW_BOTS if bot == name), None)


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


class BotTurns(NamedTuple):
    """Where the bots stopped, and the moves they made on the way, as (seat, move)."""

    state: HandState
    moves: tuple[tuple[int, Move], ...]


def paused(state: HandState, viewer: int) -> bool:
    """Whether a trick has just been taken and a bot is to lead the next (the table waits for the viewer)."""
    return not state.is_over and state.to_move != viewer and state.trick is None and state.last_trick is not None


def play_bots(
    state: HandState,
    viewer: int,
    bot: TienGowBot,
    rng_for: Callable[[int], random.Random],
    *,
    pause: bool = True,
    resume: bool = False,
) -> BotTurns:
    """Let every seat but ``viewer`` move until it is the viewer's turn or the hand is over.

    With ``pause`` the bots also stop when a trick has just been taken and
    one of them would lead the next, so the learner sees the trick first;
    ``resume`` goes on from such a stop. ``rng_for(n)`` is the random
    source for the hand's n-th move (a seeded table replays exactly).
    """
    moves: list[tuple[int, Move]] = []
    for _ in range(PLAYERS * HAND_SIZE + 1):
        if state.is_over or state.to_move == viewer:
            break
        if pause and paused(state, viewer) and (moves or not resume):
            break
        move = choose(bot, state, legal_sequence(state), rng_for(len(state.moves)))
        moves.append((state.to_move, move))
        state = apply_unchecked(state, move)
    return BotTurns(state, tuple(moves))
