"""A learner's puzzles in the progress database: ratings, attempts, the mistakes queue, the club's board.

Why the progress database: it is where a learner's stars already live
(SQLite on one computer, a club's PostgreSQL through ``DATABASE_URL``), so
one setting serves both, and several app instances of a club see the same
ratings. Every attempt is one transaction: the learner's rating, the
puzzle's rating, the streak and the attempt's row change together or not
at all; the rows it changes are locked first (``FOR UPDATE`` on PostgreSQL,
an immediate transaction on SQLite), so two learners solving the same puzzle
at once are put in order.

Every method that depends on the time takes ``now`` (seconds since the
epoch); the store's ``clock`` gives it by default, and a test passes its own.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NamedTuple

import sqlalchemy as sa

from tutorial_app.puzzles.glicko import DEFAULT, Rating, game
from tutorial_app.puzzles.schedule import Spacing, after_answer, new_spacing
from tutorial_app.puzzles.tables import (
    MAX_KEY,
    MAX_PAYLOAD,
    AttemptKind,
    MistakeSource,
    StoreUnavailable,
    attempts,
    day_before,
    day_of,
    engine_for,
    insert_once,
    learners,
    metadata,
    puzzles,
    queue,
)

__all__ = [
    "PuzzleStore",
    "StoreUnavailable",
    "LearnerStanding",
    "AttemptResult",
    "QueueItem",
    "MistakeSource",
    "BoardRow",
    "day_of",
]


class LearnerStanding(NamedTuple):
    """A learner's puzzle record: the rating, how many attempts and how many solved, the streak of days with a
    puzzle solved (``streak`` counts only while it is alive: the last such day is today or yesterday)."""

    rating: Rating
    attempts: int
    solved: int
    streak: int
    best_streak: int
    show_name: bool


class AttemptResult(NamedTuple):
    """What an attempt changed: the learner's rating before and after, the puzzle's after, the streak now."""

    before: Rating
    after: Rating
    puzzle: Rating
    streak: int


class QueueItem(NamedTuple):
    """One of the learner's mistakes: where it came from, what it holds (``payload``), its spacing."""

    id: int
    key: str
    source: MistakeSource
    payload: dict[str, Any]
    created: float
    spacing: Spacing


class BoardRow(NamedTuple):
    """A member on the club's board (only learners who chose to show their name)."""

    learner: str
    rating: float
    rd: float
    attempts: int
    solved: int


def _rating(row: Any) -> Rating:
    return Rating(float(row.rating), float(row.rd), float(row.vol))


def _locked_row(conn: sa.Connection, table: sa.Table, key: str, value: str, new: Mapping[str, Any]) -> Any:
    """The row of ``table`` whose ``key`` is ``value``, locked for this transaction; created with the values
    ``new`` when there is none (another instance may be creating it at the same moment: then theirs stands)."""
    query = sa.select(table).where(table.c[key] == value).with_for_update()
    row = conn.execute(query).first()
    if row is None:
        insert_once(conn, table.insert().values({key: value, **new}))
        row = conn.execute(query).first()
    return row


def _unrated(start: Rating) -> dict[str, Any]:
    """A new learner's or puzzle's rating columns: ``start``, nothing tried yet."""
    return {"rating": start.r, "rd": start.rd, "vol": start.vol, "attempts": 0, "solved": 0}


def _rated_after(rating: Rating, row: Any, solved: bool) -> dict[str, Any]:
    """A learner's or a puzzle's rating columns after one more attempt (``row``: theirs before it)."""
    return {
        "rating": rating.r,
        "rd": rating.rd,
        "vol": rating.vol,
        "attempts": row.attempts + 1,
        "solved": row.solved + (1 if solved else 0),
    }


