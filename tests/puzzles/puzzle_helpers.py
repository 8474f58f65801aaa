"""Shared by the puzzle tests (imported as ``puzzles.puzzle_helpers``: the tests folder is on the path)."""

from __future__ import annotations

import random

from tutorial_app.puzzles.mistakes import QUEUED_MARKS
from tutorial_app.puzzles.schedule import DAY
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.state import HandState, Move, Status
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.strategy.bots import RandomBot, StrongBot
from tutorial_app.strategy.review import HandReview, review_hand

__all__ = ["careless_hand", "T0", "Clock"]


T0 = 1_790_000_000.0  # some afternoon in 2026


class Clock:
    """A clock a test moves by hand (the puzzle store's ``clock``)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def days(self, days: float) -> None:
        self.now += days * DAY


def careless_hand() -> tuple[HandState, list[Move], HandReview]:
    """A 2-player block hand where seat 0 plays any legal move against the strong bot, reviewed until it has a
    mistake or a blunder."""
    rules = rules_for("block")
    for seed in range(40):
        rng = random.Random(seed)
        start = deal(rules, rng).state
        state, moves = start, list[Move]()
        while state.status is Status.IN_PLAY:
            bot = RandomBot() if state.to_move == 0 else StrongBot()
            move = bot(state, rng)
            moves.append(move)
            state = apply(state, move)
        review = review_hand(start, moves, 0, playouts=400)
        if any(d.mark in QUEUED_MARKS for d in review.decisions):
            return start, moves, review
    raise AssertionError("forty careless hands without a mistake")
