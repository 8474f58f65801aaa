"""The line games' adapter for the board component: a hand in play as ``browser.BoardData``.

The one figure builder (``figure.board_picture``) draws the board now, the
boards since the last one the browser drew, and the board after each move
the learner may make; its parts (the learner's tiles, the tiles on the
table) become what the browser draws at once: a tile lifted with a target
at each end where it may go, then the tile leaving the hand for its place
in the chain. The click model is the controller's (``controller``): a
tile, then the end; the browser reports the move whole (``play:6-4:left``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Unpack

from tutorial_app.board.adjust import with_turn
from tutorial_app.board.browser import (
    Answers,
    BoardData,
    LocalMove,
    Pick,
    Presentation,
    ReplayStep,
    board_data,
    figure_key,
    moves_added,
)
from tutorial_app.board.controller import handle_click
from tutorial_app.board.figure import THEMES, Picture, ThemeName, board_picture, placed_part, target_ends, target_size
from tutorial_app.board.frame import TAP_TILE_PX, fitted_height, narrow_felt_width, narrow_frame
from tutorial_app.board.layout import BoardLayout, layout_table
from tutorial_app.board.overlay import Part, Shape, cover, lifted, outlined, ring
from tutorial_app.board.shape import ChainShape, Step
from tutorial_app.rules.line.moves import IllegalMoveError, apply, why_illegal
from tutorial_app.rules.line.state import ARM_NAMES, Action, End, HandState, Move, play
from tutorial_app.rules.tiles import Tile

__all__ = [
    "BoardSize",
    "LineView",
    "LinePlay",
    "Played",
    "Since",
    "line_layout",
    "line_picture",
    "line_board",
    "played_between",
    "replayed",
    "step_key",
]


class BoardSize(NamedTuple):
    """The pixels a board is drawn for: ``height`` (and ``width`` when known), or a column ``screen`` pixels
    wide the board is fitted to (phones, tablets, a lesson's column: the felt no wider than the column allows,
    the viewer's tiles at least ``tile_px`` wide, the figure as tall as it needs). ``label_px``: the least size
    of the seat labels (the presenter's room). ``fit``: with ``width``, ``height`` is the most, and the figure
    is no taller than the board needs at that width (a presenter's board in a column narrower than the board's
    shape: the class's wall beside the teacher's panel), where it would show bands of empty wood."""

    height: int = 560
    width: int | None = None
    screen: int | None = None
    tile_px: float = TAP_TILE_PX
    label_px: float = 0.0
    fit: bool = False


class LineView(NamedTuple):
    """How a hand is shown: everything but the position (see ``figure.board_picture`` for each)."""

    seat: int = 0
    reveal: bool = False
    hints: tuple[str, ...] = ()
    show_turn: bool = True
    show_fits: bool = True
    lang: str = "en"
    theme: ThemeName = "light"
    size: BoardSize = BoardSize()
    name_viewer: bool = True
    names: tuple[tuple[int, str], ...] = ()
    show_boneyard: bool = True


class LinePlay(NamedTuple):
    """What the learner's clicks may do: pick tiles and lay them (``picked``: the tile a button chose;
    ``closed``: lay a double face down; ``turns``: the chosen bend's step per end, as pairs, so that a board's
    moves can key a cache), click table tiles (``chain_clicks``: reported, to re-bend the chain there).
    ``spoken``: the page says something of the last click (``browser.Answers.spoken``)."""

    picked: Tile | None = None
    closed: bool = False
    turns: tuple[tuple[End, Step], ...] = ()
    chain_clicks: bool = False
    spoken: bool = False


def line_layout(state: HandState, shape: ChainShape | None, size: BoardSize) -> BoardLayout:
    """The chain laid out with the kept ``shape``, on a felt as narrow as a narrow screen's column."""
    felt = narrow_felt_width(size.screen, state.rules.players) if size.screen is not None else None
    return layout_table(state.table, shape, max_width=felt)


@lru_cache(maxsize=256)
def line_picture(state: HandState, view: LineView, layout: BoardLayout) -> Picture:
    """The board as ``view`` shows it, at its size (a narrow screen: the figure as tall as its frame needs).

    Kept for later runs (all inputs are immutable values; nobody changes a picture): the board after the
    learner's move, drawn ahead for the browser, is the first of the next run's boards, and a run that
    leaves the board as it was draws nothing again.
    """
    size = view.size
    width, height, hand_scale, fit = size.width, size.height, None, size.fit and size.width is not None
    if size.screen is not None:
        count = len(state.hand(view.seat))
        frame = narrow_frame(layout.width, layout.height, state.rules.players, size.screen, count, size.tile_px)
        # as tall as it needs: the labels' room, known to the figure, may add to the frame's own
        hand_scale, width, height, fit = frame.hand_scale, size.screen, 4 * fitted_height(frame, size.screen), True
    return board_picture(
        state,
        viewer_seat=view.seat,
        highlight=view.hints,
        reveal=view.reveal or state.is_over,
        lang=view.lang,
        layout=layout,
        height=height,
        width=width,
        show_turn=view.show_turn,
        show_fits=view.show_fits,
        theme=view.theme,
        hand_scale=hand_scale,
        name_viewer=view.name_viewer,
        names=dict(view.names),
        label_px=size.label_px,
        show_boneyard=view.show_boneyard,
        fit=fit,
    )


class Played(NamedTuple):
    """One move between two boards: who made it, the move, the hand after it."""

    seat: int
    move: Move
    after: HandState


def played_between(since: HandState | None, now: HandState) -> tuple[Played, ...]:
    """The moves that led from ``since`` to ``now``, each with the hand after it (the last one's is ``now``), when
    ``now`` grew from ``since`` by moves; else none (a new deal, an undo, a view that hides what was drawn)."""
    if since is None or since.rules != now.rules:
        return ()
    played: list[Played] = []
    state = since
    try:
        for seat, move, _drawn, _points in moves_added(since.log, now.log):
            state = apply(state, move)
            played.append(Played(seat, move, state))
    except IllegalMoveError:  # two positions set up apart (a lesson's steps) that only share their first moves
        return ()
    return tuple(played) if state == now else ()


def replayed(since: HandState | None, now: HandState) -> tuple[HandState, ...]:
    """The hands between ``since`` and ``now`` after each move in turn (``now`` left out); see ``played_between``."""
    return tuple(step.after for step in played_between(since, now)[:-1])


def step_key(played: Played) -> str:
    """The name of a move played on the board: the same for the learner's move drawn ahead and the server's step."""
    move = played.move
    what = f"{move.tile}:{move.end}" if move.action is Action.PLAY else move.action.value
    return f"move:{len(played.after.log)}:{played.seat}:{what}"


Since = tuple[HandState, BoardLayout]
"""The hand the browser drew last and its layout."""


def line_board(
    state: HandState,
    view: LineView,
    *,
    shape: ChainShape | None = None,
    since: Since | None = None,
    moves: LinePlay | None = None,
    **presentation: Unpack[Presentation],
) -> tuple[BoardData, BoardLayout]:
    """The component's data for ``state`` and the layout drawn (keep both for the next board, as ``since``).

    ``since``: the hand the browser drew last and its layout (the moves in between are played first);
    ``moves``: how the learner may play on this board (None: a board to look at); ``presentation``: ``board_data``'s
    alt text, pace and ``static``.
    """
    layout = line_layout(state, shape, view.size)
    picture = line_picture(state, view, layout)
    steps: tuple[ReplayStep, ...] = ()
    start: str | None = None
    # a static board, and another table's (other rules), are drawn afresh
    if since is not None and not presentation.get("static") and since[0].rules == state.rules:
        before = line_picture(since[0], view, since[1])
        steps = _steps(since[0], since[1], before, played_between(since[0], state)[:-1], layout.shape, view)
        start = figure_key(before.figure)
    answers = _answers(state, view, picture, layout, moves) if moves is not None else None
    data = board_data(picture.figure, steps=steps, replay_from=start, answers=answers, **presentation)
    return data, layout


def _steps(
    since: HandState,
    since_layout: BoardLayout,
    before: Picture,
    played: tuple[Played, ...],
    shape: ChainShape,
    view: LineView,
) -> tuple[ReplayStep, ...]:
    """Each move played over the board the browser shows: the tiles left so far gone from their hands, the tiles
    laid so far in their places, the last one outlined. Stops where the chain was laid out anew (the final board
    then shows it)."""
    steps: list[ReplayStep] = []
    covers: list[Shape] = []
    laid: list[Shape] = []
    taken: dict[int, int] = {}
    for step in played:
        move = step.move
        if move.action is not Action.PLAY or move.tile is None:
            continue
        after_layout = line_layout(step.after, shape, view.size)
        placement = next((p for p in after_layout.placements if p.tile is move.tile), None)
        if placement is None or not _chain_kept(since_layout, after_layout):
            break
        left = _hand_part(since, before, step.seat, move.tile, taken, view.seat)
        if left is not None:
            covers.append(cover(left, before.wood))
        drawn = placed_part(placement, view.theme, before.px_per_unit)
        last = outlined(drawn, THEMES[view.theme].last)
        steps.append(ReplayStep(step_key(step), layer=(*covers, *laid, *drawn.shapes, last)))
        laid.extend(drawn.shapes)
    return tuple(steps)


def _hand_part(
    since: HandState, before: Picture, seat: int, tile: Tile, taken: dict[int, int], viewer: int
) -> Part | None:
    """The tile of ``seat``'s hand, as the board the browser shows drew it, that the move took: the tile itself
    where the hand is drawn face up, else the last back not taken yet (a hidden hand shows no tile's place)."""
    if seat == viewer and f"hand:{tile}" in before.parts:
        return before.parts[f"hand:{tile}"]
    hand = since.hand(seat)
    if tile in hand and before.parts.get(f"seat{seat}:{hand.index(tile)}") is not None:
        face_up = len(before.parts[f"seat{seat}:{hand.index(tile)}"].shapes) > 1
        if face_up:
            return before.parts[f"seat{seat}:{hand.index(tile)}"]
    taken[seat] = taken.get(seat, 0) + 1
    return before.parts.get(f"seat{seat}:{len(hand) - taken[seat]}")


def _chain_kept(before: BoardLayout, after: BoardLayout) -> bool:
    """Whether every tile on the table lies where it lay (then a new tile may be drawn over the old board)."""
    where = {p.tile: (p.cx, p.cy, p.vertical) for p in after.placements}
    return all(where.get(p.tile) == (p.cx, p.cy, p.vertical) for p in before.placements)


def _answers(state: HandState, view: LineView, picture: Picture, layout: BoardLayout, play_: LinePlay) -> Answers:
    sends = ("chain:",) if play_.chain_clicks and not state.is_over else ()
    seat = view.seat
    if state.is_over or state.to_move != seat:
        tiles = state.hand(seat)
        said = handle_click(state, None, f"hand:{tiles[0]}", viewer_seat=seat).message if tiles else None
        return Answers({}, {}, sends=sends, idle=said.in_(view.lang) if said is not None else None)
    picks: dict[str, Pick] = {}
    moves: dict[str, LocalMove] = {}
    for tile in state.hand(seat):
        name = f"hand:{tile}"
        ends = target_ends(state, tile)
        picks[name] = _pick(state, view, picture, tile, ends)
        for end in ends:
            moves[f"{name}|end:{end}"] = _move(
                state, view, picture, layout, _play(state, tile, end, play_.closed), play_
            )
    picked = (f"hand:{play_.picked}",) if play_.picked is not None and f"hand:{play_.picked}" in picks else ()
    return Answers(picks, moves, sends=sends, picked=picked, spoken=play_.spoken)


def _play(state: HandState, tile: Tile, end: End, closed: bool) -> Move:
    """The play of ``tile`` on ``end``: face down when the learner asked for it and the rules allow it (or when
    only that is legal), else face up."""
    options = (
        (play(tile, end, closed=True), play(tile, end)) if closed else (play(tile, end), play(tile, end, closed=True))
    )
    return next((move for move in options if why_illegal(state, move) is None), options[0])


def _pick(state: HandState, view: LineView, picture: Picture, tile: Tile, ends: list[End]) -> Pick:
    """The tile lifted and outlined, a target at each end where it may go (or why it fits nowhere)."""
    name = f"hand:{tile}"
    part = picture.parts[name]
    rise = picture.rises.get(name, 0.0)
    colours = THEMES[view.theme]
    size = target_size(picture.px_per_unit)
    targets = [ring(*picture.ends[end], size, colours.target, name=f"end:{end}") for end in ends if end in picture.ends]
    layer: tuple[Shape, ...] = (
        cover(part, picture.wood),
        *lifted(part.shapes, rise),
        outlined(part, colours.selected, dy=rise),
        *targets,
    )
    note = None
    if not ends:
        said = handle_click(state, None, name, viewer_seat=view.seat).message
        note = said.in_(view.lang) if said is not None else None
    return Pick(layer, note)


def _move(
    state: HandState, view: LineView, picture: Picture, layout: BoardLayout, move: Move, play_: LinePlay
) -> LocalMove:
    """The tile leaves the hand and lies in its place on the table at once (the server's board follows)."""
    tile, end = move.tile, move.end
    assert tile is not None and end is not None
    after = apply(state, move)
    step = dict(play_.turns).get(end) if end in ARM_NAMES else None
    shape = with_turn(layout, state.table, end, step) if step is not None else layout.shape
    after_layout = line_layout(after, shape, view.size)
    layer: list[Shape] = [cover(picture.parts[f"hand:{tile}"], picture.wood)]
    placement = next((p for p in after_layout.placements if p.tile is tile), None)
    if placement is not None and _chain_kept(layout, after_layout):
        laid = placed_part(placement, view.theme, picture.px_per_unit)
        layer.extend(laid.shapes)
        layer.append(outlined(laid, THEMES[view.theme].last))
    key = step_key(Played(state.to_move, move, after))
    return LocalMove(f"play:{tile}:{end}", tuple(layer), key=key)
