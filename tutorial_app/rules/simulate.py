"""Playing many hands or matches with simple bots, and what they show.

Why here, in the rules core: the command line, the comparison page and the
speed benchmark all run the very same loop (``legal_sequence``, the tuple form of
``legal_moves``, then ``apply_unchecked``), so a figure measured in one place holds in the others.
No UI code: a caller that wants a progress bar passes ``progress``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Literal

from tutorial_app.rules.deal import deal
from tutorial_app.rules.match import new_match, next_deal, record_hand
from tutorial_app.rules.moves import apply_unchecked, legal_sequence
from tutorial_app.rules.options import HouseRules
from tutorial_app.rules.scoring import HandResult, hand_result
from tutorial_app.rules.state import Action, HandState, Move, Status

__all__ = [
    "BOTS",
    "Bot",
    "Progress",
    "SimulationStats",
    "choose_greedy",
    "play_out",
    "simulate_hands",
    "simulate_matches",
]

Bot = Literal["random", "greedy"]
BOTS: tuple[Bot, ...] = ("random", "greedy")

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` now and then, and once at the end."""

MAX_HANDS_PER_MATCH = 1000
"""A match that has not ended after this many hands is stopped and counted as unfinished."""

_PROGRESS_STEPS = 200


def choose_greedy(moves: Sequence[Move]) -> Move:
    """The heaviest playable tile (first in ``legal_moves`` order on a tie).

    A Muggins call comes first (free points); a face-down double only when it
    is the only way to lay that tile; draw, pass or end of turn when no tile
    can be played.
    """
    best: Move | None = None
    best_pips = -1
    for move in moves:
        action = move.action
        if action is Action.MUGGINS:
            return move
        if action is Action.PLAY and not move.closed:
            tile = move.tile
            assert tile is not None
            if tile.pips > best_pips:
                best, best_pips = move, tile.pips
    if best is not None:
        return best
    return moves[0]


def play_out(state: HandState, rng: random.Random, bot: Bot = "random") -> HandState:
    """Play a hand to its end with one bot at every seat; the simulator's inner loop."""
    return _play_counted(state, rng, bot)[0]


def _play_counted(state: HandState, rng: random.Random, bot: Bot) -> tuple[HandState, int]:
    """``play_out`` that also counts the moves (cheaper than reading the hand's record afterwards)."""
    in_play = Status.IN_PLAY
    count = 0
    if bot == "random":
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
class SimulationStats:
    """What a simulation run shows. Rates are fractions from 0 to 1.

    ``points_per_hand`` is everything written on the score sheet in a hand,
    added over all sides (end-of-hand points, bank and move points; under goat
    scoring these are penalties). ``leader_side_wins`` is how often the side
    that led the hand won it (ties are not wins). In match runs
    ``hands_per_match`` and ``match_wins`` (the share of matches each side
    won; a shared win is split) are filled in.
    """

    rules: dict[str, object]
    bot: Bot
    seed: int
    hands: int
    plays_per_hand: float
    moves_per_hand: float
    blocked_rate: float
    tie_rate: float
    points_per_hand: float
    leader_side_wins: float
    hand_wins: tuple[float, ...]
    seconds: float
    hands_per_second: float
    matches: int = 0
    hands_per_match: float | None = None
    match_wins: tuple[float, ...] | None = None
    unfinished_matches: int = 0

    def as_dict(self) -> dict[str, object]:
        """Plain values for JSON."""
        out = asdict(self)
        out["hand_wins"] = list(self.hand_wins)
        if self.match_wins is not None:
            out["match_wins"] = list(self.match_wins)
        return out

    def same_figures(self) -> dict[str, object]:
        """Every figure that a seed fixes (everything but the timing)."""
        out = self.as_dict()
        del out["seconds"], out["hands_per_second"]
        return out


