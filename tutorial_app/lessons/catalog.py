"""Where the course files are, and loading them as checked lessons.

Why two places: the courses live in ``lessons/`` at the top of the
repository, beside ``tutorial_app/``, which is where a source checkout (and
an editable install) reads them; a built wheel carries them as package data
in ``tutorial_app/courses/`` (pyproject maps ``lessons/`` there), so ``pip
install .``, a wheel and pipx have every course. ``DOMINO_TUTOR_LESSONS``
points elsewhere when set.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from tutorial_app.cache import cache_folder
from tutorial_app.lessons.check.semantics import PROOFS
from tutorial_app.lessons.check.validate import Issue, check_file, check_paths
from tutorial_app.lessons.format.courses import course_rank
from tutorial_app.lessons.format.model import Lesson
from tutorial_app.rules.text import msg, shown

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
    Why: the Learn page, the club's lesson list and the tests each load the courses (all of them: ~5.5 s of
    CPU, the strategy course's best-move answers being analyses), and a server with both pages loaded them
    twice. Without the proofs, the courses of ``lessons_root()`` that check clean are also kept on disk for
    the next process (``KEPT``)."""
    base = root or lessons_root()
    folder = base / name
    if not folder.is_dir():
        raise LessonError([Issue(str(folder), 1, 1, msg("no course folder {name}", name=shown(name)))])
    lessons, issues = _checked(folder, proofs, _stamp(base))
    if issues:
        raise LessonError(list(issues))
    return list(lessons)


def _stamp(root: Path) -> tuple[tuple[str, int, int], ...]:
    """Every file under ``root`` with its size and modification time (nanoseconds)."""
    found = []
    for path in sorted(root.rglob("*")):
        if path.is_file():
            stat = path.stat()
            found.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(found)


@lru_cache(maxsize=32)
def _checked(
    folder: Path, proofs: bool, stamp: tuple[tuple[str, int, int], ...]
) -> tuple[tuple[Lesson, ...], tuple[Issue, ...]]:
    """The check of one course folder: its lessons and its problems (``stamp``: the files as they were; only
    the cache's key)."""
    kept = None if proofs or folder.parent != lessons_root() else _kept_file(folder, stamp)
    if kept is not None:
        found = _read_kept(kept)
        if found is not None:
            return found, ()
    token = PROOFS.set(proofs)
    try:
        report = check_paths([folder])
    finally:
        PROOFS.reset(token)
    if kept is not None and not report.issues:
        _keep(kept, report.lessons)
    return tuple(report.lessons), tuple(report.issues)


KEPT = 16
"""Courses checked without the proofs kept on disk, in ``domino-tutor/lessons`` of the user's cache folder
(``XDG_CACHE_HOME``, else ``~/.cache``; the temporary folder where neither can be written): the newest 16.

Why: a fresh app server checked every course on its first Learn page, ~5.5 s of CPU (the strategy course's
best-move answers are analyses), and the test suite starts several servers. A kept course is read again only
by a process with the very same inputs: the file's name is a hash of every file under the course's folder
and ``lessons_root()`` (their bytes), every Python file of ``tutorial_app`` (their bytes), Python's and
pydantic's and PyYAML's versions, and the folder's path. It holds the lessons as JSON (read back by the
schema, never as code); an unreadable one is checked again."""


@lru_cache(maxsize=1)
def _code_digest() -> str:
    """What the check runs: every Python file of the package, Python's and the parsing libraries' versions."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent.parent
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode())
        digest.update(path.read_bytes())
    for library in ("pydantic", "pyyaml"):
        digest.update(f"{library} {metadata.version(library)}".encode())
    digest.update(sys.version.encode())
    return digest.hexdigest()


@lru_cache(maxsize=4)
def _inputs_digest(root: Path, stamp: tuple[tuple[str, int, int], ...]) -> str:
    """The code's digest and every file under ``root`` (their bytes; ``stamp``: the files as they were, so the
    nine courses of one load hash them once)."""
    digest = hashlib.sha256(_code_digest().encode())
    for name, _size, _mtime in stamp:
        path = Path(name)
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _kept_file(folder: Path, stamp: tuple[tuple[str, int, int], ...]) -> Path | None:
    """Where the course in ``folder`` is kept once checked (its name says every input), or None if no
    folder can be written."""
    digest = hashlib.sha256(_inputs_digest(folder.parent, stamp).encode())
    digest.update(str(folder.resolve()).encode())
    name = f"{folder.name}-{digest.hexdigest()[:32]}.json"
    kept = cache_folder("lessons")
    return None if kept is None else kept / name


def _read_kept(path: Path) -> tuple[Lesson, ...] | None:
    """The lessons kept in ``path``; None if there are none or they do not read as lessons."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return tuple(Lesson.model_validate(item) for item in data["lessons"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _keep(path: Path, lessons: list[Lesson]) -> None:
    """Write the checked lessons (under another name, then renamed: processes starting at once agree), and
    remove all but the newest ``KEPT`` files beside them. A folder that cannot be written keeps nothing."""
    data = {"lessons": [lesson.model_dump(mode="json", by_alias=True, exclude_unset=True) for lesson in lessons]}
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        partial.write_text(json.dumps(data), encoding="utf-8")
        os.replace(partial, path)
        old = sorted(path.parent.glob("*.json"), key=lambda p: p.stat().st_mtime_ns, reverse=True)[KEPT:]
        for stale in old:
            stale.unlink(missing_ok=True)
    except OSError:
        partial.unlink(missing_ok=True)
