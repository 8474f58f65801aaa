"""Tien Gow lessons (rules: tien_gow): goals, moves, wrong moves played out, questions and the capstone hand.

Every right answer is checked against the engine (``settle``, ``why_illegal``,
``legal_moves``), never against a number typed here alone.
"""

from __future__ import annotations

import random

import pytest

from tutorial_app.lessons import LessonRun, lessons_root, load_course, load_lesson, solve, start_run, takes_move
from tutorial_app.lessons.check.validate import check_source
from tutorial_app.lessons.format.model import CapstoneStep, PlayStep, QuizStep
from tutorial_app.lessons.format.tien_gow_scene import takes_trick, trick_move
from tutorial_app.rules import tien_gow as tg
from tutorial_app.source import parse_source

COURSE = lessons_root() / "chinese"


def _run_to(lesson_id: str, predicate: object, seed: int = 0) -> LessonRun:
    """A run of a Chinese lesson, advanced by the solver to the first step for which ``predicate(step)`` holds."""
    run = start_run(load_lesson(COURSE / f"{lesson_id}.yaml"), seed=seed)
    assert run.game.name == "tien_gow"
    while not predicate(run.step):  # type: ignore[operator]
        action = solve(run)
        if takes_move(run) and action is not None:
            run.submit_move(action)
        elif action is not None:
            run.answer(action)
        run.next()
    return run


def _play(title: str) -> object:
    return lambda step: isinstance(step, PlayStep) and step.title is not None and step.title.en == title


def test_the_course_runs_on_the_tien_gow_engine() -> None:
    lessons = load_course("chinese")
    assert len(lessons) >= 4
    assert all(tg.is_tien_gow(lesson.rules) and lesson.tile_set == "chinese" for lesson in lessons)
    assert all(start_run(lesson, seed=0).game.name == "tien_gow" for lesson in lessons)
    plays = [s for lesson in lessons for s in lesson.steps if isinstance(s, PlayStep)]
    assert len(plays) >= 4
    assert sum(1 for s in plays if not s.forced) >= 4
    assert any(isinstance(s, CapstoneStep) for s in lessons[-1].steps)


def test_taking_the_trick_means_nobody_after_you_can_beat() -> None:
    run = _run_to("chinese-02-leading-and-beating", _play("Take the trick"))
    state = run.state
    assert state is not None and state.to_move == 0 and state.trick is not None
    man = tg.apply(state, tg.play("4-4"))
    assert not takes_trick(man, 0)
    assert tg.play("1-1") in tg.legal_moves(man)  # seat 1 may beat Man with its Earth
    earth = tg.apply(state, tg.play("1-1"))
    assert takes_trick(earth, 0)
    assert all(m.action is tg.Action.DISCARD for m in tg.legal_moves(earth))  # seat 1's Earth only ties


def test_an_illegal_move_gets_the_engines_reason_in_the_learners_language() -> None:
    run = _run_to("chinese-02-leading-and-beating", _play("Take the trick"))
    state = run.state
    assert state is not None
    feedback = run.submit_move(tg.play("6-3"))
    reason = tg.why_illegal(state, tg.play("6-3"))
    assert reason is not None
    assert not feedback.correct and feedback.mistake and feedback.message.ru == reason.ru
    assert run.mistakes == 1 and run.state is state


def test_a_wrong_move_is_played_out_explained_and_taken_back() -> None:
    run = _run_to("chinese-04-the-last-trick", _play("Two tricks to go"))
    start = run.state
    assert start is not None
    feedback = run.submit_move(tg.discard("4-4"))
    assert not feedback.correct and feedback.mistake
    final = run.state
    assert final is not None and final.is_over and run.refuted
    winner = tg.hand_result(final).winner
    assert winner == 2
    assert feedback.explanation is not None
    said = feedback.explanation.en
    assert "You lay 6-6 face down." in said  # sitting out the last trick
    assert "without a trick you could not take a last trick" in said
    assert said.endswith(
        f"The winner collects {' + '.join(str(s.amount) for s in tg.hand_result(final).settlements)}"
        f" = {tg.hand_result(final).collected}."
    )
    run.retry()
    assert run.state is start and not run.refuted
    right = run.submit_move(tg.play("4-4"))
    assert right.correct and right.explanation is not None
    assert "Вы перебиваете: «человек» (4-4)." in right.explanation.ru


