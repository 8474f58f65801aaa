"""Every lesson file validates, and the core course keeps its promises."""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import pytest
import yaml

from tutorial_app.lessons import LessonError, catalog, lessons_root, load_course, start_run
from tutorial_app.lessons.check.validate import Report, check_paths, lesson_files
from tutorial_app.lessons.format.capstone import capstone_seeds, capstone_table
from tutorial_app.lessons.format.model import (
    CapstoneStep,
    ExplainStep,
    Lesson,
    PlayStep,
    PositionSpec,
    QuizStep,
    RememberStep,
)
from tutorial_app.lessons.quiz.strategy import learner_analysis
from tutorial_app.lessons.run.stats import lesson_stats
from tutorial_app.strategy.bot_table import PERSON, open_table

ROOT = lessons_root()
FILES = lesson_files([ROOT])
CORE = sorted((ROOT / "core").glob("*.yaml"))


def test_lessons_root_is_the_repository_folder() -> None:
    assert (ROOT / "core").is_dir()
    assert Path(__file__).resolve().parents[2] / "lessons" == ROOT


def test_every_lesson_file_validates(lessons_report: Report) -> None:
    """Every shipped lesson file, read from the run's one check of them all, proofs included
    (``lessons_report``; each file checked again here cost ~5 s of CPU)."""
    assert [str(i) for i in lessons_report.issues] == []
    assert [Path(c.file) for c in lessons_report.files] == FILES
    assert all(c.lesson is not None for c in lessons_report.files)


@cache
def _core() -> list[Lesson]:
    """The core course checked, once per process (~0.7 s of CPU; six tests and a parametrization read it)."""
    report = check_paths([ROOT / "core"])
    assert report.issues == []
    return report.lessons


def test_a_review_question_does_not_say_again_that_it_is_a_review() -> None:
    """The page heads a review question with "Review: a question from an earlier lesson" (``learn.review``); a
    text that opened with "From the last lesson." said it twice."""
    from tutorial_app.i18n import t
    from tutorial_app.lessons.format.model import QuizStep

    openings = re.compile(r"^(From the last lesson|Из прошлого урока|З минулого уроку|De la lección anterior)\b")
    for course in catalog.course_names():
        for lesson in load_course(course):
            for step in lesson.steps:
                if isinstance(step, QuizStep) and step.review is not None:
                    for lang in ("en", "ru", "uk", "es"):
                        assert not openings.match(step.text.in_(lang)), (lesson.id, lang)
    assert t("learn.review", "es").startswith("Repaso")


def test_core_course_has_its_lessons_in_order() -> None:
    ids = [lesson.id for lesson in _core()]
    # core-01 … core-05 keep their ids: other courses' review quizzes name them
    assert ids == [
        "core-01-the-set",
        "core-02-placing-on-the-ends",
        "core-03-doubles-across",
        "core-04-passing",
        "core-05-drawing",
        "core-06-who-leads",
        "core-07-taking-turns",
        "core-08-the-chain-bends",
        "core-09-going-out",
        "core-10-scoring-a-hand",
        "core-11-the-fish",
        "core-12-who-wins-a-fish",
        "core-13-playing-a-match",
        "core-14-first-tactics",
        "core-15-a-whole-hand",
    ]


def _positions(lesson: Lesson) -> list[PositionSpec]:
    return [s.position for s in lesson.steps if isinstance(s, (ExplainStep, PlayStep, QuizStep)) and s.position]


def test_core_course_teaches_the_common_core_only() -> None:
    """The core course plays the block and draw games; every variant's own rules live in its course."""
    for lesson in _core():
        assert lesson.rules in ("block", "draw"), lesson.id
        for position in _positions(lesson):
            assert position.rules in (None, "block", "draw"), (lesson.id, position.rules)
            assert set(position.overrides or {}) <= {"teams", "target"}, (lesson.id, position.overrides)


def test_core_course_meets_the_teaching_targets() -> None:
    """Issue 9's targets within the core course: review openers, few forced plays, what goes wrong, hints."""
    figures = lesson_stats(check_paths([ROOT / "core"]))
    later = [f for f in figures if not f.first_in_course]
    assert later and all(f.opening_reviews >= 2 for f in later)
    plays = sum(f.play_steps for f in figures)
    assert sum(f.forced_play_steps for f in figures) <= 0.4 * plays
    assert all(f.wrong_replies for f in figures if f.play_steps)
    assert sum(f.hints_giving_the_move for f in figures) == 0
    assert [f.capstone for f in figures] == [False] * (len(figures) - 1) + [True]


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
    """The summary's figures, counted here from the YAML files themselves (not from the report it checks)."""
    documents = [yaml.safe_load(path.read_text(encoding="utf-8")) for path in CORE]
    steps = [step for document in documents for step in document["steps"]]
    plays = sum(1 for step in steps if step["kind"] == "play")
    quizzes = sum(1 for step in steps if step["kind"] == "quiz")
    expected = f"{len(CORE)} lessons, {len(steps)} steps, {plays} play steps, {quizzes} quizzes: all valid"
    assert check_paths([ROOT / "core"]).summary() == expected


