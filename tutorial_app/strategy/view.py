"""What one seat can see of a hand: its own tiles, the table, how many tiles each other seat holds,
the boneyard's size, and what everybody did (who passed or drew, on which ends).

Why a separate value: the analysis must never peek. A ``SeatView`` is built
from the real hand (a start state and the moves since), keeps only what the
seat saw, and builds the states the analysis plays from out of tiles it
samples itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tutorial_app.rules.line.moves import apply_unchecked
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import EMPTY_TABLE, Action, HandState, Move, Status, Table
from tutorial_app.rules.tiles import ALL_TILES, FULL_MASK, Tile, mask_of

__all__ = ["Event", "EventKind", "SeatView", "view_of", "view_of_state", "view_since", "record_start", "open_numbers"]

EventKind = Literal["lead", "play", "draw", "pass", "end_turn"]


def open_numbers(table: Table) -> tuple[int, ...]:
    """The numbers showing on the open ends, each once, in rising order."""
    return tuple(sorted({n for n in table.ends if n >= 0}))


@dataclass(frozen=True)
class Event:
    """One move everybody at the table saw.

    ``ends`` are the open numbers just before the move (a pass or a draw
    says the mover had nothing for them); ``tile`` is the tile played
    (None for a draw or pass, and for another seat's drawn tiles); ``drawn``
    counts the tiles a draw took; ``index`` is the move's number in the
    hand's record (0 for the first move the view knows of).
    """

    index: int
    seat: int
    kind: EventKind
    ends: tuple[int, ...]
    tile: Tile | None = None
    drawn: int = 0


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge of a hand in play (see ``view_of``).

    ``hand`` is the seat's own tiles (a mask); ``hand_sizes`` how many
    tiles every seat holds now; ``start_sizes`` how many each held when the
    record the view knows of began, and ``start_boneyard`` the boneyard's
    size then; ``events`` everything played, drawn and passed since;
    ``lead_tile`` is the tile the first-lead rule made somebody lead (its
    holder is known to have held the first tile of the rule's order), else None.
    ``state`` is the position with every hidden tile replaced by a
    placeholder: only the seat's own hand, the table and the counts are real.
    """

    seat: int
    hand: int
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    start_sizes: tuple[int, ...]
    start_boneyard: int
    events: tuple[Event, ...]
    lead_tile: Tile | None
    state: HandState
    lead_named: bool = False
    dealt: int = 0

    @property
    def rules(self) -> HouseRules:
        return self.state.rules

    @property
    def table(self) -> Table:
        return self.state.table

    @property
    def to_move(self) -> int:
        return self.state.to_move

    def seen(self) -> int:
        """The tiles this seat has seen: its hand and the table."""
        return self.hand | mask_of(self.table.tiles())

    def unseen(self) -> int:
        """Every tile the seat has not seen (in other hands, in the boneyard, or out of play)."""
        return FULL_MASK & ~self.seen()

    def with_tiles(self, hands: Sequence[int], boneyard: Sequence[Tile]) -> HandState:
        """The position with the hidden tiles given (the seat's own hand must be among ``hands``)."""
        return self.state._replace(hands=tuple(hands), boneyard=tuple(boneyard))


_KINDS: dict[Action, EventKind] = {
    Action.PLAY: "play",
    Action.DRAW: "draw",
    Action.PASS: "pass",
    Action.END_TURN: "end_turn",
}


def view_of(start: HandState, moves: Sequence[Move], seat: int, first_hand: bool = False) -> SeatView:
    """What ``seat`` knows after ``moves`` were played from ``start``.

    ``start`` is where the record begins (a fresh deal, or a position set up
    with tiles already on the table). A lead from an empty table is read as a
    clue when the first-lead rule named the leader: always when it named the
    lead tile too (``start.lead_mask`` is one tile), and with ``first_hand``
    (a match's first hand, where the leader may lead any tile) too.

    Why ``first_hand`` is the caller's to say: a later hand is led by the last
    winner with any tile, exactly like a first hand under ``first_tile: any``,
    and nothing in the state tells them apart; reading a later hand's lead as
    the rule's would be a false clue.
    """
    state = start
    events: list[Event] = []
    lead_tile: Tile | None = None
    named = start.lead_mask != FULL_MASK and bin(start.lead_mask).count("1") == 1
    for index, move in enumerate(moves):
        mover = state.to_move
        ends = open_numbers(state.table)
        after = apply_unchecked(state, move)
        if move.action is Action.MUGGINS:
            state = after
            continue
        kind = _KINDS[move.action]
        if kind == "play" and state.table.centre is None:
            kind = "lead"
            if (named or first_hand) and index == 0:
                lead_tile = move.tile
        drawn = len(after.trail.drawn) if after.trail is not None else 0
        events.append(Event(index, mover, kind, ends, move.tile, drawn))
        state = after
    return _seat_view(start, state, seat, tuple(events), lead_tile, named and lead_tile is not None)


def _seat_view(
    start: HandState,
    state: HandState,
    seat: int,
    events: tuple[Event, ...],
    lead_tile: Tile | None,
    lead_named: bool = False,
) -> SeatView:
    return SeatView(
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(bin(h).count("1") for h in state.hands),
        boneyard_size=len(state.boneyard),
        start_sizes=tuple(bin(h).count("1") for h in start.hands),
        start_boneyard=len(start.boneyard),
        events=events,
        lead_tile=lead_tile,
        state=_blanked(state, seat),
        lead_named=lead_named,
        dealt=start.hands[seat],
    )


def _blanked(state: HandState, seat: int) -> HandState:
    """The state with what ``seat`` cannot see replaced: other hands empty, the boneyard kept by count only.

    Why keep placeholders at all: ``legal_moves`` needs a state, and the
    boneyard's size decides whether a draw is legal; the tiles themselves are
    drawn from the seat's own unseen tiles, so nothing hidden leaks.
    """
    hands = tuple(h if s == seat else 0 for s, h in enumerate(state.hands))
    seen = state.hands[seat] | mask_of(state.table.tiles())
    unseen = [t for t in ALL_TILES if not t.bit & seen]
    return state._replace(hands=hands, boneyard=tuple(unseen[: len(state.boneyard)]), trail=None)


def record_start(state: HandState) -> HandState | None:
    """The state a hand's record begins at, rebuilt from ``state`` and its record; None if it cannot be.

    It can when the record begins with the lead (a hand dealt and played by
    the rules core: the simulator, the Play page): every seat then held its
    tiles now, plus those it played, less those it drew, and the boneyard
    held every drawn tile on top of what is left, in the order drawn.
    """
    log = state.log
    if not log or log[0][1].action is not Action.PLAY or log[0][1].end != "lead":
        return None
    hands = list(state.hands)
    drawn: list[Tile] = []
    for seat, move, _taken, _points in log:
        if move.action is Action.PLAY and move.tile is not None:
            hands[seat] |= move.tile.bit
    # then take back what was drawn (a tile drawn and played was added just above)
    for seat, _move, taken, _points in log:
        for tile in taken:
            hands[seat] &= ~tile.bit
            drawn.append(tile)
    leader = log[0][0]
    return state._replace(
        hands=tuple(hands),
        boneyard=(*drawn, *state.boneyard),
        table=EMPTY_TABLE,
        to_move=leader,
        leader=leader,
        last_move_by=-1,
        status=Status.IN_PLAY,
        out_seat=-1,
        capicu=False,
        fives=(0,) * state.rules.sides,
        drawn=None,
        doubles_run=False,
        unclaimed=0,
        plays=0,
        trail=None,
    )


def view_of_state(state: HandState, seat: int, first_hand: bool = False) -> SeatView:
    """What ``seat`` knows of ``state``, its record read from ``state`` itself (``first_hand``: as ``view_of``).

    A record that does not begin with the lead (a position set up mid-hand)
    gives no history: the view then knows the table and the counts only.
    """
    start = record_start(state)
    if start is None:
        return _seat_view(state, state, seat, (), None)
    return view_of(start, [entry[1] for entry in state.log], seat, first_hand)


def view_since(start: HandState, state: HandState, seat: int, first_hand: bool = False) -> SeatView:
    """What ``seat`` knows of ``state``, reached from ``start`` by the moves recorded since (a lesson's
    position and its ``moves``, the Play page's deal and the hand so far; ``first_hand``: as ``view_of``)."""
    return view_of(start, [entry[1] for entry in state.log[len(start.log) :]], seat, first_hand)
