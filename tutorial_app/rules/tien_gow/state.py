"""Immutable state of one hand of Tien Gow: four hands, the trick on the table, the tricks taken.

Why the shape of the line games (``rules.line.state``): a ``HandState`` never
changes in place, ``legal_moves`` lists moves in a fixed order and ``apply``
returns the next state, so the simulator, the bots, a lesson runner and the
Play page drive Tien Gow the way they drive block or kozel.

Why hands are sorted tuples and not bitmasks: each civil tile is in the set
twice, and one bit per tile cannot hold two. A hand is kept in the set's own
order (civil tiles by rank, then military by total), so two equal hands are
equal tuples and the moves drawn from them come in one order.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple

from tutorial_app.rules.line.state import Status
from tutorial_app.rules.text import msg
from tutorial_app.rules.tien_gow.options import PLAYERS, LastTrick, TienGowRules
from tutorial_app.rules.tien_gow.tiles import CHINESE_KINDS, ChineseRulesError, Combination, chinese_tile
from tutorial_app.rules.tiles import Tile

__all__ = [
    "Action",
    "Move",
    "Play",
    "Trick",
    "HandState",
    "Status",
    "play",
    "discard",
    "parse_move",
    "sort_tiles",
    "shown",
]

_ORDER: dict[Tile, int] = {tile: i for i, tile in enumerate(CHINESE_KINDS)}
_IN_PLAY = Status.IN_PLAY


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Chinese tiles in the set's order: civil by rank (heaven first), then military by total."""
    return tuple(sorted(tiles, key=_ORDER.__getitem__))


def shown(tiles: Iterable[Tile]) -> str:
    """Tiles as the rules core writes them: ``6-6 + 6-3``."""
    return " + ".join(str(t) for t in tiles)


class Action(StrEnum):
    """The two things a player does with tiles in Tien Gow."""

    PLAY = "play"
    """Face up: a lead, or a reply that beats the set winning the trick."""
    DISCARD = "discard"
    """Face down: a reply that gives the trick up."""


class Move(NamedTuple):
    """Some tiles played face up or discarded face down; ``tiles`` are in the set's order."""

    action: Action
    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return f"{self.action.value} {shown(self.tiles)}"

    def as_dict(self) -> dict[str, object]:
        """``{"action": "play", "tiles": ["6-6", "6-3"]}``."""
        return {"action": self.action.value, "tiles": [str(t) for t in self.tiles]}


def play(*tiles: object) -> Move:
    """Lay these tiles face up (``play("6-6", "6-3")``); ChineseRulesError for a tile not in the set."""
    return Move(Action.PLAY, sort_tiles(chinese_tile(t) for t in tiles))


def discard(*tiles: object) -> Move:
    """Lay these tiles face down."""
    return Move(Action.DISCARD, sort_tiles(chinese_tile(t) for t in tiles))


def parse_move(text: str) -> Move:
    """A move written ``play 6-6 6-3``, ``play 6-6 + 6-3`` or ``discard 2-1``; ChineseRulesError (en, ru) if not."""
    words = text.replace("+", " ").split()
    if len(words) < 2 or words[0] not in (Action.PLAY.value, Action.DISCARD.value):
        raise ChineseRulesError(
            msg("{text!r} is not a move: write 'play' or 'discard' and the tiles, like play 6-6 6-3", text=text)
        )
    return play(*words[1:]) if words[0] == Action.PLAY.value else discard(*words[1:])


class Play(NamedTuple):
    """One seat's part of a trick: its tiles, and what they make when face up (``combo`` None: face down)."""

    seat: int
    tiles: tuple[Tile, ...]
    combo: Combination | None

    @property
    def face_up(self) -> bool:
        return self.combo is not None

    @property
    def move(self) -> Move:
        """The move that laid these tiles."""
        return Move(Action.PLAY if self.combo is not None else Action.DISCARD, self.tiles)


class Trick(NamedTuple):
    """A trick: the plays so far (the lead first), which of them is winning, and who took it.

    ``high`` is the index in ``plays`` of the set winning so far; ``taker``
    is -1 while the trick is open.
    """

    leader: int
    plays: tuple[Play, ...]
    high: int = 0
    taker: int = -1

    @property
    def size(self) -> int:
        """Tiles each player lays in this trick; also the trick points its taker scores."""
        return len(self.plays[0].tiles)

    @property
    def lead(self) -> Combination:
        combo = self.plays[0].combo
        assert combo is not None
        return combo

    @property
    def winning(self) -> Play:
        """The play that holds the trick (so far)."""
        return self.plays[self.high]

    @property
    def is_complete(self) -> bool:
        return len(self.plays) == PLAYERS

    def play_of(self, seat: int) -> Play | None:
        """What ``seat`` laid in this trick, if it has played yet."""
        return next((p for p in self.plays if p.seat == seat), None)


class HandState(NamedTuple):
    """One hand of Tien Gow in play. Never changed in place: ``apply`` returns a new one.

    ``hands`` per seat in the set's order; ``banker`` led the first trick;
    ``trick`` is the open trick (None before its lead); ``tricks`` the
    tricks taken, in order; ``taken`` the trick points per seat (a trick
    of n tiles each is worth n to its taker).
    """

    rules: TienGowRules
    hands: tuple[tuple[Tile, ...], ...]
    banker: int
    to_move: int
    trick: Trick | None = None
    tricks: tuple[Trick, ...] = ()
    taken: tuple[int, ...] = (0,) * PLAYERS
    status: Status = Status.IN_PLAY

    # -- reading -----------------------------------------------------------

    def hand(self, seat: int) -> list[Tile]:
        """The tiles a seat holds, in the set's order."""
        return list(self.hands[seat])

    @property
    def is_over(self) -> bool:
        return self.status is not _IN_PLAY

    @property
    def leading(self) -> bool:
        """Whether the player to move leads a new trick."""
        return self.trick is None and self.status is _IN_PLAY

    @property
    def last_trick(self) -> Trick | None:
        """The trick taken most recently, if any."""
        return self.tricks[-1] if self.tricks else None

    @property
    def is_last_trick(self) -> bool:
        """Whether the open trick plays every tile left: its taker wins the hand."""
        trick = self.trick
        return trick is not None and not self.hands[trick.leader]

    def sits_out(self, seat: int) -> bool:
        """Whether ``seat`` may only discard in the open trick: the last trick, and it has taken none (rules.last_trick)."""
        rule = self.rules.last_trick
        if rule is LastTrick.OPEN or self.taken[seat] or not self.is_last_trick:
            return False
        assert self.trick is not None
        return rule is LastTrick.ALWAYS or self.trick.size == 1

    @property
    def moves(self) -> tuple[tuple[int, Move], ...]:
        """The hand's record in order: (seat, move)."""
        plays = [p for trick in self.tricks for p in trick.plays]
        if self.trick is not None:
            plays.extend(self.trick.plays)
        return tuple((p.seat, p.move) for p in plays)

    def tiles_in_play(self) -> int:
        """Hands + the open trick + tricks taken: always 32 in a hand dealt from a full set."""
        played = sum(len(p.tiles) for trick in self.tricks for p in trick.plays)
        if self.trick is not None:
            played += sum(len(p.tiles) for p in self.trick.plays)
        return sum(len(h) for h in self.hands) + played
