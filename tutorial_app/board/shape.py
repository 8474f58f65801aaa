"""The shape of a chain already laid: the bend of every tile, per arm, and the felt it was laid on.

Why its own module: ``layout`` lays a chain out and returns its shape, and
``felt`` reads a kept shape to choose the felt a hand starts on; both read
this value, so it lives below them (no import circle). The app keeps the
shape of the last layout and passes it back, so laying a tile never
re-arranges the table, and a player's choice of turn or a tail adjustment
("правка цепи") stays put.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from tutorial_app.rules.line.state import ARM_NAMES, End
from tutorial_app.rules.tiles import Tile

__all__ = ["Bend", "Corner", "Step", "STRAIGHT", "ChainShape", "EMPTY_SHAPE", "ARM_INDEX"]

ARM_INDEX = {name: i for i, name in enumerate(ARM_NAMES)}
"""An arm's place in ``ChainShape.arms`` (left, right, up, down), as in the rules core's ``ARM_NAMES``."""

Bend = Literal["straight", "left", "right"]
Corner = Literal["inside", "outside"]


class Step(NamedTuple):
    """How one tile continues the chain: straight on, or turned left/right.

    ``corner`` says how a turned tile meets the previous one: ``inside`` lays
    it alongside the previous tile's outer half (the chain does not get
    longer), ``outside`` lays it across the previous tile's end.
    """

    bend: Bend
    corner: Corner = "inside"


STRAIGHT = Step("straight")


class ChainShape(NamedTuple):
    """The bends of every tile already laid, per arm (left, right, up, down),
    and the size of the table they were laid on.

    ``centre`` is the centre tile the bends belong to; in All Fives the first
    double becomes the centre and an old shape no longer applies.
    ``width``/``height`` (0: unknown) let the next layout keep the table
    size: the felt never shrinks during a hand, and a shape from a smaller
    table is re-laid when the table grows rather than kept.
    """

    centre: Tile | None
    arms: tuple[tuple[Step, ...], tuple[Step, ...], tuple[Step, ...], tuple[Step, ...]]
    width: float = 0.0
    height: float = 0.0

    def arm(self, end: End) -> tuple[Step, ...]:
        """The steps of one arm."""
        return self.arms[ARM_INDEX[end]]

    def with_step(self, end: End, index: int, step: Step) -> ChainShape:
        """This shape with the step of tile ``index`` on ``end`` set (earlier tiles keep theirs).

        ``index`` may be the arm's length: that sets the bend of the next tile
        laid there (a player's choice of turn).
        """
        arm = list(self.arm(end))
        if index > len(arm):
            raise IndexError(f"{end} arm has {len(arm)} tiles; cannot set a step for tile {index}")
        if index == len(arm):
            arm.append(step)
        else:
            arm[index] = step
        arms = list(self.arms)
        arms[ARM_INDEX[end]] = tuple(arm)
        return self._replace(arms=(arms[0], arms[1], arms[2], arms[3]))


EMPTY_SHAPE = ChainShape(None, ((), (), (), ()))
