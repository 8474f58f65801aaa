"""A player's say in the chain's shape: the direction of a turn, and tail adjustment.

Neither is a move. A turn choice is the bend of the next tile laid on an
end; a tail adjustment ("правка цепи") re-bends the chain at one tile and
swings the rest of the arm with it, keeping its shape. The rules core's log
holds moves only, so an adjustment comes back as an ``Adjusted`` record the
app writes into its game record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tutorial_app.board.layout import TABLE_SIZES, BoardLayout, LayoutError, layout_table
from tutorial_app.board.shape import STRAIGHT, Bend, ChainShape, Step
from tutorial_app.rules.line.state import ARM_NAMES, End, Link, Table
from tutorial_app.rules.text import RulesError, msg
from tutorial_app.rules.tiles import Tile

__all__ = ["Adjusted", "AdjustError", "BENDS", "turn_options", "with_turn", "adjust_tail", "rebend", "bent_shape"]

BENDS: tuple[Bend, Bend, Bend] = ("straight", "left", "right")


_ALREADY = {
    "straight": lambda tile: msg("The chain already goes straight at {tile}.", tile=tile),
    "left": lambda tile: msg("The chain already goes left at {tile}.", tile=tile),
    "right": lambda tile: msg("The chain already goes right at {tile}.", tile=tile),
}
"""What a re-bend the chain already has says (one message per bend: a language words each its own way)."""


class Adjusted(NamedTuple):
    """A tail adjustment in the game record: who re-bent which arm at which tile, and how."""

    seat: int
    end: End
    link_index: int
    tile: Tile
    bend: Bend

    def as_dict(self) -> dict[str, object]:
        """The game record's notation: ``{"action": "adjusted", "end": "right", "at": "5-3", ...}``."""
        return {
            "action": "adjusted",
            "seat": self.seat,
            "end": self.end,
            "at": str(self.tile),
            "index": self.link_index,
            "bend": self.bend,
        }


class AdjustError(RulesError):
    """An adjustment the table does not allow; ``reason`` says why in en and ru."""


def _steps_for(bend: Bend) -> tuple[Step, ...]:
    """The ways to lay a tile with a bend: a turn may meet the chain inside or outside the corner."""
    if bend == "straight":
        return (STRAIGHT,)
    return (Step(bend, "outside"), Step(bend, "inside"))


def _fits(table: Table, shape: ChainShape, layout: BoardLayout) -> bool:
    """Whether the chain fits the layout's table with every bend of ``shape`` kept."""
    return _fitted(table, shape, ((layout.width, layout.height),)) is not None


def _fitted(table: Table, shape: ChainShape, sizes: tuple[tuple[float, float], ...]) -> ChainShape | None:
    """``shape`` on the first of ``sizes`` where the chain fits with every bend kept, or None."""
    for width, height in sizes:
        try:
            return layout_table(table, shape, width=width, height=height, strict=True).shape
        except LayoutError:
            continue
    return None


def _room_to_grow(layout: BoardLayout) -> tuple[tuple[float, float], ...]:
    """The layout's table size, then the larger steps of ``TABLE_SIZES``."""
    larger = tuple((w, h) for w, h in TABLE_SIZES if w >= layout.width and h >= layout.height)
    return ((layout.width, layout.height), *(size for size in larger if size != (layout.width, layout.height)))


def _with_link(table: Table, end: End, tile: Tile, seat: int) -> Table:
    arm = ARM_NAMES.index(end)
    number = table.ends[arm]
    link = Link(tile, number, tile.other(number), seat)
    arms = list(table.arms)
    arms[arm] = (*arms[arm], link)
    return table._replace(arms=(arms[0], arms[1], arms[2], arms[3]))


