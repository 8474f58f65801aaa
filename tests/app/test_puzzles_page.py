"""The Puzzles page through AppTest: a rated puzzle answered right and wrong (with the line that refutes it), the
puzzle of the day, a reviewed mistake and a missed lesson question coming back, the club's board.

Answers come from the puzzle's own proof (its ``answers`` and ranked moves), moves from the rules core.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest
from puzzles.hand_minimax import both_moves, small_cases, worked_difference
from puzzles.puzzle_helpers import careless_hand
from streamlit.testing.v1 import AppTest

from tutorial_app.app.puzzles.round import Round, puzzle_round, refutation_line
from tutorial_app.app.table.board_view import _drawn
from tutorial_app.i18n import t
from tutorial_app.lessons import LessonRun, course_names, load_course, solve, solve_move
from tutorial_app.lessons.format.model import QuizStep
from tutorial_app.puzzles.catalog import shipped_puzzles
from tutorial_app.puzzles.mistakes import quiz_key, quiz_payload, review_mistakes
from tutorial_app.puzzles.schedule import DAY
from tutorial_app.puzzles.store import PuzzleStore, StoreUnavailable, day_of
from tutorial_app.puzzles.themes import THEME_NAMES
from tutorial_app.puzzles.trainer import daily_puzzle, puzzle_rating
from tutorial_app.rules.line.state import Move, play
from tutorial_app.rules.tiles import parse_tile
from tutorial_app.stores.progress import default_url

MAIN = str(Path(__file__).resolve().parents[2] / "tutorial_app" / "app" / "main.py")
PAGE = "app_pages/puzzles.py"


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, at.exception
    return at


def _page(lang: str = "en", name: str | None = None) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=120)
    _ok(at.run())
    if lang == "ru":
        _ok(at.sidebar.radio[0].set_value("ru").run())
    if name is not None:
        _ok(at.sidebar.text_input[0].set_value(name).run())
    return _ok(at.switch_page(PAGE).run())


def _round(at: AppTest) -> Round:
    found = at.session_state["puzzles_page"].round
    assert isinstance(found, Round)
    return found


def _move_of(key: str) -> Move:
    tile, end, *rest = key.split()
    return play(parse_tile(tile), end, "closed" in rest)  # type: ignore[arg-type]


def _play(at: AppTest, move: Move) -> AppTest:
    """A move through the button twins of the board: the tile, then its end when the tile fits two."""
    _ok(at.button(key=f"puzzles_tile_{move.tile}").click().run())
    if at.session_state["puzzles_selected"] is not None:
        _ok(at.button(key=f"puzzles_end_{move.end}").click().run())
    return at


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_rated_puzzle_answered_right_moves_the_rating(lang: str) -> None:
    at = _page(lang, name="Anna")
    assert at.title[0].value == t("puzzles.title", lang)
    assert any(t("puzzles.question", lang) in m.value for m in at.markdown)
    found = _round(at)
    assert found.kind == "rated" and found.puzzle is not None and not found.over
    _play(at, _move_of(found.puzzle.best))
    answered = _round(at)
    assert answered.right is True and answered.result is not None
    assert not any(t("puzzles.question", lang) in m.value for m in at.markdown)  # "Your turn." no more
    assert answered.result.after.r > answered.result.before.r
    assert found.puzzle.explanation.in_(lang) in at.success[0].value
    store = PuzzleStore(default_url())
    assert store.standing("Anna").solved == 1
    assert store.attempted("Anna") == {found.puzzle.id}
    # the next puzzle is another one
    _ok(at.button(key="puzzles_next").click().run())
    assert _round(at).puzzle is not None and _round(at).id != found.id and not _round(at).over


def test_the_next_puzzle_is_chosen_and_its_board_built_while_the_verdict_is_read() -> None:
    at = _page("en", name="Vera")
    found = _round(at)
    assert found.puzzle is not None
    assert at.session_state["puzzles_page"].ahead is None  # nothing chosen before the answer
    _play(at, _move_of(found.puzzle.best))
    ahead = at.session_state["puzzles_page"].ahead
    # chosen after the answer was recorded: the puzzle just answered is tried, so another one comes
    assert ahead is not None and ahead.round is not None and ahead.round.id != found.id
    assert ahead.learner == "Vera" and ahead.choice == ("rated", None, None)
    built = _drawn.cache_info()
    _ok(at.button(key="puzzles_next").click().run())
    assert _round(at) == ahead.round and not _round(at).over
    assert _drawn.cache_info().misses == built.misses  # the click only put it on the page
    assert at.session_state["puzzles_page"].ahead is None


def test_a_puzzle_chosen_ahead_for_another_choice_is_not_served() -> None:
    at = _page("en")
    found = _round(at)
    assert found.puzzle is not None
    _play(at, _move_of(found.puzzle.best))
    state = at.session_state["puzzles_page"]
    assert state.ahead is not None
    # the one chosen ahead is of another game than the one asked for now (as if the picker had changed)
    preset = found.puzzle.preset
    other = next(p for p in shipped_puzzles() if p.preset != preset)
    state.ahead = replace(state.ahead, round=puzzle_round(other))
    at.session_state["puzzles_game"] = preset
    _ok(at.button(key="puzzles_next").click().run())
    served = _round(at)
    assert served.puzzle is not None and served.puzzle.preset == preset


def test_a_wrong_answer_shows_the_line_that_refutes_it() -> None:
    at = _page("en")
    found = _round(at)
    assert found.puzzle is not None
    wrong = _move_of(found.puzzle.ranked[1].move)
    _play(at, wrong)
    answered = _round(at)
    assert answered.right is False
    assert t("puzzles.wrong", "en").split(":")[0] in at.error[0].value
    line = refutation_line(found.puzzle, wrong)
    assert line is not None
    _ok(at.button(key="puzzles_show_line").click().run())
    assert any(line.told.en in m.value for m in at.markdown)
    assert at.session_state["puzzles_page"].line_at == 0
    for _ in range(len(line.states) - 1):
        _ok(at.button(key="puzzles_line_forward").click().run())
    assert at.session_state["puzzles_page"].line_at == len(line.states) - 1
    assert at.button(key="puzzles_line_forward").disabled


@pytest.mark.parametrize(("lang", "word"), [("en", "instead of"), ("ru", "вместо")])
def test_the_refuting_line_says_what_the_best_move_makes_of_the_same_deal(lang: str, word: str) -> None:
    """After "Show why it falls short": the wrong move's and the best move's ends on the line's deal, and the
    difference, as a plain minimax to the hand's end works them out (a table in pairs)."""
    puzzle, refutation = next((p, r) for p, r in small_cases(1) if p.pairs)
    (_, wrong_net), (_, best_net) = both_moves(puzzle, refutation)
    at = _open_link(_page(lang), puzzle.id)
    _play(at, _move_of(refutation.move))
    assert _round(at).right is False
    worked = worked_difference(best_net, wrong_net)
    assert not any(worked in m.value for m in at.markdown)  # only once the line is asked for
    _ok(at.button(key="puzzles_show_line").click().run())
    said = [m.value for m in at.markdown if worked in m.value]
    assert len(said) == 1 and word in said[0], [m.value for m in at.markdown]
    if not at.button(key="puzzles_line_forward").disabled:
        _ok(at.button(key="puzzles_line_forward").click().run())  # a step of the line says it once still
        assert sum(worked in m.value for m in at.markdown) == 1


