"""One way to start and solve any lesson, whatever game it teaches.

Why: a line game's lesson runs on ``runner.LessonRun`` and a Tien Gow
lesson (``rules: tien_gow``) on ``run.tien_gow.TienGowRun``; the app, the
statistics and the tests start either through ``start_run`` and let the
solver act through ``solve`` / ``solve_move``.
"""

from __future__ import annotations

from collections.abc import Callable

from tutorial_app.lessons.format.model import Answer, Lesson
from tutorial_app.lessons.run.runner import LessonRun, solve_step
from tutorial_app.lessons.run.tien_gow import TienGowRun, solve_trick_step
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.line import state as line

__all__ = ["Run", "start_run", "solve", "solve_move", "solve_until", "is_trick_lesson"]

Run = LessonRun | TienGowRun


def is_trick_lesson(lesson: Lesson) -> bool:
    """Whether a lesson teaches Tien Gow (``rules: tien_gow`` or an alias)."""
    return tg.is_tien_gow(lesson.rules)


def start_run(lesson: Lesson, seed: int | None = None) -> Run:
    """A fresh run of any lesson at its first step (``seed`` fixes a capstone's deal when the step has none)."""
    if is_trick_lesson(lesson):
        return TienGowRun(lesson, seed)
    return LessonRun(lesson, seed)


def solve(run: Run) -> line.Move | tg.Move | Answer | None:
    """A right action for the current step, found through the rules core (None: nothing to do)."""
    if isinstance(run, TienGowRun):
        return solve_trick_step(run)
    return solve_step(run)


def solve_move(run: Run) -> bool:
    """Make the solver's move in a play or capstone step (going on after a capstone's pause); False: none to make."""
    if isinstance(run, TienGowRun):
        if run.paused:
            run.resume()
            return True
        trick = solve_trick_step(run)
        if not isinstance(trick, tg.Move):
            return False
        run.submit_move(trick)
        return True
    action = solve_step(run)
    if not isinstance(action, line.Move):
        return False
    run.submit_move(action)
    return True


def solve_until(run: Run, reached: Callable[[Run], bool]) -> Run:
    """Let the solver complete each step (every move of a capstone hand) and go on, until ``reached(run)``."""
    while not reached(run):
        if not run.done and not solve_move(run):
            answer = solve(run)
            if answer is not None:
                run.answer(answer)
        if run.done:
            run.next()
    return run
