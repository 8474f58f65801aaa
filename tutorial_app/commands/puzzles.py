"""``domino-tutor puzzles mine --rules PRESET --count N --seed S [--json]`` and ``domino-tutor puzzles stats [--json]``.

``mine`` plays hands with strong bots and keeps the positions where one move
is clearly best (``tutorial_app.puzzles.mine``); with ``--json`` it prints
the puzzle file the package ships (the same command and seed print the same
file), else one line per puzzle. Either way the mining's figures (puzzles
per CPU-minute, the share of candidate positions kept) go to standard error.
``stats`` counts the shipped puzzles per preset and per theme.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys

from tutorial_app.commands import UserError
from tutorial_app.commands.args import MAX_SEED, add_house_rules_flags, parse_overrides, rules_from_args, whole_number
from tutorial_app.commands.progress import aligned, progress_bar
from tutorial_app.puzzles.catalog import puzzle_file, puzzle_stats, shipped_puzzles
from tutorial_app.puzzles.mine import MINED_GAMES, Mined, engine_fingerprint, mine, table_name
from tutorial_app.puzzles.themes import THEME_NAMES
from tutorial_app.rules.games import GAMES

MAX_PUZZLES = 5000
"""The most puzzles one ``mine`` run may ask for."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    verbs = parser.add_subparsers(dest="puzzles_verb", metavar="VERB")
    miner = verbs.add_parser(
        "mine",
        help="play hands with strong bots and keep the positions with one clearly best move",
        description="Play hands with strong bots under a preset and keep, from each hand, the first position "
        "where one move leads every other clearly (with --endgame, the last such position). The same seed gives "
        "the same puzzles.",
    )
    miner.add_argument("--rules", metavar="PRESET", help="preset name or alias (a line game; see 'domino-tutor rules')")
    add_house_rules_flags(miner, "teams=pairs")
    miner.add_argument("--count", metavar="N", default="10", help="puzzles to mine (default 10)")
    miner.add_argument("--seed", metavar="S", default="1", help="random seed (default 1)")
    miner.add_argument("--jobs", metavar="N", default="1", help="processes to share the hands (default 1)")
    miner.add_argument(
        "--endgame",
        action="store_true",
        help="try each hand's decisions from its end back (the last tiles) instead of from its start",
    )
    miner.add_argument("--json", action="store_true", help="print the puzzle file (JSON) the package ships")
    miner.set_defaults(handler=run_mine)
    stats = verbs.add_parser("stats", help="count the shipped puzzles per preset and theme")
    stats.add_argument("--json", action="store_true", help='print {"total": N, "by_preset": {...}, "by_theme": {...}}')
    stats.set_defaults(handler=run_stats)
    parser.set_defaults(handler=_no_verb)


def _no_verb(_args: argparse.Namespace) -> int:
    raise UserError("say what to do: 'puzzles mine' or 'puzzles stats' (see domino-tutor puzzles --help)")


def _command(args: argparse.Namespace, name: str, count: int, seed: int) -> str:
    parts = ["domino-tutor", "puzzles", "mine", "--rules", name]
    if args.players is not None:
        parts += ["--players", str(args.players)]
    for item in args.override:
        parts += ["--override", item]
    if args.endgame:
        parts.append("--endgame")
    parts += ["--count", str(count), "--seed", str(seed), "--json"]
    return shlex.join(parts)


def run_mine(args: argparse.Namespace) -> int:
    if not args.rules:
        raise UserError("say which rules to mine: --rules PRESET (see 'domino-tutor rules')")
    game = next((game for game in GAMES if game.knows(args.rules)), None)  # an unknown name: rules_from_args says
    if game is not None and game not in MINED_GAMES:
        raise UserError(f"puzzles are mined from the line games only, so far; {args.rules} is {game.title.en}")
    name, rules = rules_from_args(args.rules, args.players, parse_overrides(args.override))
    count = whole_number(args.count, "--count", low=1, high=MAX_PUZZLES)
    seed = whole_number(args.seed, "--seed", low=0, high=MAX_SEED)
    jobs = whole_number(args.jobs, "--jobs", low=1, high=64)
    with progress_bar("puzzles") as bar:
        mined = mine(rules, count, seed, jobs=jobs, progress=bar, endgame=args.endgame)
    if args.json:
        header = {
            "table": table_name(rules),
            "seed": seed,
            "command": _command(args, name, count, seed),
            "engine": engine_fingerprint(),
        }
        sys.stdout.write(puzzle_file(header, mined.puzzles))
    else:
        sys.stdout.write(_lines(mined))
    sys.stderr.write(_figures(table_name(rules), mined))
    return 0


def _lines(mined: Mined) -> str:
    rows = [
        (
            p.id,
            f"{p.best:<16} {THEME_NAMES[p.theme].en:<20} lead {_lead(p.lead, p.points_first)}, rating {p.rating:.0f}",
        )
        for p in mined.puzzles
    ]
    return aligned(rows) if rows else "no puzzle found\n"


def _lead(lead: float, points_first: bool) -> str:
    return f"{lead:.1f} points" if points_first else f"{100 * lead:.1f} percentage points"


def _figures(table: str, mined: Mined) -> str:
    stats = mined.stats
    rejected = ", ".join(f"{kind} {n}" for kind, n in sorted(stats.rejected.items())) or "none"
    return (
        f"{table}: {stats.kept} puzzles from {stats.games} hands, {stats.candidates} candidate positions "
        f"({stats.kept_share:.1%} kept; turned down: {rejected}); {stats.cpu_seconds:.1f} CPU seconds, "
        f"{stats.per_cpu_minute:.1f} puzzles per CPU-minute\n"
    )


def run_stats(args: argparse.Namespace) -> int:
    stats = puzzle_stats(shipped_puzzles())
    if args.json:
        json.dump(stats, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    by_preset = stats["by_preset"]
    by_theme = stats["by_theme"]
    assert isinstance(by_preset, dict) and isinstance(by_theme, dict)
    rows = [("puzzles", str(stats["total"]))]
    rows += [(f"  {preset}", str(n)) for preset, n in by_preset.items()]
    rows += [(f"  {THEME_NAMES[theme].en}", str(n)) for theme, n in by_theme.items()]
    sys.stdout.write(aligned(rows))
    return 0
