"""A shared table's game: the setup, the hand replayed from its moves, and what one seat may be shown.

Why a replay: the database keeps only the table's setup (rules, secret, bot)
and the moves in order, so any app instance rebuilds the very same hand, a
``strategy.bot_table.BotTable`` as the Play page keeps. Every deal and every
bot's choice is drawn from a source seeded by an HMAC of the table's 128-bit
secret with (hand number, move number): the secret is never sent to a page,
and a player who tries secrets against their own hand would need about 2^127
tries (a 20-bit seed fell to a million tries in half a minute: review of
2026-12-01, finding 1).

Why ``seat_view``: a device must never be sent a tile it may not see. Its
page is drawn from a copy of the hand in which every hidden tile (the other
hands, the boneyard, what the others drew) is replaced by a placeholder taken
from the tiles that seat has not seen, in set order; only the counts are
real. Whatever the page does with that copy, it cannot show a hidden tile,
because it never had one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from tutorial_app.club.codes import read_secret
from tutorial_app.club.errors import ClubError
from tutorial_app.rules.line.game import LINE
from tutorial_app.rules.line.moves import apply, why_illegal
from tutorial_app.rules.line.options import HouseRules, OptionError
from tutorial_app.rules.line.state import HandState, LogEntry, Move
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.text import Text, msg, reason_of
from tutorial_app.rules.tiles import ALL_TILES, FULL_MASK, Tile, mask_of
from tutorial_app.strategy.analysis import analyse
from tutorial_app.strategy.bot_table import PERSON, BotTable, Seeds, next_hand, open_table
from tutorial_app.strategy.bots import BOT_NAMES, BotName
from tutorial_app.strategy.explain import move_name, why_best
from tutorial_app.strategy.view import view_of_state

__all__ = [
    "TableSetup",
    "TableGame",
    "AWAY_CHOICES",
    "make_setup",
    "replay",
    "seat_view",
    "check_move",
    "advice",
]

AWAY_CHOICES = (30, 60, 120, 300)
"""Seconds without a sign of life after which a bot plays for a seat (the table's choice)."""


class TableSetup(NamedTuple):
    """What a table is played under: a preset with overrides (or a club's rule set, with its title),
    the number of seats, the bots' level, the deal secret (``codes.new_secret``), one hand or a whole
    match, and the away timeout."""

    preset: str
    players: int
    overrides: tuple[tuple[str, Any], ...]
    bot: BotName
    secret: str
    whole_match: bool
    away_after: int
    title: Text | None = None

    def rules(self) -> HouseRules:
        """The house rules (ClubError when the preset and overrides do not make a playable game)."""
        try:
            return find_variant(self.preset).rules(self.players, dict(self.overrides))
        except OptionError as exc:
            raise ClubError(exc.reason) from None
        except ValueError as exc:
            raise ClubError(reason_of(exc)) from None

    def to_json(self) -> str:
        """The setup as the database keeps it."""
        return json.dumps(
            {
                "preset": self.preset,
                "players": self.players,
                "overrides": dict(self.overrides),
                "bot": self.bot,
                "secret": self.secret,
                "whole_match": self.whole_match,
                "away_after": self.away_after,
                "title": self.title.to_json() if self.title is not None else None,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> TableSetup:
        """The setup back from the database (written by ``to_json``)."""
        data = json.loads(text)
        secret = read_secret(data.get("secret"))
        if secret is None:
            raise ClubError(msg("this table was opened by an older version of the app: open a new one"))
        title = data.get("title")
        bot: BotName = next((name for name in BOT_NAMES if name == data["bot"]), "greedy")
        return cls(
            str(data["preset"]),
            int(data["players"]),
            tuple(sorted(data["overrides"].items())),
            bot,
            secret,
            bool(data["whole_match"]),
            int(data["away_after"]),
            Text.from_json(title) if title else None,
        )


def make_setup(
    preset: str,
    players: int,
    overrides: Mapping[str, Any],
    bot: BotName,
    secret: str,
    whole_match: bool,
    away_after: int,
    title: Text | None = None,
) -> TableSetup:
    """A setup checked by the rules core (ClubError naming what is wrong); ``secret`` from ``new_secret``."""
    if read_secret(secret) is None:
        raise ClubError(msg("a table needs a 128-bit deal secret"))
    if away_after not in AWAY_CHOICES:
        raise ClubError(msg("a seat is handed to a bot after one of {AWAY_CHOICES} seconds", AWAY_CHOICES=AWAY_CHOICES))
    setup = TableSetup(preset, players, tuple(sorted(overrides.items())), bot, secret, whole_match, away_after, title)
    setup.rules()
    return setup


TableGame = BotTable
"""A shared table's game: the hand as it stands (``state``, ``start``, ``hand_no``, ``moves``) and the match around
it (``match`` before the hand, ``sheet`` with it recorded once over); every seat is a person's (the store seats the
bots, move by move)."""


def _seeds(setup: TableSetup) -> Seeds:
    """The table's random sources: a deal's named ``club:HAND``, a bot move's ``club:HAND:MOVE``, each seeded by
    its name's HMAC under the table's secret, so knowing every other hand's source says nothing about this one."""
    return Seeds(0, "club", secret=setup.secret)


def replay(setup: TableSetup, first_hand: int, hands: Sequence[Sequence[Move]]) -> TableGame:
    """The game after ``hands`` (the moves of each hand of this match, from hand number ``first_hand``).

    Every hand but the last must be over. The moves were checked when they
    were played; a move the rules refuse now means the database was changed
    by hand (``IllegalMoveError``).
    """
    return _replay(setup, first_hand, tuple(tuple(moves) for moves in hands) or ((),))


@lru_cache(maxsize=256)
def _replay(setup: TableSetup, first_hand: int, hands: tuple[tuple[Move, ...], ...]) -> TableGame:
    # Why a cache: every device of a table rebuilds the same hand on each change; the key is the whole
    # history, so a cached game is exactly the replayed one.
    people = (PERSON,) * setup.players
    game = open_table(
        LINE, setup.rules(), people, _seeds(setup), name=setup.preset, whole_match=True, hand_no=first_hand
    )
    for offset, moves in enumerate(hands):
        if offset:
            game = next_hand(game)
        state = game.state
        for move in moves:
            state = apply(state, move)
        game = game._replace(state=state)
    return game._replace(whole_match=setup.whole_match)


def check_move(game: TableGame, seat: int, move: Move) -> None:
    """ClubError unless ``seat`` may play ``move`` now: it must be that seat's turn and a legal move."""
    state = game.state
    if state.is_over:
        raise ClubError(msg("the hand is over"))
    if state.to_move != seat:
        raise ClubError(
            msg("it is seat {to_move}'s turn, not yours (you hold seat {seat})", to_move=state.to_move, seat=seat)
        )
    reason = why_illegal(state, move)
    if reason is not None:
        raise ClubError(reason)


def seat_view(state: HandState, seat: int) -> HandState:
    """The hand as ``seat`` may see it: its own tiles and the table real, every hidden tile a placeholder.

    Once the hand is over every hand is shown, as at a real table. The lead's limit (``lead_mask``: the
    tile a first-lead rule names) is kept only for the leader; any other seat's copy allows every tile,
    since the named tile may be hidden in the leader's hand.
    """
    if state.is_over:
        return state
    seen = state.hands[seat] | mask_of(state.table.tiles())
    unseen = [tile for tile in ALL_TILES if not tile.bit & seen]
    pool = iter(unseen)
    hands = tuple(
        mask if other == seat else mask_of(_take(pool, bin(mask).count("1"))) for other, mask in enumerate(state.hands)
    )
    boneyard = tuple(_take(pool, len(state.boneyard)))
    drawn = state.drawn if state.to_move == seat else None
    lead_mask = state.lead_mask if seat == state.leader else FULL_MASK
    return state._replace(
        hands=hands, boneyard=boneyard, drawn=drawn, lead_mask=lead_mask, trail=_blind_trail(state, seat, unseen)
    )


def _take(pool: Iterator[Tile], count: int) -> list[Tile]:
    return [next(pool) for _ in range(count)]


def _blind_trail(state: HandState, seat: int, unseen: list[Tile]) -> LogEntry | None:
    """The hand's record with the tiles other seats drew replaced by placeholders (their number kept)."""
    pool = unseen or list(ALL_TILES)
    trail: LogEntry | None = None
    for mover, move, drawn, points in state.log:
        shown = drawn if mover == seat else tuple(pool[i % len(pool)] for i in range(len(drawn)))
        trail = LogEntry(trail, mover, move, shown, points)
    return trail


ADVICE_PLAYOUTS = 200
"""Sampled deals behind the engine's advice to a player (well under a second)."""


def advice(state: HandState) -> Text:
    """The engine's advice to the seat to move, from that seat's own view (it never peeks): the move and why."""
    analysis = analyse(view_of_state(state, state.to_move), playouts=ADVICE_PLAYOUTS)
    best = move_name(analysis.best.move)
    why = why_best(analysis, view_of_state(state, state.to_move).state)
    if why is None:
        return best
    return msg("{move}: {why}", move=best, why=why)
