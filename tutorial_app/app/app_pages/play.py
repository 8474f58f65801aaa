"""Play: a hand or a whole match against bots, under any preset with overrides."""

from __future__ import annotations

import secrets

import streamlit as st

from tutorial_app.app.play.seat_bots import DEFAULT_LEVEL, chosen_bots, opponents_text, seat_bot_picker
from tutorial_app.app.play.table import HUMAN, PlayTable, human_move, next_hand, start_table, undo
from tutorial_app.app.shell.links import MAX_SEED, read_deal_link
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.rules_picker import TienGowChoice, game_picker
from tutorial_app.app.shell.session import bump, lang, tr
from tutorial_app.app.table.board_component import follow_board, preload_board
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
    hand_log,
    lead_reason,
    result_lines,
    score_rows,
    seat_label,
    side_label,
    tiles_text,
)
from tutorial_app.app.tien_gow.play import deal_tien_gow, show_tien_gow
from tutorial_app.app.tien_gow.table import TienGowTable
from tutorial_app.board.adjust import BENDS, AdjustError
from tutorial_app.board.layout import Bend, Step
from tutorial_app.i18n import Lang, t
from tutorial_app.rules.line.moves import IllegalMoveError
from tutorial_app.rules.line.state import ARM_NAMES, End, Move
from tutorial_app.rules.text import Text
from tutorial_app.rules.tien_gow.bots import TIEN_GOW_BOTS

st.session_state.setdefault("play_table", None)
st.session_state.setdefault("play_selected", None)
st.session_state.setdefault("play_feedback", None)
st.session_state.setdefault("play_adjust_at", None)
st.session_state.setdefault("play_adjustments", ())
st.session_state.setdefault("play_direction", None)


def _table() -> PlayTable | None:
    table = st.session_state["play_table"]
    return table if isinstance(table, PlayTable) else None


def _say(reason: Text | None) -> None:
    st.session_state["play_feedback"] = reason


def _seed() -> int:
    """The deal number typed, or a 128-bit secret one: a deal nobody can work out from their own tiles.

    Why: the bots' hands follow from the number, so a number shown or guessed gives them away; a typed
    number is for replaying or comparing a deal on purpose.
    """
    typed = st.session_state.get("play_seed")
    return int(typed) if isinstance(typed, int | float) else secrets.randbits(128)


def _deal(choice_key: str) -> None:
    choice = st.session_state.get(choice_key)
    if choice is None:
        return
    if isinstance(choice, TienGowChoice):  # the Tien Gow table (tien_gow_page)
        deal_tien_gow(
            choice.rules,
            st.session_state["play_bot"],
            _seed(),
            st.session_state["play_whole_match"],
        )
        return
    table = start_table(
        choice.rules,
        choice.name(),
        chosen_bots("play", choice.rules.players),
        _seed(),
        st.session_state["play_whole_match"],
    )
    st.session_state["play_table"] = table
    _fresh_table()


def _fresh_table() -> None:
    set_selected("play", None)
    st.session_state["play_adjust_at"] = None
    st.session_state["play_adjustments"] = ()
    st.session_state["play_direction"] = None
    _say(None)
    forget_shape("play")
    bump("play")


def _adjust(bend: Bend) -> None:
    """Re-bend the chain at the clicked tile; not a move, but written into the game record."""
    table = _table()
    where = st.session_state["play_adjust_at"]
    st.session_state["play_adjust_at"] = None
    if table is None or where is None:
        return
    end, index = where
    try:
        adjusted = adjust_chain("play", table.state, end, index, bend, HUMAN)
    except AdjustError as exc:
        _say(exc.reason)
        return
    st.session_state["play_adjustments"] = (*st.session_state["play_adjustments"], (len(table.state.log), adjusted))
    _say(None)


def _direction(bend: Bend) -> None:
    """The learner's choice of direction for the next tile (kept until it is laid)."""
    st.session_state["play_direction"] = bend


