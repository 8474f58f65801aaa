"""The checked-in JSON Schema is current, and every lesson file satisfies it."""

from __future__ import annotations

import pytest

from tutorial_app.lessons import lessons_root
from tutorial_app.lessons.check.validate import lesson_files
from tutorial_app.lessons.format.schema import SCHEMA_FILE, lesson_schema, schema_text
from tutorial_app.source import read_source


def test_schema_file_is_current() -> None:
    on_disk = (lessons_root() / SCHEMA_FILE).read_text(encoding="utf-8")
    assert on_disk == schema_text(), "run: domino-tutor lessons schema --write"


def test_every_lesson_satisfies_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(lesson_schema())
    for path in lesson_files([lessons_root()]):
        data = read_source(path).data
        errors = [e.message for e in validator.iter_errors(data)]
        assert errors == [], path.name


def test_the_command_line_names_the_same_schema_file() -> None:
    """The lessons verb names the file in its help without importing the lesson models (start-up time)."""
    from tutorial_app.commands import lessons as verb

    assert verb.SCHEMA_FILE == SCHEMA_FILE