def _stuck_tile(found: Round) -> str | None:
    """A tile of the learner's hand that fits no end, if there is one."""
    fits = found.state.fit_mask()
    return next((str(tile) for tile in found.state.hand(found.seat) if not fits & tile.bit), None)


def _open_link(at: AppTest, puzzle_id: str) -> AppTest:
    at.query_params["puzzle"] = puzzle_id
    _ok(at.run())
    assert _round(at).id == puzzle_id
    return at


def test_an_illegal_move_is_refused_with_the_reason_and_answers_nothing() -> None:
    linked = next(p for p in shipped_puzzles() if _stuck_tile(puzzle_round(p)) is not None)
    at = _open_link(_page("ru"), linked.id)
    found = _round(at)
    stuck = _stuck_tile(found)
    _ok(at.button(key=f"puzzles_tile_{stuck}").click().run())
    _ok(at.button(key=f"puzzles_end_{found.state.table.open_ends()[0][0]}").click().run())
    assert not _round(at).over
    assert "не подходит" in at.warning[0].value


def test_a_mode_tapped_off_or_never_drawn_keeps_the_puzzle_and_a_new_choice_serves_one() -> None:
    """The mode control un-chosen (a second tap on the chosen mode, or a browser that missed the value the page
    set and sends the control's default) is no new choice: the puzzle opened by its link stays and the mode
    shows again; a game chosen in the picker serves a puzzle of that game."""
    linked = shipped_puzzles()[-1]
    at = _open_link(_page("en"), linked.id)
    _ok(at.segmented_control(key="puzzles_mode").set_value(None).run())
    assert _round(at).id == linked.id
    assert at.segmented_control(key="puzzles_mode").value == "rated"
    other = next(p.preset for p in shipped_puzzles() if p.preset != linked.preset)
    _ok(at.selectbox(key="puzzles_game").set_value(other).run())
    served = _round(at).puzzle
    assert served is not None and served.preset == other


