"""The review's attacks over the app's own websocket, against a running server (no browser): each one must
now fail to do harm. A tab here is one ``ws_client.Tab``: one server session, as a script makes them.

Addresses: the server trusts ``X-Forwarded-For`` from loopback, as behind the documented proxy, so a
header gives each script its own client address.

Each test stands alone, in any order and any process: its tabs run on a loop of their own (``run_apart``:
a browser test before it may have left an event loop running in this thread) and are closed whatever
happens; the rooms it opens through the store count against a browser of its own (``who``), so a room a
failed test left open takes nothing from the next one's quota; the addresses it sends are its own.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import re
import secrets
import time
from collections.abc import Iterator
from typing import Any

import pyarrow as pa
import pytest
from servers import Server
from ws_client import Tab, run_apart

from tutorial_app.club.class_steps import Judged
from tutorial_app.club.codes import new_code, new_secret
from tutorial_app.club.limits import GUESSES_PER_HOUR, ROOMS_PER_ADDRESS, Visitor, visitor
from tutorial_app.club.rulesets import make_rule_set
from tutorial_app.club.shared_hand import make_setup
from tutorial_app.club.store import THIS_COMPUTER, ClubStore, clock
from tutorial_app.rules.text import Text

LESSON = "core-02-placing-on-the-ends"
NAME = "![n](http://127.0.0.1:9/name.png) Eve"
HTML_NAME = "<img src=x onerror=alert(1)>Bob"
CLUB = "![c](http://127.0.0.1:9/club.png) Dacha"
TITLE = "![t](http://127.0.0.1:9/title.png) <b>Our</b> [kozel](javascript:alert(1))"
HINT = "**lead** ![h](http://127.0.0.1:9/hint.png)"
PAYLOADS = (NAME, HTML_NAME, CLUB, TITLE, HINT)
RAW = ("![n](", "![c](", "![t](", "![h](", "<img", "<b>", "](javascript", "**lead**")
"""What a payload looks like while it is still markup: none of it may reach a Markdown or HTML sink."""
RAW_HTML = ("<img", "<b>", "<a ")
# Fields shown as plain text by the browser (a select box's options, a field's value, code): not sinks.
PLAIN_FIELDS = {
    ("selectbox", "options"),
    ("selectbox", "default"),
    ("text_input", "value"),
    ("text_input", "default"),
    ("text_area", "value"),
    ("text_area", "default"),
    ("code", "code_text"),
    ("code", "language"),
}


@pytest.fixture(scope="session")
def server(app_server: Server) -> tuple[str, str]:
    """The worker's app server (tests/conftest.py: its own SQLite database, as these tests had one of their own
    started per module and worker): its address and database. What other tests of the worker left there takes
    nothing from these: their rooms count against browsers and addresses of their own (``who``,
    ``fresh_address``), far from the server's ``MAX_OPEN_ROOMS``."""
    return app_server.url, app_server.database


_HOSTS = itertools.count(1)


def fresh_address() -> str:
    """A client address no other test of this process has sent (in the benchmarking network 198.18.0.0/16)."""
    number = next(_HOSTS)
    return f"198.18.{number // 250 % 256}.{number % 250 + 1}"


@pytest.fixture
def who(request: pytest.FixtureRequest) -> Visitor:
    """The browser (on the server's own computer) a test opens its rooms through the store as: its own."""
    return visitor(None, f"{request.node.name} {secrets.token_hex(8)}")


def tab(url: str, address: str | None = None, cookie: str | None = None) -> Tab:
    headers = {"X-Forwarded-For": address} if address else {}
    if cookie:
        headers["Cookie"] = cookie
    return Tab(url, "t", headers=headers)


def _strings(message: Any, path: str = "") -> Iterator[tuple[str, str]]:
    for field, value in message.ListFields():
        name = f"{path}.{field.name}" if path else field.name
        if field.type == field.TYPE_STRING:
            for item in value if field.is_repeated else [value]:
                yield name, item
        elif field.type == field.TYPE_BYTES and field.name == "data":
            yield from ((name, cell) for cell in _arrow_cells(value))
        elif field.type == field.TYPE_MESSAGE:
            for item in value if field.is_repeated else [value]:
                yield from _strings(item, name)


