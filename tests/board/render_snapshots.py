"""Render PNG snapshots of typical boards into docs/ with headless Chromium.

Run: ``python3 tests/board/render_snapshots.py`` (needs Debian's chromium at
/usr/bin/chromium and the playwright Python package). Not a test: pytest
does not collect it; look at the pictures.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import plotly.graph_objects as go
from playwright.sync_api import sync_playwright

from tutorial_app.board.figure import board_figure
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action, HandState

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
# One copy of the browser flags (tests/conftest.py) and of "a random hand at
# N tiles with its kept shape" (benchmarks/board_speed.py).
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "benchmarks")]

from board_speed import position as played  # noqa: E402
from conftest import CHROMIUM_ARGS  # noqa: E402


def first_playable(state: HandState):  # type: ignore[no-untyped-def]
    """A tile of the player to move that has a legal play."""
    for move in legal_moves(state):
        if move.action is Action.PLAY:
            return move.tile
    return None


def render(figures: dict[str, go.Figure]) -> None:
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for name, fig in figures.items():
            html = Path(tmp) / f"{name}.html"
            fig.write_html(html, include_plotlyjs=True, full_html=True, config={"displayModeBar": False})
            page = browser.new_page(viewport={"width": int(fig.layout.width), "height": int(fig.layout.height)})
            page.goto(html.as_uri())
            page.wait_for_selector(".main-svg")
            page.screenshot(path=str(DOCS / f"{name}.png"))
            page.close()
            print("wrote", DOCS / f"{name}.png")
        browser.close()


def main() -> None:
    DOCS.mkdir(exist_ok=True)
    figs: dict[str, go.Figure] = {}
    state, shape = played("block", 2, 3, 2)
    figs["board_block_opening"] = board_figure(
        state, viewer_seat=state.to_move, selected=first_playable(state), shape=shape, width=900, height=620
    )
    state, shape = played("block", 2, 3, 9)
    figs["board_block_select"] = board_figure(
        state, viewer_seat=state.to_move, selected=first_playable(state), shape=shape, width=900, height=620
    )
    state, shape = played("block", 4, 11, 28)
    figs["board_block4_snake_dark"] = board_figure(state, shape=shape, theme="dark", width=900, height=620)
    state, shape = played("all_fives", 2, 5, 40)
    figs["board_all_fives_spinner"] = board_figure(state, shape=shape, reveal=True, width=900, height=620)
    state, shape = played("kozel", 3, 8, 16)
    figs["board_kozel3_ru_hint"] = board_figure(
        state,
        viewer_seat=state.to_move,
        shape=shape,
        lang="ru",
        highlight=["end:left", str(first_playable(state))],
        width=900,
        height=620,
    )
    render(figs)


if __name__ == "__main__":
    main()
