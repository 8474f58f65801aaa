"""The Play page's table of a line game: the board, the moves, the hand's end, the score sheet and the record.

Why a module of its own: the Play page is one page for every game; what it
shows of a line game's table (the chain with its directions and re-bends,
the tile and end buttons, the coach, the hand's worked end, the score
sheet, the record) is here, and Tien Gow's in ``tien_gow.play``; the page
asks ``app.games`` which to show. The table and what goes with it are the
page's typed state (``shell.play_page.PlayPage``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from tutorial_app.app.play.seat_bots import chosen_bots, opponents_text, seat_bot_picker
from tutorial_app.app.play.table import HUMAN, PlayTable, human_move, next_hand, start_table, undo
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.play_page import play_page
from tutorial_app.app.shell.rules_picker import RuleChoice, preset_name
from tutorial_app.app.shell.session import bump, lang, revision, tr
from tutorial_app.app.shell.state import page_state
from tutorial_app.app.table.board_component import follow_board, keep_in_sight
from tutorial_app.app.table.board_view import adjust_chain, forget_shape, keep_turn, show_board, turn_choices
from tutorial_app.app.table.controls import (
    direction_buttons,
    face_down,
    move_controls,
    move_options,
    selected_tile,
    set_selected,
    table_click,
    with_typed_claim,
)
from tutorial_app.app.table.hand_review import hand_review
from tutorial_app.app.table.hint_panel import hint_panel
from tutorial_app.app.table.records import (
    hand_line,
    hand_log,
    lead_reason,
    partners_line,
    result_lines,
    score_rows,
    seat_label,
    side_label,
)
from tutorial_app.board.adjust import BENDS, AdjustError
from tutorial_app.board.browser import PUT_DOWN
from tutorial_app.board.layout import Bend, Step
from tutorial_app.i18n import Lang
from tutorial_app.rules.game import AnyGame
from tutorial_app.rules.games import UnknownGameError
from tutorial_app.rules.line.deal import LeadDecision
from tutorial_app.rules.line.moves import IllegalMoveError
from tutorial_app.rules.line.state import ARM_NAMES, End, Move
from tutorial_app.rules.text import Text
from tutorial_app.strategy.bot_table import BotTable

__all__ = ["LinePlayScreens"]


@dataclass
class DealtTitle:
    """The club's titles of the rule set the Play table was dealt with: the table keeps its name as a string (the
    title in the language it was dealt in, ``name``), and the header names it in the page's language from
    ``title``, as it names a preset. None: a preset (its name is its key)."""

    name: str = ""
    title: Text | None = None


def _dealt_title() -> DealtTitle:
    return page_state("play_dealt_title", DealtTitle)


def _say(reason: Text | None) -> None:
    play_page().feedback = reason
    if reason is not None:
        bump("play_said")  # a new warning: it comes into sight (``_hand_and_moves``)


def _fresh_table() -> None:
    set_selected("play", None)
    state = play_page()
    state.adjust_at, state.adjustments, state.direction = None, (), None
    _say(None)
    forget_shape("play")
    bump("play")


def _adjust(bend: Bend) -> None:
    """Re-bend the chain at the clicked tile; not a move, but written into the game record."""
    table = play_page().table
    state = play_page()
    where, state.adjust_at = state.adjust_at, None
    if table is None or where is None:
        return
    end, index = where
    try:
        adjusted = adjust_chain("play", table.state, end, index, bend, HUMAN)
    except AdjustError as exc:
        _say(exc.reason)
        return
    state.adjustments = (*state.adjustments, (len(table.state.log), adjusted))
    _say(None)


def _direction(bend: Bend) -> None:
    """The learner's choice of direction for the next tile (kept until it is laid)."""
    play_page().direction = bend


