"""Every page through Streamlit's AppTest: navigate, switch language, learn, play, compare, check a lesson.

Right actions come from the rules core (``solve``, ``legal_moves``),
never from the test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import streamlit as st
from app_runs import MAIN, ok, started
from streamlit.testing.v1 import AppTest

from tutorial_app.app.play.table import HUMAN, PlayTable
from tutorial_app.i18n import t
from tutorial_app.lessons import LessonRun, Run, course_names, load_course, solve, solve_move, solve_until
from tutorial_app.lessons.format.model import QuizStep
from tutorial_app.rules.games import find_game
from tutorial_app.rules.line.moves import legal_moves, why_illegal
from tutorial_app.rules.line.state import Action, Move, play
from tutorial_app.rules.line.variants import VARIANTS, find_variant
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.tien_gow import NAME as TIEN_GOW
from tutorial_app.strategy.bot_table import BotTable

PAGES = {
    "learn": ("app_pages/learn.py", "learn.title"),
    "play": ("app_pages/play.py", "play.title"),
    "compare": ("app_pages/compare.py", "compare.title"),
    "rules": ("app_pages/rules.py", "rules.title"),
    "workshop": ("app_pages/workshop.py", "workshop.title"),
}


def _button(at: AppTest, key: str):  # type: ignore[no-untyped-def]
    return at.button(key=key)


def _play(at: AppTest, move: Move) -> None:
    """Make ``move`` on the Play page as a learner does: its tile (then its end, when asked) or its button."""
    if move.action is Action.PLAY:
        ok(_button(at, f"play_tile_{move.tile}").click().run())
        if at.session_state["play_selected"] is not None:
            ok(_button(at, f"play_end_{move.end}").click().run())
    else:
        ok(_button(at, f"play_{move.action.value}").click().run())


@pytest.mark.parametrize("page", sorted(PAGES))
def test_every_page_opens_in_both_languages(page: str) -> None:
    path, title_key = PAGES[page]
    at = started()
    ok(at.switch_page(path).run())
    assert at.title[0].value == t(title_key, "en")
    ok(at.sidebar.radio[0].set_value("ru").run())
    assert at.title[0].value == t(title_key, "ru")
    assert at.query_params["lang"] in ("ru", ["ru"])


def test_language_from_the_query_parameter() -> None:
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lang"] = "ru"
    ok(at.run())
    assert at.title[0].value == t("learn.title", "ru")


@pytest.mark.parametrize(("asked", "lang"), [("uk", "uk"), ("es-419", "es")])
def test_ukrainian_and_spanish_links_open_in_their_language(asked: str, lang: str) -> None:
    """``?lang=uk`` (or a regional tag) gives the page in that language, and the picker shows it chosen."""
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lang"] = asked
    ok(at.run())
    assert at.title[0].value == t("learn.title", lang) != t("learn.title", "en")
    assert at.sidebar.radio[0].value == lang
    ok(at.switch_page("app_pages/play.py").run())
    assert at.title[0].value == t("play.title", lang)


def test_a_lesson_finished_through_the_button_path_saves_stars() -> None:
    lesson = load_course("core")[0]
    local = LessonRun.start(lesson)
    at = started()
    ok(at.sidebar.text_input(key="learner_name").set_value("Анна <script>").run())
    ok(_button(at, f"learn_start_{lesson.id}").click().run())
    assert at.title[0].value == lesson.title.en
    for _ in range(100):
        action = solve(local)
        if isinstance(action, Move):
            assert action.action is Action.PLAY
            ok(_button(at, f"learn_tile_{action.tile}").click().run())
            ok(_button(at, f"learn_end_{action.end}").click().run())
            local.submit_move(action)
        elif action is not None:
            choices = local.choices("en")
            if choices is None:
                assert isinstance(action, int)  # a typed answer is a number
                next(w for w in at.number_input if (w.key or "").startswith("learn_typed")).set_value(action)
                ok(_button(at, "learn_answer").click().run())
            else:
                index = [value for value, _ in choices].index(action)
                ok(_button(at, f"learn_choice_{local.index}_{index}").click().run())
            local.answer(action)
        assert at.session_state["learn_player"].run.done
        if local.finished:
            break
        ok(_button(at, "learn_next").click().run())
        local.next()
    assert at.session_state["learn_player"].run.finished
    assert any("★★★" in s.value for s in at.success)
    ok(_button(at, "learn_next_lesson").click().run())
    assert at.session_state["learn_player"].run.lesson.id == load_course("core")[1].id
    ok(_button(at, "learn_back").click().run())
    assert any(f"**{lesson.title.en}** ★★★ · {t('learn.done', 'en')}" in m.value for m in at.markdown)
    assert _button(at, f"learn_start_{lesson.id}").label == t("learn.again", "en")
    # a reload is a fresh session: the name comes back from the address, and with it the stars
    reloaded = AppTest.from_file(MAIN, default_timeout=60)
    reloaded.query_params["learner_name"] = "Анна <script>"
    ok(reloaded.run())
    assert reloaded.sidebar.text_input(key="learner_name").value == "Анна <script>"
    assert _button(reloaded, f"learn_start_{lesson.id}").label == t("learn.again", "en")
    assert _button(reloaded, f"learn_start_{load_course('core')[2].id}").label == t("learn.start", "en")


def test_the_compare_page_opens_with_its_intro_not_a_developer_note() -> None:
    at = started()
    ok(at.switch_page(PAGES["compare"][0]).run())
    assert at.markdown[0].value == t("compare.intro", "en")
    assert not any("Widgets of the tabs" in m.value for m in at.markdown)


def test_the_rules_picker_says_how_the_two_goats_differ() -> None:
    at = started()
    ok(at.switch_page(PAGES["rules"][0]).run())
    ok(at.selectbox(key="sheet_preset").set_value("kozel_pass").run())
    about = find_variant("kozel_pass").about
    assert about is not None and any(c.value == about.en for c in at.caption)


def test_a_wrong_move_gets_the_rules_core_reason_and_costs_a_star() -> None:
    lesson = load_course("core")[0]
    at = started()
    ok(_button(at, f"learn_start_{lesson.id}").click().run())
    run: LessonRun = at.session_state["learn_player"].run
    solve_until(run, lambda r: r.step.kind == "play")
    ok(at.run())
    right = solve(run)
    assert isinstance(right, Move) and run.state is not None
    wrong = next(m for m in legal_moves(run.state) if m.action is Action.PLAY and m.tile is not right.tile)
    ok(_button(at, f"learn_tile_{wrong.tile}").click().run())
    ok(_button(at, f"learn_end_{wrong.end}").click().run())
    assert at.error, "a wrong move is answered with feedback"
    ok(_button(at, "learn_hint").click().run())
    assert at.info
    assert run.mistakes == 1 and run.hints_used == 1


def test_a_tile_laid_on_an_end_it_does_not_fit_stays_picked_with_its_ends_offered_again() -> None:
    """A mistake in a lesson (counted, and the rules core says why) leaves the position as it was, and the tile
    picked: the buttons offer its ends again, and the board, sent the same pick, keeps it lifted."""
    lesson = next(item for item in load_course("core") if item.id == "core-02-placing-on-the-ends")
    at = started()
    ok(_button(at, f"learn_start_{lesson.id}").click().run())
    run: LessonRun = at.session_state["learn_player"].run
    solve_until(run, lambda r: r.step.kind == "play")
    ok(at.run())
    state = run.state
    assert state is not None
    tile, wrong = next(
        (move.tile, end)
        for move in legal_moves(state)
        for end, _number in state.table.open_ends()
        if move.tile is not None and why_illegal(state, play(move.tile, end)) is not None
    )
    ok(_button(at, f"learn_tile_{tile}").click().run())
    ok(_button(at, f"learn_end_{wrong}").click().run())
    said = why_illegal(state, play(tile, wrong))
    assert said is not None and [e.value for e in at.error] == [said.en] and run.mistakes == 1
    assert at.session_state["learn_selected"] == str(tile)
    assert _button(at, f"learn_tile_{tile}").label == f"▲ {tile}"
    for end, number in state.table.open_ends():  # every end again, the one it does not fit too (a lesson)
        assert _button(at, f"learn_end_{end}").label == t(
            "controls.end_button", "en", end=t(f"end.{end}", "en"), n=number
        )


def test_deep_link_opens_a_lesson() -> None:
    lesson = load_course("core")[-1]
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lesson"] = lesson.id
    ok(at.run())
    assert at.title[0].value == lesson.title.en
    ok(at.toggle(key="learn_presenter").set_value(True).run())
    assert at.session_state["learn_player"].run.lesson.id == lesson.id


def test_the_courses_load_under_a_note_that_says_what_is_happening(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh server checks every lesson before Learn can list them (seconds): the page says so meanwhile,
    in the learner's language, also when a deep link opens a lesson (Streamlit shows a spinner only after
    half a second, so a warm server shows nothing)."""
    said: list[str] = []
    shown = st.spinner

    @contextmanager
    def spinner(text: str = "", **kwargs: Any) -> Iterator[None]:
        said.append(text)
        with shown(text, **kwargs):
            yield

    monkeypatch.setattr(st, "spinner", spinner)
    started("ru")
    assert said == [t("learn.loading", "ru")]
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lesson"] = load_course("core")[0].id
    ok(at.run())
    assert said[-1] == t("learn.loading", "en")


