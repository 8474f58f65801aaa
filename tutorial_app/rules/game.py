"""What every game's engine offers, whatever its tiles: the ``Game`` protocol.

Why a protocol: the lesson runner, the validator's step walk, a hand against
bots, the simulator's loop and the pages drive a game through these few
calls only (deal, legal moves, apply, why illegal, describe, the hand's end,
a match), as OpenSpiel's games and python-chess's variants are driven
through one API. Each engine implements it once, in its own folder
(``rules/line/game.py``, ``rules/tien_gow/game.py``); ``rules.games`` lists
them (``GAMES``, ``find_game``). A third game implements it too and is
listed there; nothing else in the code names a game.

The engines keep their own types (a line game's ``HandState`` holds
bitmasks, Tien Gow's sorted tuples); the protocol is generic in them, so a
caller that holds one game keeps its types, and code written for every game
reads what all states share (``HandLike``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypeVar

from tutorial_app.rules.house import OptionSpec
from tutorial_app.rules.text import Text

__all__ = [
    "Game",
    "HandLike",
    "MatchLike",
    "Dealt",
    "Opening",
    "SetLead",
    "Verdict",
    "AnyGame",
    "SheetLine",
    "SheetSection",
]

Verdict = Literal["won", "lost", "tie"]
"""How a finished hand ended for one seat (for a side, in a partnership game)."""


class HandLike(Protocol):
    """What every game's hand state has: whose turn it is and whether the hand is over."""

    @property
    def to_move(self) -> int: ...

    @property
    def is_over(self) -> bool: ...


class MatchLike(Protocol):
    """What every game's match has: its hands so far and whether it is over."""

    @property
    def over(self) -> bool: ...

    @property
    def hands_played(self) -> int: ...


S = TypeVar("S", bound=HandLike)
S_co = TypeVar("S_co", bound=HandLike, covariant=True)
M = TypeVar("M")
R = TypeVar("R")
X = TypeVar("X", bound=MatchLike)


class Opening(Protocol):
    """Who leads a hand and why: a line game's ``LeadDecision``, Tien Gow's banker, or a lead set by hand."""

    @property
    def reason(self) -> Text:
        """Who leads and why, both languages."""
        ...

    @property
    def by_rule(self) -> bool:
        """Whether the first-lead rule named the leader by a tile someone was dealt (so the lead is a clue to the
        hands, which the strong bots read)."""
        ...


class SetLead(NamedTuple):
    """A lead given with its sentence (a position set by hand, not dealt)."""

    reason: Text

    @property
    def by_rule(self) -> bool:
        """A lead set by hand (or a banker by lot) tells nothing of the hands."""
        return False


class Dealt(NamedTuple, Generic[S_co]):
    """A hand just dealt: its state, who leads it and why (``lead``, the engine's own record, whose ``reason`` is
    worded only when read: the simulator deals thousands of hands and reads none), and the deals thrown in first."""

    state: S_co
    lead: Any
    """An ``Opening``: the engine's own record (a line game's ``LeadDecision`` names the seat and the tiles)."""
    redeals: tuple[Text, ...] = ()

    @property
    def opening(self) -> Text:
        """Who leads the hand and why, both languages."""
        reason: Text = self.lead.reason
        return reason


class SheetLine(NamedTuple):
    """One line of a rule sheet: the option (or rule) it comes from and its sentence."""

    option: str
    text: str
    house_rule: bool
    """True when the value differs from the rule set's own (a club's override)."""


class SheetSection(NamedTuple):
    """A heading of a rule sheet and its lines."""

    heading: str
    lines: tuple[SheetLine, ...]


