"""The board on a page: the figure from ``tutorial_app.board`` with its clicks wired up.

Why a wrapper: a Plotly selection persists across reruns and a second click
on the same point deselects it, so each click is handled once in the
``on_select`` callback and the chart's key moves on (a revision counter),
which makes the next render a fresh widget with nothing selected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

import streamlit as st

from tutorial_app.app.shell.session import bump, lang, revision
from tutorial_app.app.table.screen import narrow_width
from tutorial_app.board.adjust import Adjusted, adjust_tail, turn_options, with_turn
from tutorial_app.board.controller import clicked_name
from tutorial_app.board.describe import describe_position
from tutorial_app.board.figure import ThemeName, board_figure
from tutorial_app.board.frame import fitted_height, narrow_felt_width, narrow_frame
from tutorial_app.board.layout import BoardLayout, layout_table
from tutorial_app.board.shape import Bend, ChainShape, Step
from tutorial_app.rules.line.moves import why_illegal
from tutorial_app.rules.line.state import ARM_NAMES, End, HandState, play
from tutorial_app.rules.tiles import Tile

__all__ = [
    "show_board",
    "board_theme",
    "clickable_chart",
    "adjust_chain",
    "forget_shape",
    "turn_choices",
    "keep_turn",
    "WIDE_SIZE",
]

WIDE_SIZE = (900, 680)
"""Width and height in pixels a full-width board is drawn for (the Play page).

