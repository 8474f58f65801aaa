"""A room in the database: opening it within the limits, finding it by a typed code, who is in it, moderation.

Why the database and not the server's memory: a club may run several app
instances behind a load balancer, and a phone's next request may reach
another one; every instance reads the same rows (SQLite for one computer,
PostgreSQL for several, through ``DATABASE_URL``).

Why every change locks its room's row first (``FOR UPDATE`` on PostgreSQL, an
immediate transaction on SQLite) and bumps ``version``: two devices acting at
once are put in order, and every screen learns that something changed by
reading one small number (``version``) when it polls.

Why tokens and not names: a device proves which member it is by the token it
got when it joined (only its hash is stored); the host can give their own
screen a new token (``rotate``), which ends the old one wherever it was copied.

Why ``since``: while the server or its database is down no device can say it
is there; that time never counts as a player's absence or a room's idleness.

Why presence is written in batches and versions are read through a short
cache: a class of a hundred phones polls a hundred times a second. One write
transaction per instance every ``FLUSH_EVERY`` seconds carries every
device's "still here", and one read per room every ``VERSION_FRESH`` seconds
answers every poll of that room on this instance (a change made here is seen
at once: the instance forgets its cached number when it writes).

Why a room's rows can be shared per version: when the teacher moves on,
every phone of the class draws its page again within a second or two, and
each page reads the room, the reader's member row and the step's answers.
Asked with ``shared=True`` (the pages do), the rows read at one version
answer every screen of the room on this instance while the version stays,
for at most ``ROWS_FRESH`` seconds (presence notes change rows without a new
version); like a poll they may then be up to ``VERSION_FRESH`` seconds
behind another instance's change, after which the poll reruns the page.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, Literal, NamedTuple, TypeVar

import sqlalchemy as sa

from tutorial_app.club.classroom import ClassState
from tutorial_app.club.codes import new_code, new_token, read_code, read_token, token_hash
from tutorial_app.club.errors import ClubError
from tutorial_app.club.limits import (
    IDLE_MINUTES,
    LIVE_PHASES,
    Visitor,
    check_guesses,
    check_quota,
    count_failure,
    forget_old,
    visitor,
)
from tutorial_app.club.rule_book import RuleBook
from tutorial_app.club.seating import SEEN_EVERY, Member, Role, free_seat, member_name, name_taken, seat_holders
from tutorial_app.club.shared_hand import TableSetup
from tutorial_app.club.tables import answers_table, members_table, moves_table, rooms_table, upgrade
from tutorial_app.names import name_key
from tutorial_app.rules.text import Text, msg
from tutorial_app.stores.sqlite import SQLITE_CONNECT, begin_immediate

__all__ = ["RoomStore", "Room", "ROOM_HOURS", "THIS_COMPUTER", "DB_ERRORS", "connect"]

FLUSH_EVERY = 2.0
"""Seconds between two writes of the presence notes this instance collected."""
VERSION_FRESH = 0.2
"""Seconds a room's version read on this instance answers the polls of its other screens."""
ROWS_FRESH = 2.0
"""Seconds a room's rows read at one version answer the pages of its other screens on this instance."""
DB_ERRORS: tuple[type[Exception], ...] = (sa.exc.SQLAlchemyError, OSError)
"""What a database that does not answer raises (a stopped server, a full disk, a read-only file): the
pages catch these without importing SQLAlchemy themselves."""
ROOM_HOURS = 12
"""A join code works for at most this long after its room opened (a club evening), then it expires."""
THIS_COMPUTER = visitor(None, "this computer")
"""The visitor of calls made on the server itself (tests, scripts)."""
_LOG = logging.getLogger(__name__)
T = TypeVar("T")

_UNKNOWN = msg("there is no room with this code: check the code on the teacher's screen")
_EXPIRED = msg("this code has expired: ask for a new one")
_IDLE = msg(
    "this room closed after {IDLE_MINUTES} minutes with nobody in it: open a new one", IDLE_MINUTES=IDLE_MINUTES
)
_NOT_YOURS = msg("this link does not belong to anyone in the room: join again with the code")
_REMOVED = msg("the host of this room has removed you from it")
_HOST_ONLY = msg("only the host of this room can do that")


