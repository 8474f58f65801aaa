"""The club room's store: a class's answers and steps, a table's deals and moves, on top of ``RoomStore``.

Every change goes through ``RoomStore._change`` (the room's row locked, its
version bumped), so a move is checked against the hand as it really stands.
A click carries what its screen showed (``at_step``, ``at_hand``): a click
from a stale screen, or one that arrives while a phone reconnects, is either
applied to what its sender saw or refused with a sentence, never applied to
a step the sender did not see.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from typing import Any, Literal

import sqlalchemy as sa

from tutorial_app.club.class_steps import Judged
from tutorial_app.club.classroom import Answered, ClassState, finish, next_step, previous_step, reveal
from tutorial_app.club.codes import new_secret
from tutorial_app.club.errors import ClubError
from tutorial_app.club.limits import MAX_OPEN_ROOMS, Visitor
from tutorial_app.club.rooms import DB_ERRORS, ROOM_HOURS, THIS_COMPUTER, Room, RoomStore, connect
from tutorial_app.club.seating import bot_seats, free_seat, member_name, seat_holders
from tutorial_app.club.shared_hand import TableGame, TableSetup, check_move, replay
from tutorial_app.club.tables import answers_table, members_table, moves_table, rooms_table
from tutorial_app.lessons.format.model import MoveSpec
from tutorial_app.rules.line.state import Move
from tutorial_app.rules.text import Text, msg
from tutorial_app.strategy.bot_table import PERSON, settle

__all__ = [
    "ClubStore",
    "Room",
    "ROOM_HOURS",
    "MAX_OPEN_ROOMS",
    "CLASS_CAPACITY",
    "TeacherAction",
    "THIS_COMPUTER",
    "DB_ERRORS",
    "connect",
    "clock",
]

CLASS_CAPACITY = (2, 100)
"""The fewest and the most learners a teacher may let into one class."""
TeacherAction = Literal["reveal", "next", "back", "finish"]
_TRANSITIONS: dict[str, Callable[[ClassState], ClassState]] = {
    "reveal": reveal,
    "next": next_step,
    "back": previous_step,
    "finish": finish,
}


class ClubStore(RoomStore):
    """Classes and tables kept in one database; every method takes the time ``now`` (seconds)."""

    def open_class(
        self,
        lesson_id: str,
        steps: int,
        teacher: str,
        capacity: int,
        now: float,
        seed: int | None = None,
        who: Visitor = THIS_COMPUTER,
    ) -> tuple[str, str]:
        """Open a class at the lesson's first step; the join code and the teacher's token.

        The seed of the class's deals has 128 bits (a step's hidden tiles must not be worked out either).
        """
        low, high = CLASS_CAPACITY
        if not low <= capacity <= high:
            raise ClubError(msg("a class takes {low} to {high} learners", low=low, high=high))
        chosen = seed if seed is not None else secrets.randbits(128)
        setup = json.dumps({"lesson": lesson_id, "steps": steps, "seed": chosen, "capacity": capacity})
        return self._open_room("class", setup, "asking", (member_name(teacher), "teacher", None), who, now)

    def open_table(
        self,
        setup: TableSetup,
        host: str,
        role: Literal["player", "watcher"],
        now: float,
        seat: int | None = None,
        who: Visitor = THIS_COMPUTER,
    ) -> tuple[str, str]:
        """Open a table (its players join by the code); the host plays a seat or watches every hand.

        The table's deal secret is drawn here (``new_secret``), whatever ``setup`` carried: no page, link or
        caller ever knows it.
        """
        setup = setup._replace(secret=new_secret())
        setup.rules()
        taken = free_seat((None,) * setup.players, seat) if role == "player" else None
        return self._open_room("table", setup.to_json(), "lobby", (member_name(host), role, taken), who, now)

    # -- a class -------------------------------------------------------------------------------

    def answer(self, code: str, token: str | None, step: int, judged: Judged, now: float) -> None:
        """A learner's first answer to the step on the wall (ClubError when it is too late or not the first)."""
        if judged.key is None:
            raise ClubError(judged.refused or msg("no answer"))
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            state = room.class_state()
            if me.role != "learner":
                raise ClubError(msg("only learners answer"))
            if state.over or step != state.step:
                raise ClubError(msg("the teacher has moved on: this is no longer the step on the wall"))
            if state.phase != "asking":
                raise ClubError(msg("the answer is already shown: answers are closed"))
            given = conn.execute(
                sa.select(answers_table.c.key).where(
                    answers_table.c.code == code, answers_table.c.step == step, answers_table.c.member == me.id
                )
            ).first()
            if given is not None:
                raise ClubError(msg("you have answered this step: your first answer counts"))
            conn.execute(
                answers_table.insert().values(
                    code=code, step=step, member=me.id, key=judged.key, correct=judged.correct, at=now
                )
            )

    def answers(
        self, code: str, step: int | None = None, now: float | None = None, *, shared: bool = False
    ) -> list[tuple[int, Answered]]:
        """(step, answer) of the class, of one step or of all, in the order given; ``shared``: as read for
        this version of the room by any screen of it on this instance."""
        query = sa.select(answers_table).where(answers_table.c.code == code)
        if step is not None:
            query = query.where(answers_table.c.step == step)

        def read(conn: sa.Connection) -> list[tuple[int, Answered]]:
            rows = conn.execute(query.order_by(answers_table.c.at))
            return [(row.step, Answered(row.member, row.key, bool(row.correct))) for row in rows]

        return list(self._read(code, ("answers", step), time.time() if now is None else now, read, shared))

    def teach(
        self, code: str, token: str | None, action: TeacherAction, now: float, at_step: int | None = None
    ) -> ClassState:
        """The teacher reveals the answer, moves on or back, or ends the class.

        ``at_step``: the step the teacher's screen showed; a click from another step is refused.
        """
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if room.kind != "class" or not me.host:
                raise ClubError(msg("only the teacher who opened the class leads it"))
            if at_step is not None and at_step != room.step and room.phase != "over":
                raise ClubError(
                    msg(
                        "your screen was behind: the class is at step {value} now, so that click was not applied; look again and click once more",
                        value=room.step + 1,
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
        away = bot_seats(seat_holders(setup.players, self._members(conn, room.code)), now, setup.away_after, self.since)
        seated = game._replace(seats=tuple(setup.bot if seat in away else PERSON for seat in range(setup.players)))
        for _seat, move in settle(seated).since:
            game = self._record(conn, room, game, move, True, now)
        return game

    def play(self, code: str, token: str | None, move: Move, now: float) -> TableGame:
        """A player's move, checked against the seat the device holds, then the bots' replies."""
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if room.kind != "table" or room.phase != "playing":
                raise ClubError(msg("no hand is being played at this table"))
            if me.seat is None:
                raise ClubError(msg("you watch this table: you hold no seat"))
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
                    members_table.c.code == code, members_table.c.seat == row.to_move, members_table.c.role == "player"
                )
            ).scalar()
        return seen is None or now - max(float(seen), self.since) > int(json.loads(row.setup)["away_after"])

    def _seat_freed(self, conn: sa.Connection, room: Room, now: float) -> None:
        if room.kind == "table" and room.phase == "playing":
            self._bots(conn, room, now)

    def run_bots(self, code: str, now: float) -> None:
        """Bots take the turns of empty seats and of players away too long."""
        with self._change(code, now) as (conn, room):
            if room.kind == "table" and room.phase == "playing":
                self._bots(conn, room, now)

    def deal(self, code: str, token: str | None, now: float, at_hand: int | None = None) -> TableGame:
        """The host deals: the first hand, the match's next hand, or a new hand once a match is over.

        ``at_hand``: the hand number the host's screen showed (-1 in the lobby); a click from a screen that
        showed another hand is refused (None: not checked).
        """
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if room.kind != "table" or not me.host:
                raise ClubError(msg("only the host of the table deals"))
            if room.phase == "closed":
                raise ClubError(msg("this table is closed"))
            shown = room.step if room.phase == "playing" else -1
            if at_hand is not None and at_hand != shown:
                raise ClubError(
                    msg("your screen was behind: the cards were already dealt, so that click was not applied")
                )
            values: dict[str, Any] = {"phase": "playing"}
            if room.phase == "playing":
                game = replay(room.table_setup(), room.first_hand, self._hands(conn, room))
                if not game.state.is_over:
                    raise ClubError(msg("the hand is still being played"))
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
                raise ClubError(msg("only the watching teacher sends hints"))
            moves = len(self._hands(conn, room)[-1]) if room.phase == "playing" else 0
            found = conn.execute(
                members_table.update()
                .where(members_table.c.code == code, members_table.c.seat == seat)
                .values(hint=json.dumps(text.to_json(), ensure_ascii=False), hint_at=moves)
            ).rowcount
            if not found:
                raise ClubError(msg("nobody sits at seat {seat}: a bot plays it", seat=seat))

    def close(self, code: str, token: str | None, now: float) -> None:
        """The host closes the table: nobody can join or move any more."""
        with self._change(code, now) as (conn, room):
            me = self._holder(conn, code, token)
            if room.kind != "table" or not me.host:
                raise ClubError(msg("only the host closes the table"))
            conn.execute(rooms_table.update().where(rooms_table.c.code == code).values(phase="closed", to_move=-1))


def clock() -> float:
    """The clock the pages pass to the store (seconds)."""
    return time.time()
