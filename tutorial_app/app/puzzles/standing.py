"""The learner's standing on the Puzzles page (rating, days in a row, solved, the history) and the club's board.

The board lists only learners who ticked "show my name" (off by default);
names are shown as plain text in a table, never as Markdown.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from tutorial_app.app.shell.puzzle_memory import ANONYMOUS, learner_zone, who
from tutorial_app.app.shell.session import tr
from tutorial_app.app.shell.stores import puzzle_database
from tutorial_app.app.table.board_component import announce_count, follow_board
from tutorial_app.app.table.board_view import board_theme
from tutorial_app.puzzles.store import PuzzleStore, StoreUnavailable
from tutorial_app.puzzles.trainer import PLACEMENT, placing

__all__ = [
    "standing_header",
    "follow_answers",
    "announce_answers",
    "history_svg",
    "club_opt_in",
    "club_board",
]

_SHOW_NAME = "puzzles_show_name"


def history_svg(points: list[tuple[float, float]], dark: bool, title: str) -> str:
    """The rating's history as a small SVG line (oldest on the left), its lowest and highest values written at
    the left edge, ``title`` as its accessible name.

    Why not a Plotly chart: on every run of the page Streamlit validates a Plotly figure in full (a few
    milliseconds here) and the browser draws a second plot; a few points need neither.
    """
    width, height, left, pad = 240.0, 64.0, 34.0, 6.0
    ratings = [r for _, r in points]
    low, high = min(ratings), max(ratings)
    span = max(high - low, 1.0)
    step = (width - left - pad) / max(len(ratings) - 1, 1)

    def where(i: int, r: float) -> tuple[float, float]:
        return left + i * step, pad + (high - r) / span * (height - 2 * pad)

    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in (where(i, r) for i, r in enumerate(ratings)))
    colour, ink, grid = ("#8ab4f8", "#ddd", "#555") if dark else ("#0072B2", "#333", "#ddd")
    last_x, last_y = where(len(ratings) - 1, ratings[-1])
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
        f'font-family="sans-serif" font-size="10"><title>{escape(title)}</title>'
        f'<line x1="{left}" y1="{pad}" x2="{width - pad}" y2="{pad}" stroke="{grid}" stroke-width="0.5"/>'
        f'<line x1="{left}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="{grid}" '
        'stroke-width="0.5"/>'
        f'<text x="{left - 4}" y="{pad + 3}" text-anchor="end" fill="{ink}">{round(high)}</text>'
        f'<text x="{left - 4}" y="{height - pad + 3}" text-anchor="end" fill="{ink}">{round(low)}</text>'
        f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2" stroke-linejoin="round"/>'
        f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="3" fill="{colour}"/></svg>'
    )


def standing_header(store: PuzzleStore) -> None:
    """One line: the rating (placement while it is being found), the days in a row, the solved count; beside it
    the rating's history as a small chart."""
    standing = store.standing(who(), zone=learner_zone())
    rating = standing.rating
    parts = [
        f"**{tr('puzzles.rating')}: {tr('puzzles.rating_value', rating=round(rating.r), rd=round(rating.rd))}**",
        f"{tr('puzzles.streak')}: **{standing.streak}**",
        f"{tr('puzzles.solved')}: {tr('puzzles.solved_of', solved=standing.solved, attempts=standing.attempts)}",
    ]
    rated = len(store.attempted(who()))
    if placing(rated):
        parts.append(tr("puzzles.placing", n=rated + 1, total=PLACEMENT))
    history = store.history(who())
    words, chart = st.columns([3, 2], vertical_alignment="center")
    words.markdown(" · ".join(parts), help=tr("puzzles.streak_help"))
    if len(history) >= 2:
        title = tr("puzzles.history")
        chart.image(history_svg(history, board_theme() == "dark", title), width="stretch", alt=title)


# The standing follows the answers: it is a fragment of its own above the question's, so "Next puzzle" (the
# question's run) leaves it as it is; a run that recorded an answer announces the new count (announce_answers),
# once the run is over, and the standing's fragment, following it (follow_answers), runs again and reads the new
# standing. The board component's own announce-and-follow, as a page's parts follow its board.
_ANSWERS = "puzzles_answers"


def announce_answers(recorded: int) -> None:
    """In the question's fragment: the number of answers recorded on this tab so far, announced in the browser
    when it changed (once the run is over). Takes no room."""
    announce_count(_ANSWERS, recorded)


def follow_answers() -> None:
    """In the standing's fragment: a new number of answers announced runs the fragment again. Takes no room."""
    follow_board(_ANSWERS)


def _opt_in_changed(store: PuzzleStore) -> None:
    store.show_name(who(), bool(st.session_state.get(_SHOW_NAME)))


def club_opt_in(store: PuzzleStore) -> None:
    """The learner's choice to appear on the club's board (only with a name and the shared database)."""
    if who() == ANONYMOUS:
        return
    st.session_state[_SHOW_NAME] = store.standing(who()).show_name
    st.checkbox(
        tr("puzzles.show_name"),
        key=_SHOW_NAME,
        help=tr("puzzles.show_name_help"),
        on_change=_opt_in_changed,
        args=(store,),
    )


def club_board() -> None:
    """The club page's table of puzzle ratings: members who chose to show their name."""
    st.subheader(tr("puzzles.board_title"))
    found = puzzle_database()
    if isinstance(found, StoreUnavailable):
        st.info(tr("puzzles.board_unavailable"))
        return
    try:
        rows = found.board()
    except StoreUnavailable:
        st.info(tr("puzzles.board_unavailable"))
        return
    if not rows:
        st.info(tr("puzzles.board_empty"))
        return
    st.caption(tr("puzzles.board_intro"))
    table: list[dict[str, Any]] = [
        {
            tr("puzzles.board_name"): row.learner,
            tr("puzzles.board_rating"): f"{round(row.rating)} ± {round(row.rd)}",
            tr("puzzles.board_solved"): f"{row.solved} / {row.attempts}",
        }
        for row in rows
    ]
    st.dataframe(table, hide_index=True)
