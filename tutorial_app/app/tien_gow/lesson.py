"""A Tien Gow lesson's table in the lesson player: the board, the learner's move and the capstone hand.

Why apart from ``lesson_player``: the line games' lessons place one tile on
an end; a Tien Gow lesson selects tiles and plays or discards them, on the
Tien Gow table (``tien_gow.view``, the Play page's widgets). The player
passes in how to submit a move and how to say something, so the feedback
goes through the same runner calls and boxes as every lesson. Selecting a
tile is never a mistake; pressing Play or Discard with tiles that cannot go
is one, answered with the engine's reason.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.step_hooks import StepHooks
from tutorial_app.app.tien_gow.view import (
    banker_text,
    clear_selection,
    keep_refused,
    selection,
    show_trick_table,
    trick_click,
    trick_controls,
)
from tutorial_app.board.browser import PUT_DOWN
from tutorial_app.board.tien_gow_controller import selected_tiles, valid_selection
from tutorial_app.lessons import LessonRun
from tutorial_app.lessons.format.model import CapstoneStep, PlayStep, QuizStep
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.text import msg
from tutorial_app.rules.tien_gow.worked import describe_plays

__all__ = ["TienGowLessonScreens", "counts_trick_points"]

Hooks = StepHooks[tg.Move]

_CHOOSE_FIRST = msg("Choose the tiles to lay first: click them on the board or below.")

_ASKS_THE_TAKEN_TRICK = frozenset({"trick_taker", "trick_next_leader", "trick_hand_winner", "trick_points"})
"""The quiz kinds whose answer the seats' trick points give away once the trick just taken is added (its
taker's points grow by it; ``trick_points`` is the sum itself). Not ``trick_pays``/``trick_collects``: the
settlement is worked out from the points after the last trick, which the table must show."""


def counts_trick_points(step: object) -> bool:
    """Whether the seats' trick points with the trick on the felt added would give this quiz's answer away (who
    takes it, how many points you have now): the table then shows the points from before it."""
    return isinstance(step, QuizStep) and step.ask in _ASKS_THE_TAKEN_TRICK


def _click(name: str, run: LessonRun, clicked: str, hooks: Hooks) -> None:
    """A click on the table or a button: tiles are selected; Play or Discard submits the selected tiles."""
    state = run.state
    if run.done or run.refuted or run.paused or state is None or state.to_move != run.viewer:
        return
    if clicked == PUT_DOWN:  # tiles picked on the table: the buttons' selection and what the box said of it go
        clear_selection(name)
        hooks.say(None)
        return
    kind, _, value = clicked.partition(":")
    pressed = {tg.Action.PLAY.value, tg.Action.DISCARD.value}
    if (kind == "action" and value in pressed) or kind in pressed:
        # a button press lays the selected tiles; the board reports its own selection ("play:0,3")
        action = value if kind == "action" else kind
        places = selection(name, state, run.viewer) if kind == "action" else _places(value)
        tiles = selected_tiles(state, places, run.viewer)
        if not tiles:
            hooks.say(_CHOOSE_FIRST)
            keep_refused(name, (), _CHOOSE_FIRST)  # the table's next pick makes it go
            return
        move = tg.Move(tg.Action(action), tiles)
        refused = tg.why_illegal(state, move)
        hooks.submit(move)
        if refused is None:
            clear_selection(name)
        else:  # a mistake, counted and explained in the player's box; the position and the selection stand
            keep_refused(name, valid_selection(state, places, run.viewer), refused)
        return
    outcome = trick_click(name, state, run.viewer, clicked)
    if outcome.message is not None:
        hooks.say(outcome.message)


def _places(value: str) -> list[int]:
    """The places of ``"0,3"``."""
    return [int(place) for place in value.split(",") if place.isdigit()]


class TienGowLessonScreens:
    """A Tien Gow step on screen: the trick table, its buttons, the banker and the pause after a trick."""

    def prepared(self, name: str, run: LessonRun, move: tg.Move) -> tg.Move:
        return move

    def board(
        self,
        name: str,
        run: LessonRun,
        state: tg.HandState,
        *,
        presenter: bool,
        height: int,
        show_turn: bool,
        hooks: Hooks,
    ) -> None:
        """The Tien Gow table of the step (interactive on the learner's moves; ``show_turn`` False on a question
        whose answer is a seat, so the table does not give it away; the trick on the felt left out of the seats'
        trick points where the question is who takes it or the points it brings)."""
        step = run.step
        interactive = (
            isinstance(step, (PlayStep, CapstoneStep))
            and not run.done
            and not run.refuted
            and not run.paused
            and state.to_move == run.viewer
        )
        highlight = tuple(str(h) for h in getattr(step, "highlight", None) or [])
        show_trick_table(
            state,
            name=name,
            viewer=run.viewer,
            reveal=run.reveal,
            interactive=interactive,
            highlight=highlight,
            height=760 if presenter else height,
            show_turn=show_turn,
            credit_trick=not counts_trick_points(step),
            on_click=lambda clicked: _click(name, run, clicked, hooks),
        )

    def move_panel(self, name: str, run: LessonRun, state: tg.HandState, hooks: Hooks) -> None:
        """The learner's move: the buttons twin of the table."""
        if run.done or run.paused or state.is_over or state.to_move != run.viewer:
            return
        st.markdown(tr("tg.lesson_prompt"))
        trick_controls(state, run.viewer, name, lambda clicked: _click(name, run, clicked, hooks), per_row=4)

    def capstone_panel(self, name: str, run: LessonRun, step: CapstoneStep, *, resume: Callable[[], None]) -> None:
        """Who banks the capstone hand, the pause after a trick the bots took, and the badge once it is over."""
        table = run.capstone
        if table is None:
            return
        if not any(seat == run.viewer for seat, _ in table.state.moves):
            st.caption(banker_text(table.state, run.viewer, by_lot=True))
            if table.since:  # the bots played before the learner's first turn
                st.caption(describe_plays(table.start, table.since, run.viewer).in_(lang()))
        if run.paused:
            st.info(tr("tg.paused_lesson"), icon=":material/pause_circle:")
            st.button(tr("tg.next_trick"), key=f"{name}_tg_resume", on_click=resume, type="primary")
        if run.done:
            st.success(tr("learn.badge_earned", badge=step.badge.in_(lang())), icon=":material/military_tech:")

    def move_words(self, move: tg.Move) -> str:
        """The right move in words for a presenter ("Play 6-6 + 6-3")."""
        return tr(f"tg.reveal_{move.action.value}", tiles=" + ".join(str(t) for t in move.tiles))
