"""Play, Tien Gow: a hand or a match against bots on the Tien Gow table (the Play page routes here).

The learner is seat 0 at the bottom, "You". Select tiles on the board or
with the buttons, then Play (face up) or Discard (face down); after a trick
a bot took, the table waits ("Next trick") so the trick can be seen before
the bot leads. The end of the hand is the engine's settlement with its
arithmetic; a match goes on until somebody runs out of chips.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from tutorial_app.app.shell.links import MAX_SEED
from tutorial_app.app.shell.play_page import play_page
from tutorial_app.app.shell.rules_picker import RuleChoice
from tutorial_app.app.shell.session import bump, lang, revision, tr
from tutorial_app.app.table.board_component import keep_in_sight
from tutorial_app.app.tien_gow.table import HUMAN, human_move, next_hand, resume, start_tien_gow, undo
from tutorial_app.app.tien_gow.view import banker_text, clear_selection, show_trick_table, trick_click, trick_controls
from tutorial_app.board.browser import PUT_DOWN
from tutorial_app.board.tien_gow_layout import seat_title
from tutorial_app.i18n import t
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.text import Text
from tutorial_app.rules.tien_gow.bots import TIEN_GOW_BOTS
from tutorial_app.rules.tien_gow.worked import describe_plays, explain_trick, namer, play_text
from tutorial_app.strategy.bot_table import BotTable

__all__ = ["KEY", "deal_tien_gow", "show_tien_gow", "TienGowPlayScreens"]

KEY = "play"
"""The Play page's name: its selection and board keys (the table itself is the page's ``PlayPage``)."""


def _say(said: Text | None) -> None:
    play_page().feedback = said
    if said is not None:
        bump(f"{KEY}_said")  # a new warning: it comes into sight (``show_tien_gow``)


def _store(table: BotTable, said: Text | None = None) -> None:
    play_page().table = table
    _say(said)
    clear_selection(KEY)
    bump(KEY)


def deal_tien_gow(rules: tg.TienGowRules, bot: str, seed: int, whole_match: bool) -> None:
    """Start a hand (or a match) of Tien Gow on the Play page."""
    _store(start_tien_gow(rules, bot, seed, whole_match))


# -- callbacks --------------------------------------------------------------------------


def _click(clicked: str) -> None:
    table = play_page().table
    if table is None:
        return
    if clicked == PUT_DOWN:  # tiles picked on the table: the buttons' selection and a warning of it go
        clear_selection(KEY)
        _say(None)
        return
    outcome = trick_click(KEY, table.state, HUMAN, clicked)
    _say(outcome.message)
    if outcome.move is None:
        return
    try:
        _store(human_move(table, outcome.move))
    except tg.IllegalMoveError as exc:
        _say(exc.reason)


def _resume() -> None:
    table = play_page().table
    if table is not None:
        _store(resume(table))


def _undo() -> None:
    table = play_page().table
    if table is not None:
        _store(undo(table))


def _next_hand() -> None:
    table = play_page().table
    if table is not None and table.can_continue:
        _store(next_hand(table))


def _deal_again() -> None:
    table = play_page().table
    if table is not None:
        deal_tien_gow(table.rules, table.seats[1], table.seed + 1, table.whole_match)


# -- what is on screen ----------------------------------------------------------------------


def _before_since(table: BotTable) -> tg.HandState:
    """The hand as it was when the moves of ``since`` began (replayed from the start of the hand)."""
    moves = table.state.moves
    state: tg.HandState = table.start
    for _seat, move in moves[: len(moves) - len(table.since)]:
        state = tg.apply_unchecked(state, tg.normalize(move))
    return state


def _record(state: tg.HandState, current: str) -> list[str]:
    """The hand trick by trick in words (other seats' face-down tiles unnamed)."""
    lines = [explain_trick(trick, HUMAN).in_(current) for trick in state.tricks]
    if state.trick is not None:
        plays = [play_text(p, i == 0, HUMAN).in_(current) for i, p in enumerate(state.trick.plays)]
        lines.append(" ".join(plays))
    return lines


def _chip_rows(match: tg.TienGowMatch, current: str) -> list[dict[str, object]]:
    """One row per hand with what each seat won or paid, then everyone's chips."""
    heads = [seat_title(seat, HUMAN).in_(current) for seat in range(tg.PLAYERS)]
    hand = tr("score.hand")
    rows: list[dict[str, object]] = []
    for number, record in enumerate(match.records, start=1):
        row: dict[str, object] = {hand: str(number)}
        row.update({head: f"{record.result.payments[seat]:+d}" for seat, head in enumerate(heads)})
        rows.append(row)
    chips: dict[str, object] = {hand: tr("tg.chips")}
    chips.update({head: str(match.chips[seat]) for seat, head in enumerate(heads)})
    rows.append(chips)
    return rows


def _hand_over(table: BotTable, current: str) -> None:
    result = table.result
    assert result is not None
    with st.container(border=True):
        st.subheader(tr("play.hand_over"))
        st.markdown("\n".join(f"- {line.in_(current)}" for line in result.sentences(namer(HUMAN))))
        after = table.sheet
        reason = tg.match_reason(after) if table.whole_match else None
        if reason is not None:
            st.success(reason.in_(current))
        elif table.can_continue:
            st.caption(tr("tg.next_banker", who=seat_title(result.next_banker, HUMAN).in_(current)))
            st.button(tr("play.next_hand"), type="primary", on_click=_next_hand, key=f"{KEY}_tg_next_hand")
        else:
            st.button(tr("play.deal_again"), type="primary", on_click=_deal_again, key=f"{KEY}_tg_again")


def _turn(table: BotTable, current: str) -> None:
    state = table.state
    if table.hand_over:
        _hand_over(table, current)
    elif table.paused:
        last = state.last_trick
        assert last is not None
        st.info(tr("tg.paused", who=seat_title(state.to_move, HUMAN).in_(current)), icon=":material/pause_circle:")
        st.button(tr("tg.next_trick"), type="primary", on_click=_resume, key=f"{KEY}_tg_resume")
    elif state.to_move == HUMAN:
        st.markdown(tr("tg.your_turn"))
        trick_controls(state, HUMAN, KEY, _click)


def show_tien_gow(table: BotTable) -> None:
    """The whole Tien Gow table of the Play page."""
    current = lang()
    state = table.state
    # a secret deal's number stays hidden; a typed one is shown, to replay or compare the deal
    deal = tr("tg.deal_number", seed=table.seed) if table.seed <= MAX_SEED else tr("tg.deal_secret")
    st.caption(tr("tg.header", hand=table.hand_no + 1, bot=tr(f"tg.opponents_{table.seats[1]}"), deal=deal))
    st.caption(banker_text(state, HUMAN, by_lot=table.hand_no == 0))
    show_trick_table(
        state,
        name=KEY,
        viewer=HUMAN,
        on_click=_click,
        reveal=table.hand_over,
        interactive=state.to_move == HUMAN and not table.hand_over,
        wide=True,
        spoken=play_page().feedback is not None,
    )
    feedback = play_page().feedback
    keep_in_sight(f"{KEY}_feedback", revision(f"{KEY}_said"))  # on a phone the buttons tapped are below it
    if feedback is not None:
        st.container(key=f"{KEY}_feedback").warning(feedback.in_(current), icon=":material/front_hand:")
    if table.since:
        said = describe_plays(_before_since(table), table.since, HUMAN)
        st.caption(tr("tg.since", moves=said.in_(current)))
    _turn(table, current)
    if not table.hand_over:  # once it is over every hand is face up: no move is taken back and played again
        st.button(
            tr("play.undo"),
            on_click=_undo,
            disabled=not table.can_undo,
            help=tr("play.undo_help"),
            key=f"{KEY}_tg_undo",
        )
    st.divider()
    sheet, record = st.columns(2, gap="large")
    with sheet:
        st.subheader(tr("tg.chips_title"))
        st.caption(tr("tg.stake", n=table.rules.stake))
        st.table(_chip_rows(table.sheet, current))
    with record:
        st.subheader(tr("play.record"))
        lines = _record(state, current)
        st.markdown(
            "\n".join(f"{i}. {line}" for i, line in enumerate(lines, start=1)) if lines else tr("play.no_moves")
        )


class TienGowPlayScreens:
    """Tien Gow on the Play page: one kind of bot for the three other seats, the trick table."""

    def bots_picker(self, prefix: str, choice: RuleChoice | None) -> tuple[DeltaGenerator, DeltaGenerator]:
        """Random or greedy for the three other seats; the two columns left for the deal number and the length."""
        current = lang()
        left, middle, right = st.columns(3)
        bot = left.radio(
            tr("play.bot"), TIEN_GOW_BOTS, key=f"{prefix}_bot", format_func=lambda b: t(f"bot.{b}", current), index=1
        )
        left.caption(tr(f"tg.bot_{bot}"))
        return middle, right

    def deal(self, prefix: str, choice: RuleChoice, seed: int, whole_match: bool) -> None:
        deal_tien_gow(choice.rules, str(st.session_state[f"{prefix}_bot"]), seed, whole_match)

    def show(self, table: BotTable, deal_again: Callable[[], None]) -> None:
        """The trick table (its own "Deal again" deals the next deal number)."""
        show_tien_gow(table)
