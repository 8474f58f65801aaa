"""The Puzzles page's question: serving a round, the board, the answer, the verdict and the refuting line.

A round is kept in the tab's session; a move (a board click or a button)
is judged by the round (``puzzle_round``), recorded by the store in one
transaction, and the verdict shows the engine's explanation; after a wrong
answer the line that refutes it can be stepped through on the board.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

import streamlit as st

from tutorial_app.app.puzzles.round import (
    Round,
    answer_name,
    best_on_same_deal,
    mistake_round,
    puzzle_round,
    refutation_line,
    when_text,
)
from tutorial_app.app.shell.puzzle_memory import learner_zone, puzzle_store, who
from tutorial_app.app.shell.session import bump, lang, tr
from tutorial_app.app.shell.state import page_state, set_widget_value
from tutorial_app.app.shell.stores import lesson_ids_once
from tutorial_app.app.table import controls
from tutorial_app.app.table.board_view import show_board
from tutorial_app.app.table.records import partners_line
from tutorial_app.lessons import Run
from tutorial_app.puzzles.catalog import by_id, shipped_puzzles
from tutorial_app.puzzles.mistakes import read_review
from tutorial_app.puzzles.model import move_key
from tutorial_app.puzzles.schedule import RIGHTS_TO_RETIRE, Spacing
from tutorial_app.puzzles.store import PuzzleStore, QueueItem, StoreUnavailable, day_of
from tutorial_app.puzzles.themes import THEME_LESSONS, THEME_NAMES, THEMES, Theme
from tutorial_app.puzzles.trainer import daily_puzzle, next_puzzle, puzzle_rating
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.state import Move
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.text import Text

__all__ = [
    "NAME",
    "Mode",
    "MODES",
    "PuzzlesPage",
    "page",
    "serve",
    "serve_link",
    "current_round",
    "chosen_mode",
    "chosen",
    "choice_changed",
    "round_area",
    "choose_ahead",
    "due_quiz",
    "forget_quiz",
    "queue_caption",
    "nothing_due",
]

NAME = "puzzles"
Mode = Literal["rated", "daily", "mistakes"]
MODES: tuple[Mode, ...] = ("rated", "daily", "mistakes")
Choice = tuple[Mode, Theme | None, str | None]
"""What the learner asks to solve: the mode, and for rated puzzles the theme and the game (None: any)."""


@dataclass
class PuzzlesPage:
    """The page's state besides its widgets (``puzzles_mode``, ``puzzles_theme``, ``puzzles_game``): the round on
    the board, the refutation line's step shown (None: the position), what was said about the last click, the
    missed lesson question served instead of a round, the ``?puzzle=`` link already served, the last answered
    mistake's new spacing (for the words under the verdict), the replayed question's run (by its queue
    item) with whether its first answer was right, the choice the round was served for, and whether the part
    of the page outside the question is out of date (an answered mistake changed the mistakes' count), the
    next rated puzzle chosen ahead (``Ahead``), how many attempts this tab recorded (the standing follows
    them), and what the best move makes of the refutation line's deal, by the round and answer it was worked out
    for (``same_deal``)."""

    round: Round | None = None
    line_at: int | None = None
    said: Text | None = None
    quiz: QueueItem | None = None
    link: str | None = None
    spacing: Spacing | None = None
    quiz_run: tuple[int, Run] | None = None
    quiz_right: bool = False
    choice: Choice | None = None
    outdated: bool = False
    ahead: Ahead | None = None
    recorded: int = 0
    same_deal: tuple[tuple[str, str], Text | None] | None = None


@dataclass(frozen=True)
class Ahead:
    """The next rated puzzle, chosen once the answer was recorded (None: none fits), for the choice and the
    learner it was chosen for: "Next puzzle" then only puts it on the page."""

    choice: Choice
    learner: str
    round: Round | None


def page() -> PuzzlesPage:
    """The tab's Puzzles page state."""
    return page_state(f"{NAME}_page", PuzzlesPage)


# -- serving a round -------------------------------------------------------------------------------


def chosen_mode() -> Mode:
    """What the learner chose to solve (rated puzzles when nothing is chosen)."""
    chosen = st.session_state.get(f"{NAME}_mode")
    return next((mode for mode in MODES if mode == chosen), "rated")


def chosen() -> Choice:
    """The pickers' choice as it stands now."""
    theme, preset = _filters()
    return chosen_mode(), theme, preset


def choice_changed() -> None:
    """A picker's ``on_change``: serve a new question only when what the learner asks for changed.

    Why compare with the choice the question was served for: tapping the chosen mode again un-chooses it
    (the control sends nothing, which reads as the same choice), and a browser that never drew a value the
    page set sends the control's default. Either once replaced a puzzle opened by its link under the
    learner's finger. An un-chosen mode is chosen again, so the control never shows none."""
    state = page()
    if st.session_state.get(f"{NAME}_mode") not in MODES:
        set_widget_value(f"{NAME}_mode", state.choice[0] if state.choice is not None else "rated")
    if chosen() == state.choice:
        return
    store, _note = puzzle_store()
    serve(store, chosen_mode())


def current_round() -> Round | None:
    return page().round


def _set_round(found: Round | None) -> None:
    state = page()
    state.round, state.line_at, state.said, state.ahead, state.same_deal = found, None, None, None, None
    controls.set_selected(NAME, None)
    bump(NAME)


def _filters() -> tuple[Theme | None, str | None]:
    theme = st.session_state.get(f"{NAME}_theme")
    preset = st.session_state.get(f"{NAME}_game")
    return (theme if theme in THEMES else None), (preset if isinstance(preset, str) and preset else None)


def serve(store: PuzzleStore, mode: Mode) -> None:
    """Put the next question of ``mode`` on the page (nothing when there is none)."""
    page().choice = chosen()
    if mode == "mistakes":
        _serve_mistake(store)
        return
    page().quiz = None
    puzzles = shipped_puzzles()
    if mode == "daily":
        puzzle = daily_puzzle(puzzles, day_of(store.clock(), learner_zone()))
        _set_round(puzzle_round(puzzle, "daily") if puzzle is not None else None)
        return
    _set_round(_rated_round(store))


def _rated_round(store: PuzzleStore) -> Round | None:
    """A rated puzzle near the learner's rating, of the theme and game chosen (None: none fits)."""
    standing = store.standing(who(), zone=learner_zone())
    theme, preset = _filters()
    rng = random.Random()
    puzzle = next_puzzle(
        shipped_puzzles(),
        store.puzzle_ratings(),
        standing.rating,
        store.attempted(who()),
        rng,
        theme=theme,
        preset=preset,
    )
    return puzzle_round(puzzle) if puzzle is not None else None


def _ahead_now() -> Ahead | None:
    """The puzzle chosen ahead, if it was chosen for the choice and the learner of now."""
    ahead = page().ahead
    return ahead if ahead is not None and ahead.choice == chosen() and ahead.learner == who() else None


def _next(store: PuzzleStore, mode: Mode) -> None:
    """The "Next puzzle" button: the one chosen ahead when it was chosen for what is asked now, else one served now."""
    state = page()
    ahead = _ahead_now()
    if mode == "rated" and ahead is not None:
        state.choice, state.quiz = ahead.choice, None
        _set_round(ahead.round)
        return
    serve(store, mode)


def choose_ahead(store: PuzzleStore, mode: Mode) -> None:
    """Choose the next rated puzzle and build its board while the learner reads the verdict (the end of the
    answer's run, everything on the page already sent), so that "Next puzzle" only puts it on the page.

    Chosen as "Next puzzle" would choose it: after the answer was recorded (the rating it moved, the puzzle
    now tried), for the choice and learner of now (``_next`` serves afresh when either changed). Its board is
    built as the next run will draw it (the board's memory as this run left it): the board's own cache keeps
    it, and the browser gets its figure to draw when the button is pressed (only the position the learner is
    about to see: nothing of its answer). Not while the refuting line is stepped through (the board's memory
    changes with each step).
    """
    state = page()
    found = state.round
    if mode != "rated" or found is None or not found.over or state.line_at is not None:
        return
    ahead = _ahead_now()
    if ahead is None:
        try:
            ahead = state.ahead = Ahead(chosen(), who(), _rated_round(store))
        except StoreUnavailable:
            return  # "Next puzzle" will say so
    following = ahead.round
    if following is not None:
        _board(following, ahead=f"{NAME}_next")


def serve_link(asked: str | None) -> None:
    """``?puzzle=ID`` (a shared puzzle): that puzzle, rated, once per link (a wrong id is ignored)."""
    state = page()
    if not asked or state.link == asked:
        return
    state.link = asked
    puzzle = by_id(asked)
    if puzzle is not None:
        state.quiz, state.choice = None, chosen()
        _set_round(puzzle_round(puzzle))


def _serve_mistake(store: PuzzleStore) -> None:
    """The longest-waiting due mistake: a review decision as a round, a lesson quiz through the lesson player."""
    page().quiz = None
    for item in store.due_mistakes(who()):
        if item.source == "quiz":
            if item.payload.get("lesson") in lesson_ids_once():
                page().quiz = item
                _set_round(None)
                return
            continue
        try:
            _set_round(mistake_round(read_review(item.payload), item.id))
        except (ValueError, KeyError, TypeError):
            continue  # a position the rules no longer read: skip it rather than stop the queue
        return
    _set_round(None)


def forget_quiz() -> None:
    """No missed lesson question on the page any more (its lesson no longer has it)."""
    page().quiz = None


def due_quiz() -> QueueItem | None:
    """The missed lesson quiz on the page now, if the mistakes queue served one."""
    return page().quiz


# -- answering -----------------------------------------------------------------------------------------


def _answer(move: Move) -> None:
    found = current_round()
    if found is None or found.over:
        return
    move = controls.with_typed_claim(found.state.rules, NAME, move)
    judged = found.judge(move)
    if isinstance(judged, Text):
        page().said = judged
        return
    said: Text | None = None
    try:
        judged = _record(judged, move)
    except StoreUnavailable as exc:  # the verdict still stands; only the record is lost
        said = exc.reason
    state = page()
    state.round, state.said = judged, said
    controls.set_selected(NAME, None)
    bump(NAME)


def _record(judged: Round, move: Move) -> Round:
    """Keep an answer: a puzzle's attempt (both ratings, the streak), or a mistake's next showing."""
    store, _note = puzzle_store()
    right, played = bool(judged.right), str(move._replace(claim=None))
    if judged.puzzle is not None:
        kind: Literal["rated", "daily"] = "daily" if judged.kind == "daily" else "rated"
        start = puzzle_rating(judged.puzzle, {})
        result = store.record_attempt(who(), judged.puzzle.id, start, played, right, kind, zone=learner_zone())
        page().recorded += 1  # the standing, outside the question's fragment, follows
        return judged.recorded(result)
    if judged.item_id is not None:
        page().spacing = store.answer_mistake(who(), judged.item_id, played, right, zone=learner_zone())
        page().outdated = True  # the mistakes' count in the mode picker, outside the question's fragment
    return judged


def _click(clicked: str) -> None:
    found = current_round()
    if found is None or found.over:
        return
    outcome = controls.table_click(NAME, found.state, found.seat, clicked, closed=controls.face_down(NAME))
    page().said = outcome.message
    if outcome.move is not None:
        _answer(outcome.move)


def _line_step(delta: int, total: int) -> None:
    state = page()
    at = 0 if state.line_at is None else state.line_at + delta
    state.line_at = max(0, min(total - 1, at))
    bump(NAME)


def _line_off() -> None:
    page().line_at = None
    bump(NAME)


# -- drawing ----------------------------------------------------------------------------------------


def _game_caption(found: Round) -> str:
    rules = found.state.rules
    preset = found.puzzle.preset if found.puzzle is not None else None
    title = find_variant(preset).title.in_(lang()) if preset is not None else ""
    rating = round(found.puzzle.rating) if found.puzzle is not None else "—"
    pairs = tr("puzzles.pairs") if rules.in_pairs else ""
    return tr("puzzles.table", game=title or "—", players=rules.players, pairs=pairs, rating=rating)


def _board(found: Round, *, ahead: str | None = None) -> None:
    """The round's board (``ahead``: only built, for the run after that button, which shows ``found`` fresh)."""
    at = None if ahead is not None else page().line_at
    line = (
        refutation_line(found.puzzle, found.answered) if found.puzzle and found.answered and not found.right else None
    )
    if line is not None and at is not None and 0 <= at < len(line.states):
        state, reveal = line.states[at], line.states[at].is_over
        interactive = False
    elif found.answered is not None and found.right:
        state, reveal, interactive = apply(found.state, found.answered), False, False  # the answer, laid
    else:
        state, reveal, interactive = found.state, False, not found.over
    show_board(
        state,
        name=NAME,
        on_click=_click if interactive else None,
        selected=controls.selected_tile(NAME) if interactive and ahead is None else None,
        seat=found.seat,
        reveal=reveal,
        show_fits=interactive,
        ahead=ahead,
    )


def _verdict(found: Round) -> None:
    current = lang()
    assert found.answered is not None
    played = answer_name(str(found.answered._replace(claim=None)), found.state).in_(current)
    best_key = found.puzzle.best if found.puzzle is not None else (found.mistake.best if found.mistake else "")
    best = answer_name(best_key, found.state).in_(current)
    words = found.explanation().in_(current)
    if found.right:
        st.success(tr("puzzles.right", move=played) + "\n\n" + words, icon=":material/check_circle:")
    else:
        st.error(tr("puzzles.wrong", move=played, best=best) + "\n\n" + words, icon=":material/front_hand:")
    _after_words(found)


def _after_words(found: Round) -> None:
    """What the answer did: the rating's move, the theme and its lesson, or the queue's next showing."""
    current = lang()
    result = found.result
    if result is not None:
        if result.before == result.after:
            st.caption(tr("puzzles.tried_before"))
        else:
            delta = round(result.after.r) - round(result.before.r)
            st.caption(
                tr(
                    "puzzles.rating_change",
                    before=round(result.before.r),
                    after=round(result.after.r),
                    delta=f"{delta:+d}",
                )
            )
    theme = found.puzzle.theme if found.puzzle is not None else None
    if theme is not None:
        st.caption(tr("puzzles.theme_was", theme=THEME_NAMES[theme].in_(current)))
        lesson = THEME_LESSONS.get(theme)
        if lesson is not None and lesson in lesson_ids_once():
            st.page_link(
                "app_pages/learn.py",
                label=tr("puzzles.learn_theme", theme=THEME_NAMES[theme].in_(current)),
                icon=":material/school:",
                query_params={"lesson": lesson},
            )
    if found.kind == "review":
        queue_caption(bool(found.right))


def queue_caption(right: bool) -> None:
    """What a queued mistake's answer did: when it comes back, or that it has left the queue."""
    spacing = page().spacing
    if spacing is None:
        return
    store, _note = puzzle_store()
    when = when_text(spacing.due, store.clock()).in_(lang())
    if spacing.retired:
        st.caption(tr("puzzles.mistake_done"))
    elif right and spacing.rights < RIGHTS_TO_RETIRE:
        st.caption(tr("puzzles.mistake_right", when=when))
    else:
        st.caption(tr("puzzles.mistake_wrong", when=when))


def _line_controls(found: Round) -> None:
    if found.puzzle is None or found.answered is None or found.right:
        return
    line = refutation_line(found.puzzle, found.answered)
    if line is None:
        return
    at = page().line_at
    if at is None:
        st.button(tr("puzzles.show_line"), key=f"{NAME}_show_line", on_click=_line_step, args=(0, len(line.states)))
        return
    total = len(line.states)
    st.markdown(line.told.in_(lang()))
    compared = _same_deal(found)
    if compared is not None:
        st.markdown(compared.in_(lang()))
    back, caption, forward = st.columns([1, 2, 1], vertical_alignment="center")
    back.button(
        tr("puzzles.line_previous"),
        key=f"{NAME}_line_back",
        on_click=_line_step,
        args=(-1, total),
        disabled=at == 0,
        width="stretch",
    )
    caption.caption(tr("puzzles.line_step", k=at + 1, total=total))
    forward.button(
        tr("puzzles.line_next"),
        key=f"{NAME}_line_forward",
        on_click=_line_step,
        args=(1, total),
        disabled=at >= total - 1,
        width="stretch",
    )
    st.button(tr("puzzles.line_back"), key=f"{NAME}_line_off", on_click=_line_off)


def _same_deal(found: Round) -> Text | None:
    """The best move on the line's deal, worked out once per answer (exact play: the line's steps only redraw)."""
    assert found.puzzle is not None and found.answered is not None
    state = page()
    key = (found.id, move_key(found.answered))
    if state.same_deal is None or state.same_deal[0] != key:
        state.same_deal = (key, best_on_same_deal(found.puzzle, found.answered))
    return state.same_deal[1]


def _prompt(found: Round) -> None:
    current = lang()
    if found.kind == "daily":
        store, _note = puzzle_store()
        day = day_of(store.clock(), learner_zone())
        st.markdown(f"**{tr('puzzles.daily', day=day)}**")
        if found.puzzle is not None and store.solved_on(who(), found.puzzle.id, day):
            st.caption(tr("puzzles.daily_done"))
    if found.mistake is not None:
        mark = tr("puzzles.mark_blunder" if found.mistake.mark == "blunder" else "puzzles.mark_mistake")
        played = answer_name(found.mistake.played, found.state).in_(current)
        st.markdown(tr("puzzles.mistake_from", played=played, mark=mark))
    else:
        st.caption(_game_caption(found))
    rules = found.state.rules
    if rules.in_pairs:  # who is whose partner, as Play says it: "Partners: You + Seat 1 against Seat 0 + Seat 2."
        st.caption(partners_line(rules, found.seat, current))
    if not found.over:  # once answered it is no longer the learner's turn: the verdict follows
        st.markdown(tr("puzzles.question"))


def _panel(found: Round, mode: Mode) -> None:
    _prompt(found)
    said = page().said
    if said is not None:
        st.warning(said.in_(lang()), icon=":material/front_hand:")
    if not found.over:
        controls.move_options(found.state.rules, NAME)
        controls.move_controls(found.state, found.seat, _click, _answer, key=NAME, per_row=4)
        return
    _verdict(found)
    _line_controls(found)


def round_area(store: PuzzleStore, mode: Mode) -> None:
    """The question: the board and, beside it (under it on a phone), the prompt, the controls, the verdict."""
    found = current_round()
    if found is None:
        return
    board, panel = st.columns([3, 2], gap="medium")
    with board:
        _board(found)
    with panel:
        _panel(found, mode)
        if found.over and mode != "daily":  # one puzzle a day: the next is tomorrow's
            label = "puzzles.next_mistake" if mode == "mistakes" else "puzzles.next"
            st.button(tr(label), key=f"{NAME}_next", type="primary", on_click=_next, args=(store, mode))


def nothing_due(store: PuzzleStore) -> None:
    """The mistakes mode with nothing due now: how many wait, and when the next comes back."""
    st.info(tr("puzzles.no_mistakes"))
    waiting = store.waiting_mistakes(who())
    if waiting:
        when = when_text(min(item.spacing.due for item in waiting), store.clock()).in_(lang())
        st.caption(tr("puzzles.next_due", n=len(waiting), when=when))
