"""Playing many hands or matches of a line game with simple bots, and what they show.

Why here, in the rules core: the command line, the comparison page and the
speed benchmark all run the very same loop (``legal_sequence``, the tuple form of
``legal_moves``, then ``apply_unchecked``), so a figure measured in one place holds in the others.
The blocks, the matches and the processes are every game's (``rules.simulation``); a line
game's hand and its tally are here. No UI code: a caller that wants a progress bar passes ``progress``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from tutorial_app.rules.line.bots import BOTS, Bot, choose_greedy
from tutorial_app.rules.line.game import LINE
from tutorial_app.rules.line.moves import apply_unchecked, legal_sequence
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import HandState, Move, Status
from tutorial_app.rules.simulation import (
    MAX_HANDS_PER_MATCH,
    Figures,
    Job,
    Progress,
    Tally,
    block_rng,
    check_count,
    default_jobs,
    play_hands,
    play_match,
    run_blocks,
)

__all__ = [
    "BOTS",
    "Bot",
    "Progress",
    "SeatBots",
    "SimulationStats",
    "MAX_HANDS_PER_MATCH",
    "block_rng",
    "choose_greedy",
    "default_jobs",
    "play_out",
    "simulate_hands",
    "simulate_matches",
]

_BLOCKED = Status.BLOCKED


@dataclass(frozen=True)
class SeatBots:
    """A bot per seat, given to the seats in turn (``bots[seat % len(bots)]``).

    Each bot is a callable ``bot(state, rng) -> Move`` that returns a legal
    move; ``name`` is how the statistics name the line-up ("strong,greedy").
    Why here and not beside the bots: the simulator must not import the
    strategy package that builds the strong bot; it only calls what it is given.
    """

    name: str
    bots: tuple[Callable[[HandState, random.Random], Move], ...]


def play_out(state: HandState, rng: random.Random, bot: Bot | SeatBots = "random") -> HandState:
    """Play a hand to its end with one bot at every seat; the simulator's inner loop."""
    return _play_counted(state, rng, bot)[0]


def _play_counted(state: HandState, rng: random.Random, bot: Bot | SeatBots) -> tuple[HandState, int]:
    """``play_out`` that also counts the moves (cheaper than reading the hand's record afterwards)."""
    in_play = Status.IN_PLAY
    count = 0
    if isinstance(bot, SeatBots):
        bots = bot.bots
        while state.status is in_play:
            state = apply_unchecked(state, bots[state.to_move % len(bots)](state, rng))
            count += 1
    elif bot == "random":
        # Why not rng.choice: one C call to random() is a tenth of the loop cheaper, and just as uniform
        draw = rng.random
        while state.status is in_play:
            moves = legal_sequence(state)
            state = apply_unchecked(state, moves[int(draw() * len(moves))])
            count += 1
    else:
        while state.status is in_play:
            state = apply_unchecked(state, choose_greedy(legal_sequence(state)))
            count += 1
    return state, count


@dataclass(frozen=True)
class SimulationStats(Figures):
    """What a simulation run shows. Rates are fractions from 0 to 1.

    ``points_per_hand`` is everything written on the score sheet in a hand,
    added over all sides (end-of-hand points, bank and move points; under goat
    scoring these are penalties); ``points_per_side`` is that shared out over
    the sides (what one player, or one pair, writes in an average hand).
    ``leader_side_wins`` is how often the side that led the hand won it (ties
    are not wins). In match runs ``hands_per_match`` and ``match_wins`` (the
    share of matches each side won; a shared win is split) are filled in, and
    for the side that led the match's first hand: ``first_leader_wins`` (the
    share of finished matches it won, a shared win split) and
    ``first_leader_loses`` (the share it lost; under goat scoring, how often it
    becomes the goat, alone or with others).
    """

    rules: dict[str, object]
    bot: str
    seed: int
    hands: int
    plays_per_hand: float
    moves_per_hand: float
    blocked_rate: float
    tie_rate: float
    points_per_hand: float
    points_per_side: float
    leader_side_wins: float
    hand_wins: tuple[float, ...]
    seconds: float
    hands_per_second: float
    matches: int = 0
    hands_per_match: float | None = None
    match_wins: tuple[float, ...] | None = None
    unfinished_matches: int = 0
    first_leader_wins: float | None = None
    first_leader_loses: float | None = None


