"""The Play board at a phone's, a tablet's and a dark screen's size: fit, tile size, colours, words for screen readers.

Screenshots go to ``test-artifacts/`` (look at them). The tile size is
measured from the drawn figure (Plotly's own axes), not from the code that
drew it.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import POLL_MS, SETTLED, open_app, wait_point
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tutorial_app.app.play.seat_bots import DEFAULT_LEVEL
from tutorial_app.app.play.table import HUMAN, start_table
from tutorial_app.board.figure import THEMES
from tutorial_app.rules.line.variants import rules_for

pytestmark = pytest.mark.browser

DEAL = "play?deal=4&rules=block&players={players}&lang=en"

# The board's figure on screen, and the on-screen width of the viewer's first hand tile (a click target's spot
# is the tile's centre; the tiles' polygons give their size in axis units).
MEASURE = """() => {
  const gd = [...document.querySelectorAll('.js-plotly-plot')].find((g) => (g._fullData || []).some(
      (t) => t.name === 'click'));
  if (!gd) return null;  // between two draws of the board (a rerun replaces the chart)
  const box = gd.getBoundingClientRect();
  const x = gd._fullLayout.xaxis;
  const unit = Math.abs(x.l2p(1) - x.l2p(0));
  const y = gd._fullLayout.yaxis;
  const spanned = Math.abs(y.l2p(y.range[1]) - y.l2p(y.range[0]));
  // The viewer's hand tiles: the face-up tile outlines below the felt (null separates two tiles).
  const felt = gd._fullData.find((t) => t.name === 'felt');
  const feltBottom = Math.min(...Array.from(felt.y).filter((v) => v !== null && !Number.isNaN(v)));
  const tiles = gd._fullData.find((t) => t.name === 'tiles');
  const widths = [];
  let xs = [], ys = [];
  for (let i = 0; i <= tiles.x.length; i++) {
    const vx = tiles.x[i], vy = tiles.y[i];
    if (i === tiles.x.length || vx === null || Number.isNaN(vx)) {
      if (xs.length && Math.max(...ys) < feltBottom) widths.push(Math.max(...xs) - Math.min(...xs));
      xs = []; ys = [];
    } else { xs.push(vx); ys.push(vy); }
  }
  return {left: box.left, right: box.right, width: box.width, height: box.height, spanned: spanned, unit: unit,
          hand: Math.min(...widths) * unit, paper: gd._fullLayout.paper_bgcolor,
          alt: (gd.closest('[aria-label]') || gd).getAttribute('aria-label') ||
               (document.querySelector('[data-testid="stPlotlyChart"] [aria-label]') || {getAttribute: () => null})
                 .getAttribute('aria-label'),
          page: document.documentElement.clientWidth};
}"""


def _open_board(screen_page: Any, url: str, size: tuple[int, int], scheme: str = "light", players: int = 2) -> Any:
    page = screen_page(
        viewport={"width": size[0], "height": size[1]}, locale="en-US", color_scheme=scheme, has_touch=size[0] < 1000
    )
    open_app(page, f"{url}/{DEAL.format(players=players)}")
    table = start_table(rules_for("block", players), "block", DEFAULT_LEVEL, 4, False)
    wait_point(page, f"hand:{table.state.hand(HUMAN)[0]}", timeout=60_000)
    return page


@pytest.mark.parametrize(
    ("device", "size", "players"),
    [("phone", (390, 844), 2), ("phone", (390, 844), 4), ("tablet", (820, 1180), 2), ("tablet", (820, 1180), 4)],
)
def test_the_board_fits_a_small_screen(
    screen_page: Any, app_url: str, artifacts: Path, device: str, size: tuple[int, int], players: int
) -> None:
    page = _open_board(screen_page, app_url, size, players=players)
    # The first run does not know the column's width; the browser reports it and the board is drawn again.
    with contextlib.suppress(PlaywrightTimeout):  # if it never is, the measure below says what is wrong
        page.wait_for_function(
            f"() => {{ const f = ({MEASURE})(); return !!f && f.height <= f.spanned + 4; }}",
            timeout=30_000,
            polling=POLL_MS,
        )
    page.wait_for_function(SETTLED, polling=50, timeout=30_000)
    page.screenshot(path=str(artifacts / f"play_{device}_{players}p.png"), full_page=False)
    found = page.wait_for_function(
        MEASURE, timeout=30_000, polling=POLL_MS
    ).json_value()  # the board as drawn (not mid-rerun)
    assert found["left"] >= 0 and found["right"] <= found["page"] + 1, f"the board overflows the screen: {found}"
    chain_tile_px = found["unit"] * 2  # a tile is two half-tile units long
    print(
        f"{device}, {players} players: board {found['width']:.0f} x {found['height']:.0f} px, a chain tile {chain_tile_px:.0f} px "
        f"long, your tiles {found['hand']:.0f} px wide"
    )
    # Four seats on a phone: the side seats' columns take room beside the felt, so chain tiles come out a
    # little smaller (32 px); the tiles a learner taps stay 36 px wide.
    assert chain_tile_px >= (32 if players == 4 and device == "phone" else 36), f"chain tiles too small: {found}"
    assert found["hand"] >= 36, f"your tiles too small to tap on a {device}: {found}"
    # The felt is shrunk to the chain: the figure is as tall as what it shows (no empty wood above and below).
    assert found["height"] <= found["spanned"] + 4, f"empty wood above and below the board: {found}"


def test_dark_preference_gives_a_dark_board_and_words_for_screen_readers(
    screen_page: Any, app_url: str, artifacts: Path
) -> None:
    page = _open_board(screen_page, app_url, (1400, 1000), scheme="dark")
    page.wait_for_function(
        "() => { const c = getComputedStyle(document.querySelector('[data-testid=\"stApp\"]')).backgroundColor;"
        " const [r, g, b] = c.match(/\\d+/g).map(Number); return r + g + b < 200; }",
        timeout=30_000,
    )
    page.screenshot(path=str(artifacts / "play_dark.png"), full_page=True)
    found = page.wait_for_function(
        MEASURE, timeout=30_000, polling=POLL_MS
    ).json_value()  # the board as drawn (not mid-rerun)
    assert found["paper"] == THEMES["dark"].wood, found
    label = page.locator(
        '[data-testid="stPlotlyChart"] [aria-label*="Open ends"], '
        '[data-testid="stPlotlyChart"][aria-label*="Open ends"]'
    )
    assert label.count() >= 1 or (found["alt"] and "You hold" in found["alt"]), found
