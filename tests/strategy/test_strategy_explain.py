"""Why the best move is best (computed from the analysis and the inference), and the review of a hand."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from strategy_helpers import PASSED_ON_TWO, decision_points, line_up_id, line_ups, mover_view, played_hands, rules_of

from tutorial_app.language import ru_plural
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.text import seat_name
from tutorial_app.strategy.analysis import analyse, distinct_candidates
from tutorial_app.strategy.bots import GreedyBot
from tutorial_app.strategy.explain import best_reason, why_best
from tutorial_app.strategy.review import MARK_THRESHOLDS, mark_of, review_hand
from tutorial_app.strategy.view import view_of


def _analysed(data: dict[str, object], playouts: int = 600):  # type: ignore[no-untyped-def]
    view = mover_view(data)
    return analyse(view, playouts, seed=1), view


def test_the_pass_is_the_reason() -> None:
    analysis, view = _analysed(PASSED_ON_TWO)
    assert analysis.best.move.tile is not None and str(analysis.best.move.tile) == "2-2"
    why = why_best(analysis, view.state)
    assert why is not None
    assert why.en.startswith("2-2") and "leaves 2 and 6 open" in why.en
    assert "seat 1 passed on 2 and 6, so it cannot answer" in why.en
    # the rules core names the seat; the sentence builds on its name
    assert "оставляет открытыми 2 и 6" in why.ru
    assert f"{seat_name(1).ru} спасовал на 2 и 6, так что ему нечем ответить" in why.ru


def test_going_out_and_the_only_move() -> None:
    analysis, view = _analysed(
        {"rules": "block", "hands": [["4-2", "6-6"], ["5-5", "1-1"]], "chain": ["4-3", "3-2"], "to_move": 0}, 100
    )
    why = why_best(analysis, view.state)
    assert why is not None and "4-2" in why.en
    single, view = _analysed(
        {"rules": "block", "hands": [["4-1", "6-6"], ["5-5", "1-1"]], "chain": ["4-3", "3-2"], "to_move": 0}, 50
    )
    only = why_best(single, view.state)
    assert only is not None and len(single.moves) == 1 and "4-1" in only.en


def test_all_fives_points_are_a_reason() -> None:
    """All Fives, ends 5 and 3: 3-0 on the 3 leaves 5 and 0 and scores 5; 6-5 on the 5 leaves 6 and 3."""
    data = {
        "rules": "all_fives",
        "hands": [["3-0", "6-5", "2-2"], ["4-4", "1-1", "2-1"]],
        "chain": ["5-4", "4-3"],
        "to_move": 0,
    }
    analysis, view = _analysed(data, 300)
    assert analysis.best.move.tile is not None and str(analysis.best.move.tile) == "3-0"
    why = why_best(analysis, view.state)
    assert why is not None
    assert "3-0 scores 5: the open ends add up to 5" in why.en
    assert "3-0 приносит 5 очков" in why.ru


@pytest.mark.parametrize("line_up", line_ups(), ids=line_up_id)
def test_a_sentence_in_both_languages_for_every_preset(line_up: tuple[str, int, bool]) -> None:
    rules = rules_of(line_up)
    for start, moves, state in decision_points(rules, 2, seed=31):
        view = view_of(start, moves, state.to_move)
        analysis = analyse(view, 60, seed=2)
        why = why_best(analysis, view.state)
        assert why is not None and why.en and why.ru and why.en != why.ru
        best = analysis.best.move
        assert best.tile is None or (str(best.tile) in why.en and str(best.tile) in why.ru)
        assert not any(c in why.ru for c in "abcdefghijklmnopqrstuvwxyz"), why.ru


def test_without_a_rule_of_thumb_the_sentence_says_so_with_the_figures() -> None:
    """Where no fact sets the best move apart, the sentence says there is no simple rule and gives the
    playouts' win shares; a lead within its 95 % half-width is called too close to call."""
    said = {"close": 0, "clear": 0}
    for start, moves, state in decision_points(rules_of(("block", 2, False)), 60, seed=31):
        view = view_of(start, moves, state.to_move)
        analysis = analyse(view, 200, seed=2)
        why = why_best(analysis, view.state)
        if why is None or not why.en.startswith("No "):
            continue
        best = analysis.best
        runner = next(v for v in analysis.moves[1:] if v.move.tile != best.move.tile)
        gap, half_width = analysis.lead(best, runner)
        kind = "close" if gap <= half_width else "clear"
        said[kind] += 1
        opening = {
            "close": ("No rule of thumb separates", "Простым правилом"),
            "clear": ("No simple rule shows it", "Простого правила тут нет"),
        }[kind]
        assert why.en.startswith(opening[0]) and why.ru.startswith(opening[1]), why
        # a share of what: the playouts, or the deals solved exactly once few tiles are left
        of = "deals solved exactly" if analysis.method == "exact_deals" else "playouts"
        assert f"{round(100 * best.win)}% of the {of}" in why.en and f"{round(100 * runner.win)}%" in why.en
    assert said["close"] and said["clear"], said


def test_russian_plurals() -> None:
    assert [ru_plural(n, "кость", "кости", "костей") for n in (1, 2, 5, 11, 21, 22, 14)] == [
        "кость",
        "кости",
        "костей",
        "костей",
        "кость",
        "кости",
        "костей",
    ]


def test_marks_follow_the_documented_thresholds() -> None:
    assert [m for m, _ in MARK_THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]
    assert mark_of(0.04, 0.0) is None
    assert mark_of(0.05, 0.01) == "inaccuracy"
    assert mark_of(0.12, 0.02) == "mistake"
    assert mark_of(0.5, 0.1) == "blunder"
    assert mark_of(0.3, 0.35) is None  # within the noise: never called a mistake


