"""The one bounded reader: every hostile text gets one located, one-line refusal, never another exception."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from hostile import HOSTILE_FRAGMENTS, REVIEW_LESSON_TEXTS, REVIEW_PROGRESS_FILES, mutate_text, seeded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial_app.lessons import lessons_root
from tutorial_app.source import (
    LESSON_LIMITS,
    Limits,
    SourceError,
    decode,
    parse_json,
    parse_source,
    read_stream,
    read_text,
)

LESSON_TEXTS = [p.read_text(encoding="utf-8") for p in sorted(lessons_root().glob("*/*.yaml"))[:8]]
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _refusal(call: object) -> SourceError:
    try:
        call()  # type: ignore[operator]
    except SourceError as exc:
        return exc
    raise AssertionError("the reader should refuse this")


def _one_line(exc: SourceError) -> None:
    for lang in ("en", "ru"):
        text = exc.located(lang)
        assert text and "\n" not in text and "\r" not in text, text


@pytest.mark.parametrize(
    ("case", "needle"),
    [
        ("a NUL after the id", "control character U+0000"),
        ("a control character after the id", "control character U+0001"),
        ("an alias that contains itself", "contains it"),
        ("3000 brackets deep", "nested too deeply"),
        ("5000 nines", "number too large"),
        ("3000 brackets on the next line", "not valid YAML"),
    ],
)
def test_the_reviews_lesson_texts_get_a_located_message(case: str, needle: str) -> None:
    refusal = _refusal(lambda: parse_source(REVIEW_LESSON_TEXTS[case]))
    assert needle in refusal.message
    assert refusal.mark is not None
    assert refusal.located().startswith(f"line {refusal.mark.line}, column {refusal.mark.column}: ")
    _one_line(refusal)


@pytest.mark.parametrize(
    ("text", "column", "advice"),
    [
        (
            "id: x\ntitle: {en: What now?, ru: Что теперь?}\n",
            21,
            'in double quotes: {en: "Why?"',
        ),  # the newcomer review's
        ("id: x\ntitle: {en: Note: this, ru: b}\n", 17, "text holding ?, :, # or , goes in double quotes"),
        ("id: x\ntitle:\n  en: Note: this\n", 11, "a value holding ': ' must be in double quotes"),
        ("id: x\nplayers: [2, 3\n", 1, "close it with ]"),
    ],
)
def test_text_that_needed_quotes_is_told_to_quote_it(text: str, column: int, advice: str) -> None:
    refusal = _refusal(lambda: parse_source(text))
    assert advice in refusal.message and refusal.mark is not None
    assert refusal.mark.column == column or column == 1  # an unclosed [ is found where the text ends
    assert "кавыч" in refusal.reason.ru or "скобк" in refusal.reason.ru
    _one_line(refusal)


# Broken YAML as people type it: the place we point at, and a piece of what we say to write instead.
BROKEN_YAML = {
    "an unclosed [": ("rules: block\nhands: [[6-5], [1-1]\n", (3, 1), "the [ at line 2, column 8 is not closed"),
    "an unclosed {": ("rules: block\noverrides: {target: 150\nhands: [[6-5]]\n", (3, 6), "close it with }"),
    "a missing comma": ("hands: [[6-5] [1-1]]\n", (1, 15), "a comma or ] is missing"),
    "a tab for indentation": ("rules: block\n\thands: [[6-5], [1-1]]\n", (2, 1), "replace the tab with spaces"),
    "a key without its colon": ("rules: block\nto_move 0\nhands: [[6-5]]\n", (2, 1), "no colon after its key"),
    "a key without its colon, then a key": ("rules block\nhands: [[6-5]]\n", (1, 1), "no colon after its key"),
    "a value holding ': '": ("rules: block: x\n", (1, 13), "must be in double quotes"),
    "a line indented under a value": ("rules: block\n  hands: [[6-5]]\n", (2, 8), "indented more than line 1"),
    "a list item out of line": ("hands:\n  - [6-5]\n - [1-1]\n", (3, 2), "line up the keys"),
    "an unclosed quote": ('rules: "block\nhands: [[6-5]]\n', (1, 8), 'no closing "'),
    "an unknown escape": ('rules: "bl\\qock"\n', (1, 12), "write \\\\ for a backslash"),
    "two documents": ("rules: block\n---\nrules: draw\n", (2, 1), "keep one document"),
    "an alias of nothing": ("rules: *x\n", (1, 8), "*x names no anchor"),
    "a character that starts nothing": ("rules: @block\n", (1, 8), "@ cannot start a value"),
    "a ] too many": ("hands: [[6-5]]]\n", (1, 15), "] closes nothing here"),
    "two commas": ("hands: [6-5,,1-1]\n", (1, 13), "nothing between two commas"),
    "a dash inside brackets": ("hands: [- 6-5]\n", (1, 9), "without a - before each"),
}
CYRILLIC_WORDS = re.compile("[а-яёіїєґ]{3}", re.IGNORECASE)
LINE_WORD = {"en": "line", "ru": "строка", "uk": "рядок", "es": "línea"}
PYYAML_WORDS = re.compile(r"expected|found|while (scanning|parsing)|could not|not allowed|<\w+ \w+>|stream")


@pytest.mark.parametrize("case", sorted(BROKEN_YAML))
def test_broken_yaml_is_told_in_our_words_in_every_language(case: str) -> None:
    text, mark, advice = BROKEN_YAML[case]
    refusal = _refusal(lambda: parse_source(text))
    assert refusal.mark == mark
    assert advice in refusal.message
    for lang in ("en", "ru", "uk", "es"):
        said = refusal.located(lang)
        assert not PYYAML_WORDS.search(said), said  # none of the parser's own English
        assert said.startswith(f"{LINE_WORD[lang]} {mark[0]}, "), said
        assert "YAML" in said
    for lang in ("ru", "uk"):
        assert CYRILLIC_WORDS.search(refusal.reason.in_(lang).split("YAML: ", 1)[1]), refusal.reason.in_(lang)
    _one_line(refusal)


BROKEN_JSON = {
    "a comma after the last item": ("[1,]", (1, 4), "a comma before ]"),
    "a key without quotes": ("{a: 1}", (1, 2), "a key in JSON is text in double quotes"),
    "a missing colon": ('{"a" 1}', (1, 6), "a key needs a colon"),
    "a missing comma": ("[1 2]", (1, 4), "a comma is missing"),
    "an unclosed quote": ('"abc', (1, 1), 'no closing "'),
    "a cut-off text": ('{"rules": "block", "hands": [[', (1, 31), "the text ends too soon"),
    "text after the end": ("[1] x", (1, 5), "one value"),
    "a bare word": ("[1, x]", (1, 5), "a value is missing here"),
}
JSON_WORDS = re.compile(r"Expecting|delimiter|property name|Unterminated|Extra data|Invalid")


@pytest.mark.parametrize("case", sorted(BROKEN_JSON))
def test_broken_json_is_told_in_our_words_in_every_language(case: str) -> None:
    text, mark, advice = BROKEN_JSON[case]
    refusal = _refusal(lambda: parse_json(text))
    assert refusal.mark == mark and advice in refusal.message
    for lang in ("en", "ru", "uk", "es"):
        assert not JSON_WORDS.search(refusal.located(lang)), refusal.located(lang)
    for lang in ("ru", "uk"):
        assert CYRILLIC_WORDS.search(refusal.reason.in_(lang).split("JSON: ", 1)[1]), refusal.reason.in_(lang)


def test_a_control_character_is_located_where_it_is() -> None:
    refusal = _refusal(lambda: parse_source("id: x\ntitle: y\nsummary: ab\x07cd\n"))
    assert refusal.mark == (3, 12)
    assert refusal.located() == "line 3, column 12: control character U+0007; remove it (write plain text)"


def test_an_escaped_control_character_inside_quotes_is_refused_too() -> None:
    refusal = _refusal(lambda: parse_source('id: x\ntext: "a\\x01b"\n'))
    assert "U+0001" in refusal.message and refusal.mark == (2, 7)


@pytest.mark.parametrize("text", ["", "   \n\n", "# only a comment\n"])
def test_an_empty_text_is_located_at_its_start(text: str) -> None:
    refusal = _refusal(lambda: parse_source(text))
    assert refusal.mark == (1, 1) and "empty" in refusal.message


def test_a_text_over_the_limit_says_where_it_passes_it() -> None:
    limits = Limits(max_bytes=100)
    refusal = _refusal(lambda: parse_source("a: b\n" * 30, "x", limits))
    assert refusal.mark == (21, 1)  # 20 lines of 5 bytes reach the limit
    assert "at most 0 kB" not in refusal.message and "larger than" in refusal.message


def test_alias_counts_are_capped_before_expansion() -> None:
    text = "a: &a [x]\nb: [" + ", ".join(["*a"] * (LESSON_LIMITS.max_aliases + 1)) + "]\n"
    refusal = _refusal(lambda: parse_source(text))
    assert f"more than {LESSON_LIMITS.max_aliases} aliases" in refusal.message


@pytest.mark.parametrize(
    ("case", "needle"),
    [
        ("5000 nines of stars", "number too large"),
        ("a lone surrogate lesson id", "half of a character pair"),
        ("5000-deep arrays", "nested too deeply"),
    ],
)
def test_the_reviews_json_files_get_a_located_message(case: str, needle: str) -> None:
    refusal = _refusal(lambda: parse_json(decode(REVIEW_PROGRESS_FILES[case])))
    assert needle in refusal.message and refusal.mark is not None
    _one_line(refusal)


@pytest.mark.parametrize("text", ["[NaN]", '{"a": Infinity}', "[-Infinity]"])
def test_json_without_numbers_that_json_does_not_have(text: str) -> None:
    assert "not a number JSON allows" in _refusal(lambda: parse_json(text)).message


def test_bytes_that_are_not_utf8_are_located() -> None:
    refusal = _refusal(lambda: decode(b"id: x\ntitle: caf\xe9\n"))
    assert refusal.mark == (2, 11) and "byte 0xe9" in refusal.message


def test_a_byte_order_mark_is_dropped() -> None:
    assert parse_json(decode(b'\xef\xbb\xbf{"a": 1}')) == {"a": 1}


# -- files ----------------------------------------------------------------------------------------


def test_a_folder_a_device_and_a_pipe_are_not_files(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for path in (tmp_path, Path("/dev/zero"), fifo):
        assert "not a regular file" in _refusal(lambda p=path: read_text(p)).message


def test_a_large_file_is_refused_by_its_size(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (LESSON_LIMITS.max_bytes + 10))
    assert _refusal(lambda: read_text(big)).message.startswith("the file is 200 kB; at most 200 kB")


class _Endless(io.RawIOBase):
    """A stream that never ends (like /dev/zero on standard input) and counts what was asked of it."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        assert size >= 0, "an endless stream must never be read to its end"
        self.asked.append(size)
        return b"a" * size