def _arrow_cells(data: bytes) -> list[str]:
    """The cells of a table element (``st.table`` renders Markdown in them)."""
    try:
        table = pa.ipc.open_stream(io.BytesIO(data)).read_all()
    except (pa.ArrowInvalid, OSError):
        return []
    return [str(cell) for column in table.columns for cell in column.to_pylist() if isinstance(cell, str)]


def sinks(page: Tab) -> list[str]:
    """Every payload still in markup form, in any Markdown or HTML a page received (with where it was)."""
    found = []
    for element in [*page.protos, *page.blocks]:
        kind = element.WhichOneof("type")
        for field, text in _strings(getattr(element, kind) if kind else element):
            last = field.rsplit(".", 1)[-1]
            if (kind, last) in PLAIN_FIELDS or (kind == "html" and "document.cookie" in text):
                continue
            # Plotly draws a subset of HTML in its texts, and no Markdown; the board component's data is a Plotly
            # figure and words its script sets as text (board.js writes no HTML)
            if kind in ("plotly_chart", "bidi_component"):
                hits = [raw for raw in RAW_HTML if raw in text]
            else:
                unescaped = re.sub(r"\\.", "", text)  # Markdown shows a backslash-escaped character as itself
                hits = [raw for raw in RAW if raw in unescaped]
            if hits:
                found.append(f"{kind}.{field}: {hits} in {text[max(0, text.find(hits[0]) - 60) :][:160]!r}")
    return found


async def _page(url: str, query: str, page: str, address: str | None = None, cookie: str | None = None) -> Tab:
    opened = tab(url, address, cookie)
    await opened.connect()
    await opened.run(query=query, page=page)
    return opened


# -- finding 3: other people's text rendered as Markdown ------------------------------------------------


def test_finding_3_no_payload_reaches_a_markdown_sink_on_any_page(server: tuple[str, str], who: Visitor) -> None:
    url, database = server
    store = ClubStore(database)
    admin = store.book.admit(THIS_COMPUTER, None, clock())
    store.book.name_club(CLUB, admin)
    saved = store.book.save(make_rule_set({"en": TITLE, "ru": TITLE}, "block", 2, {}), clock(), admin)
    setup = make_setup("block", 2, {}, "greedy", new_secret(), False, 300, saved.title)
    table, host = store.open_table(setup, "Teacher", "watcher", clock(), who=who)
    lesson_code, teacher = store.open_class(LESSON, 11, "Teacher", 40, clock(), who=who)

    async def scenario() -> list[tuple[str, Tab]]:
        pages: list[tuple[str, Tab]] = []
        for name in (NAME, HTML_NAME):
            player = await _page(url, f"join={table}&lang=en", "club", fresh_address())
            await player.run(click="club_join", club_join_name={"string_value": name})
            assert player.params().get("room") == table, player.text()[-300:]
            pages.append((f"player {name}", player))
        store.deal(table, host, clock())
        store.hint(table, host, 0, Text(HINT, HINT), clock())
        watcher = await _page(url, f"room={table}&me={host}&lang=en", "club")
        pages.append(("watching teacher", watcher))
        for _label, player in pages[:2]:
            await player.run()
        learner = await _page(url, f"join={lesson_code}&lang=en", "club", fresh_address())
        await learner.run(click="club_join", club_join_name={"string_value": NAME})
        wall = await _page(url, f"room={lesson_code}&me={teacher}&lang=ru", "club")
        pages += [("learner", learner), ("class teacher", wall)]
        store.teach(lesson_code, teacher, "finish", clock())
        await wall.run()
        for where in ("play", "compare", "rules"):
            pages.append((where, await _page(url, "lang=en", where)))
        rules = await _page(url, "lang=en", "club", fresh_address())
        await rules.run(club_section={"string_array_value": {"data": ["The club's rules"]}})
        pages.append(("club rules (a phone)", rules))
        form = await _page(url, "lang=en", "club")
        await form.run(club_section={"string_array_value": {"data": ["Open a shared table"]}})
        pages.append(("table form", form))
        return pages

    pages = run_apart(scenario())
    texts = {label: "\n".join(t for _k, ts in page.elements for t in ts) for label, page in pages}
    assert "Eve" in texts["watching teacher"] and "Bob" in texts["watching teacher"]  # the names are shown
    assert "Dacha" in texts["play"] and "Our" in texts["player " + NAME]  # the club's name, the title
    assert "lead" in texts["player " + NAME]  # the teacher's hint reached its player
    found = {label: sinks(page) for label, page in pages}
    assert not any(found.values()), found
    assert all(not page.exceptions for _label, page in pages)


