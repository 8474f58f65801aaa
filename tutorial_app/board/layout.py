"""Where every tile of the chain lies: a pure function of the table (no plotly).

The chain grows from the centre tile (the lead, or the spinner in spinner
games) along each arm. An arm runs straight until the table's edge comes
near, then turns and comes back one lane further out: a snake. Each arm owns
its own region of the table (two halves for a line, four pinwheel quadrants
around a spinner), so arms never cross and a tile laid on one arm never moves
the others.

Why a ``ChainShape`` (``shape``): the bends of the tiles already laid are
part of the position people see; a layout starts from the shape of the last
one, so laying a tile never re-arranges the table.

The felt's size (which table a hand is laid on, and how it grows) is
``felt``; its names and the shape's are re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tutorial_app.board.felt import TABLE_HEIGHT, TABLE_SIZES, TABLE_WIDTH, felts_from, is_full, starting_felt
from tutorial_app.board.geometry import (
    Placement,
    Rect,
    Vec,
    add,
    corridor,
    dot,
    scale,
    turn_left,
    turn_right,
)
from tutorial_app.board.shape import ARM_INDEX, EMPTY_SHAPE, STRAIGHT, Bend, ChainShape, Corner, Step
from tutorial_app.rules.line.state import End, Link, Table

__all__ = [
    "Bend",
    "Corner",
    "Step",
    "STRAIGHT",
    "ChainShape",
    "EndSpot",
    "BoardLayout",
    "LayoutError",
    "TABLE_WIDTH",
    "TABLE_HEIGHT",
    "TABLE_SIZES",
    "layout_table",
    "can_turn",
]

LANE_GAP = 3.0
"""Distance between the centre lines of two lanes of a snake: doubles in
neighbouring lanes then keep one unit of felt between them."""

_BIG = 1e6


class EndSpot(NamedTuple):
    """An open end on the board: its name, number, the point where the next tile
    would touch (``x``, ``y``) and the heading the chain has there."""

    end: End
    number: int
    x: float
    y: float
    dx: float
    dy: float

    @property
    def target(self) -> tuple[float, float]:
        """Where to draw the target circle: just beyond the end."""
        return (self.x + 0.75 * self.dx, self.y + 0.75 * self.dy)


class BoardLayout(NamedTuple):
    """The laid-out chain: every placement, the open ends, the table size and the shape."""

    placements: tuple[Placement, ...]
    ends: tuple[EndSpot, ...]
    width: float
    height: float
    shape: ChainShape
    spinner: bool

    @property
    def table_rect(self) -> Rect:
        """The table's rectangle, centred on the centre tile."""
        return Rect(-self.width / 2, -self.height / 2, self.width / 2, self.height / 2)

    def end_spot(self, end: End) -> EndSpot | None:
        """The spot of an open end, or None."""
        for spot in self.ends:
            if spot.end == end:
                return spot
        return None


class LayoutError(ValueError):
    """The chain (or a requested bend) does not fit on the table."""

    def __init__(self, arm: End, index: int) -> None:
        super().__init__(f"tile {index} of the {arm} arm does not fit on the table")
        self.arm = arm
        self.index = index


class _Region(NamedTuple):
    """The part of the table an arm may use: a box minus some forbidden rectangles."""

    box: Rect
    forbidden: tuple[Rect, ...]

    def allows(self, rect: Rect) -> bool:
        return rect.inside(self.box) and not any(rect.overlaps(f) for f in self.forbidden)


class _ArmStart(NamedTuple):
    end: End
    point: Vec
    heading: Vec
    main_axis: Vec
    region: _Region


