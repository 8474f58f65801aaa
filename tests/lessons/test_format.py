"""The lesson format of issue 9: viewer, sources, capstone, review quizzes, hand: later, forced plays,
Chinese tile sets, and the explanation every quiz gets from the rules core."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tutorial_app.lessons import (
    LessonRun,
    RunError,
    course_names,
    lessons_root,
    load_course,
    load_lesson,
    solve_until,
    start_run,
)
from tutorial_app.lessons.check.table import is_forced
from tutorial_app.lessons.check.validate import Report, check_paths
from tutorial_app.lessons.format.model import QUIZ_KINDS, CapstoneStep, PlayStep, QuizStep
from tutorial_app.lessons.quiz.explain import EXPLAINED_KINDS
from tutorial_app.lessons.quiz.tien_gow import TRICK_EXPLAINED_KINDS
from tutorial_app.lessons.run.stats import LessonStats, targets, totals
from tutorial_app.rules.line.moves import IllegalMoveError, apply, legal_moves
from tutorial_app.rules.line.state import play
from tutorial_app.rules.tiles import FULL_MASK, parse_tile

HEAD = """id: {id}
title: {{en: T, ru: Т, uk: Т, es: T}}
summary: {{en: S, ru: С, uk: С, es: S}}
rules: block
"""
END = """  - kind: remember
    points: [{en: P, ru: П, uk: П, es: P}]
"""
QUIZ = """  - kind: quiz
    text: {{en: Q, ru: В, uk: П, es: P}}
    ask: tile_value
    tile: "6-4"
    hint: {{en: H, ru: П, uk: П, es: P}}
{extra}"""


def _write(folder: Path, course: str, lesson_id: str, body: str, head_extra: str = "") -> Path:
    path = folder / course / f"{lesson_id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEAD.format(id=lesson_id) + head_extra + "steps:\n" + body + END, encoding="utf-8")
    return path


def _messages(folder: Path) -> list[str]:
    return [issue.message.en for issue in check_paths([folder]).issues]


def test_every_quiz_kind_is_explained_by_the_rules_core() -> None:
    assert set(QUIZ_KINDS) == EXPLAINED_KINDS | TRICK_EXPLAINED_KINDS
    assert not EXPLAINED_KINDS & TRICK_EXPLAINED_KINDS


def test_every_quiz_of_the_courses_gets_the_engines_explanation_first() -> None:
    """Every shipped lesson, loaded as the pages serve it (``proofs=False``: the strategy proofs are checked once
    per run, ``lessons_report``)."""
    for lesson in (lesson for course in course_names() for lesson in load_course(course, proofs=False)):
        run = start_run(lesson, seed=1)
        for index, step in enumerate(lesson.steps):
            if isinstance(step, QuizStep):
                engine = run.engine_explanation()
                feedback = run.answer(run.right_answer)
                assert engine is not None and feedback.explanation is not None, f"{lesson.id} step {index}"
                assert feedback.explanation.ru.startswith(engine.ru)
                if step.explain is not None:
                    assert feedback.explanation.ru.endswith(step.explain.ru)
            elif not run.done:
                break  # the solver tests play the moves; here only the questions before the first move count
            if index + 1 < len(lesson.steps):
                run.next()


def test_review_quizzes_point_back_to_an_earlier_lesson(tmp_path: Path) -> None:
    _write(tmp_path, "core", "core-01-a", QUIZ.format(extra=""))
    _write(
        tmp_path,
        "core",
        "core-02-b",
        QUIZ.format(extra="    review: core-01-a\n")
        + QUIZ.format(extra="    review: core-03-c\n")
        + QUIZ.format(extra="    review: core-02-b\n")
        + QUIZ.format(extra="    review: kozel-01-x\n"),
    )
    _write(tmp_path, "core", "core-03-c", QUIZ.format(extra=""))
    _write(tmp_path, "kozel", "kozel-01-x", QUIZ.format(extra="    review: core-03-c\n"))
    _write(tmp_path, "donkey", "donkey-01-y", QUIZ.format(extra="    review: kozel-01-x\n"))
    messages = _messages(tmp_path)
    assert any("core-03-c comes after this lesson" in m for m in messages)
    assert any("core-02-b is this lesson" in m for m in messages)
    assert any("kozel-01-x is in the kozel course" in m and "(core)" in m for m in messages)
    assert any("kozel-01-x is in the kozel course" in m and "(donkey)" in m for m in messages)
    assert len(messages) == 4  # a variant may review the core course: kozel-01-x is fine


def test_viewer_must_be_a_seat_and_chinese_sets_have_no_blanks(tmp_path: Path) -> None:
    position = """  - kind: explain
    text: {en: E, ru: О, uk: П, es: E}
    position: {hands: [["6-4"], ["1-1"]], chain: ["4-2"], to_move: 0}
