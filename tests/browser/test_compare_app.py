"""Compare in headless Chromium: boards per rule set, a comparison run with its legend, a shared link.

Screenshots (laptop and phone width, English and Russian) go to
``test-artifacts/compare_*.png``. What the boards must show is computed by
the rules core (the example position's hands, the deal's parting move).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import PAGE_TEXT, POLL_MS, SETTLED, open_app, reruns, wait_rerun

from tutorial_app.app.compare.comparison import parting_move, same_deal
from tutorial_app.i18n import t
from tutorial_app.rules.line.variants import rules_for

pytestmark = pytest.mark.browser

# Every drawn board: a Plotly figure with the board's "tiles" trace; its tile count is the tiles trace's
# polygons (None-separated).
BOARDS = """() => {
  const out = [];
  for (const gd of document.querySelectorAll('.js-plotly-plot')) {
    const box = gd.getBoundingClientRect();
    const tiles = (gd._fullData || []).find((trace) => trace.name === 'tiles');
    if (!tiles || box.width === 0) continue;
    const labels = (gd._fullData || []).find((trace) => trace.name === 'labels');
    out.push({width: box.width, height: box.height, labels: labels ? labels.text : [],
              outlined: (gd._fullData || []).some((trace) => trace.name === 'hint')});
  }
  return out;
}"""
LEGEND = "() => Array.from(document.querySelectorAll('.js-plotly-plot .legend .traces')).map((e) => e.textContent)"


def _tab(page: Any, name: str) -> None:
    """Open a tab: a rerun that draws it (only the open tab is drawn)."""
    before, text = reruns(page), page.evaluate(PAGE_TEXT)
    page.get_by_role("tab", name=name).click()
    wait_rerun(page, before, timeout=120_000, text=text)


# The window has the asked height, the main container fills it, and no figure has changed its size for 150 ms.
LAID_OUT = """(height) => {
  const main = document.querySelector('[data-testid="stMain"]');
  if (window.innerHeight !== height || main.clientHeight < Math.min(height, main.scrollHeight) - 2) return false;
  const sizes = JSON.stringify([...document.querySelectorAll('.js-plotly-plot')].map((gd) => {
    const box = gd.getBoundingClientRect();
    return [box.width, box.height];
  }));
  const now = performance.now();
  const last = window.__dominoLaidOut;
  if (!last || last.sizes !== sizes || last.height !== height) {
    window.__dominoLaidOut = {sizes: sizes, height: height, since: now};
    return false;
  }
  return now - last.since >= 150;
}"""


def _shot(page: Any, path: Path, width: int) -> None:
    """The whole page: Streamlit scrolls inside its own container, so the window is made tall for the picture
    (taken once the page is laid out again at that height)."""
    height = int(page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollHeight"))
    tall = min(max(height, 800), 6000)
    page.set_viewport_size({"width": width, "height": tall})
    page.wait_for_function(LAID_OUT, arg=tall, polling=50, timeout=30_000)
    page.screenshot(path=str(path))


def _boards(page: Any, count: int) -> list[dict[str, Any]]:
    page.wait_for_function(f"() => ({BOARDS})().length >= {count}", timeout=60_000, polling=POLL_MS)
    boards: list[dict[str, Any]] = page.evaluate(BOARDS)
    return boards


@pytest.mark.parametrize(
    ("lang", "width", "height"), [("en", 1400, 1000), ("ru", 390, 844)], ids=["laptop-en", "phone-ru"]
)
def test_compare_draws_boards_runs_and_shares(
    screen_page: Any, app_url: str, artifacts: Path, lang: str, width: int, height: int
) -> None:
    page = screen_page(viewport={"width": width, "height": height}, locale="en-US")
    # four-player kozel, donkey and block in a link: the example position then has four hands
    open_app(
        page,
        f"{app_url}/compare?lang={lang}&r1=kozel&p1=4&r2=donkey&p2=4&r3=block&p3=4&seed=3"
        "&hands=300&matches=5&bot=greedy&deal_bot=greedy",
    )
    _tab(page, t("compare.tab_referee", lang))
    boards = _boards(page, 3)
    seat_names = [label for label in boards[0]["labels"] if ":" not in label]  # not the boneyard
    assert len(seat_names) == 4, seat_names  # one hand per player, every seat named by number
    assert not any(t("seat.you", lang) in name for board in boards for name in board["labels"])
    assert all(b["width"] <= width for b in boards)
    _shot(page, artifacts / f"compare_referee_{lang}_{width}.png", width)
    page.set_viewport_size({"width": width, "height": height})

    _tab(page, t("compare.tab_deal", lang))
    outcomes = [same_deal(rules_for(name, 4), 3, "greedy") for name in ("kozel", "donkey", "block")]
    parted = parting_move(outcomes)
    boards = _boards(page, 3)
    if parted is not None and any(o.moves[parted - 1].tile is not None for o in outcomes):
        assert any(b["outlined"] for b in boards)  # the tile where the games part is outlined
    _shot(page, artifacts / f"compare_deal_{lang}_{width}.png", width)
    page.set_viewport_size({"width": width, "height": height})

    _tab(page, t("compare.tab_stats", lang))
    page.get_by_role("button", name=t("compare.run", lang), exact=True).click()
    page.wait_for_function(f"() => ({LEGEND})().length === 3", timeout=180_000, polling=POLL_MS)
    page.wait_for_function(SETTLED, polling=100, timeout=60_000)
    legend = page.evaluate(LEGEND)
    assert [entry.split(".")[0] for entry in legend] == ["1", "2", "3"]
    # the charts render, one bar per rule set (test_browser_flows' own run of the simulation, merged here)
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot .bars').length >= 3", timeout=60_000)
    bars = page.evaluate("() => document.querySelectorAll('.js-plotly-plot .bars .point').length")
    assert bars >= 6  # at least three charts with one bar per rule set
    page.get_by_text(t("compare.stat.goat", lang)).first.wait_for()
    page.get_by_role("button", name=t("compare.csv", lang)).wait_for()
    _shot(page, artifacts / f"compare_stats_{lang}_{width}.png", width)

    assert "r2=donkey" in page.url and "hands=300" in page.url
