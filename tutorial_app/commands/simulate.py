"""``domino-tutor simulate --rules NAME --hands N --seed S [--matches N] [--bot NAME[,NAME...]] [--json]``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tutorial_app.commands import UserError, tien_gow
from tutorial_app.commands.args import parse_overrides, rules_from_args, run_size
from tutorial_app.commands.progress import aligned, progress_bar, win_rates
from tutorial_app.rules.line.deal import DealError
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.simulate import (
    BOTS,
    Bot,
    SeatBots,
    SimulationStats,
    default_jobs,
    simulate_hands,
    simulate_matches,
)
from tutorial_app.rules.tien_gow.options import is_tien_gow
from tutorial_app.strategy.bots import LEVELS, BotError, seat_bots


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "simulate",
        help="play many hands or matches with simple bots and print statistics",
        description="Play N hands (or N whole matches) under a rule set with random or greedy bots, "
        "and print statistics. The same seed gives the same figures.",
    )
    parser.add_argument("--rules", metavar="NAME", help="preset name or alias (see 'domino-tutor rules')")
    parser.add_argument("--players", metavar="N", help="number of players (default: the preset's)")
    parser.add_argument(
        "--override", action="append", default=[], metavar="K=V", help="change one option, e.g. target=150 (repeatable)"
    )
    parser.add_argument("--hands", metavar="N", default="1000", help="hands to play (default 1000)")
    parser.add_argument("--matches", metavar="N", help="play N whole matches instead of separate hands")
    parser.add_argument("--seed", metavar="S", default="1", help="random seed (default 1)")
    parser.add_argument(
        "--bot",
        default="random",
        help="who plays: random (easy), greedy (medium) or strong; several, comma-separated, "
        "go to the seats in turn (strong,greedy: seats 0 and 2 strong in a 4-player game); "
        "default random",
    )
    parser.add_argument(
        "--jobs",
        metavar="N",
        help=f"processes to share the work (default: every CPU, here {default_jobs()}); "
        "the figures do not depend on it",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def bots_from_arg(text: str) -> Bot | SeatBots:
    """``--bot``: one of the simulator's own bots (its fast loop), or bots for the seats in turn."""
    names = [LEVELS.get(n.strip().lower(), n.strip().lower()) for n in text.split(",")]
    if len(set(names)) == 1 and names[0] in BOTS:
        return "random" if names[0] == "random" else "greedy"
    if not all(names):
        raise UserError(f"--bot {text!r}: write bot names separated by commas, like strong,greedy")
    try:
        return seat_bots(names)
    except BotError as exc:
        raise UserError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    if not args.rules:
        raise UserError("say which rules to simulate: --rules NAME (see 'domino-tutor rules')")
    if is_tien_gow(args.rules):
        return tien_gow.run_simulate(args)
    name, rules = rules_from_args(args.rules, args.players, parse_overrides(args.override))
    size = run_size(args)
    bot = bots_from_arg(args.bot)
    try:
        with progress_bar("matches" if size.matches else "hands") as bar:
            if size.matches is not None:
                stats = simulate_matches(rules, size.matches, size.seed, bot, bar, jobs=size.jobs)
            else:
                stats = simulate_hands(rules, size.hands, size.seed, bot, bar, jobs=size.jobs)
    except DealError as exc:
        raise UserError(f"these rules cannot be dealt: {exc}") from None
    if args.json:
        json.dump({"preset": name, "jobs": size.jobs, **stats.as_dict()}, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_stats(name, rules, stats))
    return 0


def format_stats(name: str, rules: HouseRules, stats: SimulationStats) -> str:
    """The statistics as aligned lines of text."""
    sides = "pairs" if rules.in_pairs else f"{rules.sides} sides"
    rows: list[tuple[str, str]] = [
        ("rules", f"{name}, {rules.players} players ({sides}), {stats.bot} bot, seed {stats.seed}"),
    ]
    if stats.matches:
        rows.append(("matches played", f"{stats.matches:,}"))
        rows.append(("hands per match", f"{stats.hands_per_match:.2f}"))
        wins = stats.match_wins or ()
        rows.append(("match wins by side", win_rates(wins)))
        if stats.unfinished_matches:
            rows.append(("unfinished matches", f"{stats.unfinished_matches:,}"))
    rows += [
        ("hands played", f"{stats.hands:,}"),
        ("plays per hand", f"{stats.plays_per_hand:.2f}"),
        ("moves per hand", f"{stats.moves_per_hand:.2f} (plays, draws and passes)"),
        ("blocked hands", f"{stats.blocked_rate:.1%}"),
        ("tied hands", f"{stats.tie_rate:.1%}"),
        ("points per hand", f"{stats.points_per_hand:.2f}" + (" (penalties)" if rules.is_penalty_scoring else "")),
        ("leader's side wins", f"{stats.leader_side_wins:.1%}"),
        ("hand wins by side", win_rates(stats.hand_wins)),
        ("hands per second", f"{stats.hands_per_second:,.0f}"),
    ]
    return aligned(rows)
