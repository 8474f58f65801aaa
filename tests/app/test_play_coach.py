"""The coach on the Play page through AppTest: bots per seat, the Hint, What we know, the review of the hand."""

from __future__ import annotations

from app_runs import MAIN, ok
from streamlit.testing.v1 import AppTest

from tutorial_app.app.play.table import HUMAN, PlayTable
from tutorial_app.app.table.coach import knowledge_lines, make_hint, what_we_know_of
from tutorial_app.app.table.review_rows import review_headline
from tutorial_app.i18n import t
from tutorial_app.lessons import LessonRun, load_course, solve, solve_until
from tutorial_app.lessons.format.model import CapstoneStep
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action, Move
from tutorial_app.strategy.bot_table import BotTable
from tutorial_app.strategy.review import HandReview


def _deal(preset: str, levels: dict[int, str], lang: str = "en") -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=120)
    if lang != "en":
        at.query_params["lang"] = lang
    ok(at.run())
    ok(at.switch_page("app_pages/play.py").run())
    ok(at.selectbox(key="play_preset").set_value(preset).run())
    for seat, level in levels.items():
        at.selectbox(key=f"play_bot_{seat}").set_value(level)
    ok(at.run())
    ok(next(b for b in at.button if b.label == t("play.deal", lang)).click().run())
    return at


def _table(at: AppTest) -> PlayTable:
    table = at.session_state["play_page"].table
    assert isinstance(table, BotTable)
    return table


def _play(at: AppTest, move: Move) -> None:
    if move.action is Action.PLAY:
        ok(at.button(key=f"play_tile_{move.tile}").click().run())
        if at.session_state["play_selected"] is not None:
            ok(at.button(key=f"play_end_{move.end}").click().run())
    else:
        ok(at.button(key=f"play_{move.action.value}").click().run())


def _to_a_choice(at: AppTest) -> PlayTable:
    """Play the first legal move until you have a real choice: two moves the hint ranks as two rows.

    Why not two legal moves: the same tile on two ends that show the same number is one choice, and the
    hint then says in words that there is only one move (a random deal failed the test so, now and then).
    """
    table = _table(at)
    while not table.hand_over and (
        len(legal_moves(table.state)) < 2 or len(make_hint(table.state, HUMAN, table.start).rows) < 2
    ):
        _play(at, legal_moves(table.state)[0])
        table = _table(at)
    return table


def test_each_seat_gets_its_own_bot() -> None:
    at = _deal("international", {1: "strong", 2: "random", 3: "strong"})
    assert _table(at).seats == ("", "strong", "random", "strong")
    start = t("play.header", "en", rules="International pairs (FID)", hand=1, bot="\0").split("\0")[0]
    header = next(c.value for c in at.caption if c.value.startswith(start))  # the picker's "4 players" comes first
    assert f"{t('seat.n', 'en', n=1)}: {t('level.strong', 'en')}" in header
    assert f"{t('play.seat_partner', 'en', n=2)}: {t('level.random', 'en')}" in header


def test_the_header_names_the_rules_in_the_learners_language_not_by_the_presets_id() -> None:
    at = _deal("kozel", {}, "ru")
    start = t("play.header", "ru", rules="\0", hand=1, bot="").split("\0")[0]
    header = next(c.value for c in at.caption if c.value.startswith(start))
    assert header.startswith(f"{start}Козёл · ")
    assert "kozel" not in header


def test_the_hint_ranks_the_moves_and_is_kept_for_its_position_only() -> None:
    at = _deal("international", {1: "strong", 2: "strong", 3: "strong"})
    table = _to_a_choice(at)
    assert not [h for h in at.html if 'class="dt-hint"' in h.body]  # nothing before asking
    ok(at.button(key="play_hint_button").click().run())
    shown = [h.body for h in at.html if 'class="dt-hint"' in h.body]
    assert len(shown) == 1
    expected = make_hint(table.state, HUMAN, table.start)
    for row in expected.rows:
        assert f">{row.name.en}</td>" in shown[0]
    assert any(m.value.startswith(f"**Why {expected.rows[0].name.en}?**") for m in at.markdown)
    # the learner moves: the old hint is not shown for the new position
    _play(at, legal_moves(_table(at).state)[0])
    if not _table(at).hand_over:
        assert not [h.body for h in at.html if 'class="dt-hint"' in h.body]


