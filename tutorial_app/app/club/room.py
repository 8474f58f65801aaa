"""The club room in a browser tab: this device's place in a room, the join card, following changes.

Why the device's token lives in the session and a cookie, never in the
address bar: a reload or a dropped connection starts a new Streamlit
session, and the cookie (one per room, ``dt_room_CODE``) brings the device
back to its own seat; the address shows only ``?room=CODE``, which the join
card shows anyway, so a wall screen or a shared screen gives nothing away. A
link that carries a token (``?room=CODE&me=TOKEN``: "open on another
screen", the wall screen's link) is read once, its token moved to the
cookie and taken out of the address.

Why a polling fragment: every screen of a room (the teacher's, each
phone's) asks the database for the room's ``version`` every ``POLL_SECONDS``
and reruns the page only when it changed, so a teacher's click reaches every
phone within about a poll, whichever app instance serves it. The poll is
guarded like every page: while the database does not answer, it shows one
calm line in the reader's language and tries again.
"""

from __future__ import annotations

import functools
import io
import json
import logging
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple
from urllib.parse import urlencode, urlsplit

import segno
import streamlit as st

from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.state import page_state
from tutorial_app.app.shell.stores import club_store
from tutorial_app.app.table.board_component import preload_board
from tutorial_app.club.codes import read_code, read_token
from tutorial_app.club.errors import ClubError
from tutorial_app.club.limits import Visitor, visitor
from tutorial_app.club.seating import SEEN_EVERY
from tutorial_app.club.store import DB_ERRORS, ClubStore, clock
from tutorial_app.rules.text import Text, msg

__all__ = [
    "POLL_SECONDS",
    "RoomTab",
    "tab",
    "ENV_PUBLIC_URL",
    "Device",
    "device",
    "enter",
    "forget",
    "follow",
    "Stage",
    "concerns_phone",
    "preload_once",
    "join_card",
    "app_address",
    "say_refusal",
    "refusal",
    "refuse",
    "refuser",
    "say_refused",
    "act",
    "here",
    "client_address",
    "room_button",
    "device_link",
    "unreachable",
    "write_cookies",
    "DB_ERRORS",
]

POLL_SECONDS = 1.0
ENV_PUBLIC_URL = "DOMINO_TUTOR_PUBLIC_URL"
"""The address phones use to reach the app, when it differs from the one the teacher opened (a proxy)."""
ROOM_COOKIE = "dt_room_"
CLIENT_COOKIE = "dt_client"
_LOG = logging.getLogger("tutorial_app.app")
_DB_DOWN = msg("the club's database is not answering just now; trying again every second")


class Device(NamedTuple):
    """This tab's place in a room: the room's code and the device's secret token."""

    code: str
    token: str


@dataclass
class RoomTab:
    """What this tab keeps of the club between runs: its room's code and its token there (None: in no room),
    this browser's id for the quotas, a refusal to show on the next run (and the room's version it was first
    shown at, where the page keeps it: ``say_refusal``), a refusal to say under the control that caused it
    (the control's key: ``say_refused``), when the poll last told the room this device is here,
    whether the last poll found the database down, the cookies this run asked for, the cookies this tab's
    page was sent (name -> value), whether the page was told to load plotly.js, and the room's last version
    a learner's poll found no concern of its phone (code, version)."""

    code: str | None = None
    token: str | None = None
    client: str | None = None
    refusal: Text | None = None
    refusal_at: int | None = None
    refused: tuple[str, Text] | None = None
    noted: float | None = None
    db_down: bool = False
    cookies: dict[str, tuple[str, int]] = field(default_factory=dict)
    written: dict[str, str] = field(default_factory=dict)
    preloaded: bool = False
    checked: tuple[str, int] | None = None


def tab() -> RoomTab:
    """This tab's club state."""
    return page_state("club_room", RoomTab)


def _cookie(name: str, value: str, max_age: int) -> None:
    """Have the browser keep a cookie (written by ``write_cookies`` at the end of the page), unless this tab's
    page was already sent it with this value.

    Why once per tab: a phone's page runs again at every change of its room, and a script sent again on
    each run was one more element for each of a hundred phones at a step change, for a cookie the browser
    already keeps (a new session, after a reload, sends it again where the browser lacks it).
    """
    kept = tab()
    if kept.written.get(name) == value:
        kept.cookies.pop(name, None)
        return
    kept.cookies[name] = (value, max_age)


