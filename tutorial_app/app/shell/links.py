"""Deep links: what the query parameters of a shared URL ask for, read the way a stranger may type them.

Why pure functions: a link is input from anyone (``?deal=²``, five thousand
digits, Markdown); reading it here, without Streamlit, lets the tests throw
every such value at it and the page show the answer or the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.text import RulesError, Text, msg, msgc, shown

__all__ = ["DealLink", "MAX_SEED", "read_deal_link", "whole_number"]

MAX_SEED = 999_999


class DealLink(NamedTuple):
    """A deal to play at once: the rules, the preset's name and the deal number (the seed)."""

    rules: HouseRules
    preset: str
    seed: int


def whole_number(text: str | None, lowest: int, highest: int) -> int | None:
    """``text`` as a whole number from ``lowest`` to ``highest`` (plain ASCII digits), else None."""
    if text is None:
        return None
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit() or len(digits) > len(str(highest)):
        return None
    number = int(digits)
    return number if lowest <= number <= highest else None


def read_deal_link(params: Mapping[str, str]) -> DealLink | Text | None:
    """``?deal=SEED&rules=NAME&players=N``: the deal, or why it cannot be dealt (None: no deal asked)."""
    asked = params.get("deal")
    if asked is None:
        return None
    seed = whole_number(asked, 0, MAX_SEED)
    if seed is None:
        return msg(
            "the deal number must be a whole number from 0 to {MAX_SEED}, not {shown}",
            MAX_SEED=MAX_SEED,
            shown=shown(asked),
        )
    try:
        variant = find_variant(params.get("rules", "block"))
        players_asked = params.get("players")
        players = whole_number(players_asked, 1, 99) if players_asked is not None else variant.default_players
        if players is None:
            return msgc(
                "deal link",
                "the number of players must be a whole number, not {shown}",
                shown=shown(players_asked),
            )
        return DealLink(variant.rules(players, {}), variant.name, seed)
    except RulesError as exc:
        return exc.reason
