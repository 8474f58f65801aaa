"""The opponents of the Play page, chosen seat by seat: easy, medium, strong or expert.

Why per seat: a learner can sit with a strong partner against two easy
opponents, or face one strong seat among weak ones, and see what the
difference does. The levels are the bots of ``tutorial_app.strategy.bots``.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.state import default_widget_value
from tutorial_app.i18n import t
from tutorial_app.rules.bot_names import LEVEL_BOTS, LEVELS
from tutorial_app.rules.line.options import HouseRules

__all__ = ["seat_bot_picker", "chosen_bots", "opponents_text", "DEFAULT_LEVEL"]

DEFAULT_LEVEL: str = LEVELS["medium"]
"""Each seat starts at medium: a fair first game; strong is one click away."""


def _seat_title(rules: HouseRules, seat: int, lang_: str) -> str:
    partner = rules.players > 2 and rules.side_of(seat) == rules.side_of(0)
    return t("play.seat_partner", lang_, n=seat) if partner else t("seat.n", lang_, n=seat)


def _key(name: str, seat: int) -> str:
    return f"{name}_bot_{seat}"


def seat_bot_picker(name: str, rules: HouseRules | None) -> None:
    """One level picker per other seat of ``rules`` (the learner is seat 0)."""
    players = rules.players if rules is not None else 4
    current = lang()
    st.markdown(f"**{tr('play.seat_bots')}**", help=tr("play.levels_help"))
    columns = st.columns(players - 1)
    for column, seat in zip(columns, range(1, players), strict=True):
        default_widget_value(_key(name, seat), DEFAULT_LEVEL)
        title = _seat_title(rules, seat, current) if rules is not None else t("seat.n", current, n=seat)
        column.selectbox(title, LEVEL_BOTS, key=_key(name, seat), format_func=lambda b: t(f"level.{b}", current))


def chosen_bots(name: str, players: int) -> tuple[str, ...]:
    """The levels picked for seats 1 .. players - 1, in seat order."""
    return tuple(str(st.session_state.get(_key(name, seat), DEFAULT_LEVEL)) for seat in range(1, players))


def opponents_text(rules: HouseRules, bots: Sequence[str], lang_: str) -> str:
    """ "Seat 1: Strong, Seat 2 (your partner): Medium, ..." for the table's header."""
    return ", ".join(
        t("play.seat_level", lang_, seat=_seat_title(rules, seat, lang_), level=t(f"level.{bot}", lang_))
        for seat, bot in enumerate(bots)
        if bot
    )
