"""``domino-tutor rules [NAME] [--players N] [--override K=V ...] [--lang en|ru]``."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tutorial_app.commands import UserError, tien_gow
from tutorial_app.commands.args import parse_overrides, rules_from_args
from tutorial_app.rules.line.rulesheet import rule_sheet
from tutorial_app.rules.line.variants import VARIANTS
from tutorial_app.rules.tien_gow.options import is_tien_gow


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "rules",
        help="list the presets, or print one preset's rule sheet",
        description="Without NAME, list the presets. With NAME, print its rule sheet "
        "(with --players and --override for a club's house rules).",
    )
    parser.add_argument(
        "name", nargs="?", metavar="NAME", help="preset name or alias, e.g. block, goat, 101, козёл, tien_gow"
    )
    parser.add_argument("--players", metavar="N", help="number of players (default: the preset's)")
    parser.add_argument(
        "--override", action="append", default=[], metavar="K=V", help="change one option, e.g. target=150 (repeatable)"
    )
    parser.add_argument("--lang", default="en", help="language of the sheet: en or ru (default en)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.lang not in ("en", "ru"):
        raise UserError(f"--lang {args.lang!r} is not available; use en or ru")
    if args.name is None:
        if args.players is not None or args.override:
            raise UserError("--players and --override need a preset NAME")
        sys.stdout.write(preset_list(args.lang))
        return 0
    if is_tien_gow(args.name):
        return tien_gow.run_rules(args)
    name, rules = rules_from_args(args.name, args.players, parse_overrides(args.override))
    sys.stdout.write(rule_sheet(rules, args.lang, preset=name))
    return 0


def preset_list(lang: str = "en") -> str:
    """Every preset: name, players, aliases and title, one block per preset."""
    heading = (
        "Presets (use a name or any alias)" if lang != "ru" else "Наборы правил (можно по имени или любому синониму)"
    )
    players_word = "players" if lang != "ru" else "игроков"
    lines = [heading, ""]
    width = max(len(v.name) for v in VARIANTS)
    for variant in VARIANTS:
        counts = ", ".join(str(p) for p in variant.players)
        lines.append(f"{variant.name.ljust(width)}  {variant.title.in_(lang)}")
        lines.append(
            f"{'':{width}}  {players_word}: {counts}; aliases: {', '.join(variant.aliases)}"
            if lang != "ru"
            else f"{'':{width}}  {players_word}: {counts}; синонимы: {', '.join(variant.aliases)}"
        )
    lines.extend(tien_gow.preset_entry(width, lang))
    return "\n".join(lines) + "\n"