def _chosen_step(table: PlayTable, move: Move) -> Step | None:
    """The step of the chosen direction when it is possible for this move (None: the chain lays itself)."""
    bend = play_page().direction
    if bend is None or move.tile is None or move.end not in ARM_NAMES:
        return None
    return turn_choices("play", table.state, [move.tile]).get(move.end, {}).get(bend)


def _turns(table: PlayTable) -> dict[End, Step]:
    """The chosen direction's step at each end where it is possible now (the board draws a move that way)."""
    bend = play_page().direction
    if bend is None or table.state.to_move != HUMAN:
        return {}
    choices = turn_choices("play", table.state, table.state.hand(HUMAN))
    return {end: steps[bend] for end, steps in choices.items() if bend in steps}


def _move(move: Move) -> None:
    table = play_page().table
    if table is None:
        return
    move = with_typed_claim(table.rules, "play", move)
    step = _chosen_step(table, move)
    try:
        play_page().table = human_move(table, move)
        _say(None)
    except IllegalMoveError as exc:
        _say(exc.reason)
    else:
        if step is not None and move.end is not None:
            keep_turn("play", table.state, move.end, step)
        play_page().direction = None
    set_selected("play", None)


def _click(name: str) -> None:
    """A board click or its button twin ("hand:6-4", "end:left"): the click model the lessons use too."""
    table = play_page().table
    if table is None:
        return
    if name == PUT_DOWN:  # a tile picked on the board: its picks are the learner's now, a warning of the old one goes
        set_selected("play", None)
        _say(None)
        return
    outcome = table_click("play", table.state, HUMAN, name, closed=face_down("play"))
    _say(outcome.message)
    if outcome.chain is not None and not table.hand_over:
        arm, index = outcome.chain
        end = next((end for end in ARM_NAMES if end == arm), None)  # a tile on one of the chain's arms
        if end is not None:
            play_page().adjust_at = (end, index)
    if outcome.move is not None:
        _move(outcome.move)


def _undo() -> None:
    table = play_page().table
    if table is not None:
        play_page().table = undo(table)
        set_selected("play", None)
        play_page().direction = None
        _say(None)


def _next_hand() -> None:
    table = play_page().table
    if table is not None and table.can_continue:
        play_page().table = next_hand(table)
        _fresh_table()


def _rules_name(name: str, current: Lang) -> str:
    """A preset's short name in the learner's language ("Блок" for ``block``), or a club rule set's own title in
    it (Markdown showing exactly the characters typed)."""
    try:
        return preset_name(name, current)
    except UnknownGameError:
        dealt = _dealt_title()
        title = dealt.title.in_(current) if dealt.title is not None and dealt.name == name else name
        return plain(title, 120)


def _header(table: PlayTable, current: Lang) -> None:
    """Which game and hand this is, who the partners are, who led and why."""
    rules = table.rules
    st.caption(
        tr(
            "play.header",
            rules=_rules_name(table.name, current),
            hand=table.hand_no + 1,
            bot=opponents_text(rules, table.seats, current),
        )
    )
    if rules.in_pairs:
        st.caption(partners_line(rules, HUMAN, current))
    lead = table.dealt.lead
    # the lead's sentence says what the leader may lead: no second "any tile" line beside it
    info = [lead_reason(lead, current, HUMAN) if isinstance(lead, LeadDecision) else lead.reason.in_(current)]
    info += [tr("play.redealt", reason=r.in_(current)) for r in table.dealt.redeals]
    st.caption(" · ".join(info))


def _hand_and_moves(table: PlayTable, current: Lang, deal_again: Callable[[], None]) -> None:
    """The board, the feedback, what happened since the learner's move, and the move buttons (or the hand's end)."""
    state = table.state
    _board_area()
    feedback = play_page().feedback
    keep_in_sight("play_feedback", revision("play_said"))  # on a phone the buttons tapped are below it
    if feedback is not None:
        st.container(key="play_feedback").warning(feedback.in_(current), icon=":material/front_hand:")
    record = hand_log(state, current)
    last_mine = max((i for i, entry in enumerate(state.log) if entry[0] == HUMAN), default=-1)
    if 0 <= last_mine < len(record) - 1:
        st.caption(tr("play.since_your_move", moves="; ".join(record[last_mine + 1 :])))
    if not table.hand_over:
        _moves(table, current)
    elif table.result is not None:
        _hand_over(table, current, deal_again)


