"""Every lesson file validates, and the core course keeps its promises."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial_app.lessons import lessons_root
from tutorial_app.lessons.model import CapstoneStep, Lesson, PlayStep, QuizStep, RememberStep
from tutorial_app.lessons.validate import check_file, check_paths, lesson_files

ROOT = lessons_root()
FILES = lesson_files([ROOT])
CORE = sorted((ROOT / "core").glob("*.yaml"))


def test_lessons_root_is_the_repository_folder() -> None:
    assert (ROOT / "core").is_dir()
    assert Path(__file__).resolve().parents[2] / "lessons" == ROOT


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_lesson_file_validates(path: Path) -> None:
    checked = check_file(path)
    assert [str(i) for i in checked.issues] == []
    assert checked.lesson is not None


def _core() -> list[Lesson]:
    report = check_paths([ROOT / "core"])
    assert report.issues == []
    return report.lessons


def test_core_course_has_the_ten_lessons_in_order() -> None:
    ids = [lesson.id for lesson in _core()]
    assert len(ids) >= 10
    assert ids[:10] == [
        "core-01-the-set",
        "core-02-placing-on-the-ends",
        "core-03-doubles-across",
        "core-04-passing",
        "core-05-drawing",
        "core-06-who-leads",
        "core-07-going-out",
        "core-08-the-fish",
        "core-09-capicu",
        "core-10-playing-a-match",
    ]


@pytest.mark.parametrize("lesson", _core(), ids=lambda lesson: lesson.id)
def test_core_lesson_is_interactive_and_ends_with_remember(lesson: Lesson) -> None:
    assert isinstance(lesson.steps[-1], RememberStep)
    if any(isinstance(s, CapstoneStep) for s in lesson.steps):
        return  # the capstone lesson is one whole hand against a bot
    interactive = [s for s in lesson.steps if isinstance(s, (PlayStep, QuizStep))]
    assert len(interactive) >= 5
    assert isinstance(lesson.steps[-1], RememberStep)
    positioned = [s for s in interactive if s.position is not None or s.from_previous]
    assert len(positioned) >= 5, "interactive steps play on real positions"


def test_core_texts_differ_between_languages() -> None:
    for lesson in _core():
        for step in lesson.steps:
            texts = [step.points[0]] if isinstance(step, RememberStep) else [step.text]
            for text in texts:
                assert text.en != text.ru, f"{lesson.id}: untranslated text {text.en!r}"


def test_report_summary_counts() -> None:
    report = check_paths([ROOT / "core"])
    lessons = report.lessons
    steps = sum(len(lesson.steps) for lesson in lessons)
    quizzes = sum(1 for lesson in lessons for s in lesson.steps if isinstance(s, QuizStep))
    assert report.summary().startswith(f"{len(lessons)} lessons, {steps} steps, ")
    assert f"{quizzes} quizzes: all valid" in report.summary()
    assert len(CORE) == len(lessons)


def test_the_core_course_ends_with_its_capstone() -> None:
    last = _core()[-1]
    capstones = [s for s in last.steps if isinstance(s, CapstoneStep)]
    assert len(capstones) == 1 and capstones[0].badge.en and capstones[0].badge.ru
