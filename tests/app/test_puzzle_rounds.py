"""Every table's shipped puzzles as the Puzzles page asks them: for one puzzle of each table (preset, players,
pairs), the right answer is judged right, and each wrong move is judged wrong and has its line told in English
and Russian, played through the rules core to the end the line reaches."""

from __future__ import annotations

import pytest

from tutorial_app.app.puzzles.round import Round, answer_name, puzzle_round, refutation_line
from tutorial_app.puzzles.catalog import shipped_puzzles
from tutorial_app.puzzles.model import Puzzle, move_key
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Move


def _one_per_table() -> list[Puzzle]:
    first: dict[str, Puzzle] = {}
    for puzzle in shipped_puzzles():
        first.setdefault(puzzle.config, puzzle)
    return list(first.values())


def _cyrillic(text: str) -> bool:
    return any("а" <= ch <= "я" for ch in text.lower())


@pytest.mark.parametrize("puzzle", _one_per_table(), ids=lambda p: p.config)
def test_a_puzzle_of_every_table_plays_on_the_page(puzzle: Puzzle) -> None:
    question = puzzle_round(puzzle)
    moves: dict[str, Move] = {move_key(m): m for m in legal_moves(question.state)}
    right = question.judge(moves[puzzle.best])
    assert isinstance(right, Round) and right.right is True
    assert refutation_line(puzzle, moves[puzzle.best]) is None
    named = answer_name(puzzle.best, question.state)
    assert named.en and named.ru
    assert puzzle.refutations
    for refutation in puzzle.refutations:
        wrong = question.judge(moves[refutation.move])
        assert isinstance(wrong, Round) and wrong.right is False
        line = refutation_line(puzzle, moves[refutation.move])
        assert line is not None and line.states, refutation.move
        assert line.told.en and _cyrillic(line.told.ru)