class _Tally:
    """Running sums over finished hands."""

    def __init__(self, sides: int) -> None:
        self.hands = 0
        self.plays = 0
        self.moves = 0
        self.blocked = 0
        self.ties = 0
        self.points = 0
        self.leader_wins = 0
        self.wins = [0.0] * sides

    def add(self, final: HandState, moves: int, result: HandResult) -> None:
        rules = final.rules
        self.hands += 1
        self.plays += final.plays
        self.moves += moves
        if result.status is Status.BLOCKED:
            self.blocked += 1
        if result.tie:
            self.ties += 1
        else:
            winner = result.winner_sides[0]
            self.wins[winner] += 1
            if rules.side_of(final.leader) == winner:
                self.leader_wins += 1
        self.points += sum(result.points) + sum(result.fives)

    def stats(self, rules: HouseRules, bot: Bot, seed: int, seconds: float) -> SimulationStats:
        n = max(self.hands, 1)
        return SimulationStats(
            rules=rules.as_dict(),
            bot=bot,
            seed=seed,
            hands=self.hands,
            plays_per_hand=self.plays / n,
            moves_per_hand=self.moves / n,
            blocked_rate=self.blocked / n,
            tie_rate=self.ties / n,
            points_per_hand=self.points / n,
            leader_side_wins=self.leader_wins / n,
            hand_wins=tuple(w / n for w in self.wins),
            seconds=seconds,
            hands_per_second=self.hands / seconds if seconds > 0 else float("inf"),
        )


def _check(count: int, what: str, bot: str) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"the number of {what} must be a whole number, 1 or more, not {count!r}")
    if bot not in BOTS:
        raise ValueError(f"unknown bot {bot!r}; the bots are: {', '.join(BOTS)}")


def _every(total: int) -> int:
    return max(1, total // _PROGRESS_STEPS)


def simulate_hands(
    rules: HouseRules,
    hands: int,
    seed: int,
    bot: Bot = "random",
    progress: Progress | None = None,
) -> SimulationStats:
    """Play ``hands`` separate hands, each dealt as a match's first hand (first-lead rule, no bank)."""
    _check(hands, "hands", bot)
    rng = random.Random(seed)
    tally = _Tally(rules.sides)
    every = _every(hands)
    started = time.perf_counter()
    for done in range(1, hands + 1):
        final, moves = _play_counted(deal(rules, rng).state, rng, bot)
        tally.add(final, moves, hand_result(final))
        if progress is not None and done % every == 0:
            progress(done, hands)
    seconds = time.perf_counter() - started
    if progress is not None and hands % every:
        progress(hands, hands)
    return tally.stats(rules, bot, seed, seconds)


def simulate_matches(
    rules: HouseRules,
    matches: int,
    seed: int,
    bot: Bot = "random",
    progress: Progress | None = None,
) -> SimulationStats:
    """Play ``matches`` whole matches (next leader, tie bank, 13-point rule, target) and report hands and matches."""
    _check(matches, "matches", bot)
    rng = random.Random(seed)
    tally = _Tally(rules.sides)
    match_wins = [0.0] * rules.sides
    unfinished = 0
    every = _every(matches)
    started = time.perf_counter()
    for done in range(1, matches + 1):
        match = new_match(rules)
        while not match.over:
            if match.hands_played >= MAX_HANDS_PER_MATCH:
                unfinished += 1
                break
            start = next_deal(match, rng).state
            final, moves = _play_counted(start, rng, bot)
            tally.add(final, moves, hand_result(final))
            # the record keeps only the start: the simulator never replays
            match = record_hand(match, final, start)
        for side in match.winner_sides:
            match_wins[side] += 1 / len(match.winner_sides)
        if progress is not None and done % every == 0:
            progress(done, matches)
    seconds = time.perf_counter() - started
    if progress is not None and matches % every:
        progress(matches, matches)
    stats = tally.stats(rules, bot, seed, seconds)
    finished = matches - unfinished
    return replace(
        stats,
        matches=matches,
        hands_per_match=tally.hands / matches,
        match_wins=tuple(w / max(finished, 1) for w in match_wins),
        unfinished_matches=unfinished,
    )
