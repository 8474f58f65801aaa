"""The Compare page's columns: a small board per rule set, the ruling or the played deal, what differs marked.

Why beside the page and not in it: the referee and the deal tab draw the
same kind of column (a board, then facts, the ones on which the rule sets
disagree marked "≠" on an orange background), and the page stays a
description of its tabs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import streamlit as st

from tutorial_app.app.compare.comparison import DealOutcome
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.table.board_view import show_board
from tutorial_app.app.table.records import hand_log, seat_label, tiles_text
from tutorial_app.rules.line.referee import Ruling
from tutorial_app.rules.line.state import Action, HandState
from tutorial_app.rules.line.worked_end import explain_hand_end

__all__ = ["small_board", "show_ruling", "show_deal", "marked", "BOARD_HEIGHT"]

BOARD_HEIGHT = 380
"""Pixels high of a board in its box (two boxes to a row: about 540 px wide on a laptop, the full width on a phone)."""


def marked(text: str, differs: bool) -> str:
    """Markdown of ``text``, on an orange background with "≠" when the rule sets disagree on it."""
    if not differs:
        return text
    return ":orange-background[≠ " + text.replace("[", "\\[").replace("]", "\\]") + "]"


def small_board(state: HandState, *, key: str, highlight: Iterable[str] = ()) -> None:
    """A board to look at (no clicks): every hand face up, seats named by number, ``highlight`` outlined."""
    show_board(
        state,
        name=key,
        reveal=True,
        hints=tuple(highlight),
        height=BOARD_HEIGHT,
        show_fits=False,
        name_viewer=False,
        static=True,
    )


def _legal_line(ruling: Ruling) -> str:
    current = lang()
    legal = [
        f"{m.tile} → {tr('end.' + str(m.end))}" if m.action is Action.PLAY else tr("action." + m.action.value)
        for m in ruling.legal
    ]
    return f"**{tr('compare.legal', seat=seat_label(ruling.to_move, current, None))}:** " + ("; ".join(legal) or "—")


def show_ruling(ruling: Ruling, differs: Mapping[str, bool]) -> None:
    """The referee's ruling in words, each fact marked where the rule sets disagree on it."""
    current = lang()
    status = ruling.status
    st.markdown(marked(f"**{tr('compare.status')}:** {tr('status.' + status)}", differs["status"]))
    if ruling.open_ends:
        st.markdown(f"**{tr('compare.open_ends')}:** {', '.join(str(n) for n in ruling.open_ends)}")
    if status == "in_play":
        st.markdown(marked(_legal_line(ruling), differs["legal"]))
    lead_reason = ruling.lead.reason if ruling.lead is not None else None
    for reason, about_lead in ((lead_reason, True), (ruling.redeal_reason, False)):
        if reason:
            st.markdown(marked(reason, differs["lead"] and about_lead))
    result = ruling.result
    if result is not None:
        st.markdown(marked(result.reason, differs["winner"]))
        points = ", ".join(f"{tr('compare.side', n=side)}: {p}" for side, p in enumerate(result.points))
        st.markdown(marked(f"**{tr('compare.points')}:** {points}", differs["points"]))
        if result.next_leader is not None:
            leader = seat_label(result.next_leader, current, None)
            st.markdown(marked(f"**{tr('compare.next_leader')}:** {leader}", differs["next_leader"]))


def show_deal(outcome: DealOutcome, differs: Mapping[str, bool]) -> None:
    """How one deal went: who led and why, how it ended and what each side writes, the record."""
    current = lang()
    st.caption(outcome.lead_reason.in_(current))
    worked = explain_hand_end(outcome.final, None)
    st.markdown(marked(worked.how.in_(current), differs["status"] or differs["winner"]))
    if worked.pips.en:
        st.markdown(worked.pips.in_(current))
    st.markdown(marked(worked.score.in_(current), differs["points"]))
    with st.expander(tr("compare.dealt_and_record")):
        for seat in range(outcome.start.rules.players):
            st.markdown(f"- {seat_label(seat, current, None)}: {tiles_text(outcome.start.hand(seat))}")
        st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(hand_log(outcome.final, current, None), start=1)))
