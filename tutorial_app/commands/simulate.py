"""``domino-tutor simulate --rules NAME --hands N --seed S [--matches N] [--bot NAME[,NAME...]] [--json]``."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from tutorial_app.cli import UserError
from tutorial_app.rules.deal import DealError
from tutorial_app.rules.options import HouseRules, OptionError
from tutorial_app.rules.simulate import (
    BOTS,
    Bot,
    SeatBots,
    SimulationStats,
    default_jobs,
    simulate_hands,
    simulate_matches,
)
from tutorial_app.rules.tien_gow.options import is_tien_gow
from tutorial_app.rules.variants import UnknownVariantError, find_variant

MAX_COUNT = 10_000_000


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
    parser.add_argument("--bot", default="random",
                        help="who plays: random (easy), greedy (medium) or strong; several, comma-separated, "
                        "go to the seats in turn (strong,greedy: seats 0 and 2 strong in a 4-player game); "
                        "default random")
    parser.add_argument(
        "--jobs", metavar="N", help=f"processes to share the work (default: every CPU, here {default_jobs()}); "
        "the figures do not depend on it"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def parse_overrides(items: Sequence[str]) -> dict[str, str]:
    """``["target=150", "blank_double_value=10"]`` as a mapping; UserError for a malformed item."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise UserError(f"--override {item!r}: write an option and a value like target=150")
        if key in out:
            raise UserError(f"--override: option {key!r} is given twice")
        out[key] = value
    return out


def rules_from_args(name: str, players: str | None, overrides: Mapping[str, str]) -> tuple[str, HouseRules]:
    """The preset's name and its rules for ``--rules``, ``--players`` and ``--override``; UserError if bad."""
    try:
        variant = find_variant(name)
    except UnknownVariantError as exc:
        raise UserError(str(exc)) from None
    flag = "--players"
    if players is None and "players" in overrides:
        players, flag = overrides["players"], "--override players"
    count = _whole(players, flag, low=1) if players is not None else None
    try:
        return variant.name, variant.rules(count, overrides)
    except OptionError as exc:
        raise UserError(str(exc)) from None
    except (TypeError, ValueError) as exc:
        raise UserError(f"--override: {exc}") from None


def _whole(text: str, flag: str, low: int, high: int = MAX_COUNT) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UserError(f"{flag} needs a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise UserError(f"{flag} must be from {low:,} to {high:,}, not {value:,}")
    return value


class ProgressBar:
    """A one-line bar on a terminal, shown only once a run has taken over a second."""

    def __init__(self, stream: TextIO, label: str, delay: float = 1.0) -> None:
        self.stream = stream
        self.label = label
        self.delay = delay
        self.started = time.monotonic()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.drawn and time.monotonic() - self.started < self.delay:
            return
        width = 30
        filled = width * done // total
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done:,}/{total:,}")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


def bots_from_arg(text: str) -> Bot | SeatBots:
    """``--bot``: one of the simulator's own bots (its fast loop), or bots for the seats in turn."""
    from tutorial_app.strategy.bots import LEVELS, BotError, seat_bots

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
        from tutorial_app.commands.tien_gow import run_simulate  # imports this module

        return run_simulate(args)
    name, rules = rules_from_args(args.rules, args.players, parse_overrides(args.override))
    seed = _whole(args.seed, "--seed", low=0, high=2**63)
    bot = bots_from_arg(args.bot)
    matches = _whole(args.matches, "--matches", low=1) if args.matches is not None else None
    hands = _whole(args.hands, "--hands", low=1)
    jobs = _whole(args.jobs, "--jobs", low=1, high=256) if args.jobs is not None else default_jobs()
    bar = ProgressBar(sys.stderr, "matches" if matches else "hands") if sys.stderr.isatty() else None
    try:
        if matches is not None:
            stats = simulate_matches(rules, matches, seed, bot, bar, jobs=jobs)
        else:
            stats = simulate_hands(rules, hands, seed, bot, bar, jobs=jobs)
    except DealError as exc:
        raise UserError(f"these rules cannot be dealt: {exc}") from None
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        json.dump({"preset": name, "jobs": jobs, **stats.as_dict()}, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_stats(name, rules, stats))
    return 0


def format_stats(name: str, rules: HouseRules, stats: SimulationStats) -> str:
    """The statistics as aligned lines of text."""
    sides = "pairs" if rules.sides != rules.players else f"{rules.sides} sides"
    rows: list[tuple[str, str]] = [
        ("rules", f"{name}, {rules.players} players ({sides}), {stats.bot} bot, seed {stats.seed}"),
    ]
    if stats.matches:
        rows.append(("matches played", f"{stats.matches:,}"))
        rows.append(("hands per match", f"{stats.hands_per_match:.2f}"))
        wins = stats.match_wins or ()
        rows.append(("match wins by side", "  ".join(f"{side}: {rate:.1%}" for side, rate in enumerate(wins))))
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
        ("hand wins by side", "  ".join(f"{side}: {rate:.1%}" for side, rate in enumerate(stats.hand_wins))),
        ("hands per second", f"{stats.hands_per_second:,.0f}"),
    ]
    width = max(len(label) for label, _ in rows)
    return "".join(f"{label.ljust(width)}  {value}\n" for label, value in rows)
