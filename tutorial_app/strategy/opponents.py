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

A style that always plays the heaviest tile is read more sharply (``model_deals``): each of its plays says it
held no heavier tile that fitted, a fact like a pass's, so the deals it allows are counted and drawn exactly
(``greedy_exclusions``, the sampler), never found by luck among uniform ones. How likely a seat is to play
that way is its prior weight times the share of deals that fit it, against the other styles' likelihood of
its plays: a seat that once played lighter than it had to is not read so, and one whose every choice was
the heaviest tile soon is, whoever it is.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import numpy as np

from tutorial_app.rules.tiles import ALL_TILES, FULL_MASK, SUIT_MASK, Tile
from tutorial_app.strategy.policy import BOT_POLICY, Floats, HeuristicPolicy, Int64s, Legal, Scene
from tutorial_app.strategy.sampler import DealSampler, Worlds
from tutorial_app.strategy.tables import GREEDY_RANK, heaviest, popcount
from tutorial_app.strategy.view import Event, SeatView

__all__ = [
    "OpponentModel",
    "BOT_MODEL",
    "choice_weights",
    "has_choices",
    "resample",
    "greedy_exclusions",
    "model_deals",
]


@dataclass(frozen=True)
class OpponentModel:
    """How the others may choose: with chance ``greedy`` the heaviest tile that fits, ``heuristic`` the
    ``policy``'s choice, else any tile; a style's choice is made with chance ``1 - slip``, the rest share it."""

    greedy: float = 0.3
    heuristic: float = 0.3
    slip: float = 0.15
    policy: HeuristicPolicy = BOT_POLICY
    sharp: bool = True
    """Read a seat judged to play the heaviest tile by the deals where it always did (``model_deals``)."""

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
    return _mixed(_style_logs(view, worlds, model), _priors(model), len(worlds.hands))


def _mixed(per_seat: dict[int, Floats], priors: Floats, deals: int) -> Floats:
    """Relative weights of the deals: the styles' likelihoods of every seat's plays together, mixed by ``priors``."""
    if not per_seat:
        return np.ones(deals)
    logs = sum(per_seat.values(), np.zeros((3, deals)))
    mix = np.log(priors + 1e-300)[:, None] + logs
    top = mix.max(axis=0)
    weights: Floats = np.exp(top - top.max()) * np.exp(mix - top).sum(axis=0)
    scaled: Floats = weights / weights.max()
    return scaled


def _priors(model: OpponentModel) -> Floats:
    return np.array([model.greedy, model.heuristic, model.uniform])


def _style_logs(view: SeatView, worlds: Worlds, model: OpponentModel) -> dict[int, Floats]:
    """Per other seat with a readable play: the log-likelihood of its plays in every deal under each style
    (rows: greedy, heuristic, any tile)."""
    deals = len(worlds.hands)
    events = _informative(view)
    if not events or not deals:
        return {}
    out: dict[int, Floats] = {}
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
        logs = out.setdefault(event.seat, np.zeros((3, deals)))
        hand = worlds.hands[:, event.seat] | _played_after(view, event) | event.tile.bit
        fit = _suits(event.ends) if event.kind == "play" else -1
        options = hand & fit
        count = popcount(options)
        played = event.tile.index
        logs[0] += np.log(_chance(heaviest(options), played, count, model.slip))
        logs[2] += np.log(np.where(count > 1, 1.0 / np.maximum(count, 1), 1.0))
        if line and model.heuristic > 0:
            chosen = _heuristic_choice(model.policy, event, hand, laid_before.get(event.index, 0), view)
            logs[1] += np.log(_chance(chosen, played, count, model.slip))
    return out


def _played_after(view: SeatView, event: Event) -> int:
    """The tiles ``event``'s seat played after it (held at the time: a readable play has no draw after it)."""
    return sum(e.tile.bit for e in view.events if e.seat == event.seat and e.tile is not None and e.index > event.index)


_HEAVIER: tuple[int, ...] = tuple(
    sum(o.bit for o in ALL_TILES if GREEDY_RANK[o.index] < GREEDY_RANK[t.index]) for t in ALL_TILES
)
"""Per tile: the tiles a heaviest-tile player takes before it (``tables.HEAVIEST_FIRST``)."""


def _heavier(tile: Tile) -> int:
    return _HEAVIER[tile.index]


def greedy_exclusions(view: SeatView) -> dict[int, int | None]:
    """Per other seat with a readable play: the tiles it cannot hold now if every such play was the heaviest
    tile it could lay (a heavier one that fitted was not in its hand), or None when one of its own later plays
    shows it was not (it laid a heavier tile that had fitted then). Games that can close an arm are not read."""
    if view.rules.branch_blocking:
        return {}
    out: dict[int, int | None] = {}
    for event in _informative(view):
        assert event.tile is not None
        before = out.get(event.seat, 0)
        if before is None:
            continue
        fit = _suits(event.ends) if event.kind == "play" else FULL_MASK
        passed_over = _heavier(event.tile) & fit
        out[event.seat] = None if passed_over & _played_after(view, event) else before | passed_over
    return out


