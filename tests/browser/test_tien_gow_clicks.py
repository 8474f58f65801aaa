"""The Tien Gow table's click layer in headless Chromium: a real mouse click reaches ``customdata``.

The figure is served as a plain page (the Play page will wrap it later);
clicks land on a tile's ends as well as its middle, and on the buttons. The
moves the clicks make are checked by the pure controller, as the app will.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from review_positions import earth_led

from tutorial_app.board.tien_gow_controller import handle_click
from tutorial_app.board.tien_gow_figure import tien_gow_figure
from tutorial_app.board.tien_gow_layout import layout_tien_gow
from tutorial_app.rules import tien_gow as tg

pytestmark = pytest.mark.browser

LISTEN = """() => {
  const gd = document.querySelector('.js-plotly-plot');
  window.__clicked = [];
  window.__hovered = [];
  gd.on('plotly_click', (event) => window.__clicked.push(event.points[0].customdata));
  gd.on('plotly_hover', (event) => window.__hovered.push(event.points[0].customdata));
}"""

PIXEL = """([x, y]) => {
  const gd = document.querySelector('.js-plotly-plot');
  const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
  const box = gd.getBoundingClientRect();
  return {x: box.left + xa._offset + xa.l2p(x), y: box.top + ya._offset + ya.l2p(y)};
}"""


def _click(page: Any, x: float, y: float) -> str:
    where = page.evaluate(PIXEL, [x, y])
    count = page.evaluate("() => window.__clicked.length")
    hovered = page.evaluate("() => window.__hovered.length")
    # Why move first: Plotly finds the point under the mouse on a (throttled) mousemove; the click goes to
    # the point it has found, so wait for that hover before clicking
    page.mouse.move(where["x"], where["y"])
    page.wait_for_function(f"() => window.__hovered.length > {hovered}", timeout=5_000)
    page.mouse.click(where["x"], where["y"])
    page.wait_for_function(f"() => window.__clicked.length > {count}", timeout=5_000)
    return str(page.evaluate("() => window.__clicked[window.__clicked.length - 1]"))


def test_clicks_on_tiles_and_buttons_reach_the_controller(page: Any, tmp_path: Path, artifacts: Path) -> None:
    state = earth_led()
    selected: tuple[int, ...] = (0,)
    fig = tien_gow_figure(state, selected=selected, width=900, height=640)
    html = tmp_path / "table.html"
    fig.write_html(html, include_plotlyjs=True, full_html=True, config={"displayModeBar": False})
    page.goto(html.as_uri())
    page.wait_for_selector(".main-svg")
    page.evaluate(LISTEN)
    table = layout_tien_gow(state, selected=selected)
    bench = next(s for s in table.tiles if s.click == "hand:4")
    # near the top end of the tile, well away from its middle
    name = _click(page, bench.cx, bench.cy + bench.size[1] * 0.38)
    assert name == "hand:4"
    outcome = handle_click(state, selected, name)
    assert outcome.selected == (4,)  # one tile was led: the bench replaces the Heaven
    play = next(b for b in table.buttons if b.action is tg.Action.PLAY)
    assert _click(page, play.x + play.w * 0.3, play.y) == "action:play"
    # the figure drawn for (0,) has Heaven selected: pressing Play beats the Earth with it
    assert handle_click(state, selected, "action:play").move == tg.play("6-6")
    page.screenshot(path=str(artifacts / "tien_gow_clicks.png"))