def _moves(table: PlayTable, current: Lang) -> None:
    """What the learner may do now: the tiles left, then the move buttons on the learner's turn."""
    rules, state = table.rules, table.state
    if state.to_move == HUMAN:
        st.markdown(tr("play.your_turn"))
    others = [f"{seat_label(s, current)}: {len(state.hand(s))}" for s in range(rules.players) if s != HUMAN]
    bones = tr("play.boneyard", n=len(state.boneyard)) if rules.has_boneyard else ""
    st.caption(tr("play.tiles_left", others=", ".join(others)) + (f" · {bones}" if bones else ""))
    move_options(rules, "play", state.hand(HUMAN))
    selected = selected_tile("play")
    move_controls(state, HUMAN, _click, _move, key="play")
    if state.to_move == HUMAN:
        direction_buttons(
            turn_choices("play", state, [selected] if selected else state.hand(HUMAN)),
            play_page().direction,
            _direction,
            key="play",
        )
    hint_panel("play", state, HUMAN, table.start, first_hand=table.first_hand)


def _hand_over(table: PlayTable, current: Lang, deal_again: Callable[[], None]) -> None:
    """The end of the hand worked out, every hand shown, and what comes next."""
    rules, state = table.rules, table.state
    with st.container(border=True):
        st.subheader(tr("play.hand_over"))
        outcome_column, hands_column = st.columns(2, gap="large")
        # one hand: no score sheet in the worked end (it would say "the match goes on")
        before = table.match if table.whole_match else None
        for line in result_lines(state, current, HUMAN, before):
            outcome_column.markdown(f"- {line}")
        hands_column.markdown(f"**{tr('play.all_hands')}**")
        for seat in range(rules.players):
            hands_column.markdown(f"- {hand_line(state, seat, current)}")
        if table.sheet.over:
            winners = ", ".join(side_label(rules, s, current) for s in table.sheet.winner_sides)
            st.success(tr("play.match_over", winners=winners))
        elif table.can_continue:
            st.button(tr("play.next_hand"), type="primary", on_click=_next_hand)
        else:
            st.button(tr("play.deal_again"), type="primary", on_click=deal_again)
    hand_review("play", table.start, state, HUMAN, table.first_hand)


def _adjust_row(table: PlayTable) -> None:
    """Re-bending the chain at a clicked tile, and undo."""
    state = table.state
    adjust_at = play_page().adjust_at
    if adjust_at is not None and not table.hand_over:
        arm = state.table.arms[ARM_NAMES.index(adjust_at[0])]
        if adjust_at[1] < len(arm):
            st.caption(tr("play.adjust_prompt", tile=str(arm[adjust_at[1]].tile)))
            for column, bend in zip(st.columns(len(BENDS)), BENDS, strict=True):
                column.button(
                    tr(f"bend.{bend}"), key=f"play_bend_{bend}", on_click=_adjust, args=(bend,), width="stretch"
                )
    elif not table.hand_over:  # once the hand is over there is no chain left to re-bend
        st.caption(tr("play.adjust_hint"))
    if not table.hand_over:  # once it is over every hand is face up: no move is taken back and played again
        st.button(tr("play.undo"), on_click=_undo, disabled=not table.can_undo, help=tr("play.undo_help"))


