"""The review after a hand: every decision of the learner next to the engine's best, and a board to step through.

Why computed once and kept: a review analyses each decision from what the
learner could see then (a tenth of a second or so each), so it runs once
per finished hand with a progress bar, and stepping through it (a fragment)
redraws only its own board.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from tutorial_app.app.shell.puzzle_memory import remember_review
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.state import page_state
from tutorial_app.app.table.board_view import show_board
from tutorial_app.app.table.coach import hint_from
from tutorial_app.app.table.hint_panel import show_hint
from tutorial_app.app.table.review_rows import ReviewRow, decision_boards, decision_row, review_headline, review_rows
from tutorial_app.rules.line.state import HandState
from tutorial_app.strategy.review import Decision, HandReview, review_hand

__all__ = ["hand_review", "the_review", "ReviewMemory", "review_memory"]

REVIEW_BOARD = (480, 340)
"""Width and height in pixels each review board is drawn for (two side by side on a wide page)."""
_COLOURS = {"inaccuracy": "orange", "mistake": "red", "blunder": "red"}


def _key(name: str, suffix: str) -> str:
    return f"{name}_review_{suffix}"


@dataclass
class ReviewMemory:
    """What the review of board ``name`` keeps on this tab: the hand it reviewed (its final position) with the
    review, so it is computed once, and the decision on screen."""

    kept: tuple[HandState, HandReview] | None = None
    at: int = 0


def review_memory(name: str) -> ReviewMemory:
    """The kept review of ``name``'s hand on this tab (under ``{name}_review``)."""
    return page_state(f"{name}_review", ReviewMemory)


def the_review(name: str, start: HandState, final: HandState, seat: int, first_hand: bool = False) -> HandReview:
    """The review of the hand played from ``start`` to ``final``, computed once (with a progress bar) and kept."""
    memory = review_memory(name)
    if memory.kept is not None and memory.kept[0] == final:
        return memory.kept[1]
    bar = st.progress(0.0, text=tr("review.working", done=0, total="…"))

    def progress(done: int, total: int) -> None:
        bar.progress(done / total if total else 1.0, text=tr("review.working", done=done, total=total))

    moves = [entry[1] for entry in final.log]
    review = review_hand(start, moves, seat, progress=progress, first_hand=first_hand)
    remember_review(start, moves, review)  # its "?" and "??" join the learner's mistakes queue (Puzzles)
    bar.empty()
    memory.kept, memory.at = (final, review), 0
    return review


def _row_line(row: ReviewRow, current: str) -> str:
    symbol = f" :{_COLOURS[row.mark]}[**{row.symbol}**]" if row.mark is not None else ""
    return f"**{tr('review.move_n', n=row.number)}**{symbol} — {row.summary.in_(current)}"


def _step(name: str, delta: int, total: int) -> None:
    memory = review_memory(name)
    memory.at = max(0, min(total - 1, memory.at + delta))


def _board(state: HandState, seat: int, reveal: bool, key: str) -> None:
    """A picture, not a table to play on: nothing on it answers a click or looks like a move."""
    width, height = REVIEW_BOARD
    show_board(
        state,
        name=key,
        seat=seat,
        reveal=reveal,
        width=width,
        height=height,
        show_turn=False,
        show_fits=False,
        static=True,
    )


def _decision_boards(name: str, decision: Decision, seat: int, index: int) -> None:
    current = lang()
    played_state, best_state = decision_boards(decision)
    reveal = bool(st.session_state.get(_key(name, "reveal"), False))
    row = decision_row(decision)
    left, right = st.columns(2, gap="medium")
    if best_state is None:
        with left:
            st.markdown(tr("review.same", move=row.played.in_(current)))
            _board(played_state, seat, reveal, _key(name, f"board_{index}"))
        return
    with left:
        st.markdown(tr("review.played", move=row.played.in_(current)) + (f" **{row.symbol}**" if row.symbol else ""))
        _board(played_state, seat, reveal, _key(name, f"played_{index}"))
    with right:
        st.markdown(tr("review.best", move=row.best.in_(current)))
        _board(best_state, seat, reveal, _key(name, f"best_{index}"))


@st.fragment
def _stepper(name: str, review: HandReview) -> None:
    """Previous / next through the decisions: the boards after the move played and after the best move,
    and the engine's ranking at that moment."""
    total = len(review.decisions)
    at = max(0, min(total - 1, review_memory(name).at))
    decision = review.decisions[at]
    back, caption, forward = st.columns([1, 2, 1], vertical_alignment="center")
    back.button(
        tr("review.previous"),
        key=_key(name, "previous"),
        on_click=_step,
        args=(name, -1, total),
        disabled=at == 0,
        icon=":material/chevron_left:",
        width="stretch",
    )
    caption.markdown(tr("review.step", k=at + 1, total=total, move=decision.index + 1))
    forward.button(
        tr("review.next"),
        key=_key(name, "next"),
        on_click=_step,
        args=(name, 1, total),
        disabled=at == total - 1,
        icon=":material/chevron_right:",
        width="stretch",
    )
    st.checkbox(tr("review.reveal"), key=_key(name, "reveal"))
    _decision_boards(name, decision, review.seat, at)
    with st.expander(tr("review.ranking"), expanded=True):
        show_hint(hint_from(decision.analysis, decision.state))


def hand_review(name: str, start: HandState, final: HandState, seat: int, first_hand: bool = False) -> None:
    """The review of a finished hand: the headline, one line per decision, and the stepper (``first_hand``:
    the first-lead rule named the leader, so the lead is a clue)."""
    if not final.is_over:
        return
    current = lang()
    st.subheader(tr("review.title"))
    st.caption(tr("review.intro"))
    review = the_review(name, start, final, seat, first_hand)
    marks_help = tr("review.marks_help_points" if review.points_first else "review.marks_help")
    st.markdown(review_headline(review, current), help=marks_help)
    if not review.decisions:
        return
    st.markdown("\n".join(f"- {_row_line(row, current)}" for row in review_rows(review)))
    _stepper(name, review)
