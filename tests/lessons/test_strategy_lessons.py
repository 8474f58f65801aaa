"""Strategy in lessons: "which move is best?" and "could seat N hold it?" answered by the engine, the margin rule,
play steps the analysis backs, capstones with strong bots and hints, and the strategy course's promises."""

from __future__ import annotations

import textwrap

import pytest
from strategy_lesson_helpers import EVEN, PASSED, block_scene, checked, issues_of, quiz_step, strategy_lesson

from tutorial_app.lessons import LessonRun, lessons_root, solve, solve_until
from tutorial_app.lessons.check.validate import Report, check_paths
from tutorial_app.lessons.format.model import CapstoneStep, PlayStep, QuizStep
from tutorial_app.lessons.format.scenes import scene_of
from tutorial_app.lessons.quiz.strategy import (
    CLEAR_FACTOR,
    MIN_WIN_LEAD,
    QUIZ_PLAYOUTS,
    QUIZ_SEED,
    engine_explanation,
    may_hold,
    move_key,
    parse_move_key,
)
from tutorial_app.lessons.run.stats import LessonStats, totals
from tutorial_app.rules.line.state import Move
from tutorial_app.rules.tiles import parse_tile
from tutorial_app.strategy.analysis import analyse, candidate_moves
from tutorial_app.strategy.view import view_since


def test_the_best_move_is_the_analysis_answer_and_its_explanation_is_the_ranking() -> None:
    lesson = checked(strategy_lesson(quiz_step(PASSED))).lesson
    assert lesson is not None
    run = LessonRun.start(lesson)
    scene = block_scene(PASSED)
    analysis = analyse(view_since(scene.before, scene.state, 0), QUIZ_PLAYOUTS, QUIZ_SEED)
    assert run.right_answer == move_key(analysis.best.move) == "5-5 right"
    keys = [value for value, _ in run.choices("en") or []]
    assert sorted(keys) == sorted(move_key(v.move) for v in analysis.distinct(scene.state))
    order = [move_key(m) for m in candidate_moves(scene.state)]
    assert keys == sorted(keys, key=lambda key: order.index(str(key)))  # the table's order, never the ranking
    assert keys[0] != run.right_answer
    labels = dict(run.choices("ru") or [])
    assert labels["5-5 right"] == "5-5"  # one way onto the table: no end named
    assert not run.reveal  # the other hand stays face down: the question is about what you cannot see
    feedback = run.answer(run.right_answer)
    assert feedback.correct and feedback.explanation is not None
    said = feedback.explanation.en
    for value in analysis.distinct(scene.state):
        assert f"{round(100 * value.win)}% (± {round(100 * value.ci)})" in said
    assert "seat 1 passed on 2 and 5, so it cannot answer" in said
    explained = run.explanation()
    assert explained is not None and engine_explanation(scene, 0).ru in explained.ru


def test_a_question_whose_answer_is_noise_is_refused() -> None:
    issues = issues_of(strategy_lesson(quiz_step(EVEN), players=4))
    assert len(issues) == 1
    assert "strategy-test.yaml:" in issues[0] and "leads 2-0 left by only" in issues[0]
    assert f"at least {100 * MIN_WIN_LEAD:g} percentage points and {CLEAR_FACTOR:g} times" in issues[0]


def test_a_best_move_question_is_asked_at_the_learners_turn() -> None:
    position = PASSED.replace("moves: [{action: pass}]", "moves: []")  # seat 1 still to move
    issues = issues_of(strategy_lesson(quiz_step(position)))
    assert any("seat 1 is to move, not the learner (seat 0)" in i for i in issues)


def test_a_play_step_marked_best_must_be_backed_by_the_analysis() -> None:
    play = (
        "- kind: play\n  text: {en: Go, ru: Ход, uk: Хід, es: Juega}\n  best: true\n  goal: GOAL\n  hint: {en: H, ru: П, uk: П, es: P}\n"
        f"  position:\n{textwrap.indent(textwrap.dedent(PASSED), '    ')}\n"
    )
    assert issues_of(strategy_lesson(play.replace("GOAL", '{played: "5-5"}'))) == []
    issues = issues_of(strategy_lesson(play.replace("GOAL", '{played: "6-2"}')))
    assert len(issues) == 1 and issues[0].startswith("strategy-test.yaml:9:")  # the line of best: true
    assert "the analysis does not back this goal: 5-5 right is better than 6-2 left" in issues[0]


