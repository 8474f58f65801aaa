"""Where the course files are, and loading them as checked lessons.

Why two places: the courses live in ``lessons/`` at the top of the
repository, beside ``tutorial_app/``, which is where a source checkout (and
an editable install) reads them; a built wheel carries them as package data
in ``tutorial_app/courses/`` (pyproject maps ``lessons/`` there), so ``pip
install .``, a wheel and pipx have every course. ``DOMINO_TUTOR_LESSONS``
points elsewhere when set.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from tutorial_app.lessons.check.semantics import PROOFS
from tutorial_app.lessons.check.validate import Issue, Report, check_file, check_paths
from tutorial_app.lessons.format.courses import course_rank
from tutorial_app.lessons.format.model import Lesson

__all__ = ["LessonError", "lessons_root", "lesson_ids", "load_lesson", "load_course", "course_names"]


class LessonError(ValueError):
    """A lesson file with problems; ``issues`` lists them all (file:line:column: message)."""

    def __init__(self, issues: list[Issue]) -> None:
        super().__init__("\n".join(str(i) for i in issues))
        self.issues = issues


PACKAGED = Path(__file__).resolve().parent.parent / "courses"
CHECKOUT = Path(__file__).resolve().parent.parent.parent / "lessons"


def lessons_root() -> Path:
    """The folder of course folders: the environment's choice, else the package's courses, else ``lessons/``."""
    override = os.environ.get("DOMINO_TUTOR_LESSONS")
    if override:
        return Path(override)
    if any(PACKAGED.glob("*/*.yaml")):
        return PACKAGED
    return CHECKOUT


def course_names(root: Path | None = None) -> list[str]:
    """The course folders in the curated order (``courses.COURSES``: core, then the variants), others after."""
    base = root or lessons_root()
    names = [p.name for p in base.iterdir() if p.is_dir() and any(p.glob("*.yaml"))] if base.is_dir() else []
    return sorted(names, key=course_rank)


def lesson_ids(root: Path | None = None) -> frozenset[str]:
    """The id of every lesson in the courses (a lesson's id is its file's name, as the validator checks)."""
    base = root or lessons_root()
    return frozenset(path.stem for name in course_names(base) for path in (base / name).glob("*.yaml"))


def load_lesson(path: Path) -> Lesson:
    """One checked lesson; raises LessonError with every problem found."""
    checked = check_file(path)
    if checked.lesson is None:
        raise LessonError(checked.issues)
    return checked.lesson


def load_course(name: str = "core", root: Path | None = None, *, proofs: bool = True) -> list[Lesson]:
    """The checked lessons of a course in file order; raises LessonError if any has a problem.

    ``proofs=False`` leaves out the strategy proofs (``semantics.PROOFS``): for pages serving the shipped
    courses, which ``lessons validate`` proved.

    A course is checked once per process while its files stay as they are: the check is remembered with
    every lesson file's size and modification time under ``root`` (a change anywhere there checks it again).
    Why: the Learn page, the club's lesson list and the tests each load the courses (all of them: ~5 s of
    CPU, the strategy course's best-move answers being analyses), and a server with both pages loaded them
    twice."""
    base = root or lessons_root()
    folder = base / name
    if not folder.is_dir():
        raise LessonError([Issue(str(folder), 1, 1, f"no course folder {name!r}")])
    report = _checked(folder, proofs, _stamp(base))
    if report.issues:
        raise LessonError(report.issues)
    return list(report.lessons)


def _stamp(root: Path) -> tuple[tuple[str, int, int], ...]:
    """Every lesson file under ``root`` with its size and modification time (nanoseconds)."""
    found = []
    for path in sorted(root.glob("*/*.yaml")):
        stat = path.stat()
        found.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(found)


@lru_cache(maxsize=32)
def _checked(folder: Path, proofs: bool, stamp: tuple[tuple[str, int, int], ...]) -> Report:
    """The check of one course folder (``stamp``: its files as they were; only the cache's key)."""
    token = PROOFS.set(proofs)
    try:
        return check_paths([folder])
    finally:
        PROOFS.reset(token)