def _chosen_step(table: PlayTable, move: Move) -> Step | None:
    """The step of the chosen direction when it is possible for this move (None: the chain lays itself)."""
    bend = st.session_state["play_direction"]
    if bend is None or move.tile is None or move.end not in ARM_NAMES:
        return None
    return turn_choices("play", table.state, [move.tile]).get(move.end, {}).get(bend)


def _turns(table: PlayTable) -> dict[End, Step]:
    """The chosen direction's step at each end where it is possible now (the board draws a move that way)."""
    bend = st.session_state["play_direction"]
    if bend is None or table.state.to_move != HUMAN:
        return {}
    choices = turn_choices("play", table.state, table.state.hand(HUMAN))
    return {end: steps[bend] for end, steps in choices.items() if bend in steps}


def _move(move: Move) -> None:
    table = _table()
    if table is None:
        return
    move = with_typed_claim(table.rules, "play", move)
    step = _chosen_step(table, move)
    try:
        st.session_state["play_table"] = human_move(table, move)
        _say(None)
    except IllegalMoveError as exc:
        _say(exc.reason)
    else:
        if step is not None and move.end is not None:
            keep_turn("play", table.state, move.end, step)
        st.session_state["play_direction"] = None
    set_selected("play", None)


def _click(name: str) -> None:
    """A board click or its button twin ("hand:6-4", "end:left"): the click model the lessons use too."""
    table = _table()
    if table is None:
        return
    outcome = table_click("play", table.state, HUMAN, name, closed=face_down("play"))
    _say(outcome.message)
    if outcome.chain is not None and outcome.chain[0] in ARM_NAMES and not table.hand_over:
        st.session_state["play_adjust_at"] = outcome.chain
    if outcome.move is not None:
        _move(outcome.move)


def _undo() -> None:
    table = _table()
    if table is not None:
        st.session_state["play_table"] = undo(table)
        st.session_state["play_selected"] = None
        st.session_state["play_direction"] = None
        _say(None)


def _next_hand() -> None:
    table = _table()
    if table is not None and table.can_continue:
        st.session_state["play_table"] = next_hand(table)
        _fresh_table()


def _deal_from_link() -> None:
    """``?deal=SEED&rules=NAME&players=N`` deals that hand at once (a shared or replayed deal)."""
    if _table() is not None:
        return
    link = read_deal_link(st.query_params.to_dict())
    if isinstance(link, Text):
        st.warning(tr("play.bad_link", reason=plain(link.in_(lang()))))
    elif link is not None:
        st.session_state["play_table"] = start_table(link.rules, link.preset, DEFAULT_LEVEL, link.seed, False)


preload_board()  # plotly.js loads while the rest of the page runs
current = lang()
st.title(tr("play.title"))
_deal_from_link()
table = _table()
with st.expander(tr("play.new_game"), expanded=st.session_state["play_table"] is None):
    choice = game_picker("play", "block")
    st.session_state["play_choice"] = choice
    if isinstance(choice, TienGowChoice):  # one bot kind for the three other seats (random or greedy)
        left, middle, right = st.columns(3)
        bot = left.radio(
            tr("play.bot"), TIEN_GOW_BOTS, key="play_bot", format_func=lambda b: t(f"bot.{b}", current), index=1
        )
        left.caption(tr(f"tg.bot_{bot}"))
    else:
        seat_bot_picker("play", choice.rules if choice is not None else None)
        middle, right = st.columns(2)
    middle.number_input(
        tr("play.seed"),
        min_value=0,
        max_value=MAX_SEED,
        value=None,
        step=1,
        key="play_seed",
        placeholder=tr("play.seed_secret"),
        help=tr("play.seed_help"),
    )
    right.radio(
        tr("play.length"),
        (False, True),
        key="play_whole_match",
        format_func=lambda whole: t("play.whole_match" if whole else "play.one_hand", current),
    )
    st.button(tr("play.deal"), type="primary", on_click=_deal, args=("play_choice",), disabled=choice is None)

if isinstance(st.session_state["play_table"], TienGowTable):
    show_tien_gow(st.session_state["play_table"])
    st.stop()