class _Tally(Tally):
    """Running sums over finished hands (and matches), with a line game's own counters."""

    COUNTERS = ("first_wins", "first_losses", "plays", "moves", "blocked", "ties", "points", "leader_wins")

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.first_wins = 0.0
        self.first_losses = 0.0
        self.plays = 0
        self.moves = 0
        self.blocked = 0
        self.ties = 0
        self.points = 0
        self.leader_wins = 0

    def add(self, final: HandState, moves: int, result: HandResult) -> None:
        rules = final.rules
        self.hands += 1
        self.plays += final.plays
        self.moves += moves
        if result.status is _BLOCKED:
            self.blocked += 1
        if result.tie:
            self.ties += 1
        else:
            winner = result.winner_sides[0]
            self.wins[winner] += 1
            if rules.side_of(final.leader) == winner:
                self.leader_wins += 1
        self.points += sum(result.points) + sum(result.fives)

    def stats(self, rules: HouseRules, bot: Bot | SeatBots, seed: int, seconds: float) -> SimulationStats:
        n = max(self.hands, 1)
        return SimulationStats(
            rules=rules.as_dict(),
            bot=bot.name if isinstance(bot, SeatBots) else bot,
            seed=seed,
            hands=self.hands,
            plays_per_hand=self.plays / n,
            moves_per_hand=self.moves / n,
            blocked_rate=self.blocked / n,
            tie_rate=self.ties / n,
            points_per_hand=self.points / n,
            points_per_side=self.points / n / rules.sides,
            leader_side_wins=self.leader_wins / n,
            **self.hand_figures(seconds),
        )


def _check(count: int, what: str, bot: Bot | SeatBots) -> None:
    check_count(count, what)
    if not isinstance(bot, SeatBots) and bot not in BOTS:
        raise ValueError(f"unknown bot {bot!r}; the bots are: {', '.join(BOTS)}")


def _counted(rng: random.Random, bot: Bot | SeatBots, tally: _Tally) -> Callable[[HandState], HandState]:
    """A hand played out by the bots from its start, counted into ``tally``."""

    def hand(start: HandState) -> HandState:
        final, moves = _play_counted(start, rng, bot)
        tally.add(final, moves, hand_result(final))
        return final

    return hand


def _hand_block(job: Job) -> _Tally:
    rules, seed, bot, index, count = job
    rng = block_rng(seed, index)
    tally = _Tally(rules.sides)
    play_hands(LINE, rules, rng, count, _counted(rng, bot, tally))
    return tally


def _match_block(job: Job) -> _Tally:
    rules, seed, bot, index, count = job
    rng = block_rng(seed, index)
    tally = _Tally(rules.sides)
    hand = _counted(rng, bot, tally)
    for _ in range(count):
        match, first, finished = play_match(LINE, rules, rng, hand)
        tally.count_match(match.winner_sides, finished)
        first_side = rules.side_of(first.leader) if first is not None else None
        if first_side in match.winner_sides:
            tally.first_wins += 1 / len(match.winner_sides)
        if first_side in match.loser_sides:
            tally.first_losses += 1
    return tally


def simulate_hands(
    rules: HouseRules,
    hands: int,
    seed: int,
    bot: Bot | SeatBots = "random",
    progress: Progress | None = None,
    jobs: int = 1,
) -> SimulationStats:
    """Play ``hands`` separate hands, each dealt as a match's first hand (first-lead rule, no bank).

    ``jobs`` processes share the work; the figures of a seed do not depend on it.
    """
    _check(hands, "hands", bot)
    tally, seconds = run_blocks(_hand_block, _Tally(rules.sides), rules, seed, bot, hands, progress, jobs)
    return tally.stats(rules, bot, seed, seconds)


def simulate_matches(
    rules: HouseRules,
    matches: int,
    seed: int,
    bot: Bot | SeatBots = "random",
    progress: Progress | None = None,
    jobs: int = 1,
) -> SimulationStats:
    """Play ``matches`` whole matches (next leader, tie bank, 13-point rule, target) and report hands and matches."""
    _check(matches, "matches", bot)
    tally, seconds = run_blocks(_match_block, _Tally(rules.sides), rules, seed, bot, matches, progress, jobs)
    finished = matches - tally.unfinished
    return replace(
        tally.stats(rules, bot, seed, seconds),
        **tally.match_figures(matches),
        first_leader_wins=tally.first_wins / max(finished, 1),
        first_leader_loses=tally.first_losses / max(finished, 1),
    )
