"""What keeps one visitor from jamming the club: live rooms only, idle rooms closed, quotas, counted guesses.

Why in the database: a club may run several app instances, and a script can
open a new tab (a new server session) for every request; only a count kept
per client address, where every instance reads it, holds. Addresses are kept
as hashes (an IPv6 address by its /64 network, which one household gets).

The numbers (``guess_chance_per_day`` in ``codes`` works them out): at most
``GUESSES_PER_HOUR`` wrong codes per address and clock hour, at most
``MAX_OPEN_ROOMS`` rooms open at once, 31^8 codes; so an address guessing
for a whole day hits some open room with a chance below one in a million.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
from typing import Literal, NamedTuple

import sqlalchemy as sa

from tutorial_app.club.errors import ClubError
from tutorial_app.club.tables import attempts_table, rooms_table
from tutorial_app.rules.text import msg

__all__ = [
    "GUESSES_PER_HOUR",
    "PIN_GUESSES_PER_HOUR",
    "MAX_OPEN_ROOMS",
    "ROOMS_PER_ADDRESS",
    "ROOMS_PER_CLIENT",
    "IDLE_MINUTES",
    "LIVE_PHASES",
    "Visitor",
    "LOCAL",
    "address_key",
    "visitor",
    "live",
    "check_guesses",
    "count_failure",
    "check_quota",
    "forget_old",
]

GUESSES_PER_HOUR = 30
"""Wrong join codes (typed, or looked up by the code box) one address may try in a clock hour."""
PIN_GUESSES_PER_HOUR = 10
"""Wrong admin PINs one address may try in a clock hour."""
MAX_OPEN_ROOMS = 200
"""Rooms live at once on the whole server (every instance together)."""
ROOMS_PER_ADDRESS = 8
"""Live rooms opened from one address (a club's network may have a few teachers and hosts)."""
ROOMS_PER_CLIENT = 3
"""Live rooms opened from one browser."""
IDLE_MINUTES = 15
"""A room in which no device has been heard from for this long is closed: it frees its place and its code."""
LIVE_PHASES = ("asking", "revealed", "lobby", "playing")
"""A class that has not ended, a table that has not been closed."""

Kind = Literal["code", "pin"]


class Visitor(NamedTuple):
    """Who asks, as the limits count them: the hash of the client's address and of its browser's id."""

    address: str
    client: str

    @property
    def local(self) -> bool:
        """Whether the request came from the server's own computer."""
        return self.address == LOCAL


LOCAL = "local"


def address_key(address: str | None) -> str:
    """The key one client address is counted under: ``local`` for this computer, else a hash of the
    address (IPv6 by its /64 network)."""
    if not address:
        return LOCAL
    try:
        parsed = ipaddress.ip_address(address.strip().split("%", 1)[0])
    except ValueError:
        shown = address.strip()[:100]
    else:
        if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
            parsed = parsed.ipv4_mapped
        if parsed.is_loopback:
            return LOCAL
        if isinstance(parsed, ipaddress.IPv6Address):
            shown = str(ipaddress.ip_network(f"{parsed}/64", strict=False))
        else:
            shown = str(parsed)
    return hashlib.sha256(f"address:{shown}".encode()).hexdigest()


def visitor(address: str | None, client: str) -> Visitor:
    """A visitor from its address (None: this computer) and its browser's id (any string)."""
    return Visitor(address_key(address), hashlib.sha256(f"client:{client}".encode()).hexdigest())


def live(now: float, since: float = 0.0) -> sa.ColumnElement[bool]:
    """Rooms that still count: not ended or closed, code not expired, a device heard from lately.

    ``since``: when this server could last hear devices (a restart, the database back): the time before it
    is not held against a room.
    """
    recent = now - IDLE_MINUTES * 60
    rules = [rooms_table.c.phase.in_(LIVE_PHASES), rooms_table.c.expires > now]
    if since <= recent:
        rules.append(rooms_table.c.active > recent)
    return sa.and_(*rules)


def _hour(now: float) -> int:
    return int(now // 3600)


def _failures(conn: sa.Connection, kind: Kind, address: str, now: float) -> int:
    found = conn.execute(
        sa.select(attempts_table.c.count).where(
            attempts_table.c.kind == kind, attempts_table.c.address == address, attempts_table.c.hour == _hour(now)
        )
    ).scalar()
    return int(found or 0)


def check_guesses(conn: sa.Connection, kind: Kind, address: str, now: float) -> None:
    """ClubError when this address has used up this hour's wrong guesses (nothing is looked up then)."""
    limit = GUESSES_PER_HOUR if kind == "code" else PIN_GUESSES_PER_HOUR
    if _failures(conn, kind, address, now) < limit:
        return
    minutes = max(1, math.ceil((3600 - now % 3600) / 60))
    if kind == "code":
        raise ClubError(
            msg(
                "too many wrong codes from your network this hour ({limit}): try again in {minutes} min",
                limit=limit,
                minutes=minutes,
            )
        )
    raise ClubError(
        msg(
            "too many wrong PINs from your network this hour ({limit}): try again in {minutes} min",
            limit=limit,
            minutes=minutes,
        )
    )


def count_failure(conn: sa.Connection, kind: Kind, address: str, now: float) -> None:
    """Count one wrong guess of this address in this hour (in the caller's write transaction)."""
    key = (attempts_table.c.kind == kind) & (attempts_table.c.address == address)
    done = conn.execute(
        attempts_table.update().where(key, attempts_table.c.hour == _hour(now)).values(count=attempts_table.c.count + 1)
    ).rowcount
    if not done:
        conn.execute(attempts_table.insert().values(kind=kind, address=address, hour=_hour(now), count=1))


def check_quota(conn: sa.Connection, who: Visitor, now: float, since: float = 0.0) -> None:
    """ClubError saying which limit a new room would pass: the server's, this network's or this browser's."""
    counted = live(now, since)
    rows = conn.execute(sa.select(rooms_table.c.opened_by, rooms_table.c.client).where(counted)).all()
    freed = msg(
        "a room frees when its class ends or its table closes, or after {minutes} minutes with nobody in it",
        minutes=IDLE_MINUTES,
    )
    if len(rows) >= MAX_OPEN_ROOMS:
        raise ClubError(
            msg(
                "the server has {rooms} rooms open, its limit; {freed}: try again in a few minutes",
                rooms=len(rows),
                freed=freed,
            )
        )
    mine = sum(1 for row in rows if row.client == who.client)
    if mine >= ROOMS_PER_CLIENT:
        raise ClubError(
            msg(
                "this browser already has {rooms} open rooms (at most {most}): end a class or close a table you "
                "opened; {freed}",
                rooms=mine,
                most=ROOMS_PER_CLIENT,
                freed=freed,
            )
        )
    ours = sum(1 for row in rows if row.opened_by == who.address)
    if not who.local and ours >= ROOMS_PER_ADDRESS:
        raise ClubError(
            msg(
                "{rooms} rooms opened from your network are open (at most {most}): end a class or close a table; "
                "{freed}",
                rooms=ours,
                most=ROOMS_PER_ADDRESS,
                freed=freed,
            )
        )


def forget_old(conn: sa.Connection, now: float) -> None:
    """Forget counted guesses older than a day."""
    conn.execute(attempts_table.delete().where(attempts_table.c.hour < _hour(now) - 25))
