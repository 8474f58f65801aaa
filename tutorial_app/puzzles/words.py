"""A puzzle's worked explanation in every language: the engine's reason, then the figures that prove it.

The reason is the strategy engine's sentence (``strategy.explain``); the
figures are the proof's own, as the puzzle stores them (``RankedMove``): how
many deals of the hidden tiles agree with what the player sees, how each move
fared in the playouts, and how it fared when every one of those deals was
solved exactly. Each figure is said once: the figures the reason quotes are
not listed again, and playouts that read as the exact solve are said in one
sentence with it. Why from the stored figures: a shipped puzzle's
explanation can be written again from its file (``puzzles.rewrite``) and
says exactly what a freshly mined one says.
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


def _reads_the_same(points_first: bool, figures: RankedMove) -> bool:
    """Whether the move's playout figure and its exact one read the same once rounded as they are shown."""
    if points_first:
        return f"{figures.points:.1f}" == f"{figures.exact_points:.1f}"
    return _percent(figures.win) == _percent(figures.exact_win)


def _listed(figures: list[Text], quoted: bool) -> Text | None:
    """The figures to list, after those the reason quotes (``quoted``: it quotes some); None when none is left."""
    if not figures:
        return None
    listing = joined(figures, "; ")
    return msg("besides the figures above, {figures}", figures=listing) if quoted else listing


def figures_explanation(
    reason: Reason,
    moves: Sequence[Move],
    ranked: Sequence[RankedMove],
    playouts: int,
    deals: int,
    points_first: bool,
) -> Text:
    """The explanation shown after an answer: the reason, the number of possible deals, the figures, each once.

    ``moves`` are the ranked moves (``ranked[i].move`` is ``moves[i]`` as a puzzle stores it); a move is named
    with its end where the same tile is ranked twice. The reason may quote the best move's and the
    runner-up's playout figures (``Reason.quoted``): they are not listed again. Where every shown move's
    playout figure reads as its exact one (as when every deal was solved), one sentence says both, with the
    figures once; otherwise the exact list says "the same" for a move whose two figures read alike.
    """
    tiles = [m.tile for m in moves]
    shown = [(move_name(m, tiles.count(m.tile) > 1), m, r) for m, r in zip(moves[:SHOWN_MOVES], ranked, strict=False)]
    unquoted = [(n, r) for n, m, r in shown if m not in reason.quoted]
    played = _listed(
        [_figure(n, points_first, r.win, r.points, False) for n, r in unquoted], len(unquoted) < len(shown)
    )
    count = msgn(
        "From what you can see, the hidden tiles can lie in {n} way.",
        "From what you can see, the hidden tiles can lie in {n} ways.",
        deals,
    )
    if all(_reads_the_same(points_first, r) for _, _, r in shown):
        times = msgn("{n} time", "{n} times", playouts)
        if played is None:
            both = msgn(
                "Played out {times} on deals drawn from them and solved exactly in the {n} deal, each hand played as well as it can be, with the figures above both ways.",
                "Played out {times} on deals drawn from them and solved exactly in every one of the {n} deals, each hand played as well as it can be, with the figures above both ways.",
                deals,
                times=times,
            )
        else:
            both = msgn(
                "Played out {times} on deals drawn from them and solved exactly in the {n} deal, each hand played as well as it can be, with the same figures both ways: {figures}.",
                "Played out {times} on deals drawn from them and solved exactly in every one of the {n} deals, each hand played as well as it can be, with the same figures both ways: {figures}.",
                deals,
                times=times,
                figures=played,
            )
        return joined([sentence(reason.text), count, both])
    exact = joined(
        [
            msgc("exact", "{move} the same", move=n)
            if _reads_the_same(points_first, r)
            else _figure(n, points_first, r.exact_win, r.exact_points, True)
            for n, _, r in shown
        ],
        "; ",
    )
    return joined(
        [
            sentence(reason.text),
            count,
            msgn(
                "Played out {n} time on deals drawn from them.",
                "Played out {n} times on deals drawn from them.",
                playouts,
            )
            if played is None
            else msgn(
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
        reason, moves, ranked_figures(proof), proof.analysis.playouts, len(proof.deals), proof.points_first
    )
