"""A class in headless Chromium: a teacher's screen and three phones follow a lesson; the tally is right.

Every answer a phone gives, and whether it is right, is computed by the
rules core (``solve``, ``judge``, ``key_label``), never typed here; the
teacher's chart must show exactly those counts. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import CUT_LABELS, POLL_MS, click_button
from club_helpers import (
    TALLY,
    catch_up,
    failure_screens,
    join_room,
    lag,
    laggable,
    main_button,
    phone,
    press,
    start_class,
    tally,
    wait_text,
)
from servers import Server

from tutorial_app.club.class_steps import judge, key_label, run_at, task_of
from tutorial_app.i18n import t
from tutorial_app.lessons import load_course, solve
from tutorial_app.lessons.format.model import Lesson
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action, Move

pytestmark = pytest.mark.browser

LESSON = "core-02-placing-on-the-ends"
STEPS = 5  # two quizzes with choices, a typed number, a reading step and a move on the board
LEARNERS = (("Anna", "en", True), ("Борис", "ru", False), ("<b>Vera</b>", "en", True))
"""Name, language of the phone, and whether the learner gives the right answer."""


def _lesson() -> Lesson:
    return next(lesson for lesson in load_course("core") if lesson.id == LESSON)


def _wrong(lesson: Lesson, index: int, right: object) -> object:
    """An answer the rules core judges wrong (a legal move that misses the goal, another choice, a number off)."""
    run = run_at(lesson, index, 0)
    if isinstance(right, Move):
        assert run.state is not None
        return next(
            m for m in legal_moves(run.state) if m.action is Action.PLAY and not judge(lesson, index, 0, m).correct
        )
    choices = run.choices("en")
    if choices is not None:
        return next(value for value, _label in choices if value != right)
    assert isinstance(right, int)
    return right + 1


def _answer(page: Any, lesson: Lesson, index: int, action: object, lang: str) -> None:
    """Give an answer on a phone the way a learner does: a choice, a typed number, or a tile and its end."""
    run = run_at(lesson, index, 0)
    if isinstance(action, Move):
        assert action.tile is not None and action.end is not None and run.state is not None
        click_button(page, str(action.tile))
        number = dict(run.state.table.open_ends())[action.end]
        click_button(page, t("controls.end_button", lang, end=t(f"end.{action.end}", lang), n=number))
        return
    choices = run.choices(lang)
    if choices is not None:
        click_button(page, next(label for value, label in choices if value == action))
        return
    field = page.get_by_test_id("stMainBlockContainer").get_by_label(t("learn.your_answer", lang), exact=True)
    field.fill(str(action))
    field.press("Enter")
    click_button(page, t("learn.answer", lang))


def test_three_phones_across_two_instances_follow_a_lesson_and_the_tally_is_right(
    browser: Any, two_instances: Server, artifacts: Path
) -> None:
    """The teacher on one app instance, the three phones spread over both, one PostgreSQL database behind them,
    through the lesson's first five steps (two quizzes with choices, a typed number, a reading step and a move
    on the board). Proved: every phone (English and Russian) joins with the code and follows each step; each
    answer, given as a learner gives it, is said to be sent on its phone; the teacher's chart counts exactly
    the answers the rules core judges, the right one in green once shown; the wall's larger print cuts no
    label; each phone is told right or wrong, a wrong one the right answer; a learner who joins late (after
    the fourth step was shown) lands on the step on the wall and follows the next one; the end of the class
    reaches every phone. Every join, answer, reveal and step crosses the instances.

    One flow for what were two, the same class on the worker's SQLite server (five steps) and on the two
    instances (one step): the pages are the same on either database. The club in a browser on SQLite is
    still gone through by test_club_roles and test_languages' club class (the worker's app server), the
    SQLite store's classes and tables by tests/club/test_club_store.py."""
    _follow_a_lesson(browser, two_instances.urls, artifacts, "club_class", steps=STEPS, late_at=3)


