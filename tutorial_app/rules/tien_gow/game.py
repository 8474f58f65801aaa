"""Tien Gow as a ``Game`` (``rules.game``): four seats, eight tricks, chips.

Why a thin class: the engine's own functions stay what the simulator and the
worked explanations call; this class is the face the code written for every
game (lessons, a hand against bots, the pages) sees.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any

from tutorial_app.rules.game import Dealt, SetLead, SheetSection, Verdict
from tutorial_app.rules.house import OptionError, OptionSpec
from tutorial_app.rules.text import Text, msg
from tutorial_app.rules.tien_gow.bots import TIEN_GOW_BOTS, choose, paused, tien_gow_bot
from tutorial_app.rules.tien_gow.deal import TienGowDeal, deal
from tutorial_app.rules.tien_gow.match import TienGowMatch, new_match, next_deal, record_hand
from tutorial_app.rules.tien_gow.moves import apply, apply_unchecked, legal_sequence, normalize, why_illegal
from tutorial_app.rules.tien_gow.options import NAME, PLAYERS, TIEN_GOW_SPECS, TITLE, TienGowRules, is_tien_gow
from tutorial_app.rules.tien_gow.scoring import hand_result
from tutorial_app.rules.tien_gow.state import Action, HandState, Move, parse_move
from tutorial_app.rules.tien_gow.tiles import CHINESE_SET

# The rule sheet and the worked sentences are imported where they are used: the registry (``rules.games``)
# imports this module at every start of the command line.

__all__ = ["TienGowGame", "TIEN_GOW"]

_MOST_TILES = 4
"""A lead or a reply is one to four tiles."""


def _dealt(found: TienGowDeal) -> Dealt[HandState]:
    return Dealt(found.state, SetLead(found.banker_reason))


class TienGowGame:
    """Tien Gow: one rule set (``tien_gow``, with aliases) and a few house-rule options."""

    name = NAME
    title = TITLE
    tile_count = len(CHINESE_SET)
    bots: tuple[str, ...] = TIEN_GOW_BOTS

    def presets(self) -> tuple[str, ...]:
        return (NAME,)

    def knows(self, name: str) -> bool:
        return is_tien_gow(name)

    def preset_title(self, name: str) -> Text:
        return TITLE

    def rules(self, name: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> TienGowRules:
        if players is not None and players != PLAYERS:
            raise OptionError(
                msg("{NAME} is played by {PLAYERS} players, not {players}", NAME=NAME, PLAYERS=PLAYERS, players=players)
            )
        return TienGowRules().with_overrides(overrides) if overrides else TienGowRules()

    def seat_counts(self, name: str) -> tuple[int, ...]:
        return (PLAYERS,)

    def about(self, name: str) -> Text | None:
        return None

    def players(self, rules: TienGowRules) -> int:
        return PLAYERS

    def offers_pairs(self, name: str, players: int) -> bool:
        return False

    def option_specs(self) -> Mapping[str, OptionSpec]:
        return TIEN_GOW_SPECS

    def sheet_sections(self, rules: TienGowRules, lang: str, preset: str | None = None) -> list[SheetSection]:
        from tutorial_app.rules.tien_gow.sheet import tien_gow_sections

        return tien_gow_sections(rules, lang)

    def rule_sheet(self, rules: TienGowRules, lang: str, preset: str | None = None) -> str:
        from tutorial_app.rules.tien_gow.sheet import tien_gow_sheet

        return tien_gow_sheet(rules, lang)

    def deal(self, rules: TienGowRules, rng: random.Random, viewer: int | None = None) -> Dealt[HandState]:
        return _dealt(deal(rules, rng))

    legal_moves = staticmethod(legal_sequence)

    def moves_to_try(self, state: HandState) -> Iterator[Move]:
        hand = state.hands[state.to_move]
        for size in range(1, min(_MOST_TILES, len(hand)) + 1):
            for tiles in dict.fromkeys(combinations(hand, size)):
                yield Move(Action.PLAY, tiles)
                yield Move(Action.DISCARD, tiles)

    apply = staticmethod(apply)

    apply_unchecked = staticmethod(apply_unchecked)

    why_illegal = staticmethod(why_illegal)

    def same_move(self, a: Move, b: Move) -> bool:
        """The same tiles laid the same way, in any order."""
        return normalize(a) == normalize(b)

    def parse_move(self, written: object) -> Move:
        """``play 6-6 6-3`` or ``discard 2-1`` (or a ``Move``), in the engine's order."""
        return normalize(written if isinstance(written, Move) else parse_move(str(written)))

    def moves_made(self, state: HandState) -> int:
        return len(state.moves)

    def tiles_in_play(self, state: HandState) -> int:
        return state.tiles_in_play()

    def describe(self, before: HandState, moves: Sequence[tuple[int, Move]], viewer: int | None) -> Text:
        from tutorial_app.rules.tien_gow.worked import describe_plays

        return describe_plays(before, moves, viewer)

    def pauses(self, state: HandState, viewer: int) -> bool:
        return paused(state, viewer)

    hand_result = staticmethod(hand_result)

    def verdict(self, state: HandState, seat: int) -> Verdict:
        return "won" if hand_result(state).winner == seat else "lost"

    def explain_end(self, state: HandState, viewer: int | None) -> Text:
        from tutorial_app.rules.tien_gow.worked import explain_settlement

        return explain_settlement(state, viewer)

    def new_match(self, rules: TienGowRules) -> TienGowMatch:
        return new_match(rules)

    def next_deal(self, match: TienGowMatch, rng: random.Random, viewer: int | None = None) -> Dealt[HandState]:
        return _dealt(next_deal(match, rng))

    def record_hand(self, match: TienGowMatch, final: HandState, start: HandState) -> TienGowMatch:
        return record_hand(match, final, start)

    def bot_move(self, state: HandState, bot: str, rng: random.Random) -> Move:
        """``random``: any legal move alike; ``greedy``: the largest, strongest set it can lay."""
        found = tien_gow_bot(bot)
        if found is None:
            raise ValueError(f"Tien Gow's bots are {' and '.join(TIEN_GOW_BOTS)}, not {bot!r}")
        moves = legal_sequence(state)
        if not moves:
            raise ValueError("the bot has no move: the hand is over")
        return choose(found, state, moves, rng)


TIEN_GOW = TienGowGame()
"""Tien Gow's entry in ``rules.games.GAMES``."""
