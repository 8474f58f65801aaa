"""The club room in the progress database: rooms, their members, a class's answers, a table's moves.

Why the database and not the server's memory: a club may run several app
instances behind a load balancer, and a phone's next request may reach
another one; every instance reads the same rows (SQLite for one computer,
PostgreSQL for several, through ``DATABASE_URL``).

Why every change locks its room's row first (``FOR UPDATE`` on PostgreSQL, an
immediate transaction on SQLite) and bumps ``version``: two devices acting at
once are put in order, so a move is checked against the hand as it really
stands, and every screen learns that something changed by reading one small
number (``version``) when it polls.

Why tokens and not names: a device proves which member it is by the token it
got when it joined (only its hash is stored); a move is checked against the
seat that token holds, so no device can act for another seat.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Literal, NamedTuple

import sqlalchemy as sa

from tutorial_app.club.class_steps import Judged
from tutorial_app.club.classroom import Answered, ClassState, finish, next_step, previous_step, reveal
from tutorial_app.club.codes import new_code, new_token, read_code, read_token, token_hash
from tutorial_app.club.errors import ClubError
from tutorial_app.club.rule_book import RuleBook
from tutorial_app.club.seating import (
    SEEN_EVERY,
    Member,
    Role,
    bot_seats,
    free_seat,
    member_name,
    name_taken,
    seat_holders,
)
from tutorial_app.club.shared_hand import TableGame, TableSetup, check_move, replay
from tutorial_app.club.tables import answers_table, members_table, metadata, moves_table, rooms_table
from tutorial_app.lessons.format.model import MoveSpec
from tutorial_app.rules.line.state import Move
from tutorial_app.rules.text import Text
from tutorial_app.strategy.bot_table import PERSON, settle

__all__ = ["ClubStore", "Room", "ROOM_HOURS", "MAX_OPEN_ROOMS", "CLASS_CAPACITY", "TeacherAction", "connect", "clock"]

ROOM_HOURS = 12
"""A join code works for this long after its room opened (a club evening), then it expires."""
MAX_OPEN_ROOMS = 300
CLASS_CAPACITY = (2, 100)
"""The fewest and the most learners a teacher may let into one class."""
TeacherAction = Literal["reveal", "next", "back", "finish"]
_TRANSITIONS: dict[str, Callable[[ClassState], ClassState]] = {
    "reveal": reveal,
    "next": next_step,
    "back": previous_step,
    "finish": finish,
}

_UNKNOWN = Text(
    "there is no room with this code: check the code on the teacher's screen",
    "комнаты с таким кодом нет: сверьте код с экраном учителя",
)
_EXPIRED = Text("this code has expired: ask for a new one", "срок этого кода истёк: попросите новый")
_NOT_YOURS = Text(
    "this link does not belong to anyone in the room: join again with the code",
    "эта ссылка ни за кем в комнате не числится: войдите снова по коду",
)


class Room(NamedTuple):
    """A class or a table as stored: ``step`` is the class's step or the table's hand number;
    ``phase`` the class's phase or the table's (``lobby``, ``playing``, ``closed``)."""

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
        engine = sa.create_engine(url, future=True, pool_pre_ping=True)
        return engine, engine
    reader = sa.create_engine(url, future=True, connect_args={"timeout": 30, "check_same_thread": False})
    writer = sa.create_engine(url, future=True, connect_args={"timeout": 30, "check_same_thread": False})

    @sa.event.listens_for(reader, "connect")
    def _wal(dbapi: Any, _record: Any) -> None:
        dbapi.execute("PRAGMA journal_mode=WAL")

    @sa.event.listens_for(writer, "connect")
    def _manual(dbapi: Any, _record: Any) -> None:
        dbapi.isolation_level = None  # the driver begins nothing itself; "begin" below does

    @sa.event.listens_for(writer, "begin")
    def _immediate(conn: sa.Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

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
        Text(str(hint[0]), str(hint[1])) if hint else None,
        int(row.hint_at or 0),
    )


def _name_key(name: str) -> str:
    return " ".join(name.casefold().split())


class ClubStore:
    """Rooms (classes and tables) kept in one database; every method takes the time ``now`` (seconds)."""

    def __init__(self, url: str) -> None:
        self._reader, self._writer = connect(url)
        metadata.create_all(self._writer)
        self.book = RuleBook(self._reader, self._writer)

    # -- opening and reading a room --------------------------------------------------------

    def _open_room(
        self,
        kind: str,
        setup: str,
        phase: str,
        host: tuple[str, Role, int | None],
        now: float,
    ) -> tuple[str, str]:
        name, role, seat = host
        token = new_token()
        with self._writer.begin() as conn:
            self._purge(conn, now)
            open_rooms = conn.execute(
                sa.select(sa.func.count()).select_from(rooms_table).where(rooms_table.c.expires > now)
            ).scalar_one()
            if open_rooms >= MAX_OPEN_ROOMS:
                raise ClubError(
                    Text(
                        "too many rooms are open on this server; end an old class or table first",
                        "на сервере открыто слишком много комнат; сначала закройте старое занятие или стол",
                    )
                )
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
                )
            )
            conn.execute(
                members_table.insert().values(
                    code=code,
                    id=token_hash(token),
                    name=name,
                    name_key=_name_key(name),
                    role=role,
                    seat=seat,
                    host=True,
                    joined=now,
                    last_seen=now,
                    hint=None,
                    hint_at=0,
                )
            )
        return code, token

    @staticmethod
    def _fresh_code(conn: sa.Connection) -> str:
        for _ in range(20):
            code = new_code()
            if conn.execute(sa.select(rooms_table.c.code).where(rooms_table.c.code == code)).first() is None:
                return code
        raise ClubError(Text("no free join code was found; try again", "свободный код не нашёлся; попробуйте ещё раз"))

    @staticmethod
    def _purge(conn: sa.Connection, now: float) -> None:
        """Forget rooms that expired a day ago, with everything in them."""
        old = sa.select(rooms_table.c.code).where(rooms_table.c.expires < now - 24 * 3600)
        for table in (answers_table, moves_table, members_table):
            conn.execute(table.delete().where(table.c.code.in_(old)))
        conn.execute(rooms_table.delete().where(rooms_table.c.expires < now - 24 * 3600))

    def open_class(
        self, lesson_id: str, steps: int, teacher: str, capacity: int, now: float, seed: int | None = None
    ) -> tuple[str, str]:
        """Open a class at the lesson's first step; the join code and the teacher's token."""
        low, high = CLASS_CAPACITY
        if not low <= capacity <= high:
            raise ClubError(Text(f"a class takes {low} to {high} learners", f"в классе от {low} до {high} учеников"))
        chosen = seed if seed is not None else secrets.randbelow(1 << 30)
        setup = json.dumps({"lesson": lesson_id, "steps": steps, "seed": chosen, "capacity": capacity})
        return self._open_room("class", setup, "asking", (member_name(teacher), "teacher", None), now)

    def open_table(
        self, setup: TableSetup, host: str, role: Literal["player", "watcher"], now: float, seat: int | None = None
    ) -> tuple[str, str]:
        """Open a table (its players join by the code); the host plays a seat or watches every hand."""
        setup.rules()
        taken = free_seat((None,) * setup.players, seat) if role == "player" else None
        return self._open_room("table", setup.to_json(), "lobby", (member_name(host), role, taken), now)

    def version(self, code: str) -> int | None:
        """The room's change counter (None: no such room): a screen polls this one number."""
        with self._reader.connect() as conn:
            found = conn.execute(sa.select(rooms_table.c.version).where(rooms_table.c.code == code)).scalar()
        return int(found) if found is not None else None

    def room(self, code: str, now: float) -> Room:
        """The room (ClubError when the code is unknown or expired)."""
        with self._reader.connect() as conn:
            return self._room(conn, code, now)

    @staticmethod
    def _room(conn: sa.Connection, code: str, now: float, lock: bool = False) -> Room:
        query = sa.select(rooms_table).where(rooms_table.c.code == code)
        row = conn.execute(query.with_for_update() if lock else query).first()
        if row is None:
            raise ClubError(_UNKNOWN)
        if row.expires < now:
            raise ClubError(_EXPIRED)
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
        )

    def find(self, typed: str, now: float) -> Room:
        """The room a typed code names (ClubError saying what is wrong with it)."""
        code = read_code(typed)
        if code is None:
            raise ClubError(
                Text("a join code is 6 letters and digits, like K7M2QX", "код входа — 6 букв и цифр, например K7M2QX")
            )
        return self.room(code, now)

    def members(self, code: str) -> list[Member]:
        """Everybody in the room, in the order they joined."""
        with self._reader.connect() as conn:
            return self._members(conn, code)

    @staticmethod
    def _members(conn: sa.Connection, code: str) -> list[Member]:
        rows = conn.execute(
            sa.select(members_table)
            .where(members_table.c.code == code)
            .order_by(members_table.c.joined, members_table.c.name)
        )
        return [_member(row) for row in rows]

    def me(self, code: str, token: str | None, now: float) -> Member:
        """The member a device's token belongs to; notes that the device is still here (ClubError if none)."""
        found = read_token(token)
        if found is None:
            raise ClubError(_NOT_YOURS)
        key = token_hash(found)
        with self._reader.connect() as conn:
            row = conn.execute(
                sa.select(members_table).where(members_table.c.code == code, members_table.c.id == key)
            ).first()
        if row is None:
            raise ClubError(_NOT_YOURS)
        member = _member(row)
        if now - member.last_seen >= SEEN_EVERY:
            with self._writer.begin() as conn:
                conn.execute(
                    members_table.update()
                    .where(members_table.c.code == code, members_table.c.id == key)
                    .values(last_seen=now)
                )
            member = member._replace(last_seen=now)
        return member

    # -- changing a room ---------------------------------------------------------------------

    @contextmanager
    def _change(self, code: str, now: float) -> Iterator[tuple[sa.Connection, Room]]:
        """One change of a room: its row locked first, its version bumped last."""
        with self._writer.begin() as conn:
            room = self._room(conn, code, now, lock=True)
            yield conn, room
            conn.execute(
                rooms_table.update().where(rooms_table.c.code == code).values(version=rooms_table.c.version + 1)
            )

    def _holder(self, conn: sa.Connection, code: str, token: str | None) -> Member:
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
        return _member(row)

    def join(self, code: str, name: str, now: float, seat: int | None = None) -> str:
        """Join a class as a learner or take a table's seat; the device's new token."""
        clean = member_name(name)
        token = new_token()
        with self._change(code, now) as (conn, room):
            members = self._members(conn, code)
            if name_taken(clean, members):
                raise ClubError(
                    Text(
                        f"somebody here is already called {clean}: add an initial or a number",
                        f"здесь уже есть {clean}: добавьте к имени букву или цифру",
                    )
                )
            role: Role = "learner" if room.kind == "class" else "player"
            taken = self._place(room, members, seat)
            conn.execute(
                members_table.insert().values(
                    code=code,
                    id=token_hash(token),
                    name=clean,
                    name_key=_name_key(clean),
                    role=role,
                    seat=taken,
                    host=False,
                    joined=now,
                    last_seen=now,
                    hint=None,
                    hint_at=0,
                )
            )
        return token

    @staticmethod
    def _place(room: Room, members: list[Member], seat: int | None) -> int | None:
        """The seat a newcomer takes at a table (None in a class, which only checks its capacity)."""
        if room.kind == "class":
            if room.phase == "over":
                raise ClubError(Text("this class is over", "это занятие уже окончено"))
            capacity = int(room.class_data()["capacity"])
            if sum(1 for m in members if m.role == "learner") >= capacity:
                raise ClubError(
                    Text(f"the class is full ({capacity} learners)", f"класс заполнен ({capacity} учеников)")
                )
            return None
        if room.phase == "closed":
            raise ClubError(Text("this table is closed", "этот стол закрыт"))
        return free_seat(seat_holders(room.table_setup().players, members), seat)

    def leave(self, code: str, token: str | None, now: float) -> None:
        """A player leaves the table: the seat goes to a bot at once (the host cannot leave, only close)."""
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if me.host:
                raise ClubError(Text("you opened this table: close it instead", "вы открыли этот стол: закройте его"))
            conn.execute(members_table.delete().where(members_table.c.code == code, members_table.c.id == me.id))
            if room.kind == "table" and room.phase == "playing":
                self._bots(conn, room, now)

    # -- a class -------------------------------------------------------------------------------

    def answer(self, code: str, token: str | None, step: int, judged: Judged, now: float) -> None:
        """A learner's first answer to the step on the wall (ClubError when it is too late or not the first)."""
        if judged.key is None:
            raise ClubError(judged.refused or Text("no answer", "ответа нет"))
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            state = room.class_state()
            if me.role != "learner":
                raise ClubError(Text("only learners answer", "отвечают ученики"))
            if state.over or step != state.step:
                raise ClubError(
                    Text(
                        "the teacher has moved on: this is no longer the step on the wall",
                        "учитель уже перешёл дальше: этот шаг больше не на экране",
                    )
                )
            if state.phase != "asking":
                raise ClubError(
                    Text(
                        "the answer is already shown: answers are closed",
                        "ответ уже показан: ответы больше не принимаются",
                    )
                )
            given = conn.execute(
                sa.select(answers_table.c.key).where(
                    answers_table.c.code == code, answers_table.c.step == step, answers_table.c.member == me.id
                )
            ).first()
            if given is not None:
                raise ClubError(
                    Text(
                        "you have answered this step: your first answer counts",
                        "вы уже ответили на этот шаг: засчитывается первый ответ",
                    )
                )
            conn.execute(
                answers_table.insert().values(
                    code=code, step=step, member=me.id, key=judged.key, correct=judged.correct, at=now
                )
            )

    def answers(self, code: str, step: int | None = None) -> list[tuple[int, Answered]]:
        """(step, answer) of the class, of one step or of all, in the order given."""
        query = sa.select(answers_table).where(answers_table.c.code == code)
        if step is not None:
            query = query.where(answers_table.c.step == step)
        with self._reader.connect() as conn:
            rows = conn.execute(query.order_by(answers_table.c.at))
            return [(row.step, Answered(row.member, row.key, bool(row.correct))) for row in rows]

    def teach(self, code: str, token: str | None, action: TeacherAction, now: float) -> ClassState:
        """The teacher reveals the answer, moves on or back, or ends the class."""
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if room.kind != "class" or not me.host:
                raise ClubError(
                    Text(
                        "only the teacher who opened the class leads it",
                        "вести занятие может только учитель, который его открыл",
                    )
                )
            state = _TRANSITIONS[action](room.class_state())
            conn.execute(
                rooms_table.update().where(rooms_table.c.code == code).values(step=state.step, phase=state.phase)
            )
            return state

    # -- a table --------------------------------------------------------------------------------

    @staticmethod
    def _hands(conn: sa.Connection, room: Room) -> list[list[Move]]:
        rows = conn.execute(
            sa.select(moves_table.c.hand, moves_table.c.move)
            .where(
                moves_table.c.code == room.code, moves_table.c.hand >= room.first_hand, moves_table.c.hand <= room.step
            )
            .order_by(moves_table.c.hand, moves_table.c.n)
        )
        hands: list[list[Move]] = [[] for _ in range(room.step - room.first_hand + 1)]
        for row in rows:
            hands[row.hand - room.first_hand].append(MoveSpec.model_validate(json.loads(row.move)).to_move())
        return hands

    def game(self, code: str, now: float) -> tuple[Room, TableGame | None]:
        """The table and its hand as it stands (None before the first deal)."""
        with self._reader.connect() as conn:
            room = self._room(conn, code, now)
            if room.kind != "table" or room.phase == "lobby":
                return room, None
            return room, replay(room.table_setup(), room.first_hand, self._hands(conn, room))

    def _record(
        self, conn: sa.Connection, room: Room, game: TableGame, move: Move, by_bot: bool, now: float
    ) -> TableGame:
        conn.execute(
            moves_table.insert().values(
                code=room.code,
                hand=game.hand_no,
                n=game.moves,
                seat=game.state.to_move,
                move=json.dumps(move.as_dict()),
                by_bot=by_bot,
                at=now,
            )
        )
        after = replay(room.table_setup(), room.first_hand, self._hands(conn, room))
        to_move = -1 if after.state.is_over else after.state.to_move
        conn.execute(rooms_table.update().where(rooms_table.c.code == room.code).values(to_move=to_move))
        return after

    def _bots(self, conn: sa.Connection, room: Room, now: float) -> TableGame:
        """Let bots move for empty seats and for players away too long, up to a present player's turn."""
        setup = room.table_setup()
        game = replay(setup, room.first_hand, self._hands(conn, room))
        away = bot_seats(seat_holders(setup.players, self._members(conn, room.code)), now, setup.away_after)
        seated = game._replace(seats=tuple(setup.bot if seat in away else PERSON for seat in range(setup.players)))
        for _seat, move in settle(seated).since:
            game = self._record(conn, room, game, move, True, now)
        return game

    def play(self, code: str, token: str | None, move: Move, now: float) -> TableGame:
        """A player's move, checked against the seat the device holds, then the bots' replies."""
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if room.kind != "table" or room.phase != "playing":
                raise ClubError(Text("no hand is being played at this table", "за этим столом сейчас не играют"))
            if me.seat is None:
                raise ClubError(
                    Text("you watch this table: you hold no seat", "вы наблюдаете за столом: места у вас нет")
                )
            game = replay(room.table_setup(), room.first_hand, self._hands(conn, room))
            check_move(game, me.seat, move)
            conn.execute(
                members_table.update()
                .where(members_table.c.code == code, members_table.c.id == me.id)
                .values(last_seen=now)
            )
            self._record(conn, room, game, move, False, now)
            return self._bots(conn, room, now)

    def bots_due(self, code: str, now: float) -> bool:
        """Whether the seat to move is played by a bot now (its player away too long): a poll then calls
        ``run_bots``. One small read."""
        with self._reader.connect() as conn:
            row = conn.execute(
                sa.select(rooms_table.c.to_move, rooms_table.c.setup, rooms_table.c.phase).where(
                    rooms_table.c.code == code
                )
            ).first()
            if row is None or row.phase != "playing" or row.to_move < 0:
                return False
            seen = conn.execute(
                sa.select(members_table.c.last_seen).where(
                    members_table.c.code == code, members_table.c.seat == row.to_move
                )
            ).scalar()
        return seen is None or now - float(seen) > int(json.loads(row.setup)["away_after"])

    def run_bots(self, code: str, now: float) -> None:
        """Bots take the turns of empty seats and of players away too long."""
        with self._change(code, now) as (conn, room):
            if room.kind == "table" and room.phase == "playing":
                self._bots(conn, room, now)

    def deal(self, code: str, token: str | None, now: float) -> TableGame:
        """The host deals: the first hand, the match's next hand, or a new hand once a match is over."""
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if room.kind != "table" or not me.host:
                raise ClubError(Text("only the host of the table deals", "сдаёт тот, кто открыл стол"))
            if room.phase == "closed":
                raise ClubError(Text("this table is closed", "этот стол закрыт"))
            values: dict[str, Any] = {"phase": "playing"}
            if room.phase == "playing":
                game = replay(room.table_setup(), room.first_hand, self._hands(conn, room))
                if not game.state.is_over:
                    raise ClubError(Text("the hand is still being played", "раздача ещё идёт"))
                values["step"] = room.step + 1
                if not game.can_continue or not room.table_setup().whole_match:
                    values["first_hand"] = room.step + 1
            conn.execute(rooms_table.update().where(rooms_table.c.code == code).values(**values))
            dealt = room._replace(
                phase="playing",
                step=values.get("step", room.step),
                first_hand=values.get("first_hand", room.first_hand),
            )
            game = replay(dealt.table_setup(), dealt.first_hand, self._hands(conn, dealt))
            conn.execute(rooms_table.update().where(rooms_table.c.code == code).values(to_move=game.state.to_move))
            return self._bots(conn, dealt, now)

    def hint(self, code: str, token: str | None, seat: int, text: Text, now: float) -> None:
        """The watching teacher's hint to one seat's player (shown until that player's next move)."""
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if room.kind != "table" or me.role != "watcher":
                raise ClubError(
                    Text("only the watching teacher sends hints", "подсказывает учитель, который наблюдает")
                )
            moves = len(self._hands(conn, room)[-1]) if room.phase == "playing" else 0
            found = conn.execute(
                members_table.update()
                .where(members_table.c.code == code, members_table.c.seat == seat)
                .values(hint=json.dumps(list(text), ensure_ascii=False), hint_at=moves)
            ).rowcount
            if not found:
                raise ClubError(
                    Text(
                        f"nobody sits at seat {seat}: a bot plays it", f"на месте {seat} никого нет: за него играет бот"
                    )
                )

    def close(self, code: str, token: str | None, now: float) -> None:
        """The host closes the table: nobody can join or move any more."""
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if room.kind != "table" or not me.host:
                raise ClubError(Text("only the host closes the table", "закрыть стол может только тот, кто его открыл"))
            conn.execute(rooms_table.update().where(rooms_table.c.code == code).values(phase="closed", to_move=-1))


def clock() -> float:
    """The clock the pages pass to the store (seconds)."""
    return time.time()
