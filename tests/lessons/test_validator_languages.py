"""The validator's problems in every language: the Workshop shows them in the page's language, the command
line in English (the golden files in ``bad/`` hold the English; here, the other languages).

What "no English is left" means: a problem, with what the author typed taken out (quoted values, YAML keys
and values such as ``kind: remember``, tiles and moves), holds none of English's little words nor the game's
English words from the glossary, unless the language writes the word the same way.
"""

from __future__ import annotations

import re
import textwrap
from functools import cache
from pathlib import Path

import pytest
from pydantic import BaseModel
from strategy_lesson_helpers import EVEN, PASSED, checked, quiz_step, strategy_lesson

from tutorial_app.lessons.check.validate import REQUIRED_ABOUT, Issue, check_file, check_source
from tutorial_app.lessons.check.vocabulary import load_glossary, slips
from tutorial_app.lessons.format import model
from tutorial_app.lessons.format.model import LText, MoveSpec
from tutorial_app.lessons.games.tien_gow import TienGowLessons
from tutorial_app.lessons.quiz.answers import normalize_answer
from tutorial_app.rules.text import Text, reason_of
from tutorial_app.source import parse_source

BAD = Path(__file__).resolve().parent / "bad"
TRANSLATED_FILES = ("structure", "semantics", "tables", "trick-in-line", "continuity", "trick-game")
"""Bad lessons whose every problem is said in every language (the glossary's slips in ``vocabulary`` are tested
apart: the words to write in an English text are English)."""

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


QUIZZES = """\
id: quizzes
title: {en: Quizzes, ru: Вопросы, uk: Запитання, es: Preguntas}
summary: {en: Broken, ru: Сломан, uk: Зламаний, es: Roto}
rules: block
steps:
  - kind: explain
    text: {en: Look, ru: Смотрите, uk: Дивіться, es: Mira}
    position:
      hands: [["6-4", "4-1"], ["2-2", "5-5"]]
      chain: ["4-4", "4-1"]
    bends: [{at: "4-1"}]
  - kind: quiz
    text: {en: How many, ru: Сколько, uk: Скільки, es: Cuántos}
    hint: {en: Add, ru: Сложите, uk: Додайте, es: Suma}
    ask: tile_value
  - kind: quiz
    text: {en: "Double?", ru: "Дубль?", uk: "Дубль?", es: "¿Doble?"}
    hint: {en: Look, ru: Смотрите, uk: Дивіться, es: Mira}
    ask: is_double
    tile: 3-3
    answer: 7
  - kind: quiz
    text: {en: How many, ru: Сколько, uk: Скільки, es: Cuántos}
    hint: {en: Add, ru: Сложите, uk: Додайте, es: Suma}
    ask: tile_value
    tile: 6-4
    choices: [10, lots]
  - kind: quiz
    text: {en: Which, ru: Какая, uk: Яка, es: Cuál}
    hint: {en: Look, ru: Смотрите, uk: Дивіться, es: Mira}
    ask: fitting_tile
    position:
      hands: [["6-4", "4-1"], ["2-2", "5-5"]]
      chain: ["4-4"]
  - kind: quiz
    text: {en: Sum, ru: Сумма, uk: Сума, es: Suma}
    hint: {en: Add, ru: Сложите, uk: Додайте, es: Suma}
    ask: ends_sum
    position:
      hands: [["6-4", "4-1"], ["2-2", "5-5"]]
      chain: []
  - kind: quiz
    text: {en: Who, ru: Кто, uk: Хто, es: Quién}
    hint: {en: Look, ru: Смотрите, uk: Дивіться, es: Mira}
    ask: pip_count
    position:
      hands: [["6-4", "4-1"], ["2-2", "5-5"]]
      chain: ["4-4"]
    seat: 3
  - kind: quiz
    text: {en: Score, ru: Счёт, uk: Рахунок, es: Marcador}
    hint: {en: Look, ru: Смотрите, uk: Дивіться, es: Mira}
    ask: match_score
    position:
      hands: [["6-4", "4-1"], ["2-2", "5-5"]]
      chain: ["4-4"]
  - kind: remember
    points: [{en: P, ru: П, uk: П, es: P}]
"""
"""Quizzes the rules core refuses (no tile, two tiles fit, no chain, no score sheet), answers and choices of the
wrong form, and a required key left out (a bend without bend:)."""