def test_the_core_course_ends_with_its_capstone() -> None:
    last = _core()[-1]
    capstones = [s for s in last.steps if isinstance(s, CapstoneStep)]
    assert len(capstones) == 1 and capstones[0].badge.en and capstones[0].badge.ru


def _write_a_wrong_answer(source: Path, course: Path) -> str:
    """Copy the first lesson of ``source`` (a course folder) that has a numeric ``answer:`` into ``course``, that
    answer raised by one; the right answer, as the refusal names it."""
    lesson, number = next(
        (path, found[1])
        for path in sorted(source.glob("*.yaml"))
        if (found := re.search(r"^    answer: (\d+)$", path.read_text(encoding="utf-8"), re.MULTILINE))
    )
    wrong = lesson.read_text(encoding="utf-8").replace(f"    answer: {number}\n", f"    answer: {int(number) + 1}\n", 1)
    (course / lesson.name).write_text(wrong, encoding="utf-8")
    return number


def _count_checks(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every course check ``load_course`` runs from now on (``check_paths`` wrapped), in order."""
    checks: list[object] = []

    def counting(paths: list[Path]) -> Report:
        checks.append(paths)
        return check_paths(paths)

    monkeypatch.setattr(catalog, "check_paths", counting)
    return checks


def test_pages_load_courses_without_the_strategy_proofs_but_with_every_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``load_course(proofs=False)`` (the pages' load) skips the playout and exact-play proofs only: the line
    pass never asks for the margin and exact-play checks of a best move (each quiz's answer is still the
    engine's analysis, which the learner's answer needs anyway), and an answer the rules core contradicts is
    still refused."""
    import tutorial_app.lessons.check.line as line_pass  # the line game's pass asks for the analysis

    analysed: list[object] = []
    real = learner_analysis

    def counting(*args: object) -> object:
        analysed.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(line_pass, "learner_analysis", counting)
    assert load_course("strategy", proofs=False)
    assert analysed == []
    course = tmp_path / "core"
    course.mkdir()
    number = _write_a_wrong_answer(lessons_root() / "core", course)
    with pytest.raises(LessonError, match=f"the rules core answers {number}"):
        load_course("core", root=tmp_path, proofs=False)


def test_a_course_is_checked_once_until_one_of_its_files_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``load_course`` checks a course once per process while its files stay as they are (the Learn page, the
    club's lesson list and the tests each load the courses); an edited file is checked again, so a wrong answer
    written into it is refused as at the first load."""
    shutil.copytree(ROOT / "core", tmp_path / "core")
    checks = _count_checks(monkeypatch)
    first = load_course("core", root=tmp_path, proofs=False)
    again = load_course("core", root=tmp_path, proofs=False)
    assert again == first and again is not first and len(checks) == 1
    load_course("core", root=tmp_path)  # with the proofs: another check
    assert len(checks) == 2
    number = _write_a_wrong_answer(tmp_path / "core", tmp_path / "core")
    with pytest.raises(LessonError, match=f"the rules core answers {number}"):
        load_course("core", root=tmp_path, proofs=False)
    assert len(checks) == 3


def test_a_checked_course_is_kept_on_disk_for_the_next_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the proofs, a course of ``lessons_root()`` that checks clean is kept in the user's cache folder:
    the next process (here: the in-process memory emptied) reads the same lessons instead of checking them
    again. An edited file, a file that does not read as lessons, or the proofs asked for: checked again."""
    root = tmp_path / "lessons"
    shutil.copytree(ROOT / "core", root / "core")
    monkeypatch.setenv("DOMINO_TUTOR_LESSONS", str(root))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    checks = _count_checks(monkeypatch)

    def next_process() -> list[Lesson]:
        catalog._checked.cache_clear()
        return load_course("core", proofs=False)

    first = next_process()
    kept = list((tmp_path / "cache" / "domino-tutor" / "lessons").glob("core-*.json"))
    assert len(checks) == 1 and len(kept) == 1
    assert next_process() == first and len(checks) == 1
    catalog._checked.cache_clear()
    load_course("core")  # the proofs: always checked
    assert len(checks) == 2
    kept[0].write_text('{"lessons": [{"id": "not a lesson"}]}', encoding="utf-8")
    assert next_process() == first and len(checks) == 3
    number = _write_a_wrong_answer(root / "core", root / "core")
    with pytest.raises(LessonError, match=f"the rules core answers {number}"):
        next_process()
    assert len(checks) == 4
    catalog._checked.cache_clear()


def test_a_capstone_deal_over_before_the_learners_first_turn_is_dealt_again() -> None:
    """Deal ``capstone/84`` of the core capstone (two-player block) is blocked while the learner could only
    pass; the capstone's table deals the seed's next hand instead, and waits for the learner's first move."""
    last = load_course("core")[-1]
    step = next(s for s in last.steps if isinstance(s, CapstoneStep))
    run = start_run(last, seed=0)
    bot = run.lessons.capstone_bot(step.bot) or "greedy"
    seats = tuple(PERSON if seat == run.viewer else bot for seat in range(run.game.players(run.rules)))
    assert open_table(run.game, run.rules, seats, capstone_seeds(84), viewer=run.viewer).hand_over
    table = capstone_table(run.game, run.rules, run.viewer, bot, 84)
    assert not table.hand_over and table.state.to_move == run.viewer