class PuzzleStore:
    """The puzzle tables of one progress database (see the module's docstring)."""

    def __init__(self, url: str, clock: Callable[[], float] = time.time) -> None:
        """Open the tables at ``url`` (created when missing); ``sqlite://`` keeps them in this process's memory."""
        self.clock = clock
        try:
            self._engine = engine_for(url)
            metadata.create_all(self._engine)
        except (OSError, sa.exc.SQLAlchemyError, ValueError) as exc:
            raise StoreUnavailable() from exc

    @contextmanager
    def _connection(self, write: bool = False) -> Iterator[sa.Connection]:
        """A connection; with ``write``, in a transaction committed when the block ends. A database that does
        not answer raises ``StoreUnavailable``."""
        try:
            with self._engine.begin() if write else self._engine.connect() as conn:
                yield conn
        except sa.exc.SQLAlchemyError as exc:
            raise StoreUnavailable() from exc

    # -- the learner -------------------------------------------------------------------------

    def standing(self, learner: str, now: float | None = None, zone: str | None = None) -> LearnerStanding:
        """The learner's rating and record (a new learner: 1500 ± 350, nothing yet); ``zone`` is the learner's
        time zone (the streak counts the learner's days)."""
        today = day_of(self.clock() if now is None else now, zone)
        with self._connection() as conn:
            row = conn.execute(sa.select(learners).where(learners.c.learner == learner)).first()
        if row is None:
            return LearnerStanding(DEFAULT, 0, 0, 0, 0, False)
        alive = row.last_day in (today, day_before(today))
        return LearnerStanding(
            _rating(row),
            int(row.attempts),
            int(row.solved),
            int(row.streak) if alive else 0,
            int(row.best_streak),
            bool(row.show_name),
        )

    def _learner_row(self, conn: sa.Connection, learner: str, now: float) -> Any:
        """The learner's row, locked for this transaction (created for a new learner)."""
        new = {**_unrated(DEFAULT), "streak": 0, "best_streak": 0, "last_day": "", "show_name": False, "updated": now}
        return _locked_row(conn, learners, "learner", learner, new)

    def show_name(self, learner: str, shown: bool, now: float | None = None) -> None:
        """Whether the learner's name and rating appear on the club's board (off until they say so)."""
        now = self.clock() if now is None else now
        with self._connection(write=True) as conn:
            self._learner_row(conn, learner, now)
            conn.execute(learners.update().where(learners.c.learner == learner).values(show_name=shown, updated=now))

    # -- puzzles -------------------------------------------------------------------------------

    def puzzle_ratings(self) -> dict[str, Rating]:
        """Every puzzle's rating that attempts have moved (the others still have their starting rating)."""
        with self._connection() as conn:
            return {row.puzzle_id: _rating(row) for row in conn.execute(sa.select(puzzles))}

    def attempted(self, learner: str) -> set[str]:
        """The puzzles the learner has tried (rated or daily)."""
        query = sa.select(attempts.c.puzzle_id).where((attempts.c.learner == learner) & (attempts.c.kind != "mistake"))
        with self._connection() as conn:
            return {row.puzzle_id for row in conn.execute(query)}

    def solved_on(self, learner: str, puzzle_id: str, day: str) -> bool:
        """Whether the learner solved this puzzle on this day (the daily puzzle done)."""
        query = sa.select(sa.func.count()).where(
            (attempts.c.learner == learner)
            & (attempts.c.puzzle_id == puzzle_id)
            & (attempts.c.day == day)
            & attempts.c.solved
        )
        with self._connection() as conn:
            return bool(conn.execute(query).scalar_one())

    def _puzzle_row(self, conn: sa.Connection, puzzle_id: str, start: Rating) -> Any:
        """The puzzle's row, locked for this transaction (created at ``start`` for a puzzle nobody tried yet)."""
        return _locked_row(conn, puzzles, "puzzle_id", puzzle_id, _unrated(start))

    def record_attempt(
        self,
        learner: str,
        puzzle_id: str,
        start: Rating,
        move: str,
        solved: bool,
        kind: AttemptKind = "rated",
        now: float | None = None,
        zone: str | None = None,
    ) -> AttemptResult:
        """One attempt at a puzzle, in one transaction: both ratings (unless the learner tried this puzzle
        before: a second try moves no rating), the streak, the attempt's row. ``start`` is the puzzle's rating
        before anybody tried it (as mined)."""
        now = self.clock() if now is None else now
        today = day_of(now, zone)
        with self._connection(write=True) as conn:
            row = self._learner_row(conn, learner, now)
            before = _rating(row)
            tried = conn.execute(
                sa.select(sa.func.count()).where((attempts.c.learner == learner) & (attempts.c.puzzle_id == puzzle_id))
            ).scalar_one()
            prow = self._puzzle_row(conn, puzzle_id, start)
            puzzle = _rating(prow)
            after = before
            if not tried:
                after, puzzle = game(before, puzzle, solved)
                conn.execute(
                    puzzles.update()
                    .where(puzzles.c.puzzle_id == puzzle_id)
                    .values(**_rated_after(puzzle, prow, solved))
                )
            streak, best = self._streak(row, solved, today)
            conn.execute(
                learners.update()
                .where(learners.c.learner == learner)
                .values(
                    **_rated_after(after, row, solved),
                    streak=streak,
                    best_streak=best,
                    last_day=today if solved else row.last_day,
                    updated=now,
                )
            )
            self._add_attempt(conn, learner, puzzle_id, kind, move, solved, after.r, now, today)
        return AttemptResult(before, after, puzzle, streak)

    @staticmethod
    def _streak(row: Any, solved: bool, today: str) -> tuple[int, int]:
        """The streak of days with a puzzle solved after this attempt, and the best streak."""
        streak = int(row.streak)
        if solved and row.last_day != today:
            streak = streak + 1 if row.last_day == day_before(today) else 1
        elif not solved and row.last_day not in (today, day_before(today)):
            streak = 0
        return streak, max(int(row.best_streak), streak)

    @staticmethod
    def _add_attempt(
        conn: sa.Connection,
        learner: str,
        puzzle_id: str,
        kind: str,
        move: str,
        solved: bool,
        rating: float,
        now: float,
        day: str,
    ) -> None:
        conn.execute(
            attempts.insert().values(
                learner=learner,
                puzzle_id=puzzle_id,
                kind=kind,
                move=move[:40],
                solved=solved,
                rating=rating,
                at=now,
                day=day,
            )
        )

    def history(self, learner: str, limit: int = 200) -> list[tuple[float, float]]:
        """The learner's rating after each of their last ``limit`` rated attempts, oldest first (for the chart)."""
        query = (
            sa.select(attempts.c.at, attempts.c.rating)
            .where((attempts.c.learner == learner) & (attempts.c.kind != "mistake"))
            .order_by(attempts.c.id.desc())
            .limit(limit)
        )
        with self._connection() as conn:
            rows = conn.execute(query).all()
        return [(float(r.at), float(r.rating)) for r in reversed(rows)]

    # -- the mistakes queue ----------------------------------------------------------------------

    def add_mistake(
        self, learner: str, key: str, source: MistakeSource, payload: Mapping[str, Any], now: float | None = None
    ) -> bool:
        """Put a mistake in the learner's queue, due in a day; the same mistake again (same ``key``) starts its
        spacing over, also when it had been retired. Returns whether the item is new."""
        now = self.clock() if now is None else now
        text = json.dumps(payload, ensure_ascii=False, sort_keys=True)
        if len(key) > MAX_KEY or len(text) > MAX_PAYLOAD:
            raise ValueError("a mistake's key or payload is too large to keep")
        spacing = new_spacing(now)
        fresh = {"due": spacing.due, "shown": 0, "rights": 0, "retired": False, "payload": text, "created": now}
        with self._connection(write=True) as conn:
            where = (queue.c.learner == learner) & (queue.c.key == key)
            if conn.execute(queue.update().where(where).values(**fresh)).rowcount:
                return False
            insert_once(conn, queue.insert().values(learner=learner, key=key, source=source, **fresh))
        return True

    def _items(self, where: Any) -> list[QueueItem]:
        query = sa.select(queue).where(where).order_by(queue.c.due, queue.c.id)
        with self._connection() as conn:
            rows = conn.execute(query).all()
        return [
            QueueItem(
                int(r.id),
                str(r.key),
                "quiz" if r.source == "quiz" else "review",
                json.loads(r.payload),
                float(r.created),
                Spacing(int(r.shown), int(r.rights), float(r.due), bool(r.retired)),
            )
            for r in rows
        ]

    def due_mistakes(self, learner: str, now: float | None = None) -> list[QueueItem]:
        """The learner's mistakes due now, the longest-waiting first."""
        now = self.clock() if now is None else now
        return self._items((queue.c.learner == learner) & ~queue.c.retired & (queue.c.due <= now))

    def waiting_mistakes(self, learner: str) -> list[QueueItem]:
        """Every mistake not yet retired (due or not), the soonest due first."""
        return self._items((queue.c.learner == learner) & ~queue.c.retired)

    def answer_mistake(
        self, learner: str, item_id: int, move: str, right: bool, now: float | None = None, zone: str | None = None
    ) -> Spacing:
        """An answer to a due mistake, in one transaction: the item's next showing (or its retirement) and the
        attempt's row (no rating moves: the queue is practice)."""
        now = self.clock() if now is None else now
        with self._connection(write=True) as conn:
            query = sa.select(queue).where((queue.c.id == item_id) & (queue.c.learner == learner)).with_for_update()
            row = conn.execute(query).first()
            if row is None:
                raise KeyError(f"no mistake {item_id} in {learner!r}'s queue")
            spacing = after_answer(
                Spacing(int(row.shown), int(row.rights), float(row.due), bool(row.retired)), right, now
            )
            conn.execute(
                queue.update()
                .where(queue.c.id == item_id)
                .values(due=spacing.due, shown=spacing.shown, rights=spacing.rights, retired=spacing.retired)
            )
            rating = conn.execute(sa.select(learners.c.rating).where(learners.c.learner == learner)).scalar()
            rating_now = float(rating or DEFAULT.r)
            self._add_attempt(conn, learner, str(row.key), "mistake", move, right, rating_now, now, day_of(now, zone))
        return spacing

    # -- the club -----------------------------------------------------------------------------------

    def board(self, limit: int = 100) -> list[BoardRow]:
        """The learners who chose to show their name, the highest rating first."""
        query = (
            sa.select(learners)
            .where(learners.c.show_name & (learners.c.attempts > 0))
            .order_by(learners.c.rating.desc(), learners.c.learner)
            .limit(limit)
        )
        with self._connection() as conn:
            return [
                BoardRow(str(r.learner), float(r.rating), float(r.rd), int(r.attempts), int(r.solved))
                for r in conn.execute(query)
            ]

    def forget(self, names: Iterable[str]) -> None:
        """Remove everything kept about these learners (tests, and a learner who asks)."""
        names = list(names)
        with self._connection(write=True) as conn:
            for table in (attempts, queue, learners):
                conn.execute(table.delete().where(table.c.learner.in_(names)))