def _starts(centre_rect: Rect, spinner: bool, width: float, height: float) -> tuple[_ArmStart, ...]:
    """Where each arm starts and which region it owns.

    Line: the right arm owns the lower half (and the middle band right of the
    lead), the left arm the upper half. Spinner: four pinwheel quadrants,
    each arm turning clockwise into its own.
    """
    # Why the 0.5 inset: a strip of felt between the chain and the table's edge.
    w, h = width / 2 - 0.5, height / 2 - 0.5
    c = centre_rect
    if not spinner:
        right = _Region(Rect(-w, -h, w, 1.0), (Rect(-_BIG, -1.0, c.x1, _BIG),))
        left = _Region(Rect(-w, -1.0, w, h), (Rect(c.x0, -_BIG, _BIG, 1.0),))
        return (
            _ArmStart("left", (c.x0, 0.0), (-1.0, 0.0), (1.0, 0.0), left),
            _ArmStart("right", (c.x1, 0.0), (1.0, 0.0), (1.0, 0.0), right),
        )
    right = _Region(Rect(c.x1, -h, w, 1.0), (Rect(-_BIG, -_BIG, 1.0, -1.0),))
    down = _Region(Rect(-w, -h, 1.0, c.y0), ())
    left = _Region(Rect(-w, -1.0, c.x0, h), (Rect(-1.0, 1.0, _BIG, _BIG),))
    up = _Region(Rect(-1.0, c.y1, w, h), ())
    return (
        _ArmStart("left", (c.x0, 0.0), (-1.0, 0.0), (1.0, 0.0), left),
        _ArmStart("right", (c.x1, 0.0), (1.0, 0.0), (1.0, 0.0), right),
        _ArmStart("up", (0.0, c.y1), (0.0, 1.0), (0.0, 1.0), up),
        _ArmStart("down", (0.0, c.y0), (0.0, -1.0), (0.0, 1.0), down),
    )


def can_turn(links: Sequence[Link], index: int) -> bool:
    """Whether tile ``index`` of an arm may be laid turned.

    A double lies across and never turns; the tile right after a double goes
    straight; the first tile of an arm goes straight off the centre tile.
    """
    if index <= 0 or index >= len(links):
        return False
    return not links[index].tile.is_double and not links[index - 1].tile.is_double


class _Cursor(NamedTuple):
    point: Vec
    heading: Vec
    lane_point: Vec
    run_heading: Vec


def _place(link: Link, cursor: _Cursor, step: Step, arm: End, index: int) -> tuple[Placement, _Cursor]:
    """Lay one tile at the cursor with a step; return it and the cursor after it."""
    p, d = cursor.point, cursor.heading
    tile = link.tile
    if step.bend == "straight":
        if tile.is_double:
            centre = add(p, scale(d, 0.5))
            placement = Placement(
                tile, arm, index, centre[0], centre[1], d[1] == 0, link.inner, link.inner, link.seat, link.closed
            )
            return placement, cursor._replace(point=add(p, d))
        first = add(p, scale(d, 0.5))
        new_d = d
    else:
        new_d = turn_left(d) if step.bend == "left" else turn_right(d)
        first = add(add(p, scale(d, -0.5)), new_d) if step.corner == "inside" else add(p, scale(d, 0.5))
    outer = add(first, new_d)
    centre = add(first, scale(new_d, 0.5))
    vertical = new_d[0] == 0
    axis = 1 if vertical else 0
    low, high = (link.inner, link.outer) if first[axis] < outer[axis] else (link.outer, link.inner)
    placement = Placement(tile, arm, index, centre[0], centre[1], vertical, low, high, link.seat, link.closed)
    new_point = add(first, scale(new_d, 1.5))
    lane_point, run_heading = cursor.lane_point, cursor.run_heading
    if step.bend != "straight" and abs(dot(new_d, _main_axis_of(cursor))) > 0.5:
        lane_point, run_heading = first, new_d
    return placement, _Cursor(new_point, new_d, lane_point, run_heading)


def _main_axis_of(cursor: _Cursor) -> Vec:
    return (abs(cursor.run_heading[0]), abs(cursor.run_heading[1]))


def _step_toward(heading: Vec, target: Vec) -> Bend | None:
    if turn_left(heading) == target:
        return "left"
    if turn_right(heading) == target:
        return "right"
    return None


