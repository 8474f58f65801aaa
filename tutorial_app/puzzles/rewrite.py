"""Write a stored puzzle's explanation again as messages, from the figures its file keeps: no mining.

The explanation is the engine's reason (``strategy.explain.best_reason`` on
the exact ranking, ``proof.engine_reason``) and the figures
(``words.figures_explanation``); both are rebuilt here from what the puzzle
stores: the position (the facts read the table, the seat's hand and what the
record shows of the others), the ranked moves with their playout and exact
figures (the exact ranking), the number of playouts and deals. Two things
the file does not keep are the analysis's method (played out, or deals
solved exactly) and the playouts' half-width between the best move and the
exact runner-up; only a reason that weighs no rule of thumb reads them, so
each choice is tried and the one whose reason is the stored one is kept: the
stored explanation's first sentence, as messages, or (puzzles mined before
the engine spoke in message ids, stored as two finished strings) the whole
English and Russian text. The figures are then written in the words of
today's ``figures_explanation``, so a change of those words reaches the
shipped files without mining. A puzzle no choice reads as is left as it is
and reported.

Run ``python -m tutorial_app.puzzles.rewrite [FILE...]`` (default: every file in ``puzzles/data``); it
rewrites only the ``explanation`` of each puzzle and leaves every other byte of the file as it was, and
running it again changes nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tutorial_app.language import LANGS
from tutorial_app.puzzles.model import Puzzle, move_key
from tutorial_app.puzzles.words import figures_explanation
from tutorial_app.rules.line.state import Move
from tutorial_app.rules.text import Text
from tutorial_app.strategy.analysis import Analysis, Method, MoveValue, candidate_moves, same_outcome
from tutorial_app.strategy.explain import Reason, best_reason
from tutorial_app.strategy.inference import infer
from tutorial_app.strategy.sampler import DealSampler
from tutorial_app.strategy.view import view_since

__all__ = ["DATA", "explanations", "rebuilt_explanation", "rewrite_text", "main"]

DATA = Path(__file__).resolve().parent / "data"

_EMPTY = np.zeros(0)


@dataclass(frozen=True)
class _StoredAnalysis(Analysis):
    """An analysis made of a puzzle's stored figures; its playouts' half-width is the one being tried."""

    half_width: float = 0.0

    def lead(self, first: MoveValue, second: MoveValue) -> tuple[float, float]:
        gap = first.points - second.points if self.points_first else first.win - second.win
        return gap, self.half_width


def _exact_ordered(puzzle: Puzzle, moves: Sequence[Move], state_moves: list[Move]) -> list[MoveValue]:
    """Every legal move valued by its ranked group, best first, the rest by their exact figures (as
    ``Proof.exact_order``); within a group the move the puzzle ranks comes first (the playouts' own)."""
    position = puzzle.read()
    state = position.view(puzzle.seat).state
    keyed: list[tuple[tuple[bool, float, float, int], MoveValue]] = []
    for move in state_moves:
        index = next(i for i, ranked in enumerate(moves) if same_outcome(state, move, ranked))
        figures = puzzle.ranked[index]
        first, second = (
            (figures.exact_points, figures.exact_win)
            if puzzle.points_first
            else (figures.exact_win, figures.exact_points)
        )
        value = MoveValue(move, figures.win, figures.points, 0.0, 0.0, _EMPTY, _EMPTY)
        twin = 0 if move_key(move) == figures.move else 1
        keyed.append(((index != 0, -first, -second, twin), value))
    return [value for _, value in sorted(keyed, key=lambda item: item[0])]


def _choices(puzzle: Puzzle) -> Iterator[tuple[Reason, list[Move]]]:
    """Every reason the puzzle's stored figures allow (one per method and half-width that matter), each with
    the ranked moves (``puzzle.ranked``'s, as the position's moves)."""
    position = puzzle.read()
    view = view_since(position.start, position.state, puzzle.seat)
    state = view.state
    legal = candidate_moves(state)
    by_key = {move_key(m): m for m in legal}
    moves = [by_key[r.move] for r in puzzle.ranked]
    ordered = tuple(_exact_ordered(puzzle, moves, legal))
    knowledge = DealSampler(infer(view)).knowledge
    side = state.rules.side_of(puzzle.seat)
    methods: tuple[Method, ...] = ("sampling", "exact_deals")
    for method in methods:
        for half_width in (0.0, math.inf):
            analysis = _StoredAnalysis(
                puzzle.seat,
                side,
                ordered,
                puzzle.playouts,
                method,
                None,
                knowledge,
                puzzle.points_first,
                half_width=half_width,
            )
            reason = best_reason(analysis, state)
            assert reason is not None
            yield reason, moves


def _explained(puzzle: Puzzle, reason: Reason, moves: list[Move]) -> Text:
    return figures_explanation(reason, moves, puzzle.ranked, puzzle.playouts, puzzle.deals, puzzle.points_first)


def explanations(puzzle: Puzzle) -> Iterator[Text]:
    """Every explanation the puzzle's stored figures allow (one per method and half-width that matter)."""
    for reason, moves in _choices(puzzle):
        yield _explained(puzzle, reason, moves)


_MENDED = (
    (re.compile(r"Played out 1 time on "), "Played out 1 times on "),
    (re.compile(r"Solved exactly in the 1 deal, "), "Solved exactly in every one of the 1 deals, "),
)
"""The English the old explanations got wrong for a single playout or deal ("1 times", "every one of the 1
deals"), which the messages say right: a stored text is compared as the old words would have read."""


def _as_old_english(text: str) -> str:
    for pattern, old in _MENDED:
        text = pattern.sub(old, text)
    return text


def _stored_reason(text: Text) -> Text | None:
    """The engine's reason a stored explanation opens with (its first sentence, as messages); None when the
    explanation is stored as finished strings."""
    parts = text.to_json().get("joined")
    return Text.from_json(parts[0]["values"]["text"]) if parts else None


def rebuilt_explanation(puzzle: Puzzle) -> Text | None:
    """The explanation as messages, in today's words, whose reason is the one the puzzle stores: its first
    sentence as messages, read alike in every language (then kept as stored, its figures unrounded as mined),
    or its whole text in Russian and in English (but for the English mended in ``_MENDED``) when it is
    stored as finished strings; None when no choice gives it."""
    stored = puzzle.explanation
    stored_reason = _stored_reason(stored)
    for reason, moves in _choices(puzzle):
        if stored_reason is not None:
            if all(stored_reason.in_(lang) == reason.text.in_(lang) for lang in LANGS):
                return _explained(puzzle, reason._replace(text=stored_reason), moves)
            continue
        text = _explained(puzzle, reason, moves)
        if text.ru == stored.ru and _as_old_english(text.en) == _as_old_english(stored.en):
            return text
    return None


def rewrite_text(text: str, name: str = "puzzles") -> tuple[str, list[str]]:
    """A puzzle file's text with each explanation rebuilt as messages, and the ids of the puzzles left as
    they were. Only each puzzle's ``explanation`` changes: the file is rewritten line by line."""
    lines = text.split("\n")
    left: list[str] = []
    for number, line in enumerate(lines):
        body = line.rstrip(",")
        if not body.startswith('{"id":'):
            continue
        data = json.loads(body)
        puzzle = Puzzle.from_json(data)
        rebuilt = rebuilt_explanation(puzzle)
        if rebuilt is None:
            left.append(puzzle.id)
            continue
        data["explanation"] = rebuilt.to_json()
        out = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        lines[number] = out + line[len(body) :]
    return "\n".join(lines), left


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial_app.puzzles.rewrite", description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="puzzle files (default: every file in puzzles/data)")
    args = parser.parse_args(argv)
    files = args.files or sorted(DATA.glob("*.json"))
    failed = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        new, left = rewrite_text(text, path.name)
        if new != text:
            path.write_text(new, encoding="utf-8")
        print(
            f"{path.name}: {'rewritten' if new != text else 'unchanged'}"
            + (f"; left as stored: {', '.join(left)}" if left else "")
        )
        failed += len(left)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
