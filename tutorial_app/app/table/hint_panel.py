"""The Hint button and the What we know panel, for the Play page and a lesson's capstone hand.

Why a fragment: asking for a hint reruns only this panel, not the board
above it, so the answer comes in a fraction of a second; the hint is kept
with the position it was computed for and never shown for another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.state import page_state
from tutorial_app.app.table.coach import (
    Hint,
    hint_html,
    knowledge_lines,
    make_hint,
    unseen_caption,
    unseen_html,
    what_we_know_of,
)
from tutorial_app.language import format_number
from tutorial_app.rules.line.state import HandState

__all__ = ["hint_panel", "HintMemory", "hint_memory", "show_hint", "knowledge_panel"]


@dataclass
class HintMemory:
    """What the hint panel of board ``name`` keeps on this tab: the position the learner asked a hint for, and
    the hint worked out with the position it is for."""

    asked: HandState | None = None
    kept: tuple[HandState, Hint] | None = None


def hint_memory(name: str) -> HintMemory:
    """The hint panel's state for board ``name`` (not under ``{name}_hint``: a lesson's own Hint button has
    that widget key)."""
    return page_state(f"{name}_engine_hint", HintMemory)


def _ask(name: str, state: HandState, on_hint: Callable[[], object] | None) -> None:
    hint_memory(name).asked = state
    if on_hint is not None:
        on_hint()


def _kept_hint(name: str, state: HandState) -> Hint | None:
    kept = hint_memory(name).kept
    return kept[1] if kept is not None and kept[0] == state else None


def show_hint(hint: Hint) -> None:
    """The ranked moves as bars, the sentence why the best is best, and how the figures were got."""
    current = lang()
    best = hint.rows[0]
    if len(hint.rows) == 1:
        st.markdown(tr("hint.only_move", move=best.name.in_(current)))
        return
    st.markdown(f"**{tr('hint.title')}**")
    st.html(hint_html(hint, current))
    tied = hint.tied
    if len(tied) > 1:
        names = ", ".join(r.name.in_(current) for r in tied)
        st.caption(tr("hint.tied", moves=names))
    if hint.why is not None:
        st.markdown(tr("hint.why", move=best.name.in_(current), why=hint.why.in_(current)))
    if hint.note is not None:
        st.caption(hint.note.in_(current))
    method = tr("hint.method", basis=hint.basis.in_(current) if hint.basis is not None else "")
    if hint.seconds:
        method += " " + tr("hint.took", seconds=format_number(hint.seconds, current, ".2f"))
    if hint.show_points:
        method += " " + tr("hint.method_points")
    st.caption(method)


def knowledge_panel(
    state: HandState, seat: int, start: HandState | None = None, *, expanded: bool = False, first_hand: bool = False
) -> None:
    """What ``seat`` knows: per other seat the numbers it cannot hold and why, and the unseen tiles per number
    (``start``: where the hand's record begins, ``first_hand``: the lead is a clue; see ``coach.seat_view``)."""
    current = lang()
    known = what_we_know_of(state, seat, start, first_hand)
    with st.expander(tr("know.title"), expanded=expanded, icon=":material/visibility:"):
        for line in knowledge_lines(known, current):
            st.markdown(f"- {line}")
        caption = unseen_caption(known, current, state)
        st.caption(caption, help=tr("know.help"))
        st.html(unseen_html(known, current, caption))


@st.fragment
def hint_panel(
    name: str,
    state: HandState,
    seat: int,
    start: HandState | None = None,
    on_hint: Callable[[], object] | None = None,
    first_hand: bool = False,
) -> None:
    """On ``seat``'s turn: the Hint button (and the hint once asked for); always: What we know.

    ``start`` is where the hand's record begins (the deal): the hint and the panel read every pass since.
    ``on_hint`` is called when the Hint is asked for (a lesson counts it against the stars). ``first_hand``:
    the first-lead rule named the leader (``LeadDecision.by_rule``), so the lead is read as a clue.
    """
    if state.is_over:
        return
    if state.to_move == seat:
        st.button(
            tr("hint.button"),
            key=f"{name}_hint_button",
            icon=":material/lightbulb:",
            help=tr("hint.help"),
            on_click=_ask,
            args=(name, state, on_hint),
        )
        hint = _kept_hint(name, state)
        if hint is None and hint_memory(name).asked == state:
            with st.spinner(tr("hint.thinking")):
                hint = make_hint(state, seat, start, first_hand=first_hand)
            hint_memory(name).kept = (state, hint)
        if hint is not None:
            with st.container(border=True):
                show_hint(hint)
    knowledge_panel(state, seat, start, first_hand=first_hand)