@pytest.mark.parametrize("lang", ["ru", "uk", "es"])
def test_the_rule_sets_are_offered_by_their_names_in_the_pages_language(lang: str) -> None:
    """Play's rule-set box reads «Козёл (…): …», not the preset's id («kozel — …»), which is English."""
    at = started(lang)
    ok(at.switch_page(PAGES["play"][0]).run())
    offered = at.selectbox(key="play_preset").options
    titles = {find_game(name).preset_title(name).in_(lang) for name in [*(v.name for v in VARIANTS), TIEN_GOW]}
    assert len(offered) == len(titles) and set(offered) == titles


@pytest.mark.parametrize("preset", ["block", "draw", "all_fives"])
def test_a_hand_played_to_the_end_through_buttons(preset: str) -> None:
    at = started()
    ok(at.switch_page(PAGES["play"][0]).run())
    ok(at.selectbox(key="play_preset").set_value(preset).run())
    ok(at.button[0].click().run())  # Deal
    table: PlayTable = at.session_state["play_page"].table
    for _ in range(80):
        table = at.session_state["play_page"].table
        if table.hand_over:
            break
        _play(at, legal_moves(table.state)[-1])
    table = at.session_state["play_page"].table
    assert table.hand_over
    assert at.subheader[0].value == t("play.hand_over", "en")
    assert t("play.undo", "en") not in [b.label for b in at.button], "every hand is face up: no move is taken back"
    result = table.result
    assert result is not None
    worked = explain_hand_end(table.state, HUMAN, table.match)
    assert any(worked.how.en in m.value for m in at.markdown)  # the rules core's worked end of the hand
    assert any(worked.score.en in m.value for m in at.markdown)
    # one hand (the default): no score sheet's "the match goes on", no target to reach
    assert not table.whole_match
    assert not any("the match goes on" in m.value for m in at.markdown)
    next_lead = explain_hand_end(table.state, HUMAN, table.match).next_lead
    assert next_lead is not None and not any(next_lead.en in m.value for m in at.markdown)  # "Deal again" starts afresh
    assert not any(t("play.target", "en", n=table.rules.target) in c.value for c in at.caption)


