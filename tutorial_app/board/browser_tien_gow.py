"""The Tien Gow table's adapter for the board component: a hand of Tien Gow as ``browser.BoardData``.

The same component as the line games, the same answers in the browser: a
click on a tile of the hand lifts it at once (several, up to what may be
laid now), the table's Play and Discard buttons (and their twins under
the table) light up for a selection that may go that way, and a press
lays the tiles in the learner's place of the trick at once; the browser
reports the whole move (``play:0,3``), the rules core checks it. A
selection that may not go is reported as it is and the rules core says
why. The tile drawer is the table's own (``tien_gow_figure``).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import NamedTuple, Unpack

from tutorial_app.board.browser import (
    PICK_JOIN,
    Answers,
    BoardData,
    LocalMove,
    Pick,
    Presentation,
    board_data,
    moves_added,
)
from tutorial_app.board.figure import THEMES, Picture, ThemeName
from tutorial_app.board.overlay import Shape, cover, lifted, outlined
from tutorial_app.board.tien_gow_controller import handle_click, lay_count, limit_text, selection_hint
from tutorial_app.board.tien_gow_figure import spot_part, tien_gow_picture
from tutorial_app.board.tien_gow_layout import layout_tien_gow
from tutorial_app.rules.tien_gow.moves import IllegalMoveError, apply, legal_moves, normalize
from tutorial_app.rules.tien_gow.state import Action, HandState, Move

__all__ = ["TableView", "TablePlay", "table_picture", "tien_gow_board", "replayed_tricks", "AHEAD_MOVES"]

AHEAD_MOVES = 12
"""At most this many moves get their figure drawn ahead (every one gets its instant layer): following a
trick of four, every four tiles may be laid face down, and 70 tables would cost the server too long."""


class TableView(NamedTuple):
    """How the table is shown: everything but the hand (see ``tien_gow_figure.tien_gow_picture``); ``screen``:
    the width of a narrow screen's column, which the table is fitted to (as the line games' ``BoardSize``);
    ``credit_trick`` False: the seats' trick points leave out the trick taken on the felt (a lesson's question)."""

    viewer: int = 0
    reveal: bool = False
    highlight: tuple[str, ...] = ()
    show_turn: bool = True
    lang: str = "en"
    theme: ThemeName = "light"
    height: int = 610
    width: int | None = None
    buttons: bool = True
    screen: int | None = None
    credit_trick: bool = True


class TablePlay(NamedTuple):
    """The learner's part: the places a button already selected; ``spoken``: the page says something of the last
    click (``browser.Answers.spoken``); ``twins``: the page's buttons under the table by key and the click on the
    table each stands for (``browser.Answers.twins``)."""

    picked: tuple[int, ...] = ()
    spoken: bool = False
    twins: tuple[tuple[str, str], ...] = ()


@lru_cache(maxsize=128)
def table_picture(state: HandState, view: TableView) -> Picture:
    """The table as ``view`` shows it (kept for later runs, as ``browser_line.line_picture``)."""
    return tien_gow_picture(
        state,
        viewer_seat=view.viewer,
        reveal=view.reveal,
        highlight=view.highlight,
        show_turn=view.show_turn,
        show_buttons=view.buttons,
        credit_trick=view.credit_trick,
        lang=view.lang,
        theme=view.theme,
        height=view.height,
        width=view.width if view.screen is None else view.screen,
        narrow=view.screen is not None,
    )


def replayed_tricks(since: HandState | None, now: HandState) -> tuple[HandState, ...]:
    """The hands between ``since`` and ``now`` after each move in turn (``now`` left out), when ``now`` grew
    from ``since`` by moves; else none."""
    if since is None or since.rules != now.rules:
        return ()
    states: list[HandState] = []
    state = since
    try:
        for _seat, move in moves_added(since.moves, now.moves):
            state = apply(state, move)
            states.append(state)
    except IllegalMoveError:  # two positions set up apart (a lesson's steps) that only share their first moves
        return ()
    return tuple(states[:-1]) if state == now else ()


def tien_gow_board(
    state: HandState,
    view: TableView,
    *,
    since: HandState | None = None,
    play: TablePlay | None = None,
    **presentation: Unpack[Presentation],
) -> BoardData:
    """The component's data for the table now, after the tables since ``since``; ``play`` None: only looked at
    (``presentation``: ``board_data``'s alt text, pace and ``static``)."""
    shown = view._replace(buttons=view.buttons and play is not None)
    picture = table_picture(state, shown)
    earlier = [table_picture(before, shown).figure for before in replayed_tricks(since, state)]
    answers = _answers(state, shown, picture, play) if play is not None else None
    return board_data(picture.figure, earlier=earlier, answers=answers, **presentation)


def _answers(state: HandState, view: TableView, picture: Picture, play: TablePlay) -> Answers:
    viewer = view.viewer
    if state.is_over or state.to_move != viewer:
        said = handle_click(state, (), "hand:0", viewer_seat=viewer).message
        return Answers({}, {}, idle=said.in_(view.lang) if said is not None else None)
    colours = THEMES[view.theme]
    picks: dict[str, Pick] = {}
    for place in range(len(state.hands[viewer])):
        name = f"hand:{place}"
        part = picture.parts[name]
        rise = picture.rises[name]
        picks[name] = Pick(
            (cover(part, picture.wood), *lifted(part.shapes, rise), outlined(part, colours.selected, dy=rise))
        )
    wanted = lay_count(state)
    selections: dict[str, Pick] = {}
    ahead: list[tuple[str, Move, tuple[int, ...]]] = []
    legal = set(legal_moves(state))
    for size in range(1, min(wanted, len(picks)) + 1):
        for places in combinations(range(len(picks)), size):
            key = PICK_JOIN.join(sorted(f"hand:{place}" for place in places))
            hint = selection_hint(state, places, viewer)
            layer = _buttons(picture, hint.can_play, hint.can_discard)
            lit = tuple(
                action for action, can in ((Action.PLAY, hint.can_play), (Action.DISCARD, hint.can_discard)) if can
            )
            # the buttons it lights on the table light their twins under it too
            selections[key] = Pick(layer, hint.text.in_(view.lang), tuple(f"action:{action.value}" for action in lit))
            tiles = tuple(sorted((state.hands[viewer][place] for place in places), key=lambda t: (t.lo, t.hi)))
            for action in lit:
                move = normalize(Move(action, tiles))
                if move in legal:
                    ahead.append((key, move, places))
    moves = {
        f"{key}|action:{move.action.value}": _move(state, view, picture, move, places, len(ahead) <= AHEAD_MOVES)
        for key, move, places in ahead
    }
    return Answers(
        picks,
        moves,
        selections=selections,
        limit=wanted,
        limit_note=limit_text(wanted).in_(view.lang) if wanted > 1 else None,
        fallback={"action:play": "play:{picks}", "action:discard": "discard:{picks}"},
        picked=tuple(f"hand:{place}" for place in play.picked if f"hand:{place}" in picks),
        spoken=play.spoken,
        twins=dict(play.twins),
    )


def _buttons(picture: Picture, can_play: bool, can_discard: bool) -> tuple[Shape, ...]:
    """The Play and Discard buttons as a selection lights them up."""
    shapes: list[Shape] = []
    for action, lit in ((Action.PLAY, can_play), (Action.DISCARD, can_discard)):
        part = picture.parts.get(f"action:{action.value}:{'on' if lit else 'off'}")
        if part is not None:
            shapes.extend(part.shapes)
    return tuple(shapes)


def _move(
    state: HandState, view: TableView, picture: Picture, move: Move, places: tuple[int, ...], draw_ahead: bool
) -> LocalMove:
    """The tiles leave the hand and lie in the learner's place of the trick at once (face down for a discard)."""
    after = apply(state, move)
    layer: list[Shape] = [cover(picture.parts[f"hand:{place}"], picture.wood) for place in places]
    layer.extend(_buttons(picture, False, False))
    table = layout_tien_gow(
        after, viewer_seat=view.viewer, reveal=view.reveal, show_turn=view.show_turn, credit_trick=view.credit_trick
    )
    colours = THEMES[view.theme]
    for spot in table.tiles:
        if spot.place == "trick" and spot.seat == view.viewer:
            layer.extend(spot_part(spot, colours).shapes)
    report = f"{move.action.value}:{','.join(str(place) for place in places)}"
    return LocalMove(report, tuple(layer), table_picture(after, view).figure if draw_ahead else None)
