"""Driving the app in a real browser: wait for reruns, click points of the Plotly board.

Also used by ``benchmarks/app_speed.py``.
"""

from __future__ import annotations

from typing import Any

RERUN_WATCH = """() => {
  if (window.__domino) return;
  window.__domino = {runs: 0};
  const app = document.querySelector('[data-testid="stApp"]');
  new MutationObserver(() => {
    if (app.getAttribute('data-test-script-state') === 'notRunning') window.__domino.runs += 1;
  }).observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
}"""

FIND_POINT = """(name) => {
  for (const gd of document.querySelectorAll('.js-plotly-plot')) {
    const layout = gd._fullLayout;
    if (!layout || !gd._fullData) continue;
    for (const trace of gd._fullData) {
      const data = trace.customdata;
      if (!data) continue;
      for (let i = 0; i < data.length; i++) {
        const value = Array.isArray(data[i]) ? data[i][0] : data[i];
        if (value === name) {
          gd.scrollIntoView({block: 'center'});
          const box = gd.getBoundingClientRect();
          return {x: box.left + layout.xaxis._offset + layout.xaxis.l2p(trace.x[i]),
                  y: box.top + layout.yaxis._offset + layout.yaxis.l2p(trace.y[i])};
        }
      }
    }
  }
  return null;
}"""


def open_app(page: Any, url: str) -> None:
    """Open a page of the app and wait until its script has run and rerun-watching is on."""
    page.goto(url)
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=60_000)
    page.wait_for_selector('[data-testid="stMainBlockContainer"]', timeout=30_000)
    page.evaluate(RERUN_WATCH)


def reruns(page: Any) -> int:
    """How many script runs have finished since ``open_app``."""
    return int(page.evaluate("() => window.__domino ? window.__domino.runs : 0"))


def wait_rerun(page: Any, before: int, timeout: float = 30_000) -> None:
    """Wait until a script run that started after ``before`` has finished."""
    page.wait_for_function("n => window.__domino.runs > n", arg=before, timeout=timeout)
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=timeout)


def wait_point(page: Any, name: str, timeout: float = 15_000) -> dict[str, float]:
    """Wait until a board point named ``name`` ("hand:6-4", "end:left") is drawn; its pixel position."""
    page.wait_for_function(f"() => ({FIND_POINT})({name!r}) !== null", timeout=timeout)
    where = page.evaluate(FIND_POINT, name)
    assert where is not None
    return {"x": float(where["x"]), "y": float(where["y"])}


def click_point(page: Any, name: str) -> None:
    """Click a board point by its ``customdata`` and wait for the app's rerun."""
    where = wait_point(page, name)
    before = reruns(page)
    page.mouse.click(where["x"], where["y"])
    wait_rerun(page, before)


def click_button(page: Any, label: str) -> None:
    """Click the app button with exactly this label and wait for the rerun."""
    before = reruns(page)
    page.get_by_role("button", name=label, exact=True).first.click()
    wait_rerun(page, before)