def test_an_illegal_tile_says_why() -> None:
    at = started()
    ok(at.switch_page(PAGES["play"][0]).run())
    ok(at.button[0].click().run())
    for _ in range(20):
        table: PlayTable = at.session_state["play_page"].table
        state = table.state
        assert not table.hand_over, "some turn of this hand should hold a tile that does not fit"
        stuck = [tile for tile in state.hand(0) if not state.fit_mask() & tile.bit]
        if stuck and state.table.centre is not None:
            ok(_button(at, f"play_tile_{stuck[0]}").click().run())
            reason = why_illegal(state, play(stuck[0], state.table.open_ends()[0][0]))
            assert reason is not None
            assert at.warning[0].value == reason.en
            return
        _play(at, legal_moves(state)[0])


def test_two_sessions_do_not_share_a_game() -> None:
    first, second = started(), started()
    ok(first.switch_page(PAGES["play"][0]).run())
    ok(first.button[0].click().run())
    ok(second.switch_page(PAGES["play"][0]).run())
    assert isinstance(first.session_state["play_page"].table, BotTable)
    assert second.session_state["play_page"].table is None


def test_a_comparison_runs_and_draws_its_charts() -> None:
    at = started()
    ok(at.switch_page(PAGES["compare"][0]).run())
    assert at.table, "the table of differences is shown"
    at.session_state["cmp_tab"] = t("compare.tab_stats", "en")  # only the open tab is drawn
    ok(at.run())
    at.number_input(key="cmp_hands").set_value(50)
    at.number_input(key="cmp_matches").set_value(3)
    ok(_button(at, "cmp_run").click().run())
    job = at.session_state["cmp_page"].job
    job.wait(120)
    ok(at.run())
    assert job.runs is not None and [run.hands.hands for run in job.runs] == [50, 50]
    assert len(at.get("plotly_chart")) == 1  # one figure of every statistic


