"""Double-six tiles on show outside a game: drawn as tiles (Chinese ones: tests/board/test_tien_gow_table.py)."""

from __future__ import annotations

from typing import Any

from board_helpers import trace

from tutorial_app.board.showcase import tiles_figure
from tutorial_app.rules.tiles import ALL_TILES


def _pips(fig: Any) -> Any:
    return trace(fig, "pips")


def test_the_whole_set_is_drawn_tile_by_tile() -> None:
    fig = tiles_figure(list(ALL_TILES), per_row=7)
    bodies = next(t for t in fig.data if t.name == "tiles")
    assert sum(1 for v in bodies.x if v is None) == 28
    assert len(_pips(fig).x) == sum(t.pips for t in ALL_TILES)
    names = next(t for t in fig.data if t.name == "names")
    assert list(names.hovertext) == [str(t) for t in ALL_TILES]
    assert fig.layout.height > tiles_figure(list(ALL_TILES[:7]), per_row=7).layout.height  # four rows, not one


def test_highlighted_tiles_are_outlined() -> None:
    fig = tiles_figure(list(ALL_TILES[:7]), highlight=["0-0"])
    hint = next(t for t in fig.data if t.name == "hint")
    assert sum(1 for v in hint.x if v is None) == 1