def _follow_a_lesson(browser: Any, urls: tuple[str, ...], artifacts: Path, tag: str, steps: int, late_at: int) -> None:
    """The class of ``LESSON`` through its first ``steps`` steps, a late learner joining after the step
    ``late_at`` was revealed; the teacher then ends the class."""
    lesson = _lesson()
    teacher_context = laggable(browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US"))
    teacher = teacher_context.new_page()
    phones = [phone(browser, "ru-RU" if lang == "ru" else "en-US") for _name, lang, _right in LEARNERS]
    late: tuple[Any, Any] | None = None
    try:
        code = start_class(teacher, urls[0], lesson.id)
        for number, ((_context, page), (name, lang, _right)) in enumerate(zip(phones, LEARNERS, strict=True)):
            join_room(page, urls[(number + 1) % len(urls)], code, name, lang)
        wait_text(teacher, "0 / 3")
        teacher.screenshot(path=str(artifacts / f"{tag}_teacher_joined.png"))
        for index in range(steps):
            run = run_at(lesson, index, 0)
            step_of = f"Step {index + 1} of {len(lesson.steps)}"
            for (_context, page), (_name, lang, _right) in zip(phones, LEARNERS, strict=True):
                wait_text(page, t("learn.step_of", lang, n=index + 1, total=len(lesson.steps)))
            if task_of(run) == "read":
                press(teacher, "Next step ▶", f"Step {index + 2} of {len(lesson.steps)}")
                continue
            right = solve(run)
            assert right is not None
            given: Counter[str] = Counter()
            keys: list[str] = []
            # a screen that has nothing to show until the answers are in is held back meanwhile (the teacher's,
            # each phone once it said its answer was sent): every answer changes the room, and each screen that
            # follows it draws the whole page again (CPU); a held screen catches up at once when let go
            lag(teacher)
            for (_context, page), (_name, lang, is_right) in zip(phones, LEARNERS, strict=True):
                action = right if is_right else _wrong(lesson, index, right)
                judged = judge(lesson, index, 0, action)
                assert judged.key is not None and judged.correct is is_right
                given[key_label(judged.key, run, "en")] += 1
                keys.append(judged.key)
                _answer(page, lesson, index, action, lang)
                wait_text(page, t("club.sent", lang, answer=key_label(judged.key, run, lang)))
                lag(page)
            catch_up(teacher)
            wait_text(teacher, f"3 / {3 if late is None else 4}")
            teacher.wait_for_function(
                f"() => {{ const t = ({TALLY})(); return t && t.reduce((a, b) => a + b[1], 0) === 3; }}",
                polling=POLL_MS,
            )
            drawn = tally(teacher)
            assert drawn is not None
            assert {label: n for label, n, _colour in drawn if n} == dict(given), (step_of, drawn)
            if index == 0:
                teacher.screenshot(path=str(artifacts / f"{tag}_teacher_tally.png"))
                assert teacher.evaluate(CUT_LABELS) == []  # the wall's larger print once cut the toggle's label
            press(teacher, "Show the answer", "2 of 3 answered right.")
            for _context, page in phones:
                catch_up(page)
            revealed = tally(teacher)
            assert revealed is not None
            right_label = key_label(judge(lesson, index, 0, right).key or "", run, "en")
            assert {label for label, _n, colour in revealed if colour == "#009E73"} >= {right_label}
            for (_context, page), (_name, lang, is_right), key in zip(phones, LEARNERS, keys, strict=True):
                said = key_label(key, run, lang)
                wait_text(page, t("club.you_right" if is_right else "club.you_wrong", lang, answer=said))
                if not is_right:
                    wait_text(page, t("learn.answer_is", lang, answer="").strip())
            if index == 0:
                teacher.screenshot(path=str(artifacts / f"{tag}_teacher_revealed.png"))
                for number, (_context, page) in enumerate(phones):
                    page.screenshot(path=str(artifacts / f"{tag}_phone{number}_revealed.png"))
            if task_of(run) == "move":  # the boards: the wall's, and a phone's with tiles as large as a lesson's
                teacher.screenshot(path=str(artifacts / f"{tag}_teacher_move.png"))
                phones[0][1].screenshot(path=str(artifacts / f"{tag}_phone0_move.png"), full_page=True)
            if index == late_at:  # a learner who joins late lands on the step on the wall
                late = phone(browser)
                join_room(late[1], urls[-1], code, "Gleb (late)")
                wait_text(late[1], step_of)
            press(teacher, "Next step ▶", f"Step {index + 2} of {len(lesson.steps)}")
        assert late is not None
        wait_text(late[1], f"Step {steps + 1} of {len(lesson.steps)}")
        main_button(teacher, "End the class").click()
        wait_text(teacher, "The class is over")
        for (_context, page), (_name, lang, _right) in zip(phones, LEARNERS, strict=True):
            wait_text(page, t("club.class_over", lang))
        teacher.screenshot(path=str(artifacts / f"{tag}_over.png"))
    except Exception:
        failure_screens([teacher, *(page for _c, page in phones)], artifacts, tag)
        raise
    finally:
        for context, _page in [*phones, *([late] if late else [])]:
            context.close()
        teacher_context.close()
