"""The bots, in one place for the simulator, the command line and the app.

Three levels: easy (``random``: any legal move), medium (``greedy``: the
heaviest tile) and strong (``strong``: the analysis with a small budget, from
its own seat's view, so it never sees a hidden tile). A bot is a callable
``bot(state, rng) -> Move``; the move is always legal, and carries its All
Fives claim when the rules want one announced.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tutorial_app.rules.line.moves import legal_moves, with_claim
from tutorial_app.rules.line.simulate import SeatBots, choose_greedy
from tutorial_app.rules.line.state import MUGGINS, HandState, Move
from tutorial_app.rules.text import Text
from tutorial_app.strategy.analysis import ROLLOUT_POLICY, analyse, candidate_moves
from tutorial_app.strategy.policy import Policy
from tutorial_app.strategy.view import view_of_state

__all__ = [
    "BotName",
    "BOT_NAMES",
    "LEVELS",
    "STRONG_PLAYOUTS",
    "BotError",
    "RandomBot",
    "GreedyBot",
    "StrongBot",
    "bot_for",
    "bot_move",
    "seat_bots",
    "bot_title",
]

BotName = Literal["random", "greedy", "strong"]
BOT_NAMES: tuple[BotName, ...] = ("random", "greedy", "strong")
LEVELS: dict[str, BotName] = {"easy": "random", "medium": "greedy", "strong": "strong"}
"""The levels a learner picks from, and the bot each one is."""
STRONG_PLAYOUTS = 48
"""Sampled deals per move for the strong bot: a decision in a few tens of milliseconds."""

_TITLES: dict[BotName, Text] = {
    "random": Text("easy: any legal move", "лёгкий: любой разрешённый ход"),
    "greedy": Text("medium: the heaviest tile first", "средний: сначала самая тяжёлая кость"),
    "strong": Text("strong: weighs every move by playing it out", "сильный: взвешивает каждый ход, разыгрывая его"),
}


class BotError(ValueError):
    """A bot name that does not exist."""


def bot_title(name: BotName) -> Text:
    """One line on what a bot does, in en and ru."""
    return _TITLES[name]


@dataclass(frozen=True)
class RandomBot:
    """Any legal move, each as likely."""

    name: BotName = "random"

    def __call__(self, state: HandState, rng: random.Random) -> Move:
        return with_claim(state, rng.choice(_moves(state)))


@dataclass(frozen=True)
class GreedyBot:
    """The heaviest tile (``tutorial_app.rules.line.simulate.choose_greedy``)."""

    name: BotName = "greedy"

    def __call__(self, state: HandState, rng: random.Random) -> Move:
        return with_claim(state, choose_greedy(_moves(state)))


@dataclass(frozen=True)
class StrongBot:
    """The analysis from the bot's own seat: ``playouts`` sampled deals per move, the best move played.

    A Muggins call is made at once (free points); a single legal move is
    played without thinking.
    """

    name: BotName = "strong"
    playouts: int = STRONG_PLAYOUTS
    policy: Policy = ROLLOUT_POLICY

    def __call__(self, state: HandState, rng: random.Random) -> Move:
        moves = _moves(state)
        if MUGGINS in moves:
            return MUGGINS
        candidates = candidate_moves(state)
        if len(candidates) == 1:
            return with_claim(state, candidates[0])
        view = view_of_state(state, state.to_move)
        analysis = analyse(view, self.playouts, seed=rng.getrandbits(32), policy=self.policy)
        return with_claim(state, analysis.best.move)


def _moves(state: HandState) -> list[Move]:
    moves = legal_moves(state)
    if not moves:
        raise ValueError("the bot has no move: the hand is over")
    return moves


def bot_for(name: str) -> RandomBot | GreedyBot | StrongBot:
    """The bot of a name or level (random/easy, greedy/medium, strong)."""
    key = LEVELS.get(name.strip().lower(), name.strip().lower())
    if key == "random":
        return RandomBot()
    if key == "greedy":
        return GreedyBot()
    if key == "strong":
        return StrongBot()
    names = ", ".join((*BOT_NAMES, *(level for level in LEVELS if level not in BOT_NAMES)))
    raise BotError(f"unknown bot {name!r}; the bots are: {names}")


def bot_move(state: HandState, name: str, rng: random.Random) -> Move:
    """The named bot's move in a hand in play."""
    return bot_for(name)(state, rng)


def seat_bots(names: Sequence[str]) -> SeatBots:
    """Bots for the seats in turn: ``["strong", "greedy"]`` gives seats 0 and 2 the strong bot in a 4-player game."""
    if not names:
        raise BotError("name at least one bot")
    bots = tuple(bot_for(n) for n in names)
    return SeatBots(",".join(b.name for b in bots), bots)