def test_a_bad_position_gets_one_message_and_nothing_else() -> None:
    at = started()
    ok(at.switch_page(PAGES["compare"][0]).run())
    at.session_state["cmp_tab"] = t("compare.tab_referee", "en")
    ok(at.run())
    ok(at.text_area(key="cmp_position").set_value('hands: [["7-1"], ["6-6"]]\nchain: []\n').run())
    assert "cmp1_preset" in at.session_state  # two rule sets at least; wrong under every one: said once, not per set
    assert [e.value for e in at.error if "7-1" in e.value] == [at.error[0].value] and len(at.error) == 1
    ok(at.text_area(key="cmp_position").set_value("a: !!python/object/apply:os.system [ls]\n").run())
    assert at.error
    ok(at.text_area(key="cmp_position").set_value("x" * 30_000).run())
    assert any("kB" in e.value for e in at.error)


def test_the_workshop_reports_errors_by_line_and_plays_a_valid_lesson() -> None:
    at = started()
    ok(at.switch_page(PAGES["workshop"][0]).run())
    check = next(b for b in at.button if b.label == t("workshop.check", "en"))
    ok(check.click().run())
    assert at.success
    ok(next(b for b in at.button if b.label == t("workshop.play", "en")).click().run())
    assert isinstance(at.session_state["ws_player"].run, LessonRun)
    ok(at.text_area(key="ws_text").set_value("id: x\ntitle: {en: a}\nsteps: 5\n").run())
    ok(next(b for b in at.button if b.label == t("workshop.check", "en")).click().run())
    assert "line 2" in at.error[0].value
    assert at.session_state["ws_player"].run is None


def test_the_rule_sheet_follows_overrides() -> None:
    at = started()
    ok(at.switch_page(PAGES["rules"][0]).run())
    ok(at.multiselect(key="sheet_changed_block").set_value(["target"]).run())
    ok(at.number_input(key="sheet_block_opt_target").set_value(150).run())
    assert any("150" in m.value and t("rules.house_rule", "en") in m.value for m in at.markdown)


@pytest.mark.parametrize("course", course_names())
def test_every_step_of_every_course_renders_in_the_player(course: str) -> None:
    """Each course on its own: a test of every course in one went through ~700 steps on one worker, the
    suite's longest test outside the browser (~3 minutes under load), run last. The lessons are loaded as
    the app serves them, without the strategy proofs (``proofs=False``: ~20 s of CPU; the shipped lessons'
    proofs are checked once per run, ``lessons_report``)."""
    at = started()
    rendered = 0
    lessons = load_course(course, proofs=False)
    for lesson in lessons:
        ok(_button(at, f"learn_start_{lesson.id}").click().run())
        run: Run = at.session_state["learn_player"].run
        while True:
            while solve_move(run):  # a play step: one move; a capstone: the whole hand (and its pauses)
                ok(at.run())
            action = solve(run)
            if action is not None:
                run.answer(action)
            ok(at.run())
            rendered += 1
            if run.finished:
                break
            run.next()
            ok(at.run())
        ok(_button(at, "learn_back").click().run())
    assert rendered == sum(len(lesson.steps) for lesson in lessons)


def test_a_tail_adjustment_is_written_into_the_game_record() -> None:
    at = started()
    ok(at.switch_page(PAGES["play"][0]).run())
    # deal 2: its chain soon has an arm of two plain tiles (a secret deal may not, or not on the learner's turn)
    ok(at.number_input(key="play_seed").set_value(2).run())
    ok(at.button[0].click().run())
    for _ in range(30):
        table: PlayTable = at.session_state["play_page"].table
        arms = [
            (end, links)
            for end, links in zip(("left", "right"), table.state.table.arms[:2], strict=True)
            if len(links) >= 2 and not links[0].tile.is_double and not links[1].tile.is_double
        ]
        if arms or table.hand_over:
            break
        _play(at, legal_moves(table.state)[0])
    assert arms, "deal 2 has an arm of two plain tiles"
    end, links = arms[0]
    outcomes = []
    for bend in ("left", "right", "straight"):
        at.session_state["play_page"].adjust_at = (end, 1)
        ok(at.run())
        ok(_button(at, f"play_bend_{bend}").click().run())
        outcomes.append(bool(at.session_state["play_page"].adjustments))
        if at.session_state["play_page"].adjustments:
            break
        assert at.warning, "a refused adjustment says why"
    assert any(outcomes)
    record = "\n".join(m.value for m in at.markdown)
    assert f"adjusted the chain at {links[1].tile}" in record