def _auto_step(
    link: Link, cursor: _Cursor, eligible: bool, forced: bool, start: _ArmStart, fits: _Fits, arm: End, index: int
) -> Step:
    """The step a tidy player would take: straight while there is room, then a snake turn."""
    d = cursor.heading
    in_run = abs(dot(d, start.main_axis)) > 0.5
    if not eligible:
        return STRAIGHT
    straight, _ = _place(link, cursor, STRAIGHT, arm, index)
    straight_room = fits(straight.rect) and fits(corridor(add(cursor.point, scale(d, 2.0)), d, 3.0))
    if in_run:
        if straight_room and not forced:
            return STRAIGHT
        drift = turn_right(start.heading)
        bend = _step_toward(d, drift) or _step_toward(d, scale(drift, -1.0))
        if bend is not None:
            step = Step(bend, "inside")
            placed, after = _place(link, cursor, step, arm, index)
            # Why room for 3 units, not for a double and the straight tile after
            # it: the full table then holds three lanes per arm; the rare chain
            # that would need more makes the table grow.
            if fits(placed.rect) and fits(corridor(after.point, after.heading, 3.0)):
                return step
        return STRAIGHT
    back = scale(cursor.run_heading, -1.0)
    bend = _step_toward(d, back)
    first = add(cursor.point, scale(d, 0.5))
    offset = abs(dot((first[0] - cursor.lane_point[0], first[1] - cursor.lane_point[1]), d))
    if bend is not None and (offset >= LANE_GAP or forced):
        step = Step(bend, "outside")
        placed, after = _place(link, cursor, step, arm, index)
        if fits(placed.rect) and fits(corridor(after.point, after.heading, 3.0)):
            return step
    return STRAIGHT


class _Fits:
    """Checks a rectangle against an arm's region and the tiles already on that arm."""

    def __init__(self, region: _Region, occupied: list[Rect]) -> None:
        self.region = region
        self.occupied = occupied

    def __call__(self, rect: Rect) -> bool:
        return self.region.allows(rect) and not any(rect.overlaps(o) for o in self.occupied)


def _walk_arm(
    links: tuple[Link, ...],
    start: _ArmStart,
    fixed: tuple[Step, ...],
    centre_rect: Rect,
    rebend: bool,
) -> tuple[list[Placement], list[Step], _Cursor]:
    """Lay out one arm; backtrack to turn new tiles earlier when a tile would not fit.

    The kept steps ``fixed`` stay as they are unless ``rebend`` allows
    re-bending them from the tip inward.
    """
    forced: set[int] = set()
    for _attempt in range(8 * len(links) + 16):
        failed, placements, steps, cursor = _try_arm(links, start, fixed, centre_rect, forced, not rebend)
        if failed < 0:
            return placements, steps, cursor
        candidates = [
            i
            for i in range(failed - 1, -1, -1)
            if i >= len(fixed) and i not in forced and can_turn(links, i) and steps[i].bend == "straight"
        ]
        if candidates:
            forced.add(candidates[0])
        elif fixed and rebend:
            # Why: the kept shape leaves no room for the new tile. Free the
            # kept bends from the tip inward, so only the tail near the new
            # tile is re-bent, as a player adjusts the chain to make room.
            fixed = fixed[:-1]
        else:
            raise LayoutError(start.end, failed)
    raise LayoutError(start.end, len(links) - 1)


def _try_arm(
    links: tuple[Link, ...],
    start: _ArmStart,
    fixed: tuple[Step, ...],
    centre_rect: Rect,
    forced: set[int],
    keep: bool,
) -> tuple[int, list[Placement], list[Step], _Cursor]:
    """One pass over an arm; returns the index of the first tile that did not fit, or -1.

    With ``keep`` a fixed step that does not fit fails the pass; otherwise
    that tile and the rest are laid automatically.
    """
    cursor = _Cursor(start.point, start.heading, start.point, start.heading)
    occupied: list[Rect] = [centre_rect]
    fits = _Fits(start.region, occupied)
    placements: list[Placement] = []
    steps: list[Step] = []
    use_fixed = True
    for index, link in enumerate(links):
        eligible = can_turn(links, index)
        step: Step | None = None
        if use_fixed and index < len(fixed):
            step = fixed[index]
            if step.bend != "straight" and not eligible:
                if keep:
                    return index, placements, steps, cursor
                step = None
            else:
                placed, _after = _place(link, cursor, step, start.end, index)
                if not fits(placed.rect):
                    if keep:
                        return index, placements, steps, cursor
                    step = None
        if step is None:
            use_fixed = False
            step = _auto_step(link, cursor, eligible, index in forced, start, fits, start.end, index)
        placed, cursor = _place(link, cursor, step, start.end, index)
        if not fits(placed.rect):
            return index, placements, steps, cursor
        occupied.append(placed.rect)
        placements.append(placed)
        steps.append(step)
    return -1, placements, steps, cursor


