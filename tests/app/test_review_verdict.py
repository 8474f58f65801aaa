"""The review's verdict on a decision and the ranking its card shows are one verdict.

All Fives ranks moves by points first (``analysis.ranks_by_points``); the review once called the move with
the most wins "the engine's choice" while the card's ranking, by points, put another move first and did not
list it among the moves as good as the best (Play, All Fives for two, move 1: "0-0 as the lead, the engine's
choice too" above a ranking led by 6-4).
"""

from __future__ import annotations

from collections.abc import Iterator

from tutorial_app.app.play.table import HUMAN, start_table
from tutorial_app.app.table.coach import hint_from
from tutorial_app.app.table.review_rows import decision_row
from tutorial_app.rules.line.moves import with_claim
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.strategy.analysis import analyse, distinct_candidates, same_outcome
from tutorial_app.strategy.review import Decision, review_hand
from tutorial_app.strategy.view import view_of

PLAYOUTS = 200


def _most_wins_behind_on_points(deals: range) -> Iterator[tuple[HandState, list[Move]]]:
    """Play's seeded All Fives deals for two where the learner's first choice has a move with the most wins that
    the ranking by points does not put first: (the hand's start, the record up to and with that move played)."""
    rules = find_variant("all_fives").rules(2, {})
    for deal in deals:
        table = start_table(rules, "all_fives", "greedy", deal, False)
        state = table.state
        if state.to_move != HUMAN or len(distinct_candidates(state)) < 2:
            continue
        moves = [entry[1] for entry in state.log]
        analysis = analyse(view_of(table.start, moves, HUMAN), PLAYOUTS, seed=len(moves))  # as the review does
        most = analysis.most_wins()
        if not same_outcome(state, most.move, analysis.best.move):
            yield table.start, [*moves, with_claim(state, most.move)]


def test_the_review_s_verdict_is_the_card_s_ranking() -> None:
    """Where the most wins and the most points are different moves, the learner who played the most wins is
    told what the card's ranking says: "the engine's choice" only for its first row, "as good as" only for a
    move the card marks as good as the best, and otherwise the first row was better, with a mark only then."""
    decisions: list[Decision] = []
    for start, moves in _most_wins_behind_on_points(range(40)):
        decisions.append(review_hand(start, moves, HUMAN, playouts=PLAYOUTS).decisions[-1])
        if len(decisions) == 6:
            break
    assert len(decisions) == 6
    told_better = 0
    for decision in decisions:
        state, chosen = decision.state, decision.chosen
        hint = hint_from(decision.analysis, state)
        assert hint.points_first
        first = hint.rows[0].move
        assert same_outcome(state, decision.best, first)
        assert decision.engine_choice == same_outcome(state, chosen, first) is False
        among_best = any(same_outcome(state, chosen, row.move) for row in hint.tied)
        summary = decision.summary().en
        assert "the engine's choice too" not in summary
        assert ("as good as" in summary) == among_best
        assert (decision.lost <= decision.lost_ci) == among_best
        if among_best:
            assert decision.mark is None
        else:
            told_better += 1
            assert "was better" in summary and "points" in summary and "% to win" not in summary
        row = decision_row(decision)
        assert not row.engine_choice and "percentage" not in row.cost("en")
    assert 0 < told_better < len(decisions)  # both verdicts are met
