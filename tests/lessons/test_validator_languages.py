"""The validator's problems in every language: the Workshop shows them in the page's language, the command
line in English (the golden files in ``bad/`` hold the English; here, the other languages).

What "no English is left" means: a problem, with what the author typed taken out (quoted values, YAML keys
and values such as ``kind: remember``, tiles and moves), holds none of English's little words nor the game's
English words from the glossary, unless the language writes the word the same way.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tutorial_app.lessons.check.validate import Issue, check_file, check_source
from tutorial_app.lessons.check.vocabulary import load_glossary
from tutorial_app.source import parse_source

BAD = Path(__file__).resolve().parent / "bad"
TRANSLATED_FILES = ("structure", "semantics", "tables", "trick-in-line")
"""Bad lessons whose every problem is the validator's own (the others also show a quiz's refusal, still English)."""

BROKEN = """\
id: broken
title: {en: Broken, ru: Сломан, uk: Зламаний, es: Roto}
summary: {en: Broken, ru: Сломан}
rules: block
steps:
  - kind: explain
    text: {en: Read, ru: Читайте, uk: Читайте, es: Lee}
  - kind: play
    text: {en: Play, ru: Ходите, uk: Ходіть, es: Juega}
    hint: {en: Look, ru: Смотрите, uk: Дивіться, es: Mira}
    from_previous: true
    goal: {played: 6-4}
  - kind: explain
    txt: {en: a, ru: b, uk: c, es: d}
    tiles: 5
  - kind: explain
    text: {en: Later, ru: Позже, uk: Пізніше, es: Después}
    position:
      hands: [["6-4", "1-1"], ["2-2", "5-5"]]
      chain: ["3-3"]
      hand: later
  - kind: quiz
    text: {en: How many, ru: Сколько, uk: Скільки, es: Cuántos}
    hint: {en: Add, ru: Сложите, uk: Додайте, es: Suma}
    ask: tile_value
    tile: 6-6
    answer: 13
    choices: [11, 11]
  - kind: quiz
    text: {en: How many, ru: Сколько, uk: Скільки, es: Cuántos}
    hint: {en: Add, ru: Сложите, uk: Додайте, es: Suma}
    ask: tile_value
    tile: 9-9
"""
"""A lesson written wrong in many ways: structure (missing texts, an unknown key, a number for a list, a tile
that does not exist) and meaning (no position to continue from, hand: later on a chain, a wrong answer, a
choice offered twice and the right one missing, no takeaway at the end)."""

ENGLISH_LITTLE_WORDS = ("the", "and", "your", "you", "with", "is", "of", "this", "what", "not", "must", "here")

_TYPED = re.compile(
    r"'[^']*'|\"[^\"]*\"|«[^»]*»|\{[^{}]*\}|\[[^\[\]]*\]"  # quoted values, mappings and lists as written
    r"|[\w.\[\]*-]+:(?:\s+(?:true|false|later|remember|chinese|tien_gow|\d+))?"  # keys, with a typed value
    r"|\b\w+_\w+\b|\b\w+_\*"  # names written in code: on_end, tile_set, trick_*
    r"|\b[a-z0-9_]+(?:, [a-z0-9_]+){2,}\b"  # a list of keys or names: rules, overrides, hands, boneyard
    r"|\d-\d(?:\s+(?:left|right|up|down|lead))?"  # tiles and moves as written
)


@cache
def _english(lang: str) -> re.Pattern[str]:
    """English's little words and the game's English words the language writes otherwise (whole words)."""
    words = [*ENGLISH_LITTLE_WORDS]
    for term in load_glossary().terms:
        own = f"{term.word(lang)} {term.also.in_(lang)}".lower()
        if term.en.lower() not in own:
            words.append(term.en)
    alternatives = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?:e?s)?(?![\w-])", re.IGNORECASE)


def english_left(text: str, lang: str) -> list[str]:
    """The English words in ``text`` once what the author typed is taken out (empty: none is left)."""
    return [m.group(0) for m in _english(lang).finditer(_TYPED.sub(" ", text))]


def _issues() -> list[Issue]:
    found = [issue for name in TRANSLATED_FILES for issue in check_file(BAD / f"{name}.yaml", name).issues]
    return found + check_source(parse_source(BROKEN, "broken.yaml"), "broken").issues


def test_the_check_finds_english_and_leaves_what_the_author_typed() -> None:
    """The check itself: it must be able to fail, and must not fail on a key or a value the author wrote."""
    assert english_left("missing the ru text: every learner-facing text has en:, ru:, uk: and es:", "es")
    assert english_left("el texto llama a the boneyard", "es") == ["the", "boneyard"]
    assert english_left("clave desconocida 'then pass'; las claves son: hand:, kind: remember, tile_set", "es") == []
    assert english_left("hand: later — для нової роздачі: 6-4 left, {tile: 6-4, end: left}", "uk") == []


@pytest.mark.parametrize("lang", ["uk", "es", "ru"])
def test_every_problem_of_a_broken_lesson_is_in_the_language(lang: str) -> None:
    issues = _issues()
    assert len(issues) >= 40
    left = [
        f"{issue}\n  {lang}: {issue.message.in_(lang)}"
        for issue in issues
        if issue.message.in_(lang) == issue.message.en or english_left(issue.message.in_(lang), lang)
    ]
    assert not left, "\n".join(left)


def test_the_broken_lesson_reports_each_mistake_in_english_for_the_command_line() -> None:
    """``str(issue)`` stays the English sentence at file:line:column (the golden files hold the others)."""
    shown = [str(issue) for issue in check_source(parse_source(BROKEN, "broken.yaml"), "broken").issues]
    assert shown == [
        "broken.yaml:3:10: missing the es text: every learner-facing text has en:, ru:, uk: and es:",
        "broken.yaml:3:10: missing the uk text: every learner-facing text has en:, ru:, uk: and es:",
        "broken.yaml:11:20: nothing to continue from: the previous step shows no position; write position:",
        "broken.yaml:13:5: missing key 'text': add text:",
        "broken.yaml:14:5: unknown key 'txt'; did you mean 'text'? the keys here are: kind, title, text, position, "
        "from_previous, tiles, highlight, bends, show_hands, claims",
        "broken.yaml:15:12: expected a list, not 5",
        "broken.yaml:21:13: hand: later is for a fresh deal (an empty chain): remove it, or empty the chain",
        "broken.yaml:27:13: the rules core answers 12, not 13: fix answer: (or the position)",
        "broken.yaml:28:14: the right answer, 12, is not among the choices: add it",
        "broken.yaml:28:19: 11 is offered twice",
        "broken.yaml:29:5: a lesson ends with its takeaway: add a last step with kind: remember",
        "broken.yaml:33:11: 9-9 is not a double-six tile: each half must be a number from 0 to 6",
    ]


def test_counts_and_plurals_follow_the_language() -> None:
    """A count in a problem takes the language's plural form (Russian: 2 допустимых хода, 5 ходов)."""
    tables = {str(issue): issue for issue in check_file(BAD / "tables.yaml", "tables").issues}
    forced = tables["tables:43:13: forced: true, but seat 0 has 2 legal moves here: remove forced: true"]
    assert forced.message.ru == "forced: true, но у игрока 0 здесь 2 допустимых хода: уберите forced: true"
    assert forced.message.uk == "forced: true, але гравець 0 тут має 2 допустимі ходи: приберіть forced: true"
    assert forced.message.es == "forced: true, pero el jugador 0 tiene aquí 2 jugadas legales: quita forced: true"