def test_a_stream_is_read_at_most_to_the_limit_and_one_byte() -> None:
    stream = _Endless()
    refusal = _refusal(lambda: read_stream(stream, Limits(max_bytes=1000)))  # type: ignore[arg-type]
    assert stream.asked == [1001] and "larger than 1 kB" in refusal.message


# -- fuzz: anything in, a value or one located line out -------------------------------------------


@FUZZ
@given(st.lists(st.sampled_from(HOSTILE_FRAGMENTS) | st.text(max_size=6), max_size=40).map("".join))
def test_any_text_parses_or_gets_one_line(text: str) -> None:
    for parse in (parse_source, parse_json):
        try:
            parse(text)
        except SourceError as exc:
            _one_line(exc)


@FUZZ
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=1, max_value=3))
def test_mutated_lessons_parse_or_get_one_located_line(seed: int, rounds: int) -> None:
    rng = seeded(seed)
    text = rng.choice(LESSON_TEXTS)
    for _ in range(rounds):
        text = mutate_text(text, rng)
    try:
        parse_source(text, "lesson.yaml")
    except SourceError as exc:
        _one_line(exc)
        assert exc.mark is not None, exc.message


@FUZZ
@given(st.binary(max_size=200))
def test_any_bytes_decode_or_get_one_line(data: bytes) -> None:
    try:
        decode(data)
    except SourceError as exc:
        _one_line(exc)
