"""A capstone step: one whole hand against bots under the lesson's rules.

Why here and pure: the lesson runner, the validator (which plays the hand
with bots in every seat to prove it can be finished) and the app all drive
the same hand; every random choice comes from the step's seed and the move
number, so a seeded capstone replays exactly.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from tutorial_app.rules.line.deal import LeadDecision, deal
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.text import Text
from tutorial_app.strategy.bots import bot_move

__all__ = ["CapstoneHand", "deal_capstone", "bot_move", "learner_move", "MAX_MOVES"]

MAX_MOVES = 500
"""No hand of 28 tiles needs more moves than this; a safety stop for the bots' loop."""


class CapstoneHand(NamedTuple):
    """The hand as it stands, and the moves the bots made since the learner's last move."""

    rules: HouseRules
    viewer: int
    bot: str
    seed: int
    start: HandState
    state: HandState
    lead: LeadDecision
    redeals: tuple[Text, ...]
    since: tuple[tuple[int, Move], ...] = ()
    """(seat, move) of the bots' moves since the learner last moved."""

    @property
    def over(self) -> bool:
        return self.state.is_over


def _rng(seed: int, moves: int) -> random.Random:
    return random.Random(f"capstone/{seed}/{moves}")


def _bots(hand: CapstoneHand) -> CapstoneHand:
    """Let the bots move until it is the learner's turn or the hand is over."""
    state = hand.state
    played: list[tuple[int, Move]] = []
    for _ in range(MAX_MOVES):
        if state.is_over or state.to_move == hand.viewer:
            break
        move = bot_move(state, hand.bot, _rng(hand.seed, len(state.log)))
        played.append((state.to_move, move))
        state = apply(state, move)
    return hand._replace(state=state, since=tuple(played))


def deal_capstone(rules: HouseRules, viewer: int, bot: str, seed: int) -> CapstoneHand:
    """Deal the hand by the first-lead rule and let the bots play up to the learner's first turn."""
    dealt = deal(rules, random.Random(f"capstone/{seed}"), viewer=viewer)
    hand = CapstoneHand(rules, viewer, bot, seed, dealt.state, dealt.state, dealt.lead, dealt.redeals)
    return _bots(hand)


def learner_move(hand: CapstoneHand, move: Move) -> CapstoneHand:
    """The learner's move (IllegalMoveError with the reason if it is not allowed), then the bots' replies."""
    if hand.over or hand.state.to_move != hand.viewer:
        raise ValueError("it is not the learner's turn")
    return _bots(hand._replace(state=apply(hand.state, move)))
