"""Driving the club room in several browser contexts at once: a teacher, phones, players at a table.

Also used by ``benchmarks/club_latency.py``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import PAGE_TEXT, SETTLED, open_app

from tutorial_app.i18n import t

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TALLY = """() => {
  for (const gd of document.querySelectorAll('.js-plotly-plot')) {
    const trace = (gd.data || [])[0];
    if (trace && trace.type === 'bar' && trace.orientation === 'h') {
      return trace.y.map((label, i) => [label, trace.x[i], trace.marker.color[i]]);
    }
  }
  return null;
}"""


LAGGING = """
(() => {
  // A screen that can fall behind its room on purpose: while window.__dominoLag is true, the page's
  // interval timers of a second or more (Streamlit's run_every fragments: the room's one-second poll) skip
  // their turns; shorter ones (the page's own widgets) run as ever.
  const every = window.setInterval;
  window.setInterval = function (callback, ms, ...rest) {
    const held = typeof callback === 'function' && ms >= 1000
      ? function (...args) { if (!window.__dominoLag) return callback.apply(this, args); }
      : callback;
    return every.call(window, held, ms, ...rest);
  };
})();
"""
"""Installed on every phone (``phone``, or ``laggable`` for another context); ``lag`` and ``catch_up`` use it."""


def laggable(context: Any) -> Any:
    """A browser context whose screens ``lag`` can hold back (its pages opened after this call)."""
    context.add_init_script(LAGGING)
    return context


def phone(browser: Any, locale: str = "en-US") -> tuple[Any, Any]:
    """A phone-sized browser context and its page (one that can be made to lag behind its room: ``lag``)."""
    context = laggable(browser.new_context(locale=locale, **PHONE))
    page = context.new_page()
    page.set_default_navigation_timeout(90_000)  # several phones load the app at once on a busy machine
    return context, page


def page_text(page: Any) -> str:
    return str(page.evaluate(PAGE_TEXT))


def wait_text(page: Any, text: str | re.Pattern[str], timeout: float = 30_000) -> None:
    """Wait until the page shows ``text`` (it may come by the page's own polling)."""
    page.get_by_text(text).first.wait_for(timeout=timeout)


def start_class(page: Any, url: str, lesson_id: str, lang: str = "en") -> str:
    """Open the club page with a lesson (in ``lang``), start the class; the join code on the teacher's screen."""
    open_app(page, f"{url}/club?teach={lesson_id}&lang={lang}")
    # the join line as the teacher's screen shows it (a Markdown heading: no ### and ** on the page)
    before, _code, after = t("club.join_at", lang, code="\0").split("\n")[0].lstrip("# ").partition("**\0**")
    press(page, t("club.start_class", lang), before.strip())
    found = re.search(re.escape(before) + r"([A-Z0-9]{8})" + re.escape(after), page_text(page))
    assert found is not None, page_text(page)
    return found.group(1)


def open_table(
    page: Any,
    url: str,
    watch: bool = False,
    name: str = "Host",
    players: int | None = None,
    away: int = 300,
) -> str:
    """Open a shared table (block for two unless told), as a player at seat 0 or as the watching teacher.

    ``away``: the seconds before a bot takes a silent seat; long by default, so that a slow machine's test
    is not played by bots behind its back (the takeover itself is tested in tests/club)."""
    open_app(page, f"{url}/club?lang=en")
    segment(page, "Open a shared table")
    wait_text(page, "Open the table")
    if players is not None:
        segment(page, str(players))
    main = page.get_by_test_id("stMainBlockContainer")
    main.get_by_label("A bot takes over a seat whose player is silent for").first.click()
    page.keyboard.type(t("club.seconds", "en", n=away))
    page.keyboard.press("Enter")
    page.wait_for_function(SETTLED, polling=50)
    if watch:
        page.get_by_text("I watch as the teacher").click()
        page.wait_for_function(SETTLED, polling=50)
    main = page.get_by_test_id("stMainBlockContainer")
    main.get_by_label("Your name", exact=True).fill(name)
    main.get_by_label("Your name", exact=True).press("Enter")
    page.wait_for_function(SETTLED, polling=50)
    # a pattern, not the text "Table ": a text matches case-blind, and the button "Open the table" has "table"
    press(page, "Open the table", re.compile(r"Table [A-Z0-9]{8}"))
    found = re.search(r"Table ([A-Z0-9]{8})", page_text(page))
    assert found is not None, page_text(page)
    return found.group(1)


def join_room(page: Any, url: str, code: str, name: str, lang: str = "en", seat: int | None = None) -> None:
    """Open the join link (as the QR code gives it), write a name and join."""
    open_app(page, f"{url}/club?join={code}&lang={lang}")
    field = page.get_by_test_id("stMainBlockContainer").get_by_label(t("club.your_name", lang), exact=True)
    field.fill(name)
    field.press("Enter")
    page.wait_for_function(SETTLED, polling=50)
    if seat is not None:
        page.get_by_text(t("club.seat_n", lang, seat=seat), exact=True).click()
        page.wait_for_function(SETTLED, polling=50)
    press(page, t("club.join", lang), code)


def tally(page: Any) -> list[tuple[str, int, str]] | None:
    """The teacher's chart of answers: (answer, how many, bar colour), as drawn."""
    found = page.evaluate(TALLY)
    return None if found is None else [(str(label), int(count), str(colour)) for label, count, colour in found]


def segment(page: Any, label: str) -> None:
    """Pick an option of a segmented control in the main area by its label, and wait for the page to settle."""
    page.get_by_test_id("stMainBlockContainer").get_by_text(label, exact=True).first.click()
    page.wait_for_function(SETTLED, polling=50)


def main_button(page: Any, label: str) -> Any:
    """A button of the page's main area by its exact label."""
    return page.get_by_test_id("stMainBlockContainer").get_by_role("button", name=label, exact=True).first


def press(page: Any, label: str, expect: str | re.Pattern[str], timeout: float = 60_000) -> None:
    """Click a button once and wait for ``expect`` on the page.

    Why not ``click_button``'s second try: a click here changes the room for
    everybody (the next step, a deal); clicked twice, the class would skip a step.
    """
    main_button(page, label).click()
    wait_text(page, expect, timeout)
    page.wait_for_function(SETTLED, polling=50, timeout=timeout)


def lag(page: Any) -> None:
    """Make a phone fall behind its room: its poll stops asking for changes. Returns once no poll of it is
    under way (the page has settled), so what the page shows is what its server session last drew."""
    page.evaluate("() => { window.__dominoLag = true; }")
    page.wait_for_function(SETTLED, polling=50)


def catch_up(page: Any) -> None:
    """Let a phone that ``lag`` held back poll its room again."""
    page.evaluate("() => { window.__dominoLag = false; }")


def failure_screens(pages: list[Any], artifacts: Path, tag: str) -> None:
    """Screenshots of every screen after a failure, as far as they can be taken (a stuck page must not
    hide the failure that is being reported)."""
    for number, page in enumerate(pages):
        try:
            page.screenshot(path=str(artifacts / f"{tag}_failed_{number}.png"), timeout=10_000)
        except Exception as exc:
            print(f"no screenshot of screen {number}: {type(exc).__name__}")