class Game(Protocol[R, S, M, X]):
    """One game's engine: its rule sets, a hand move by move, its end, a match.

    ``R`` is the house rules, ``S`` the hand state, ``M`` a move and ``X``
    the match. Every call is pure: states, moves, rules and matches are
    immutable values.
    """

    @property
    def name(self) -> str:
        """The game's name in the registry (``line``, ``tien_gow``)."""
        ...

    @property
    def title(self) -> Text:
        """The game in a few words, both languages."""
        ...

    @property
    def tile_count(self) -> int:
        """How many tiles a full hand holds in all (hands, table, boneyard, tricks): conserved by every move."""
        ...

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots that may sit at this game's table (``bot_move`` plays the first ones the rules core
        plays itself; stronger bots are the strategy engine's)."""
        ...

    # -- rule sets -------------------------------------------------------------------------

    def presets(self) -> tuple[str, ...]:
        """The rule sets a picker offers, by name (a game without presets offers its own name)."""
        ...

    def knows(self, name: str) -> bool:
        """Whether ``name`` (a preset's name or alias, any case) is a rule set of this game."""
        ...

    def preset_title(self, name: str) -> Text:
        """A rule set's one-line title."""
        ...

    def rules(self, name: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> R:
        """The house rules of a rule set, for a number of players, with overrides (a ``RulesError`` if bad)."""
        ...

    def seat_counts(self, name: str) -> tuple[int, ...]:
        """The numbers of players a rule set may be played by (its default first)."""
        ...

    def about(self, name: str) -> Text | None:
        """How a rule set differs from one a reader could take it for (the two goats), or None."""
        ...

    def players(self, rules: R) -> int:
        """How many seats these rules deal to."""
        ...

    def offers_pairs(self, name: str, players: int) -> bool:
        """Whether a rule set may be played in two partnerships at this many seats, as the players choose."""
        ...

    def option_specs(self) -> Mapping[str, OptionSpec]:
        """Every house-rule option of the game, by name (``rules.house``): its values, label and sentence."""
        ...

    def sheet_sections(self, rules: R, lang: str, preset: str | None = None) -> list[SheetSection]:
        """The rule sheet as sections of sentences; with ``preset``, the options changed from it are marked."""
        ...

    def rule_sheet(self, rules: R, lang: str, preset: str | None = None) -> str:
        """The rule sheet as plain text (what ``domino-tutor rules NAME`` prints)."""
        ...

    # -- a hand -------------------------------------------------------------------------------

    def deal(self, rules: R, rng: random.Random, viewer: int | None = None) -> Dealt[S]:
        """A first hand dealt from ``rng`` (``viewer``: the seat the reasons speak to as "you")."""
        ...

    def legal_moves(self, state: S) -> Sequence[M]:
        """Every legal move of the seat to move, in a fixed order (none once the hand is over)."""
        ...

    def moves_to_try(self, state: S) -> Iterable[M]:
        """Every move the seat to move could try with its tiles, legal or not (``why_illegal`` answers each)."""
        ...

    def apply(self, state: S, move: M) -> S:
        """The state after a legal move; an ``IllegalMoveError`` (a ``RulesError``) with the reason otherwise."""
        ...

    def apply_unchecked(self, state: S, move: M) -> S:
        """The state after a move taken from ``legal_moves`` (no checks: the simulator's path)."""
        ...

    def why_illegal(self, state: S, move: M) -> Text | None:
        """Why a move is not allowed here, in both languages; None when it is legal."""
        ...

    def same_move(self, a: M, b: M) -> bool:
        """Whether two moves do the same thing (a lesson's wrong move against the learner's)."""
        ...

    def parse_move(self, written: object) -> M:
        """A move as a lesson or a file writes it; a ``ValueError`` saying how to write it otherwise."""
        ...

    def moves_made(self, state: S) -> int:
        """Moves made in this hand so far (what a seeded table numbers its random sources by)."""
        ...

    def tiles_in_play(self, state: S) -> int:
        """Tiles in the hands, on the table, in the boneyard and in the tricks taken."""
        ...

    def describe(self, before: S, moves: Sequence[tuple[int, M]], viewer: int | None) -> Text:
        """Moves made from ``before`` in words (``viewer`` is "you"; tiles others drew stay unnamed)."""
        ...

    def pauses(self, state: S, viewer: int) -> bool:
        """Whether a table waits here for ``viewer`` to look before a bot goes on (a trick just taken)."""
        ...

    # -- the end of a hand ----------------------------------------------------------------------

    def hand_result(self, state: S) -> Any:
        """The engine's result of a finished hand (who won, the points or chips, why)."""
        ...

    def verdict(self, state: S, seat: int) -> Verdict:
        """How a finished hand ended for ``seat``: won, lost or a tie."""
        ...

    def explain_end(self, state: S, viewer: int | None) -> Text:
        """A finished hand worked out: how it ended, the arithmetic, who scores what."""
        ...

    # -- a match --------------------------------------------------------------------------------

    def new_match(self, rules: R) -> X:
        """An empty match under these rules."""
        ...

    def next_deal(self, match: X, rng: random.Random, viewer: int | None = None) -> Dealt[S]:
        """The match's next hand dealt (its first: by the rules' first-lead rule or by lot)."""
        ...

    def record_hand(self, match: X, final: S, start: S) -> X:
        """The match after a finished hand."""
        ...

    # -- bots -----------------------------------------------------------------------------------

    def bot_move(self, state: S, bot: str, rng: random.Random) -> M:
        """The move of one of the bots the rules core plays itself (random, greedy), from ``rng``."""
        ...


AnyGame = Game[Any, Any, Any, Any]
"""A game of the registry, whichever it is."""