def write_cookies() -> None:
    """Write the cookies this run asked for (a one-line script; nothing is drawn)."""
    kept = tab()
    pending, kept.cookies = kept.cookies, {}
    if not pending:
        return
    lines = [
        f"document.cookie = {json.dumps(f'{name}={value}; Path=/; Max-Age={age}; SameSite=Strict')} + secure;"
        for name, (value, age) in pending.items()
    ]
    # Why a function: every script of the page shares one global scope, and a second ``const`` would not run.
    script = (
        "(() => {\nconst secure = location.protocol === 'https:' ? '; Secure' : '';\n" + "\n".join(lines) + "\n})();"
    )
    st.html(f"<script>{script}</script>", unsafe_allow_javascript=True)
    kept.written.update((name, value) for name, (value, _age) in pending.items())


def _from_cookie(code: str) -> str | None:
    try:
        return read_token(st.context.cookies.get(ROOM_COOKIE + code))
    except Exception:  # a bare run (tests): no browser, no cookies
        return None


def device() -> Device | None:
    """This tab's room: a link's token first (read once: moved to the cookie and taken out of the address
    bar), then the session, then the room's cookie (a reload)."""
    code, token = read_code(st.query_params.get("room")), read_token(st.query_params.get("me"))
    if code is not None and token is not None:
        st.query_params.pop("me", None)
        _cookie(ROOM_COOKIE + code, token, ROOM_SECONDS)
    else:
        kept_code, kept_token = tab().code, tab().token
        if kept_code is not None and kept_token is not None and code in (None, kept_code):
            code, token = kept_code, kept_token
        elif code is not None:
            token = _from_cookie(code)
    if code is None or token is None:
        st.query_params.pop("me", None)
        return None
    tab().code, tab().token = code, token
    _cookie(ROOM_COOKIE + code, token, ROOM_SECONDS)  # sent on the tab's first run in the room (``_cookie``)
    if st.query_params.get("room") != code:
        st.query_params["room"] = code
    return Device(code, token)


ROOM_SECONDS = 12 * 3600
"""How long a room's cookie is kept (a room's code works at most that long)."""


def enter(code: str, token: str) -> None:
    """Keep this tab in a room (after joining or opening it): in the session and a cookie, the code in the
    address."""
    tab().code, tab().token = code, token
    _cookie(ROOM_COOKIE + code, token, ROOM_SECONDS)
    for key in ("join", "teach", "club_rules", "me"):
        st.query_params.pop(key, None)
    st.query_params["room"] = code


def forget() -> None:
    """Leave the room on this tab (the room itself goes on); the room's cookie is dropped."""
    kept = tab()
    code, kept.code, kept.token = kept.code, None, None
    if code is not None:
        _cookie(ROOM_COOKIE + code, "", 0)
    for key in ("room", "me", "join"):
        st.query_params.pop(key, None)


def preload_once() -> None:
    """Have the page start loading plotly.js on this tab's first run in a room (a room draws boards).

    Why once: the library stays loaded in the page, while a component drawn again on every run costs each
    phone's run at a step change (and each poll's cleanup of the session's widget state) its share. Why a
    container: it keeps the preload's place, so nothing below it moves on the runs without it.
    """
    kept = tab()
    with st.container(border=False):
        if not kept.preloaded:
            preload_board()
            kept.preloaded = True


def device_link(code: str, token: str) -> str:
    """A link that puts another screen in this room with ``token`` (read once there, then moved to a cookie)."""
    return f"{app_address()}/club?{urlencode({'room': code, 'me': token})}"


def client_address() -> str | None:
    """The client's address as the server sees it (None: this computer, or no browser).

    Behind the documented reverse proxy the server reads it from ``X-Forwarded-For``, which it trusts only
    from the proxy's own address (``FORWARDED_ALLOW_IPS``, loopback by default).
    """
    try:
        found = st.context.ip_address
    except Exception:  # a bare run (tests): no client
        return None
    return found if isinstance(found, str) else None


def _client_id() -> str:
    """This browser's id for the quotas: its cookie, else one made now (and kept in a cookie)."""
    kept = tab().client
    if kept is not None:
        return kept
    try:
        found = read_token(st.context.cookies.get(CLIENT_COOKIE))
    except Exception:
        found = None
    if found is None:
        found = secrets.token_urlsafe(18)
        _cookie(CLIENT_COOKIE, found, 365 * 24 * 3600)
    tab().client = found
    return found


def here() -> Visitor:
    """Who this tab is for the club's limits and its admin: the client's address and the browser's id."""
    return visitor(client_address(), _client_id())