class Room(NamedTuple):
    """A class or a table as stored: ``step`` is the class's step or the table's hand number;
    ``phase`` the class's phase or the table's (``lobby``, ``playing``, ``closed``); ``locked``: the host
    lets nobody else in."""

    code: str
    kind: Literal["class", "table"]
    created: float
    expires: float
    version: int
    setup: str
    step: int
    phase: str
    first_hand: int
    to_move: int
    locked: bool = False

    def class_state(self) -> ClassState:
        data = json.loads(self.setup)
        return ClassState(str(data["lesson"]), int(data["steps"]), self.step, self.phase)  # type: ignore[arg-type]

    def class_data(self) -> dict[str, Any]:
        """The class's lesson, seed, number of steps and capacity."""
        return dict(json.loads(self.setup))

    def table_setup(self) -> TableSetup:
        return TableSetup.from_json(self.setup)


def connect(url: str) -> tuple[sa.Engine, sa.Engine]:
    """A reading and a writing engine for ``url``.

    Why two on SQLite: a writer there must take the write lock when its
    transaction begins (``BEGIN IMMEDIATE``), or two writers that both read
    first deadlock; readers need no lock and stay out of the writers' way
    (write-ahead log).
    """
    if not url.startswith("sqlite"):
        # Why these pool sizes: every screen's script runs in a thread of its own; a hundred phones must
        # not queue for a connection, while three instances stay under PostgreSQL's 100 connections.
        engine = sa.create_engine(url, future=True, pool_pre_ping=True, pool_size=10, max_overflow=20)
        return engine, engine
    options: dict[str, Any] = {"future": True, "pool_size": 20, "max_overflow": 200}
    reader = sa.create_engine(url, connect_args=SQLITE_CONNECT, **options)
    writer = sa.create_engine(url, connect_args=SQLITE_CONNECT, **options)
    begin_immediate(writer)

    @sa.event.listens_for(reader, "connect")
    def _wal(dbapi: Any, _record: Any) -> None:
        try:
            dbapi.execute("PRAGMA journal_mode=WAL")
        except Exception as exc:  # a read-only file can still be read (the page says writes fail)
            _LOG.warning("club database without write-ahead log: %s", type(exc).__name__)

    return reader, writer


def _member(row: Any) -> Member:
    hint = json.loads(row.hint) if row.hint else None
    return Member(
        row.id,
        row.name,
        row.role,
        row.seat,
        bool(row.host),
        float(row.joined),
        float(row.last_seen),
        Text.from_json(hint) if hint else None,
        int(row.hint_at or 0),
    )


def _fresh(parts: dict[Hashable, tuple[int, float, Any]], now: float) -> bool:
    """Whether any of a room's shared rows may still be used (else the room is forgotten)."""
    return any(now - read_at < ROWS_FRESH for _version, read_at, _rows in parts.values())


def _room_of(row: Any) -> Room:
    return Room(
        row.code,
        row.kind,
        row.created,
        row.expires,
        row.version,
        row.setup,
        row.step,
        row.phase,
        row.first_hand,
        row.to_move,
        bool(row.locked),
    )


