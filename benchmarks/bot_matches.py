"""Matches between two bots on the same deals with the sides swapped, refereed by the rules core.

Shared by ``strong_vs_greedy.py`` (the six presets) and ``bot_ladder.py`` (the levels' Elo). Every deal is
a match's first hand (the first-lead rule names the leader), played twice: bot A on side 0 and B on the
others, then the other way round, so the luck of the deal cancels. A game's result is A's share of the
hand (a tied fish is split).

``paired_matches`` plays whole matches the same way (the same deals for both seatings, the next leader and
the target as the preset says): what a game of All Fives is won by, its points over several hands, where a
single hand's winner is only who went out.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.game import LINE
from tutorial_app.rules.line.moves import apply_unchecked
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.simulation import play_match
from tutorial_app.strategy.analysis import candidate_moves
from tutorial_app.strategy.bots import StrongBot

BotFn = Callable[[HandState, random.Random], Move]

__all__ = ["BotFn", "MatchResult", "paired_deals", "paired_match", "paired_matches"]


@dataclass
class MatchResult:
    """A's share of every game, and the seconds of each bot's decisions (two or more legal moves)."""

    shares: list[float] = field(default_factory=list)
    seconds_a: list[float] = field(default_factory=list)
    seconds_b: list[float] = field(default_factory=list)

    @property
    def share(self) -> float:
        return statistics.mean(self.shares)

    @property
    def half_width(self) -> float:
        """The 95 % half-width of A's share."""
        return 1.96 * statistics.stdev(self.shares) / math.sqrt(len(self.shares))

    def text(self) -> str:
        return f"{100 * self.share:.1f}% ± {100 * self.half_width:.1f} over {len(self.shares)} games"


def _share(state: HandState, side: int) -> float:
    result = hand_result(state)
    if side not in result.winner_sides:
        return 0.0
    return 1.0 / len(result.winner_sides) if result.tie else 1.0


def paired_deals(rules: HouseRules, deals: int, seed: int) -> Iterator[tuple[HandState, int, random.Random]]:
    """The games of ``deals`` deals: each deal's start twice, with the side the measured bot takes (0, then 1) and
    that game's own source of random choices."""
    rng = random.Random(f"paired/{seed}")
    for index in range(deals):
        start = deal(rules, rng).state
        for side in (0, 1):
            yield start, side, random.Random(f"paired/{seed}/{index}/{side}")


def paired_match(rules: HouseRules, a: BotFn, b: BotFn, deals: int, seed: int) -> MatchResult:
    """Bot A against bot B on ``deals`` deals, each played with A on side 0 and then on side 1."""
    out = MatchResult()
    for start, a_side, moves in paired_deals(rules, deals, seed):
        state = start
        while not state.is_over:
            mine = rules.side_of(state.to_move) == a_side
            choosing = len(candidate_moves(state)) > 1
            started = time.perf_counter()
            move = (a if mine else b)(state, moves)
            if choosing:
                (out.seconds_a if mine else out.seconds_b).append(time.perf_counter() - started)
            state = apply_unchecked(state, move)
        out.shares.append(_share(state, a_side))
    return out


def _mover(bot: BotFn, first_hand: bool) -> BotFn:
    """The bot as it plays a hand of a match: a strong bot reads the first lead as a clue in the first hand only."""
    if isinstance(bot, StrongBot):
        return lambda state, rng: bot.move(state, rng, first_hand)
    return bot


def paired_matches(rules: HouseRules, a: BotFn, b: BotFn, matches: int, seed: int) -> MatchResult:
    """Bot A against bot B in ``matches`` whole matches, each played with A on side 0 and then on side 1 over the
    same deals; a game's result is A's share of the match (a shared win is split)."""
    out = MatchResult()
    for index in range(matches):
        for a_side in (0, 1):
            winners = _one_match(rules, a, b, a_side, f"paired-matches/{seed}/{index}")
            out.shares.append(1.0 / len(winners) if a_side in winners else 0.0)
    return out


def _one_match(rules: HouseRules, a: BotFn, b: BotFn, a_side: int, name: str) -> tuple[int, ...]:
    """The winning sides of one match dealt from ``name``'s random source, A on side ``a_side``."""
    moves = random.Random(f"{name}/{a_side}")
    hands = 0

    def play(start: HandState) -> HandState:
        nonlocal hands
        first = hands == 0
        hands += 1
        mine, theirs = _mover(a, first), _mover(b, first)
        state = start
        while not state.is_over:
            bot = mine if rules.side_of(state.to_move) == a_side else theirs
            state = apply_unchecked(state, bot(state, moves))
        return state

    match, _first, _finished = play_match(LINE, rules, random.Random(name), play)
    return tuple(match.winner_sides)
