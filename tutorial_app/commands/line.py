"""The line games in the ``simulate`` and ``rules`` verbs: a preset's rule sheet, statistics of its hands.

Like ``commands.tien_gow`` for Tien Gow; the verbs find a rule set's game
and hand over to its entry in ``commands.games``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from tutorial_app.commands import UserError
from tutorial_app.commands.args import parse_overrides, preset_players, rules_from_args, run_size
from tutorial_app.commands.progress import progress_bar, stats_report
from tutorial_app.rules.bot_names import FAST_BOTS, UnknownBot, bot_name
from tutorial_app.rules.line.deal import DealError
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.rulesheet import rule_sheet
from tutorial_app.rules.line.variants import VARIANTS

if TYPE_CHECKING:
    from tutorial_app.rules.line.simulate import Bot, SeatBots, SimulationStats

# Why the simulator is imported in its handler: ``rules`` imports this module (through ``commands.games``) at
# every start-up, and only a ``simulate`` run needs the simulator and its processes.

__all__ = ["run_rules", "run_simulate", "preset_entry", "bots_from_arg", "format_stats"]


def run_rules(args: argparse.Namespace) -> int:
    """``rules NAME``: a line game's rule sheet (with ``--players`` and ``--override`` for house rules)."""
    name, rules = rules_from_args(args.name, args.players, parse_overrides(args.override))
    sys.stdout.write(rule_sheet(rules, args.lang, preset=name))
    return 0


def preset_entry(width: int, lang: str) -> list[str]:
    """Every line preset's two lines in ``rules``' list of presets: name and title; players and aliases."""
    lines: list[str] = []
    for variant in VARIANTS:
        counts = ", ".join(str(p) for p in variant.players)
        lines.append(f"{variant.name.ljust(width)}  {variant.title.in_(lang)}")
        lines.append(f"{'':{width}}  {preset_players(counts, variant.aliases).in_(lang)}")
    return lines


def bots_from_arg(text: str, first_hands: bool = False) -> Bot | SeatBots:
    """``--bot``: one of the simulator's own bots (its fast loop), or bots for the seats in turn.

    ``first_hands``: every hand is a first hand (a ``--hands`` run deals each so), and the strong bots read
    the first lead as a clue; in ``--matches`` runs later hands are led by the last winner."""
    parts = [n.strip() for n in text.split(",")]
    if not all(parts):
        raise UserError(f"--bot {text!r}: write bot names separated by commas, like strong,greedy")
    try:
        names = [bot_name(n) for n in parts]
    except UnknownBot as exc:
        raise UserError(str(exc)) from None
    if len(set(names)) == 1 and names[0] in FAST_BOTS:
        return "random" if names[0] == "random" else "greedy"
    from tutorial_app.strategy.bots import seat_bots  # the engine (numpy) only when a bot needs it

    return seat_bots(names, first_hands)


def run_simulate(args: argparse.Namespace) -> int:
    """``simulate --rules NAME``: hands (or matches) of a line game with bots, as text or JSON."""
    from tutorial_app.rules.line.simulate import simulate_hands, simulate_matches

    name, rules = rules_from_args(args.rules, args.players, parse_overrides(args.override))
    size = run_size(args)
    bot = bots_from_arg(args.bot, first_hands=size.matches is None)
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
    return stats_report(
        f"{name}, {rules.players} players ({sides}), {stats.bot} bot, seed {stats.seed}",
        stats,
        "side",
        [
            ("plays per hand", f"{stats.plays_per_hand:.2f}"),
            ("moves per hand", f"{stats.moves_per_hand:.2f} (plays, draws and passes)"),
            ("blocked hands", f"{stats.blocked_rate:.1%}"),
            ("tied hands", f"{stats.tie_rate:.1%}"),
            ("points per hand", f"{stats.points_per_hand:.2f}" + (" (penalties)" if rules.is_penalty_scoring else "")),
            ("leader's side wins", f"{stats.leader_side_wins:.1%}"),
        ],
    )
