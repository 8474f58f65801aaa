"""A line game's lesson step in the lesson player: the board, the learner's move and the capstone hand.

Why apart from ``learn.lesson_player``: a line game's lesson places one tile
on an end (a tile, then the circle where it goes, or the buttons: the Play
page's click model, ``controls.table_click``), while a Tien Gow lesson
selects tiles and plays or discards them (``tien_gow.lesson``). The player
passes in how to submit a move and how to say something, so the feedback
goes through the same runner calls and boxes for every game; only placing a
tile can be a mistake.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.step_hooks import StepHooks
from tutorial_app.app.table import controls
from tutorial_app.app.table.board_view import show_board
from tutorial_app.app.table.records import lead_reason
from tutorial_app.board.adjust import bent_shape
from tutorial_app.board.browser import PUT_DOWN
from tutorial_app.board.shape import ChainShape
from tutorial_app.lessons import LessonRun
from tutorial_app.lessons.format.model import CapstoneStep, PlayStep, QuizStep
from tutorial_app.rules.line.state import Action, HandState, Move, Table

__all__ = ["LineLessonScreens", "LEARN_TILE_PX", "counts_boneyard", "step_board", "step_shape"]

LEARN_TILE_PX = 46.0
"""The least width in pixels of the learner's tiles on a lesson's board (pips then about 9 px): the board is
fitted to its column with tiles that large, so a quiz that asks to read them can be read."""

Hooks = StepHooks[Move]


def counts_boneyard(step: object) -> bool:
    """Whether the boneyard's count on the board would give this quiz's answer away (how many may be drawn)."""
    return isinstance(step, QuizStep) and step.ask == "drawable"


def step_shape(step: object, table: Table) -> ChainShape | None:
    """The chain as the step bends it (its ``bends``, as a player straightens a tail), or None: its own shape."""
    bends = [(b.at, b.bend) for b in getattr(step, "bends", None) or []]
    return bent_shape(table, bends) if bends else None


def step_board(
    name: str,
    run: LessonRun,
    state: HandState,
    *,
    large: bool,
    height: int,
    show_turn: bool,
    on_click: Callable[[str], None] | None = None,
) -> None:
    """A lesson step's board, in the lesson player and on a class's wall and phones: the viewer's seat below, the
    step's highlights and bends drawn, the boneyard's count hidden where the quiz asks for it, the learner's tiles
    large enough to read (``LEARN_TILE_PX``) unless ``large`` (a presenter's); clickable with ``on_click``."""
    step = run.step
    interactive = on_click is not None
    show_board(
        state,
        name=name,
        seat=run.viewer,
        selected=controls.selected_tile(name) if interactive else None,
        large=large,
        hints=tuple(str(h) for h in getattr(step, "highlight", None) or []),
        show_turn=show_turn,
        show_fits=interactive,
        show_boneyard=not counts_boneyard(step),
        reveal=run.reveal,
        height=None if large else height,
        shape=step_shape(step, state.table),
        on_click=on_click,
        closed=controls.face_down(name),
        tile_px=None if large else LEARN_TILE_PX,
    )


def _click(name: str, run: LessonRun, clicked: str, hooks: Hooks) -> None:
    """A board click or a button: the shared click model; only placing a tile can be a mistake."""
    if run.done or run.refuted or run.state is None:
        return
    if clicked == PUT_DOWN:  # a tile picked on the board: the buttons follow it, the note on their tile goes
        controls.set_selected(name, None)
        hooks.say(None)
        return
    outcome = controls.table_click(name, run.state, run.viewer, clicked, closed=controls.face_down(name))
    if outcome.move is not None:
        hooks.submit(outcome.move)
    elif outcome.attempt is not None:
        hooks.submit(outcome.attempt)  # a mistake, counted and explained; the position stands
        # and so does the tile picked: the board keeps it lifted and the buttons offer its ends again (the player
        # puts a selection down after every move it takes)
        controls.set_selected(name, outcome.selected)
    else:
        hooks.say(outcome.message)


class LineLessonScreens:
    """A line game's step on screen: the chain's board, the tile and end buttons, who led the capstone hand."""

    def prepared(self, name: str, run: LessonRun, move: Move) -> Move:
        """The move with the All Fives points the learner typed, where the step's rules want them announced."""
        state: HandState | None = run.state
        return controls.with_typed_claim(state.rules, name, move) if state is not None else move

    def board(
        self,
        name: str,
        run: LessonRun,
        state: HandState,
        *,
        presenter: bool,
        height: int,
        show_turn: bool,
        hooks: Hooks,
    ) -> None:
        """The chain and the hands (clickable on the learner's moves; the step's highlights and bends drawn)."""
        step = run.step
        interactive = isinstance(step, (PlayStep, CapstoneStep)) and not run.done and not run.refuted
        step_board(
            name,
            run,
            state,
            large=presenter,
            height=height,
            show_turn=show_turn,
            on_click=(lambda c: _click(name, run, c, hooks)) if interactive else None,
        )

    def move_panel(self, name: str, run: LessonRun, state: HandState, hooks: Hooks) -> None:
        """The learner's move: the prompt and the button twins of the board."""
        if run.done or state.to_move != run.viewer or state.is_over:
            return
        st.markdown(tr("learn.play_prompt"))
        controls.move_options(state.rules, name, state.hand(run.viewer))
        controls.move_controls(
            state, run.viewer, lambda clicked: _click(name, run, clicked, hooks), hooks.submit, key=name, per_row=4
        )

    def capstone_panel(self, name: str, run: LessonRun, step: CapstoneStep, *, resume: Callable[[], None]) -> None:
        """Who led the capstone hand (until the learner has moved), and the badge once it is over."""
        table = run.capstone
        if table is None:
            return
        if not table.state.log or all(seat != run.viewer for seat, *_ in table.state.log):
            st.caption(lead_reason(table.dealt.lead, lang(), run.viewer))
        if run.done:
            st.success(tr("learn.badge_earned", badge=step.badge.in_(lang())), icon=":material/military_tech:")

    def move_words(self, move: Move) -> str:
        """The right move in words for a presenter ("Play 6-4 on the left end", "Draw")."""
        if move.action is Action.PLAY:
            return tr("learn.reveal_play", tile=str(move.tile), end=tr(f"end.{move.end}"))
        return tr(f"action.{move.action.value}")
