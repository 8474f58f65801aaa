"""Golden validator tests: each bad lesson file and the exact errors it must produce."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial_app.lessons.check.validate import check_file, check_source
from tutorial_app.source import MAX_LESSON_BYTES, MAX_NODES, SourceError, parse_source

HERE = Path(__file__).resolve().parent
BAD = sorted((HERE / "bad").glob("*.yaml"))


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_lesson_gives_exactly_the_expected_errors(path: Path) -> None:
    expected = path.with_suffix(".errors").read_text(encoding="utf-8").splitlines()
    checked = check_file(path, f"bad/{path.name}")
    assert [str(issue) for issue in checked.issues] == expected
    assert checked.lesson is None


def test_every_bad_file_has_its_expected_errors() -> None:
    assert len(BAD) >= 6
    for path in BAD:
        assert path.with_suffix(".errors").is_file(), path.name


def test_size_limit_has_a_clear_message(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("id: big\n# " + "x" * MAX_LESSON_BYTES + "\n", encoding="utf-8")
    checked = check_file(big, "big.yaml")
    assert len(checked.issues) == 1
    assert checked.issues[0].message.en.startswith("the file is ")
    assert f"at most {MAX_LESSON_BYTES // 1000} kB" in checked.issues[0].message.en


def test_alias_expansion_is_capped() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 8):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    with pytest.raises(SourceError) as raised:
        parse_source("\n".join(lines))
    assert f"more than {MAX_NODES} values" in raised.value.message


def test_marks_point_at_values_and_keys() -> None:
    source = parse_source("id: x\nsteps:\n  - kind: explain\n    text: {en: a, ru: b}\n")
    assert source.mark(("steps", 0, "text", "ru")) == (4, 23)
    assert source.mark(("steps", 0, "kind"), key=True) == (3, 5)
    assert source.mark(("steps", 0, "kind")) == (3, 11)
    assert source.mark(("steps", 0, "nowhere")) == (3, 5)


def test_a_valid_lesson_text_has_no_issues() -> None:
    text = """
id: tiny
title: {en: Tiny, ru: Крошка, uk: Крихітка, es: Mínima}
summary: {en: One question, ru: Один вопрос, uk: Одне питання, es: Una pregunta}
rules: block
steps:
  - kind: quiz
    text: {en: How much is 6-4 worth, ru: Сколько стоит 6-4, uk: Скільки коштує 6-4, es: Cuánto vale el 6-4}
    ask: tile_value
    tile: 6-4
    answer: 10
    hint: {en: Add the halves, ru: Сложите половинки, uk: Додайте половинки, es: Suma las dos mitades}
  - kind: remember
    points: [{en: Pips add up, ru: Очки складываются, uk: Очки додаються, es: Los puntos se suman}]
"""
    checked = check_source(parse_source(text, "tiny.yaml"), "tiny")
    assert checked.issues == []
    assert checked.lesson is not None and checked.lesson.id == "tiny"


BENT = """
id: bent
title: {en: Bent, ru: Изгиб, uk: Вигин, es: Curva}
summary: {en: A re-bent chain, ru: Поправленная цепь, uk: Вирівняний ланцюжок, es: Una cadena enderezada}
rules: block
steps:
  - kind: explain
    text: {en: The tail turns, ru: Хвост поворачивает, uk: Хвіст повертає, es: La cola gira}
    position:
      hands: [["6-6"], ["0-0"]]
      chain: ["5-1", "1-4", "4-2", "2-0", "0-3", "3-6", "6-1", "1-1", "1-2"]
    bends: [BENDS]
  - kind: explain
    text: {en: No chain here, ru: Здесь нет цепи, uk: Тут немає ланцюжка, es: Aquí no hay cadena}
    bends: [{at: "1-4", bend: left}]
  - kind: remember
    points: [{en: Bends are not moves, ru: Правка — не ход, uk: Вирівнювання — не хід, es: Enderezar no es jugar}]
"""


def test_bends_are_checked_by_the_board() -> None:
    good = check_source(parse_source(BENT.replace("BENDS", '{at: "4-2", bend: right}'), "bent.yaml"), "bent")
    assert [str(i) for i in good.issues] == [
        "bent.yaml:15:12: bends: re-bends the chain of this step's position: add a position: with tiles on the table"
    ]

    def first_problem(bends: str) -> str:
        return str(check_source(parse_source(BENT.replace("BENDS", bends), "bent.yaml"), "bent").issues[0])

    assert first_problem('{at: "0-3", bend: right}') == (
        "bent.yaml:12:13: the chain cannot be bent right at 3-0: 3-0 is the first tile of the hand: the chain is not "
        "bent through it"
    )
    assert first_problem('{at: "4-2", bend: right}, {at: "3-3", bend: left}') == (
        "bent.yaml:12:39: the chain cannot be bent left at 3-3: 3-3 is not on the chain"
    )
    assert first_problem('{at: "1-2", bend: right}') == (
        "bent.yaml:12:13: the chain cannot be bent right at 2-1: 2-1 comes right after the double 1-1: it goes "
        "straight on"
    )


def test_every_line_goal_key_has_one_check() -> None:
    from tutorial_app.lessons.format.goals import _CHECKS, _TRICK_ONLY
    from tutorial_app.lessons.format.model import GOAL_KEYS

    assert set(_CHECKS) == set(GOAL_KEYS) - _TRICK_ONLY
