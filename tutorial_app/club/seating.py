"""Who is in a room: learners of a class, players at a table's seats, the teacher; who is away.

Why pure: which seat a bot plays, whether a table is full and whether a
name is taken are decided from the members' rows and the clock, the same on
every app instance, and tested without a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, NamedTuple

from tutorial_app.club.errors import ClubError
from tutorial_app.names import MAX_NAME, look_alike_problem, name_key, name_problem, public_name
from tutorial_app.rules.text import Text, msg

__all__ = [
    "Role",
    "Member",
    "SEEN_EVERY",
    "PRESENT_FOR",
    "member_name",
    "name_taken",
    "seat_holders",
    "is_away",
    "bot_seats",
    "free_seat",
    "present",
]

Role = Literal["teacher", "learner", "player", "watcher", "wall", "removed"]
"""``wall``: a view-only screen of a class (no name, no buttons); ``removed``: a member the host sent away
(kept so that the device is told why, and so that the name stays taken)."""
SEEN_EVERY = 5.0
"""Seconds between two notes of a device's presence (its screen polls more often than that)."""
PRESENT_FOR = 45.0
"""A learner not heard from for this long is no longer counted as in the class (an answer still counts)."""


class Member(NamedTuple):
    """One device in a room.

    ``id`` is the hash of the device's token (never shown, never sent);
    ``seat`` is the table seat it holds (None for learners, teachers and
    watchers); ``host`` marks the device that opened the room; ``hint`` is
    the teacher's last hint to this seat, given when the hand had ``hint_at``
    moves.
    """

    id: str
    name: str
    role: Role
    seat: int | None
    host: bool
    joined: float
    last_seen: float
    hint: Text | None = None
    hint_at: int = 0


def member_name(name: object) -> str:
    """A name as a room keeps it (NFKC, one space between words, a visible letter or digit, no invisible or
    control characters, no word mixing look-alike alphabets, at most 60 characters)."""
    if not isinstance(name, str):
        raise ClubError(msg("write your name"))
    problem = name_problem(name) or name_problem(public_name(name)) or look_alike_problem(name)
    if problem is not None:
        raise ClubError(msg("{problem}: write your name in up to {most} characters", problem=problem, most=MAX_NAME))
    return public_name(name)


def name_taken(name: str, members: Iterable[Member]) -> bool:
    """Whether somebody in the room already goes by this name or one that looks the same (case aside)."""
    key = name_key(name)
    return any(member.role != "wall" and name_key(member.name) == key for member in members)


def seat_holders(players: int, members: Iterable[Member]) -> tuple[Member | None, ...]:
    """The member holding each seat (None: the seat is empty, a bot plays it)."""
    holders: list[Member | None] = [None] * players
    for member in members:
        if member.seat is not None and 0 <= member.seat < players:
            holders[member.seat] = member
    return tuple(holders)


def is_away(member: Member, now: float, away_after: float, since: float = 0.0) -> bool:
    """Whether a member has not been heard from for longer than ``away_after`` seconds.

    ``since``: when the server could last hear anyone (it started, or its database came back). Why: while
    the server is down no device can say it is there, so that time never counts as the player's absence.
    """
    return now - max(member.last_seen, since) > away_after


def bot_seats(holders: Sequence[Member | None], now: float, away_after: float, since: float = 0.0) -> frozenset[int]:
    """The seats a bot plays now: empty ones, and those whose player has been away too long."""
    return frozenset(
        seat for seat, member in enumerate(holders) if member is None or is_away(member, now, away_after, since)
    )


def free_seat(holders: Sequence[Member | None], wanted: int | None = None) -> int:
    """The seat a newcomer takes: ``wanted`` if it is free, else the first free one (ClubError when full)."""
    if wanted is not None:
        if not 0 <= wanted < len(holders):
            raise ClubError(msg("there is no seat {wanted} at this table", wanted=wanted))
        if holders[wanted] is not None:
            raise ClubError(msg("seat {wanted} is taken; choose another", wanted=wanted))
        return wanted
    for seat, member in enumerate(holders):
        if member is None:
            return seat
    raise ClubError(msg("the table is full"))


def present(members: Iterable[Member], now: float, role: Role = "learner") -> list[Member]:
    """Members of one role heard from lately, in the order they joined."""
    return sorted((m for m in members if m.role == role and now - m.last_seen <= PRESENT_FOR), key=lambda m: m.joined)
