"""The glossary's words everywhere a learner reads: lessons (the validator), the engine's feedback, the sheets, the app.

The lessons are checked by ``domino-tutor lessons validate`` itself (a golden bad
file below); here the same check reads every string the code can show: each
``Text(en, ru)`` in the package, and the English and Russian catalogues of
``i18n``, so the engine's words on a lesson's screen agree with the lesson's.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutorial_app.i18n import CATALOGS, ENGLISH
from tutorial_app.i18n.catalogs import TRANSLATED, read_catalog, template
from tutorial_app.lessons.check.validate import lesson_files
from tutorial_app.lessons.check.vocabulary import GlossaryError, glossary, glossary_path, load_glossary, slips

PACKAGE = Path(__file__).resolve().parents[2] / "tutorial_app"


def _literal(node: ast.expr) -> str | None:
    """A string literal's text; an f-string's with each placeholder as '…'."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "…" for part in node.values)  # type: ignore[misc]
    return None


CYRILLIC = re.compile("[А-Яа-яЁё]")


def _aliases(tree: ast.AST) -> set[int]:
    """Ids of the literals that are names people type (``aliases=...``, ``ALIASES = ...``), not text to read."""
    roots: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "aliases":
            roots.append(node.value)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any("ALIAS" in getattr(t, "id", "") for t in targets) and node.value is not None:
                roots.append(node.value)
    return {id(inner) for root in roots for inner in ast.walk(root)}


