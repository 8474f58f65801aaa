"""Golden validator tests: each bad lesson file and the exact errors it must produce."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial_app.lessons.source import MAX_LESSON_BYTES, MAX_NODES, SourceError, parse_source
from tutorial_app.lessons.validate import check_file, check_source

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
    assert checked.issues[0].message.startswith("the file is ")
    assert f"at most {MAX_LESSON_BYTES // 1000} kB" in checked.issues[0].message


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
title: {en: Tiny, ru: Крошка}
summary: {en: One question, ru: Один вопрос}
rules: block
steps:
  - kind: quiz
    text: {en: How much is 6-4 worth, ru: Сколько стоит 6-4}
    ask: tile_value
    tile: 6-4
    answer: 10
    hint: {en: Add the halves, ru: Сложите половинки}
  - kind: remember
    points: [{en: Pips add up, ru: Очки складываются}]
"""
    checked = check_source(parse_source(text, "tiny.yaml"), "tiny")
    assert checked.issues == []
    assert checked.lesson is not None and checked.lesson.id == "tiny"