def test_the_settlement_questions_are_the_engines_arithmetic() -> None:
    run = _run_to("chinese-04-the-last-trick", lambda s: isinstance(s, QuizStep) and s.ask == "trick_pays")
    state = run.state
    assert state is not None and state.is_over
    result = tg.hand_result(state)
    settlements = tg.settle(state.taken, result.winner, state.banker)
    banker = next(s for s in settlements if s.seat == state.banker)
    assert run.right_answer == banker.amount == (4 - state.taken[state.banker]) * 2
    feedback = run.answer(banker.amount)
    assert feedback.correct and feedback.explanation is not None
    assert f"(4 − {state.taken[state.banker]}) × 2 = {banker.amount}" in feedback.explanation.en
    run.next()
    assert isinstance(run.step, QuizStep) and run.step.ask == "trick_collects"
    assert run.right_answer == sum(s.amount for s in settlements) == result.collected


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_the_capstone_is_a_whole_hand_that_waits_after_the_bots_tricks(seed: int) -> None:
    run = _run_to("chinese-05-a-whole-hand", lambda s: isinstance(s, CapstoneStep), seed=seed)
    hand = run.capstone
    assert hand is not None and hand.start.tiles_in_play() == 32
    rng = random.Random(seed)
    while not run.done:
        state = run.state
        assert state is not None
        if run.paused:
            assert state.trick is None and state.last_trick is not None and state.to_move != 0
            with pytest.raises(ValueError):
                run.submit_move(tg.legal_moves(state)[0])
            feedback = run.resume()
            assert feedback.played and feedback.played[0][0] == state.to_move
            continue
        assert state.to_move == 0
        feedback = run.submit_move(rng.choice(tg.legal_moves(state)))
        assert feedback.correct
    final = run.state
    assert final is not None and final.is_over and sum(final.taken) == tg.HAND_SIZE
    assert feedback.explanation is not None
    assert feedback.explanation.en.endswith(f"= {tg.hand_result(final).collected}.")
    assert run.reveal and run.done


def test_a_seeded_capstone_deals_the_same_hand() -> None:
    first = _run_to("chinese-05-a-whole-hand", lambda s: isinstance(s, CapstoneStep), seed=9)
    second = _run_to("chinese-05-a-whole-hand", lambda s: isinstance(s, CapstoneStep), seed=9)
    assert first.capstone is not None and second.capstone is not None
    assert first.capstone.start == second.capstone.start
    assert first.capstone.dealt.opening.en.startswith("Lots were drawn")


def test_every_wrong_move_of_the_course_is_legal_and_explained() -> None:
    for lesson in load_course("chinese"):
        run = start_run(lesson, seed=0)
        assert run.game.name == "tien_gow"
        while True:
            step = run.step
            if isinstance(step, PlayStep):
                for wrong in step.wrong:
                    assert isinstance(wrong.move, str)
                    feedback = run.submit_move(trick_move(wrong.move))
                    assert not feedback.correct and feedback.explanation is not None
                    assert wrong.text.ru in feedback.explanation.ru
                    run.retry()
            action = solve(run)
            if takes_move(run) and action is not None:
                run.submit_move(action)
            elif action is not None:
                run.answer(action)
            if isinstance(step, CapstoneStep) or run.finished:
                break
            run.next()


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("    bot: strong\n", "bot: strong plays line games only; a Tien Gow capstone's bots are random or greedy"),
        ("    bot: greedy\n    hints: true\n", "hints: the Hint, What we know and the review are for line games"),
    ],
)
def test_a_tien_gow_capstone_refuses_the_line_games_coach(line: str, said: str) -> None:
    path = lessons_root() / "chinese" / "chinese-05-a-whole-hand.yaml"
    text = path.read_text(encoding="utf-8").replace("    bot: greedy\n", line)
    checked = check_source(parse_source(text, path.name), path.stem)
    assert checked.lesson is None
    assert [i for i in checked.issues if said in i.message.en], checked.issues
