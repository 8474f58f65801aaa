"""Render PNG snapshots of the Tien Gow table into docs/ with headless Chromium.

Run: ``python3 tests/board/render_tien_gow_snapshots.py`` (needs Debian's
chromium and the playwright Python package, like ``render_snapshots.py``,
whose ``render`` it uses). Not a test: look at the pictures.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import plotly.graph_objects as go

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from render_snapshots import render  # noqa: E402

from tutorial_app.board.tien_gow_controller import handle_click  # noqa: E402
from tutorial_app.board.tien_gow_figure import chinese_tiles_figure, tien_gow_figure  # noqa: E402
from tutorial_app.rules import tien_gow as tg  # noqa: E402
from tutorial_app.rules.tien_gow.bots import choose_greedy  # noqa: E402
from tutorial_app.rules.tien_gow.tiles import CHINESE_KINDS  # noqa: E402


def bots_until(state: tg.HandState, stop: int, viewer: int = 0) -> tg.HandState:
    """Greedy bots play every seat (the viewer's too) until ``stop`` moves are made, then up to the viewer's turn."""
    moves = 0
    while not state.is_over and (moves < stop or state.to_move != viewer):
        state = tg.apply(state, choose_greedy(state, tg.legal_moves(state)))
        moves += 1
    return state


def selection_of(state: tg.HandState, move: tg.Move) -> tuple[int, ...]:
    """The places in seat 0's hand of a move's tiles, as clicks would select them."""
    selected: tuple[int, ...] = ()
    hand = list(state.hands[0])
    for tile in move.tiles:
        place = next(i for i, t in enumerate(hand) if t is tile and i not in selected)
        selected = handle_click(state, selected, f"hand:{place}").selected
    return selected


def main() -> None:
    figs: dict[str, go.Figure] = {}
    # the first seeded deal in which seat 0 can lead a pair
    deals = (tg.deal(tg.TienGowRules(), random.Random(seed), banker=0).state for seed in range(100))
    start = next(state for state in deals if any(len(m.tiles) == 2 for m in tg.legal_moves(state)))
    pair = next(m for m in tg.legal_moves(start) if len(m.tiles) == 2)
    figs["tien_gow_lead_select"] = tien_gow_figure(start, selected=selection_of(start, pair), width=900, height=640)
    middle = bots_until(start, 5)
    if middle.trick is not None:
        beat = next((m for m in tg.legal_moves(middle) if m.action is tg.Action.PLAY), tg.legal_moves(middle)[0])
        figs["tien_gow_follow"] = tien_gow_figure(middle, selected=selection_of(middle, beat), width=900, height=640)
    taken = start
    while len(taken.tricks) < 3:
        taken = tg.apply(taken, choose_greedy(taken, tg.legal_moves(taken)))
    figs["tien_gow_trick_taken_ru_dark"] = tien_gow_figure(taken, lang="ru", theme="dark", width=900, height=640)
    final = bots_until(start, 40)
    figs["tien_gow_hand_over"] = tien_gow_figure(final, width=900, height=640)
    strip = [*CHINESE_KINDS[:11], None, *CHINESE_KINDS[11:]]
    figs["chinese_tiles_strip"] = chinese_tiles_figure(strip, highlight=[0], width=900, height=120)
    render(figs)


if __name__ == "__main__":
    main()
