"""Around the felt: hands never overlap the felt or each other, stay in the figure, and the
viewer's hand grows with the felt."""

from __future__ import annotations

import pytest

from tutorial_app.board.frame import (
    MAX_HAND_SCALE,
    SEAT_SIDES,
    frame_for,
    hand_tiles,
    label_spot,
    narrow_felt_width,
    narrow_frame,
)
from tutorial_app.board.geometry import Rect
from tutorial_app.board.layout import TABLE_SIZES

SIZES = [*TABLE_SIZES, (30.0, 20.0)]


def _rect(cx: float, cy: float, vertical: bool, scale: float) -> Rect:
    hw, hh = (0.5 * scale, scale) if vertical else (scale, 0.5 * scale)
    return Rect(cx - hw, cy - hh, cx + hw, cy + hh)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_hands_fit_around_the_felt(players: int, width: float, height: float) -> None:
    frame = frame_for(width, height, players)
    felt = Rect(-width / 2, -height / 2, width / 2, height / 2)
    figure = Rect(frame.x_range[0], frame.y_range[0], frame.x_range[1], frame.y_range[1])
    for count in (1, 7, 12, 21):
        rects: list[Rect] = []
        for side in frame.sides:
            tiles = hand_tiles(frame, side, count, raised=0)
            assert len(tiles) == count
            for t in tiles:
                r = _rect(t.cx, t.cy, t.vertical, t.scale)
                assert r.inside(figure), (side, count)
                assert not r.overlaps(felt), (side, count)
                assert all(not r.overlaps(other) for other in rects), (side, count)
                rects.append(r)
            x, y = label_spot(frame, side)
            assert figure.x0 < x < figure.x1 and figure.y0 < y < figure.y1
            if side == "top":  # at least as far from the top hand's tiles as from the felt (midway at most)
                near = min(t.cy - t.scale for t in hand_tiles(frame, side, count))
                assert y - height / 2 <= near - y + 1e-9, (y, near)


def test_viewer_hand_grows_with_the_felt_up_to_a_limit() -> None:
    """On the smallest felt the viewer's tiles are chain-sized; larger felts draw them larger
    (so they stay about as large on screen), never more than MAX_HAND_SCALE."""
    for players in SEAT_SIDES:
        scales = [frame_for(w, h, players).hand_scale for w, h in SIZES]
        assert scales[0] == 1.0
        assert scales == sorted(scales)
        assert scales[-1] == MAX_HAND_SCALE
        # On every step up to the full table, in the app's 560 px high board, a viewer's
        # tile is at least 60 px long.
        for w, h in TABLE_SIZES:
            frame = frame_for(w, h, players)
            assert 2 * frame.hand_scale * 560 / (frame.y_range[1] - frame.y_range[0]) >= 60


def test_a_long_hand_shrinks_to_fit_its_side() -> None:
    frame = frame_for(*TABLE_SIZES[0], 4)
    short = hand_tiles(frame, "left", 3)
    long = hand_tiles(frame, "left", 20)
    assert {t.scale for t in short} == {1.0}
    assert max(t.scale for t in long) < 1.0
    raised = hand_tiles(frame, "bottom", 5, raised=2)
    flat = hand_tiles(frame, "bottom", 5)
    assert raised[2].cy > flat[2].cy and raised[1] == flat[1]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("screen", [350.0, 760.0])
def test_a_narrow_screen_gets_tiles_a_finger_can_tap_wrapping_the_hand(players: int, screen: float) -> None:
    """A phone's (350 px) or a tablet's (760 px) column: the viewer's tiles at least 36 px wide while two rows
    hold them, the hand under the side seats' columns, nothing overlapping, everything inside the figure."""
    width = narrow_felt_width(screen, players)
    for height in (6.0, 12.0):
        felt = Rect(-width / 2, -height / 2, width / 2, height / 2)
        for count in (1, 5, 7, 9, 13, 21):
            frame = narrow_frame(width, height, players, screen, count)
            px_per_unit = screen / (frame.x_range[1] - frame.x_range[0])
            figure = Rect(frame.x_range[0], frame.y_range[0], frame.x_range[1], frame.y_range[1])
            rects: list[Rect] = []
            mine = hand_tiles(frame, "bottom", count, raised=count - 1)
            for side in frame.sides:
                for t in mine if side == "bottom" else hand_tiles(frame, side, count):
                    r = _rect(t.cx, t.cy, t.vertical, t.scale)
                    assert r.inside(figure), (side, count, frame)
                    assert not r.overlaps(felt), (side, count)
                    assert all(not r.overlaps(other) for other in rects), (side, count)
                    rects.append(r)
            rows = {round(t.cy, 6) for t in mine[:-1]}  # the last tile is raised
            assert frame.rows == len(rows) or count == 1
            if count <= 13:
                assert min(t.scale for t in mine) * px_per_unit >= 36, (players, screen, count, frame)
            assert 2 * px_per_unit >= 32  # chain tiles stay readable