class RoomStore:
    """Rooms kept in one database; every method takes the time ``now`` (seconds).

    ``started``: when this server began to hear devices (default: now); see ``since``. ``admin_pin``: the
    club admin's PIN from the server's settings (None: set on the page, or the server's computer only).
    """

    def __init__(self, url: str, started: float | None = None, admin_pin: str | None = None) -> None:
        self._reader, self._writer = connect(url)
        upgrade(self._writer)
        self.book = RuleBook(self._reader, self._writer, admin_pin)
        self._since = time.time() if started is None else started
        self._down = False
        self._lock = threading.Lock()
        self._seen: dict[tuple[str, str], float] = {}  # (room, member id) -> when this instance heard it
        self._flushed = 0.0
        self._versions: dict[str, tuple[float, int | None]] = {}  # room -> (monotonic time read, version)
        self._rows: dict[str, dict[Hashable, tuple[int, float, Any]]] = {}  # room -> part -> (version, read at, rows)
        self._changes: dict[str, int] = {}  # room -> how many changes this instance made to it (``_forget``)
        self._cache_lock = threading.Lock()

    @property
    def since(self) -> float:
        """When this server could last hear every device: it started, or its database came back."""
        return self._since

    @contextmanager
    def _watching(self, now: float) -> Iterator[None]:
        """Note the database going away and coming back (the time it is back becomes ``since``)."""
        try:
            yield
        except sa.exc.SQLAlchemyError:
            self._down = True
            raise
        if self._down:
            self._down = False
            self._since = max(self._since, now)

    # -- opening and finding a room ------------------------------------------------------------

    def _open_room(
        self, kind: str, setup: str, phase: str, host: tuple[str, Role, int | None], who: Visitor, now: float
    ) -> tuple[str, str]:
        name, role, seat = host
        token = new_token()
        with self._writer.begin() as conn:
            if conn.dialect.name == "postgresql":  # one opening at a time across instances, so caps hold
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(2026120102)"))
            self._purge(conn, now)
            check_quota(conn, who, now, self.since)
            code = self._fresh_code(conn)
            conn.execute(
                rooms_table.insert().values(
                    code=code,
                    kind=kind,
                    created=now,
                    expires=now + ROOM_HOURS * 3600,
                    version=1,
                    setup=setup,
                    step=0,
                    phase=phase,
                    first_hand=0,
                    to_move=-1,
                    active=now,
                    locked=False,
                    opened_by=who.address,
                    client=who.client,
                )
            )
            self._add_member(conn, code, token, name, role, seat, True, now)
        return code, token

    @staticmethod
    def _add_member(
        conn: sa.Connection, code: str, token: str, name: str, role: Role, seat: int | None, host: bool, now: float
    ) -> None:
        conn.execute(
            members_table.insert().values(
                code=code,
                id=token_hash(token),
                name=name,
                name_key=name_key(name)[:240] if role != "wall" else "",
                role=role,
                seat=seat,
                host=host,
                joined=now,
                last_seen=now,
                hint=None,
                hint_at=0,
            )
        )

    @staticmethod
    def _fresh_code(conn: sa.Connection) -> str:
        for _ in range(20):
            code = new_code()
            if conn.execute(sa.select(rooms_table.c.code).where(rooms_table.c.code == code)).first() is None:
                return code
        raise ClubError(msg("no free join code was found; try again"))

    @staticmethod
    def _purge(conn: sa.Connection, now: float) -> None:
        """Forget rooms that expired or fell idle a day ago, with everything in them; old guess counts."""
        day_ago = now - 24 * 3600
        old = sa.select(rooms_table.c.code).where((rooms_table.c.expires < day_ago) | (rooms_table.c.active < day_ago))
        for table in (answers_table, moves_table, members_table):
            conn.execute(table.delete().where(table.c.code.in_(old)))
        conn.execute(rooms_table.delete().where((rooms_table.c.expires < day_ago) | (rooms_table.c.active < day_ago)))
        forget_old(conn, now)

    def find(self, typed: str, now: float, who: Visitor = THIS_COMPUTER) -> Room:
        """The room a typed code names (ClubError saying what is wrong with it).

        Every well-formed code that names no open room counts as a wrong guess of ``who``'s address, and
        an address that used up its guesses this hour is refused before anything is looked up.
        """
        code = read_code(typed)
        if code is None:
            raise ClubError(msg("a join code is 8 letters and digits, like K7M2QX9P"))
        with self._writer.begin() as conn:
            check_guesses(conn, "code", who.address, now)
            try:
                return self._room(conn, code, now)
            except ClubError as exc:
                refused = exc
                count_failure(conn, "code", who.address, now)
        raise refused

    # -- reading a room ---------------------------------------------------------------------------

    def version(self, code: str, now: float | None = None) -> int | None:
        """The room's change counter (None: no such room): a screen polls this one number.

        Read at most every ``VERSION_FRESH`` seconds per room on this instance.
        """
        kept = self._versions.get(code)
        if kept is not None and time.monotonic() - kept[0] < VERSION_FRESH:
            return kept[1]
        read_at, changes = time.monotonic(), self._changes.get(code, 0)
        with self._watching(time.time() if now is None else now), self._reader.connect() as conn:
            found = conn.execute(sa.select(rooms_table.c.version).where(rooms_table.c.code == code)).scalar()
        number = int(found) if found is not None else None
        with self._cache_lock:
            kept = self._versions.get(code)
            if kept is not None and kept[1] is not None and number is not None and kept[1] > number:
                return kept[1]  # another screen's read, after this one, already found a newer version
            if self._changes.get(code, 0) == changes:
                self._versions[code] = (read_at, number)
        return number

    def _read(self, code: str, part: Hashable, now: float, read: Callable[[sa.Connection], T], shared: bool) -> T:
        """Rows of a room: as the database has them now, or (``shared``) read once per version of the room on
        this instance for all its screens.

        Why the version is taken before the rows: the rows are then at least as new as the version they are
        kept under, so a page drawn from them never waits on a version it has not seen. Why nothing read before
        a change this instance made is kept after it (``_changes``), nor a version older than one kept: a
        screen's thread held up between its read and its store (a loaded server) put back the version and rows
        from before a learner joined; a page that read the room at the new version then took the members from
        before it, and showed the teacher no learner while its poll, at the new version, saw nothing to redraw.
        """
        if not shared:
            with self._reader.connect() as conn:
                return read(conn)
        changes = self._changes.get(code, 0)
        version = self.version(code, now)
        at = time.monotonic()
        kept = self._rows.get(code, {}).get(part)
        if kept is not None and kept[0] == version and at - kept[1] < ROWS_FRESH:
            return kept[2]  # type: ignore[no-any-return]
        with self._watching(now), self._reader.connect() as conn:
            rows = read(conn)
        if version is not None:
            with self._cache_lock:
                if len(self._rows) > 1000:
                    self._rows = {room: parts for room, parts in self._rows.items() if _fresh(parts, at)}
                kept = self._rows.get(code, {}).get(part)
                if self._changes.get(code, 0) == changes and (kept is None or kept[0] <= version):
                    self._rows.setdefault(code, {})[part] = (version, at, rows)
        return rows

    def _forget(self, code: str) -> None:
        """This instance changed the room: its next reads go to the database, and a read begun before is not kept."""
        with self._cache_lock:
            self._changes[code] = self._changes.get(code, 0) + 1
            self._versions.pop(code, None)
            self._rows.pop(code, None)

    def room(self, code: str, now: float, *, shared: bool = False) -> Room:
        """The room (ClubError when the code is unknown, expired or the room fell idle); ``shared``: the row
        read for this version of the room by any screen of it on this instance."""
        return self._checked(self._read(code, "room", now, lambda conn: self._row(conn, code), shared), code, now)

    @staticmethod
    def _row(conn: sa.Connection, code: str, lock: bool = False) -> Any:
        query = sa.select(rooms_table).where(rooms_table.c.code == code)
        return conn.execute(query.with_for_update() if lock else query).first()

    def _room(self, conn: sa.Connection, code: str, now: float, lock: bool = False) -> Room:
        return self._checked(self._row(conn, code, lock), code, now)

    def _checked(self, row: Any, code: str, now: float) -> Room:
        """The room of a row read (ClubError when there is none, it expired or it fell idle)."""
        if row is None:
            raise ClubError(_UNKNOWN)
        if row.expires < now:
            raise ClubError(_EXPIRED)
        if row.phase in LIVE_PHASES and max(float(row.active), self.since) < now - IDLE_MINUTES * 60:
            raise ClubError(_IDLE)
        with self._cache_lock:
            kept = self._versions.get(code)
            if kept is not None and kept[1] is not None and kept[1] < row.version:
                self._versions[code] = (time.monotonic(), int(row.version))  # never older than a page's own read
        return _room_of(row)

    def members(self, code: str, now: float | None = None, *, shared: bool = False) -> list[Member]:
        """Everybody in the room (the wall screen and removed members too), in the order they joined;
        ``shared``: as read for this version of the room by any screen of it on this instance."""
        when = time.time() if now is None else now
        return list(self._read(code, "members", when, lambda conn: self._members(conn, code), shared))

    @staticmethod
    def _members(conn: sa.Connection, code: str) -> list[Member]:
        rows = conn.execute(
            sa.select(members_table)
            .where(members_table.c.code == code)
            .order_by(members_table.c.joined, members_table.c.name)
        )
        return [_member(row) for row in rows]

    def me(self, code: str, token: str | None, now: float, *, shared: bool = False) -> Member:
        """The member a device's token belongs to; notes that the device is still here (ClubError if none).
        ``shared``: found among the members read for this version of the room on this instance.

        Why the note is best-effort: a database that can be read but not written (a full disk, a read-only
        file) must not take the page away; the device is then merely not counted as present.
        """
        member = None
        if shared:
            found = read_token(token)
            wanted = token_hash(found) if found is not None else None
            member = next((m for m in self.members(code, now, shared=True) if m.id == wanted), None)
        if member is None or member.role == "removed":  # not among the rows shared: the database itself says
            with self._reader.connect() as conn:
                member = self._holder(conn, code, token)
        if now - member.last_seen >= SEEN_EVERY:
            self._note(code, member.id, now)
            member = member._replace(last_seen=now)
        return member

    def _note(self, code: str, member_id: str, now: float) -> None:
        with self._lock:
            self._seen[(code, member_id)] = max(now, self._seen.get((code, member_id), 0.0))
            due = now - self._flushed >= FLUSH_EVERY or now < self._flushed
        if due:
            self.flush(now)

    def flush(self, now: float) -> None:
        """Write the presence notes collected since the last flush, in one transaction (best-effort: a
        database that cannot be written leaves the devices merely not counted as present)."""
        with self._lock:
            pending, self._seen, self._flushed = self._seen, {}, now
        if not pending:
            return
        active: dict[str, float] = {}
        try:
            with self._writer.begin() as conn:
                for (code, member_id), seen in sorted(pending.items()):
                    conn.execute(
                        members_table.update()
                        .where(
                            members_table.c.code == code,
                            members_table.c.id == member_id,
                            members_table.c.last_seen < seen,
                        )
                        .values(last_seen=seen)
                    )
                    active[code] = max(seen, active.get(code, 0.0))
                for code, seen in sorted(active.items()):
                    conn.execute(
                        rooms_table.update()
                        .where(rooms_table.c.code == code, rooms_table.c.active < seen)
                        .values(active=seen)
                    )
        except sa.exc.SQLAlchemyError as exc:
            _LOG.warning("could not note %d devices' presence: %s", len(pending), type(exc).__name__)

    # -- changing a room ---------------------------------------------------------------------

    @contextmanager
    def _change(self, code: str, now: float) -> Iterator[tuple[sa.Connection, Room]]:
        """One change of a room: its row locked first, its version bumped last."""
        try:
            with self._writer.begin() as conn:
                room = self._room(conn, code, now, lock=True)
                yield conn, room
                conn.execute(
                    rooms_table.update()
                    .where(rooms_table.c.code == code)
                    .values(version=rooms_table.c.version + 1, active=now)
                )
        finally:
            self._forget(code)

    def _holder(self, conn: sa.Connection, code: str, token: str | None) -> Member:
        """The member a device's token belongs to (ClubError when it belongs to nobody here, or they were removed)."""
        found = read_token(token)
        row = (
            None
            if found is None
            else conn.execute(
                sa.select(members_table).where(members_table.c.code == code, members_table.c.id == token_hash(found))
            ).first()
        )
        if row is None:
            raise ClubError(_NOT_YOURS)
        member = _member(row)
        if member.role == "removed":
            raise ClubError(_REMOVED)
        return member

    def _host(self, conn: sa.Connection, code: str, token: str | None) -> Member:
        me = self._holder(conn, code, token)
        if not me.host:
            raise ClubError(_HOST_ONLY)
        return me

    def join(self, code: str, name: str, now: float, seat: int | None = None) -> str:
        """Join a class as a learner or take a table's seat; the device's new token."""
        clean = member_name(name)
        token = new_token()
        with self._change(code, now) as (conn, room):
            if room.locked:
                raise ClubError(msg("the host has locked this room: nobody new can join"))
            members = self._members(conn, code)
            if name_taken(clean, members):
                raise ClubError(
                    msg(
                        "somebody here is already called {clean}, or a name that looks the same: add an initial or a number",
                        clean=clean,
                    )
                )
            role: Role = "learner" if room.kind == "class" else "player"
            taken = self._place(room, members, seat)
            self._add_member(conn, code, token, clean, role, taken, False, now)
        return token

    @staticmethod
    def _place(room: Room, members: list[Member], seat: int | None) -> int | None:
        """The seat a newcomer takes at a table (None in a class, which only checks its capacity)."""
        if room.kind == "class":
            if room.phase == "over":
                raise ClubError(msg("this class is over"))
            capacity = int(room.class_data()["capacity"])
            if sum(1 for m in members if m.role == "learner") >= capacity:
                raise ClubError(msg("the class is full ({capacity} learners)", capacity=capacity))
            return None
        if room.phase == "closed":
            raise ClubError(msg("this table is closed"))
        return free_seat(seat_holders(room.table_setup().players, members), seat)

    def _seat_freed(self, conn: sa.Connection, room: Room, now: float) -> None:
        """What follows when a seat is freed during a hand (``ClubStore``: the bots move)."""

    def leave(self, code: str, token: str | None, now: float) -> None:
        """A player leaves the table: the seat goes to a bot at once (the host cannot leave, only close)."""
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if me.host:
                raise ClubError(msg("you opened this table: close it instead"))
            conn.execute(members_table.delete().where(members_table.c.code == code, members_table.c.id == me.id))
            self._seat_freed(conn, room, now)

    # -- the host's moderation and keys ---------------------------------------------------------

    def remove(self, code: str, token: str | None, name: str, now: float) -> None:
        """The host removes a member by name: a learner's answers go with them, a player's seat goes to a bot.

        The member's device is told so; the name stays taken, so the same name cannot come straight back.
        """
        with self._change(code, now) as (conn, room):
            self._host(conn, code, token)
            target = next(
                (m for m in self._members(conn, code) if m.name == name and m.role not in ("wall", "removed")), None
            )
            if target is None:
                raise ClubError(msg("nobody here is called {name}", name=name))
            if target.host:
                raise ClubError(msg("the host cannot be removed"))
            conn.execute(
                members_table.update()
                .where(members_table.c.code == code, members_table.c.id == target.id)
                .values(role="removed", seat=None, hint=None)
            )
            conn.execute(
                answers_table.delete().where(answers_table.c.code == code, answers_table.c.member == target.id)
            )
            if target.seat is not None:
                self._seat_freed(conn, room, now)

    def lock(self, code: str, token: str | None, locked: bool, now: float) -> None:
        """The host lets nobody else in (``locked``), or opens the room again."""
        with self._change(code, now) as (conn, _room):
            self._host(conn, code, token)
            conn.execute(rooms_table.update().where(rooms_table.c.code == code).values(locked=locked))

    def rotate(self, code: str, token: str | None, now: float) -> str:
        """A new token for this device; the old one stops working everywhere it was copied to.

        Why a new version: every instance then reads the room's members again, not the old token's row.
        """
        fresh = new_token()
        with self._change(code, now) as (conn, _room):
            me = self._holder(conn, code, token)
            new_id = token_hash(fresh)
            conn.execute(
                members_table.update()
                .where(members_table.c.code == code, members_table.c.id == me.id)
                .values(id=new_id, last_seen=now)
            )
            conn.execute(
                answers_table.update()
                .where(answers_table.c.code == code, answers_table.c.member == me.id)
                .values(member=new_id)
            )
        return fresh

    def wall(self, code: str, token: str | None, now: float) -> str:
        """A new token for the class's view-only wall screen (the old wall link stops working)."""
        fresh = new_token()
        with self._change(code, now) as (conn, room):
            self._host(conn, code, token)
            if room.kind != "class":
                raise ClubError(msg("a wall screen is for a class"))
            conn.execute(members_table.delete().where(members_table.c.code == code, members_table.c.role == "wall"))
            self._add_member(conn, code, fresh, "", "wall", None, False, now)
        return fresh