def _issues() -> list[Issue]:
    found = [issue for name in TRANSLATED_FILES for issue in check_file(BAD / f"{name}.yaml", name).issues]
    return (
        found
        + check_source(parse_source(BROKEN, "broken.yaml"), "broken").issues
        + check_source(parse_source(QUIZZES, "quizzes.yaml"), "quizzes").issues
    )


def _foreign(message: Text, lang: str) -> list[str]:
    """What is still English in a ``Text`` in ``lang`` (the whole sentence when it is not translated at all)."""
    text = message.in_(lang)
    if text == message.en:
        return [text]
    return english_left(text, lang)


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


@pytest.mark.parametrize("lang", ["uk", "es", "ru"])
def test_each_family_of_problems_is_reported_in_the_language(lang: str) -> None:
    """The quizzes' refusals, the answers' forms and a required key's description, said in the language."""
    said = {str(issue): issue.message.in_(lang) for issue in _issues()}
    families = [
        "under these rules the leader is drawn by lot",  # continuity.yaml: the quiz's own refusal
        "ask: trick_taker is about a trick all four have played",  # trick-game.yaml
        "is about the double-six set; a Tien Gow lesson asks",
        "an answer to is_double is true or false, not 7",  # the answer's form inside the frame
        "a choice for tile_value is a whole number, not 'lots'",
        "missing key 'bend' (which way the tail goes on from that tile)",
        "ask: fitting_tile needs exactly one tile of seat 0",
        "seat 3 does not exist",
        "needs the score sheet",
    ]
    for family in families:
        found = [english for english in said if family in english]
        assert found, family
        assert all(said[english] != english.split(": ", 1)[1] for english in found), family
    assert (
        said["quizzes.yaml:21:13: an answer to is_double is true or false, not 7"]
        == {
            "uk": "відповідь на is_double — це true або false, а не 7",
            "es": "una respuesta a is_double es true o false, no 7",
            "ru": "ответ на is_double — это true или false, а не 7",
        }[lang]
    )


@pytest.mark.parametrize("lang", ["uk", "es", "ru"])
@pytest.mark.parametrize(
    ("ask", "value"),
    [
        ("is_double", 7),
        ("tile_value", "lots"),
        ("winner", "nobody"),
        ("fitting_tile", "9-9"),
        ("what_to_do", "jump"),
        ("best_move", "6-4 middle"),
    ],
)
def test_every_answer_form_is_named_in_the_language(ask: str, value: object, lang: str) -> None:
    with pytest.raises(ValueError) as refused:
        normalize_answer(ask, value)
    reason = reason_of(refused.value)
    assert reason.in_(lang) != reason.en
    assert not english_left(reason.in_(lang).replace("draw / pass", ""), lang)  # the actions as the author types them


def test_a_tien_gow_move_written_as_a_mapping_is_refused_in_the_language() -> None:
    with pytest.raises(ValueError) as refused:
        TienGowLessons().move_of(MoveSpec.model_validate({"tile": "6-4", "end": "left"}))
    reason = reason_of(refused.value)
    assert reason.en == "a Tien Gow move is written as text, like play 6-6 6-3 or discard 2-1"
    assert reason.es == "una jugada de Tien Gow se escribe como texto, por ejemplo play 6-6 6-3 o discard 2-1"
    assert reason.uk == "хід «Тянь гоу» пишуть текстом, наприклад play 6-6 6-3 або discard 2-1"
    assert reason.ru == "ход «Тянь гоу» пишут текстом, например play 6-6 6-3 или discard 2-1"


