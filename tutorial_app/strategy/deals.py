"""Every deal a seat's view allows, listed (never sampled) and proved by the rules core, each with its weight.

``consistent_deals(start, state, seat, first_hand=...)`` answers "where can the tiles I cannot see be?"
completely: every placement of the hidden tiles (the other hands now, the boneyard now) that agrees with
everything the seat saw since ``start``: the hand sizes, every pass and draw, the tiles played, and in a
match's first hand the first-lead rule (whoever led held the tile the rule looks for, so nobody held an
earlier one; a deal the rules would have redealt was never played). An exact check averages over them
(``exact_deals.analyse_every_deal``), and a lesson's claim "this would block" is proved on each.

How: the inference's groups (``inference.infer``) propose candidates, a superset of the truth (the
inference never rules a real deal out); each candidate is then proved by replaying the record through the
rules core from the start it implies (its hands now, plus what each seat played, less what it drew):
the first lead, every pass and every draw must be legal there, and each draw must take as many tiles
as the seat was seen to take.

Weights: a shuffled set makes every full history (the dealt hands and the boneyard's order) equally
likely, so a placement counts as many times as there are ways to choose which of its tiles each seat
drew, and when, that replay legally. Without draws every weight is 1. The boneyard left now keeps no
order: the exact search treats its next tile as a chance move.

Why a limit: the list is solved deal by deal, so it must stay small; ``EXACT_MAX_DEALS`` is the most an
exact check takes on, and ``Deals.listed`` is False (with the count) beyond it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import NamedTuple

import numpy as np

from tutorial_app.rules.line.deal import decide_first_lead, redeal_reason
from tutorial_app.rules.line.moves import apply_unchecked, why_illegal
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.tiles import Tile, mask_of, tiles_of_mask
from tutorial_app.strategy.inference import STOCK, infer
from tutorial_app.strategy.policy import Floats
from tutorial_app.strategy.sampler import DealSampler, Worlds, worlds_of
from tutorial_app.strategy.view import SeatView, view_since

__all__ = ["EXACT_MAX_DEALS", "CANDIDATE_FACTOR", "REPLAY_BUDGET", "Deal", "Deals", "consistent_deals"]

EXACT_MAX_DEALS = 5_000
"""The most deals an exact check lists and solves one by one (beyond it, it says how many there are)."""
CANDIDATE_FACTOR = 4
"""Candidates (placements the inference allows) are replayed only up to this many times ``EXACT_MAX_DEALS``."""
REPLAY_BUDGET = 400_000
"""The most moves replayed to prove the candidates (draw orders multiply them); beyond it, too many."""


@dataclass(frozen=True)
class Deal:
    """One placement of the hidden tiles: every seat's hand now (the viewer's own too), the boneyard now
    (tiles out of play in a game without one), and how many shuffles lead to it (``weight``)."""

    hands: tuple[int, ...]
    boneyard: tuple[Tile, ...]
    weight: int


@dataclass(frozen=True)
class Deals:
    """The deals a seat's view allows (``consistent_deals``).

    ``listed``: all of them are in ``deals``; otherwise there are more than ``limit`` and ``count`` says
    how many (proved when ``counted``, else an upper bound: the placements the inference allows).
    """

    view: SeatView
    deals: tuple[Deal, ...]
    count: int
    listed: bool
    counted: bool
    limit: int

    @property
    def weight(self) -> int:
        """The deals' weights added up (the number of shuffles behind them)."""
        return sum(d.weight for d in self.deals)

    def state_of(self, deal: Deal) -> HandState:
        """The position with ``deal``'s tiles in the hidden places (the seat's own hand as it is)."""
        return self.view.with_tiles(deal.hands, deal.boneyard)

    def states(self) -> list[tuple[HandState, int]]:
        """Every deal's position with its weight."""
        return [(self.state_of(d), d.weight) for d in self.deals]

    def worlds(self) -> Worlds:
        """The deals as the exact path (``exact.solve_deals``) reads them (the boneyard keeps no order: the
        search draws from it by chance)."""
        return worlds_of([d.hands for d in self.deals], [d.boneyard for d in self.deals])

    def weights(self) -> Floats:
        """Every deal's weight, in ``deals`` order."""
        return np.array([d.weight for d in self.deals], dtype=np.float64)


