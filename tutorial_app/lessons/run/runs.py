"""Starting any lesson, and the solver that plays its right actions.

Why here: the app, the statistics, the club's class and the tests start a
lesson of any game through ``start_run`` and let the solver act through
``solve`` / ``solve_move`` / ``solve_until``; the solver finds the right
action through the lesson's game (``lessons.games``), as the runner does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tutorial_app.lessons.format.capstone import MAX_MOVES
from tutorial_app.lessons.format.model import CapstoneStep, Lesson, PlayStep, QuizStep
from tutorial_app.lessons.run.core import RunError
from tutorial_app.lessons.run.runner import LessonRun

__all__ = ["Run", "start_run", "solve", "solve_move", "solve_until", "finish_step", "takes_move"]

Run = LessonRun
"""A lesson being run (one class for every game)."""


def start_run(lesson: Lesson, seed: int | None = None) -> Run:
    """A fresh run of any lesson at its first step (``seed`` fixes a capstone's deal when the step has none)."""
    return LessonRun(lesson, seed)


def takes_move(run: Run) -> bool:
    """Whether the current step is answered with a move (a play step, a capstone hand), not a quiz answer."""
    return isinstance(run.step, (PlayStep, CapstoneStep))


def solve(run: Run) -> Any | None:
    """A right action for the current step, found through the rules core: a move of the lesson's game where the
    step takes a move (``takes_move``), the quiz's answer, or None (nothing to do, or a capstone table waiting)."""
    step = run.step
    if run.done:
        return None
    if isinstance(step, PlayStep):
        assert run.scene is not None
        found = run.lessons.goal_moves(run.scene.state, step.goal)
        return found[0][0] if found else None
    if isinstance(step, QuizStep):
        return run.right_answer
    table = run.capstone
    if isinstance(step, CapstoneStep) and table is not None and not run.paused:
        return run.game.bot_move(table.state, "greedy", random.Random(0))
    return None


def solve_move(run: Run) -> bool:
    """Make the solver's move in a play or capstone step (going on after a capstone's pause); False: none to make."""
    if run.paused:
        run.resume()
        return True
    if not takes_move(run):
        return False
    move = solve(run)
    if move is None:
        return False
    run.submit_move(move)
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


def finish_step(run: Run) -> None:
    """Complete the current step with the solver's right actions (a capstone hand played out by a bot);
    ``RunError`` when the step has no right action or does not end."""
    for _ in range(MAX_MOVES):
        if run.done:
            return
        if not solve_move(run):
            answer = solve(run)
            if answer is None:
                raise RunError(f"step {run.index + 1} of {run.lesson.id} has no right action")
            run.answer(answer)
    raise RunError(f"step {run.index + 1} of {run.lesson.id} did not end")