def test_the_pickers_offer_only_themes_and_games_with_puzzles_by_name_and_count() -> None:
    at = _page("ru")
    shipped = shipped_puzzles()
    themes = {p.theme for p in shipped}
    theme_box = at.selectbox(key="puzzles_theme")
    assert len(theme_box.options) == 1 + len(themes)
    for theme in themes:
        count = sum(1 for p in shipped if p.theme == theme)
        assert f"{THEME_NAMES[theme].in_('ru')} ({count})" in theme_box.options
    kozel = sum(1 for p in shipped if p.preset == "kozel")
    assert f"Козёл ({kozel})" in at.selectbox(key="puzzles_game").options  # the game's name, not its preset id


def test_the_puzzle_of_the_day() -> None:
    at = _page("en", name="Boris")
    _ok(at.segmented_control(key="puzzles_mode").set_value("daily").run())
    found = _round(at)
    expected = daily_puzzle(shipped_puzzles(), day_of(time.time()))
    assert found.kind == "daily" and expected is not None and found.id == expected.id
    assert any(day_of(time.time()) in m.value for m in at.markdown)
    _play(at, _move_of(expected.answers[0]))
    store = PuzzleStore(default_url())
    assert store.solved_on("Boris", expected.id, day_of(time.time()))


def test_a_reviewed_mistake_comes_back_when_due() -> None:
    start, moves, review = careless_hand()
    store = PuzzleStore(default_url())
    for key, payload in review_mistakes(start, moves, review):
        store.add_mistake("Vera", key, "review", payload, now=time.time() - 2 * DAY)
    at = _page("en", name="Vera")
    _ok(at.segmented_control(key="puzzles_mode").set_value("mistakes").run())
    found = _round(at)
    assert found.kind == "review" and found.mistake is not None
    _play(at, _move_of(found.mistake.best))
    assert _round(at).right is True
    assert any(t("puzzles.mistake_right", "en", when="in 3 days") == c.value for c in at.caption)
    (item, *_rest) = [i for i in store.waiting_mistakes("Vera") if i.id == found.item_id]
    assert item.spacing.rights == 1 and item.spacing.shown == 1


def _first_quiz() -> tuple[str, int]:
    for course in course_names():
        for lesson in load_course(course):
            for index, step in enumerate(lesson.steps):
                if isinstance(step, QuizStep) and step.choices is not None and lesson.tile_set != "chinese":
                    return lesson.id, index
    raise AssertionError("no multiple-choice quiz in the courses")


