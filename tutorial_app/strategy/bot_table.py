"""A hand (or a match) at a table where bots hold some seats: one immutable value, for every game.

Why one value: the Play page, a lesson's capstone hand, the club's shared
tables and the validator all seat people and bots at one table of any game
(``rules.games``) and let the bots move until a person is to move; each once
had its own loop and its own seeding. Here ``settle`` is that loop, written
once against the ``Game`` protocol.

Why immutable: undo is "go back to an earlier value", two browser tabs never
share a game, and a club's instances rebuild the same table from its moves.
Every random choice comes from ``Seeds``: a deal's source named by the hand
number, a bot's move by the hand and move numbers, so the same seed replays
the same game. The recipes differ by where the table stands (a lesson's
capstone, the Play page, Tien Gow's table, the club), and each keeps the
names it always had, so a seeded deal stays the deal it was.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from tutorial_app.rules.game import AnyGame, Dealt
from tutorial_app.rules.line.game import LINE
from tutorial_app.strategy.bots import BotError, bot_for, bot_move

__all__ = [
    "Seeds",
    "BotTable",
    "MAX_BOT_MOVES",
    "PERSON",
    "seat_move",
    "check_bot",
    "bots_by_seat",
    "open_table",
    "settle",
    "person_move",
    "resume",
    "undo",
    "next_hand",
]

MAX_BOT_MOVES = 500
"""No hand of either game needs more moves than this; a safety stop for the bots' loop."""

PERSON = ""
"""The seat of a person (a learner, a club's player) in ``BotTable.seats``."""

_Play = Callable[[Any, str, random.Random, bool], Any]
_STRATEGY_BOTS: dict[str, tuple[_Play, Callable[[str], object]]] = {LINE.name: (bot_move, bot_for)}
"""The games whose stronger bots the strategy engine plays (every bot of that game, by name), with how a
name is checked; any other game's bots are the ones its rules core plays (``Game.bot_move``)."""


def seat_move(game: AnyGame, state: Any, bot: str, rng: random.Random, first_hand: bool = False) -> Any:
    """The move a named bot makes in a hand of ``game`` (the strategy engine's bots, else the rules core's);
    ``first_hand``: the first-lead rule named this hand's leader, a clue the strong bots read."""
    entry = _STRATEGY_BOTS.get(game.name)
    if entry is None:
        return game.bot_move(state, bot, rng)
    return entry[0](state, bot, rng, first_hand)


def check_bot(game: AnyGame, name: str) -> None:
    """BotError (a ValueError) unless ``name`` is a bot (or a level) that can sit at ``game``'s table."""
    entry = _STRATEGY_BOTS.get(game.name)
    if entry is not None:
        entry[1](name)
    elif name not in game.bots:
        raise BotError(f"unknown bot {name!r}; the bots are: {', '.join(game.bots)}")


def bots_by_seat(game: AnyGame, players: int, opponents: str | Sequence[str], person: int = 0) -> tuple[str, ...]:
    """The bot of every seat: one name for every other seat, or names for the seats after ``person`` in turn
    (cycled, as ``simulate --bot strong,greedy`` gives them); the person's seat is ``PERSON``."""
    names = [opponents] if isinstance(opponents, str) else list(opponents)
    if not names:
        raise BotError("name at least one bot")
    for name in names:
        check_bot(game, name)
    others = iter(names * players)
    return tuple(PERSON if seat == person else next(others) for seat in range(players))


class Seeds(NamedTuple):
    """Where a table's random sources come from: ``tag`` and ``seed`` joined by ``sep`` with the hand number
    (``numbered``) and, for a bot's move, the number of moves made in the hand.

    With a ``secret`` (hex, as ``club.codes.new_secret`` makes it) the name leaves out the seed and the source
    is seeded by the name's HMAC-SHA256 under the secret: a player who knows every other hand's name learns
    nothing of this one's deal (a club's shared table, whose secret never reaches a page)."""

    seed: int
    tag: str | None = None
    sep: str = ":"
    numbered: bool = True
    secret: str | None = None

    def _named(self, *numbers: int) -> random.Random:
        if self.secret is not None:
            tag: tuple[object, ...] = () if self.tag is None else (self.tag,)
            message = self.sep.join(str(part) for part in (*tag, *numbers)).encode()
            digest = hmac.digest(bytes.fromhex(self.secret), message, hashlib.sha256)
            return random.Random(int.from_bytes(digest, "big"))
        head: tuple[object, ...] = (self.seed,) if self.tag is None else (self.tag, self.seed)
        return random.Random(self.sep.join(str(part) for part in (*head, *numbers)))

    def deal(self, hand_no: int) -> random.Random:
        """The source a hand is dealt from."""
        return self._named(hand_no) if self.numbered else self._named()

    def move(self, hand_no: int, made: int) -> random.Random:
        """The source of a bot's move, the hand's move number ``made`` (0 for the first)."""
        return self._named(hand_no, made) if self.numbered else self._named(made)


