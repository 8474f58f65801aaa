"""The Play page's choice of direction for the next tile: straight on, turn left, turn right.

The bends offered and the step kept come from the board's own
``turn_options``/``layout_table``; the test only clicks the buttons a learner
would and reads the kept shape back.
"""

from __future__ import annotations

from app_runs import MAIN, ok
from streamlit.testing.v1 import AppTest

from tutorial_app.app.play.table import HUMAN, PlayTable, bots_by_seat
from tutorial_app.board.adjust import BENDS, turn_options
from tutorial_app.board.layout import layout_table
from tutorial_app.i18n import t
from tutorial_app.rules.game import Dealt, SetLead
from tutorial_app.rules.line.game import LINE
from tutorial_app.rules.line.match import new_match
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.state import ARM_NAMES
from tutorial_app.rules.text import Text
from tutorial_app.rules.tiles import parse_tile
from tutorial_app.strategy.bot_table import Seeds

# Seat 0 can lay 6-1 only on the left; seat 1 then has nothing for 1 or 0 and passes.
POSITION = {
    "rules": "block",
    "hands": [["6-1", "5-5", "5-1"], ["2-3", "4-4"]],
    "chain": ["6-5", "5-2", "2-4", "4-3", "3-0"],
    "to_move": 0,
}
TILE = parse_tile("6-1")


def _table() -> PlayTable:
    position = read_position(POSITION)
    match = new_match(position.rules)
    return PlayTable(
        LINE,
        position.rules,
        "block",
        bots_by_seat(position.rules.players, "greedy"),
        Seeds(1),
        False,
        0,
        Dealt(position.state, SetLead(Text("a set position", "заданная позиция"))),
        position.state,
        match,
        viewer=HUMAN,
    )


def _page(lang: str = "en") -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lang"] = lang
    ok(at.run())
    ok(at.switch_page("app_pages/play.py").run())
    at.session_state["play_page"].table = _table()
    return ok(at.run())


def _fits_one_end() -> None:
    state = _table().state
    assert [m.end for m in legal_moves(state) if m.tile is TILE] == ["left"]


def test_a_chosen_turn_is_kept_in_the_shape_of_the_chain() -> None:
    _fits_one_end()
    start = _table().state
    options = turn_options(start.table, layout_table(start.table), "left", TILE)
    turns = [bend for bend in options if bend != "straight"]
    assert "straight" in options and turns, "this chain has room to turn the next tile on the left"
    at = _page()
    for bend in BENDS:
        assert at.button(key=f"play_direction_{bend}").disabled is (bend not in options)
    bend = turns[0]
    ok(at.button(key=f"play_direction_{bend}").click().run())
    assert at.session_state["play_page"].direction == bend
    ok(at.button(key=f"play_tile_{TILE}").click().run())
    ok(at.button(key="play_end_left").click().run())  # a tile, then its end: the one click model
    table: PlayTable = at.session_state["play_page"].table
    index = ARM_NAMES.index("left")
    assert table.state.table.arms[index][-1].tile is TILE
    kept = at.session_state["_board_play"].shape
    assert kept.arm("left")[len(start.table.arms[index])] == options[bend]
    assert at.session_state["play_page"].direction is None, "the choice is for one tile"
    laid = layout_table(table.state.table, kept)
    assert laid.shape.arm("left")[len(start.table.arms[index])].bend == bend


def test_a_plain_click_lays_the_tile_as_the_chain_lays_itself() -> None:
    start = _table().state
    before = layout_table(start.table)
    at = _page()
    ok(at.button(key=f"play_tile_{TILE}").click().run())
    assert at.session_state["play_selected"] == str(TILE), "a tile with one place is selected, not played"
    ok(at.button(key="play_end_left").click().run())
    table: PlayTable = at.session_state["play_page"].table
    assert table.state.table.arms[0][-1].tile is TILE and table.state.to_move == HUMAN
    expected = layout_table(table.state.table, before.shape).shape
    kept = at.session_state["_board_play"].shape
    assert kept == expected
    assert kept.arm("left")[len(start.table.arms[0])].bend == "straight"


def test_the_direction_buttons_speak_russian_and_go_away_when_it_is_not_your_turn() -> None:
    at = _page("ru")
    labels = {b.key: b.label for b in at.button if (b.key or "").startswith("play_direction_")}
    assert labels == {f"play_direction_{bend}": t(f"bend.{bend}", "ru") for bend in BENDS}
    ends = t("end.left", "ru")
    assert any(c.value == t("controls.direction", "ru", ends=ends) for c in at.caption)
    at.session_state["play_page"].table = _table()._replace(state=_table().state._replace(to_move=1))
    ok(at.run())
    assert not any((b.key or "").startswith("play_direction_") for b in at.button)
