"""``domino-tutor simulate --rules NAME --hands N --seed S [--matches N] [--bot NAME[,NAME...]] [--json]``."""

from __future__ import annotations

import argparse

from tutorial_app.commands import UserError
from tutorial_app.commands.args import add_house_rules_flags
from tutorial_app.commands.games import commands_for
from tutorial_app.rules.simulation import default_jobs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", metavar="NAME", help="preset name or alias (see 'domino-tutor rules')")
    add_house_rules_flags(parser)
    parser.add_argument("--hands", metavar="N", default="1000", help="hands to play (default 1000)")
    parser.add_argument("--matches", metavar="N", help="play N whole matches instead of separate hands")
    parser.add_argument("--seed", metavar="S", default="1", help="random seed (default 1)")
    parser.add_argument(
        "--bot",
        default="random",
        help="who plays: random (easy), greedy, heuristic (medium), strong or expert; several, comma-separated, "
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


def run(args: argparse.Namespace) -> int:
    if not args.rules:
        raise UserError("say which rules to simulate: --rules NAME (see 'domino-tutor rules')")
    return commands_for(args.rules).run_simulate(args)
