"""Turn choices and tail adjustment ("правка цепи")."""

from __future__ import annotations

import pytest
from board_helpers import line_table, tile

from tutorial_app.board.adjust import AdjustError, adjust_tail, bent_shape, rebend, turn_options, with_turn
from tutorial_app.board.geometry import Placement
from tutorial_app.board.layout import TABLE_SIZES, BoardLayout, layout_table
from tutorial_app.board.shape import Bend
from tutorial_app.rules.line.state import Link

# A right arm of eight tiles with no doubles, then a double and the tile after it.
RIGHT = ["5-1", "1-4", "4-2", "2-0", "0-3", "3-6", "6-1", "1-1", "1-2"]


def arm(board: BoardLayout, name: str) -> list[Placement]:
    return [p for p in board.placements if p.arm == name]


_ANGLE = {"straight": 0, "left": 1, "right": -1}


def _rotate(v: tuple[float, float], quarter_turns: int) -> tuple[float, float]:
    for _ in range(quarter_turns % 4):
        v = (-v[1], v[0])
    return v


@pytest.mark.parametrize(("at", "bend"), [(3, "straight"), (6, "left")])
def test_adjusting_swings_the_tail_rigidly(at: int, bend: Bend) -> None:
    table = line_table("6-5", RIGHT)
    board = layout_table(table)
    shape, record = adjust_tail(table, board, "right", at, bend, seat=1)
    # The swung tail needs the full table: the felt grows one step and keeps every bend.
    assert (board.width, board.height) == TABLE_SIZES[1]
    assert (shape.width, shape.height) == TABLE_SIZES[2]
    assert layout_table(table, shape).shape == shape
    adjusted = layout_table(table, shape, width=shape.width, height=shape.height, strict=True)
    old, new = arm(board, "right"), arm(adjusted, "right")
    assert [p.tile for p in new] == [p.tile for p in old]
    assert new[:at] == old[:at]
    quarter_turns = _ANGLE[bend] - _ANGLE[board.shape.arm("right")[at].bend]
    for i in range(at, len(old) - 1):
        old_vec = (old[i + 1].cx - old[i].cx, old[i + 1].cy - old[i].cy)
        new_vec = (new[i + 1].cx - new[i].cx, new[i + 1].cy - new[i].cy)
        assert new_vec == _rotate(old_vec, quarter_turns)
        assert new[i + 1].vertical != old[i + 1].vertical
    assert shape.arm("right")[at + 1 :] == board.shape.arm("right")[at + 1 :]
    assert record.as_dict() == {
        "action": "adjusted",
        "seat": 1,
        "end": "right",
        "at": str(tile(RIGHT[at])),
        "index": at,
        "bend": bend,
    }


@pytest.mark.parametrize(
    ("index", "words"),
    [(0, "first tile"), (7, "double"), (8, "after the double"), (3, "already")],
)
def test_forbidden_adjustments_are_refused_with_a_reason(index: int, words: str) -> None:
    table = line_table("6-5", RIGHT)
    board = layout_table(table)
    bend = board.shape.arm("right")[index].bend if words == "already" else "right"
    with pytest.raises(AdjustError) as caught:
        adjust_tail(table, board, "right", index, bend, seat=0)
    assert words in caught.value.reason.en
    assert caught.value.reason.ru


def test_adjustment_that_runs_into_the_chain_is_refused() -> None:
    # The right arm may not swing up into the left arm's half of the table.
    table = line_table("6-5", RIGHT, ["6-2", "2-3", "3-4", "4-4", "4-0"])
    board = layout_table(table)
    with pytest.raises(AdjustError) as caught:
        adjust_tail(table, board, "right", 4, "left", seat=0)
    assert "room" in caught.value.reason.en


def test_turn_options_follow_the_rules_of_turning() -> None:
    table = line_table("6-5", ["5-1", "1-4"])
    board = layout_table(table)
    options = turn_options(table, board, "right", tile("4-2"))
    assert options["straight"].bend == "straight"
    assert "right" in options  # turning down, away from the other arm, has room
    assert "left" not in options  # turning up would enter the left arm's half
    assert list(turn_options(table, board, "right", tile("4-4"))) == ["straight"]  # a double does not turn
    assert turn_options(table, board, "right", tile("3-2")) == {}  # does not fit the end


def test_chosen_turn_is_kept_by_the_next_layout() -> None:
    table = line_table("6-5", ["5-1", "1-4"])
    board = layout_table(table)
    step = turn_options(table, board, "right", tile("4-2"))["right"]
    shape = with_turn(board, table, "right", step)
    links = (*table.arms[1], Link(tile("4-2"), 4, 2, 0))
    after = table._replace(arms=(table.arms[0], links, (), ()))
    laid = arm(layout_table(after, shape), "right")
    assert laid[-1].vertical and laid[-1].cy < laid[-2].cy  # the new tile turned down


def test_bent_shape_re_bends_at_the_named_tiles_in_turn() -> None:
    table = line_table("6-5", RIGHT)
    board = layout_table(table)
    once, _ = adjust_tail(table, board, "right", 3, "straight", seat=0)
    assert bent_shape(table, []) == board.shape
    assert bent_shape(table, [(tile(RIGHT[3]), "straight")]) == layout_table(table, once).shape
    twice = bent_shape(table, [(tile(RIGHT[3]), "straight"), (tile(RIGHT[6]), "right")])
    assert twice.arm("right")[3].bend == "straight" and twice.arm("right")[6].bend == "right"
    assert rebend(table, board, tile(RIGHT[3]), "straight").shape == layout_table(table, once).shape


@pytest.mark.parametrize(
    ("name", "words"), [("6-5", "first tile"), ("3-3", "not on the chain"), ("1-2", "after the double")]
)
def test_bent_shape_says_why_a_tile_cannot_be_bent(name: str, words: str) -> None:
    table = line_table("6-5", RIGHT)
    with pytest.raises(AdjustError) as caught:
        bent_shape(table, [(tile(name), "left")])
    assert words in caught.value.reason.en and caught.value.reason.ru