def refusal(reason: Text | None) -> None:
    """Keep a refusal for the next run of the page (called from a button's callback); None forgets the last
    one (the device acted again: it no longer says what happened last)."""
    kept = tab()
    kept.refusal, kept.refusal_at = reason, None


def say_refusal(current: str, version: int | None = None) -> None:
    """Show the last refusal, in the tab's language: once, or (``version``: the room's version this run
    draws) on every run of the page until the room changes or the device acts again.

    Why more than once in a room: a run can be cut short by the next one, and a refusal shown only once
    was then lost. A player's out-of-turn click from a stale screen was refused, its run drew the
    warning, and a rerun the page asked for at once (its board's width probe, which measured 0 while
    the page was redrawn) replaced that run: the screen never said why the move was not made.
    """
    kept = tab()
    reason = kept.refusal
    if reason is None:
        return
    if version is None or (kept.refusal_at is not None and kept.refusal_at != version):
        refusal(None)
        if version is not None:
            return  # the room moved on since it was shown: it no longer says what the screen shows
    else:
        kept.refusal_at = version
    st.warning(plain(reason.form("cap", current), 600), icon=":material/front_hand:")  # said alone: a sentence


def refuse(where: str, reason: Text) -> None:
    """Keep a refusal to be said under the control keyed ``where`` (``say_refused``) rather than at the page's
    top (``refusal``): the top is off a phone's screen when a control further down the page is pressed."""
    tab().refused = (where, reason)


def refuser(where: str) -> Callable[[Text], None]:
    """What ``act`` says a refusal with for the control keyed ``where``: kept to be said under it."""
    return lambda reason: refuse(where, reason)


def say_refused(where: str | None, current: str) -> None:
    """The refusal of the control keyed ``where``, once, under it; None: whatever refusal is kept (said where
    the control that caused it is no longer drawn, as on a tab that is no longer the club's admin)."""
    kept = tab()
    refused = kept.refused
    if refused is None or (where is not None and refused[0] != where):
        return
    kept.refused = None
    # the club's reasons are worded as clauses ("write the hint first"); said alone, a reason starts a sentence
    st.warning(plain(refused[1].form("cap", current), 600), icon=":material/front_hand:")


_NOT_APPLIED = msg("the club's database did not answer, so your click was not applied: try again in a moment")


def act(work: Callable[..., Any], *args: Any, say: Callable[[Text], None] = refusal) -> bool:
    """Run a store action; a refusal is kept to be shown (True when it went through): by ``say``, by default
    at the page's top (``say_refusal``).

    A database that does not answer is a refusal too: the click is then clearly not applied.
    """
    try:
        work(*args)
    except ClubError as exc:
        say(exc.reason)
        return False
    except DB_ERRORS as exc:
        _LOG.warning("club action not applied: %s", type(exc).__name__)
        say(_NOT_APPLIED)
        return False
    refusal(None)
    return True


def room_button(label: str, key: str, work: Callable[..., Any], *args: Any, where: Any = None, **options: Any) -> None:
    """A button that changes the room, applied exactly once per click.

    Why two paths: a click normally runs its callback before the page's run. But a click that reaches a
    fresh server session before the button was drawn there (a phone or a teacher's screen reconnecting
    after a restart) has no callback yet, and Streamlit would drop it silently (review finding 10): then
    the run the click started applies it, and reruns the page to show what changed. ``where``: a column
    or container to draw it in.
    """
    applied = f"{key}__applied"

    def by_callback() -> None:
        st.session_state[applied] = True
        work(*args)

    clicked = (st if where is None else where).button(label, key=key, on_click=by_callback, **options)
    if clicked and not st.session_state.pop(applied, False):
        work(*args)
        st.rerun()
    st.session_state.pop(applied, None)


def unreachable(current: str) -> None:
    """The database does not answer: one calm line, and a quiet retry that brings the page back."""
    st.warning(_DB_DOWN.in_(current), icon=":material/cloud_off:")
    _retry()


@st.fragment(run_every=2 * POLL_SECONDS)
def _retry() -> None:
    store = club_store()
    try:
        if isinstance(store, ClubStore):
            store.version("", clock())
    except DB_ERRORS:
        return
    st.rerun(scope="app")


Stage = tuple[int, str]
"""What a learner's phone shows of its room: the class's step and its phase (``Room.step``, ``Room.phase``)."""


