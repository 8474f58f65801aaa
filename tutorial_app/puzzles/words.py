"""A puzzle's worked explanation in every language: the engine's reason, then the figures that prove it.

The reason is the strategy engine's sentence (``strategy.explain``); the
figures are the proof's own, as the puzzle stores them (``RankedMove``): how
many deals of the hidden tiles agree with what the player sees, how each move
fared in the playouts, and how it fared when every one of those deals was
solved exactly. Why from the stored figures: a shipped puzzle's explanation
can be written again from its file (``puzzles.rewrite``) and says exactly
what a freshly mined one says.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.puzzles.model import RankedMove
from tutorial_app.puzzles.proof import Proof
from tutorial_app.rules.line.state import Move
from tutorial_app.rules.text import Text, joined, msg, msgc, msgn
from tutorial_app.strategy.explain import Reason, move_name

__all__ = ["SHOWN_MOVES", "worked_explanation", "figures_explanation", "ranked_figures", "sentence"]

SHOWN_MOVES = 4
"""The most moves the figures list (the best first); the rest add little."""


def sentence(text: Text) -> Text:
    """``text`` as a sentence: a capital first letter and a full stop, in every language."""
    return msgc("sentence", "{text}.", text=text)


def ranked_figures(proof: Proof) -> tuple[RankedMove, ...]:
    """The proof's distinct moves with their figures, as a puzzle stores them (rounded as its file is)."""
    from tutorial_app.puzzles.model import move_key

    out = []
    for index, value in enumerate(proof.ranked):
        exact_win, exact_points = proof.exact_mean(index)
        ranked = RankedMove(move_key(value.move), value.win, value.points, exact_win, exact_points)
        out.append(RankedMove.from_json(ranked.as_json()))
    return tuple(out)


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"


def _points(value: float) -> Text:
    """Net points with their sign (a true minus, "−"), to one decimal in the language's own marks."""
    return msgc("signed number", "{sign}{value:.1f}", sign="−" if value < 0 else "+", value=abs(value))


def _figure(name: Text, points_first: bool, win: float, points: float, exact: bool) -> Text:
    if points_first:
        return msg("{move} {points} points", move=name, points=_points(points))
    if exact:
        return msgc("exact", "{move} {win}", move=name, win=_percent(win))
    return msg("{move} wins {win}", move=name, win=_percent(win))


def figures_explanation(
    reason: Text,
    moves: Sequence[Move],
    ranked: Sequence[RankedMove],
    playouts: int,
    deals: int,
    points_first: bool,
) -> Text:
    """The explanation shown after an answer: the reason, the number of possible deals, both sets of figures.

    ``moves`` are the ranked moves (``ranked[i].move`` is ``moves[i]`` as a puzzle stores it); a move is named
    with its end where the same tile is ranked twice.
    """
    tiles = [m.tile for m in moves]
    names = [move_name(m, tiles.count(m.tile) > 1) for m in moves[:SHOWN_MOVES]]
    shown = list(zip(names, ranked, strict=False))
    count = msgn(
        "From what you can see, the hidden tiles can lie in {n} way.",
        "From what you can see, the hidden tiles can lie in {n} ways.",
        deals,
    )
    played = joined([_figure(n, points_first, r.win, r.points, False) for n, r in shown], "; ")
    exact = joined([_figure(n, points_first, r.exact_win, r.exact_points, True) for n, r in shown], "; ")
    return joined(
        [
            sentence(reason),
            count,
            msgn(
                "Played out {n} time on deals drawn from them: {figures}.",
                "Played out {n} times on deals drawn from them: {figures}.",
                playouts,
                figures=played,
            ),
            msgn(
                "Solved exactly in the {n} deal, each hand played as well as it can be: {figures}.",
                "Solved exactly in every one of the {n} deals, each hand played as well as it can be: {figures}.",
                deals,
                figures=exact,
            ),
        ]
    )


def worked_explanation(proof: Proof, reason: Reason) -> Text:
    """The explanation of a freshly proved puzzle (``figures_explanation`` on the figures it will store)."""
    moves = [v.move for v in proof.ranked]
    return figures_explanation(
        reason.text, moves, ranked_figures(proof), proof.analysis.playouts, len(proof.deals), proof.points_first
    )
