"""Geometry invariants of the chain layout over random hands of every preset and player count."""

from __future__ import annotations

import pytest
from board_helpers import PRESETS, line_table, random_hands

from tutorial_app.board.geometry import EPS, Placement, Rect
from tutorial_app.board.layout import TABLE_SIZES, BoardLayout, LayoutError, layout_table
from tutorial_app.board.shape import ChainShape
from tutorial_app.rules.line.state import HandState


def _square(x: float, y: float) -> Rect:
    return Rect(x - 0.5, y - 0.5, x + 0.5, y + 0.5)


def _joins(a: Placement, b: Placement, number: int) -> bool:
    """Tiles a and b touch, and every pair of halves that touch shows ``number`` on both."""
    if not a.rect.touches(b.rect):
        return False
    contacts = [
        (na, nb)
        for (xa, ya, na) in a.halves()
        for (xb, yb, nb) in b.halves()
        if _square(xa, ya).touches(_square(xb, yb))
    ]
    return bool(contacts) and all(na == number and nb == number for na, nb in contacts)


def _across(double: Placement, neighbour: Placement) -> bool:
    """The double meets its neighbour with a long side: it lies across the chain."""
    d, n = double.rect, neighbour.rect
    meets_vertical_edge = abs(d.x1 - n.x0) < EPS or abs(n.x1 - d.x0) < EPS
    return meets_vertical_edge if double.vertical else not meets_vertical_edge


def check_layout(state: HandState, board: BoardLayout) -> None:
    table = state.table
    placements = board.placements
    assert sorted(p.tile.index for p in placements) == sorted(t.index for t in table.tiles())
    table_rect = board.table_rect
    for i, a in enumerate(placements):
        assert a.rect.inside(table_rect), f"{a.tile} leaves the table"
        for b in placements[i + 1 :]:
            assert not a.rect.overlaps(b.rect), f"{a.tile} overlaps {b.tile}"
    centre = placements[0]
    assert centre.arm == "centre" and centre.tile is table.centre
    by_arm: dict[str, list[Placement]] = {}
    for p in placements[1:]:
        by_arm.setdefault(p.arm, []).append(p)
    for arm_index, name in enumerate(("left", "right", "up", "down")):
        links = table.arms[arm_index]
        laid = by_arm.get(name, [])
        assert [p.tile for p in laid] == [lk.tile for lk in links]
        previous = centre
        for link, placed in zip(links, laid, strict=True):
            assert _joins(previous, placed, link.inner), f"{placed.tile} does not join {previous.tile}"
            if placed.tile.is_double:
                assert _across(placed, previous), f"double {placed.tile} is not across the chain"
            spinner_side = previous is centre and name in ("up", "down")
            if previous.tile.is_double and not spinner_side:
                # the spinner lies across the left-right line; up and down leave its ends
                assert _across(previous, placed), f"double {previous.tile} is not across the chain"
            previous = placed


@pytest.mark.parametrize(("variant", "players"), PRESETS)
def test_random_hands_lay_out_cleanly(variant: str, players: int) -> None:
    for states in random_hands(variant, players, range(25)):
        shape = None
        for state in states:
            board = layout_table(state.table, shape)
            check_layout(state, board)
            shape = board.shape
        fresh = layout_table(states[-1].table)
        check_layout(states[-1], fresh)


@pytest.mark.parametrize(("variant", "players"), [("block", 2), ("all_fives", 2), ("donkey", 4)])
def test_kept_shape_keeps_tiles_in_place(variant: str, players: int) -> None:
    """With the shape passed back, a new tile never moves tiles whose bends were kept.

    Below the full table a kept bend is never re-bent (the table grows
    instead); on the full table a tail may be re-bent to make room.
    """
    full = TABLE_SIZES[-1]
    for states in random_hands(variant, players, range(25)):
        before: BoardLayout | None = None
        for state in states:
            board = layout_table(state.table, None if before is None else before.shape)
            assert (board.shape.width, board.shape.height) == (board.width, board.height)
            same_table = before is not None and (board.width, board.height) == (before.width, before.height)
            if before is not None and board.shape.centre is before.shape.centre:
                for arm_index in range(4):
                    old_steps = before.shape.arms[arm_index]
                    if same_table and board.width < full[0]:
                        assert board.shape.arms[arm_index][: len(old_steps)] == old_steps
                    if board.shape.arms[arm_index][: len(old_steps)] != old_steps:
                        continue
                    old = [p for p in before.placements if p.arm == ("left", "right", "up", "down")[arm_index]]
                    new = [p for p in board.placements if p.arm == ("left", "right", "up", "down")[arm_index]]
                    assert new[: len(old)] == old
            before = board


def _step_index(board: BoardLayout) -> int:
    """The place of the board's table among TABLE_SIZES; beyond the full table counts as larger."""
    size = (board.width, board.height)
    return TABLE_SIZES.index(size) if size in TABLE_SIZES else len(TABLE_SIZES)


