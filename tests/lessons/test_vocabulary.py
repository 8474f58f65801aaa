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

from tutorial_app.i18n import CATALOGS
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
        found.update((f"i18n {lang} {key!r}", lang, text) for key, text in catalog.items())
    return sorted(found)


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


def test_the_glossary_gives_every_shown_term_in_both_languages() -> None:
    book = load_glossary()
    shown = glossary("en", book)
    assert len(shown) == sum(1 for term in book.terms if term.meaning is not None) >= 25
    for lang in ("en", "ru"):
        for term, meaning in glossary(lang, book):
            assert term and meaning.endswith("."), term
    words = {(term.en, term.ru) for term in book.terms}
    for pair in [("blocked hand", "рыба"), ("boneyard", "базар"), ("tied fish", "сека"), ("match", "матч")]:
        assert pair in words
    assert glossary("ru", book)[0][0].startswith("кость")


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
    ],
)
def test_slips_find_the_avoided_words_and_nothing_else(text: str, lang: str, found: list[str]) -> None:
    assert [slip.found for slip in slips(text, lang)] == found


def test_a_broken_glossary_is_named_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text("terms:\n  - en: tile\n    ru: кость\n    avoid:\n      - {lang: ru, write: x, why: y}\n")
    with pytest.raises(GlossaryError, match=r"glossary.yaml:5:\d+: .*either not: .* or pattern:"):
        load_glossary(path)
    path.write_text(
        "terms:\n  - en: tile\n    ru: кость\n    avoid:\n      - {lang: ru, pattern: '(', write: x, why: y}\n"
    )
    with pytest.raises(GlossaryError, match="pattern"):
        load_glossary(path)


def test_the_validator_skips_the_glossary_beside_the_courses() -> None:
    files = lesson_files([glossary_path().parent])
    assert files and all(path.name != "glossary.yaml" for path in files)
