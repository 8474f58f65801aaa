"""The coach's values without Streamlit: the hint's rows and bars, What we know, the review's rows and boards."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tutorial_app.app.play.table import HUMAN, bots_by_seat, human_move, start_table
from tutorial_app.app.table.coach import (
    hint_html,
    knowledge_lines,
    make_hint,
    points_matter,
    unseen_caption,
    unseen_html,
)
from tutorial_app.app.table.review_rows import (
    MARK_SYMBOLS,
    decision_boards,
    percentage_points,
    review_headline,
    review_rows,
)
from tutorial_app.i18n import t
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.tiles import SUIT_MASK
from tutorial_app.strategy.analysis import analyse, same_outcome
from tutorial_app.strategy.knowledge import what_we_know
from tutorial_app.strategy.review import Decision, HandReview, mark_of, review_hand
from tutorial_app.strategy.view import view_of


def _position(data: dict[str, object]) -> HandState:
    position = read_position(data)
    state = position.start
    for entry in position.state.log:
        state = apply(state, entry[1])
    return state


# block for three: you hold 2-2, 6-2 and 5-1; seat 1 passed when 2 and 0 were open
PASSED = {
    "rules": "block",
    "hands": [["2-2", "6-2", "5-1"], ["6-6", "4-4", "1-1"], ["0-1", "5-5", "6-1"]],
    "chain": ["0-3", "3-3", "3-6", "6-5", "5-2"],
    "to_move": 1,
    "moves": [{"action": "pass"}, {"tile": "0-1", "end": "left"}],
}


def test_the_hint_ranks_every_distinct_move_and_says_why() -> None:
    start = read_position(PASSED).start
    state = _position(PASSED)
    hint = make_hint(state, 0, start)
    view = view_of(start, [e[1] for e in state.log], 0)
    analysis = analyse(view, hint.playouts)
    assert [r.move for r in hint.rows] == [v.move for v in analysis.distinct(view.state)]
    wins = [r.win for r in hint.rows]
    assert wins == sorted(wins, reverse=True) and hint.rows[0].best and not any(r.best for r in hint.rows[1:])
    assert hint.why is not None and hint.why.en.startswith(hint.rows[0].name.en)
    best = analysis.distinct(view.state)[0]
    for row, value in zip(hint.rows[1:], analysis.distinct(view.state)[1:], strict=True):
        gap, half_width = analysis.lead(best, value)
        assert row.tied is (gap <= half_width)
    assert hint.tied == tuple(r for r in hint.rows if r.best or r.tied)
    assert not hint.show_points  # block: the winner takes the points, one bar says it all
    html = hint_html(hint, "en")
    for row in hint.rows:
        assert f">{row.name.en}</td>" in html
        assert f"{100 * row.win:.0f}% ± {100 * row.win_ci:.0f}" in html
    bars = [float(w) for w in re.findall(r'dt-win" style="width:([\d.]+)%', html)]
    assert bars == [pytest.approx(100 * w, abs=0.06) for w in wins]
    assert t("hint.win", "ru") in hint_html(hint, "ru")


def test_the_same_tile_on_either_end_with_the_same_ends_left_is_one_row() -> None:
    # both ends show 3: 3-5 on the left or on the right leaves 3 and 5 open either way
    state = _position(
        {"rules": "block", "hands": [["5-3", "6-0"], ["4-4", "2-2"]], "chain": ["3-1", "1-4", "4-3"], "to_move": 0}
    )
    moves = [m for m in legal_moves(state) if m.tile is not None and str(m.tile) == "5-3"]
    assert len(moves) == 2 and same_outcome(state, moves[0], moves[1])
    hint = make_hint(state, 0)
    assert [r.name.en for r in hint.rows] == ["5-3"]  # 6-0 fits nowhere: one choice, named without its end


@pytest.mark.parametrize(
    ("preset", "shown", "points_first"), [("all_fives", True, True), ("kozel", True, False), ("draw", False, False)]
)
def test_points_are_shown_where_they_matter(preset: str, shown: bool, points_first: bool) -> None:
    rules = find_variant(preset).rules(None, {})
    assert points_matter(rules) is shown
    table = start_table(rules, preset, "greedy", 5, False)
    while len(legal_moves(table.state)) < 2 and not table.hand_over:
        table = human_move(table, legal_moves(table.state)[0])
    hint = make_hint(table.state, HUMAN)
    assert hint.show_points is shown and hint.points_first is points_first
    html = hint_html(hint, "en")
    heads = re.findall(r"<th>([^<]+)</th>", html)
    expected = [t("hint.move", "en"), t("hint.win", "en")] + ([t("hint.points", "en")] if shown else [])
    if points_first:
        expected[1], expected[2] = expected[2], expected[1]
    assert heads == expected
    if points_first:
        points = [r.points for r in hint.rows]
        assert points == sorted(points, reverse=True)


def test_what_we_know_names_the_pass_and_counts_the_unseen_tiles() -> None:
    state = _position(PASSED)
    view = view_of(read_position(PASSED).start, [e[1] for e in state.log], 0)
    known = what_we_know(view)
    lines = knowledge_lines(known, "en")
    assert lines[0] == "**Seat 1** (in hand: 3): no 0 and 2 — seat 1 passed on 0 and 2"
    assert knowledge_lines(known, "ru")[0] == "**Игрок 1** (в руке: 3): нет 0 и 2 — игрок 1 спасовал на 0 и 2"
    assert lines[1].startswith("**Seat 2** (in hand: 2)")
    html = unseen_html(known, "en", unseen_caption(known, "en", state))
    counts = [int(c) for c in re.findall(r"<td>(\d+)</td>", html)]
    assert counts == [bin(view.unseen() & SUIT_MASK[n]).count("1") for n in range(7)]
    # block for three: hands of 3, 3 and 2 and 6 tiles on the table, so 28 - 8 - 6 = 14 were never dealt
    assert unseen_caption(known, "en", state).endswith("in the other hands or among the 14 tiles nobody was dealt.")


def _lightest_tiles_hand(seed: int) -> tuple[HandState, HandState]:
    """A block hand for four where you always play your lightest tile (a poor habit the review should mark)."""
    table = start_table(find_variant("block").rules(4, {}), "block", "greedy", seed, False)
    while not table.hand_over:
        moves = legal_moves(table.state)
        table = human_move(table, min(moves, key=lambda m: m.tile.pips if m.tile is not None else 99))
    return table.start, table.state


def test_the_review_rows_follow_the_decisions() -> None:
    start, final = _lightest_tiles_hand(8)  # a hand where the habit costs: two mistakes and a blunder
    review = review_hand(start, [e[1] for e in final.log], HUMAN)
    rows = review_rows(review)
    assert len(rows) == len(review.decisions) and any(r.mark for r in rows)
    for row, decision in zip(rows, review.decisions, strict=True):
        assert row.number == decision.index + 1
        assert row.symbol == (MARK_SYMBOLS[decision.mark] if decision.mark else "")
        assert row.lost == decision.lost and row.summary == decision.summary()
        cost = row.cost("en")
        if row.engine_choice:
            assert cost == t("review.cost_none", "en")
        elif decision.lost <= decision.lost_ci:
            assert cost == t("review.cost_noise", "en")
        else:
            assert cost == f"−{percentage_points(round(decision.lost_points), 'en')}"
        played, best = decision_boards(decision)
        assert played.log[-1][1] == decision.chosen
        if row.engine_choice:
            assert best is None
        else:
            assert best is not None and best.log[-1][1].tile == decision.best.tile
    headline = review_headline(review, "en")
    assert f"inaccuracies (?!): {review.count('inaccuracy')}" in headline
    assert f"mistakes (?): {review.count('mistake')}" in headline
    parts = review.marked_losses()
    assert len(parts) == len([r for r in rows if r.mark]) and headline.endswith(
        f"= {percentage_points(round(sum(parts)), 'en')}"
    )


def test_percentage_points_in_words_with_the_plural() -> None:
    assert [percentage_points(n, "en") for n in (1, 22)] == ["1 percentage point", "22 percentage points"]
    assert [percentage_points(n, "ru") for n in (1, 3, 12, 22, 25)] == [
        "1 процентный пункт",
        "3 процентных пункта",
        "12 процентных пунктов",
        "22 процентных пункта",
        "25 процентных пунктов",
    ]


def test_bots_are_given_per_seat() -> None:
    assert bots_by_seat(4, "strong") == ("", "strong", "strong", "strong")
    assert bots_by_seat(4, ["easy", "strong"]) == ("", "easy", "strong", "easy")
    assert bots_by_seat(3, ("random", "greedy")) == ("", "random", "greedy")
    with pytest.raises(ValueError, match="unknown bot"):
        bots_by_seat(2, ["clever"])
    table = start_table(find_variant("block").rules(4, {}), "block", ["strong", "random", "greedy"], 2, False)
    assert table.seats == ("", "strong", "random", "greedy")


def _costing(decision: Decision, best_win: float, chosen_win: float) -> Decision:
    """``decision`` with the engine's best move at ``best_win`` and the move played at ``chosen_win``."""
    best, chosen = decision.best, decision.chosen

    def win(move: object) -> float:
        return best_win if move == best else chosen_win if move == chosen else 0.0

    analysis = replace(decision.analysis, moves=tuple(replace(v, win=win(v.move)) for v in decision.analysis.moves))
    lost = best_win - chosen_win
    return replace(decision, analysis=analysis, lost=lost, lost_ci=0.01, mark=mark_of(lost, 0.01))