@pytest.mark.parametrize(("variant", "players"), PRESETS)
def test_table_grows_only_when_the_chain_needs_it(variant: str, players: int) -> None:
    """Within a hand the felt never shrinks; it grows only when the chain does not fit the
    current table with the tiles laid kept in place, then to the smallest step that fits,
    and the chain is laid afresh for the larger table."""
    for states in random_hands(variant, players, range(12)):
        before: BoardLayout | None = None
        for state in states:
            board = layout_table(state.table, None if before is None else before.shape)
            if before is None:
                assert (board.width, board.height) == TABLE_SIZES[0]  # the first tile: the smallest felt
            else:
                # (in All Fives the first double becomes the centre: same hand, chain re-laid)
                assert board.width >= before.width and board.height >= before.height
                if (board.width, board.height) != (before.width, before.height):
                    kept = before.shape if board.shape.centre is before.shape.centre else None
                    with pytest.raises(LayoutError):
                        layout_table(state.table, kept, width=before.width, height=before.height, strict=True)
                    for w, h in TABLE_SIZES[_step_index(before) + 1 : _step_index(board)]:
                        with pytest.raises(LayoutError):
                            layout_table(state.table, width=w, height=h, strict=True)
                    fresh = layout_table(state.table, width=board.width, height=board.height)
                    assert fresh.placements == board.placements
            before = board


def test_a_short_chain_lies_on_the_smallest_table() -> None:
    """The opening tiles of every hand lie on the smallest felt, so they are drawn large."""
    for variant, players in PRESETS:
        for states in random_hands(variant, players, range(3)):
            shape = None
            for state in states:
                board = layout_table(state.table, shape)
                shape = board.shape
                if state.table.tile_count() <= 3:
                    assert (board.width, board.height) == TABLE_SIZES[0], (variant, players)


def test_a_shape_from_a_smaller_table_is_laid_afresh() -> None:
    """Grown out of the smallest felt, the chain is re-laid for the larger table, not forced."""
    table = line_table("6-5", ["5-1", "1-4", "4-2", "2-0", "0-3"])
    small = layout_table(table, width=TABLE_SIZES[0][0], height=TABLE_SIZES[0][1])
    assert small.width > TABLE_SIZES[0][0]  # five tiles on one arm do not fit the smallest felt
    grown = layout_table(table, ChainShape(table.centre, ((), (), (), ()), *TABLE_SIZES[0]))
    assert (grown.width, grown.height) == TABLE_SIZES[1]
    assert grown.shape == layout_table(table, width=TABLE_SIZES[1][0], height=TABLE_SIZES[1][1]).shape
    assert any(step.bend != "straight" for step in grown.shape.arm("right"))  # turns before the edge
    assert layout_table(table, grown.shape) == grown  # and stays on that table


def test_empty_table_has_a_lead_spot() -> None:
    state = next(iter(random_hands("block", 2, range(1))))[0]
    board = layout_table(state.table._replace(centre=None, lead=None))
    assert board.placements == ()
    assert [spot.end for spot in board.ends] == ["lead"]


def test_spinner_grows_four_arms() -> None:
    """In a spinner game the centre double lies across and arms leave it in four directions."""
    seen_up_down = False
    for states in random_hands("donkey", 2, range(30)):
        board = layout_table(states[-1].table)
        centre = board.placements[0]
        assert centre.tile.is_double and centre.vertical
        heads = {p.arm: p for p in board.placements if p.link_index == 0}
        for arm, placed in heads.items():
            c, r = centre.rect, placed.rect
            if arm == "left":
                assert r.x1 == c.x0
            elif arm == "right":
                assert r.x0 == c.x1
            elif arm == "up":
                assert r.y0 == c.y1
            else:
                assert r.y1 == c.y0
        seen_up_down = seen_up_down or "up" in heads or "down" in heads
    assert seen_up_down


def test_a_move_taken_back_gives_back_the_smaller_table() -> None:
    """A shape that covers more tiles than the table holds (undo, or the next lesson position
    with the same lead) does not keep the larger felt."""
    long = line_table("6-5", ["5-1", "1-4", "4-2", "2-0", "0-3"])
    grown = layout_table(long)
    assert (grown.width, grown.height) != TABLE_SIZES[0]
    short = line_table("6-5", ["5-1"])
    assert (layout_table(short, grown.shape).width, layout_table(short, grown.shape).height) == TABLE_SIZES[0]


@pytest.mark.parametrize("max_width", [14.0, 18.0])
@pytest.mark.parametrize(("variant", "players"), [("block", 2), ("draw", 4), ("all_fives", 2), ("kozel", 4)])
def test_a_narrow_felt_grows_taller_not_wider(variant: str, players: int, max_width: float) -> None:
    """A phone's felt (``max_width``): every position lays out cleanly; the felt starts shrunk to the chain and
    stays within that width except for the rare chain that cannot bend in time (doubles in a row)."""
    positions = wider = 0
    for states in random_hands(variant, players, range(8)):
        shape = None
        assert layout_table(states[0].table, max_width=max_width).height <= TABLE_SIZES[1][1]
        for state in states:
            board = layout_table(state.table, shape, max_width=max_width)
            check_layout(state, board)
            positions += 1
            wider += board.width > max_width
            shape = board.shape
    assert wider <= positions * 0.15, f"{wider} of {positions} positions needed a wider felt"
