"""A hand or a match of Tien Gow against bots, as one immutable value the Play page keeps.

Like ``app.play.table`` for the line games: undo is "go back to an earlier
value", and every random choice is drawn from a source seeded by (seed,
hand number, move number), so the same deal number replays the same game.
The bots stop after every trick they take when one of them would lead the
next (``paused``), so the learner sees the trick before it is swept away;
``resume`` lets them go on.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.tien_gow.bots import TienGowBot, paused, play_bots

__all__ = ["TienGowTable", "HUMAN", "start_tien_gow", "human_move", "resume", "undo", "next_hand"]

HUMAN = 0
"""The learner's seat, drawn at the bottom as "You"."""


class TienGowTable(NamedTuple):
    """The learner (seat 0) and three bots at a Tien Gow table.

    ``match`` is the match before the current hand; ``since`` the moves made
    since the learner's last action (the bots', after the learner's own);
    ``undo_states`` the states where the learner was to move.
    """

    rules: tg.TienGowRules
    bot: TienGowBot
    seed: int
    whole_match: bool
    hand_no: int
    start: tg.HandState
    state: tg.HandState
    match: tg.TienGowMatch
    since: tuple[tuple[int, tg.Move], ...] = ()
    undo_states: tuple[tg.HandState, ...] = ()

    @property
    def hand_over(self) -> bool:
        return self.state.is_over

    @property
    def paused(self) -> bool:
        """A bot took the trick on the felt and will lead the next: the learner looks, then goes on."""
        return paused(self.state, HUMAN)

    @property
    def result(self) -> tg.HandResult | None:
        return tg.hand_result(self.state) if self.state.is_over else None

    @property
    def after(self) -> tg.TienGowMatch:
        """The match with this hand recorded once it is over (the match before it while it is played)."""
        return tg.record_hand(self.match, self.state, self.start) if self.state.is_over else self.match

    @property
    def can_continue(self) -> bool:
        """Whether "Next hand" makes sense: a whole match that is not over yet."""
        return self.whole_match and self.hand_over and not self.after.over


def _rng(seed: int, *parts: int) -> random.Random:
    return random.Random(":".join(str(p) for p in ("tien_gow", seed, *parts)))


def _bots(table: TienGowTable, mine: tuple[tuple[int, tg.Move], ...] = (), resume_play: bool = False) -> TienGowTable:
    """The bots' turns; ``since`` becomes the learner's own move (``mine``) and theirs."""
    seed, hand_no = table.seed, table.hand_no
    turns = play_bots(table.state, HUMAN, table.bot, lambda n: _rng(seed, hand_no, n), resume=resume_play)
    return table._replace(state=turns.state, since=(*mine, *turns.moves))


def _deal(table: TienGowTable, match: tg.TienGowMatch, hand_no: int) -> TienGowTable:
    dealt = tg.next_deal(match, _rng(table.seed, hand_no))
    fresh = table._replace(hand_no=hand_no, start=dealt.state, state=dealt.state, match=match, since=(), undo_states=())
    return _bots(fresh)


def start_tien_gow(rules: tg.TienGowRules, bot: TienGowBot, seed: int, whole_match: bool) -> TienGowTable:
    """A new hand (the first of a match): banker by lot, the bots already moved up to the learner's turn."""
    match = tg.new_match(rules)
    dealt = tg.next_deal(match, _rng(seed, 0))
    table = TienGowTable(rules, bot, seed, whole_match, 0, dealt.state, dealt.state, match)
    return _bots(table)


def human_move(table: TienGowTable, move: tg.Move) -> TienGowTable:
    """The learner's move, then the bots up to the learner's next turn or a pause; IllegalMoveError with the reason."""
    if table.state.to_move != HUMAN or table.state.is_over:
        raise ValueError("it is not the learner's turn")
    before = table.state
    after = tg.apply(before, move)
    return _bots(table._replace(state=after, undo_states=(*table.undo_states, before)), ((HUMAN, move),))


def resume(table: TienGowTable) -> TienGowTable:
    """After a pause: the bot that took the trick leads, and the bots play on."""
    if not table.paused:
        return table
    return _bots(table, resume_play=True)


def undo(table: TienGowTable) -> TienGowTable:
    """Back to the learner's previous turn (the bots' replies are undone too)."""
    if not table.undo_states:
        return table
    return table._replace(state=table.undo_states[-1], since=(), undo_states=table.undo_states[:-1])


def next_hand(table: TienGowTable) -> TienGowTable:
    """Deal the match's next hand; its banker is the winner of this one."""
    if not table.can_continue:
        raise ValueError("the match has no next hand now")
    return _deal(table, table.after, table.hand_no + 1)