class BotTable(NamedTuple):
    """People and bots at one table of ``game``: the hand as it stands and the match around it.

    ``seats`` names the bot of every seat (``PERSON`` for a person); ``match``
    is the match before this hand and ``sheet`` the match with the hand
    recorded once it is over; ``since`` holds the moves made since a person
    last acted (that person's own move first); ``undo_states`` the states
    where a person was to move. ``viewer`` is the seat the table speaks to
    as "you" (None: nobody, as at a club's shared table); with ``pause`` the
    bots stop when the game waits for the viewer to look (a Tien Gow trick
    just taken; ``resume`` goes on).
    """

    game: AnyGame
    rules: Any
    name: str
    seats: tuple[str, ...]
    seeds: Seeds
    whole_match: bool
    hand_no: int
    dealt: Dealt[Any]
    state: Any
    match: Any
    since: tuple[tuple[int, Any], ...] = ()
    undo_states: tuple[Any, ...] = ()
    viewer: int | None = None
    pause: bool = True

    @property
    def start(self) -> Any:
        """The hand as it was dealt."""
        return self.dealt.state

    @property
    def seed(self) -> int:
        return self.seeds.seed

    @property
    def first_hand(self) -> bool:
        """Whether the first-lead rule named this hand's leader (so the lead is a clue to the hands)."""
        return bool(self.dealt.lead.by_rule)

    @property
    def hand_over(self) -> bool:
        return bool(self.state.is_over)

    @property
    def can_undo(self) -> bool:
        """Whether a person's move can be taken back: not once the hand is over, when every hand lies face up and
        the score is written (a move taken back then would be played again knowing every tile)."""
        return bool(self.undo_states) and not self.hand_over

    @property
    def moves(self) -> int:
        """Moves made in this hand."""
        return self.game.moves_made(self.state)

    @property
    def paused(self) -> bool:
        """The bots wait for the person to look (a trick a bot took, a bot to lead the next)."""
        return self.pause and self.viewer is not None and self.game.pauses(self.state, self.viewer)

    @property
    def result(self) -> Any:
        """The finished hand's result, or None while it is played."""
        return self.game.hand_result(self.state) if self.state.is_over else None

    @property
    def sheet(self) -> Any:
        """The match with this hand recorded once it is over (the match before it while it is played)."""
        return self.game.record_hand(self.match, self.state, self.start) if self.state.is_over else self.match

    @property
    def can_continue(self) -> bool:
        """Whether "Next hand" makes sense: a whole match that is not over yet."""
        return self.whole_match and self.hand_over and not self.sheet.over

    def bots_since(self) -> tuple[tuple[int, Any], ...]:
        """The moves of ``since`` that bots made."""
        return tuple((seat, move) for seat, move in self.since if self.seats[seat] != PERSON)


def settle(table: BotTable, *, resume: bool = False) -> BotTable:
    """Let the bots move until a person is to move, the hand is over, or the game waits for the person to look
    (with ``resume``, going on from such a wait); their moves join ``since``."""
    game, state, seats, viewer = table.game, table.state, table.seats, table.viewer
    moves: list[tuple[int, Any]] = []
    for _ in range(MAX_BOT_MOVES):
        if state.is_over or seats[state.to_move] == PERSON:
            break
        if table.pause and viewer is not None and game.pauses(state, viewer) and (moves or not resume):
            break
        seat = state.to_move
        rng = table.seeds.move(table.hand_no, game.moves_made(state))
        move = seat_move(game, state, seats[seat], rng, table.first_hand)
        moves.append((seat, move))
        state = game.apply(state, move)
    return table._replace(state=state, since=(*table.since, *moves))


def open_table(
    game: AnyGame,
    rules: Any,
    seats: Sequence[str],
    seeds: Seeds,
    *,
    name: str = "",
    whole_match: bool = False,
    viewer: int | None = None,
    pause: bool = True,
    hand_no: int = 0,
) -> BotTable:
    """A new match's first hand, the bots already moved up to a person's turn (or a wait); ``hand_no`` numbers it
    (a club's table goes on numbering its hands when it starts a new match)."""
    match = game.new_match(rules)
    dealt = game.next_deal(match, seeds.deal(hand_no), viewer)
    table = BotTable(
        game,
        rules,
        name,
        tuple(seats),
        seeds,
        whole_match,
        hand_no,
        dealt,
        dealt.state,
        match,
        viewer=viewer,
        pause=pause,
    )
    return settle(table)


def person_move(table: BotTable, move: Any) -> BotTable:
    """A person's move, then the bots' replies; an ``IllegalMoveError`` with the reason when it is not allowed."""
    state = table.state
    if state.is_over or table.seats[state.to_move] != PERSON:
        raise ValueError("it is not a person's turn")
    after = table.game.apply(state, move)
    moved = table._replace(state=after, since=((state.to_move, move),), undo_states=(*table.undo_states, state))
    return settle(moved)


def resume(table: BotTable) -> BotTable:
    """After a wait: the bot to move goes on, and the bots play on."""
    if not table.paused:
        return table
    return settle(table._replace(since=()), resume=True)


def undo(table: BotTable) -> BotTable:
    """Back to the person's previous turn (the bots' replies are undone too); nothing once the hand is over
    (``can_undo``)."""
    if not table.can_undo:
        return table
    return table._replace(state=table.undo_states[-1], since=(), undo_states=table.undo_states[:-1])


def next_hand(table: BotTable) -> BotTable:
    """Deal the match's next hand (its leader or banker is the one the last hand named)."""
    if not table.can_continue:
        raise ValueError("the match has no next hand now")
    match, number = table.sheet, table.hand_no + 1
    dealt = table.game.next_deal(match, table.seeds.deal(number), table.viewer)
    fresh = table._replace(hand_no=number, dealt=dealt, state=dealt.state, match=match, since=(), undo_states=())
    return settle(fresh)
