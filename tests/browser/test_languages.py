"""Ukrainian and Spanish in headless Chromium: a lesson, a hand on Play with a hint, the Rules page, a club class.

Issue 22's browser check. Each language walks the same four pages: Ukrainian on a phone, Spanish on a laptop
(both layouts, without doubling the cost). Buttons are found by their labels in the language (``t``), the
lesson by its own ``uk``/``es`` texts, the glossary by ``lessons/glossary.yaml``; the right answers and moves
come from the rules core (``solve``), never from the test.

What "reads in the language" means is one check, ``foreign``, used on every region: none of the game's
English words (the glossary's, as whole words) nor English's little words are left, and the text is
written in the language's letters (Ukrainian: і ї є ґ, none of ы э ъ ё; Spanish: no Cyrillic, and Spanish
words). Every finding is gathered and reported at the end of the test, so one run names every sentence
that is still English. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    CUT_LABELS,
    PAGE_TEXT,
    POLL_MS,
    SETTLED,
    click_button,
    open_app,
    play_line_move,
    point_gone,
    type_deal_number,
    wait_point,
)
from club_helpers import PHONE, failure_screens, join_room, page_text, start_class, wait_text
from servers import Server

from tutorial_app.app.play.seat_bots import DEFAULT_LEVEL
from tutorial_app.app.play.table import HUMAN, PlayTable, start_table
from tutorial_app.club.class_steps import judge, key_label, run_at
from tutorial_app.i18n import t
from tutorial_app.lessons import LessonRun, load_course, solve
from tutorial_app.lessons.check.vocabulary import glossary, load_glossary
from tutorial_app.lessons.format.model import Lesson
from tutorial_app.lessons.run.core import RIGHT
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.strategy.analysis import candidate_moves
from tutorial_app.strategy.explain import move_name

pytestmark = pytest.mark.browser

DESKTOP: dict[str, Any] = {"viewport": {"width": 1400, "height": 1000}}
SCREENS: dict[str, dict[str, Any]] = {"uk": PHONE, "es": DESKTOP}
"""Ukrainian on a phone (the buttons under the board), Spanish on a laptop (clicks on the board)."""
LOCALES = {"uk": "uk-UA", "es": "es-ES"}
LESSON = ("core", "core-14-first-tactics")
"""A short lesson (7 steps) with every kind of step: two quizzes, a text, three moves on the board, a summary."""

# -- reads in the language ------------------------------------------------------------------------------------

ENGLISH_LITTLE_WORDS = ("the", "and", "your", "you", "with", "is", "of", "this", "what")
"""English words no Ukrainian or Spanish sentence has: an English sentence left on the page shows one of these."""
SPANISH_LITTLE_WORDS = ("el", "la", "los", "las", "del", "de", "que", "con", "para", "por", "una", "un", "tu", "y")
UKRAINIAN_LETTERS = re.compile(r"[іїєґІЇЄҐ]")
RUSSIAN_LETTERS = re.compile(r"[ыэъёЫЭЪЁ]")
CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def _words(words: Iterator[str] | tuple[str, ...]) -> re.Pattern[str]:
    """Whole words or phrases (an English plural -s/-es allowed), ignoring case."""
    alternatives = "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?:e?s)?(?![\w-])", re.IGNORECASE)


@cache
def english_words(lang: str) -> re.Pattern[str]:
    """The game's English words (every glossary term's ``en``) and English's little words, except those the
    language writes the same way (es: spinner, Muggins, Tien Gow, All Fives)."""
    kept = []
    for term in load_glossary().terms:
        own = f"{term.word(lang)} {term.also.in_(lang)}"
        if not _words((term.en,)).search(own):
            kept.append(term.en)
    return _words((*kept, *ENGLISH_LITTLE_WORDS))


def foreign(text: str, lang: str) -> list[str]:
    """What in ``text`` (a region's visible text, meant to be in ``lang``: uk or es) is not in that language:
    one finding per line, naming the words that do not belong and the line. Empty: it reads in the language."""
    if lang == "uk":
        wrong_letters, letters, missing = RUSSIAN_LETTERS, UKRAINIAN_LETTERS, "no Ukrainian letter (і ї є ґ)"
    elif lang == "es":
        wrong_letters, letters, missing = CYRILLIC, _words(SPANISH_LITTLE_WORDS), "no Spanish word"
    else:
        raise ValueError(f"the check knows uk and es, not {lang!r}")
    found = []
    for line in (line.strip() for line in text.splitlines()):
        english = [m.group(0) for m in english_words(lang).finditer(line)]
        alien = [m.group(0) for m in wrong_letters.finditer(line)]
        if english:
            found.append(f"English {', '.join(dict.fromkeys(english))} in: {line}")
        if alien:
            found.append(f"{'Russian letters' if lang == 'uk' else 'Cyrillic'} {''.join(alien)} in: {line}")
    if not letters.search(text):
        found.append(f"{missing} at all in: {text[:200]!r}")
    return found


def test_the_check_catches_english_russian_and_missing_letters() -> None:
    """The check itself, on texts whose answer is plain: it must be able to fail."""
    assert foreign("Ви пасуєте: жодна кістка не підходить.", "uk") == []
    assert foreign("Pasas: ninguna ficha encaja en la cadena.", "es") == []
    assert any("English boneyard in" in f for f in foreign("Візьміть кістку з boneyard.", "uk"))
    assert any("English tiles in" in f for f in foreign("Tienes dos tiles en la mano.", "es"))
    assert any("Russian" in f for f in foreign("Ви пасуєте, это рыба.", "uk"))
    assert any("no Ukrainian letter" in f for f in foreign("Дубль 6-6", "uk"))
    assert any("Cyrillic" in f for f in foreign("La ficha кость", "es"))
    assert foreign("La ficha: play the 6-4 now.", "es") == ["English the in: La ficha: play the 6-4 now."]
    assert foreign("El spinner y Muggins en All Fives.", "es") == []  # the Spanish words are these
    assert any("English spinner in" in f for f in foreign("Це spinner, і він відкритий.", "uk"))


@dataclass
class Reader:
    """Reads regions of the pages in one language and keeps every finding (the test fails at its end, naming
    them all: one run lists every sentence still in English)."""

    lang: str
    findings: list[str] = field(default_factory=list)

    def read(self, text: str, where: str) -> None:
        self.findings += [f"{where}: {finding}" for finding in foreign(text, self.lang)]

    def engine(self, english: str, said: str, where: str) -> None:
        """An engine sentence the page shows (``said``): it must not be the English one."""
        if said == english:
            self.findings.append(f"{where}: the engine's sentence is still English: {english!r}")

    def verdict(self) -> None:
        assert not self.findings, f"not in {self.lang}:\n" + "\n".join(dict.fromkeys(self.findings))


@dataclass
class Screen:
    lang: str
    page: Any
    phone: bool
    reader: Reader
    artifacts: Path

    def shot(self, name: str, full_page: bool = True) -> None:
        self.page.screenshot(path=str(self.artifacts / f"lang_{self.lang}_{name}.png"), full_page=full_page)

    def main_text(self) -> str:
        return str(self.page.evaluate(PAGE_TEXT))


@pytest.fixture(params=["uk", "es"], ids=["phone-uk", "laptop-es"])
def screen(request: pytest.FixtureRequest, screen_page: Any, artifacts: Path) -> Iterator[Screen]:
    """A page of the language's screen (a phone for uk, a laptop for es), as new as a fresh context for the app, on
    the worker's app server."""
    lang = str(request.param)
    page = screen_page(locale=LOCALES[lang], **SCREENS[lang])
    page.set_default_navigation_timeout(90_000)
    try:
        yield Screen(lang, page, SCREENS[lang] is PHONE, Reader(lang), artifacts)
    finally:
        page.set_default_navigation_timeout(30_000)  # Playwright's default again, for the page's next test


# -- moves, the way a learner makes them ----------------------------------------------------------------------


def play_move(screen: Screen, state: HandState, move: Move) -> None:
    """A move on the board: on a laptop by clicking the tile and its end, on a phone by the buttons under it."""
    play_line_move(screen.page, state, move, screen.lang, screen.phone)


# -- the four pages -------------------------------------------------------------------------------------------


def _lesson() -> Lesson:
    course, lesson_id = LESSON
    return next(lesson for lesson in load_course(course) if lesson.id == lesson_id)


def test_a_whole_lesson(screen: Screen, app_url: str) -> None:
    lang, page, reader = screen.lang, screen.page, screen.reader
    lesson = _lesson()
    run = LessonRun.start(lesson)
    open_app(page, f"{app_url}/?lesson={lesson.id}&lang={lang}")
    page.get_by_text(lesson.title.in_(lang)).first.wait_for()
    reader.engine(RIGHT.in_("en"), RIGHT.in_(lang), "the verdict of a right answer")
    while True:
        step = f"step {run.index + 1}"
        action = solve(run)
        if isinstance(action, Move):
            state = run.state
            assert state is not None
            play_move(screen, state, action)
            said = run.submit_move(action)
        elif action is not None:
            choices = run.choices(lang)
            if choices is not None:
                click_button(page, next(label for value, label in choices if value == action))
            else:
                page.get_by_label(t("learn.your_answer", lang), exact=True).fill(str(action))
                click_button(page, t("learn.answer", lang))
            said = run.answer(action)
        if action is not None:
            assert said.correct, (step, said.message.in_(lang))
            page.get_by_text(said.message.in_(lang).splitlines()[0].strip()).first.wait_for()
        reader.read(screen.main_text(), f"lesson {step}")
        if run.index == 0:
            screen.shot("lesson_step1")
        if run.finished:
            break
        click_button(
            page, t("learn.next", lang), expect=t("learn.step_of", lang, n=run.index + 2, total=len(lesson.steps))
        )
        run.next()
    done = t("learn.finished", lang, stars="★★★", mistakes=0, hints=0)
    page.get_by_text(done).first.wait_for()
    reader.read(screen.main_text(), "lesson complete")
    screen.shot("lesson_complete")
    reader.verdict()


def _deal_with_a_choice() -> tuple[int, PlayTable]:
    """The first deal number whose first turn of the learner offers more than one move (so the hint ranks
    moves): one hand of block for two against the default bots, as Play deals it."""
    for number in count(1):
        table = start_table(rules_for("block"), "block", DEFAULT_LEVEL, number, False)
        if len(candidate_moves(table.state)) > 1:
            return number, table
    raise AssertionError("unreachable")


def test_a_hand_on_play_with_a_hint(screen: Screen, app_url: str) -> None:
    lang, page, reader = screen.lang, screen.page, screen.reader
    number, table = _deal_with_a_choice()
    open_app(page, f"{app_url}/play?lang={lang}")
    type_deal_number(page, t("play.seed", lang), number)
    click_button(page, t("play.deal", lang))
    wait_point(page, f"hand:{table.state.hand(HUMAN)[0]}")
    click_button(page, t("hint.button", lang), expect=t("hint.title", lang))
    panel = page.locator('[data-testid="stVerticalBlock"]', has=page.locator("table.dt-hint")).last
    rows = page.locator("table.dt-hint tbody tr")
    # the hinted move: the panel's first row, named as the hint names each candidate (its end only where the
    # same tile could go elsewhere), in the language
    moves = candidate_moves(table.state)
    tiles = [move.tile for move in moves]
    names = {move_name(move, tiles.count(move.tile) > 1).in_(lang): move for move in moves}
    assert len(names) == len(moves) == rows.count()
    first = rows.first.locator("td.dt-move").inner_text().strip()
    assert first in names, (first, list(names))
    panel.scroll_into_view_if_needed()
    page.mouse.move(0, 0)  # no tooltip of the Hint button over the page in the picture
    screen.shot("play_hint", full_page=not screen.phone)
    reader.read(panel.inner_text(), "the hint panel")
    move = names[first]
    play_move(screen, table.state, move)
    if move.action is Action.PLAY:
        point_gone(page, f"hand:{move.tile}")
    page.wait_for_function(SETTLED, polling=POLL_MS)
    screen.shot("play_after_hinted_move")
    reader.verdict()


def test_the_rules_page_and_its_glossary(screen: Screen, app_url: str) -> None:
    lang, page, reader = screen.lang, screen.page, screen.reader
    open_app(page, f"{app_url}/rules?lang={lang}")
    heading = t("rules.glossary", lang)
    page.get_by_role("heading", name=heading).first.wait_for()
    text = screen.main_text()
    sheet, _heading, words = text.partition("\n" + heading)
    reader.read(sheet, "the rule sheet")
    terms = glossary(lang)
    assert len(terms) >= 20
    for names, meaning in terms:
        assert f"{names} — {meaning}" in words, (names, meaning)
    # the one English the glossary shows on purpose: each term's English word in brackets after it
    for term in load_glossary().terms:
        words = words.replace(f" ({term.en}) — ", " — ")
    reader.read(words, "the glossary")
    screen.shot("rules", full_page=False)
    page.get_by_role("heading", name=heading).first.scroll_into_view_if_needed()
    screen.shot("rules_glossary", full_page=False)
    reader.verdict()


def test_a_club_class(screen: Screen, browser: Any, club_server: Server) -> None:
    """A teacher (a laptop) opens a class with the lesson in the language; a learner on the language's screen
    joins with the code and sees the first step, answers it, and is told the answer was sent."""
    lang, learner, reader = screen.lang, screen.page, screen.reader
    lesson = _lesson()
    teacher_context = browser.new_context(locale=LOCALES[lang], **DESKTOP)
    teacher = teacher_context.new_page()
    try:
        code = start_class(teacher, club_server.url, lesson.id, lang)
        join_room(learner, club_server.url, code, "Оля" if lang == "uk" else "Lucía", lang)
        step_of = t("learn.step_of", lang, n=1, total=len(lesson.steps))
        wait_text(learner, step_of)
        wait_text(teacher, "0 / 1")  # answered / joined
        reader.read(page_text(teacher), "the teacher's screen")
        teacher.screenshot(path=str(screen.artifacts / f"lang_{lang}_club_teacher.png"))
        assert teacher.evaluate(CUT_LABELS) == []  # the wall screen's larger print once cut the toggle's label
        teacher_context.close()  # read: its screen's polling of the room would only cost CPU from here on
        reader.read(page_text(learner), "the learner's step")
        screen.shot("club_learner_step", full_page=False)
        run = LessonRun.start(lesson)
        action = solve(run)
        choices = run.choices(lang)
        assert choices is not None, "the lesson's first step is a quiz with choices"
        click_button(learner, next(label for value, label in choices if value == action))
        key = judge(lesson, 0, 0, action).key
        assert key is not None
        wait_text(learner, t("club.sent", lang, answer=key_label(key, run_at(lesson, 0, 0), lang)))
        reader.read(page_text(learner), "the learner's answer sent")
        screen.shot("club_learner_sent", full_page=False)
    except Exception:
        failure_screens([teacher, learner], screen.artifacts, f"lang_{lang}_club")
        raise
    finally:
        teacher_context.close()
    reader.verdict()
