"""Immutable state of one hand: hands, boneyard, the table and whose turn it is.

Why bitmasks: a hand is an ``int`` with one bit per tile, so "which tiles
fit this end" is one ``&`` with a suit mask. The simulator plays thousands of
hands a second through the same code the lessons and the referee use.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple

from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.tiles import ALL_TILES, FULL_MASK, SUIT_MASK, Tile, mask_pips, tiles_of_mask

__all__ = [
    "End",
    "ENDS",
    "ARM_NAMES",
    "Action",
    "Move",
    "Link",
    "Table",
    "Status",
    "HandState",
    "LogEntry",
    "EMPTY_TABLE",
    "make_table",
    "play",
    "DRAW",
    "PASS",
    "END_TURN",
    "MUGGINS",
    "ACTION_MOVES",
]

End = Literal["lead", "left", "right", "up", "down"]
ARM_NAMES: tuple[End, End, End, End] = ("left", "right", "up", "down")
ENDS: tuple[End, ...] = ("lead", *ARM_NAMES)
LEFT, RIGHT, UP, DOWN = 0, 1, 2, 3


class Action(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    END_TURN = "end_turn"
    MUGGINS = "muggins"


class Move(NamedTuple):
    """One move: play a tile on an end, draw, pass, end a run of doubles, or call muggins.

    ``closed`` lays a double face down (branch blocking); ``claim`` is the
    number of points announced with the play when fives must be claimed.
    """

    action: Action
    tile: Tile | None = None
    end: End | None = None
    closed: bool = False
    claim: int | None = None

    def __str__(self) -> str:
        if self.action is Action.PLAY:
            extra = " closed" if self.closed else ""
            claim = f" claims {self.claim}" if self.claim else ""
            return f"{self.tile} {self.end}{extra}{claim}"
        return self.action.value

    def as_dict(self) -> dict[str, object]:
        """The referee's notation: ``{"tile": "6-4", "end": "left"}`` or ``{"action": "draw"}``."""
        if self.action is Action.PLAY:
            out: dict[str, object] = {"tile": str(self.tile), "end": self.end}
            if self.closed:
                out["closed"] = True
            if self.claim is not None:
                out["claim"] = self.claim
            return out
        return {"action": self.action.value}


def play(tile: Tile, end: End, closed: bool = False, claim: int | None = None) -> Move:
    """A play move."""
    return Move(Action.PLAY, tile, end, closed, claim)


DRAW = Move(Action.DRAW)
PASS = Move(Action.PASS)
END_TURN = Move(Action.END_TURN)
MUGGINS = Move(Action.MUGGINS)
ACTION_MOVES: dict[str, Move] = {move.action.value: move for move in (DRAW, PASS, END_TURN, MUGGINS)}
"""The moves that are an action alone (no tile), by the action's name: what ``{action: draw}`` means."""


class Link(NamedTuple):
    """A tile on an arm: ``inner`` faces the centre, ``outer`` faces away."""

    tile: Tile
    inner: int
    outer: int
    seat: int
    closed: bool = False


class Table(NamedTuple):
    """The tiles on the table, grown from a centre in up to four arms.

    In a line game the centre is the lead and only the left and right arms
    are used. In a spinner game the centre becomes the spinner (the first
    double) and the up and down arms open once left and right both hold a
    tile. ``ends[i]`` is the open number of arm ``i`` or -1; ``fit`` holds
    the bits of every tile that fits some open end. Build one with
    ``make_table``.
    """

    lead: Tile | None
    centre: Tile | None
    centre_left: int
    spinner: bool
    arms: tuple[tuple[Link, ...], tuple[Link, ...], tuple[Link, ...], tuple[Link, ...]]
    ends: tuple[int, int, int, int]
    fit: int

    @property
    def centre_right(self) -> int:
        assert self.centre is not None
        return self.centre.pips - self.centre_left

    @property
    def is_empty(self) -> bool:
        return self.centre is None

    def tile_count(self) -> int:
        return 0 if self.centre is None else 1 + sum(len(a) for a in self.arms)

    def tiles(self) -> list[Tile]:
        """Every tile on the table."""
        if self.centre is None:
            return []
        return [self.centre, *(link.tile for arm in self.arms for link in arm)]

    def end_tile_is_double(self, arm: int) -> bool:
        """Whether the tile at the open end of an arm is a double laid across (the analysis tells such ends apart)."""
        links = self.arms[arm]
        if links:
            return links[-1].tile.is_double
        return self.centre is not None and self.centre.is_double

    def open_ends(self) -> list[tuple[End, int]]:
        """The open ends as (end name, number), left, right, up, down."""
        return [(ARM_NAMES[i], n) for i, n in enumerate(self.ends) if n >= 0]

    def line(self) -> list[tuple[Tile, int, int]]:
        """A line table left to right as (tile, left number, right number)."""
        if self.centre is None:
            return []
        left = [(lk.tile, lk.outer, lk.inner) for lk in reversed(self.arms[LEFT])]
        right = [(lk.tile, lk.inner, lk.outer) for lk in self.arms[RIGHT]]
        return [*left, (self.centre, self.centre_left, self.centre_right), *right]


