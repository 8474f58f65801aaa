"""Lessons as data: the YAML format, its validator, and the runner the app drives.

Data flows one way: ``rules`` <- ``lessons``. Nothing here imports Streamlit.
Four folders by job, each importing only those before it: ``format`` (the
model, the schema, what a step's parts mean), ``quiz`` (answers and worked
explanations), ``check`` (the validator), ``run`` (the runs, the solver,
the courses' figures). ``catalog`` finds the course files and loads them as
checked lessons; the names below are the ones the app, the command line and
the tests use. The bounded YAML/JSON reader is ``tutorial_app.source``.
"""

from __future__ import annotations

from tutorial_app.lessons.catalog import LessonError, course_names, lessons_root, load_course, load_lesson
from tutorial_app.lessons.check.validate import Issue, Report, check_paths
from tutorial_app.lessons.format.model import Lesson
from tutorial_app.lessons.run.runner import Feedback, LessonRun, RunError
from tutorial_app.lessons.run.runs import Run, finish_step, solve, solve_move, solve_until, start_run, takes_move

__all__ = [
    "Feedback",
    "Issue",
    "Lesson",
    "LessonError",
    "LessonRun",
    "Report",
    "Run",
    "RunError",
    "check_paths",
    "finish_step",
    "course_names",
    "lessons_root",
    "load_course",
    "load_lesson",
    "solve",
    "solve_move",
    "solve_until",
    "start_run",
    "takes_move",
]
