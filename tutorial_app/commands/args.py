"""What users type after a verb: whole numbers, ``--override K=V`` items, a preset with its players.

Why one module: ``simulate``, ``rules``, ``analyze`` and Tien Gow's hand-over
read the same flags, and each bad value must be refused in the same words.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from tutorial_app.commands import UserError
from tutorial_app.rules.line.options import HouseRules, OptionError
from tutorial_app.rules.line.variants import UnknownVariantError, find_variant
from tutorial_app.rules.text import Text, msg

__all__ = [
    "MAX_COUNT",
    "MAX_SEED",
    "whole_number",
    "parse_overrides",
    "add_house_rules_flags",
    "rules_from_args",
    "RunSize",
    "run_size",
    "preset_players",
    "names_a_rule_set",
]

MAX_COUNT = 10_000_000
"""The most hands or matches one ``simulate`` run plays."""
MAX_SEED = 2**63


def whole_number(text: str, flag: str, low: int, high: int = MAX_COUNT, lang: str = "en") -> int:
    """``text`` as a whole number from ``low`` to ``high``; UserError naming ``flag`` otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise UserError(msg("{flag} needs a whole number, not {text!r}", flag=flag, text=text).in_(lang)) from None
    if not low <= value <= high:
        raise UserError(
            msg(
                "{flag} must be from {low:,} to {high:,}, not {value:,}", flag=flag, low=low, high=high, value=value
            ).in_(lang)
        )
    return value


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


def add_house_rules_flags(parser: argparse.ArgumentParser, example: str = "target=150 (repeatable)") -> None:
    """``--players`` and ``--override`` on a verb that takes a preset (read back by ``rules_from_args``)."""
    parser.add_argument("--players", metavar="N", help="number of players (default: the preset's)")
    parser.add_argument(
        "--override", action="append", default=[], metavar="K=V", help=f"change one option, e.g. {example}"
    )


def rules_from_args(name: str, players: str | None, overrides: Mapping[str, str]) -> tuple[str, HouseRules]:
    """The preset's name and its rules for ``--rules``, ``--players`` and ``--override``; UserError if bad."""
    try:
        variant = find_variant(name)
    except UnknownVariantError as exc:
        raise UserError(str(exc)) from None
    flag = "--players"
    if players is None and "players" in overrides:
        players, flag = overrides["players"], "--override players"
    count = whole_number(players, flag, low=1) if players is not None else None
    try:
        return variant.name, variant.rules(count, overrides)
    except OptionError as exc:
        raise UserError(str(exc)) from None
    except (TypeError, ValueError) as exc:
        raise UserError(f"--override: {exc}") from None


class RunSize(NamedTuple):
    """How much a ``simulate`` run plays: hands, or whole matches when ``matches`` is set."""

    seed: int
    hands: int
    matches: int | None
    jobs: int


def run_size(args: argparse.Namespace) -> RunSize:
    """``--seed``, ``--hands``, ``--matches`` and ``--jobs`` read and checked (UserError if bad)."""
    seed = whole_number(args.seed, "--seed", low=0, high=MAX_SEED)
    matches = whole_number(args.matches, "--matches", low=1) if args.matches is not None else None
    hands = whole_number(args.hands, "--hands", low=1)
    from tutorial_app.rules.line.simulate import default_jobs  # the simulator's pools: only a run needs them

    jobs = whole_number(args.jobs, "--jobs", low=1, high=256) if args.jobs is not None else default_jobs()
    return RunSize(seed, hands, matches, jobs)


def preset_players(counts: str, aliases: Sequence[str]) -> Text:
    """A preset's second line in ``rules``' list: "players: 2, 3, 4; aliases: a, b" (the names as typed)."""
    return msg("players: {counts}; aliases: {aliases}", counts=counts, aliases=", ".join(aliases))


def names_a_rule_set(word: str) -> bool:
    """Whether ``word`` names a rule set of any game ("kozel", "козёл", "tien gow"): the command line's hint for
    a rule set typed where ``--rules`` was meant."""
    from tutorial_app.rules.games import UnknownGameError, find_game

    try:
        find_game(word)
    except UnknownGameError:
        return False
    return True
