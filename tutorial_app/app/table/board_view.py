"""The line games' board on a page: the position through the board component, its clicks wired up.

Every line-game board is drawn here (Learn, Play, the club's tables and
classes, presenter mode, Compare, the reviews), through the one board
component (``board_component``) and the line games' adapter
(``board.browser_line``). The page keeps per board (``name``): the chain's
shape, so laying a tile never re-arranges the tiles already on the table,
and the hand last drawn, so the moves since (the bots' replies) are played
on the board one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

import streamlit as st

from tutorial_app.app.shell.session import bump, lang
from tutorial_app.app.shell.state import page_state
from tutorial_app.app.table.board_component import BOT_PACE_MS, board_ahead, board_json, show_board_json
from tutorial_app.app.table.screen import column_width, kept_width, narrow_width
from tutorial_app.board.adjust import Adjusted, adjust_tail, turn_options, with_turn
from tutorial_app.board.browser_line import BoardSize, LinePlay, LineView, Since, line_board, line_layout
from tutorial_app.board.describe import describe_position
from tutorial_app.board.figure import ThemeName
from tutorial_app.board.layout import BoardLayout
from tutorial_app.board.shape import Bend, ChainShape, Step
from tutorial_app.rules.line.moves import why_illegal
from tutorial_app.rules.line.state import ARM_NAMES, End, HandState, play
from tutorial_app.rules.tiles import Tile

__all__ = [
    "show_board",
    "BoardMemory",
    "board_memory",
    "board_theme",
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


PRESENTER_HEIGHT = 620
"""A presenter's board in pixels: on a 1920 x 1080 projector the whole board is on screen under the step's
title, keys, progress and text; its width is its column's, measured."""
PRESENTER_LABEL_PX = 24.0
"""The least size of the seat labels in a presenter's room."""


def board_theme() -> ThemeName:
    """The board's colours for the browser's light or dark theme (the app follows the browser's preference)."""
    try:
        kind = st.context.theme.type
    except Exception:  # a bare run (tests, scripts): no browser to ask
        kind = None
    return "dark" if kind == "dark" else "light"


@dataclass
class BoardMemory:
    """What a line board keeps on this tab between runs (one per board name): the width of the screen it was
    last drawn for (a narrow felt on a phone), the chain's shape (laying a tile never re-arranges the tiles
    already on the table), and the hand it drew last with its layout and the hand before it (the moves since
    are played on the board drawn before)."""

    felt: int | None = None
    shape: ChainShape | None = None
    drawn: tuple[HandState, BoardLayout, Since | None] | None = None


def board_memory(name: str) -> BoardMemory:
    """The kept state of the line board ``name`` on this tab."""
    return page_state(f"_board_{name}", BoardMemory)


def show_board(
    state: HandState,
    *,
    name: str,
    on_click: Callable[[str], None] | None = None,
    selected: Tile | None = None,
    seat: int = 0,
    reveal: bool = False,
    large: bool = False,
    wide: bool = False,
    hints: Iterable[str] = (),
    show_turn: bool = True,
    show_fits: bool = True,
    show_boneyard: bool = True,
    height: int | None = None,
    shape: ChainShape | None = None,
    closed: bool = False,
    turns: Mapping[End, Step] | None = None,
    chain_clicks: bool = False,
    names: Mapping[int, str] | None = None,
    name_viewer: bool = True,
    static: bool = False,
    tile_px: float | None = None,
    width: int | None = None,
    ahead: str | None = None,
    spoken: bool = False,
) -> None:
    """Draw the board; the learner's move comes back as ``on_click("play:6-4:left")`` (a button's twin
    "hand:6-4" then "end:left" goes the same way), a table tile as ``"chain:left:3"`` with ``chain_clicks``.

    ``seat`` is the learner's, drawn at the bottom as "You"; without ``on_click`` the board is only looked
    at. ``selected``: the tile a button chose. ``large``: a tall board (the presenter view); ``wide``: the
    page's full width (``WIDE_SIZE``); ``show_turn``/``show_fits``: the turn marker and the outline of the
    learner's fitting tiles, ``show_boneyard`` the boneyard's count (each off where it would give a quiz's
    answer away). ``spoken``: the page says something of the learner's last click (a warning): the board's next
    pick puts it down (``browser.PUT_DOWN``, reported to ``on_click``). ``closed``: a double the
    learner lays goes face down; ``turns``: the chosen bend per end (the board draws the move that way).
    ``names``: people's names on their seats; ``name_viewer`` False: nobody at the table is "You";
    ``static``: a picture (no hover labels, nothing answers a click, no moves played through); ``width``: the
    pixels it is drawn for where known (a small picture). ``tile_px``: fit the board to its column (measured, on any
    window) with the learner's tiles at least this wide (a lesson's board beside its panel).

    The chain's shape is kept per board in session state, so laying a tile
    never re-arranges the tiles already on the table; ``shape`` lays it out
    another way instead (a lesson showing a re-bent chain).

    ``ahead``: the key of the button that will show ``state`` (the Puzzles page's "Next puzzle"): draw nothing
    and keep nothing on the tab; build the board's JSON as the run after that button will (the board's memory
    then as it is now), so that run finds it made, and give the browser its figure to draw at the button's press.
    """
    size = _size(name, large=large, wide=wide, height=height, tile_px=tile_px, width=width, ahead=ahead is not None)
    memory = board_memory(name)
    kept = shape if shape is not None else memory.shape
    view = LineView(
        seat=seat,
        reveal=reveal,
        hints=tuple(hints),
        show_turn=show_turn,
        show_fits=show_fits,
        lang=lang(),
        theme=board_theme(),
        size=size,
        name_viewer=name_viewer,
        names=tuple(sorted((names or {}).items())),
        show_boneyard=show_boneyard,
    )
    since = None if static else _since(name, state)
    moves = (
        LinePlay(selected, closed, tuple(sorted((turns or {}).items())), chain_clicks, spoken)
        if on_click is not None
        else None
    )
    text, layout = _drawn(state, view, kept, since, moves, static)
    if ahead is not None:
        board_ahead(text, name=name, button=ahead)
        return
    memory.felt = size.screen
    memory.shape, memory.drawn = layout.shape, (state, layout, since)
    show_board_json(text, name=name, on_click=on_click)


