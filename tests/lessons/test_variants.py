"""The variant courses: enough lessons, enough practice, a "what differs" step, and Chinese questions through the rules core."""

from __future__ import annotations

import pytest

from tutorial_app.lessons import lessons_root, load_course, start_run
from tutorial_app.lessons.check.validate import check_paths
from tutorial_app.lessons.format.model import CapstoneStep, ExplainStep, Lesson, PlayStep, QuizStep
from tutorial_app.lessons.quiz.answers import correct_answer
from tutorial_app.lessons.run.stats import lesson_stats
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.rules.tien_gow.tiles import can_lead, judge

VARIANT_COURSES = {
    "domino101": 8,
    "kozel": 6,
    "international": 6,
    "classic": 4,
    "all_fives": 6,
    "donkey": 5,
    "chinese": 5,
}


def _course(name: str) -> list[Lesson]:
    return load_course(name, lessons_root())


@pytest.mark.parametrize(("name", "minimum"), VARIANT_COURSES.items())
def test_each_variant_course_has_its_lessons(name: str, minimum: int) -> None:
    lessons = _course(name)
    assert len(lessons) >= minimum
    for lesson in lessons:
        interactive = [s for s in lesson.steps if isinstance(s, (PlayStep, QuizStep))]
        if any(isinstance(s, CapstoneStep) for s in lesson.steps):
            # the course's last lesson: a whole hand, after a short review of the course
            assert lesson is lessons[-1], f"{lesson.id}: the capstone ends the course"
            assert sum(1 for s in interactive if isinstance(s, QuizStep) and s.review) >= 2, lesson.id
        else:
            assert len(interactive) >= 5, f"{lesson.id} has {len(interactive)} interactive steps"
        differs = [
            s
            for s in lesson.steps
            if isinstance(s, ExplainStep) and s.title is not None and s.title.en == "What differs from the core game"
        ]
        capstone = any(isinstance(s, CapstoneStep) for s in lesson.steps)
        if capstone and not differs:
            continue  # a capstone may go straight to the review and the hand
        assert len(differs) == 1, f"{lesson.id} needs one 'What differs from the core game' step"
        assert differs[0].title is not None and differs[0].title.ru == "Чем это отличается от основной игры"


@pytest.mark.parametrize("name", [n for n in VARIANT_COURSES if n != "chinese"])
def test_each_line_variant_course_meets_the_teaching_targets(name: str) -> None:
    """Issue 9's targets within the course: review openers, real choices, what goes wrong, pointing hints."""
    figures = lesson_stats(check_paths([lessons_root() / name]))
    later = [f for f in figures if not f.first_in_course]
    assert later and all(f.opening_reviews >= 2 for f in later), [f.id for f in later if f.opening_reviews < 2]
    plays = sum(f.play_steps for f in figures)
    assert sum(f.forced_play_steps for f in figures) <= 0.4 * plays
    assert all(f.wrong_replies for f in figures if f.play_steps)
    assert sum(f.hints_giving_the_move for f in figures) == 0
    assert all(f.explained_quizzes == f.quizzes and f.viewer_fixed for f in figures)
    assert [f.capstone for f in figures] == [False] * (len(figures) - 1) + [True]


@pytest.mark.parametrize("name", [n for n in VARIANT_COURSES if n != "chinese"])
def test_line_variant_lessons_use_their_own_rule_set(name: str) -> None:
    for lesson in _course(name):
        assert lesson.rules.startswith(name), f"{lesson.id} uses {lesson.rules}"
        assert rules_for(lesson.rules).players >= 2


def _chinese_quizzes() -> list[QuizStep]:
    return [
        s
        for lesson in _course("chinese")
        for s in lesson.steps
        if isinstance(s, QuizStep) and s.ask.startswith("chinese_")
    ]


def test_chinese_answers_come_from_the_rules_core() -> None:
    quizzes = _chinese_quizzes()
    assert len(quizzes) >= 10
    rules = rules_for("block")
    for step in quizzes:
        answer = correct_answer(step, None, rules)
        if step.ask == "chinese_beats":
            assert step.against is not None
            assert answer == judge(step.tiles, step.against).beats
        elif step.ask == "chinese_can_lead":
            assert answer == can_lead(step.tiles)
        assert step.answer is None or step.answer == answer


def test_a_wrong_chinese_answer_gets_the_rules_core_reason() -> None:
    lesson = next(lesson for lesson in _course("chinese") if lesson.id == "chinese-02-leading-and-beating")
    run = start_run(lesson)
    while not (isinstance(run.step, QuizStep) and run.step.ask == "chinese_beats"):
        if isinstance(run.step, QuizStep):
            run.answer(run.right_answer)
        run.next()
    step = run.step
    assert isinstance(step, QuizStep) and step.against is not None
    right = judge(step.tiles, step.against)
    feedback = run.answer(not right.beats)
    assert not feedback.correct
    assert run.mistakes == 1
    good = run.answer(right.beats)
    assert good.correct and good.explanation is not None
    assert right.why.ru[1:] in good.explanation.ru  # the rules core's verdict, after «Да: » / «Нет: »
