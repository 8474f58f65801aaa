"""The deal a refutation is played on (``refute._chosen_deal``), on proofs made by hand: shipped positions and their
consistent deals, with exact values chosen to order the deals as a test needs.

Where tiles are drawn the line draws them as they lie, while the exact values average over the boneyard's order,
so the deal the values pick may be one on which the best move played on comes out behind; the choice passes over
such a deal to the next one on which it does not, and keeps the values' pick where none is.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from tutorial_app.puzzles import refute
from tutorial_app.puzzles.catalog import shipped_puzzles
from tutorial_app.puzzles.model import move_key
from tutorial_app.puzzles.proof import Deal, Proof, consistent_deals
from tutorial_app.puzzles.refute import _chosen_deal, realised_lead
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.strategy.analysis import Analysis, MoveValue
from tutorial_app.strategy.view import view_since

DRAWN = "classic-2-s10-g96"
"""A draw game's puzzle whose real deal, the values' pick for its wrong move, has the best move behind as played."""
ONE_DEAL = "classic-2-s10-g25"
"""A draw game's puzzle with one consistent deal (only the boneyard's order is hidden), on which 6-2 right, played
on, comes out ahead of the best move."""
NOT_DRAWN = "block-2-end-s14-g23"
"""A block game's puzzle (nothing is drawn) with three consistent deals."""


def _proof(puzzle_id: str, worse: Sequence[float], wrong: str | None = None) -> Proof:
    """The puzzle's position and consistent deals, with its best move and one wrong move (``wrong``, else its
    first) valued so that the wrong move does ``worse[i]`` worse than the best in deal ``i`` (win share and points
    alike)."""
    puzzle = next(p for p in shipped_puzzles() if p.id == puzzle_id)
    position = puzzle.read()
    view = view_since(position.start, position.state, puzzle.seat)
    listed = consistent_deals(position.start, position.state, puzzle.seat, position.first_hand)
    deals = tuple(Deal(d.hands, d.boneyard, d.weight) for d in listed.deals)
    assert len(deals) == len(worse)
    by_key = {move_key(m): m for m in legal_moves(view.state)}
    empty = np.zeros(0)
    keys = (puzzle.best, wrong or puzzle.ranked[1].move)
    ranked = tuple(MoveValue(by_key[key], 0.0, 0.0, 0.0, 0.0, empty, empty) for key in keys)
    side = view.state.rules.side_of(puzzle.seat)
    analysis = Analysis(puzzle.seat, side, ranked, 0, "exact_deals", None, None, puzzle.points_first)
    values = (np.array(worse, dtype=float), np.zeros(len(deals)))
    return Proof(view, analysis, ranked, deals, values, values, (0.0, 0.0), 0.0)


def _leads(proof: Proof) -> list[float | None]:
    """The best move's lead over the wrong one, both played on to the hand's end, in each deal."""
    return [
        realised_lead(proof.view.with_tiles(d.hands, d.boneyard), proof.ranked[0].move, proof.ranked[1].move)
        for d in proof.deals
    ]


def test_a_deal_where_the_best_move_played_on_comes_out_behind_is_passed_over() -> None:
    proof = _proof(DRAWN, [0.3, 0.2, 0.4, 0.1])
    leads = _leads(proof)
    behind = next(i for i, lead in enumerate(leads) if lead is not None and lead <= 0)
    assert sum(lead is not None and lead > 0 for lead in leads) >= 2, leads
    # the real deal comes first where the wrong move does worse there, the rest by how much worse
    order = [behind, *sorted((i for i in range(4) if i != behind), key=lambda i: -proof.exact_win[0][i])]
    confirmed = [i for i in order if (lead := leads[i]) is not None and lead > 0]
    assert _chosen_deal(proof, 1, proof.deals[behind]) == confirmed[0]
    # with no real deal, the one where the wrong move does worst, unless the best move comes out behind there
    worst_first = _proof(DRAWN, [0.9 if i == behind else 0.1 * (i + 1) for i in range(4)])
    expected = max((i for i in confirmed), key=lambda i: (worst_first.exact_win[0][i], -i))
    assert _chosen_deal(worst_first, 1, None) == expected
    # a deal where the best move comes out ahead is taken as the values order it
    for index in confirmed:
        assert _chosen_deal(proof, 1, proof.deals[index]) == index


def test_where_no_deal_shows_the_best_move_ahead_the_values_choose() -> None:
    one = _proof(ONE_DEAL, [0.4], wrong="6-2 right")
    (lead,) = _leads(one)
    assert lead is not None and lead < 0
    assert _chosen_deal(one, 1, None) == 0
    # a deal on which the values do not count against the wrong move is never taken, whatever its line shows
    drawn = _proof(DRAWN, [0.0] * 4)
    leads = _leads(drawn)
    behind = next(i for i, lead in enumerate(leads) if lead is not None and lead <= 0)
    only = _proof(DRAWN, [0.5 if i == behind else -0.1 * i for i in range(4)])
    assert _chosen_deal(only, 1, None) == behind


def test_where_nothing_is_drawn_no_line_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a draw the lines realise the exact values: the values' pick stands, at no cost."""

    def unplayed(*args: object, **kwargs: object) -> float:
        raise AssertionError("a line was played where nothing is drawn")

    monkeypatch.setattr(refute, "realised_lead", unplayed)
    proof = _proof(NOT_DRAWN, [0.1, 0.5, 0.5])
    assert proof.view.state.drawable() == 0
    assert _chosen_deal(proof, 1, None) == 1
    assert _chosen_deal(proof, 1, proof.deals[2]) == 2
    assert _chosen_deal(proof, 1, proof.deals[0]) == 0
