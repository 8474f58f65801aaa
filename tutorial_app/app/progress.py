"""Learners' stars per lesson, kept in a database through SQLAlchemy.

Why SQLAlchemy: a single learner needs only an embedded SQLite file, but a
club may run several app instances against one PostgreSQL server
(``DATABASE_URL``); one code path serves both. Names are stored as bound
parameters, so any characters are safe.
"""

from __future__ import annotations

import json
import os
import unicodedata
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa

__all__ = ["ProgressError", "ProgressStore", "clean_name", "default_url", "MAX_NAME", "MAX_IMPORT_BYTES"]

MAX_NAME = 60
MAX_IMPORT_BYTES = 200_000
ENV_URL = "DATABASE_URL"
ENV_PATH = "DOMINO_TUTOR_PROGRESS_DB"
EXPORT_FORMAT = "domino-tutor-progress"

_metadata = sa.MetaData()
_progress = sa.Table(
    "lesson_progress",
    _metadata,
    sa.Column("learner", sa.String(MAX_NAME * 4), primary_key=True),
    sa.Column("lesson_id", sa.String(200), primary_key=True),
    sa.Column("stars", sa.Integer, nullable=False),
    sa.Column("updated", sa.String(40), nullable=False),
)


class ProgressError(ValueError):
    """A name or a progress file that cannot be stored; the message says why."""


def clean_name(name: str) -> str:
    """A learner's name as stored: NFC, inner spaces kept, no control characters."""
    text = unicodedata.normalize("NFC", name).strip()
    if not text:
        raise ProgressError("empty name")
    if len(text) > MAX_NAME:
        raise ProgressError(f"name longer than {MAX_NAME} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise ProgressError("name with control characters")
    return text


def default_url(env: Mapping[str, str] | None = None) -> str:
    """``DATABASE_URL``, else SQLite at ``DOMINO_TUTOR_PROGRESS_DB`` or ~/.domino-tutor/progress.sqlite3."""
    env = os.environ if env is None else env
    if env.get(ENV_URL):
        return env[ENV_URL]
    path = Path(env.get(ENV_PATH) or Path.home() / ".domino-tutor" / "progress.sqlite3").expanduser()
    return f"sqlite:///{path}"


class ProgressStore:
    """Best stars per learner and lesson."""

    def __init__(self, url: str) -> None:
        if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        self._engine = sa.create_engine(url, future=True)
        _metadata.create_all(self._engine)

    def stars(self, learner: str) -> dict[str, int]:
        """Lesson id -> best stars for a learner."""
        name = clean_name(learner)
        query = sa.select(_progress.c.lesson_id, _progress.c.stars).where(_progress.c.learner == name)
        with self._engine.connect() as conn:
            return {row.lesson_id: int(row.stars) for row in conn.execute(query)}

    def record(self, learner: str, lesson_id: str, stars: int) -> int:
        """Keep the best of the stored and the new stars; returns what is stored now."""
        name = clean_name(learner)
        stars = max(0, min(3, int(stars)))
        now = datetime.now(UTC).isoformat(timespec="seconds")
        key = (_progress.c.learner == name) & (_progress.c.lesson_id == lesson_id)
        # Why update first, in one statement: several app instances may share
        # one database, and "keep the best" must hold when two write at once.
        raise_to_best = (
            _progress.update()
            .where(key)
            .values(stars=sa.case((_progress.c.stars < stars, stars), else_=_progress.c.stars), updated=now)
        )
        with self._engine.begin() as conn:
            if conn.execute(raise_to_best).rowcount == 0:
                try:
                    with conn.begin_nested():
                        conn.execute(
                            _progress.insert().values(learner=name, lesson_id=lesson_id, stars=stars, updated=now)
                        )
                except sa.exc.IntegrityError:
                    # another instance inserted the same row in between
                    conn.execute(raise_to_best)
            return int(conn.execute(sa.select(_progress.c.stars).where(key)).scalar_one())

    def export(self, learner: str) -> str:
        """A learner's progress as a small JSON document."""
        return json.dumps({"format": EXPORT_FORMAT, "version": 1, "learner": clean_name(learner),
                           "stars": dict(sorted(self.stars(learner).items()))}, ensure_ascii=False, indent=2)

    def import_(self, learner: str, data: bytes | str) -> int:
        """Merge an exported file into a learner's progress; returns the number of lessons read."""
        if len(data) > MAX_IMPORT_BYTES:
            raise ProgressError(f"file larger than {MAX_IMPORT_BYTES // 1000} kB")
        try:
            doc = json.loads(data)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise ProgressError("not a progress file (not JSON)") from None
        if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT or not isinstance(doc.get("stars"), dict):
            raise ProgressError("not a progress file exported by Domino Tutor")
        stars = doc["stars"]
        for lesson_id, value in stars.items():
            if not isinstance(lesson_id, str) or not 0 < len(lesson_id) <= 200:
                raise ProgressError("a lesson id in the file is not valid")
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
                raise ProgressError(f"stars for {lesson_id[:40]!r} must be 0 to 3")
        for lesson_id, value in stars.items():
            self.record(learner, lesson_id, value)
        return len(stars)
