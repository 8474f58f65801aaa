"""What the others' choices suggest about their hands: how likely each sampled deal made them play as they did.

The inference (``inference``, ``sampler``) keeps every deal that could be true, each as likely as the shuffle
made it: that is what the Hint and What we know show, and it is exact. A player at the table also reads the
choices: an opponent who laid 2-1 while holding 6-2 for the same end plays oddly, so a deal that gives it 6-2
is less likely than one that does not. The bots read choices that way (``analyse(..., model=...)``): each
candidate deal gets the chance that the others would have made their recorded plays holding those tiles,
under a mixture of ways to play (``OpponentModel``: the heaviest tile, the heuristic's rules of thumb, any
tile), and the deals the bot values are drawn again in proportion to it.

Only plays the seat had a choice in count, only in hands it held then with certainty: a play after which the
seat drew again is skipped (the tiles it drew later are not told apart from those it held).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from tutorial_app.rules.tiles import SUIT_MASK
from tutorial_app.strategy.policy import BOT_POLICY, Floats, HeuristicPolicy, Int64s, Legal, Scene
from tutorial_app.strategy.sampler import Worlds
from tutorial_app.strategy.tables import heaviest, popcount
from tutorial_app.strategy.view import Event, SeatView

__all__ = ["OpponentModel", "BOT_MODEL", "choice_weights", "has_choices", "resample"]


@dataclass(frozen=True)
class OpponentModel:
    """How the others may choose: with chance ``greedy`` the heaviest tile that fits, ``heuristic`` the
    ``policy``'s choice, else any tile; a style's choice is made with chance ``1 - slip``, the rest share it."""

    greedy: float = 0.3
    heuristic: float = 0.3
    slip: float = 0.15
    policy: HeuristicPolicy = BOT_POLICY

    @property
    def uniform(self) -> float:
        return max(0.0, 1.0 - self.greedy - self.heuristic)


BOT_MODEL = OpponentModel()
"""The strong bots' model of the others."""


def _suits(numbers: tuple[int, ...]) -> int:
    mask = 0
    for n in numbers:
        mask |= SUIT_MASK[n]
    return mask


def _informative(view: SeatView) -> list[Event]:
    """The others' plays whose hand at the time is known in every deal (no draw by that seat after them)."""
    out = []
    for event in view.events:
        if event.seat == view.seat or event.kind not in ("play", "lead") or event.tile is None:
            continue
        if event.kind == "lead" and view.lead_named:
            continue  # the rule chose the tile
        if any(e.seat == event.seat and e.kind == "draw" and e.index > event.index for e in view.events):
            continue
        out.append(event)
    return out


def has_choices(view: SeatView) -> bool:
    """Whether the others made any play the model can read (else every deal weighs the same)."""
    return bool(_informative(view))


def _chance(chosen: Int64s, played: int, count: Int64s, slip: float) -> Floats:
    """The chance of the tile ``played`` when a style picks ``chosen``, ``count`` tiles to pick from."""
    hit = chosen == played
    spread = np.where(count > 1, slip / np.maximum(count - 1, 1), 0.0)
    return np.where(count <= 1, 1.0, np.where(hit, 1.0 - slip, spread))


def choice_weights(view: SeatView, worlds: Worlds, model: OpponentModel) -> Floats:
    """For every deal of ``worlds``: how likely the others' recorded plays are if it is the true deal (relative
    weights, largest 1)."""
    deals = len(worlds.hands)
    events = _informative(view)
    if not events or not deals:
        return np.ones(deals)
    logs = np.zeros((3, deals))
    table = view.table.tiles()
    on_table = 0
    for tile in table:
        on_table |= tile.bit
    laid_before: dict[int, int] = {}
    later = 0
    for event in reversed(view.events):
        if event.tile is not None:
            later |= event.tile.bit
        laid_before[event.index] = on_table & ~later
    line = not view.rules.spinner_layout
    for event in events:
        assert event.tile is not None
        after = sum(
            e.tile.bit for e in view.events if e.seat == event.seat and e.tile is not None and e.index > event.index
        )
        hand = worlds.hands[:, event.seat] | after | event.tile.bit
        fit = _suits(event.ends) if event.kind == "play" else -1
        options = hand & fit
        count = popcount(options)
        played = event.tile.index
        logs[0] += np.log(_chance(heaviest(options), played, count, model.slip))
        logs[2] += np.log(np.where(count > 1, 1.0 / np.maximum(count, 1), 1.0))
        if line and model.heuristic > 0:
            chosen = _heuristic_choice(model.policy, event, hand, laid_before.get(event.index, 0), view)
            logs[1] += np.log(_chance(chosen, played, count, model.slip))
    mix = np.log(np.array([model.greedy, model.heuristic, model.uniform]) + 1e-300)[:, None] + logs
    top = mix.max(axis=0)
    weights: Floats = np.exp(top - top.max()) * np.exp(mix - top).sum(axis=0)
    scaled: Floats = weights / weights.max()
    return scaled


def _heuristic_choice(policy: HeuristicPolicy, event: Event, hand: Int64s, table: int, view: SeatView) -> Int64s:
    """The tile the heuristic would have played in every deal (line layouts)."""
    deals = len(hand)
    if event.kind == "lead":
        per_arm = np.zeros((deals, 2), dtype=np.int64)
        per_arm[:, 0] = hand
        lead = np.ones(deals, dtype=bool)
        ends = np.full((deals, 2), -1, dtype=np.int64)
    else:
        left, right = (event.ends[0], event.ends[-1]) if event.ends else (-1, -1)
        ends = np.tile(np.array([left, right], dtype=np.int64), (deals, 1))
        per_arm = np.stack([hand & SUIT_MASK[left], hand & SUIT_MASK[right] if right != left else 0 * hand], axis=1)
        lead = np.zeros(deals, dtype=bool)
    legal = Legal(per_arm.astype(np.int64), lead, np.zeros(deals, dtype=bool), False)
    side = view.rules.side_of(event.seat)
    scene = Scene(hand, ends, np.full(deals, table, dtype=np.int64), np.full(deals, side, dtype=np.int64))
    codes = policy.best_codes(legal, scene)
    return np.where(codes >= 0, codes // 10, -1)


def resample(worlds: Worlds, weights: Floats, deals: int, rng: random.Random) -> Worlds:
    """``deals`` deals drawn from ``worlds`` in proportion to ``weights`` (systematic resampling)."""
    total = float(weights.sum())
    if not math.isfinite(total) or total <= 0:
        picks = np.arange(deals) % len(weights)
    else:
        steps = (rng.random() + np.arange(deals)) / deals
        picks = np.searchsorted(np.cumsum(weights) / total, steps, side="right")
        picks = np.minimum(picks, len(weights) - 1)
    return Worlds(worlds.hands[picks], worlds.boneyards[picks])