# -- finding 2 and 6 over the wire: a script with a new tab per request ----------------------------------


def test_finding_6_the_code_box_and_new_tabs_count_against_one_address(server: tuple[str, str], who: Visitor) -> None:
    url, database = server
    code, _teacher = ClubStore(database).open_class(LESSON, 11, "Teacher", 40, clock(), who=who)
    guesser = fresh_address()

    async def scenario() -> tuple[Tab, Tab, Tab]:
        for number in range(GUESSES_PER_HOUR):
            box = await _page(url, "lang=en", "club", guesser)  # a new tab for every guess
            guess = new_code()
            await box.run(club_join_code={"string_value": guess if guess != code else new_code()})
            await box.close()
            assert "club_join_seat" not in box.widgets, number
        late = await _page(url, f"join={code}&lang=en", "club", guesser)
        await late.run(click="club_join", club_join_name={"string_value": "Mallory"})
        elsewhere = await _page(url, f"join={code}&lang=en", "club", fresh_address())
        await elsewhere.run(click="club_join", club_join_name={"string_value": "Anna"})
        ru = await _page(url, f"join={code}&lang=ru", "club", guesser)
        await ru.run(click="club_join", club_join_name={"string_value": "Мэллори"})
        return late, elsewhere, ru

    late, elsewhere, ru = run_apart(scenario())
    assert "Too many wrong codes from your network" in late.text()  # said as a sentence; even the real code is refused
    assert late.params().get("room") is None
    assert elsewhere.params().get("room") == code  # another network joins at once
    assert "Слишком много неверных кодов" in ru.text()


def test_finding_2_a_script_opening_rooms_meets_a_truthful_refusal(server: tuple[str, str]) -> None:
    url, _database = server
    script = fresh_address()

    async def scenario() -> tuple[int, str, bool]:
        opened, refusal = 0, ""
        for number in range(ROOMS_PER_ADDRESS + 2):
            page = await _page(url, f"teach={LESSON}&lang=en", "club", script)
            await page.run(click="club_start_class", club_teacher_name={"string_value": f"T{number}"})
            if page.params().get("room"):
                opened += 1
            else:
                refusal = next((t for t in page.texts if "rooms opened from your network" in t), page.text()[-300:])
            await page.close()
        teacher = await _page(url, f"teach={LESSON}&lang=en", "club", fresh_address())
        await teacher.run(click="club_start_class")
        return opened, refusal, bool(teacher.params().get("room"))

    opened, refusal, real_teacher = run_apart(scenario())
    assert opened == ROOMS_PER_ADDRESS
    assert "end a class or close a table" in refusal and "15 minutes with nobody in it" in refusal
    assert real_teacher


# -- finding 5: the teacher's token in the address bar --------------------------------------------------


def test_finding_5_no_token_in_the_address_and_a_wall_link_cannot_lead(server: tuple[str, str]) -> None:
    url, database = server
    store = ClubStore(database)

    async def scenario() -> dict[str, Any]:
        teacher = await _page(url, f"teach={LESSON}&lang=en", "club")
        await teacher.run(click="club_start_class")
        out: dict[str, Any] = {"teacher_query": teacher.query}
        code = teacher.params()["room"]
        out["cookie_written"] = any(
            kind == "html" and f"dt_room_{code}" in " ".join(ts) for kind, ts in teacher.elements
        )
        await teacher.run(click="club_wall")
        wall_link = next(t for t in teacher.texts if "me=" in t)
        out["wall_query_on_load"] = wall_link.split("?", 1)[1]
        wall = await _page(url, out["wall_query_on_load"] + "&lang=en", "club")
        out["wall_query_after"] = wall.query
        out["wall_buttons"] = sorted(k for k in wall.widgets if k in ("club_next", "club_reveal", "club_finish"))
        before = store.room(code, clock()).step
        await wall.run(click_id=teacher.widgets["club_next"])  # the teacher's button id, fired from the wall
        await wall.run()
        out["wall_click_moved_the_class"] = store.room(code, clock()).step != before
        out["wall_says"] = wall.text()
        return out

    out = run_apart(scenario())
    assert "me=" not in out["teacher_query"] and "room=" in out["teacher_query"]
    assert out["cookie_written"]
    assert "me=" in out["wall_query_on_load"] and "me=" not in out["wall_query_after"]
    assert out["wall_buttons"] == []
    assert not out["wall_click_moved_the_class"]
    assert "no buttons" in out["wall_says"]


