"""Play: a hand or a whole match against bots, under any preset with overrides, of any game."""

from __future__ import annotations

import secrets

import streamlit as st

from tutorial_app.app.games import play_screens
from tutorial_app.app.play.seat_bots import DEFAULT_LEVEL
from tutorial_app.app.play.table import start_table
from tutorial_app.app.shell.links import MAX_SEED, read_deal_link
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.play_page import play_page
from tutorial_app.app.shell.rules_picker import game_picker
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.table.board_component import preload_board
from tutorial_app.i18n import t
from tutorial_app.rules.line.game import LINE
from tutorial_app.rules.text import Text


def _seed() -> int:
    """The deal number typed, or a 128-bit secret one: a deal nobody can work out from their own tiles.

    Why: the bots' hands follow from the number, so a number shown or guessed gives them away; a typed
    number is for replaying or comparing a deal on purpose.
    """
    typed = st.session_state.get("play_seed")
    return int(typed) if isinstance(typed, int | float) else secrets.randbits(128)


def _deal() -> None:
    """Deal the rule set picked (the "Deal" button, and "Deal again" at a hand's end)."""
    choice = play_page().choice
    if choice is None:
        return
    play_screens(choice.game).deal("play", choice, _seed(), bool(st.session_state["play_whole_match"]))


def _deal_from_link() -> None:
    """``?deal=SEED&rules=NAME&players=N`` deals that hand at once (a shared or replayed deal)."""
    if play_page().table is not None:
        return
    link = read_deal_link(st.query_params.to_dict())
    if isinstance(link, Text):
        st.warning(tr("play.bad_link", reason=plain(link.in_(lang()))))
    elif link is not None:
        play_page().table = start_table(link.rules, link.preset, DEFAULT_LEVEL, link.seed, False)


preload_board()  # plotly.js loads while the rest of the page runs
current = lang()
st.title(tr("play.title"))
_deal_from_link()
with st.expander(tr("play.new_game"), expanded=play_page().table is None):
    choice = game_picker("play", "block")
    play_page().choice = choice
    middle, right = play_screens(choice.game if choice is not None else LINE).bots_picker("play", choice)
    middle.number_input(
        tr("play.seed"),
        min_value=0,
        max_value=MAX_SEED,
        value=None,
        step=1,
        key="play_seed",
        placeholder=tr("play.seed_secret"),
        help=tr("play.seed_help"),
    )
    right.radio(
        tr("play.length"),
        (False, True),
        key="play_whole_match",
        format_func=lambda whole: t("play.whole_match" if whole else "play.one_hand", current),
    )
    st.button(tr("play.deal"), type="primary", on_click=_deal, disabled=choice is None)

table = play_page().table
if table is None:
    st.info(tr("play.start_hint"))
    st.stop()
play_screens(table.game).show(table, _deal)