def concerns_phone(store: ClubStore, code: str, token: str, now: float, stage: Stage) -> bool:
    """Whether a change of the room concerns a learner's phone that shows ``stage``: the step or its phase
    moved on, the room is gone, or the device lost its place in it (removed). Another learner's answer or
    join does not: the phone shows neither.

    Why: every change of a room bumps its one version, and a phone that drew its page again for each of
    them redrew a hundred phones for each of thirty answers. The rows read here are the ones shared per
    version on this instance (one read for all the room's screens).
    """
    try:
        room = store.room(code, now, shared=True)
        if (room.step, room.phase) != stage:
            return True
        store.me(code, token, now, shared=True)  # ClubError when the device was removed
    except ClubError:
        return True
    return False


@st.fragment(run_every=POLL_SECONDS)
def _poll(code: str, token: str, seen: int, table: bool, stage: Stage | None) -> None:
    """One poll: usually a single read of the room's version; the page reruns only when it changed (on a
    learner's phone, only when the change concerns it: ``concerns_phone``).

    Why the device's presence only every ``SEEN_EVERY`` seconds and the bots only at a table: a poll
    runs every second on every screen of a room, so it does no more than it must.
    """
    store = club_store()
    if not isinstance(store, ClubStore):
        return
    now = clock()
    kept = tab()
    noted = kept.noted
    changed = False
    try:
        if noted is None or now - noted >= SEEN_EVERY:
            store.me(code, token, now, shared=True)  # the device is still here
            kept.noted = now
        if table and store.bots_due(code, now):
            store.run_bots(code, now)
        found = store.version(code, now)
        checked = kept.checked[1] if kept.checked is not None and kept.checked[0] == code else seen
        changed = found is None or found > max(seen, checked)  # older than the page's own read: no change
        if changed and found is not None and stage is not None:
            changed = concerns_phone(store, code, token, now, stage)
            kept.checked = (code, found)  # this version is looked at: the next polls skip it
    except ClubError:
        changed = True  # the page says what happened
    except DB_ERRORS as exc:
        _LOG.warning("club poll: database not answering: %s", type(exc).__name__)
        kept.db_down = True
        st.caption(f":material/cloud_off: {_DB_DOWN.in_(lang())}")
        return
    was_down, kept.db_down = kept.db_down, False
    if changed or was_down:
        st.rerun(scope="app")


def follow(place: Device, seen: int, *, table: bool = False, stage: Stage | None = None) -> None:
    """Rerun the page as soon as the room changes from version ``seen`` (drawn as nothing); at a ``table``
    the poll also lets bots take the turns of players away too long; a learner's phone that shows ``stage``
    reruns only for a change that concerns it (``concerns_phone``).

    Why in a container of its own: a fragment that draws nothing takes no
    place on the page, so the next element would sit at its address and be
    wiped each time the fragment reruns (the step's progress bar vanished so).
    """
    with st.container(border=False):
        _poll(place.code, place.token, seen, table, stage)


def app_address() -> str:
    """The app's address as phones should open it: ``DOMINO_TUTOR_PUBLIC_URL``, else the teacher's own."""
    configured = os.environ.get(ENV_PUBLIC_URL, "").strip()
    if configured:
        return configured.rstrip("/")
    try:
        parts = urlsplit(str(st.context.url))
    except Exception:  # a bare run (tests): no browser address
        return "http://localhost:8501"
    return f"{parts.scheme}://{parts.netloc}"


def _local(address: str) -> bool:
    host = urlsplit(address).hostname or ""
    return host in ("localhost", "127.0.0.1", "::1") or host.startswith("127.")


@functools.lru_cache(maxsize=64)
def _qr_png(link: str) -> bytes:
    """The link as a QR code (segno), black on white, big enough to scan from across a room.

    Why kept: the teacher's screen and the wall draw it again at every change of the room (each learner who
    joins or answers), ~6 ms each time.
    """
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="png", scale=8, border=2)
    return buffer.getvalue()


def join_card(code: str, large: bool = True) -> None:
    """The code, the QR code and the link a learner joins by."""
    link = f"{app_address()}/club?{urlencode({'join': code})}"
    text, picture = st.columns([3, 2], vertical_alignment="center")
    with text:
        st.markdown(tr("club.join_at", code=code) if large else tr("club.join_small", code=code))
        st.code(link, language=None)
        if _local(link):
            st.caption(tr("club.local_link", env=ENV_PUBLIC_URL))
    picture.image(_qr_png(link), caption=tr("club.scan"), width=220 if large else 140)
