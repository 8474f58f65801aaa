"""Tiles on show outside a game: drawn as tiles, Chinese ones with their red and white pips."""

from __future__ import annotations

from typing import Any

from board_helpers import trace

from tutorial_app.board.showcase import CHINESE_COLOURS, chinese_tile_marks, tiles_figure
from tutorial_app.rules.chinese import CHINESE_KINDS, red_pips
from tutorial_app.rules.tiles import ALL_TILES, parse_tile


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


def test_chinese_tiles_have_exactly_their_red_pips() -> None:
    for tile in CHINESE_KINDS:
        marks = chinese_tile_marks(tile, 0.0, 0.0)
        assert marks.pip_colour.count(CHINESE_COLOURS["red"]) == red_pips(tile)
        assert marks.pip_colour.count(CHINESE_COLOURS["white"]) == tile.pips - red_pips(tile)
    fig = tiles_figure([parse_tile("4-1"), parse_tile("6-6")], style="chinese", highlight=["6-6"])
    colours = list(_pips(fig).marker.color)
    assert colours.count(CHINESE_COLOURS["red"]) == 5 + 6
    assert any(t.name == "hint" for t in fig.data)
    assert next(t for t in fig.data if t.name == "tiles").fillcolor == CHINESE_COLOURS["face"]
