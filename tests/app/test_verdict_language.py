"""A lesson's verdict on screen follows the language picker: switched while the verdict shows, it reads in the new
language at once, not only after the next action.

The wrong actions come from the rules core (``legal_moves``, ``goal_moves``, ``solve``); what the box must say is the
lesson runner's own feedback, from a run of the same lesson taken to the same step and given the same action.
"""

from __future__ import annotations

from app_runs import ok, started
from streamlit.testing.v1 import AppTest

from tutorial_app.lessons import Feedback, LessonRun, load_course, solve_until
from tutorial_app.lessons.format.goals import goal_moves
from tutorial_app.lessons.format.model import PlayStep, QuizStep
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action, Move

LESSON = "core-02-placing-on-the-ends"


def _opened() -> tuple[AppTest, LessonRun, LessonRun]:
    """The lesson open on the Learn page in English, the page's run, and a run of the test's own."""
    lesson = next(item for item in load_course("core") if item.id == LESSON)
    at = started("en")
    ok(at.button(key=f"learn_start_{lesson.id}").click().run())
    return at, at.session_state["learn_player"].run, LessonRun.start(lesson)


def _verdict(at: AppTest) -> tuple[list[str], list[str]]:
    """What the feedback box says: its red verdict boxes and its blue ones (the hint)."""
    return [e.value for e in at.error], [i.value for i in at.info]


def _said(feedback: Feedback, lang: str) -> tuple[str, str]:
    """The runner's verdict as the box writes it in ``lang``: the message with the worked explanation, and the hint."""
    assert feedback.hint is not None
    explanation = feedback.explanation
    message = feedback.message.in_(lang) + (f"\n\n{explanation.in_(lang)}" if explanation is not None else "")
    return message, feedback.hint.in_(lang)


def _switched(at: AppTest, feedback: Feedback) -> None:
    """The verdict is on screen in English; after the picker goes to Ukrainian it reads in Ukrainian only."""
    english, english_hint = _said(feedback, "en")
    ukrainian, ukrainian_hint = _said(feedback, "uk")
    assert english != ukrainian and english_hint != ukrainian_hint
    errors, infos = _verdict(at)
    assert errors == [english] and english_hint in infos
    ok(at.radio(key="lang").set_value("uk").run())
    errors, infos = _verdict(at)
    assert errors == [ukrainian], errors
    assert ukrainian_hint in infos and english_hint not in infos


def test_a_refuted_move_on_screen_is_said_again_in_the_language_switched_to() -> None:
    """A tempting wrong move: its verdict, the worked explanation of what followed and the hint all switch."""
    at, run, mine = _opened()
    solve_until(run, lambda r: isinstance(r.step, PlayStep) and bool(r.step.wrong))
    solve_until(mine, lambda r: isinstance(r.step, PlayStep) and bool(r.step.wrong))
    ok(at.run())
    state, step = run.state, run.step
    assert state is not None and isinstance(step, PlayStep)
    right = {move for move, _after in goal_moves(state, step.goal)}
    feedback: Feedback | None = None
    for move in legal_moves(state):  # the first wrong move the lesson plays out and explains
        if move in right:
            continue
        feedback = mine.submit_move(move)
        if feedback.explanation is not None:
            break
        mine.retry()
    assert feedback is not None and feedback.explanation is not None and not feedback.correct
    wrong: Move = feedback.played[0][1]
    assert wrong.action is Action.PLAY
    ok(at.button(key=f"learn_tile_{wrong.tile}").click().run())
    if at.session_state["learn_selected"] is not None:
        ok(at.button(key=f"learn_end_{wrong.end}").click().run())
    assert run.refuted and run.mistakes == 1
    _switched(at, feedback)


def test_a_wrong_answer_on_screen_is_said_again_in_the_language_switched_to() -> None:
    at, run, mine = _opened()
    solve_until(run, lambda r: isinstance(r.step, QuizStep) and r.step.ask == "is_legal")
    solve_until(mine, lambda r: isinstance(r.step, QuizStep) and r.step.ask == "is_legal")
    ok(at.run())
    choices = run.choices("en")
    assert choices is not None
    index = next(i for i, (value, _label) in enumerate(choices) if value != run.right_answer)
    ok(at.button(key=f"learn_choice_{run.index}_{index}").click().run())
    assert run.mistakes == 1 and not run.done
    _switched(at, mine.answer(choices[index][0]))