"""
    _write(tmp_path, "core", "core-01-a", position, head_extra="viewer: 3\n")
    chinese = """  - kind: explain
    text: {en: E, ru: О, uk: П, es: E}
    tiles: ["6-6", "3-0"]
  - kind: quiz
    text: {en: Q, ru: В, uk: П, es: P}
    ask: count_tiles
    hint: {en: H, ru: П, uk: П, es: P}
"""
    _write(tmp_path, "chinese", "chinese-01-a", chinese, head_extra="tile_set: chinese\n")
    messages = _messages(tmp_path)
    assert any(m.startswith("viewer: 3 is not a seat") for m in messages)
    assert any(m.startswith("3-0 is not a Chinese domino") for m in messages)
    assert any("ask: count_tiles is about the double-six set" in m for m in messages)


def test_source_notes_belong_in_sources(tmp_path: Path) -> None:
    body = """  - kind: explain
    text: {en: "Heaven beats earth (from pagat.com).", ru: "Небо бьёт землю.", uk: "Небо б'є землю.", es: El cielo gana a la tierra.}
"""
    _write(tmp_path, "core", "core-01-a", body, head_extra='sources: ["pagat.com, Tien Gow"]\n')
    assert _messages(tmp_path) == [
        "'pagat.com' is a note about sources, not something the learner needs: move it to the lesson's sources: list"
    ]


def test_a_capstone_is_checked_by_playing_it(tmp_path: Path) -> None:
    body = """  - kind: capstone
    text: {en: Play, ru: Играйте, uk: Грайте, es: Juega}
    badge: {en: B, ru: З, uk: З, es: I}
    seed: 3
"""
    _write(tmp_path, "core", "core-01-a", body)
    assert _messages(tmp_path) == []
    _write(tmp_path, "core", "core-01-a", body, head_extra="viewer: 2\n")
    assert any("not a seat of the capstone's 2-player table" in m for m in _messages(tmp_path))


def test_a_capstone_hand_is_played_against_bots_to_its_worked_end(tmp_path: Path) -> None:
    body = """  - kind: capstone
    text: {en: Play, ru: Играйте, uk: Грайте, es: Juega}
    badge: {en: B, ru: З, uk: З, es: I}
