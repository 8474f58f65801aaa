"""The Hint button and the What we know panel, for the Play page and a lesson's capstone hand.

Why a fragment: asking for a hint reruns only this panel, not the board
above it, so the answer comes in a fraction of a second; the hint is kept
with the position it was computed for and never shown for another.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from tutorial_app.app.shell.session import lang, tr
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

__all__ = ["hint_panel", "hint_key", "show_hint", "knowledge_panel"]


def _asked_key(name: str) -> str:
    return f"{name}_engine_hint_asked"


def hint_key(name: str) -> str:
    """Where the panel of board ``name`` keeps its hint, with the position it is for (not ``{name}_hint``: a
    lesson's own Hint button has that widget key)."""
    return f"{name}_engine_hint"


def _ask(name: str, state: HandState, on_hint: Callable[[], object] | None) -> None:
    st.session_state[_asked_key(name)] = state
    if on_hint is not None:
        on_hint()


def _kept_hint(name: str, state: HandState) -> Hint | None:
    kept = st.session_state.get(hint_key(name))
    if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == state and isinstance(kept[1], Hint):
        return kept[1]
    return None


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
        if hint is None and st.session_state.get(_asked_key(name)) == state:
            with st.spinner(tr("hint.thinking")):
                hint = make_hint(state, seat, start, first_hand=first_hand)
            st.session_state[hint_key(name)] = (state, hint)
        if hint is not None:
            with st.container(border=True):
                show_hint(hint)
    knowledge_panel(state, seat, start, first_hand=first_hand)