if table is None:
    st.info(tr("play.start_hint"))
    st.stop()


def _header(table: PlayTable, current: Lang) -> None:
    """Which game and hand this is, who the partners are, who led and why."""
    rules = table.rules
    st.caption(
        tr("play.header", rules=table.preset, hand=table.hand_no + 1, bot=opponents_text(rules, table.bots, current))
    )
    if rules.in_pairs:
        st.caption(tr("play.partners", you=side_label(rules, 0, current), them=side_label(rules, 1, current)))
    info = [table.lead_reason.in_(current) if table.lead is None else lead_reason(table.lead, current, HUMAN)]
    if table.start.lead_is_open:
        info.append(tr("play.lead_any"))
    info += [tr("play.redealt", reason=r.in_(current)) for r in table.redeals]
    st.caption(" · ".join(info))


def _hand_and_moves(table: PlayTable, current: Lang) -> None:
    """The board, the feedback, what happened since the learner's move, and the move buttons (or the hand's end)."""
    state = table.state
    _board_area()
    feedback = st.session_state["play_feedback"]
    if isinstance(feedback, Text):
        st.warning(feedback.in_(current), icon=":material/front_hand:")
    record = hand_log(state, current)
    last_mine = max((i for i, entry in enumerate(state.log) if entry[0] == HUMAN), default=-1)
    if 0 <= last_mine < len(record) - 1:
        st.caption(tr("play.since_your_move", moves="; ".join(record[last_mine + 1 :])))
    if not table.hand_over:
        _moves(table, current)
    elif table.result is not None:
        _hand_over(table, current)


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
            st.session_state["play_direction"],
            _direction,
            key="play",
        )
    hint_panel("play", state, HUMAN, table.start, first_hand=table.first_hand)


def _hand_over(table: PlayTable, current: Lang) -> None:
    """The end of the hand worked out, every hand shown, and what comes next."""
    rules, state = table.rules, table.state
    with st.container(border=True):
        st.subheader(tr("play.hand_over"))
        outcome_column, hands_column = st.columns(2, gap="large")
        # one hand: no score sheet in the worked end (it would say "the match goes on")
        before = table.before_hand if table.whole_match else None
        for line in result_lines(state, current, HUMAN, before):
            outcome_column.markdown(f"- {line}")
        hands_column.markdown(f"**{tr('play.all_hands')}**")
        for seat in range(rules.players):
            hands_column.markdown(
                f"- {seat_label(seat, current)}: {tiles_text(state.hand(seat))} ({tr('play.pips', n=state.pips(seat))})"
            )
        if table.sheet.over:
            winners = ", ".join(side_label(rules, s, current) for s in table.sheet.winner_sides)
            st.success(tr("play.match_over", winners=winners))
        elif table.can_continue:
            st.button(tr("play.next_hand"), type="primary", on_click=_next_hand)
        else:
            st.button(tr("play.deal_again"), type="primary", on_click=_deal, args=("play_choice",))
    hand_review("play", table.start, state, HUMAN, table.first_hand)


def _adjust_row(table: PlayTable) -> None:
    """Re-bending the chain at a clicked tile, and undo."""
    state = table.state
    adjust_at = st.session_state["play_adjust_at"]
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
    st.button(tr("play.undo"), on_click=_undo, disabled=not table.undo_states, help=tr("play.undo_help"))


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
        if sheet.bank or table.before_hand.bank:
            st.caption(tr("play.bank", n=max(sheet.bank, table.before_hand.bank)))
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
        for after, adjusted in reversed(st.session_state["play_adjustments"]):
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
    table = _table()
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
    )


@st.fragment
def _table_area() -> None:
    """Everything a click on the table changes, rerun on its own (the game picker above is left alone)."""
    table = _table()
    if table is None:  # "Deal again" dealt another kind of table (Tien Gow): the whole page changes
        st.rerun(scope="app")
        return
    current = lang()
    _header(table, current)
    _hand_and_moves(table, current)
    _adjust_row(table)
    _sheet_and_record(table, current)
    follow_board("play")


_table_area()
