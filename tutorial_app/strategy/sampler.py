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
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from tutorial_app.rules.tiles import ALL_TILES
from tutorial_app.strategy.inference import STOCK, Knowledge
from tutorial_app.strategy.policy import Int64s

__all__ = ["DealSampler", "Worlds"]

Caps = tuple[int, ...]


@dataclass(frozen=True)
class Worlds:
    """Sampled deals: ``hands`` (deals x players, masks by seat, the viewer's own hand included) and
    ``boneyards`` (deals x boneyard size, tile indices in a random drawing order)."""

    hands: Int64s
    boneyards: Int64s


class DealSampler:
    """Uniform sampler of the deals a ``Knowledge`` allows (see the module's docstring).

    A record that contradicts itself (no deal fits) is sampled with its
    voids and clues dropped; ``relaxed`` says so.
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
        self.knowledge = knowledge
        allowed = knowledge.allowed()
        self.tiles = [t.index for t in ALL_TILES if knowledge.unseen & t.bit]
        # the tiles with the fewest choices first: the table stays small and sampling wastes no steps
        self.tiles.sort(key=lambda i: sum(1 for a in allowed if a >> i & 1))
        self.options: list[tuple[int, ...]] = [
            tuple(g for g, a in enumerate(allowed) if a >> i & 1) for i in self.tiles
        ]
        self.caps: Caps = tuple(g.count for g in knowledge.groups)
        self._memo: list[dict[Caps, int]] = [{} for _ in range(len(self.tiles) + 1)]
        self.total = self.count(0, self.caps) if sum(self.caps) == len(self.tiles) else 0

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
        """Every deal, in a fixed order: the group of each unseen tile (in ``self.tiles`` order), as ``draw``
        gives one at random. Why: an exact check lists them all (``deals.consistent_deals``); a branch
        the rest cannot complete is never entered, so the walk costs the deals it yields."""
        placed: list[int] = []
        caps = list(self.caps)

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

        if self.total:
            yield from walk(0)

    def sample(self, deals: int, rng: random.Random) -> Worlds:
        """``deals`` deals as arrays the kernel loads (see ``Worlds``)."""
        view = self.knowledge.view
        groups = self.knowledge.groups
        players = len(view.hand_sizes)
        hands = np.zeros((deals, players), dtype=np.int64)
        hands[:, view.seat] = view.hand
        stock_size = sum(g.count for g in groups if g.holder == STOCK)
        boneyards = np.zeros((deals, stock_size), dtype=np.int64)
        for row in range(deals):
            stock: list[int] = []
            for tile, g in zip(self.tiles, self.draw(rng), strict=True):
                holder = groups[g].holder
                if holder == STOCK:
                    stock.append(tile)
                elif holder >= 0:
                    hands[row, holder] |= 1 << tile
            rng.shuffle(stock)
            boneyards[row] = stock
        return Worlds(hands, boneyards)

    def marginals(self) -> dict[int, dict[int, float]]:
        """For every unseen tile (index): the chance each holder (seat or ``STOCK``) has it.

        Exact: the ways to place the tiles before it (counted forward) times
        the ways to place those after it (counted backward), over all ways.
        """
        groups = self.knowledge.groups
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
                        holder = groups[g].holder
                        shares[holder] = shares.get(holder, 0.0) + ways * completions / self.total
                        after[rest] = after.get(rest, 0) + ways
            out[tile] = shares
            forward = after
        return out
