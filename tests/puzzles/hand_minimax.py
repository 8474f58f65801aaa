"""A plain minimax to the hand's end, for checking what the puzzles say about a refutation's deal (imported as
``puzzles.hand_minimax``: the tests folder is on the path).

It plays every legal move through the rules core (no memo, no pruning, no
fast path) and scores the end with ``hand_result``: each side maximises (win
share, then net points) for itself, which between two sides is the learner's
side maximising and the other minimising. It only takes positions with
nothing left to draw and few tiles in hand, so it stays independent of the
engine's exact search and quick.
"""

from __future__ import annotations

from tutorial_app.puzzles.catalog import shipped_puzzles
from tutorial_app.puzzles.model import Puzzle, Refutation, move_key
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import Action, HandState

__all__ = ["MAX_TILES", "outcome", "minimax", "small_cases", "both_moves", "worked_difference", "signed"]

MAX_TILES = {2: 9, 4: 10}
"""The most tiles in all hands after the move at which the plain minimax is still quick."""


def outcome(end: HandState, side: int) -> tuple[float, int]:
    """(win share, net points) of ``side``: what it writes less what the other side writes (penalties: reversed)."""
    result = hand_result(end)
    mine = result.total(side)
    theirs = result.total(1 - side)
    net = theirs - mine if end.rules.is_penalty_scoring else mine - theirs
    winners = result.winner_sides
    win = (1.0 / len(winners) if result.tie else 1.0) if side in winners else 0.0
    return win, net


def minimax(state: HandState, side: int) -> tuple[float, int]:
    """The hand's end for ``side`` with every seat playing its side's best (two sides, nothing to draw)."""
    if state.is_over:
        return outcome(state, side)
    values = [minimax(apply(state, move), side) for move in legal_moves(state) if move.action is not Action.MUGGINS]
    return max(values) if state.rules.side_of(state.to_move) == side else min(values)


def _tiles(state: HandState) -> int:
    return sum(bin(hand).count("1") for hand in state.hands)


def _small(puzzle: Puzzle, refutation: Refutation) -> bool:
    dealt = refutation.on(puzzle.read().state)
    rules = dealt.rules
    return (
        rules.sides == 2
        and not rules.fives_scoring
        and dealt.drawable() == 0
        and _tiles(dealt) - 1 <= MAX_TILES[rules.players]
    )


def small_cases(per_table: int = 2) -> list[tuple[Puzzle, Refutation]]:
    """Small refutations (two sides, no points by moves, nothing to draw, few tiles) of every table that has
    them: the first ``per_table`` by puzzle id."""
    by_table: dict[str, list[tuple[Puzzle, Refutation]]] = {}
    for puzzle in sorted(shipped_puzzles(), key=lambda p: p.id):
        for refutation in puzzle.refutations:
            if _small(puzzle, refutation):
                by_table.setdefault(puzzle.config, []).append((puzzle, refutation))
    return [case for table in sorted(by_table) for case in by_table[table][:per_table]]


def both_moves(puzzle: Puzzle, refutation: Refutation) -> tuple[tuple[float, int], tuple[float, int]]:
    """The hand's end for the learner's side after the wrong move and after the best, on the refutation's deal."""
    dealt = refutation.on(puzzle.read().state)
    side = dealt.rules.side_of(puzzle.seat)
    wrong = refutation.moves()[0]
    best = next(m for m in legal_moves(dealt) if move_key(m) == puzzle.best)
    return minimax(apply(dealt, wrong), side), minimax(apply(dealt, best), side)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "−")


def worked_difference(best_net: int, wrong_net: int) -> str:
    """The difference as the sentence works it out: ``18 − (−16) = 34``."""
    bracketed = f"({wrong_net})" if wrong_net < 0 else str(wrong_net)
    return f"{best_net} − {bracketed} = {best_net - wrong_net}".replace("-", "−")
