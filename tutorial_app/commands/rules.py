"""``domino-tutor rules [NAME] [--players N] [--override K=V ...] [--lang en|ru]``."""

from __future__ import annotations

import argparse
import sys

from tutorial_app.commands import UserError
from tutorial_app.commands.args import add_house_rules_flags
from tutorial_app.commands.games import COMMANDS, commands_for
from tutorial_app.language import LANGS
from tutorial_app.rules.games import GAMES, preset_names
from tutorial_app.rules.text import msg


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "name", nargs="?", metavar="NAME", help="preset name or alias, e.g. block, goat, 101, козёл, tien_gow"
    )
    add_house_rules_flags(parser)
    parser.add_argument("--lang", default="en", help=f"language of the sheet: {', '.join(LANGS)} (default en)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.lang not in LANGS:
        raise UserError(f"--lang {args.lang!r} is not available; use {', '.join(LANGS)}")
    if args.name is None:
        if args.players is not None or args.override:
            raise UserError("--players and --override need a preset NAME")
        sys.stdout.write(preset_list(args.lang))
        return 0
    return commands_for(args.name).run_rules(args)


def preset_list(lang: str = "en") -> str:
    """Every preset of every game: name, players, aliases and title, one block per preset."""
    heading = msg("Presets (use a name or any alias)").in_(lang)
    width = max(len(name) for name in preset_names())
    lines = [heading, ""]
    for game in GAMES:
        lines.extend(COMMANDS[game.name].preset_entry(width, lang))
    return "\n".join(lines) + "\n"
