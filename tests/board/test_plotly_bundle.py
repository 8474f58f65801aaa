"""The plotly.js the board component ships is the basic bundle of its stated version, and every board the app
draws uses only the trace types that bundle has (a board drawn with a trace it lacks would stay blank)."""

from __future__ import annotations

import random
import re
from typing import Any

from board_helpers import PRESETS, random_hands

from tutorial_app.app.table.board_component import ASSETS, PLOTLY_JS_VERSION, plotly_source
from tutorial_app.board.figure import board_figure
from tutorial_app.board.showcase import tiles_figure
from tutorial_app.board.tien_gow_figure import chinese_tiles_figure, tien_gow_figure
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.tiles import parse_tile


def _bundle_traces() -> set[str]:
    """The trace types the shipped bundle registers (read from the bundle itself, not listed by hand)."""
    return set(re.findall(r'moduleType:"trace",name:"([a-z0-9]+)"', plotly_source().read_text(encoding="utf-8")))


def _trace_types(figure: Any) -> set[str]:
    return {str(trace.get("type", "scatter")) for trace in figure.to_dict()["data"]}


def test_the_shipped_plotly_js_is_the_basic_bundle_of_its_stated_version_with_its_licence() -> None:
    head = plotly_source().read_text(encoding="utf-8")[:200]
    assert f"plotly.js (basic - minified) v{PLOTLY_JS_VERSION}" in head
    assert "MIT" in (ASSETS / "plotly-basic.LICENSE.txt").read_text(encoding="utf-8")
    assert _bundle_traces() == {"scatter", "bar", "pie"}


def test_every_board_draws_only_traces_the_bundle_has() -> None:
    known = _bundle_traces()
    used: set[str] = set()
    for variant, players in PRESETS:
        (states,) = random_hands(variant, players, range(1))
        for state in states[:: max(1, len(states) // 3)]:
            used |= _trace_types(board_figure(state, viewer_seat=0, reveal=state.is_over, theme="dark"))
    chinese = tg.deal(tg.TienGowRules(), random.Random(3)).state
    used |= _trace_types(tien_gow_figure(chinese))
    used |= _trace_types(chinese_tiles_figure(chinese.hand(0)))
    used |= _trace_types(tiles_figure([parse_tile("6-6"), parse_tile("3-0")]))
    assert used, "no figure was built"
    assert used <= known, f"boards use {sorted(used - known)}, which the shipped plotly.js lacks"
