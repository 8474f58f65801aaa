"""A shipped puzzle explains itself in every language: its explanation is stored as messages, and the files
mined before that (two finished strings) are rewritten from their own figures, reading exactly as before."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from tutorial_app.puzzles.catalog import shipped_puzzles
from tutorial_app.puzzles.model import Puzzle
from tutorial_app.puzzles.rewrite import rebuilt_explanation, rewrite_text
from tutorial_app.rules.text import Text

ENGLISH_WORDS = re.compile(
    r"\b(the|wins|deals?|ways?|points|seat|draw|left|right|top|bottom|open|played|solved)\b", re.I
)


def _sample() -> list[Puzzle]:
    puzzles = shipped_puzzles()
    by_table: dict[str, Puzzle] = {}
    for puzzle in puzzles:
        by_table.setdefault(puzzle.config, puzzle)
    return list(by_table.values())


@pytest.mark.parametrize("lang", ["uk", "es"])
def test_a_puzzle_of_every_table_reads_in_the_language_with_its_figures(lang: str) -> None:
    for puzzle in _sample():
        text = puzzle.explanation.in_(lang)
        assert not ENGLISH_WORDS.search(text), (puzzle.id, text)
        best_tile = puzzle.best.split()[0]
        assert best_tile in text, (puzzle.id, text)
        assert str(puzzle.deals) in text and str(puzzle.playouts) in text, (puzzle.id, text)
        if lang == "uk":
            assert re.search("[іїєґ]", text) and not re.search("[ыэъё]", text), (puzzle.id, text)
            assert ("розіграно" in text.lower()) and "розклад" in text, (puzzle.id, text)
        else:
            assert "reparto" in text and ("Simulado" in text), (puzzle.id, text)
        assert text != puzzle.explanation.en and text != puzzle.explanation.ru


def test_every_shipped_explanation_is_stored_as_messages() -> None:
    folder = resources.files("tutorial_app.puzzles") / "data"
    for entry in folder.iterdir():
        if entry.name.endswith(".json"):
            for puzzle in json.loads(entry.read_text(encoding="utf-8"))["puzzles"]:
                assert "en" not in puzzle["explanation"], (entry.name, puzzle["id"])


def test_an_old_puzzle_is_rebuilt_from_its_figures_as_it_read() -> None:
    for puzzle in _sample():
        data = puzzle.as_json()
        data["explanation"] = {"en": puzzle.explanation.en, "ru": puzzle.explanation.ru}  # as mined before
        old = Puzzle.from_json(data)
        assert old.explanation.uk == old.explanation.en  # two finished strings: no Ukrainian
        rebuilt = rebuilt_explanation(old)
        assert rebuilt is not None, puzzle.id
        assert rebuilt == puzzle.explanation
        assert Text.from_json(rebuilt.to_json()) == rebuilt


def test_a_puzzle_whose_stored_words_the_figures_do_not_give_is_left_as_it_is() -> None:
    puzzle = _sample()[0]
    data = puzzle.as_json()
    data["explanation"] = {"en": "A sentence nobody mined.", "ru": "Фраза, которую никто не добывал."}
    line = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = f'{{"format": "x", "puzzles": [\n{line}\n]}}\n'
    assert rewrite_text(text) == (text, [puzzle.id])


def test_the_rewrite_changes_only_the_explanation_and_a_second_run_nothing() -> None:
    puzzle = _sample()[1]
    data = puzzle.as_json()
    data["explanation"] = {"en": puzzle.explanation.en, "ru": puzzle.explanation.ru}
    line = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = f'{{"format": "x", "puzzles": [\n{line},\n{line}\n]}}\n'
    new, left = rewrite_text(text)
    assert not left
    assert new.count('"explanation":{"en"') == 0
    before = text.replace(json.dumps(data["explanation"], ensure_ascii=False, separators=(",", ":")), "E")
    after = new.replace(json.dumps(puzzle.explanation.to_json(), ensure_ascii=False, separators=(",", ":")), "E")
    assert before == after
    assert rewrite_text(new) == (new, [])
