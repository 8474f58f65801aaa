"""The runner's feedback: wrong moves get the rules core's reason, wrong answers the hint."""

from __future__ import annotations

import pytest

from tutorial_app.lessons import LessonRun, RunError, lessons_root, load_lesson, solve, solve_until
from tutorial_app.lessons.format.model import Lesson, PlayStep, QuizStep, line_move
from tutorial_app.lessons.quiz.answers import normalize_answer
from tutorial_app.lessons.run.core import RIGHT
from tutorial_app.rules.line.moves import apply, why_illegal
from tutorial_app.rules.line.state import PASS, Move, play
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.line.worked_moves import describe_moves
from tutorial_app.rules.text import reason_of
from tutorial_app.rules.tiles import Tile


def lesson(name: str) -> Lesson:
    return load_lesson(lessons_root() / "core" / f"{name}.yaml")


def run_to(name: str, index: int) -> LessonRun:
    """A run of a core lesson advanced by the solver to step ``index``."""
    run = solve_until(LessonRun.start(lesson(name)), lambda r: r.index >= index)
    assert isinstance(run, LessonRun)
    return run


def first_play_step(name: str) -> int:
    return next(i for i, s in enumerate(lesson(name).steps) if isinstance(s, PlayStep))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_illegal_move_gets_the_rules_core_reason_and_the_hint(lang: str) -> None:
    index = first_play_step("core-02-placing-on-the-ends")
    run = run_to("core-02-placing-on-the-ends", index)
    step = run.step
    assert isinstance(step, PlayStep)
    before = run.state
    assert before is not None
    move = play(Tile(6, 4), "left")
    reason = why_illegal(before, move)
    assert reason is not None
    feedback = run.submit_move(move)
    assert not feedback.correct and feedback.mistake
    assert feedback.message.in_(lang) == reason.in_(lang)
    assert feedback.hint is not None and feedback.hint.in_(lang) == step.hint.in_(lang)
    assert run.state is before and not run.done and run.mistakes == 1


def test_pass_with_a_playable_tile_is_refused_with_the_reason() -> None:
    index = first_play_step("core-02-placing-on-the-ends")
    run = run_to("core-02-placing-on-the-ends", index)
    assert run.state is not None
    reason = why_illegal(run.state, PASS)
    assert reason is not None
    assert run.submit_move(PASS).message.ru == reason.ru


def test_legal_move_that_misses_the_goal_is_played_back_but_not_kept() -> None:
    index = first_play_step("core-02-placing-on-the-ends")
    run = run_to("core-02-placing-on-the-ends", index)
    before = run.state
    assert before is not None
    move = play(Tile(3, 0), "left")
    assert why_illegal(before, move) is None
    feedback = run.submit_move(move)
    assert not feedback.correct and feedback.hint is not None and feedback.hint.en
    assert feedback.played == ((0, move),)
    assert feedback.states == (apply(before, move),)
    assert run.state is before and not run.done


def test_scripted_wrong_move_is_refuted_then_the_step_can_be_retried() -> None:
    name = "core-02-placing-on-the-ends"
    index = max(i for i, s in enumerate(lesson(name).steps) if isinstance(s, PlayStep) and s.wrong)
    run = run_to(name, index)
    step = run.step
    assert isinstance(step, PlayStep)
    wrong = step.wrong[0]
    before = run.state
    assert before is not None
    feedback = run.submit_move(line_move(wrong.move))
    assert not feedback.correct
    expected = apply(before, line_move(wrong.move))
    for reply in wrong.replies:
        expected = apply(expected, line_move(reply))
    assert feedback.states[-1] == expected
    assert [m for _, m in feedback.played[1:]] == [line_move(r) for r in wrong.replies]
    # what goes wrong is played out on the board and said: the replies in words, then the lesson's text
    assert run.refuted and run.state == expected
    replies = describe_moves([(s, m, ()) for s, m in feedback.played[1:]], run.viewer)
    assert feedback.explanation is not None
    assert feedback.explanation.ru.startswith(replies.ru) and wrong.text.ru in feedback.explanation.ru
    run.retry()
    assert run.state is before and not run.refuted
    right = solve(run)
    assert isinstance(right, Move)
    again = run.submit_move(right)
    assert again.correct and run.done
    assert (again.explanation.ru if again.explanation else None) == (step.success.ru if step.success else None)


@pytest.mark.parametrize("lang", ["es", "uk", "ru"])
def test_an_answer_of_the_wrong_form_is_told_the_form_in_the_learners_language(lang: str) -> None:
    """A word quiz ("what do you do now?") answered with something that is none of its words: the learner is told
    the words to choose from in their language, not the validator's English "one of ..."."""
    path = next(p for p in sorted(lessons_root().glob("*/*.yaml")) if "ask: what_to_do" in p.read_text("utf-8"))
    start = LessonRun.start(load_lesson(path))
    run = solve_until(start, lambda r: isinstance(r.step, QuizStep) and r.step.ask == "what_to_do")
    said = run.answer("maybe")
    assert not said.correct and not said.mistake
    with pytest.raises(ValueError) as refused:
        normalize_answer("what_to_do", "maybe")
    told = said.message.in_(lang)
    assert reason_of(refused.value).in_(lang) in told and "one of" not in told, told


@pytest.mark.parametrize("typed", ["tie", "ничья", "нічия", "empate", " Empate "])
def test_a_tie_is_typed_in_any_of_the_apps_languages(typed: str) -> None:
    assert normalize_answer("winner", typed) == "tie"