def _to_play_step(at: AppTest, lesson_id: str, wanted: Callable[[Move], bool]) -> tuple[LessonRun, Move]:
    """Open a lesson and let the runner answer up to the first play step whose solving move ``wanted`` picks."""
    ok(_button(at, f"learn_start_{lesson_id}").click().run())
    run: LessonRun = at.session_state["learn_player"].run
    for _ in range(60):
        action = solve(run)
        if isinstance(action, Move) and wanted(action):
            ok(at.run())
            return run, action
        if isinstance(action, Move):
            run.submit_move(action)
        elif action is not None:
            run.answer(action)
        run.next()
    raise AssertionError(f"{lesson_id} has no such play step")


def test_a_claim_is_announced_in_a_lesson_that_wants_one() -> None:
    """All Fives played with claims: the learner types the points and lays the tile (the step needs the claim)."""
    at = started()
    run, right = _to_play_step(at, "all-fives-04-muggins", lambda move: bool(move.claim))
    assert right.tile is not None and right.claim
    ok(at.number_input(key="learn_claim").set_value(right.claim).run())
    ok(_button(at, f"learn_tile_{right.tile}").click().run())
    ok(_button(at, f"learn_end_{right.end}").click().run())
    assert run.done and run.mistakes == 0


def test_a_double_is_laid_face_down_in_a_donkey_lesson() -> None:
    at = started()
    run, right = _to_play_step(at, "donkey-04-closing-an-arm", lambda move: move.closed)
    assert right.tile is not None and right.tile.is_double
    ok(_button(at, f"learn_tile_{right.tile}").click().run())
    ok(at.checkbox(key="learn_closed").check().run())
    ok(_button(at, f"learn_end_{right.end}").click().run())
    assert run.done and run.mistakes == 0


def test_a_two_level_hint_asks_first_and_gives_the_answer_on_the_second_press() -> None:
    at = started()
    ok(_button(at, "learn_start_strategy-04-blocking").click().run())
    run: LessonRun = at.session_state["learn_player"].run
    while run.hint_levels() < 2:  # the runner answers up to the step whose hint asks a question first
        action = solve(run)
        if isinstance(action, Move):
            run.submit_move(action)
        elif action is not None:
            run.answer(action)
        run.next()
    ok(at.run())
    step = run.step
    assert isinstance(step, QuizStep) and step.hint_answer is not None
    assert not [b for b in at.button if b.key == "learn_hint_more"]
    ok(_button(at, "learn_hint").click().run())
    assert [i.value for i in at.info if step.hint.en in i.value] == [step.hint.en]  # the question alone
    assert at.button(key="learn_hint_more").label == t("learn.hint_more", "en")
    ok(at.sidebar.radio[0].set_value("ru").run())
    assert at.button(key="learn_hint_more").label == t("learn.hint_more", "ru")
    ok(_button(at, "learn_hint_more").click().run())
    assert any(step.hint.ru in i.value and step.hint_answer.ru in i.value for i in at.info)
    assert not [b for b in at.button if b.key == "learn_hint_more"]  # nothing more to tell
    assert run.hints_used == 2


@pytest.mark.parametrize("lang", ["uk", "es"])
def test_the_house_rules_box_asks_in_the_pages_language(lang: str) -> None:
    """The options box under 'House changes' showed Streamlit's English 'Choose options' on every language's page."""
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lang"] = lang
    ok(at.run())
    ok(at.switch_page("app_pages/rules.py").run())
    box = at.multiselect[0]
    assert box.label == t("rules.overrides_pick", lang)
    assert box.placeholder == t("rules.overrides_placeholder", lang) != t("rules.overrides_placeholder", "en")