def _sheet_and_record(table: PlayTable, current: Lang) -> None:
    """The score sheet and the game record, side by side under the table."""
    rules, state = table.rules, table.state
    st.divider()
    sheet_column, record_column = st.columns(2, gap="large")
    with sheet_column:
        st.subheader(tr("play.score_sheet"))
        sheet = table.sheet
        if rules.opening_threshold:
            opened = [side_label(rules, s, current) for s in range(rules.sides) if sheet.opened[s]]
            st.caption(
                tr(
                    "play.opening_rule",
                    n=rules.opening_threshold,
                    opened=", ".join(opened) if opened else tr("play.nobody"),
                )
            )
        if sheet.bank or table.match.bank:
            st.caption(tr("play.bank", n=max(sheet.bank, table.match.bank)))
        if rules.fives_scoring and not table.hand_over:
            st.caption(
                tr(
                    "play.fives_so_far",
                    points=", ".join(f"{side_label(rules, s, current)} {p}" for s, p in enumerate(state.fives)),
                )
            )
        if table.whole_match:  # one hand has no target to reach
            st.caption(
                tr("play.target", n=rules.target)
                + " · "
                + (tr("play.goal_loses") if rules.is_penalty_scoring else tr("play.goal_wins"))
            )
        st.table(score_rows(sheet, current))
    with record_column:
        st.subheader(tr("play.record"))
        log = hand_log(state, current)
        for after, adjusted in reversed(play_page().adjustments):
            if after <= len(log):
                log.insert(
                    after,
                    tr(
                        "log.adjusted",
                        who=seat_label(adjusted.seat, current),
                        tile=str(adjusted.tile),
                        bend=tr(f"bend.{adjusted.bend}"),
                    ),
                )
        st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(log, start=1)) if log else tr("play.no_moves"))


@st.fragment
def _board_area() -> None:
    """The board alone: a move on it reruns this, and the rest of the table follows (``follow_board``).

    The board takes the full width (tiles about 1.6 times the size they had in a side column); the
    end-of-hand summary, then the score sheet and the game record, come below it.
    """
    table = play_page().table
    if table is None:
        return
    show_board(
        table.state,
        name="play",
        on_click=_click,
        selected=selected_tile("play"),
        seat=HUMAN,
        reveal=table.hand_over,
        wide=True,
        closed=face_down("play"),
        turns=_turns(table),
        chain_clicks=True,
        spoken=play_page().feedback is not None,
    )


@st.fragment
def _table_area(game: AnyGame, deal_again: Callable[[], None]) -> None:
    """Everything a click on the table changes, rerun on its own (the game picker above is left alone)."""
    table = play_page().table
    if table is None or table.game is not game:  # "Deal again" dealt another game's table: the whole page changes
        st.rerun(scope="app")
        return
    current = lang()
    _header(table, current)
    _hand_and_moves(table, current, deal_again)
    _adjust_row(table)
    _sheet_and_record(table, current)
    follow_board("play")


class LinePlayScreens:
    """A line game on the Play page: a level for every other seat, the chain's table."""

    def bots_picker(self, prefix: str, choice: RuleChoice | None) -> tuple[DeltaGenerator, DeltaGenerator]:
        """One level picker per other seat; the two columns left for the deal number and the length."""
        seat_bot_picker(prefix, choice.rules if choice is not None else None)
        middle, right = st.columns(2)
        return middle, right

    def deal(self, prefix: str, choice: RuleChoice, seed: int, whole_match: bool) -> None:
        """Deal a hand (or a match) with the levels picked per seat, and show a fresh table."""
        players = choice.rules.players
        table = start_table(choice.rules, choice.name(), chosen_bots(prefix, players), seed, whole_match)
        dealt = _dealt_title()
        dealt.name, dealt.title = table.name, choice.house.title if choice.house is not None else None
        play_page().table = table
        _fresh_table()

    def show(self, table: BotTable, deal_again: Callable[[], None]) -> None:
        """The table: who plays, the board and the moves, re-bending and undo, the score sheet and the record
        (``deal_again``: the page deals its chosen rule set again)."""
        _table_area(table.game, deal_again)