@lru_cache(maxsize=64)
def _drawn(
    state: HandState,
    view: LineView,
    shape: ChainShape | None,
    since: Since | None,
    moves: LinePlay | None,
    static: bool,
) -> tuple[str, BoardLayout]:
    """The board's JSON for the component and its layout, built once per server for the same board.

    Why kept for every session: when a class's teacher moves on, every phone in the room draws the same
    board within the same second (the same position, language, theme and size); a hundred phones then
    share one build instead of each laying out the chain, working out every click's answer and writing
    the JSON. Everything the result depends on is in the key; the result is only read.
    """
    words = describe_position(
        state, viewer_seat=view.seat, show_turn=view.show_turn, reveal=view.reveal, show_boneyard=view.show_boneyard
    )
    data, layout = line_board(
        state, view, shape=shape, since=since, moves=moves, alt=words.in_(view.lang), pace_ms=BOT_PACE_MS, static=static
    )
    return board_json(data), layout


def _since(name: str, state: HandState) -> Since | None:
    """The hand board ``name`` showed before this one, and its layout: the moves since are played on it.

    Why kept while the hand stays the same: a run that draws the board again unchanged (another part of the
    page following the move) sends the same data, so the browser goes on playing the moves it was given.
    """
    drawn = board_memory(name).drawn
    if drawn is None:
        return None
    last, layout, before = drawn
    return before if last == state else (last, layout)


def _size(
    name: str,
    *,
    large: bool,
    wide: bool,
    height: int | None,
    tile_px: float | None,
    width: int | None,
    ahead: bool = False,
) -> BoardSize:
    """The pixels board ``name`` is drawn for: the presenter's (as tall as the room's screen allows, as wide as its
    column, no taller than the board needs at that width), a lesson's (fitted to its column), or a page's (full
    width, or a narrow screen's column).
    ``ahead``: the column's width as last measured (a board built for a run to come draws no probe)."""
    if large:
        column = kept_width(name) if ahead else column_width(name)
        return BoardSize(height or PRESENTER_HEIGHT, column, label_px=PRESENTER_LABEL_PX, fit=True)
    if tile_px is not None:
        column = kept_width(name) if ahead else column_width(name)
        return BoardSize(height or 560, screen=column, tile_px=tile_px) if column else BoardSize(height or 560)
    drawn, tall = WIDE_SIZE if wide else (width, 560)
    return BoardSize(height or tall, drawn, kept_width(name) if ahead else narrow_width(name))


def forget_shape(name: str) -> None:
    """Start the next table with a fresh layout (a new deal)."""
    memory = board_memory(name)
    memory.shape, memory.drawn = None, None


def _kept_layout(name: str, state: HandState, shape: ChainShape | None = None) -> BoardLayout:
    """The board's layout as last drawn (the kept shape, or ``shape``, on the current table; a narrow felt on a
    narrow screen)."""
    memory = board_memory(name)
    kept = shape if shape is not None else memory.shape
    return line_layout(state, kept, BoardSize(screen=memory.felt))


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
    board_memory(name).shape = with_turn(_kept_layout(name, state), state.table, end, step)


def adjust_chain(name: str, state: HandState, end: End, index: int, bend: Bend, seat: int) -> Adjusted:
    """Re-bend the chain of board ``name`` at a tile ("правка цепи"); raises AdjustError with the reason."""
    shape, adjusted = adjust_tail(state.table, _kept_layout(name, state), end, index, bend, seat=seat)
    board_memory(name).shape = shape
    bump(name)
    return adjusted
