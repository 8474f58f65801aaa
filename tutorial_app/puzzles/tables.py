"""The puzzle tables of the progress database, and how the store opens it.

Why an immediate transaction on SQLite: an attempt reads the ratings and then
writes them; two SQLite writers that both read first would deadlock, so each
takes the write lock before it reads (and waits up to 30 s for the other).
``sqlite://`` keeps the tables in the process's memory (a tab of its own).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import sqlalchemy as sa

from tutorial_app.names import MAX_NAME
from tutorial_app.rules.text import Text, msg
from tutorial_app.stores.sqlite import SQLITE_CONNECT, begin_immediate

__all__ = [
    "MistakeSource",
    "AttemptKind",
    "MAX_KEY",
    "MAX_PAYLOAD",
    "metadata",
    "learners",
    "puzzles",
    "attempts",
    "queue",
    "StoreUnavailable",
    "day_of",
    "day_before",
    "engine_for",
    "insert_once",
]

MistakeSource = Literal["review", "quiz"]
AttemptKind = Literal["rated", "daily", "mistake"]
MAX_KEY = 200
MAX_PAYLOAD = 100_000

metadata = sa.MetaData()


def _rated() -> list[sa.Column[Any]]:
    """What learners and puzzles alike are rated by: one Glicko-2 rating each (its deviation and volatility),
    and how often it was tried and solved. Read by ``store._rating``, written by ``store._rated_after``."""
    return [
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
    ]


learners = sa.Table(
    "puzzlelearners",
    metadata,
    sa.Column("learner", sa.String(MAX_NAME * 4), primary_key=True),
    *_rated(),
    sa.Column("streak", sa.Integer, nullable=False),
    sa.Column("best_streak", sa.Integer, nullable=False),
    sa.Column("last_day", sa.String(10), nullable=False),
    sa.Column("show_name", sa.Boolean, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)
puzzles = sa.Table(
    "puzzle_ratings",
    metadata,
    sa.Column("puzzle_id", sa.String(MAX_KEY), primary_key=True),
    *_rated(),
)
attempts = sa.Table(
    "puzzleattempts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner", sa.String(MAX_NAME * 4), nullable=False, index=True),
    sa.Column("puzzle_id", sa.String(MAX_KEY), nullable=False),
    sa.Column("kind", sa.String(10), nullable=False),
    sa.Column("move", sa.String(40), nullable=False),
    sa.Column("solved", sa.Boolean, nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("day", sa.String(10), nullable=False),
)
queue = sa.Table(
    "mistakequeue",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner", sa.String(MAX_NAME * 4), nullable=False),
    sa.Column("key", sa.String(MAX_KEY), nullable=False),
    sa.Column("source", sa.String(10), nullable=False),
    sa.Column("payload", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("due", sa.Float, nullable=False),
    sa.Column("shown", sa.Integer, nullable=False),
    sa.Column("rights", sa.Integer, nullable=False),
    sa.Column("retired", sa.Boolean, nullable=False),
    sa.UniqueConstraint("learner", "key", name="mistakequeue_learner_key"),
)

_UNAVAILABLE = msg("the progress database is unreadable: puzzle ratings are not saved")


class StoreUnavailable(RuntimeError):
    """The database cannot be opened, read or written; ``reason`` says so in en and ru."""

    def __init__(self, reason: Text = _UNAVAILABLE) -> None:
        super().__init__(reason.en)
        self.reason = reason


def day_of(now: float, zone: str | None = None) -> str:
    """The calendar day of a moment in a time zone (an IANA name such as ``Europe/Moscow``; UTC when none or
    unknown), as stored: ``2026-12-01``. Why the learner's zone: a day's puzzle and a streak of days follow the
    learner's midnight, not Greenwich's."""
    return datetime.fromtimestamp(now, _zone(zone)).date().isoformat()


def _zone(name: str | None) -> tzinfo:
    if not name:
        return UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def day_before(day: str) -> str:
    return (datetime.fromisoformat(day).date() - timedelta(days=1)).isoformat()


def engine_for(url: str) -> sa.Engine:
    """An engine whose transactions take the write lock at once on SQLite (``BEGIN IMMEDIATE``).

    Why: an attempt reads the ratings and then writes them; two SQLite
    writers that both read first would deadlock, so each takes the lock
    before it reads (and waits up to 30 s for the other).
    """
    if not url.startswith("sqlite"):
        return sa.create_engine(url, future=True, pool_pre_ping=True)
    if url in ("sqlite://", "sqlite:///:memory:"):
        # one connection shared by every use: each new connection to ":memory:" would be an empty database
        engine = sa.create_engine(
            url, future=True, poolclass=sa.pool.StaticPool, connect_args={"check_same_thread": False}
        )
    else:
        engine = _file_engine(url)
    begin_immediate(engine)
    return engine


def _file_engine(url: str) -> sa.Engine:
    path = url.removeprefix("sqlite:///")
    if url.startswith("sqlite:///") and path != ":memory:" and not path.startswith("file:"):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    return sa.create_engine(url, future=True, connect_args=SQLITE_CONNECT)


def insert_once(conn: sa.Connection, insert: sa.Insert) -> None:
    """Insert a row another instance may be inserting at the same moment (then theirs stands)."""
    try:
        with conn.begin_nested():
            conn.execute(insert)
    except sa.exc.IntegrityError:
        pass