def _centre_placement(table: Table) -> Placement:
    centre = table.centre
    assert centre is not None
    if centre.is_double:
        return Placement(centre, "centre", -1, 0.0, 0.0, True, centre.lo, centre.lo)
    return Placement(centre, "centre", -1, 0.0, 0.0, False, table.centre_left, table.centre_right)


def layout_table(
    table: Table,
    shape: ChainShape | None = None,
    *,
    width: float | None = None,
    height: float | None = None,
    strict: bool = False,
    max_width: float | None = None,
) -> BoardLayout:
    """Lay out the chain of a table.

    ``shape`` (from an earlier layout, possibly with a player's turn or
    adjustment) fixes the bends of the tiles it covers; the rest are chosen
    automatically.

    Table size: without ``width``/``height`` the felt is the smallest of
    ``TABLE_SIZES`` the chain fits on, starting from the size the shape was
    laid on (so it never shrinks during a hand). On that size the shape is
    kept; when the chain no longer fits, the table grows one step and the
    chain is re-laid for the larger table. On the full table a kept tail is
    re-bent to make room, as a player would, before the table grows further.
    With ``width``/``height`` the table starts at that size (an unspecified
    one is the full table's) and grows only if the chain does not fit.

    ``max_width`` (a narrow screen): the felt is never wider than that; it
    grows taller instead (see ``felt.felts_from``).

    With ``strict`` the table does not grow and a shape that does not fit
    raises ``LayoutError`` instead of being re-bent.
    """
    kept = shape is not None and shape.centre is table.centre and table.centre is not None
    size = starting_felt(table, shape, width, height, max_width)
    if table.centre is None:
        spot = EndSpot("lead", -1, 0.0, 0.0, 0.0, 0.0)
        return BoardLayout((), (spot,), size[0], size[1], EMPTY_SHAPE._replace(width=size[0], height=size[1]), False)
    start_shape = shape if kept and shape is not None else ChainShape(table.centre, ((), (), (), ()))
    centre = _centre_placement(table)
    if strict:
        return _layout_once(table, start_shape, centre, size[0], size[1], rebend=False)
    fresh = ChainShape(table.centre, ((), (), (), ()))
    for index, (w, h) in enumerate(felts_from(size, max_width)):
        try:
            # Why rebend only on the full table: below it, growing the felt
            # is better than moving tiles already laid.
            return _layout_once(table, start_shape if index == 0 else fresh, centre, w, h, rebend=is_full((w, h)))
        except LayoutError:
            continue
    raise LayoutError("right", 0)


def _layout_once(
    table: Table, shape: ChainShape, centre: Placement, width: float, height: float, *, rebend: bool
) -> BoardLayout:
    placements = [centre]
    all_steps: list[tuple[Step, ...]] = [(), (), (), ()]
    spots: list[EndSpot] = []
    for start in _starts(centre.rect, table.spinner, width, height):
        i = ARM_INDEX[start.end]
        links = table.arms[i]
        arm_placements, steps, cursor = _walk_arm(links, start, shape.arms[i], centre.rect, rebend)
        placements.extend(arm_placements)
        all_steps[i] = tuple(steps)
        if table.ends[i] >= 0:
            spots.append(EndSpot(start.end, table.ends[i], *cursor.point, *cursor.heading))
    spots.sort(key=lambda s: ARM_INDEX[s.end])
    arms = (all_steps[0], all_steps[1], all_steps[2], all_steps[3])
    new_shape = ChainShape(table.centre, arms, width, height)
    return BoardLayout(tuple(placements), tuple(spots), width, height, new_shape, table.spinner)
