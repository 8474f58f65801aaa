"""Tien Gow in the ``simulate`` and ``rules`` verbs (reached through its name or an alias).

Not a verb of its own: ``simulate --rules tien_gow`` and ``rules tien_gow``
hand over here, so the options, the output and the errors look like the
line games'.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from tutorial_app.commands import UserError
from tutorial_app.commands.args import parse_overrides, preset_players, run_size
from tutorial_app.commands.progress import progress_bar, stats_report
from tutorial_app.rules.line.options import OptionError
from tutorial_app.rules.tien_gow.options import ALIASES, NAME, PLAYERS, TITLE, TienGowRules

if TYPE_CHECKING:
    from tutorial_app.rules.tien_gow.simulate import TienGowStats

# Why the rule sheet and the simulator are imported in the handlers: ``rules`` and ``simulate`` import this
# module for every start-up, and only a Tien Gow run needs them.

__all__ = ["rules_from_args", "run_simulate", "run_rules", "format_stats", "preset_entry"]


def rules_from_args(players: str | None, overrides: list[str]) -> TienGowRules:
    """Tien Gow's rules for ``--players`` (only 4) and ``--override``; UserError if bad."""
    values = parse_overrides(overrides)
    count = players if players is not None else values.get("players")
    values.pop("players", None)
    if count is not None and count.strip() != str(PLAYERS):
        raise UserError(f"{NAME} is played by {PLAYERS} players, not {count}")
    try:
        return TienGowRules().with_overrides(values)
    except OptionError as exc:
        raise UserError(str(exc)) from None


def run_simulate(args: argparse.Namespace) -> int:
    """``simulate --rules tien_gow``: hands (or matches) with bots, as text or JSON."""
    from tutorial_app.rules.tien_gow.simulate import parse_bots, simulate_tien_gow, simulate_tien_gow_matches

    rules = rules_from_args(args.players, args.override)
    size = run_size(args)
    try:
        bots = parse_bots(str(args.bot))
    except ValueError as exc:
        raise UserError(str(exc)) from None
    with progress_bar("matches" if size.matches else "hands") as bar:
        if size.matches is not None:
            stats = simulate_tien_gow_matches(rules, size.matches, size.seed, bots, bar, jobs=size.jobs)
        else:
            stats = simulate_tien_gow(rules, size.hands, size.seed, bots, bar, jobs=size.jobs)
    if args.json:
        json.dump({"preset": NAME, "jobs": size.jobs, **stats.as_dict()}, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_stats(stats))
    return 0


def _bots_text(bots: tuple[str, ...]) -> str:
    return f"{bots[0]} bot" if len(set(bots)) == 1 else "bots " + ", ".join(f"{s}: {b}" for s, b in enumerate(bots))


def format_stats(stats: TienGowStats) -> str:
    """The statistics as aligned lines of text, like the line games'."""
    return stats_report(
        f"{NAME}, {PLAYERS} players, {_bots_text(stats.bots)}, seed {stats.seed}",
        stats,
        "seat",
        [
            ("tricks per hand", f"{stats.tricks_per_hand:.2f} (8 trick points each)"),
            ("moves per hand", f"{stats.moves_per_hand:.2f}"),
            ("combination leads", f"{stats.combination_leads:.1%} (two tiles or more)"),
            ("sat out last trick", f"{stats.sit_out_rate:.1%} of hands (a seat without a trick)"),
            ("chips per hand", f"{stats.chips_per_hand:.2f} (collected by the winner)"),
            ("banker wins", f"{stats.banker_wins:.1%}"),
        ],
    )


def run_rules(args: argparse.Namespace) -> int:
    """``rules tien_gow``: the rule sheet (with ``--override`` for house rules)."""
    from tutorial_app.rules.tien_gow.sheet import tien_gow_sheet

    rules = rules_from_args(args.players, args.override)
    sys.stdout.write(tien_gow_sheet(rules, args.lang))
    return 0


def preset_entry(width: int, lang: str) -> list[str]:
    """Tien Gow's two lines in ``rules``' list of presets."""
    tail = preset_players(str(PLAYERS), ALIASES).in_(lang)
    return [f"{NAME.ljust(width)}  {TITLE.in_(lang)}", f"{'':{width}}  {tail}"]
