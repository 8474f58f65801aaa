"""Deals of the unseen tiles that agree with everything a seat knows, drawn uniformly, never by rejection.

The unseen tiles must fill the groups of ``Knowledge`` exactly, each tile
into a group that may hold it. Counting how many ways the remaining tiles can
fill the remaining room (a table over "tiles left, room left per group") lets
each tile be placed with the probability of its share of the completions:
every consistent deal comes out equally likely, and a tile is never put
where the rest cannot fit, so nothing is ever thrown away and tried again.

Why uniform is right: a pass is certain given the hand (no luck in it), so
every deal consistent with the record is exactly as likely as the shuffle
made it. (How opponents chose among their legal tiles is not used.)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from tutorial_app.rules.tiles import ALL_TILES, Tile
from tutorial_app.strategy.inference import STOCK, Knowledge, LeadBranch
from tutorial_app.strategy.policy import Int64s

__all__ = ["DealSampler", "Worlds", "worlds_of"]

Caps = tuple[int, ...]


@dataclass(frozen=True)
class Worlds:
    """Sampled deals: ``hands`` (deals x players, masks by seat, the viewer's own hand included) and
    ``boneyards`` (deals x boneyard size, tile indices in a random drawing order); ``greedy``: see the field."""

    hands: Int64s
    boneyards: Int64s
    greedy: Int64s | None = None
    """Per deal, the seats (a bit each) the exact search lets play the heaviest tile instead of their best
    (an opponent model's reading: ``opponents.model_deals``); None: every seat plays its best."""


def worlds_of(hands: Sequence[Sequence[int]], boneyards: Sequence[Sequence[Tile]]) -> Worlds:
    """Deals listed one by one (every seat's hand as a mask; the boneyard's tiles) as ``Worlds``; every deal must
    have as many seats and as big a boneyard as the others."""
    rows = len(hands)
    players = len(hands[0]) if rows else 0
    size = len(boneyards[0]) if rows else 0
    return Worlds(
        np.array(hands, dtype=np.int64).reshape(rows, players),
        np.array([[t.index for t in pile] for pile in boneyards], dtype=np.int64).reshape(rows, size),
    )


class _Counting:
    """The counting table of one set of allowed tiles per group (one branch of the lead's clue)."""

    def __init__(self, allowed: tuple[int, ...], caps: Caps, unseen: int) -> None:
        self.tiles = [t.index for t in ALL_TILES if unseen & t.bit]
        # the tiles with the fewest choices first: the table stays small and sampling wastes no steps
        self.tiles.sort(key=lambda i: sum(1 for a in allowed if a >> i & 1))
        self.options: list[tuple[int, ...]] = [
            tuple(g for g, a in enumerate(allowed) if a >> i & 1) for i in self.tiles
        ]
        self.caps = caps
        self._memo: list[dict[Caps, int]] = [{} for _ in range(len(self.tiles) + 1)]
        self.total = self.count(0, caps) if sum(caps) == len(self.tiles) else 0

    def count(self, level: int, caps: Caps) -> int:
        """How many ways tiles ``level``, ``level + 1``, ... can fill the room ``caps`` exactly."""
        if level == len(self.tiles):
            return 1 if not any(caps) else 0
        memo = self._memo[level]
        found = memo.get(caps)
        if found is not None:
            return found
        ways = 0
        for g in self.options[level]:
            if caps[g]:
                ways += self.count(level + 1, (*caps[:g], caps[g] - 1, *caps[g + 1 :]))
        memo[caps] = ways
        return ways

    def draw(self, rng: random.Random) -> list[int]:
        """One deal: the group of each unseen tile (in ``self.tiles`` order)."""
        caps = list(self.caps)
        placed: list[int] = []
        for level, options in enumerate(self.options):
            weights = []
            for g in options:
                if caps[g]:
                    caps[g] -= 1
                    weights.append(self.count(level + 1, tuple(caps)))
                    caps[g] += 1
                else:
                    weights.append(0)
            pick = rng.random() * sum(weights)
            chosen = -1
            for g, weight in zip(options, weights, strict=True):
                if weight:
                    chosen = g
                    pick -= weight
                    if pick < 0:
                        break
            placed.append(chosen)
            caps[chosen] -= 1
        return placed

    def every(self) -> Iterator[list[int]]:
        """Every deal, each once (the group of each unseen tile, in ``self.tiles`` order)."""
        caps = list(self.caps)
        placed: list[int] = []

        def walk(level: int) -> Iterator[list[int]]:
            if level == len(self.tiles):
                yield list(placed)
                return
            for g in self.options[level]:
                if not caps[g]:
                    continue
                caps[g] -= 1
                if self.count(level + 1, tuple(caps)):
                    placed.append(g)
                    yield from walk(level + 1)
                    placed.pop()
                caps[g] += 1

        yield from walk(0)

    def marginals(self, holders: list[int]) -> dict[int, dict[int, float]]:
        """For every unseen tile (index): how many deals give it to each holder (``holders[g]`` of group g).

        Exact: the ways to place the tiles before it (counted forward) times
        the ways to place those after it (counted backward).
        """
        forward: dict[Caps, int] = {self.caps: 1}
        out: dict[int, dict[int, float]] = {}
        for level, tile in enumerate(self.tiles):
            shares: dict[int, float] = {}
            after: dict[Caps, int] = {}
            for caps, ways in forward.items():
                for g in self.options[level]:
                    if not caps[g]:
                        continue
                    rest = (*caps[:g], caps[g] - 1, *caps[g + 1 :])
                    completions = self.count(level + 1, rest)
                    if completions:
                        holder = holders[g]
                        shares[holder] = shares.get(holder, 0.0) + ways * completions
                        after[rest] = after.get(rest, 0) + ways
            out[tile] = shares
            forward = after
        return out


class DealSampler:
    """Uniform sampler of the deals a ``Knowledge`` allows (see the module's docstring).

    With the lead as a clue (``Knowledge.branches``), each tile that may have
    decided the lead is one branch with its own counting table, and a deal
    comes from a branch with the chance of its share of all deals. A record
    that contradicts itself (no deal fits) is sampled with its voids and clues
    dropped; ``relaxed`` says so. ``total`` is how many deals fit (the order
    of a boneyard not counted).
    """

    def __init__(self, knowledge: Knowledge) -> None:
        self.relaxed = False
        self._prepare(knowledge)
        if self.total == 0:
            self.relaxed = True
            self._prepare(knowledge.relaxed())
        if self.total == 0:
            raise ValueError("the hidden tiles cannot fill the hands and the boneyard: the counts disagree")

    def _prepare(self, knowledge: Knowledge) -> None:
        caps: Caps = tuple(g.count for g in knowledge.groups)
        parts: list[tuple[LeadBranch | None, _Counting]] = []
        if knowledge.branches:
            for branch in knowledge.branches:
                counting = _Counting(knowledge.allowed(branch), caps, knowledge.unseen)
                if counting.total:
                    parts.append((branch, counting))
            knowledge = knowledge.only(tuple(b for b, _ in parts if b is not None))
        else:
            counting = _Counting(knowledge.allowed(), caps, knowledge.unseen)
            if counting.total:
                parts.append((None, counting))
        self.knowledge = knowledge
        self.parts = parts
        self.total = sum(c.total for _, c in parts)

    def branch_weights(self) -> list[tuple[LeadBranch | None, float]]:
        """Each branch of the lead's clue that deals can fit, with its chance (one branch, None: no clue)."""
        return [(b, c.total / self.total) for b, c in self.parts]

    def _part(self, rng: random.Random) -> _Counting:
        if len(self.parts) == 1:
            return self.parts[0][1]
        pick = rng.random() * self.total
        for _, counting in self.parts:
            pick -= counting.total
            if pick < 0:
                return counting
        return self.parts[-1][1]

    def draw(self, rng: random.Random) -> list[tuple[int, int]]:
        """One deal drawn uniformly, as (tile index, group index) for every unseen tile."""
        counting = self._part(rng)
        return list(zip(counting.tiles, counting.draw(rng), strict=True))

    def _worlds(self, placements: list[tuple[_Counting, list[int]]], rng: random.Random) -> Worlds:
        view = self.knowledge.view
        groups = self.knowledge.groups
        players = len(view.hand_sizes)
        deals = len(placements)
        hands = np.zeros((deals, players), dtype=np.int64)
        hands[:, view.seat] = view.hand
        stock_size = sum(g.count for g in groups if g.holder == STOCK)
        boneyards = np.zeros((deals, stock_size), dtype=np.int64)
        for row, (counting, placed) in enumerate(placements):
            stock: list[int] = []
            for tile, g in zip(counting.tiles, placed, strict=True):
                holder = groups[g].holder
                if holder == STOCK:
                    stock.append(tile)
                elif holder >= 0:
                    hands[row, holder] |= 1 << tile
            rng.shuffle(stock)
            boneyards[row] = stock
        return Worlds(hands, boneyards)

    def sample(self, deals: int, rng: random.Random) -> Worlds:
        """``deals`` deals drawn uniformly, as arrays the kernel loads (see ``Worlds``)."""
        placements = []
        for _ in range(deals):
            counting = self._part(rng)
            placements.append((counting, counting.draw(rng)))
        return self._worlds(placements, rng)

    def placements(self) -> Iterator[list[tuple[int, int]]]:
        """Every deal that fits, each once, in a fixed order, as ``draw`` gives one at random: (tile index,
        group index) for every unseen tile. A branch the rest cannot complete is never entered, so the walk
        costs the deals it yields (an exact check lists them all: ``deals.consistent_deals``)."""
        for _, counting in self.parts:
            for placed in counting.every():
                yield list(zip(counting.tiles, placed, strict=True))

    def every(self, rng: random.Random) -> Worlds:
        """Every deal that fits, each once (a boneyard in a random order): ``total`` rows."""
        placements = [(counting, placed) for _, counting in self.parts for placed in counting.every()]
        return self._worlds(placements, rng)

    def marginals(self) -> dict[int, dict[int, float]]:
        """For every unseen tile (index): the chance each holder (seat or ``STOCK``) has it, over every branch."""
        holders = [g.holder for g in self.knowledge.groups]
        out: dict[int, dict[int, float]] = {}
        for _, counting in self.parts:
            for tile, shares in counting.marginals(holders).items():
                into = out.setdefault(tile, {})
                for holder, ways in shares.items():
                    into[holder] = into.get(holder, 0.0) + ways / self.total
        return out
