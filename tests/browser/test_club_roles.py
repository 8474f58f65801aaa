"""The host's roles in headless Chromium: remove a learner, lock the class, a wall screen; no secret in the
address bar, no request to an address a learner's name names (review findings 3, 5 and 7).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import SETTLED
from club_helpers import failure_screens, join_room, main_button, phone, start_class, wait_text
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from servers import Server

from tutorial_app.club.store import ClubStore, clock
from tutorial_app.i18n import t

pytestmark = pytest.mark.browser

LESSON = "core-02-placing-on-the-ends"
BEACON = "127.0.0.1:9"
TROLL = f"![x](http://{BEACON}/troll.png) Troll"


def _tool(page: Any, label: str) -> None:
    """Click a button of the host's popover, opening it first (a change of the room redraws it closed)."""
    button = page.get_by_role("button", name=label, exact=True)
    if not button.is_visible():
        main = page.get_by_test_id("stMainBlockContainer")
        main.get_by_role("button", name=re.compile("People and screens")).click()
        button.wait_for(timeout=30_000)
    button.click()
    page.wait_for_function(SETTLED, polling=50)


def _wall_link(teacher: Any) -> None:
    """The teacher asks for the wall screen's link and it shows (in the popover, outside the main block).

    Why a second ask: in a loaded run (CI, 2026-12-03) the click left the popover open with no link and nothing
    refused, as a click that lands while the screen's one-second poll runs has been lost elsewhere
    (``_next_step``); a person asks again. Asking twice is harmless: the link shown is the newest, and any wall
    link leads nowhere but to a view-only screen."""
    for attempt in range(2):
        _tool(teacher, t("club.wall_link", "en"))
        try:
            teacher.get_by_text("me=").first.wait_for(timeout=15_000 if attempt == 0 else 30_000)
            return
        except PlaywrightTimeout:
            if attempt == 1:
                raise


def _next_step(teacher: Any, store: ClubStore, code: str) -> None:
    """The teacher presses "Next step ▶" and their own screen shows step 2.

    Why a second press, only while the room is still at its first step: in a loaded run of the suite the
    teacher's press was not applied (the teacher's screen and the wall both at step 1 for 30 s, nothing
    refused), as a click that lands while the screen's one-second poll runs has been lost at a table
    (test_club_table's ``_choose_tile``); a person presses again. Asked of the store, not of the screen, so the
    class never skips a step (and a press from a step the room has left is refused: ``teach``'s ``at_step``)."""
    main_button(teacher, "Next step ▶").click()
    try:
        wait_text(teacher, "Step 2 of", timeout=20_000)
    except PlaywrightTimeout:
        if store.room(code, clock()).step == 0:
            main_button(teacher, "Next step ▶").click()
        wait_text(teacher, "Step 2 of")


def test_the_teacher_removes_a_learner_locks_the_class_and_opens_a_wall_screen(
    browser: Any, club_server: Server, artifacts: Path
) -> None:
    fetched: list[str] = []
    teacher_context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    teacher = teacher_context.new_page()
    devices = [phone(browser), phone(browser, "ru-RU")]
    wall_context = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    wall = wall_context.new_page()
    pages = [teacher, *(page for _c, page in devices), wall]
    for page in pages:
        page.on("request", lambda request: fetched.append(request.url) if BEACON in request.url else None)
    try:
        code = start_class(teacher, club_server.url, LESSON)
        assert "me=" not in teacher.url and f"room={code}" in teacher.url
        troll = devices[0][1]
        join_room(troll, club_server.url, code, TROLL)
        assert "me=" not in troll.url
        troll.reload()  # a new server session: the room's cookie brings the phone back to its place
        wait_text(troll, "You are")
        wait_text(teacher, "0 / 1")  # answered / learners
        _tool(teacher, t("club.remove", "en"))
        wait_text(troll, "removed you")
        devices[0][0].close()  # done with: a screen left open costs CPU at every change of the room
        wait_text(teacher, "0 / 0")
        _tool(teacher, t("club.lock", "en"))
        wait_text(teacher, t("club.locked_note", "en"))
        newcomer = devices[1][1]
        newcomer.goto(f"{club_server.url}/club?join={code}&lang=ru")
        field = newcomer.get_by_test_id("stMainBlockContainer").get_by_label("Ваше имя", exact=True)
        field.fill("Вера")
        field.press("Enter")
        newcomer.wait_for_function(SETTLED, polling=50)
        main_button(newcomer, "Войти").click()
        wait_text(newcomer, "закрыл вход")
        devices[1][0].close()
        teacher.screenshot(path=str(artifacts / "club_roles_teacher_locked.png"))
        _wall_link(teacher)
        link = re.search(r"http://\S+me=[\w-]+", teacher.evaluate("() => document.body.innerText"))
        assert link is not None
        wall.goto(link.group(0) + "&lang=en")
        wait_text(wall, t("club.wall_note", "en"))
        wall.wait_for_function("() => !location.search.includes('me=')", timeout=30_000)
        assert not main_button(wall, "Next step ▶").is_visible()
        _next_step(teacher, ClubStore(club_server.database), code)
        wait_text(wall, "Step 2 of")  # the wall follows the teacher
        wall.screenshot(path=str(artifacts / "club_roles_wall.png"))
        assert fetched == [], fetched
    except Exception:
        failure_screens(pages, artifacts, "club_roles")
        raise
    finally:
        for context, _page in devices:
            context.close()
        teacher_context.close()
        wall_context.close()
