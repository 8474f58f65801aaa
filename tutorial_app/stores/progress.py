"""Learners' stars per lesson, kept in a database through SQLAlchemy.

Why SQLAlchemy: a single learner needs only an embedded SQLite file, but a
club may run several app instances against one PostgreSQL server
(``DATABASE_URL``); one code path serves both. Names are stored as bound
parameters, so any characters are safe.

Why ``SessionProgress``: a database that cannot be opened or written (a
corrupt file, a read-only folder, a server that is down) must not stop a
lesson; the page keeps the stars in the tab's session instead and says so.
"""

from __future__ import annotations

import json
import logging
import os
import unicodedata
from collections.abc import Collection, Mapping, MutableMapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from tutorial_app.names import MAX_NAME, name_problem, normal_name
from tutorial_app.rules.text import Text, msg, shown
from tutorial_app.source import Limits, SourceError, decode, parse_json

__all__ = [
    "ProgressError",
    "ProgressUnavailable",
    "ProgressStore",
    "SessionProgress",
    "clean_name",
    "default_url",
    "MAX_NAME",
    "MAX_IMPORT_BYTES",
]

MAX_LESSON_ID = 200
MAX_IMPORT_BYTES = 200_000
MAX_IMPORT_LESSONS = 1000
IMPORT_LIMITS = Limits(max_bytes=MAX_IMPORT_BYTES, max_depth=8, max_digits=6)
ENV_URL = "DATABASE_URL"
ENV_PATH = "DOMINO_TUTOR_PROGRESS_DB"
EXPORT_FORMAT = "domino-tutor-progress"

_LOG = logging.getLogger(__name__)
_metadata = sa.MetaData()
_progress = sa.Table(
    "lesson_progress",
    _metadata,
    sa.Column("learner", sa.String(MAX_NAME * 4), primary_key=True),
    sa.Column("lesson_id", sa.String(MAX_LESSON_ID), primary_key=True),
    sa.Column("stars", sa.Integer, nullable=False),
    sa.Column("updated", sa.String(40), nullable=False),
)


class ProgressError(ValueError):
    """A name, a lesson or a progress file that cannot be stored; ``reason`` says why in en and ru."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason


class ProgressUnavailable(ProgressError):
    """The database cannot be opened, read or written (the details are in the log)."""


_UNAVAILABLE = msg("progress database unreadable: stars are not saved (they are kept while this tab is open)")


def clean_name(name: str) -> str:
    """A learner's name as stored: NFC, inner spaces kept, no control characters (``tutorial_app.names``)."""
    problem = name_problem(name)
    if problem is not None:
        raise ProgressError(problem)
    return normal_name(name)


def check_entry(lesson_id: object, stars: object, known: Collection[str] | None) -> tuple[str, int]:
    """A lesson id and its stars as stored; ProgressError for what neither ``record`` nor an import accepts."""
    if (
        not isinstance(lesson_id, str)
        or not 0 < len(lesson_id) <= MAX_LESSON_ID
        or any(unicodedata.category(ch).startswith("C") for ch in lesson_id)
    ):
        raise ProgressError(msg("{shown} is not a lesson id", shown=shown(lesson_id)))
    if known is not None and lesson_id not in known:
        raise ProgressError(msg("there is no lesson {shown} in the courses", shown=shown(lesson_id)))
    if isinstance(stars, bool) or not isinstance(stars, int) or not 0 <= stars <= 3:
        raise ProgressError(
            msg(
                "stars for {shown} must be a whole number from 0 to 3, not {shown2}",
                shown=shown(lesson_id),
                shown2=shown(stars),
            )
        )
    return lesson_id, stars


def default_url(env: Mapping[str, str] | None = None) -> str:
    """``DATABASE_URL``, else SQLite at ``DOMINO_TUTOR_PROGRESS_DB`` or ~/.domino-tutor/progress.sqlite3."""
    env = os.environ if env is None else env
    if env.get(ENV_URL):
        return env[ENV_URL]
    path = Path(env.get(ENV_PATH) or Path.home() / ".domino-tutor" / "progress.sqlite3").expanduser()
    return f"sqlite:///{path}"