class _Entry(NamedTuple):
    """One move of the record as the seat saw it: who moved, the move, how many tiles a draw took (``taken``), and
    the tiles themselves where the seat drew them (nobody sees another seat's draw)."""

    mover: int
    move: Move
    taken: int
    own: tuple[Tile, ...]


class _Record(NamedTuple):
    start: HandState
    """The record's start with every hidden tile taken away (public facts only)."""
    entries: tuple[_Entry, ...]
    seat: int
    first_hand: bool
    played: tuple[int, ...]
    """Per seat, the tiles it played in the record."""
    drawn: tuple[int, ...]
    """Per seat, how many tiles it drew in the record."""
    played_before_draw: tuple[int, ...]
    """Per seat, the tiles it played before its first draw (so they were dealt to it)."""


def _record(start: HandState, state: HandState, seat: int, first_hand: bool) -> _Record:
    log = state.log[len(start.log) :]
    players = start.rules.players
    played = [0] * players
    drawn = [0] * players
    before = [0] * players
    entries = []
    for mover, move, taken, _points in log:
        entries.append(_Entry(mover, move, len(taken), tuple(taken) if mover == seat else ()))
        drawn[mover] += len(taken)
        if move.action is Action.PLAY and move.tile is not None:
            played[mover] |= move.tile.bit
            if not drawn[mover]:
                before[mover] |= move.tile.bit
    hands = tuple(h if s == seat else 0 for s, h in enumerate(start.hands))
    public = start._replace(hands=hands, boneyard=(), trail=None)
    return _Record(public, tuple(entries), seat, first_hand, tuple(played), tuple(drawn), tuple(before))


def consistent_deals(
    start: HandState, state: HandState, seat: int, *, first_hand: bool, limit: int = EXACT_MAX_DEALS
) -> Deals:
    """Every deal ``seat`` cannot tell from the real one in ``state``, reached from ``start`` by the moves
    recorded since (see the module's docstring). ``first_hand``: ``start`` is a match's fresh first deal
    (an empty table, the first-lead rule named the leader); a later hand or a position set up mid-hand
    reads no lead clue.

    Only what the seat can see is read: the table, its own tiles (and those it drew), the hand sizes, the
    boneyard's size and every move; the hidden tiles of ``start`` and ``state`` are never looked at.
    """
    if first_hand and not start.table.is_empty:
        raise ValueError("a first hand's record begins at the lead: the table must be empty at the start")
    view = view_since(start, state, seat)
    record = _record(start, state, seat, first_hand)
    sampler = DealSampler(infer(view))
    if sampler.total > limit * CANDIDATE_FACTOR:
        return Deals(view, (), sampler.total, False, False, limit)
    others_drew = any(count for s, count in enumerate(record.drawn) if s != seat)
    if sampler.total > limit and not first_hand and not others_drew and not sampler.relaxed:
        # without a lead clue and without hidden draws the inference is exact: every candidate is a deal
        return Deals(view, (), sampler.total, False, True, limit)
    prover = _Prover(record, REPLAY_BUDGET)
    groups = sampler.knowledge.groups
    players = start.rules.players
    seen: set[tuple[int, ...]] = set()
    found: list[Deal] = []
    for placed in sampler.placements():
        masks = [0] * (players + 1)
        for tile, g in placed:
            holder = groups[g].holder
            if holder >= 0:
                masks[holder] |= 1 << tile
            elif holder == STOCK:
                masks[players] |= 1 << tile
        key = tuple(masks)
        if key in seen:
            continue
        seen.add(key)
        hands = tuple(view.hand if s == seat else masks[s] for s in range(players))
        weight = prover.weight(hands, masks[players])
        if weight is None:
            return Deals(view, (), sampler.total, False, False, limit)
        if weight:
            found.append(Deal(hands, tuple(tiles_of_mask(masks[players])), weight))
    if len(found) > limit:
        return Deals(view, (), len(found), False, True, limit)
    return Deals(view, tuple(found), len(found), True, True, limit)


