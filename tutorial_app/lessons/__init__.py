"""Lessons as data: the YAML format, its validator, and the runner the app drives.

Data flows one way: ``rules`` <- ``lessons``. Nothing here imports Streamlit.
"""

from __future__ import annotations

from tutorial_app.lessons.catalog import LessonError, course_names, lessons_root, load_course, load_lesson
from tutorial_app.lessons.model import Lesson
from tutorial_app.lessons.runner import Feedback, LessonRun, RunError, solve_step
from tutorial_app.lessons.runs import Run, solve, solve_move, start_run
from tutorial_app.lessons.tien_gow_run import TienGowRun
from tutorial_app.lessons.validate import Issue, Report, check_paths

__all__ = [
    "Feedback",
    "Issue",
    "Lesson",
    "LessonError",
    "LessonRun",
    "Report",
    "Run",
    "RunError",
    "TienGowRun",
    "check_paths",
    "course_names",
    "lessons_root",
    "load_course",
    "load_lesson",
    "solve",
    "solve_move",
    "solve_step",
    "start_run",
]
