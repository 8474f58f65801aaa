"""The bots, in one place for the simulator, the command line, the lessons and the app.

Five bots (their names and the levels a learner picks from live in
``tutorial_app.rules.bot_names``): ``random`` (easy: any legal move),
``greedy`` (the heaviest tile; no level), ``heuristic`` (medium: the rules of
thumb of ``policy.HeuristicPolicy``, one look at the table), ``strong`` (the
analysis on a small budget, from its own seat's view, so it never sees a
hidden tile; the endgame solved deal by deal) and ``expert`` (the same with
five times the budget). A bot is a callable ``bot(state, rng) -> Move``; the
move is always legal, and carries its All Fives claim when the rules want one
announced.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tutorial_app.rules.bot_names import (
    BOT_NAMES,
    LEVELS,
    BotName,
    UnknownBot,
    bot_name,
    bot_title,
)
from tutorial_app.rules.line.moves import legal_moves, with_claim
from tutorial_app.rules.line.simulate import SeatBots, choose_greedy
from tutorial_app.rules.line.state import MUGGINS, Action, HandState, Move
from tutorial_app.strategy.analysis import analyse, candidate_moves
from tutorial_app.strategy.kernel import batch_of_states, code_of, move_of
from tutorial_app.strategy.opponents import BOT_MODEL, OpponentModel
from tutorial_app.strategy.playout import legal_now, scene_now
from tutorial_app.strategy.policy import BOT_POLICY, LEAD_ARM, ROLLOUT_POLICY, HeuristicPolicy, Policy
from tutorial_app.strategy.view import view_of_state

__all__ = [
    "BotName",
    "BOT_NAMES",
    "LEVELS",
    "STRONG_PLAYOUTS",
    "EXPERT_PLAYOUTS",
    "STRONG_MAX_DEALS",
    "BotError",
    "RandomBot",
    "GreedyBot",
    "HeuristicBot",
    "StrongBot",
    "Bot",
    "bot_for",
    "bot_move",
    "seat_bots",
    "bot_title",
]

STRONG_PLAYOUTS = 48
"""Sampled deals per move for the strong bot: a decision in a few tens of milliseconds."""
EXPERT_PLAYOUTS = 240
"""...and for the expert: five times as many."""
STRONG_MAX_DEALS = 32
"""Once solving, the strong bot solves 16 deals, and 16 more while its best move's lead over the runner-up is
within twice its standard error, up to this many (``analysis._close``): more thought where the choice is close.
Why 32 and not 48: as strong (block for two, paired: against greedy -0.2 ± 1.8 and +0.0 ± 1.8 points over 600
games on each of two seeds, against IS-MCTS +0.5 ± 3.2 over 200) at 0.78 of the CPU per decision, which keeps
the bot inside a fifth of IS-MCTS's time (docs/strategy.md)."""

BotError = UnknownBot
"""A bot name that does not exist (``rules.bot_names.UnknownBot``)."""


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
class HeuristicBot:
    """The play a ``HeuristicPolicy`` scores best, from what the bot sees (its hand and the table).

    A Muggins call is made at once; a draw, a pass or a single play needs no thought.
    """

    name: BotName = "heuristic"
    policy: HeuristicPolicy = BOT_POLICY

    def __call__(self, state: HandState, rng: random.Random) -> Move:
        moves = _moves(state)
        if MUGGINS in moves:
            return MUGGINS
        plays = [m for m in candidate_moves(state) if m.action is Action.PLAY and not m.closed]
        if len(plays) <= 1:
            return with_claim(state, plays[0] if plays else choose_greedy(moves))
        batch = batch_of_states([state])
        legal = legal_now(batch)
        allowed = np.zeros_like(legal.per_arm)
        for move in plays:  # only the rules core's moves (a tile just drawn that must be played, say)
            code = code_of(move)
            arm = code % 10 // 2
            allowed[0, 0 if arm == LEAD_ARM else arm] |= 1 << (code // 10)
        legal.per_arm &= allowed
        code = int(self.policy.best_codes(legal, scene_now(batch))[0])
        chosen = move_of(code) if code >= 0 else plays[0]
        return with_claim(state, chosen if chosen in plays else choose_greedy(plays))


@dataclass(frozen=True)
class StrongBot:
    """The analysis from the bot's own seat: ``playouts`` sampled deals per move (or, once few tiles are left,
    a fifth as many deals solved exactly), the best move played.

    A Muggins call is made at once (free points); a single legal move is played without thinking.
    ``first_hands``: every hand it plays is a match's first, so the first lead is a clue (the simulator's
    hands, a lesson's capstone); ``bot_move`` says so hand by hand.
    """

    name: BotName = "strong"
    playouts: int = STRONG_PLAYOUTS
    policy: Policy = ROLLOUT_POLICY
    first_hands: bool = False
    model: OpponentModel | None = BOT_MODEL
    deals: int | None = None
    """Deals solved exactly once few tiles are left (default: a fifth of ``playouts``, at least 16)."""
    exact: bool | None = None
    """Solve deals instead of playing out: always (True), never (False), or past the crossover (None)."""
    max_deals: int | None = STRONG_MAX_DEALS
    """Once solving: while the decision is close, solve as many deals again, up to this many (None: never)."""

    def __call__(self, state: HandState, rng: random.Random) -> Move:
        return self.move(state, rng, self.first_hands)

    def move(self, state: HandState, rng: random.Random, first_hand: bool) -> Move:
        """The bot's move, reading the lead as a clue when ``first_hand``."""
        moves = _moves(state)
        if MUGGINS in moves:
            return MUGGINS
        candidates = candidate_moves(state)
        if len(candidates) == 1:
            return with_claim(state, candidates[0])
        view = view_of_state(state, state.to_move, first_hand)
        analysis = analyse(
            view,
            self.playouts,
            seed=rng.getrandbits(32),
            policy=self.policy,
            check=None,
            exact=self.exact,
            model=self.model,
            deals=self.deals,
            max_deals=self.max_deals,
        )
        return with_claim(state, analysis.best.move)


Bot = RandomBot | GreedyBot | HeuristicBot | StrongBot


def _moves(state: HandState) -> list[Move]:
    moves = legal_moves(state)
    if not moves:
        raise ValueError("the bot has no move: the hand is over")
    return moves


def bot_for(name: str, first_hands: bool = False) -> Bot:
    """The bot of a name or level (``rules.bot_names.bot_name``); ``first_hands``: as ``StrongBot``."""
    key = bot_name(name)
    if key == "random":
        return RandomBot()
    if key == "greedy":
        return GreedyBot()
    if key == "heuristic":
        return HeuristicBot()
    if key == "strong":
        return StrongBot(first_hands=first_hands)
    return StrongBot("expert", EXPERT_PLAYOUTS, first_hands=first_hands, max_deals=None)


def bot_move(state: HandState, name: str, rng: random.Random, first_hand: bool = False) -> Move:
    """The named bot's move in a hand in play (``first_hand``: the first-lead rule named the leader)."""
    bot = bot_for(name)
    if isinstance(bot, StrongBot):
        return bot.move(state, rng, first_hand)
    return bot(state, rng)


def seat_bots(names: Sequence[str], first_hands: bool = False) -> SeatBots:
    """Bots for the seats in turn: ``["strong", "greedy"]`` gives seats 0 and 2 the strong bot in a 4-player game."""
    if not names:
        raise BotError("name at least one bot")
    bots = tuple(bot_for(n, first_hands) for n in names)
    return SeatBots(",".join(b.name for b in bots), bots)