class _Prover:
    """Replays the record from the start each candidate implies, counting the legal histories."""

    def __init__(self, record: _Record, budget: int) -> None:
        self.record = record
        self.budget = budget
        self.own_draws = mask_of(t for entry in record.entries for t in entry.own)

    def weight(self, hands: Sequence[int], stock: int) -> int | None:
        """How many histories lead to these hands now (0: none, the candidate is out); None: over budget."""
        record = self.record
        others = [s for s in range(len(hands)) if s != record.seat]
        total = 0
        for chosen in product(*(self._dealt_and_drawn(s, hands[s]) for s in others)):
            start_hands = list(record.start.hands)
            to_draw = [0] * len(hands)
            pile = stock | self.own_draws
            for s, (dealt, drawn) in zip(others, chosen, strict=True):
                start_hands[s], to_draw[s] = dealt, drawn
                pile |= drawn
            begun = self._begin(tuple(start_hands), pile)
            if begun is None:
                continue
            found = self._histories(begun, 0, to_draw)
            if found is None:
                return None
            total += found
        return total

    def _dealt_and_drawn(self, seat: int, hand: int) -> list[tuple[int, int]]:
        """Every split of what ``seat`` held in the record (its hand now and the tiles it played) into the
        tiles dealt to it and those it drew (as many as it was seen to draw; none it played before drawing)."""
        record = self.record
        held = hand | record.played[seat]
        could = held & ~record.played_before_draw[seat]
        splits = []
        for tiles in combinations(tiles_of_mask(could), record.drawn[seat]):
            drawn = mask_of(tiles)
            splits.append((held & ~drawn, drawn))
        return splits

    def _begin(self, hands: tuple[int, ...], pile: int) -> HandState | None:
        """The start with these hands and a boneyard holding ``pile``; None if the first lead rules it out."""
        record = self.record
        start = record.start._replace(hands=hands, boneyard=tuple(tiles_of_mask(pile)))
        if not record.first_hand:
            return start
        rules = start.rules
        lead = decide_first_lead(rules, hands)
        if lead is None or redeal_reason(rules, hands, lead) is not None:
            return None
        if lead.seat is not None and lead.seat != start.to_move:
            return None
        return start._replace(lead_mask=lead.lead_mask)

    def _histories(self, state: HandState, index: int, to_draw: list[int]) -> int | None:
        entries = self.record.entries
        while index < len(entries):
            self.budget -= 1
            if self.budget < 0:
                return None
            entry = entries[index]
            if entry.move.action is Action.DRAW:
                return self._draws(state, index, to_draw)
            if why_illegal(state, entry.move) is not None:
                return 0
            state = apply_unchecked(state, entry.move)
            index += 1
        return 1

    def _draws(self, state: HandState, index: int, to_draw: list[int]) -> int | None:
        """A draw: every choice of the tiles on top that the mover may have taken, each replayed on."""
        entry = self.record.entries[index]
        if entry.mover == self.record.seat:
            tops: list[tuple[Tile, ...]] = [entry.own]
        else:
            tops = list(combinations(tiles_of_mask(to_draw[entry.mover]), entry.taken))
        total = 0
        for top in tops:
            after = _drawn(state, entry.move, top)
            if after is None:
                continue
            taken = mask_of(top)
            if entry.mover != self.record.seat:
                to_draw[entry.mover] &= ~taken
            found = self._histories(after, index + 1, to_draw)
            if entry.mover != self.record.seat:
                to_draw[entry.mover] |= taken
            if found is None:
                return None
            total += found
        return total


def _drawn(state: HandState, move: Move, top: tuple[Tile, ...]) -> HandState | None:
    """The draw ``move`` with ``top`` on top of the boneyard; None if illegal or it would take other tiles."""
    rest = tuple(t for t in state.boneyard if t not in top)
    if len(rest) + len(top) != len(state.boneyard):
        return None
    ready = state._replace(boneyard=(*top, *rest))
    if why_illegal(ready, move) is not None:
        return None
    after = apply_unchecked(ready, move)
    taken = after.trail.drawn if after.trail is not None else ()
    return after if set(taken) == set(top) and len(taken) == len(top) else None