def turn_options(table: Table, layout: BoardLayout, end: End, tile: Tile) -> dict[Bend, Step]:
    """The bends ``tile`` may take when laid on ``end`` now, each with the step that does it.

    A bend is offered when the tile may turn there (not a double, not right
    after a double, not the first tile off the centre) and the tile fits on
    the table without touching the rest of the chain. Pass the chosen step
    to ``with_turn`` before laying out the table after the move.
    """
    if end not in ARM_NAMES:
        return {}
    arm = ARM_NAMES.index(end)
    number = table.ends[arm]
    if number < 0 or not tile.has(number):
        return {}
    trial = _with_link(table, end, tile, -1)
    index = len(table.arms[arm])
    options: dict[Bend, Step] = {}
    for bend in BENDS:
        for step in _steps_for(bend):
            shape = layout.shape.with_step(end, index, step)
            if _fits(trial, shape, layout):
                options[bend] = step
                break
    return options


def with_turn(layout: BoardLayout, table: Table, end: End, step: Step) -> ChainShape:
    """The shape to pass to ``layout_table`` after laying a tile on ``end`` with a chosen step."""
    index = len(table.arms[ARM_NAMES.index(end)])
    return layout.shape.with_step(end, index, step)


def adjust_tail(
    table: Table, layout: BoardLayout, end: End, link_index: int, bend: Bend, *, seat: int
) -> tuple[ChainShape, Adjusted]:
    """Re-bend the ``end`` arm at tile ``link_index``; the tiles after it keep their shape.

    Refused (``AdjustError``) at the first tile off the centre (that would
    bend the chain through the lead), at a double or the tile right after
    one, when the tile already lies that way, and when the swung tail would
    leave the table or touch the chain.
    """
    if end not in ARM_NAMES:
        raise AdjustError(msg("Choose a tile on one of the chain's arms."))
    links = table.arms[ARM_NAMES.index(end)]
    if not 0 <= link_index < len(links):
        raise AdjustError(msg("There is no such tile on that arm."))
    tile = links[link_index].tile
    if link_index == 0:
        raise AdjustError(
            msg("{tile} touches the first tile of the hand: the chain is not bent through it.", tile=tile)
        )
    if tile.is_double:
        raise AdjustError(msg("{tile} is a double: it lies across and does not turn.", tile=tile))
    before = links[link_index - 1].tile
    if before.is_double:
        raise AdjustError(
            msg("{tile} comes right after the double {before}: it goes straight on.", tile=tile, before=before)
        )
    current = layout.shape.arm(end)[link_index]
    if current.bend == bend:
        raise AdjustError(_ALREADY[bend](str(tile)))
    for step in _steps_for(bend):
        shape = _fitted(table, layout.shape.with_step(end, link_index, step), _room_to_grow(layout))
        if shape is not None:
            return shape, Adjusted(seat, end, link_index, tile, bend)
    raise AdjustError(msg("There is no room: the tail would leave the table or run into the chain."))


def _arm_of(table: Table, tile: Tile) -> tuple[End, int]:
    """The arm and place of a tile on the chain; AdjustError when it is the centre tile or not on the table."""
    if tile is table.centre:
        raise AdjustError(msg("{tile} is the first tile of the hand: the chain is not bent through it.", tile=tile))
    for end, links in zip(ARM_NAMES, table.arms, strict=True):
        for index, link in enumerate(links):
            if link.tile is tile:
                return end, index
    raise AdjustError(msg("{tile} is not on the chain.", tile=tile))


def rebend(table: Table, layout: BoardLayout, tile: Tile, bend: Bend) -> BoardLayout:
    """The board after re-bending the chain at ``tile`` (a tail adjustment); AdjustError says why it cannot be."""
    end, index = _arm_of(table, tile)
    shape, _adjusted = adjust_tail(table, layout, end, index, bend, seat=-1)
    return layout_table(table, shape)


def bent_shape(table: Table, bends: Sequence[tuple[Tile, Bend]]) -> ChainShape:
    """The chain as the board lays it, then re-bent at each tile in turn: how a lesson shows "правка цепи"."""
    layout = layout_table(table)
    for tile, bend in bends:
        layout = rebend(table, layout, tile, bend)
    return layout.shape
