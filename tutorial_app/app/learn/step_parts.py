"""Parts of a lesson step on screen that the lesson player and a club's class both show.

Why shared: a learner's phone in a class shows the step the teacher's wall
shows, with the very same tiles, "remember" notes and answer text as the
Learn page, so both draw them with these functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from tutorial_app.app.games import lesson_screens
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.table.board_component import figure_json, show_picture
from tutorial_app.app.table.board_view import board_theme
from tutorial_app.app.table.lesson import counts_boneyard
from tutorial_app.board.showcase import tiles_figure
from tutorial_app.board.tien_gow_figure import chinese_tiles_figure
from tutorial_app.lessons import Run, solve, takes_move
from tutorial_app.lessons.format.model import Lesson, QuizStep, RememberStep
from tutorial_app.lessons.quiz.answers import answer_type
from tutorial_app.rules.tiles import Tile

__all__ = [
    "right_answer_text",
    "show_tiles",
    "reveals_answer",
    "counts_boneyard",
    "is_sketch",
    "remember",
    "choice_columns",
]

CHINESE_STRIP_HEIGHT = 130
"""A strip of Chinese tiles in pixels (tiles about 55 px long, red and white pips readable)."""


def right_answer_text(run: Run) -> str | None:
    """The step's right answer in words (a choice, a move, a Tien Gow play), or None where there is none."""
    step = run.step
    if isinstance(step, QuizStep) and run.right_answer is not None:
        return run.lessons.answer_label(step, run.scene, run.rules, run.right_answer, run.viewer, lang())
    action = solve(run)
    if action is not None and takes_move(run):
        return lesson_screens(run).move_words(action)
    return None


@lru_cache(maxsize=256)
def _tiles_row(row: tuple[Tile, ...], chinese: bool, highlight: tuple[str, ...], theme: str) -> dict[str, Any]:
    """A row of tiles as figure JSON: Chinese ones by the Tien Gow table's drawer, double-six ones by the
    showcase. Read only, never changed by its readers.

    Why built once per row: every phone of a class draws the step's row in the same second after the
    teacher's click, and building a Plotly figure was a fifth of a phone's redraw (py-spy, 100 phones).
    """
    if chinese:
        marked = [i for i, tile in enumerate(row) if str(tile) in highlight]
        figure: go.Figure = chinese_tiles_figure(list(row), highlight=marked, height=CHINESE_STRIP_HEIGHT)
    else:
        figure = tiles_figure(list(row), highlight=list(highlight), theme=theme)
    return figure_json(figure)


def show_tiles(run: Run) -> None:
    """Tiles a step shows on their own (the set, a suit, Chinese tiles), drawn as tiles."""
    step = run.step
    against = getattr(step, "against", None) or []
    tiles: list[Tile] = list(getattr(step, "tiles", None) or [])
    single = getattr(step, "tile", None)
    if single is not None and not tiles and getattr(step, "position", None) is None:
        tiles = [single]
    highlight = [str(t) for t in getattr(step, "highlight", None) or []]
    for caption, row in ((tr("learn.on_the_table"), against), (tr("learn.the_reply") if against else "", tiles)):
        if not row:
            continue
        if caption:
            st.caption(caption)
        figure = _tiles_row(tuple(row), run.lesson.tile_set == "chinese", tuple(highlight), board_theme())
        show_picture(
            figure,
            name=f"tiles_{run.lesson.id}_{run.index}_{caption}",
            alt=", ".join(str(t) for t in row if t is not None),
        )


def choice_columns(labels: Sequence[str]) -> int:
    """How many of a quiz's answer buttons stand side by side: up to four short ones ("Yes", "12", "Seat 2"), two
    of up to 16 letters, longer ones one a row (the lesson's answer panel is a narrow column: three buttons of
    "Сходить костью" were cut to "Сходить ко…"). A phone stacks them anyway."""
    longest = max((len(label) for label in labels), default=0)
    across = 4 if longest <= 7 else 2 if longest <= 16 else 1
    return max(1, min(len(labels), across))


TURN_TELLS = frozenset({"lead_tile"})
"""Quiz kinds whose answer the turn marker narrows although it is not a seat: on a fresh deal the marker stands at
the seat that leads, so "which tile opens?" would be that seat's lowest double (donkey's "4-4 or 6-6", not four)."""


def reveals_answer(step: object) -> bool:
    """Whether the turn marker would give this quiz's answer away (its answer is a seat or a side, or the opening
    tile: ``TURN_TELLS``)."""
    return isinstance(step, QuizStep) and (answer_type(step.ask) in ("seat", "side") or step.ask in TURN_TELLS)


def is_sketch(lesson: Lesson, index: int) -> bool:
    """Whether the step shows a position its lesson marks ``sketch: true`` (its own, or the one it continues)."""
    for step in reversed(lesson.steps[: index + 1]):
        position = getattr(step, "position", None)
        if position is not None:
            return bool(position.sketch)
        if not getattr(step, "from_previous", False):
            return False
    return False


def remember(run: Run) -> None:
    """A "remember" step's points, each pinned."""
    step = run.step
    assert isinstance(step, RememberStep)
    st.markdown(f"**{tr('learn.remember')}**")
    for point in step.points:
        st.info(point.in_(lang()), icon=":material/push_pin:")