def test_what_we_know_lists_every_other_seat() -> None:
    at = _deal("international", {1: "heuristic", 2: "heuristic", 3: "heuristic"}, lang="ru")
    table = _table(at)
    expander = next(e for e in at.expander if e.label == t("know.title", "ru"))
    lines = [m.value for m in expander.markdown]
    known = what_we_know_of(table.state, HUMAN, table.start)
    assert lines == [f"- {line}" for line in knowledge_lines(known, "ru")]
    assert len(lines) == 3 and t("know.partner", "ru") in lines[1]


def test_the_review_after_the_hand_steps_through_the_decisions() -> None:
    at = _deal("international", {1: "strong", 2: "strong", 3: "strong"})
    for _ in range(60):
        table = _table(at)
        if table.hand_over:
            break
        _play(at, legal_moves(table.state)[-1])
    table = _table(at)
    assert table.hand_over
    assert t("review.title", "en") in [s.value for s in at.subheader]
    kept = at.session_state["play_review"].kept
    review = kept[1]
    assert isinstance(review, HandReview) and kept[0] == table.state
    assert any(m.value == review_headline(review, "en") for m in at.markdown)
    if len(review.decisions) < 2:
        return
    first = t("review.step", "en", k=1, total=len(review.decisions), move=review.decisions[0].index + 1)
    assert any(m.value == first for m in at.markdown)
    ok(at.button(key="play_review_next").click().run())
    second = t("review.step", "en", k=2, total=len(review.decisions), move=review.decisions[1].index + 1)
    assert any(m.value == second for m in at.markdown)
    ok(at.button(key="play_review_previous").click().run())
    assert any(m.value == first for m in at.markdown)
    assert at.session_state["play_review"].kept[1] is review  # stepping never analyses again


def test_a_strategy_capstone_has_the_hint_and_ends_with_a_review() -> None:
    lesson = next(lesson for lesson in load_course("strategy", proofs=False) if lesson.id == "strategy-05-doubles")
    at = AppTest.from_file(MAIN, default_timeout=120)
    at.query_params["lesson"] = lesson.id
    ok(at.run())
    run: LessonRun = at.session_state["learn_player"].run
    solve_until(run, lambda r: isinstance(r.step, CapstoneStep))
    ok(at.run())
    hand = run.capstone
    assert hand is not None and hand.seats[1] == "strong" and hand.seats[run.viewer] == ""
    if not run.done:
        ok(at.button(key="learn_hint_button").click().run())
        kept = at.session_state["learn_engine_hint"].kept  # (the position, the Hint) the panel keeps
        assert kept[0] == run.capstone.state  # type: ignore[union-attr]
        hint = kept[1]
        if len(hint.rows) > 1:  # the bars of every move, ranked
            assert [h for h in at.html if 'class="dt-hint"' in h.body]
        else:  # a random deal can leave the learner one move: said in words, no bars
            only = t("hint.only_move", "en", move=hint.rows[0].name.en)
            assert any(m.value == only for m in at.markdown), [m.value for m in at.markdown]
        assert run.hints_used == 1  # the engine's hint counts against the stars, once per hand
        assert any(e.label == t("know.title", "en") for e in at.expander)
    while not run.done:
        action = solve(run)
        assert isinstance(action, Move)
        run.submit_move(action)
    ok(at.run())
    assert t("review.title", "en") in [s.value for s in at.subheader]
    assert any(
        t("learn.badge_earned", "en", badge=lesson.steps[-2].badge.en) == s.value  # type: ignore[union-attr]
        for s in at.success
    )