def test_a_missed_lesson_question_comes_back_through_the_lesson_player() -> None:
    lesson_id, step = _first_quiz()
    store = PuzzleStore(default_url())
    store.add_mistake("Gleb", quiz_key(lesson_id, step), "quiz", quiz_payload(lesson_id, step), now=time.time() - DAY)
    at = _page("en", name="Gleb")
    _ok(at.segmented_control(key="puzzles_mode").set_value("mistakes").run())
    run = at.session_state["puzzles_quiz_player"].run
    assert isinstance(run, LessonRun) and run.lesson.id == lesson_id and run.index == step
    answer = solve(run)
    values = [value for value, _label in run.choices("en") or []]
    _ok(at.button(key=f"puzzles_quiz_choice_{step}_{values.index(answer)}").click().run())  # type: ignore[arg-type]
    assert at.session_state["puzzles_quiz_player"].run.finished
    (item,) = store.waiting_mistakes("Gleb")
    assert item.spacing.rights == 1


def test_a_question_missed_on_learn_joins_the_queue() -> None:
    at = _page("en", name="Dina")
    lesson_id, step = _first_quiz()
    _ok(at.switch_page("app_pages/learn.py").run())
    at.query_params["lesson"] = lesson_id
    _ok(at.run())
    run = at.session_state["learn_player"].run
    while run.index < step:
        answer = solve(run)
        if answer is not None and isinstance(run.step, QuizStep):
            run.answer(answer)
        elif not run.done:
            solve_move(run)
        run.next()
    _ok(at.run())
    right = solve(run)
    wrong = next(value for value, _label in run.choices("en") or [] if value != right)
    labels = [value for value, _label in run.choices("en") or []]
    _ok(at.button(key=f"learn_choice_{step}_{labels.index(wrong)}").click().run())
    (item,) = PuzzleStore(default_url()).waiting_mistakes("Dina")
    assert item.key == quiz_key(lesson_id, step) and item.source == "quiz"


def test_the_club_page_shows_only_members_who_chose_to_be_shown() -> None:
    store = PuzzleStore(default_url())
    puzzle = shipped_puzzles()[0]
    for name in ("Anna", "Boris"):
        store.record_attempt(name, puzzle.id, puzzle_rating(puzzle, {}), "x", True)
    at = _page("en", name="Anna")
    _ok(at.checkbox(key="puzzles_show_name").check().run())
    assert store.standing("Anna").show_name and not store.standing("Boris").show_name
    _ok(at.switch_page("app_pages/club.py").run())
    _ok(at.segmented_control(key="club_section").set_value("ratings").run())
    shown = at.dataframe[0].value
    assert list(shown[t("puzzles.board_name", "en")]) == ["Anna"]


def test_a_mistake_not_yet_due_waits_and_says_when_it_comes_back() -> None:
    lesson_id, step = _first_quiz()
    store = PuzzleStore(default_url())
    store.add_mistake("Lev", quiz_key(lesson_id, step), "quiz", quiz_payload(lesson_id, step))
    at = _page("ru", name="Lev")
    _ok(at.segmented_control(key="puzzles_mode").set_value("mistakes").run())
    assert at.info[0].value == t("puzzles.no_mistakes", "ru")
    assert any(c.value == t("puzzles.next_due", "ru", n=1, when="завтра") for c in at.caption)


def test_a_database_that_fails_during_an_answer_keeps_the_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    at = _page("ru", name="Mila")
    found = _round(at)
    assert found.puzzle is not None

    def failing(*_args: object, **_kwargs: object) -> None:
        raise StoreUnavailable()

    monkeypatch.setattr(PuzzleStore, "record_attempt", failing)
    _play(at, _move_of(found.puzzle.best))
    assert _round(at).right is True and _round(at).result is None
    assert found.puzzle.explanation.ru in at.success[0].value
    assert at.warning[0].value == StoreUnavailable().reason.ru
