"""The line games as a ``Game`` (``rules.game``): every preset of one ``HouseRules`` model.

Why a thin class: the engine's own functions (``moves``, ``deal``,
``scoring``, ``match``, the worked explanations) stay what the referee, the
simulator and the strategy engine call directly; this class is the face the
code written for every game (lessons, a hand against bots, the pages) sees.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tutorial_app.rules.game import Dealt, SheetSection, Verdict
from tutorial_app.rules.house import OptionSpec
from tutorial_app.rules.line.bots import choose_greedy
from tutorial_app.rules.line.deal import Deal, deal
from tutorial_app.rules.line.match import MatchState, new_match, next_deal, record_hand
from tutorial_app.rules.line.moves import apply, apply_unchecked, legal_sequence, why_illegal, with_claim
from tutorial_app.rules.line.options import OPTION_SPECS, HouseRules
from tutorial_app.rules.line.rulesheet import rule_sheet, sheet_sections
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import DRAW, END_TURN, ENDS, MUGGINS, PASS, HandState, Move, play
from tutorial_app.rules.line.variants import VARIANTS, UnknownVariantError, find_variant
from tutorial_app.rules.text import Text, msg
from tutorial_app.rules.tiles import ALL_TILES

# The worked sentences (moves, a hand's end) and the notation are imported where they are used: the registry
# (``rules.games``) imports this module at every start of the command line, which names no move.

__all__ = ["LineGame", "LINE"]

_OTHER_MOVES = (DRAW, PASS, END_TURN, MUGGINS)


def _dealt(found: Deal) -> Dealt[HandState]:
    return Dealt(found.state, found.lead, found.redeals)


class LineGame:
    """The line games: a chain with open ends, under any house-rules preset (``VARIANTS``)."""

    name = "line"
    title = msg("Line games: a chain with open ends (block, draw, kozel, 101 …)")
    tile_count = len(ALL_TILES)
    bots: tuple[str, ...] = ("random", "greedy", "strong")

    def presets(self) -> tuple[str, ...]:
        return tuple(v.name for v in VARIANTS)

    def knows(self, name: str) -> bool:
        try:
            find_variant(name)
        except UnknownVariantError:
            return False
        return True

    def preset_title(self, name: str) -> Text:
        return find_variant(name).title

    def rules(self, name: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> HouseRules:
        return find_variant(name).rules(players, overrides)

    def seat_counts(self, name: str) -> tuple[int, ...]:
        variant = find_variant(name)
        return (variant.default_players, *(n for n in variant.players if n != variant.default_players))

    def about(self, name: str) -> Text | None:
        return find_variant(name).about

    def players(self, rules: HouseRules) -> int:
        return rules.players

    def offers_pairs(self, name: str, players: int) -> bool:
        return find_variant(name).pairs_optional and players == 4

    def option_specs(self) -> Mapping[str, OptionSpec]:
        return OPTION_SPECS

    def sheet_sections(self, rules: HouseRules, lang: str, preset: str | None = None) -> list[SheetSection]:
        return sheet_sections(rules, lang, preset)

    def rule_sheet(self, rules: HouseRules, lang: str, preset: str | None = None) -> str:
        return rule_sheet(rules, lang, preset)

    def deal(self, rules: HouseRules, rng: random.Random, viewer: int | None = None) -> Dealt[HandState]:
        return _dealt(deal(rules, rng, viewer=viewer))

    legal_moves = staticmethod(legal_sequence)

    def moves_to_try(self, state: HandState) -> Iterator[Move]:
        for tile in state.hand(state.to_move):
            for end in ENDS:
                yield play(tile, end)
                if state.rules.branch_blocking and tile.is_double:
                    yield play(tile, end, closed=True)
        yield from _OTHER_MOVES

    apply = staticmethod(apply)

    apply_unchecked = staticmethod(apply_unchecked)

    why_illegal = staticmethod(why_illegal)

    def same_move(self, a: Move, b: Move) -> bool:
        """The same tile on the same end, face up or down alike (an All Fives claim aside)."""
        return (a.action, a.tile, a.end, a.closed) == (b.action, b.tile, b.end, b.closed)

    def parse_move(self, written: object) -> Move:
        from tutorial_app.rules.line.notation import parse_move

        return written if isinstance(written, Move) else parse_move(written)

    def moves_made(self, state: HandState) -> int:
        return len(state.log)

    def tiles_in_play(self, state: HandState) -> int:
        return state.tiles_in_play()

    def describe(self, before: HandState, moves: Sequence[tuple[int, Move]], viewer: int | None) -> Text:
        from tutorial_app.rules.line.worked_moves import describe_moves

        return describe_moves([(seat, move, ()) for seat, move in moves], viewer)

    def pauses(self, state: HandState, viewer: int) -> bool:
        return False

    hand_result = staticmethod(hand_result)

    def verdict(self, state: HandState, seat: int) -> Verdict:
        result = hand_result(state)
        if result.tie:
            return "tie"
        return "won" if state.rules.side_of(seat) in result.winner_sides else "lost"

    def explain_end(self, state: HandState, viewer: int | None) -> Text:
        from tutorial_app.rules.line.worked_end import explain_hand_end

        return explain_hand_end(state, viewer).text()

    def new_match(self, rules: HouseRules) -> MatchState:
        return new_match(rules)

    def next_deal(self, match: MatchState, rng: random.Random, viewer: int | None = None) -> Dealt[HandState]:
        return _dealt(next_deal(match, rng, viewer))

    def record_hand(self, match: MatchState, final: HandState, start: HandState) -> MatchState:
        return record_hand(match, final, start)

    def bot_move(self, state: HandState, bot: str, rng: random.Random) -> Move:
        """``random``: any legal move alike; ``greedy``: the heaviest tile (its All Fives claim announced)."""
        moves = legal_sequence(state)
        if not moves:
            raise ValueError("the bot has no move: the hand is over")
        if bot == "random":
            return with_claim(state, rng.choice(moves))
        if bot == "greedy":
            return with_claim(state, choose_greedy(moves))
        raise ValueError(f"the rules core plays the random and greedy bots, not {bot!r}")


LINE = LineGame()
"""The line games' entry in ``rules.games.GAMES``."""
