"""A hand or a match against bots, as one immutable value the Play page keeps.

Why immutable: undo is "go back to an earlier value", and the page stores the
value in session state, so two browser tabs never share a game. Every random
choice is drawn from a source seeded by (seed, hand number, move number), so
the same seed replays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from tutorial_app.app.table.bots import bot_for, bot_move
from tutorial_app.rules.line.deal import LeadDecision
from tutorial_app.rules.line.match import MatchState, new_match, next_deal, record_hand
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.text import Text

__all__ = ["PlayTable", "HUMAN", "start_table", "human_move", "undo", "next_hand", "bots_by_seat", "MAX_BOT_MOVES"]

HUMAN = 0
MAX_BOT_MOVES = 500


class PlayTable(NamedTuple):
    """The learner (seat 0) and bots at one table.

    ``before_hand`` is the score sheet before the current hand; ``sheet`` is
    the score sheet with the current hand recorded once it is over.
    ``undo_states`` are the states where the learner was to move.
    ``lead`` is the rules core's lead decision (None for a set position);
    ``lead_reason`` its sentence. ``bots`` names the bot of every seat
    (``tutorial_app.strategy.bots``: random, greedy or strong; "" for the learner's).
    """

    rules: HouseRules
    preset: str
    bots: tuple[str, ...]
    seed: int
    whole_match: bool
    hand_no: int
    start: HandState
    state: HandState
    before_hand: MatchState
    sheet: MatchState
    lead_reason: Text
    redeals: tuple[Text, ...]
    undo_states: tuple[HandState, ...] = ()
    lead: LeadDecision | None = None

    @property
    def hand_over(self) -> bool:
        return self.state.is_over

    @property
    def result(self) -> HandResult | None:
        """The finished hand's result, or None while it is played."""
        return hand_result(self.state) if self.state.is_over else None

    @property
    def can_continue(self) -> bool:
        """Whether "Next hand" makes sense: a whole match that is not over yet."""
        return self.whole_match and self.hand_over and not self.sheet.over


def bots_by_seat(players: int, opponents: str | Sequence[str]) -> tuple[str, ...]:
    """The bot of every seat: one name for every other seat, or names for seats 1, 2, ... in turn
    (cycled, as ``simulate --bot strong,greedy`` gives them); the learner's seat gets ""."""
    names = [opponents] if isinstance(opponents, str) else list(opponents)
    if not names:
        raise ValueError("name at least one bot")
    for name in names:
        bot_for(name)  # BotError (a ValueError) for a name that is no bot
    others = iter(names * players)
    return tuple("" if seat == HUMAN else next(others) for seat in range(players))


def _rng(seed: int, *parts: int) -> random.Random:
    return random.Random(":".join(str(p) for p in (seed, *parts)))


def _settle(table: PlayTable) -> PlayTable:
    """Let the bots move until it is the learner's turn or the hand is over."""
    state = table.state
    for _ in range(MAX_BOT_MOVES):
        if state.is_over or state.to_move == HUMAN:
            break
        bot = table.bots[state.to_move]
        state = apply(state, bot_move(state, bot, _rng(table.seed, table.hand_no, len(state.log))))
    sheet = record_hand(table.before_hand, state, table.start) if state.is_over else table.before_hand
    return table._replace(state=state, sheet=sheet)


def _deal_into(table: PlayTable, match: MatchState, hand_no: int) -> PlayTable:
    dealt = next_deal(match, _rng(table.seed, hand_no), HUMAN)
    fresh = table._replace(
        hand_no=hand_no,
        start=dealt.state,
        state=dealt.state,
        before_hand=match,
        sheet=match,
        lead_reason=dealt.lead.reason,
        redeals=dealt.redeals,
        undo_states=(),
        lead=dealt.lead,
    )
    return _settle(fresh)


def start_table(
    rules: HouseRules, preset: str, opponents: str | Sequence[str], seed: int, whole_match: bool
) -> PlayTable:
    """A new hand (or the first hand of a match), bots already moved up to the learner's turn.

    ``opponents``: one bot for every other seat, or one per seat from seat 1 on (see ``bots_by_seat``).
    """
    match = new_match(rules)
    dealt = next_deal(match, _rng(seed, 0), HUMAN)
    bots = bots_by_seat(rules.players, opponents)
    table = PlayTable(
        rules,
        preset,
        bots,
        seed,
        whole_match,
        0,
        dealt.state,
        dealt.state,
        match,
        match,
        dealt.lead.reason,
        dealt.redeals,
        lead=dealt.lead,
    )
    return _settle(table)


def human_move(table: PlayTable, move: Move) -> PlayTable:
    """The learner's move, then the bots' replies; raises IllegalMoveError with the reason."""
    if table.state.to_move != HUMAN or table.state.is_over:
        raise ValueError("it is not the learner's turn")
    after = apply(table.state, move)
    return _settle(table._replace(state=after, undo_states=(*table.undo_states, table.state)))


def undo(table: PlayTable) -> PlayTable:
    """Back to the learner's previous turn (the bots' replies are undone too)."""
    if not table.undo_states:
        return table
    previous = table.undo_states[-1]
    return table._replace(state=previous, sheet=table.before_hand, undo_states=table.undo_states[:-1])


def next_hand(table: PlayTable) -> PlayTable:
    """Deal the match's next hand (the leader is the one the last hand named)."""
    if not table.can_continue:
        raise ValueError("the match has no next hand now")
    return _deal_into(table, table.sheet, table.hand_no + 1)