def _texts_in(path: Path) -> Iterator[tuple[int, str, str]]:
    """(line, language, text) for every string a module can show.

    Russian: every literal with Cyrillic in it (but aliases). English: the
    literal just before a Russian one in a call or a tuple (``Text(en, ru)``,
    ``_error(en, ru)``, ``(en, ru)`` pairs), the way the code pairs them.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _aliases(tree)
    for node in ast.walk(tree):
        items = node.args if isinstance(node, ast.Call) else node.elts if isinstance(node, ast.Tuple) else None
        if items is None:
            continue
        texts = [(arg, _literal(arg)) for arg in items]
        for i, (arg, text) in enumerate(texts):
            if text is None or id(arg) in skip or not CYRILLIC.search(text):
                continue
            yield arg.lineno, "ru", text
            before = texts[i - 1][1] if i > 0 else None
            if before is not None and not CYRILLIC.search(before[:40]):
                yield arg.lineno, "en", before


def _code_texts() -> list[tuple[str, str, str]]:
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        for line, lang, text in _texts_in(path):
            found.add((f"{path.relative_to(PACKAGE.parent)}:{line}", lang, text))
    for lang, catalog in CATALOGS.items():
        # a key a catalog does not translate yet shows its English text (the catalog test counts those)
        found.update(
            (f"i18n {lang} {key!r}", lang, _without_fields(text))
            for key, text in catalog.items()
            if lang == "en" or text != ENGLISH[key]
        )
    # the engine's messages: the English ids, and each language's translations
    for message in template():
        if message.id and message.context not in ENGLISH:
            ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
            found.update((f"message {ids[0]!r}", "en", _without_fields(text)) for text in ids)
    for lang in TRANSLATED:
        for message in read_catalog(lang):
            if not message.id or message.context in ENGLISH:
                continue
            strings = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
            key = message.id if isinstance(message.id, str) else message.id[0]
            found.update((f"{lang}.po {key!r}", lang, _without_fields(text)) for text in strings if text)
    return sorted(found)


def _without_fields(text: str) -> str:
    """A message with its ``{fields}`` blanked out (their names are code, not words of the language)."""
    return re.sub(r"\{[^{}]*\}", lambda field: " " * len(field.group(0)), text)


def _quotes_a_lesson(text: str) -> bool:
    """An English hint that shows a line of a lesson file, whose ru: value is Russian on purpose."""
    return 'ru: "' in text


def test_every_string_the_code_shows_uses_the_glossarys_words() -> None:
    problems = [
        f"{where} ({lang}): {slip.message()}"
        for where, lang, text in _code_texts()
        if not (lang == "en" and _quotes_a_lesson(text))
        for slip in slips(text, lang)
    ]
    assert not problems, "\n".join(problems)


def test_the_glossary_gives_every_shown_term_in_all_four_languages() -> None:
    book = load_glossary()
    shown = glossary("en", book)
    assert len(shown) == sum(1 for term in book.terms if term.meaning is not None) >= 25
    for lang in ("en", "ru", "uk", "es"):
        for term, meaning in glossary(lang, book):
            assert term and meaning.endswith("."), term
    words = {(term.en, term.ru, term.uk, term.es) for term in book.terms}
    for four in [
        ("blocked hand", "рыба", "риба", "tranque"),
        ("boneyard", "базар", "базар", "pozo"),
        ("tied fish", "сека", "сека", "tranque empatado"),
        ("match", "матч", "матч", "partida"),
        ("chip", "жетон", "жетон", "tanto"),
    ]:
        assert four in words
    assert glossary("ru", book)[0][0].startswith("кость")
    # every page but the English one gives the English word in brackets, unless it is the same word
    assert glossary("uk", book)[0][0].startswith("кістка") and glossary("uk", book)[0][0].endswith("(tile)")
    assert glossary("es", book)[0][0].startswith("ficha") and glossary("es", book)[0][0].endswith("(tile)")
    assert "Muggins, All Fives, todos los cincos" in dict(glossary("es", book))


def test_the_glossarys_own_words_and_meanings_pass_its_checks() -> None:
    book = load_glossary()
    problems = [
        f"{term.en} ({lang}): {slip.message()}"
        for term in book.terms
        for lang in ("en", "ru", "uk", "es")
        for text in [term.word(lang), *([term.meaning.in_(lang)] if term.meaning else [])]
        for slip in slips(text, lang, book)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("text", "lang", "found"),
    [
        ("Кости лежат в базаре.", "ru", ["в базаре"]),
        ("Кости лежат на базаре.", "ru", []),
        ("Раздача Заблокирована.", "ru", ["Заблокирована"]),
        ("Осталась 6-6, а 6-5 осталась у вас.", "ru", ["Осталась 6-6"]),
        ("Seat 1 passed: he has no 3.", "en", ["he"]),
        ("The hero of the hand", "en", []),
        ("A tie (a сека).", "en", ["сека"]),
        ("Вы выигрываете игру.", "ru", ["выигрываете игру"]),
        ("Игра с базаром: базар не пуст.", "ru", []),
        ("В «Тянь гоу» платят жетонами.", "ru", []),
        ("В тянь гоу платят фишками.", "ru", ["тянь гоу", "фишками"]),
        ("Сколько фишек он платит?", "ru", ["фишек"]),
        # Ukrainian: the avoid entries with lang: uk, and no Russian letters
        ("Кістки лежать в базарі.", "uk", ["в базарі"]),
        ("Кістки лежать на базарі, і ви берете з базару.", "uk", []),
        ("Беріть кость з базара.", "uk", ["кость", "з базара"]),
        ("У гравця 2 лишилося 12 очков.", "uk", ["очков"]),
        ("Роздачу заблоковано.", "uk", ["заблоковано"]),
        ("Залишилася 6-6, а кістка 6-5 лягла праворуч.", "uk", ["Залишилася 6-6"]),
        ("Вы ходите першим.", "uk", ["Вы"]),
        ("Ви ходите першим: п'ять очок, м'яч, ґанок, її.", "uk", []),
        ("Він скинув фішку сорочкою догори.", "uk", ["фішку"]),
        ("Покладіть кістку рубашкою догори.", "uk", ["рубашкою"]),
        ("У тянь гоу платять жетонами.", "uk", ["тянь гоу"]),
        ("Кістки лежать осторонь, поза грою: вони сплять.", "uk", ["сплять"]),
        # Spanish: the avoid entries with lang: es, and no Cyrillic
        ("Robas del montón.", "es", ["montón"]),
        ("Robas del pozo; en el dominó sin robo (bloqueo) no hay pozo.", "es", []),
        ("La mano se bloquea y nadie juega.", "es", ["se bloquea"]),
        ("Hay tranque: la mano se tranca.", "es", []),
        ("El asiento 2 pasa; el turno va al siguiente asiento.", "es", ["asiento 2"]),
        ("Pagas 5 fichas de apuesta.", "es", ["fichas de apuesta"]),
        ("Pagas 5 tantos al banquero.", "es", []),
        ("Sale la doble 6-6; una doble jugada no cuenta.", "es", ["la doble"]),
        ("Ganas la baza (la взятка).", "es", ["взятка"]),
        ("Ganas el partido.", "es", ["partido"]),
        ("Ganas la partida con un capicúa, ¡dominó!", "es", []),
        ("Una tile; la página pagat.com/tile/cdom/tiengow.html.", "es", ["tile"]),
    ],
)
def test_slips_find_the_avoided_words_and_nothing_else(text: str, lang: str, found: list[str]) -> None:
    assert [slip.found for slip in slips(text, lang)] == found


def test_a_cyrillic_word_in_spanish_or_ukrainian_names_the_glossarys_word_in_that_language() -> None:
    assert [slip.write.en for slip in slips("Ganas la взятка.", "es")] == ["'baza'"]
    assert [slip.write.en for slip in slips("Вы ходите першим.", "uk")] == ["the Ukrainian spelling (і, и, е, є, ')"]
    [goat] = slips("Гра «козёл» на штрафні очки.", "uk")
    assert goat.found == "козёл" and goat.write.en.startswith("'козел'") and "ы, э, ъ, ё" in goat.why.en


TILE = "terms:\n  - en: tile\n    ru: кость\n    uk: кістка\n    es: ficha\n"
WHY = "{en: y, ru: y, uk: y, es: y}"


def test_a_broken_glossary_is_named_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text(f"{TILE}    avoid:\n      - {{lang: ru, write: x, why: {WHY}}}\n")
    with pytest.raises(GlossaryError, match=r"glossary.yaml:7:\d+: .*either not: .* or pattern:"):
        load_glossary(path)
    path.write_text(f"{TILE}    avoid:\n      - {{lang: uk, pattern: '(', write: x, why: {WHY}}}\n")
    with pytest.raises(GlossaryError, match="pattern"):
        load_glossary(path)
    path.write_text(f"{TILE}    avoid:\n      - {{lang: de, not: [Stein], write: x, why: {WHY}}}\n")
    with pytest.raises(GlossaryError, match=r"glossary.yaml:7:\d+: .*'en', 'ru', 'uk' or 'es'"):
        load_glossary(path)
    path.write_text("terms:\n  - en: tile\n    ru: кость\n    uk: кістка\n")
    with pytest.raises(GlossaryError, match=r"glossary.yaml:2:\d+: .*required"):
        load_glossary(path)


def test_the_validator_skips_the_glossary_beside_the_courses() -> None:
    files = lesson_files([glossary_path().parent])
    assert files and all(path.name != "glossary.yaml" for path in files)