def test_wrong_quiz_answer_gets_the_hint_and_costs_a_star() -> None:
    name = "core-02-placing-on-the-ends"
    index = next(i for i, s in enumerate(lesson(name).steps) if isinstance(s, QuizStep) and s.ask == "is_legal")
    run = run_to(name, index)
    step = run.step
    assert isinstance(step, QuizStep) and step.move is not None
    right = run.right_answer
    assert isinstance(right, bool)
    wrong = run.answer(not right)
    assert not wrong.correct and wrong.mistake
    assert wrong.hint is not None and wrong.hint.ru == step.hint.ru
    typo = run.answer("maybe")
    assert not typo.correct and not typo.mistake and "yes or no" in typo.message.en
    assert run.mistakes == 1
    good = run.answer("да" if right else "нет")
    assert good.correct
    assert run.state is not None
    reason = why_illegal(run.state, line_move(step.move))
    assert reason is not None and good.explanation is not None
    # the engine's worked explanation: "Нет: " and the rules core's own reason, then the lesson's words
    assert good.explanation.ru.startswith("Нет: " + reason.ru[:1].lower() + reason.ru[1:])
    if step.explain is not None:
        assert good.explanation.ru.endswith(step.explain.ru)


def test_stars_fall_with_mistakes_and_hints() -> None:
    run = run_to("core-04-passing", first_play_step("core-04-passing"))
    assert run.stars == 3
    assert run.hint() is not None
    assert run.hint() is not None
    assert run.hints_used == 1
    assert run.stars == 2
    for _ in range(3):
        run.submit_move(play(Tile(6, 6), "left"))
    assert run.mistakes == 3
    assert run.stars == 1


def test_choices_have_labels_in_both_languages() -> None:
    name = "core-09-going-out"
    steps = lesson(name).steps
    index = max(i for i, s in enumerate(steps) if isinstance(s, QuizStep) and s.ask == "winner")
    run = run_to(name, index)
    assert run.choices("en") == [(0, "Your pair (0 + 2)"), (1, "Seats 1 + 3"), ("tie", "A tie")]
    assert run.choices("ru") == [(0, "Ваша пара (0 + 2)"), (1, "Пара 1 + 3"), ("tie", "Ничья")]


def test_the_app_cannot_skip_or_misuse_steps() -> None:
    name = "core-03-doubles-across"
    run = LessonRun.start(lesson(name))
    assert isinstance(run.step, QuizStep) and not run.done  # a review question opens the lesson
    with pytest.raises(RunError):
        run.next()
    with pytest.raises(RunError):
        run.submit_move(PASS)
    run = run_to(name, first_play_step(name) - 1)
    assert run.done  # an explain step
    with pytest.raises(RunError):
        run.submit_move(PASS)
    run.next()
    assert isinstance(run.step, PlayStep)
    with pytest.raises(RunError):
        run.next()
    with pytest.raises(RunError):
        run.answer(True)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_right_move_that_ends_the_hand_is_worked_out(lang: str) -> None:
    """Going out (or the scripted replies ending the hand) is explained like any hand's end: the pips and the score."""
    name = "core-14-first-tactics"
    index = max(i for i, s in enumerate(lesson(name).steps) if isinstance(s, PlayStep))
    run = run_to(name, index)
    step = run.step
    assert isinstance(step, PlayStep) and step.success is not None
    right = solve(run)
    assert isinstance(right, Move)
    feedback = run.submit_move(right)
    assert feedback.correct and run.state is not None and run.state.is_over
    ending = explain_hand_end(run.state, run.viewer).text().in_(lang)
    assert feedback.explanation is not None and feedback.explanation.in_(lang) == f"{step.success.in_(lang)} {ending}"
    assert "17" in ending  # seat 1 is left with 2-0, 4-3 and 4-4


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_move_with_no_reply_does_not_promise_that_something_happens_next(lang: str) -> None:
    """core-01's double step: 6-5 is refuted by the lesson's text alone, so nothing is 'about to happen'."""
    name = "core-01-the-set"
    index = next(i for i, s in enumerate(lesson(name).steps) if isinstance(s, PlayStep) and s.wrong)
    run = run_to(name, index)
    step = run.step
    assert isinstance(step, PlayStep) and not step.wrong[0].replies
    feedback = run.submit_move(line_move(step.wrong[0].move))
    assert (
        feedback.message.in_(lang)
        == {"en": "Allowed, but not the move this step is after.", "ru": "Так можно, но здесь нужен другой ход."}[lang]
    )
    replied = run_to(
        "core-02-placing-on-the-ends",
        max(
            i for i, s in enumerate(lesson("core-02-placing-on-the-ends").steps) if isinstance(s, PlayStep) and s.wrong
        ),
    )
    wrong = replied.step.wrong[0]  # type: ignore[union-attr]
    assert wrong.replies
    assert "watch what happens next" in replied.submit_move(line_move(wrong.move)).message.en


@pytest.mark.parametrize("lang", ["uk", "es"])
def test_a_right_move_tells_the_lessons_own_words_in_the_learners_language(lang: str) -> None:
    """The verdict and the lesson's success text of each right move are in the language (its own uk/es text,
    not the English: the success sentence is joined to the engine's words as a Text, never as an en/ru pair)."""
    run = LessonRun.start(lesson("core-14-first-tactics"))
    checked = 0
    while True:
        step, action = run.step, solve(run)
        if isinstance(action, Move):
            said = run.submit_move(action)
            assert said.correct and said.message.in_(lang) == RIGHT.in_(lang) != RIGHT.in_("en")
            if isinstance(step, PlayStep) and step.success is not None:
                assert said.explanation is not None and step.success.in_(lang) in said.explanation.in_(lang)
                assert step.success.in_("en") not in said.explanation.in_(lang)
                checked += 1
        elif action is not None:
            assert run.answer(action).message.in_(lang) == RIGHT.in_(lang)
        if run.finished:
            break
        run.next()
    assert checked >= 2
