"""The JSON Schema of the lesson format, generated from the models.

Why generated: an editor completes keys from ``lessons/lesson.schema.json``,
and a test keeps the file equal to what the models say.
"""

from __future__ import annotations

import json
from typing import Any

from tutorial_app.lessons.format.model import Lesson

__all__ = ["lesson_schema", "schema_text", "SCHEMA_FILE"]

SCHEMA_FILE = "lesson.schema.json"


def lesson_schema() -> dict[str, Any]:
    """The JSON Schema of one lesson file."""
    schema = Lesson.model_json_schema(by_alias=True)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def schema_text() -> str:
    """The schema as the checked-in file holds it."""
    return json.dumps(lesson_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
