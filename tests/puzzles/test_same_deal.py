"""The best move on a refutation's own deal: both hands' ends and the difference, checked against a plain minimax
(``hand_minimax``) on the small shipped refutations of every table."""

from __future__ import annotations

import pytest
from puzzles.hand_minimax import both_moves, outcome, signed, small_cases, worked_difference

from tutorial_app.puzzles.model import Puzzle, Refutation
from tutorial_app.puzzles.same_deal import same_deal
from tutorial_app.rules.line.moves import apply

CASES = small_cases()
IDS = [f"{p.id}:{r.move}" for p, r in CASES]


def test_the_cases_cover_both_kinds_of_table_and_penalties() -> None:
    configs = {puzzle.config for puzzle, _ in CASES}
    assert any(c.endswith("-pairs") for c in configs) and any(c.endswith("-2") for c in configs)
    assert any(puzzle.read().state.rules.is_penalty_scoring for puzzle, _ in CASES)
    assert len(CASES) >= 8


@pytest.mark.parametrize(("puzzle", "refutation"), CASES, ids=IDS)
def test_both_moves_end_the_hand_as_a_plain_minimax_says(puzzle: Puzzle, refutation: Refutation) -> None:
    (wrong_win, wrong_net), (best_win, best_net) = both_moves(puzzle, refutation)
    compared = same_deal(puzzle, refutation)
    assert compared is not None
    side = compared.position.rules.side_of(puzzle.seat)
    assert outcome(compared.wrong_end, side) == (wrong_win, wrong_net)
    assert outcome(compared.best_end, side) == (best_win, best_net)
    assert compared.wrong_net == wrong_net and compared.best_net == best_net
    assert compared.difference == best_net - wrong_net
    assert (best_win, best_net) > (wrong_win, wrong_net)  # the deal is one where the wrong move does worse
    # the line the page shows is the start of the wrong move's line, and its end when it reaches the end
    shown = refutation.on(compared.position)
    for move in refutation.moves():
        shown = apply(shown, move)
    assert compared.shown_to_end == shown.is_over
    if shown.is_over:
        assert shown.log == compared.wrong_end.log


@pytest.mark.parametrize(("puzzle", "refutation"), CASES, ids=IDS)
def test_the_sentence_states_the_difference_with_its_arithmetic(puzzle: Puzzle, refutation: Refutation) -> None:
    (_, wrong_net), (_, best_net) = both_moves(puzzle, refutation)
    compared = same_deal(puzzle, refutation)
    assert compared is not None
    for lang in ("en", "ru", "uk", "es"):
        said = compared.text().in_(lang)
        assert f"{worked_difference(best_net, wrong_net)} " in said, (lang, said)
        assert signed(best_net) in said and signed(wrong_net) in said, (lang, said)
        assert "{" not in said, (lang, said)