def test_the_review_s_numbers_add_up_as_shown() -> None:
    """A line's loss is the difference of its two rounded shares (62.6% against 52.4%: 63 and 52, so 11, not
    the 10 that rounding 10.2 says), and the headline adds the lines' own numbers (9 + 92 = 101, where rounding
    the sum of 9.4 and 91.6 would say 101 and of 13.4, 18.4 and 12.4 would say 44 against 43 shown), as a sum
    of losses, never as a chance to win above 100."""
    start, final = _lightest_tiles_hand(8)
    review = review_hand(start, [e[1] for e in final.log], HUMAN)
    wrong = next(d for d in review.decisions if not d.engine_choice)
    draw = _costing(wrong, 0.626, 0.524)
    assert "63% against 52% to win (11 percentage points)" in draw.summary().en
    assert decision_row_cost(draw) == f"−{percentage_points(11, 'en')}"
    hand = HandReview(review.seat, (_costing(wrong, 0.5, 0.406), _costing(wrong, 0.936, 0.02)))
    assert review_headline(hand, "en").endswith(
        "losses at the marked decisions, added up: 9 + 92 = 101 percentage points"
    )
    block = HandReview(review.seat, tuple(_costing(wrong, b, c) for b, c in ((0.6, 0.466), (0.7, 0.516), (0.5, 0.376))))
    assert [d.lost_points for d in block.decisions] == [13, 18, 12]
    assert review_headline(block, "ru").endswith("13 + 18 + 12 = 43 процентных пункта")
    for lang in ("en", "ru", "uk", "es"):
        assert "100" in t("review.marks_help", lang)


def decision_row_cost(decision: Decision) -> str:
    return review_rows(HandReview(0, (decision,)))[0].cost("en")
