"""How a SQLite engine that writes is opened: the write lock taken when a transaction begins.

Why: a transaction that reads and then writes (a room's version, a learner's rating) would, on SQLite, take
the write lock only at its first write; two such transactions that both read first then deadlock. With
``BEGIN IMMEDIATE`` each takes the lock before it reads, and the other waits (up to ``timeout`` seconds).
The club's room store and the puzzles' store both open their writers this way.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

__all__ = ["SQLITE_CONNECT", "begin_immediate"]

SQLITE_CONNECT: dict[str, Any] = {"timeout": 30, "check_same_thread": False}
"""The driver's options for a SQLite file shared by the server's threads: wait up to 30 s for a lock."""


def begin_immediate(engine: sa.Engine) -> None:
    """Make every transaction of the SQLite ``engine`` begin with ``BEGIN IMMEDIATE`` (see the module's why)."""

    @sa.event.listens_for(engine, "connect")
    def _manual(dbapi: Any, _record: Any) -> None:
        dbapi.isolation_level = None  # the driver begins nothing itself; "begin" below does

    @sa.event.listens_for(engine, "begin")
    def _immediate(conn: sa.Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")