def test_the_review_marks_a_blunder_the_seat_could_see() -> None:
    """Seat 1 passed on 1 and 3. With 3 at both ends, 3-3 keeps it stuck and 3-5 goes out next; 3-5 first
    opens 5, which a third of seat 1's possible tiles answer (it holds 5-2 and goes out)."""
    data = {
        "rules": "block",
        "hands": [["1-3", "3-3", "3-5"], ["5-2"]],
        "chain": ["3-4", "4-1"],
        "to_move": 1,
        "moves": [{"action": "pass"}, {"tile": "1-3", "end": "right"}, {"action": "pass"}],
    }
    position = read_position(data)
    state = position.state
    bad = next(m for m in legal_moves(state) if str(m) == "5-3 left")
    moves = [e[1] for e in state.log] + [bad]
    after = apply(state, bad)
    while not after.is_over:
        reply = GreedyBot()(after, random.Random(1))
        moves.append(reply)
        after = apply(after, reply)
    review = review_hand(position.start, moves, seat=0, playouts=400)
    decision = review.decisions[-1]
    assert decision.index == 3 and decision.best.tile is not None and str(decision.best.tile) == "3-3"
    assert decision.analysis.best.win == 1.0
    assert decision.lost == pytest.approx(1 / 3, abs=0.08) and decision.mark == "blunder"
    assert review.count("blunder") == 1
    summary = decision.summary()
    assert summary.en.startswith("5-3 on the left (blunder): 3-3 on the ")
    assert "100% against" in summary.en and "percentage points" in summary.en
    assert summary.ru.startswith("5-3 слева (грубая ошибка): лучше было 3-3 ")


def test_a_review_covers_every_decision_with_a_choice() -> None:
    rules = rules_of(("international", 4, False))
    start, moves = next(played_hands(rules, 1, seed=5))
    review = review_hand(start, moves, seat=1, playouts=80)
    expected, state = [], start
    for index, move in enumerate(moves):
        if state.to_move == 1 and move.action is not Action.MUGGINS and len(distinct_candidates(state)) > 1:
            expected.append(index)
        state = apply(state, move)
    assert [d.index for d in review.decisions] == expected
    for decision in review.decisions:
        assert decision.lost >= -decision.lost_ci - 1e-9
        assert decision.summary().en and decision.summary().ru


def _on_a_lone_double(hand: list[str], end: str, tile: str) -> tuple[HandState, list[Move]]:
    """Seat 0 to play on a chain of 6-6 alone (6 at both ends), and its move: ``tile`` on ``end``."""
    position = read_position({"rules": "block", "hands": [hand, ["2-3", "4-5", "0-0"]], "chain": ["6-6"], "to_move": 0})
    move = next(m for m in legal_moves(position.state) if m.tile is not None and str(m) == f"{tile} {end}")
    return position.start, [*(e[1] for e in position.state.log), move]


def test_either_end_of_a_lone_double_is_one_move_not_a_decision() -> None:
    """6-1 on the left or on the right of a lone 6-6 lead to the same place: no choice, so no decision."""
    start, moves = _on_a_lone_double(["6-1", "2-4", "3-5"], "left", "6-1")
    review = review_hand(start, moves, seat=0, playouts=80)
    assert review.decisions == ()


def test_the_same_tile_on_the_twin_end_is_the_engine_s_choice() -> None:
    """With 6-1 and 6-2 to play on a lone 6-6, the engine's tile on the end it did not name is its choice too:
    no loss, no mark, "the engine's choice too", and no second board."""
    start, moves = _on_a_lone_double(["6-1", "6-2", "3-5"], "left", "6-1")
    first = review_hand(start, moves, seat=0, playouts=200)
    best = first.decisions[-1].best
    other = "left" if best.end == "right" else "right"
    start, moves = _on_a_lone_double(["6-1", "6-2", "3-5"], other, str(best.tile))
    decision = review_hand(start, moves, seat=0, playouts=200).decisions[-1]
    assert decision.chosen.end != decision.best.end and decision.chosen.tile == decision.best.tile
    assert decision.summary().en.endswith(": the engine's choice too")
    assert decision.lost == 0.0 and decision.mark is None and decision.engine_choice


def _heavy_reason(hand: list[str], best: str) -> str:
    """The reason given for ``best`` on ends 1 and 0 (block for two), the other tile ranked second: weight is
    the only rule of thumb that applies there."""
    analysis, view = _analysed(
        {"rules": "block", "hands": [hand, ["2-2", "2-3", "2-4"]], "chain": ["1-5", "5-0"], "to_move": 0}, 80
    )
    first = [v for v in analysis.moves if str(v.move.tile) == best]
    ranked = replace(analysis, moves=(*first, *(v for v in analysis.moves if v not in first)))
    reason = best_reason(ranked, view.state)
    assert reason is not None and reason.fact == "heavy"
    return reason.text.en


def test_the_heaviest_tile_only_when_no_other_weighs_as_much() -> None:
    """3-1 and 4-0 both shed 4 pips: neither is "the heaviest tile you can play"; 6-1 against 4-0 is."""
    tied = _heavy_reason(["3-1", "4-0", "6-6"], "3-1")
    assert "heaviest tile you can play" not in tied
    assert tied.startswith("3-1 sheds 4 pips, as many as 4-0: no tile you can play is heavier; this move wins ")
    assert _heavy_reason(["6-1", "4-0", "2-5"], "6-1").startswith("6-1 sheds 7 pips, the heaviest tile you can play")
