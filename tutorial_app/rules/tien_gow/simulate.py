"""Playing many hands or matches of Tien Gow with bots, and what they show.

The loop is the one every caller uses (``legal_sequence`` then
``apply_unchecked``); the blocks, the matches and the processes are every
game's (``rules.simulation``, each block with its own random source), so the
figures of a seed do not depend on how many processes share the work,
exactly as for the line games. A Tien Gow hand and its tally are here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutorial_app.rules.simulation import (
    Figures,
    Job,
    Progress,
    Tally,
    block_rng,
    check_count,
    play_hands,
    play_match,
    run_blocks,
)
from tutorial_app.rules.tien_gow.bots import TIEN_GOW_BOTS, TienGowBot, choose, tien_gow_bot
from tutorial_app.rules.tien_gow.game import TIEN_GOW
from tutorial_app.rules.tien_gow.moves import apply_unchecked, legal_sequence
from tutorial_app.rules.tien_gow.options import PLAYERS, TienGowRules
from tutorial_app.rules.tien_gow.scoring import hand_result
from tutorial_app.rules.tien_gow.state import HandState, Status

__all__ = ["TienGowStats", "parse_bots", "play_out", "simulate_tien_gow", "simulate_tien_gow_matches"]

Bots = tuple[TienGowBot, ...]
_IN_PLAY = Status.IN_PLAY
_RANDOM: Bots = ("random", "random", "random", "random")


def parse_bots(text: str) -> Bots:
    """``"greedy"`` for every seat, or one bot per seat: ``"random,greedy,greedy,greedy"``; ValueError if bad."""
    names = [part.strip() for part in text.split(",")]
    if len(names) == 1:
        names = names * PLAYERS
    if len(names) != PLAYERS:
        raise ValueError(f"give one bot for every seat or one per seat ({PLAYERS}), not {len(names)}: {text!r}")
    bots: list[TienGowBot] = []
    for name in names:
        bot = tien_gow_bot(name)
        if bot is None:
            raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(TIEN_GOW_BOTS)}")
        bots.append(bot)
    return tuple(bots)


def play_out(state: HandState, rng: random.Random, bots: Bots) -> HandState:
    """Play a hand to its end, each seat by its bot."""
    while state.status is _IN_PLAY:
        state = apply_unchecked(state, choose(bots[state.to_move], state, legal_sequence(state), rng))
    return state


@dataclass(frozen=True)
class TienGowStats(Figures):
    """What a run shows. Rates are fractions from 0 to 1.

    ``tricks_per_hand`` counts tricks (a pair trick is one trick);
    ``combination_leads`` is the share of leads of two or more tiles;
    ``sit_out_rate`` the share of hands in which a seat without a trick had
    to sit out the last trick; ``chips_per_hand`` what the winner collects
    on average; ``banker_wins`` how often the banker won the hand.
    """

    rules: dict[str, object]
    bots: tuple[str, ...]
    seed: int
    hands: int
    tricks_per_hand: float
    moves_per_hand: float
    combination_leads: float
    sit_out_rate: float
    chips_per_hand: float
    banker_wins: float
    hand_wins: tuple[float, ...]
    seconds: float
    hands_per_second: float
    matches: int = 0
    hands_per_match: float | None = None
    match_wins: tuple[float, ...] | None = None
    unfinished_matches: int = 0


class _Tally(Tally):
    """Running sums over finished hands (and matches), with Tien Gow's own counters."""

    COUNTERS = ("tricks", "leads_combo", "sat_out", "chips", "banker_wins")

    def __init__(self) -> None:
        super().__init__(PLAYERS)
        self.tricks = self.leads_combo = self.sat_out = self.chips = self.banker_wins = 0

    def add(self, final: HandState) -> None:
        result = hand_result(final)
        self.hands += 1
        self.tricks += len(final.tricks)
        self.leads_combo += sum(1 for t in final.tricks if t.size > 1)
        last = final.tricks[-1]
        rule_applies = final._replace(trick=last._replace(taker=-1), status=_IN_PLAY, taken=_before_last(final))
        if any(rule_applies.sits_out(s) for s in range(PLAYERS) if s != last.leader):
            self.sat_out += 1
        self.chips += result.collected
        self.wins[result.winner] += 1
        self.banker_wins += result.winner == final.banker

    def stats(self, rules: TienGowRules, bots: Bots, seed: int, seconds: float) -> TienGowStats:
        n = max(self.hands, 1)
        return TienGowStats(
            rules=rules.as_dict(),
            bots=bots,
            seed=seed,
            hands=self.hands,
            tricks_per_hand=self.tricks / n,
            moves_per_hand=PLAYERS * self.tricks / n,
            combination_leads=self.leads_combo / max(self.tricks, 1),
            sit_out_rate=self.sat_out / n,
            chips_per_hand=self.chips / n,
            banker_wins=self.banker_wins / n,
            **self.hand_figures(seconds),
        )


def _before_last(final: HandState) -> tuple[int, ...]:
    """Trick points per seat before the last trick was taken."""
    last = final.tricks[-1]
    taken = list(final.taken)
    taken[last.taker] -= last.size
    return tuple(taken)


def _hand_block(job: Job) -> _Tally:
    rules, seed, bots, index, count = job
    rng = block_rng(seed, index)
    tally = _Tally()
    play_hands(TIEN_GOW, rules, rng, count, lambda start: tally.add(play_out(start, rng, bots)))
    return tally


def _match_block(job: Job) -> _Tally:
    rules, seed, bots, index, count = job
    rng = block_rng(seed, index)
    tally = _Tally()

    def hand(start: HandState) -> HandState:
        final = play_out(start, rng, bots)
        tally.add(final)
        return final

    for _ in range(count):
        match, _first, finished = play_match(TIEN_GOW, rules, rng, hand)
        tally.count_match(match.winners, finished)
    return tally


def simulate_tien_gow(
    rules: TienGowRules,
    hands: int,
    seed: int,
    bots: Sequence[TienGowBot] = _RANDOM,
    progress: Progress | None = None,
    jobs: int = 1,
) -> TienGowStats:
    """Play ``hands`` separate hands (banker by lot each time) and report what they show."""
    check_count(hands, "hands")
    tally, seconds = run_blocks(_hand_block, _Tally(), rules, seed, tuple(bots), hands, progress, jobs)
    return tally.stats(rules, tuple(bots), seed, seconds)


def simulate_tien_gow_matches(
    rules: TienGowRules,
    matches: int,
    seed: int,
    bots: Sequence[TienGowBot] = _RANDOM,
    progress: Progress | None = None,
    jobs: int = 1,
) -> TienGowStats:
    """Play ``matches`` whole matches (until a seat runs out of chips) and report hands and matches."""
    check_count(matches, "matches")
    tally, seconds = run_blocks(_match_block, _Tally(), rules, seed, tuple(bots), matches, progress, jobs)
    return replace(tally.stats(rules, tuple(bots), seed, seconds), **tally.match_figures(matches))