def test_a_backed_play_step_explains_the_right_move_with_the_engine() -> None:
    path = lessons_root() / "strategy" / "strategy-04-blocking.yaml"
    lesson = check_paths([path]).lessons[0]
    run = LessonRun.start(lesson)
    solve_until(run, lambda r: isinstance(r.step, PlayStep) and r.step.best)
    move = solve(run)
    assert isinstance(move, Move)
    feedback = run.submit_move(move)
    assert feedback.correct and feedback.explanation is not None
    said = feedback.explanation.en
    assert "6-4 blocks the hand: nobody can play on 2 or 6 (seat 1 passed on 2 and 6)" in said
    step = run.step
    assert isinstance(step, PlayStep)
    success = step.success.en if step.success else ""
    assert success and success in said  # the engine's why first, then the lesson's own words
    assert said.index("6-4 blocks the hand") < said.index(success)
    assert "You have the fewest pips (6) and win the fish" in said  # then the hand's worked end


@pytest.mark.parametrize(
    ("extra", "answer", "said"),
    [
        ("  seat: 1\n  suit: 5\n", False, "No: seat 1 passed on 5."),
        ("  seat: 1\n  suit: 3\n", True, "Yes: nothing you have seen rules it out; seat 1 may hold any of"),
        ('  seat: 1\n  tile: "6-3"\n', True, "of the deals that agree with what you have seen"),
        ('  seat: 1\n  tile: "5-5"\n', False, "No: you can see 5-5 yourself."),
    ],
)
def test_may_hold_reads_the_pass(extra: str, answer: bool, said: str) -> None:
    lesson = checked(strategy_lesson(quiz_step(PASSED, extra, ask="may_hold"))).lesson
    assert lesson is not None
    run = LessonRun.start(lesson)
    assert run.right_answer is answer
    feedback = run.answer(answer)
    assert feedback.explanation is not None and said in feedback.explanation.en


def test_may_hold_reads_a_forced_lead_and_the_chance_is_exact() -> None:
    mapping = {
        "rules": "block",
        "overrides": {"first_tile": "determining"},
        "hands": [["0-0", "6-1", "5-2", "4-3", "6-0", "3-1", "2-0"], ["5-5", "6-6", "5-4", "6-2", "3-0", "4-1", "6-5"]],
        "chain": [],
        "to_move": 1,
        "moves": [{"tile": "5-5", "end": "lead"}],
    }
    scene = scene_of(mapping)
    assert may_hold(scene, 0, 1, None, parse_tile("3-3")) is False  # 3-3 would have had to open instead
    assert may_hold(scene, 0, 1, None, parse_tile("6-6")) is True
    assert may_hold(scene, 0, 1, 1, None) is True


def test_may_hold_asks_about_another_seat() -> None:
    issues = issues_of(strategy_lesson(quiz_step(PASSED, "  seat: 0\n  suit: 5\n", ask="may_hold")))
    assert any("may_hold asks about another seat" in i for i in issues)


@pytest.mark.parametrize(
    ("written", "key"),
    [("3-3 right", "3-3 right"), (" 6-4  LEFT ", "6-4 left"), ("4-6 left", "6-4 left"), ("pass", "pass")],
)
def test_a_move_answer_is_read_in_one_canonical_form(written: str, key: str) -> None:
    assert parse_move_key(written) == key


@pytest.mark.parametrize("written", ["3-3", "right", "7-1 left", "3-3 middle", 5])
def test_a_move_answer_that_is_no_move_is_refused(written: object) -> None:
    with pytest.raises(ValueError, match="a move like 6-4 left"):
        parse_move_key(written)


def test_the_strategy_course_keeps_its_promises(lessons_report: Report, lessons_figures: list[LessonStats]) -> None:
    """Read from the shipped lessons as checked once per run (``lessons_report``: every course, the proofs
    included), instead of checking core and strategy again (~10 s of CPU)."""
    report = lessons_report
    assert report.issues == []
    strategy = [c for c in report.files if c.course == "strategy"]
    assert len(strategy) >= 6
    for one in strategy:
        lesson = one.lesson
        assert lesson is not None
        capstone = [s for s in lesson.steps if isinstance(s, CapstoneStep)]
        assert len(capstone) == 1 and capstone[0].bot == "strong" and capstone[0].hints
        assert any(isinstance(s, PlayStep) and s.best and s.wrong for s in lesson.steps)
    asked = [s for c in strategy for s in c.lesson.steps if isinstance(s, QuizStep)]  # type: ignore[union-attr]
    assert sum(1 for s in asked if s.ask == "best_move") >= 6
    stats = [s for s in lessons_figures if s.course == "strategy"]
    assert all(s.opening_reviews >= 2 for s in stats if not s.first_in_course)
    assert all(s.explained_quizzes == s.quizzes and s.forced_play_steps == 0 for s in stats)
    total = totals(stats)
    assert total["later_lessons"] == len(stats) - 1  # lessons with questions count, though each ends with a hand
