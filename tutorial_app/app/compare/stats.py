"""Which simulated statistics the Compare page shows for which rule sets, and the CSV of them.

Why a table of statistics: a penalty game (kozel, donkey) is not won by
scoring, so "hands won by the leader's side" says little there; it gets its
own figures (the penalty a player writes per hand, how often the side that
led first becomes the goat). Each statistic names the kind of game it means
something for, and a chart shows it only for those rule sets. The figures
themselves come from the rules core (``rules.line.simulate``); this module only
picks them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from typing import Literal, NamedTuple

from tutorial_app.i18n import t
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.simulate import SimulationStats

__all__ = ["RuleSetRun", "Statistic", "STATISTICS", "statistic_rows", "stats_csv"]

Kind = Literal["any", "points", "penalty"]


class RuleSetRun(NamedTuple):
    """The simulation of one rule set: separate hands, and whole matches when any were asked for."""

    rules: HouseRules
    hands: SimulationStats
    matches: SimulationStats | None


class Statistic(NamedTuple):
    """One figure of a run. Its title and its one-sentence meaning are ``compare.stat.<key>`` in the catalog."""

    key: str
    kind: Kind
    percent: bool
    value: Callable[[RuleSetRun], float | None]

    def applies(self, rules: HouseRules) -> bool:
        """Whether the figure means something under these rules."""
        return self.kind == "any" or (self.kind == "penalty") == rules.is_penalty_scoring

    def of(self, run: RuleSetRun) -> float | None:
        """The figure for one run, or None where it does not apply or was not simulated."""
        return self.value(run) if self.applies(run.rules) else None

    def title(self, lang: str) -> str:
        return t(f"compare.stat.{self.key}", lang)

    def meaning(self, lang: str) -> str:
        return t(f"compare.stat.{self.key}.why", lang)


def _match(read: Callable[[SimulationStats], float | None]) -> Callable[[RuleSetRun], float | None]:
    return lambda run: read(run.matches) if run.matches is not None else None


STATISTICS: tuple[Statistic, ...] = (
    Statistic("blocked", "any", True, lambda run: run.hands.blocked_rate),
    Statistic("points", "points", False, lambda run: run.hands.points_per_hand),
    Statistic("leader", "points", True, lambda run: run.hands.leader_side_wins),
    Statistic("penalty", "penalty", False, lambda run: run.hands.points_per_side),
    Statistic("hands_per_match", "any", False, _match(lambda m: m.hands_per_match)),
    Statistic("first_wins", "points", True, _match(lambda m: m.first_leader_wins)),
    Statistic("goat", "penalty", True, _match(lambda m: m.first_leader_loses)),
)


def statistic_rows(runs: Sequence[RuleSetRun]) -> list[tuple[Statistic, list[float | None]]]:
    """Every statistic that has a figure for at least one rule set, with each set's figure (None: not for it)."""
    rows = [(stat, [stat.of(run) for run in runs]) for stat in STATISTICS]
    return [(stat, values) for stat, values in rows if any(v is not None for v in values)]


def _cell(value: float | None, percent: bool) -> str:
    if value is None:
        return ""
    return f"{value * 100:.1f}" if percent else f"{value:.2f}"


def stats_csv(names: Sequence[str], runs: Sequence[RuleSetRun], lang: str) -> str:
    """One row per rule set: its name, the bot, how much was played, then every statistic (percent as 0-100)."""
    rows = statistic_rows(runs)
    out = io.StringIO()
    writer = csv.writer(out)
    header = [
        t("compare.csv.rule_set", lang),
        t("compare.csv.bot", lang),
        t("compare.csv.hands", lang),
        t("compare.csv.matches", lang),
    ]
    header += [stat.title(lang) + (" (%)" if stat.percent else "") for stat, _ in rows]
    writer.writerow(header)
    for index, (name, run) in enumerate(zip(names, runs, strict=True)):
        played = [run.hands.bot, run.hands.hands, run.matches.matches if run.matches is not None else 0]
        writer.writerow([name, *played, *(_cell(values[index], stat.percent) for stat, values in rows)])
    return out.getvalue()