def model_deals(
    view: SeatView, sampler: DealSampler, budget: int, pool: int, rng: random.Random, model: OpponentModel
) -> Worlds:
    """``budget`` deals as likely as ``model`` makes the others' recorded plays (see the module's docstring).

    ``pool`` deals are drawn uniformly (every deal when there are at most that many) and weighed by every
    style (``choice_weights``). Each seat whose readable plays were all the heaviest tile it could lay is that
    kind of player with the chance ``_greedy_chances`` gives it: that share of the budget is drawn exactly from
    the deals where it always did (``greedy_exclusions``), and there it plays so in the search and the playouts
    too (``Worlds.greedy``); in the other deals it is one of the other styles and plays its best.
    """
    candidates = sampler.every(rng) if sampler.total <= pool else sampler.sample(pool, rng)
    logs = _style_logs(view, candidates, model)
    chances = _greedy_chances(view, sampler, candidates, logs, model)
    if not chances:
        return resample(candidates, _mixed(logs, _priors(model), len(candidates.hands)), budget, rng)
    groups: dict[int, int] = {}
    if len(chances) == 1:
        ((seat, (_, chance)),) = chances.items()
        groups[1 << seat] = round(budget * chance)
        groups[0] = budget - groups[1 << seat]
    else:
        for _ in range(budget):
            seats = sum(1 << s for s, (_, chance) in chances.items() if rng.random() < chance)
            groups[seats] = groups.get(seats, 0) + 1
    parts: list[Worlds] = []
    soft = groups.pop(0, 0)
    for seats, count in groups.items():
        exclusions = {s: mask for s, (mask, _) in chances.items() if seats >> s & 1}
        sharp = _fitting(candidates, exclusions, count, rng) if count else None
        if sharp is None and count:
            strict = _excluding(sampler, exclusions)
            sharp = strict.sample(count, rng) if strict is not None else None
        if sharp is None:
            soft += count
            continue
        parts.append(Worlds(sharp.hands, sharp.boneyards, np.full(count, seats, dtype=np.int64)))
    others = _priors(model) * np.array([0.0, 1.0, 1.0])
    rest = resample(candidates, _mixed(logs, others, len(candidates.hands)), soft, rng)
    parts.append(Worlds(rest.hands, rest.boneyards, np.zeros(soft, dtype=np.int64)))
    return Worlds(
        np.concatenate([w.hands for w in parts]),
        np.concatenate([w.boneyards for w in parts]),
        np.concatenate([w.greedy for w in parts if w.greedy is not None]),
    )


_ENOUGH = 16
"""Deals of the uniform pool that fit a reading, enough to take its share from them (else it is counted and
drawn exactly): the pool is uniform, so the deals in it that fit are uniform among those that fit."""


def _fitting(pool: Worlds, exclusions: dict[int, int], count: int, rng: random.Random) -> Worlds | None:
    """``count`` deals of the pool in which no seat of ``exclusions`` holds one of its tiles, drawn without
    replacement (None: the pool holds fewer than ``max(count, _ENOUGH)``)."""
    inside = np.ones(len(pool.hands), dtype=bool)
    for seat, mask in exclusions.items():
        inside &= (pool.hands[:, seat] & mask) == 0
    rows = np.flatnonzero(inside)
    if len(rows) < max(count, _ENOUGH):
        return None
    picks = np.array(sorted(rng.sample(range(len(rows)), count)), dtype=np.int64)
    return Worlds(pool.hands[rows[picks]], pool.boneyards[rows[picks]])


def _greedy_chances(
    view: SeatView, sampler: DealSampler, pool: Worlds, logs: dict[int, Floats], model: OpponentModel
) -> dict[int, tuple[int, float]]:
    """Per seat whose readable plays were all its heaviest tile: the tiles that says it lacks, and the chance
    it is a heaviest-tile player: its prior weight times the share of deals that fit (read from the uniform
    ``pool`` when it holds enough of them, else counted exactly), against the other styles' likelihood of its
    plays averaged over the pool (``logs``)."""
    if not model.sharp or model.greedy <= 0 or sampler.relaxed:
        return {}
    priors = _priors(model)
    out: dict[int, tuple[int, float]] = {}
    for seat, mask in greedy_exclusions(view).items():
        if mask is None or seat not in logs:
            continue
        hits = int(((pool.hands[:, seat] & mask) == 0).sum())
        if hits >= _ENOUGH:
            fits = hits / len(pool.hands)
        else:
            strict = _excluding(sampler, {seat: mask})
            if strict is None:
                continue
            fits = strict.total / sampler.total
        greedy = model.greedy * fits
        others = float((priors[1:, None] * np.exp(logs[seat][1:])).sum(axis=0).mean())
        out[seat] = (mask, greedy / (greedy + others))
    return out


def _excluding(sampler: DealSampler, exclusions: dict[int, int]) -> DealSampler | None:
    """A sampler of ``sampler``'s deals in which each seat of ``exclusions`` holds none of its tiles (None if
    there are none)."""
    knowledge = sampler.knowledge
    groups = tuple(
        replace(g, forbidden=g.forbidden | exclusions[g.holder]) if g.holder in exclusions else g
        for g in knowledge.groups
    )
    strict = DealSampler(replace(knowledge, groups=groups))
    return None if strict.relaxed else strict


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