@pytest.mark.parametrize(
    ("steps", "said"),
    [
        (quiz_step(EVEN), "leads 2-0 left by only"),  # quiz_problem
        (quiz_step(PASSED.replace("moves: [{action: pass}]", "moves: []")), "seat 1 is to move, not the learner"),
        (
            "- kind: play\n  text: {en: Go, ru: Ход, uk: Хід, es: Juega}\n  best: true\n  goal: {played: '6-2'}\n"
            "  hint: {en: H, ru: П, uk: П, es: P}\n"
            f"  position:\n{textwrap.indent(textwrap.dedent(PASSED), '    ')}\n",
            "the analysis does not back this goal",
        ),
    ],
    ids=["quiz_problem", "turn_problem", "goal_problem"],
)
def test_the_analysis_refuses_a_best_move_in_every_language(steps: str, said: str) -> None:
    [issue] = checked(strategy_lesson(steps, players=4 if "5-3" in steps else 2)).issues
    assert said in issue.message.en
    left = {lang: _foreign(issue.message, lang) for lang in ("uk", "es", "ru")}
    assert left == {"uk": [], "es": [], "ru": []}, issue.message.en
    assert "," in issue.message.es or "0" in issue.message.es  # the figures keep the language's decimal comma


def test_every_glossary_slip_says_why_in_the_four_languages() -> None:
    """Each ``avoid:`` entry's why (and a write that explains) is the glossary's own, in en, ru, uk and es."""
    for term in load_glossary().terms:
        for avoid in term.avoid:
            said = [avoid.why, *([avoid.write] if isinstance(avoid.write, LText) else [])]
            for text in said:
                for lang in ("uk", "es", "ru"):
                    assert text.in_(lang) != text.en and not english_left(text.in_(lang), lang), (term.en, lang)
    slip_issues = check_file(BAD / "vocabulary.yaml", "vocabulary").issues
    assert len(slip_issues) >= 25
    for issue in slip_issues:
        assert issue.message.uk.endswith("; див. lessons/glossary.yaml)"), issue
        assert issue.message.es.endswith("; ver lessons/glossary.yaml)"), issue
    [fish] = [issue for issue in slip_issues if "'se bloquea'" in str(issue)]
    assert fish.message.uk == (
        "'se bloquea': пишіть tranque (la mano se tranca, hay tranque) (Риба іспанською — «tranque»; «bloqueo» — "
        "назва гри без базару (dominó sin robo); див. lessons/glossary.yaml)"
    )
    # a word in the wrong letters: the glossary's word to write, and why, in the page's language
    [cyrillic] = slips("Ganas la взятка.", "es")
    assert (
        cyrillic.message().ru
        == "'взятка': пишите 'baza' (испанский текст пишется латиницей; см. lessons/glossary.yaml)"
    )
    [russian] = slips("Вы ходите першим.", "uk")
    assert russian.message().es == (
        "'Вы': escribe la ortografía ucraniana (і, и, е, є, ') (el texto ucraniano no tiene ы, э, ъ, ё: son letras "
        "rusas; ver lessons/glossary.yaml)"
    )


def _required_descriptions() -> set[str]:
    """The description of every required field of the lesson format's models (a lesson's text's languages aside)."""
    models = [m for m in vars(model).values() if isinstance(m, type) and issubclass(m, BaseModel)]
    return {
        field.description
        for m in models
        if not issubclass(m, LText)
        for field in m.model_fields.values()
        if field.is_required() and field.description
    }


def test_a_required_keys_description_is_translated() -> None:
    assert _required_descriptions() <= set(REQUIRED_ABOUT)
    for about in REQUIRED_ABOUT.values():
        assert not [lang for lang in ("uk", "es", "ru") if _foreign(about, lang)], about.en