# -- finding 10: a click that reaches a fresh session before the page was drawn ---------------------------


def test_finding_10_a_click_after_a_reconnect_is_applied_once_or_refused(server: tuple[str, str], who: Visitor) -> None:
    url, database = server
    store = ClubStore(database)
    code, token = store.open_class(LESSON, 11, "Teacher", 40, clock(), who=who)
    cookie = f"dt_room_{code}={token}"

    async def scenario() -> tuple[int, int, str]:
        before = await _page(url, f"room={code}&lang=en", "club", cookie=cookie)  # the page before the restart
        next_id = before.widgets["club_next"]
        await before.close()
        again = tab(url, cookie=cookie)  # the page's new session after the restart: the click comes first
        await again.connect()
        again.query, again.page = f"room={code}&lang=en", "club"
        await again.run(click_id=next_id)
        applied = store.room(code, clock()).step
        await again.run()
        stale = Tab(url, "stale", headers={"Cookie": cookie})
        await stale.connect()
        await stale.run(query=f"room={code}&lang=en", page="club")
        store.teach(code, token, "next", clock())  # another screen of the teacher moves on meanwhile
        await stale.run(click="club_next")
        return applied, store.room(code, clock()).step, stale.text()

    applied, after, said = run_apart(scenario())
    assert applied == 1  # applied exactly once (Streamlit alone dropped it: review finding 10)
    assert after == 2  # the stale click was not applied on top
    assert "not applied" in said


def test_the_join_card_names_an_eight_character_code(server: tuple[str, str]) -> None:
    url, _database = server

    async def scenario() -> str:
        teacher = await _page(url, f"teach={LESSON}&lang=en", "club")
        await teacher.run(click="club_start_class")
        return teacher.text()

    assert re.search(r"Join with the code \*\*[A-Z2-9]{8}\*\*", run_apart(scenario()))


# -- a class's load: a phone redraws for its own room's moves, not for others' answers ---------------------------


async def _until(condition: Any, what: str, seconds: float = 30) -> None:
    """Wait until ``condition()`` holds (checked every 50 ms), or fail saying ``what`` never came."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {seconds} s")
        await asyncio.sleep(0.05)


def test_a_phone_redraws_for_the_next_step_not_for_another_learners_answer(
    server: tuple[str, str], who: Visitor
) -> None:
    url, database = server
    store = ClubStore(database)
    code, teacher_token = store.open_class(LESSON, 11, "Teacher", 40, clock(), who=who)
    bob = store.join(code, "Bob", clock())

    async def scenario() -> dict[str, Any]:
        teacher = await _page(url, f"room={code}&lang=en", "club", cookie=f"dt_room_{code}={teacher_token}")
        phone = await _page(url, f"join={code}&lang=en", "club")
        await phone.run(click="club_join", club_join_name={"string_value": "Ann"})
        steps: list[str] = []  # each progress bar the phone drew: one per full run of its page
        polls: list[float] = []  # each run of the phone's page that finished (its poll's runs included)

        def listen(_tab: Tab, message: Any, kind: str, now: float) -> None:
            if kind == "script_finished":
                polls.append(now)
            elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                element = message.delta.new_element
                if element.WhichOneof("type") == "progress":
                    steps.append(element.progress.text)

        phone.listeners.append(listen)
        teacher.start_polling()
        phone.start_polling()
        answered = time.time()
        store.answer(code, bob, 0, Judged("a", True), clock())
        await _until(lambda: "1 / 2" in teacher.texts, "the teacher's screen counting Bob's answer")
        await _until(lambda: len([t for t in polls if t > answered + 0.5]) >= 3, "three polls of the phone")
        out: dict[str, Any] = {"after_answer": list(steps)}
        store.teach(code, teacher_token, "next", clock(), at_step=0)
        await _until(lambda: any("Step 2" in text for text in steps), "the next step on the phone")
        out["after_next"] = list(steps)
        out["exceptions"] = phone.exceptions + teacher.exceptions
        return out

    out = run_apart(scenario())
    assert out["after_answer"] == []  # Bob's answer changed the room, and the phone drew nothing again
    assert [text for text in out["after_next"] if text.startswith("Step")] == ["Step 2 of 11"]
    assert out["exceptions"] == []
