"""Helpers for the Tien Gow tests: a worked deal, moves written short, and scripted play."""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.rules.tien_gow import HandState, Move, TienGowRules, apply, parse_move, start_hand

WORKED_HANDS: tuple[tuple[str, ...], ...] = (
    ("6-6", "6-6", "6-3", "5-4", "1-1", "3-3", "2-2", "5-1"),
    ("1-1", "4-4", "4-4", "5-2", "4-3", "6-5", "6-1", "2-1"),
    ("3-1", "3-1", "4-1", "3-2", "5-5", "5-5", "6-4", "4-2"),
    ("3-3", "2-2", "6-5", "6-4", "6-1", "5-1", "6-2", "5-3"),
)
"""A full deal of the 32 tiles (seat 0 is the banker) played out in ``WORKED_MOVES``."""

WORKED_MOVES: tuple[str, ...] = (
    # trick 1: the Heaven quartet is led; nobody can beat it
    "play 6-6 6-6 6-3 5-4",
    "discard 6-5 6-1 2-1 4-4",
    "discard 6-4 4-2 5-5 5-5",
    "discard 6-5 6-4 6-1 5-1",
    # trick 2: Earth is led; seat 1's Earth only equals it
    "play 1-1",
    "discard 1-1",
    "discard 3-2",
    "discard 5-3",
    # trick 3: long three, beaten by Man; Goose cannot beat Man
    "play 3-3",
    "play 4-4",
    "discard 4-1",
    "discard 6-2",
    # trick 4, the last: seat 1 leads the pair of sevens; a civil pair is another kind
    "play 5-2 4-3",
    "discard 3-1 3-1",
    "discard 3-3 2-2",
    "discard 2-2 5-1",
)


def mv(text: str) -> Move:
    """``"play 6-6 6-3"`` or ``"discard 2-1"``."""
    return parse_move(text)


def worked_start(rules: TienGowRules | None = None) -> HandState:
    return start_hand(rules or TienGowRules(), [list(h) for h in WORKED_HANDS], banker=0)


def run(state: HandState, moves: Sequence[str]) -> HandState:
    """Apply moves written short, each checked by ``apply``."""
    for text in moves:
        state = apply(state, mv(text))
    return state


def tiles(state: HandState, seat: int) -> list[str]:
    return [str(t) for t in state.hands[seat]]