Why a width at all: the figure stretches to the page, which Streamlit does
not tell the script, and the board sizes pips and labels in pixels. 900 is
the content width of the wide layout beside the sidebar at a 1280-1400 px
window (about 820-940 px); a wider page only adds felt at the sides, since
the height then limits the tile size. 680 high lets a four-seat table use
that width (its frame is about 32 x 23 tile halves).
"""


def board_theme() -> ThemeName:
    """The board's colours for the browser's light or dark theme (the app follows the browser's preference)."""
    try:
        kind = st.context.theme.type
    except Exception:  # a bare run (tests, scripts): no browser to ask
        kind = None
    return "dark" if kind == "dark" else "light"


@lru_cache(maxsize=64)
def _figure(
    state: HandState,
    seat: int,
    selected: Tile | None,
    hints: tuple[str, ...],
    reveal: bool,
    lang: str,
    layout: BoardLayout,
    height: int,
    width: int | None,
    show_turn: bool,
    show_fits: bool,
    theme: ThemeName,
    hand_scale: float | None,
) -> Any:
    """The board figure, built once per distinct position and view (all inputs are immutable values).

    Why: a rerun that leaves the board as it was (an answer, a hint, a
    language switch back) reuses the figure instead of building it again.
    Streamlit only reads the figure, so sessions may share it.
    """
    return board_figure(
        state,
        viewer_seat=seat,
        selected=selected,
        highlight=hints,
        reveal=reveal,
        lang=lang,
        layout=layout,
        height=height,
        width=width,
        show_turn=show_turn,
        show_fits=show_fits,
        theme=theme,
        hand_scale=hand_scale,
    )


def _points(event: Any) -> list[Any]:
    try:
        points = event["selection"]["points"]
    except (KeyError, TypeError):
        return []
    return list(points or [])


def _on_select(name: str, chart_key: str, on_click: Callable[[str], None]) -> None:
    clicked = clicked_name(_points(st.session_state.get(chart_key)))
    bump(name)
    if clicked:
        on_click(clicked)


def show_board(
    state: HandState,
    *,
    name: str,
    on_click: Callable[[str], None],
    selected: Tile | None = None,
    seat: int = 0,
    reveal: bool = False,
    large: bool = False,
    wide: bool = False,
    hints: tuple[str, ...] = (),
    show_turn: bool = True,
    show_fits: bool = True,
    height: int | None = None,
    shape: ChainShape | None = None,
) -> None:
    """Draw the board; a click on a tile or an end calls ``on_click("hand:6-4" | "end:left")``.

    ``seat`` is the learner's, drawn at the bottom as "You". ``large``: a
    taller board in a column (the presenter view); ``wide``: the board has the
    page's full width (``WIDE_SIZE``); ``show_turn``/``show_fits``: the turn
    marker and the outline of the learner's fitting tiles (off where they
    would give a quiz's answer away).

    The chain's shape is kept per board in session state, so laying a tile
    never re-arranges the tiles already on the table; ``shape`` lays it out
    another way instead (a lesson showing a re-bent chain).
    """
    screen = None if large else narrow_width(name)
    st.session_state[f"_felt_{name}"] = None if screen is None else narrow_felt_width(screen, state.rules.players)
    shape_key = f"_shape_{name}"
    layout = _kept_layout(name, state, shape)
    st.session_state[shape_key] = layout.shape
    width, tall = WIDE_SIZE if wide else (None, 760 if large else 560)
    hand_scale = None
    if screen is not None:
        # A narrow screen: the felt as wide as the column allows with tiles large enough to tap, the figure
        # exactly as tall as it needs (no empty wood), the viewer's tiles larger, in two rows if need be.
        frame = narrow_frame(layout.width, layout.height, state.rules.players, screen, len(state.hand(seat)))
        hand_scale, width = frame.hand_scale, screen
        tall = height = fitted_height(frame, screen)
    figure = _figure(
        state,
        seat,
        selected,
        tuple(hints),
        reveal,
        lang(),
        layout,
        height or tall,
        width,
        show_turn,
        show_fits,
        board_theme(),
        hand_scale,
    )
    words = describe_position(state, viewer_seat=seat, show_turn=show_turn, reveal=reveal)
    clickable_chart(figure, name=name, on_click=on_click, alt=words.in_(lang()))


def clickable_chart(figure: Any, *, name: str, on_click: Callable[[str], None], alt: str | None = None) -> None:
    """Show a board figure whose click layer calls ``on_click(customdata)`` once per click (any table).

    ``alt``: the position in words, the chart's accessible name for screen readers.
    """
    chart_key = f"board_{name}_{revision(name)}"
    st.plotly_chart(
        figure,
        key=chart_key,
        on_select=lambda: _on_select(name, chart_key, on_click),
        selection_mode="points",
        width="stretch",
        config={"displayModeBar": False, "scrollZoom": False},
        alt=alt,
    )


def forget_shape(name: str) -> None:
    """Start the next table with a fresh layout (a new deal)."""
    st.session_state.pop(f"_shape_{name}", None)


def _kept_layout(name: str, state: HandState, shape: ChainShape | None = None) -> BoardLayout:
    """The board's layout as last drawn (the kept shape, or ``shape``, on the current table; a narrow felt on a
    narrow screen)."""
    kept = shape if shape is not None else st.session_state.get(f"_shape_{name}")
    return layout_table(state.table, kept, max_width=st.session_state.get(f"_felt_{name}"))


def turn_choices(name: str, state: HandState, tiles: Iterable[Tile]) -> dict[End, dict[Bend, Step]]:
    """The arm ends where one of ``tiles`` may be laid now with a real choice of direction, and the bends there.

    Only ends with more than one bend are listed: where the chain can only
    go one way there is nothing to choose.
    """
    layout = _kept_layout(name, state)
    choices: dict[End, dict[Bend, Step]] = {}
    for end in ARM_NAMES:
        for tile in tiles:
            if why_illegal(state, play(tile, end)) is not None:
                continue
            options = turn_options(state.table, layout, end, tile)
            if len(options) > 1:
                choices.setdefault(end, {}).update(options)
    return choices


def keep_turn(name: str, state: HandState, end: End, step: Step) -> None:
    """Keep the chosen bend of the tile about to be laid on ``end`` of ``state`` (call once the move stands).

    The next ``show_board`` lays the table out with it, as the board's
    ``with_turn`` describes.
    """
    st.session_state[f"_shape_{name}"] = with_turn(_kept_layout(name, state), state.table, end, step)


def adjust_chain(name: str, state: HandState, end: End, index: int, bend: Bend, seat: int) -> Adjusted:
    """Re-bend the chain of board ``name`` at a tile ("правка цепи"); raises AdjustError with the reason."""
    shape, adjusted = adjust_tail(state.table, _kept_layout(name, state), end, index, bend, seat=seat)
    st.session_state[f"_shape_{name}"] = shape
    bump(name)
    return adjusted
