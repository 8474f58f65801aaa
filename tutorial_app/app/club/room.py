"""The club room in a browser tab: this device's place in a room, the join card, following changes.

Why the device's token rides in the link (``?room=K7M2QX&me=...``) as well
as in the session: a reload or a dropped connection starts a new Streamlit
session, and the link brings the device back to its own seat; nobody else's
link holds that token.

Why a polling fragment: every screen of a room (the teacher's, each
phone's) asks the database for the room's ``version`` every ``POLL_SECONDS``
and reruns the page only when it changed, so a teacher's click reaches every
phone within about a poll, whichever app instance serves it.
"""

from __future__ import annotations

import io
import os
from typing import NamedTuple
from urllib.parse import urlencode, urlsplit

import segno
import streamlit as st

from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import tr
from tutorial_app.app.shell.stores import club_store
from tutorial_app.club.codes import read_code, read_token
from tutorial_app.club.errors import ClubError
from tutorial_app.club.seating import SEEN_EVERY
from tutorial_app.club.store import ClubStore, clock
from tutorial_app.rules.text import Text

__all__ = [
    "POLL_SECONDS",
    "ENV_PUBLIC_URL",
    "Device",
    "device",
    "enter",
    "forget",
    "follow",
    "join_card",
    "app_address",
    "say_refusal",
    "refusal",
    "act",
]

POLL_SECONDS = 1.0
ENV_PUBLIC_URL = "DOMINO_TUTOR_PUBLIC_URL"
"""The address phones use to reach the app, when it differs from the one the teacher opened (a proxy)."""
_CODE, _TOKEN, _REFUSAL, _NOTED = "club_code", "club_token", "club_refusal", "club_noted"


class Device(NamedTuple):
    """This tab's place in a room: the room's code and the device's secret token."""

    code: str
    token: str


def device() -> Device | None:
    """This tab's room, from the link first (a reload), then from the session."""
    code, token = read_code(st.query_params.get("room")), read_token(st.query_params.get("me"))
    if code is not None and token is not None:
        st.session_state[_CODE], st.session_state[_TOKEN] = code, token
        return Device(code, token)
    code, token = st.session_state.get(_CODE), st.session_state.get(_TOKEN)
    if isinstance(code, str) and isinstance(token, str):
        st.query_params["room"], st.query_params["me"] = code, token
        return Device(code, token)
    return None


def enter(code: str, token: str) -> None:
    """Keep this tab in a room (after joining or opening it)."""
    st.session_state[_CODE], st.session_state[_TOKEN] = code, token
    for key in ("join", "teach", "club_rules"):
        st.query_params.pop(key, None)
    st.query_params["room"], st.query_params["me"] = code, token


def forget() -> None:
    """Leave the room on this tab (the room itself goes on)."""
    for key in (_CODE, _TOKEN):
        st.session_state.pop(key, None)
    for key in ("room", "me", "join"):
        st.query_params.pop(key, None)


def refusal(reason: Text) -> None:
    """Keep a refusal for the next run of the page (called from a button's callback)."""
    st.session_state[_REFUSAL] = reason


def say_refusal(current: str) -> None:
    """Show the last refusal once, in the tab's language."""
    reason = st.session_state.pop(_REFUSAL, None)
    if isinstance(reason, Text):
        st.warning(plain(reason.in_(current), 600), icon=":material/front_hand:")


def act(work: object, *args: object) -> bool:
    """Run a store action from a callback; a refusal is kept to be shown (True when it went through)."""
    try:
        work(*args)  # type: ignore[operator]
    except ClubError as exc:
        refusal(exc.reason)
        return False
    return True


@st.fragment(run_every=POLL_SECONDS)
def _poll(code: str, token: str, seen: int, table: bool) -> None:
    """One poll: usually a single read of the room's version; the page reruns only when it changed.

    Why the device's presence only every ``SEEN_EVERY`` seconds and the bots only at a table: a poll
    runs every second on every screen of a room, so it does no more than it must.
    """
    store = club_store()
    if not isinstance(store, ClubStore):
        return
    now = clock()
    noted = st.session_state.get(_NOTED)
    try:
        if not isinstance(noted, float) or now - noted >= SEEN_EVERY:
            store.me(code, token, now)  # the device is still here
            st.session_state[_NOTED] = now
        if table and store.bots_due(code, now):
            store.run_bots(code, now)
    except ClubError:
        st.rerun(scope="app")  # the page says what happened
    if store.version(code) != seen:
        st.rerun(scope="app")


def follow(place: Device, seen: int, *, table: bool = False) -> None:
    """Rerun the page as soon as the room changes from version ``seen`` (drawn as nothing); at a ``table``
    the poll also lets bots take the turns of players away too long.

    Why in a container of its own: a fragment that draws nothing takes no
    place on the page, so the next element would sit at its address and be
    wiped each time the fragment reruns (the step's progress bar vanished so).
    """
    with st.container(border=False):
        _poll(place.code, place.token, seen, table)


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


def _qr_png(link: str) -> bytes:
    """The link as a QR code (segno), black on white, big enough to scan from across a room."""
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