def compute_ends(
    centre: Tile | None, centre_left: int, spinner: bool, arms: tuple[tuple[Link, ...], ...]
) -> tuple[int, int, int, int]:
    """Open numbers of the four arms (-1 where nothing may be attached)."""
    if centre is None:
        return (-1, -1, -1, -1)
    left_arm, right_arm = arms[LEFT], arms[RIGHT]
    if left_arm:
        last = left_arm[-1]
        left = -1 if last.closed else last.outer
    else:
        left = centre_left
    if right_arm:
        last = right_arm[-1]
        right = -1 if last.closed else last.outer
    else:
        right = centre.pips - centre_left
    if not (spinner and left_arm and right_arm):
        return (left, right, -1, -1)
    vertical = []
    for arm in (arms[UP], arms[DOWN]):
        if arm:
            vertical.append(-1 if arm[-1].closed else arm[-1].outer)
        else:
            vertical.append(centre.lo)
    return (left, right, vertical[0], vertical[1])


def make_table(
    lead: Tile | None,
    centre: Tile | None,
    centre_left: int,
    spinner: bool,
    arms: tuple[tuple[Link, ...], tuple[Link, ...], tuple[Link, ...], tuple[Link, ...]],
) -> Table:
    """A table with its open ends and fitting tiles worked out."""
    ends = compute_ends(centre, centre_left, spinner, arms)
    if centre is None:
        return Table(lead, centre, centre_left, spinner, arms, ends, FULL_MASK)
    fit = 0
    for n in ends:
        if n >= 0:
            fit |= SUIT_MASK[n]
    return Table(lead, centre, centre_left, spinner, arms, ends, fit)


EMPTY_TABLE = make_table(None, None, -1, False, ((), (), (), ()))


class LogEntry(NamedTuple):
    """One entry of a hand's record, linked to the entry before it.

    Why linked: appending to a linked record is O(1), so a hand's record costs
    nothing in the simulator's hot loop; ``HandState.log`` reads it in order.
    """

    prev: LogEntry | None
    seat: int
    move: Move
    drawn: tuple[Tile, ...]
    points: int


class Status(StrEnum):
    IN_PLAY = "in_play"
    WON = "won"
    BLOCKED = "blocked"


_IN_PLAY = Status.IN_PLAY


class HandState(NamedTuple):
    """One hand in play. Never changed in place: ``apply`` returns a new one.

    ``hands`` are bitmasks of tiles per seat; ``boneyard`` is ordered, top
    first; ``fives`` holds points scored by moves this hand, per side;
    ``drawn`` is the tile that ended a draw and must be played;
    ``doubles_run`` is true while a player may lay further doubles;
    ``lead_mask`` limits the lead to the tile a first-lead rule named;
    ``unclaimed`` is fives points the last mover failed to claim;
    ``trail`` is the hand's record, newest entry first (read it as ``log``).
    """

    rules: HouseRules
    hands: tuple[int, ...]
    boneyard: tuple[Tile, ...]
    table: Table
    to_move: int
    leader: int
    last_move_by: int = -1
    status: Status = Status.IN_PLAY
    out_seat: int = -1
    capicu: bool = False
    bank: int = 0
    fives: tuple[int, ...] = ()
    drawn: Tile | None = None
    doubles_run: bool = False
    lead_mask: int = FULL_MASK
    unclaimed: int = 0
    plays: int = 0
    trail: LogEntry | None = None

    # -- reading -----------------------------------------------------------

    @property
    def log(self) -> tuple[tuple[int, Move, tuple[Tile, ...], int], ...]:
        """The hand's record in order: (seat, move, tiles drawn, points scored)."""
        entries = []
        node = self.trail
        while node is not None:
            entries.append((node.seat, node.move, node.drawn, node.points))
            node = node.prev
        entries.reverse()
        return tuple(entries)

    def hand(self, seat: int) -> list[Tile]:
        """The tiles a seat holds, in set order."""
        return list(tiles_of_mask(self.hands[seat]))

    @property
    def is_over(self) -> bool:
        return self.status is not _IN_PLAY

    @property
    def fish_maker(self) -> int | None:
        """The seat whose tile completed a block (or that laid the last tile)."""
        return self.last_move_by if self.last_move_by >= 0 else None

    @property
    def lead_is_open(self) -> bool:
        """Whether the leader may open with any tile they hold (no first-lead rule names the tile)."""
        held = self.hands[self.leader]
        return self.lead_mask & held == held

    def drawable(self) -> int:
        """How many boneyard tiles may still be drawn (the reserve stays)."""
        if not self.rules.has_boneyard:
            return 0
        return max(0, len(self.boneyard) - self.rules.reserve)

    def fit_mask(self) -> int:
        """Bits of every tile that fits some open end (all tiles before the lead)."""
        return self.table.fit

    def fitting(self, seat: int) -> int:
        """Bits of the tiles ``seat`` holds that fit an open end, on its turn (0 when another seat is to move or the
        hand is over): the tiles a board or a row of buttons shows as playable. On an empty table, the tiles it may
        lead: only the one a first-lead rule named (``lead_mask``: kozel's 0-0, international's 6-6...)."""
        if self.to_move != seat or self.status is not _IN_PLAY:
            return 0
        if self.table.is_empty:
            return self.table.fit & self.hands[seat] & self.lead_mask
        return self.table.fit & self.hands[seat]

    def pips(self, seat: int) -> int:
        """What a seat's remaining tiles count (0-0 by the rules' value)."""
        rules = self.rules
        mask = self.hands[seat]
        if rules.lone_blank_double and mask == ALL_TILES[0].bit:
            return rules.lone_blank_double
        return mask_pips(mask, rules.blank_double_value)

    def tiles_in_play(self) -> int:
        """Hands + table + boneyard: always 28 when the position is complete."""
        return sum(bin(h).count("1") for h in self.hands) + self.table.tile_count() + len(self.boneyard)