def read_progress_file(data: bytes | str, known: Collection[str] | None = None) -> dict[str, int]:
    """The stars in an exported progress file, every entry checked; ProgressError naming the first problem."""
    try:
        text = data if isinstance(data, str) else decode(data, IMPORT_LIMITS)
        doc = parse_json(text, "progress.json", IMPORT_LIMITS)
    except SourceError as exc:
        raise ProgressError(msg("not a progress file ({where})", where=exc.where())) from None
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT or not isinstance(doc.get("stars"), dict):
        raise ProgressError(msg("not a progress file exported by Domino Tutor"))
    stars = doc["stars"]
    limit = len(known) if known is not None else MAX_IMPORT_LESSONS
    if len(stars) > limit:
        raise ProgressError(msg("the file names {n} lessons; the courses have {limit}", n=len(stars), limit=limit))
    return dict(check_entry(lesson_id, value, known) for lesson_id, value in stars.items())


class ProgressStore:
    """Best stars per learner and lesson; ``lesson_ids`` (when given) are the only lessons it accepts.

    Database failures raise ProgressUnavailable (the cause is logged).
    """

    def __init__(self, url: str, lesson_ids: Collection[str] | None = None) -> None:
        self.lesson_ids = frozenset(lesson_ids) if lesson_ids is not None else None
        try:
            path = url.removeprefix("sqlite:///")
            if url.startswith("sqlite:///") and path != ":memory:" and not path.startswith("file:"):
                Path(path).parent.mkdir(parents=True, exist_ok=True)  # a file: URI names an existing database
            self._engine = sa.create_engine(url, future=True)
            _metadata.create_all(self._engine)
        except (OSError, sa.exc.SQLAlchemyError, ValueError) as exc:
            raise _unavailable("opened", exc) from None

    def stars(self, learner: str) -> dict[str, int]:
        """Lesson id -> best stars for a learner."""
        name = clean_name(learner)
        query = sa.select(_progress.c.lesson_id, _progress.c.stars).where(_progress.c.learner == name)
        try:
            with self._engine.connect() as conn:
                return {row.lesson_id: int(row.stars) for row in conn.execute(query)}
        except sa.exc.SQLAlchemyError as exc:
            raise _unavailable("read", exc) from None

    def record(self, learner: str, lesson_id: str, stars: int) -> int:
        """Keep the best of the stored and the new stars; returns what is stored now."""
        name = clean_name(learner)
        entry = check_entry(lesson_id, stars, self.lesson_ids)
        return self.write_best(name, {entry[0]: entry[1]})[entry[0]]

    def export(self, learner: str) -> str:
        """A learner's progress as a small JSON document."""
        return export_text(learner, self.stars(learner))

    def import_(self, learner: str, data: bytes | str) -> int:
        """Merge an exported file into a learner's progress, all or nothing; returns the number of lessons read."""
        name = clean_name(learner)
        stars = read_progress_file(data, self.lesson_ids)
        self.write_best(name, stars)
        return len(stars)

    def write_best(self, name: str, stars: Mapping[str, int]) -> dict[str, int]:
        """Raise each lesson's stars to the best, in one transaction; the stars stored afterwards."""
        try:
            with self._engine.begin() as conn:
                return {lesson_id: _raise_to_best(conn, name, lesson_id, value) for lesson_id, value in stars.items()}
        except sa.exc.SQLAlchemyError as exc:
            raise _unavailable("written", exc) from None