"""
    lesson = load_lesson(_write(tmp_path, "core", "core-01-a", body, head_extra="viewer: 1\n"))
    run = LessonRun.start(lesson, seed=5)
    hand = run.capstone
    assert hand is not None and (hand.hand_over or hand.state.to_move == 1)
    illegal = next((t for t in hand.state.hand(1) if not any(m.tile is t for m in legal_moves(hand.state))), None)
    if illegal is not None and hand.state.table.open_ends():
        feedback = run.submit_move(play(illegal, hand.state.table.open_ends()[0][0]))
        assert not feedback.correct and feedback.mistake and run.mistakes == 1
    rng = random.Random(0)
    while not run.done:
        assert run.capstone is not None
        feedback = run.submit_move(rng.choice(legal_moves(run.capstone.state)))
        assert feedback.played[0][0] == 1 and all(seat != 1 for seat, _ in feedback.played[1:])
    assert run.capstone is not None and run.capstone.hand_over
    assert feedback.explanation is not None and "left in hand" in feedback.explanation.en.lower()
    assert run.reveal  # every hand face up once the capstone hand is over
    with pytest.raises(RunError):
        run.submit_move(legal_moves(run.capstone.start)[0])


def test_a_later_hand_is_led_by_the_previous_winner_with_any_tile() -> None:
    lesson = load_lesson(lessons_root() / "core" / "core-13-playing-a-match.yaml")
    index = next(
        i
        for i, s in enumerate(lesson.steps)
        if isinstance(s, PlayStep) and s.position is not None and s.position.hand == "later"
    )
    run = solve_until(LessonRun.start(lesson), lambda r: r.index >= index)
    assert isinstance(run, LessonRun)
    assert run.scene is not None and run.scene.later
    assert run.state is not None and run.state.lead_mask == FULL_MASK
    assert run.scene.lead is not None and run.scene.lead.why == "winner" and run.scene.lead.seat == 0


def test_forced_steps_are_the_single_legal_move_steps(lessons_report: Report) -> None:
    for lesson in lessons_report.lessons:
        run = start_run(lesson, seed=0)
        for step in lesson.steps:
            if isinstance(step, PlayStep) and run.state is not None:
                assert step.forced == run.is_forced(), (lesson.id, lesson.steps.index(step))
                if isinstance(run, LessonRun):
                    assert run.is_forced() == is_forced(run.state)
            break  # the first step's position; the solver tests go further


def test_stats_count_what_the_issue_measures(lessons_report: Report, lessons_figures: list[LessonStats]) -> None:
    report, figures = lessons_report, lessons_figures
    assert next(f.id for f in figures) == "core-01-the-set"
    summed = totals(figures)
    assert summed["quizzes"] == sum(1 for lesson in report.lessons for s in lesson.steps if isinstance(s, QuizStep))
    assert summed["explained_quizzes"] == summed["quizzes"]
    assert summed["forced_play_steps"] == sum(
        1 for lesson in report.lessons for s in lesson.steps if isinstance(s, PlayStep) and s.forced
    )
    assert summed["courses_with_capstone"] == len({f.course for f in figures if f.capstone}) >= 1
    assert any(f.capstone for f in figures if f.course == "core")
    assert next(f for f in figures if f.id == "core-02-placing-on-the-ends").opening_reviews == 2
    assert next(t.name for t in targets(figures)) == "every quiz explained by the rules core"


def test_illegal_capstone_move_reason_is_the_rules_core() -> None:
    lesson = load_lesson(lessons_root() / "core" / "core-15-a-whole-hand.yaml")
    run = LessonRun.start(lesson, seed=2)
    while not isinstance(run.step, CapstoneStep):
        if isinstance(run.step, QuizStep):
            run.answer(run.right_answer)
        run.next()
    hand = run.capstone
    assert hand is not None
    if hand.state.table.is_empty:
        return
    wrong = play(parse_tile("0-0"), "left")
    if hand.state.hands[0] & parse_tile("0-0").bit:
        return
    with pytest.raises(IllegalMoveError):
        apply(hand.state, wrong)
    feedback = run.submit_move(wrong)
    assert not feedback.correct and "нет на руке" in feedback.message.ru


def test_points_left_unclaimed_are_explained_as_open_to_muggins(tmp_path: Path) -> None:
    body = """  - kind: quiz
    text: {en: Unclaimed points, ru: Необъявленные очки, uk: Неоголошені очки, es: Puntos sin anunciar}
    ask: fives_points
    position:
      hands: [["6-6", "3-1"], ["5-2", "6-3", "2-2"]]
      chain: {spinner: "5-5", arms: {left: ["5-3"], right: [], up: [], down: []}}
      to_move: 1
      moves: [{tile: "5-2", end: right}]
    hint: {en: H, ru: П, uk: П, es: P}
"""
    path = _write(tmp_path, "all_fives", "all-fives-01-x", body, head_extra="overrides: {fives_claim: must_claim}\n")
    path.write_text(path.read_text(encoding="utf-8").replace("rules: block", "rules: all_fives"), encoding="utf-8")
    run = LessonRun.start(load_lesson(path))
    assert run.right_answer == 5
    feedback = run.answer(5)
    assert feedback.explanation is not None
    assert feedback.explanation.en.startswith("The ends count 3 + 2 = 5, a multiple of 5: 5 points.")
    assert "Seat 1 announced 0, so 5 went unclaimed" in feedback.explanation.en
    explained = run.explanation()
    assert explained is not None and "Игрок 1 объявил 0, значит, 5 остались необъявленными" in explained.ru


def test_a_goal_can_ask_for_a_double_laid_face_down(tmp_path: Path) -> None:
    body = """  - kind: play
    text: {en: Close the left arm, ru: Закройте левую ветку, uk: Закрийте ліву гілку, es: Cierra el brazo izquierdo}
    position:
      hands: [["3-3", "6-5"], ["3-5", "2-2"]]
      chain: {spinner: "1-1", arms: {left: ["1-3"], right: ["1-4"], up: [], down: []}}
      to_move: 0
    goal: {closed: true}
    hint: {en: H, ru: П, uk: П, es: P}
    success: {en: S, ru: С, uk: С, es: S}
"""

    def donkey_lesson(steps: str) -> Path:
        path = _write(tmp_path, "donkey", "donkey-01-x", steps)
        path.write_text(path.read_text(encoding="utf-8").replace("rules: block", "rules: donkey"), encoding="utf-8")
        return path

    path = donkey_lesson(body)
    assert _messages(tmp_path) == []
    run = LessonRun.start(load_lesson(path))
    assert not run.submit_move(play(parse_tile("3-3"), "left")).correct
    assert run.submit_move(play(parse_tile("3-3"), "left", closed=True)).correct
    donkey_lesson(body.replace('"3-3", "6-5"', '"3-2", "6-5"'))  # no double in hand: nothing can be closed
    assert any("no legal move reaches this goal" in m for m in _messages(tmp_path))
