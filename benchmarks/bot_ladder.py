"""The levels' ladder: a round robin between the bots, and their Elo.

Run: ``nice -n 10 python3 benchmarks/bot_ladder.py [--deals N] [--rules block] [--players 2]``.

Every pair of bots (random, greedy, heuristic, strong, expert) plays ``N`` deals twice with the sides
swapped (``bot_matches.paired_match``). The Elo ratings are the maximum-likelihood fit of all the results
(Bradley-Terry on the shares, a tied fish half a win), anchored so that the random bot (easy) is 1000.
A level means something when each is clearly above the one below it: the table prints each pair's share
with its 95 % interval, and every bot's time per decision.
"""

from __future__ import annotations

import itertools
import math
import statistics
import sys

from bot_matches import MatchResult, paired_match
from measure import benchmark_parser, load_average

from tutorial_app.rules.bot_names import BOT_NAMES, level_of
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.strategy.bots import bot_for


def elo(results: dict[tuple[str, str], MatchResult], names: list[str], anchor: str) -> dict[str, float]:
    """Ratings that best explain every pair's share (logistic, 400 points a factor of ten), by fixed-point
    iteration of the Bradley-Terry likelihood; ``anchor`` is pinned at 1000."""
    strength = dict.fromkeys(names, 1.0)
    for _ in range(2000):
        for name in names:
            wins = 0.0
            expected = 0.0
            for (a, b), result in results.items():
                if name not in (a, b):
                    continue
                games = len(result.shares)
                score = sum(result.shares) if name == a else games - sum(result.shares)
                other = b if name == a else a
                wins += score
                expected += games / (strength[name] + strength[other])
            strength[name] = max(wins, 0.5) / expected
    base = strength[anchor]
    return {name: 1000.0 + 400.0 * math.log10(strength[name] / base) for name in names}


def main(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--deals", type=int, default=100, help="deals per pair, each played twice (100)")
    parser.add_argument("--rules", default="block")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default=",".join(BOT_NAMES), help="comma-separated (all five)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = rules_for(args.rules, args.players)
    names = [n.strip() for n in args.bots.split(",")]
    bots = {name: bot_for(name, first_hands=True) for name in names}
    print(
        f"{args.rules}, {args.players} players: round robin, {args.deals} deals x 2 sides per pair, load {load_average():.1f}"
    )
    results: dict[tuple[str, str], MatchResult] = {}
    seconds: dict[str, list[float]] = {name: [] for name in names}
    for a, b in itertools.combinations(names, 2):
        result = paired_match(rules, bots[a], bots[b], args.deals, args.seed)
        results[a, b] = result
        seconds[a] += result.seconds_a
        seconds[b] += result.seconds_b
        print(f"  {a} against {b}: {result.text()}", flush=True)
    ratings = elo(results, names, "random" if "random" in names else names[0])
    print("bot        level    Elo   ms per decision")
    for name in sorted(names, key=lambda n: ratings[n]):
        level = next((level_of(bot) for bot in BOT_NAMES if bot == name), None)
        ms = 1000 * statistics.mean(seconds[name]) if seconds[name] else 0.0
        print(f"{name:10s} {level or '-':8s} {ratings[name]:5.0f}  {ms:8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