def _raise_to_best(conn: sa.Connection, name: str, lesson_id: str, stars: int) -> int:
    now = datetime.now(UTC).isoformat(timespec="seconds")
    key = (_progress.c.learner == name) & (_progress.c.lesson_id == lesson_id)
    # Why update first, in one statement: several app instances may share
    # one database, and "keep the best" must hold when two write at once.
    raise_to_best = (
        _progress.update()
        .where(key)
        .values(stars=sa.case((_progress.c.stars < stars, stars), else_=_progress.c.stars), updated=now)
    )
    if conn.execute(raise_to_best).rowcount == 0:
        try:
            with conn.begin_nested():
                conn.execute(_progress.insert().values(learner=name, lesson_id=lesson_id, stars=stars, updated=now))
        except sa.exc.IntegrityError:
            # another instance inserted the same row in between
            conn.execute(raise_to_best)
    return int(conn.execute(sa.select(_progress.c.stars).where(key)).scalar_one())


def _unavailable(doing: str, exc: BaseException) -> ProgressUnavailable:
    _LOG.warning("progress database could not be %s: %s", doing, " ".join(str(exc).split())[:300])
    return ProgressUnavailable(_UNAVAILABLE)


def export_text(learner: str, stars: Mapping[str, int]) -> str:
    return json.dumps(
        {"format": EXPORT_FORMAT, "version": 1, "learner": clean_name(learner), "stars": dict(sorted(stars.items()))},
        ensure_ascii=False,
        indent=2,
    )


class SessionProgress:
    """The progress store as a page uses it, with the tab's session as a fallback.

    When the database cannot be opened, read or written, the stars live in
    ``session`` (one per browser tab) and ``problem`` says why; nothing the
    learner earned is lost while the tab is open.
    """

    KEY = "_progress_fallback"
    PROBLEM = "_progress_problem"

    def __init__(
        self,
        store: ProgressStore | ProgressUnavailable,
        session: MutableMapping[str, Any],
        lesson_ids: Collection[str] | None = None,
    ) -> None:
        self.store = store if isinstance(store, ProgressStore) else None
        self.lesson_ids = self.store.lesson_ids if self.store is not None else lesson_ids
        self.session = session
        if not isinstance(store, ProgressStore):
            self._down(store)

    @property
    def problem(self) -> Text | None:
        """Why stars are not being saved, or None."""
        found = self.session.get(self.PROBLEM)
        return found if isinstance(found, Text) else None

    def _down(self, exc: ProgressUnavailable) -> None:
        self.session[self.PROBLEM] = exc.reason

    def _kept(self, learner: str) -> dict[str, int]:
        kept = self.session.setdefault(self.KEY, {})
        return kept.setdefault(clean_name(learner), {})  # type: ignore[no-any-return]

    def stars(self, learner: str) -> dict[str, int]:
        stored: dict[str, int] = {}
        if self.store is not None:
            try:
                stored = self.store.stars(learner)
            except ProgressUnavailable as exc:
                self._down(exc)
        kept = self._kept(learner)
        return {lesson: max(stored.get(lesson, 0), kept.get(lesson, 0)) for lesson in {*stored, *kept}}

    def record(self, learner: str, lesson_id: str, stars: int) -> int:
        entry = check_entry(lesson_id, stars, self.lesson_ids)
        return self._merge(learner, {entry[0]: entry[1]})[entry[0]]

    def export(self, learner: str) -> str:
        return export_text(learner, self.stars(learner))

    def import_(self, learner: str, data: bytes | str) -> int:
        stars = read_progress_file(data, self.lesson_ids)
        self._merge(learner, stars)
        return len(stars)

    def _merge(self, learner: str, stars: Mapping[str, int]) -> dict[str, int]:
        if self.store is not None:
            try:
                return self.store.write_best(clean_name(learner), stars)
            except ProgressUnavailable as exc:
                self._down(exc)
        kept = self._kept(learner)
        for lesson_id, value in stars.items():
            kept[lesson_id] = max(kept.get(lesson_id, 0), value)
        return {lesson_id: kept[lesson_id] for lesson_id in stars}
