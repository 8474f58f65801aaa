"""A comparison as a link: the rule sets and the run's settings in query parameters, and back.

``?r1=block&p1=4&o1=teams:pairs&r2=kozel&p2=4&o2=target:150&seed=7&hands=10000&matches=30&bot=greedy``:
rule set N is ``rN`` (a preset or alias), ``pN`` (players) and ``oN`` (house
rules changed, ``name:value`` separated by commas). A link is input from
anyone, so reading it goes through the same checks as the deal link
(``links.whole_number``, the rules core's own validation) and gives a
reason in both languages, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from tutorial_app.app.shell.links import MAX_SEED, whole_number
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.simulate import BOTS, Bot
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.text import RulesError, Text, msg, msgc, shown

__all__ = ["CompareLink", "LinkedSet", "read_compare_link", "compare_params", "MAX_SETS", "MAX_HANDS", "MAX_MATCHES"]

MAX_SETS = 4
MAX_HANDS = 20_000
MAX_MATCHES = 500
_MAX_OVERRIDES = 40
_SETTINGS = {"seed": (0, MAX_SEED), "hands": (10, MAX_HANDS), "matches": (0, MAX_MATCHES)}


class LinkedSet(NamedTuple):
    """One rule set of a link, checked by the rules core."""

    preset: str
    players: int
    overrides: dict[str, Any]
    rules: HouseRules


class CompareLink(NamedTuple):
    """The rule sets of a link and the settings it gives (None: not given)."""

    sets: tuple[LinkedSet, ...]
    settings: dict[str, int]
    bot: Bot | None
    """The bots of the statistics (``bot``) and of the one deal (``deal_bot``)."""
    deal_bot: Bot | None


def _overrides(text: str, number: int) -> dict[str, Any] | Text:
    parts = [p for p in text.split(",") if p.strip()]
    if len(parts) > _MAX_OVERRIDES:
        return msg(
            "rule set {number} changes more than {MAX_OVERRIDES} options", number=number, MAX_OVERRIDES=_MAX_OVERRIDES
        )
    out: dict[str, Any] = {}
    for part in parts:
        name, colon, value = part.partition(":")
        if not colon or not name.strip():
            return msg(
                "rule set {number}: write each change as name:value, not {shown}", number=number, shown=shown(part)
            )
        out[name.strip()] = value.strip()
    return out


def _linked_set(params: Mapping[str, str], number: int) -> LinkedSet | Text:
    try:
        variant = find_variant(params[f"r{number}"])
        asked = params.get(f"p{number}")
        players = whole_number(asked, 1, 99) if asked is not None else variant.default_players
        if players is None:
            return msg(
                "rule set {number}: the number of players must be a whole number, not {shown}",
                number=number,
                shown=shown(asked),
            )
        overrides = _overrides(params.get(f"o{number}", ""), number)
        if isinstance(overrides, Text):
            return overrides
        if "teams" in overrides and not (variant.pairs_optional and players == 4):
            return msg(
                "rule set {number}: {name} for {players} has no choice of pairs",
                number=number,
                name=variant.name,
                players=players,
            )
        rules = variant.rules(players, overrides)
    except RulesError as exc:
        return msg("rule set {number}: {reason}", number=number, reason=exc.reason)
    # the values as the rules core read them ("150" -> 150), so the page's widgets can show them
    values = rules.as_dict()
    return LinkedSet(variant.name, players, {name: values[name] for name in overrides}, rules)


def _settings(params: Mapping[str, str]) -> dict[str, int] | Text:
    settings: dict[str, int] = {}
    for name, (lowest, highest) in _SETTINGS.items():
        asked = params.get(name)
        if asked is None:
            continue
        value = whole_number(asked, lowest, highest)
        if value is None:
            return msg(
                "{name} must be a whole number from {lowest} to {highest}, not {shown}",
                name=name,
                lowest=lowest,
                highest=highest,
                shown=shown(asked),
            )
        settings[name] = value
    return settings


def read_compare_link(params: Mapping[str, str]) -> CompareLink | Text | None:
    """The comparison a link asks for, or why it cannot be shown (None: the link asks for none)."""
    if "r1" not in params:
        return None
    sets: list[LinkedSet] = []
    for number in range(1, MAX_SETS + 1):
        if f"r{number}" not in params:
            break
        linked = _linked_set(params, number)
        if isinstance(linked, Text):
            return linked
        sets.append(linked)
    if len(sets) < 2:
        return msg("a comparison needs two rule sets or more (r1 and r2)")
    settings = _settings(params)
    if isinstance(settings, Text):
        return settings
    bots: list[Bot | None] = []
    for name in ("bot", "deal_bot"):
        asked = params.get(name)
        bot = next((b for b in BOTS if b == asked), None)
        if asked is not None and bot is None:
            either = msgc("list, either", "{items} or {last}", items=", ".join(BOTS[:-1]), last=BOTS[-1])
            return msg("{name} is {bots}, not {shown}", name=name, bots=either, shown=shown(asked))
        bots.append(bot)
    return CompareLink(tuple(sets), settings, bots[0], bots[1])


def _value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def compare_params(
    sets: list[tuple[str, int, Mapping[str, Any]]], settings: Mapping[str, int], bot: str, deal_bot: str
) -> dict[str, str]:
    """The query parameters of a comparison: (preset, players, overrides) per set, then the settings."""
    params: dict[str, str] = {}
    for number, (preset, players, overrides) in enumerate(sets, start=1):
        params[f"r{number}"] = preset
        params[f"p{number}"] = str(players)
        if overrides:
            params[f"o{number}"] = ",".join(f"{name}:{_value(value)}" for name, value in overrides.items())
    params.update({name: str(value) for name, value in settings.items()})
    params["bot"] = bot
    params["deal_bot"] = deal_bot
    return params
