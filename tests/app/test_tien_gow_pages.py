"""Tien Gow in the app through Streamlit's AppTest: the Play page's table, the Rules page's sheet, a lesson.

Moves come from the engine (``legal_moves``, the solver), made through the
page's own buttons: tiles selected one by one, then Play or Discard.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, pairwise
from typing import Any

import pytest
from app_runs import MAIN, ok, started
from streamlit.testing.v1 import AppTest

from tutorial_app.app.tien_gow.table import HUMAN
from tutorial_app.board.browser import LIT_TWIN
from tutorial_app.board.tien_gow_controller import selection_hint
from tutorial_app.i18n import t
from tutorial_app.lessons import Run, load_course, solve, solve_until
from tutorial_app.lessons.format.model import PlayStep, QuizStep
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.text import msgn
from tutorial_app.rules.tien_gow.sheet import tien_gow_sections
from tutorial_app.rules.tien_gow.worked import namer
from tutorial_app.strategy.bot_table import BotTable


def _places(hand: tuple[object, ...], tiles: tuple[object, ...]) -> list[int]:
    """Places in the hand holding these tiles (a civil tile may be there twice)."""
    places: list[int] = []
    for tile in tiles:
        places.append(next(i for i, held in enumerate(hand) if held == tile and i not in places))
    return places


def _make(at: AppTest, key: str, state: tg.HandState, move: tg.Move, seat: int = HUMAN) -> None:
    """Select the move's tiles with the hand buttons, then press Play or Discard."""
    for place in _places(state.hands[seat], move.tiles):
        ok(at.button(key=f"{key}_tg_tile_{place}").click().run())
    ok(at.button(key=f"{key}_tg_{move.action.value}").click().run())


def _your_turns(at: AppTest, most: int) -> Iterator[BotTable]:
    """The table at each of your turns of the hand, a trick the bots took looked at (Resume) on the way, until the
    hand is over (at most ``most`` page runs)."""
    for _ in range(most):
        table = at.session_state["play_page"].table
        if table.hand_over:
            return
        if table.paused:
            ok(at.button(key="play_tg_resume").click().run())
            continue
        yield table


def _at_a_lesson_play_step() -> tuple[AppTest, Run]:
    """The Learn page on the first Tien Gow lesson with a move to make, at that step (the steps before it answered
    by the rules core), and the page's lesson run."""
    lesson = next(lesson for lesson in load_course("chinese") if any(isinstance(s, PlayStep) for s in lesson.steps))
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lesson"] = lesson.id
    ok(at.run())
    run = at.session_state["learn_player"].run
    solve_until(run, lambda r: isinstance(r.step, PlayStep))
    ok(at.run())
    return at, run


def _deal_tien_gow(at: AppTest, whole_match: bool = False, lang: str = "en", seed: int | None = None) -> None:
    ok(at.switch_page("app_pages/play.py").run())
    ok(at.selectbox(key="play_preset").set_value(tg.NAME).run())
    if seed is not None:  # a deal the test knows; left empty, Play deals a secret one
        ok(at.number_input(key="play_seed").set_value(seed).run())
    if whole_match:
        ok(at.radio(key="play_whole_match").set_value(True).run())
    ok(next(b for b in at.button if b.label == t("play.deal", lang)).click().run())


def test_a_hand_of_tien_gow_played_to_its_settlement_with_the_buttons() -> None:
    at = started("en")
    _deal_tien_gow(at)
    table = at.session_state["play_page"].table
    assert isinstance(table, BotTable)
    for table in _your_turns(at, 60):
        assert table.state.to_move == HUMAN
        _make(at, "play", table.state, tg.legal_moves(table.state)[-1])
    table = at.session_state["play_page"].table
    assert table.hand_over and sum(table.state.taken) == tg.HAND_SIZE
    assert at.subheader[0].value == t("play.hand_over", "en")
    sentences = tg.hand_result(table.state).sentences(namer(HUMAN))
    shown = " ".join(m.value for m in at.markdown)
    assert all(line.en in shown for line in sentences)  # the engine's settlement, with its arithmetic
    chips = at.table[0].value
    assert list(chips.iloc[-1][1:]) == [str(c) for c in table.sheet.chips]


def test_with_nothing_chosen_on_the_buttons_the_caption_says_what_may_be_laid_not_choose() -> None:
    """Tiles chosen on the table stay in the browser (the server never hears of them), so the caption under the
    buttons, with nothing chosen there, says what may be laid as a rule ("To lead: ...", "This trick takes 2 tiles:
    ..."), never "Choose one tile..." beside tiles chosen on the table; with a tile chosen, what it may do."""
    for lang in ("en", "ru"):
        at = started(lang)
        _deal_tien_gow(at, lang=lang, seed=1)
        leads = follows = 0
        for table in _your_turns(at, 40):
            state = table.state
            captions = [caption.value for caption in at.caption]
            nothing = selection_hint(state, (), HUMAN).text.in_(lang)
            assert nothing not in captions
            if state.trick is None:
                leads += 1
                assert t("tg.lead_rule", lang) in captions
            else:
                follows += 1
                count = msgn("{n} tile", "{n} tiles", state.trick.size).in_(lang)
                assert t("tg.follow_rule", lang, count=count) in captions
            _make(at, "play", state, tg.legal_moves(state)[-1])
        assert leads and follows


def test_every_button_under_the_table_is_given_to_the_table_as_the_click_it_stands_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table is sent the buttons under it (``twins``: key -> the table's click), so that a button pressed while
    the table holds tiles picked on it acts on them (the browser answers the press, ``browser.Answers.twins``):
    every tile's button, Play and Discard (each with its lit look, shown while the table's own picks light it),
    on the Play page and in a lesson, and nothing else."""
    from tutorial_app.app.tien_gow import view

    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(
        view, "show_board_data", lambda data, *, name, on_click=None: sent.append((name, data.to_json()))
    )
    at = started("es")
    _deal_tien_gow(at, lang="es", seed=1)
    learn, run = _at_a_lesson_play_step()
    sent.clear()
    ok(learn.run())
    ok(at.run())
    monkeypatch.undo()
    table = at.session_state["play_page"].table
    pages = {"learn": (learn, run.state, run.viewer, "en"), "play": (at, table.state, HUMAN, "es")}
    assert sorted(name for name, _ in sent) == sorted(pages)
    for name, data in sent:
        page, state, viewer, lang = pages[name]
        assert state is not None and state.to_move == viewer
        hand = state.hands[viewer]
        twins = data["twins"]
        assert twins == {
            **{f"{name}_tg_tile_{place}": f"hand:{place}" for place in range(len(hand))},
            f"{name}_tg_play": "action:play",
            f"{name}_tg_discard": "action:discard",
            f"{LIT_TWIN}{name}_tg_play": "action:play",
            f"{LIT_TWIN}{name}_tg_discard": "action:discard",
        }
        labels = {key: page.button(key=key).label for key in twins}
        assert [labels[f"{name}_tg_tile_{place}"] for place in range(len(hand))] == [str(tile) for tile in hand]
        for action in ("play", "discard"):  # nothing chosen: unlit, with a lit look the table shows for its own picks
            assert labels[f"{name}_tg_{action}"] == labels[f"{LIT_TWIN}{name}_tg_{action}"] == t(f"tg.{action}", lang)
            assert page.button(key=f"{name}_tg_{action}").proto.type == "secondary"
            assert page.button(key=f"{LIT_TWIN}{name}_tg_{action}").proto.type == "primary"


def test_the_header_shows_a_typed_deal_number_and_keeps_a_secret_one_hidden() -> None:
    at = started("ru")
    _deal_tien_gow(at, lang="ru", seed=41)
    header = next(c.value for c in at.caption if c.value.startswith("Тянь гоу · раздача 1"))
    assert f" · {t('tg.deal_number', 'ru', seed=41)} · " in header
    at = started("en")
    _deal_tien_gow(at)
    header = next(c.value for c in at.caption if c.value.startswith("Tien Gow · hand 1"))
    assert f" · {t('tg.deal_secret', 'en')} · " in header
    assert str(at.session_state["play_page"].table.seed) not in header


def test_an_impossible_set_is_explained_and_nothing_is_played() -> None:
    at = started("ru")
    # deal 1 (a deal the test can replay) has a turn where two of your tiles played together are refused
    _deal_tien_gow(at, lang="ru", seed=1)
    for table in _your_turns(at, 40):
        state = table.state
        hand = state.hands[HUMAN]
        bad = next(
            (
                tg.play(*pair)
                for pair in pairwise(hand)
                if (state.trick is None or state.trick.size == 2) and tg.why_illegal(state, tg.play(*pair))
            ),
            None,
        )
        if bad is not None:
            _make(at, "play", state, bad)
            reason = tg.why_illegal(state, bad)
            assert reason is not None and at.warning[0].value == reason.ru
            # said once: the caption under the buttons, which says what the selection may do, leaves it to the box
            assert reason.ru not in [caption.value for caption in at.caption]
            assert at.session_state["play_page"].table.state == state
            return
        _make(at, "play", state, tg.legal_moves(state)[0])
    pytest.fail("some turn should offer a selection that cannot be played")


def test_a_match_goes_on_with_the_winner_as_banker() -> None:
    at = started("en")
    _deal_tien_gow(at, whole_match=True)
    for table in _your_turns(at, 80):
        _make(at, "play", table.state, tg.legal_moves(table.state)[0])
    table = at.session_state["play_page"].table
    assert table.hand_over
    if table.can_continue:
        winner = tg.hand_result(table.state).winner
        ok(at.button(key="play_tg_next_hand").click().run())
        following = at.session_state["play_page"].table
        assert following.hand_no == 1 and following.start.banker == winner
        assert following.match.chips == table.sheet.chips


def test_the_rules_page_prints_the_tien_gow_sheet_and_the_glossary_has_its_words() -> None:
    at = started("ru")
    ok(at.switch_page("app_pages/rules.py").run())
    ok(at.selectbox(key="sheet_preset").set_value(tg.NAME).run())
    headings = [s.value for s in at.subheader]
    assert headings == [section.heading for section in tien_gow_sections(tg.TienGowRules(), "ru")]
    ok(at.multiselect(key="sheet_changed_tien_gow").set_value(["stake"]).run())
    ok(at.number_input(key="sheet_tien_gow_opt_stake").set_value(30).run())
    assert any("30" in m.value and t("rules.house_rule", "ru") in m.value for m in at.markdown)
    glossary = " ".join(m.value for m in at.markdown)
    assert "**взятка" in glossary and "**банкир" in glossary and "**сброс" in glossary


def test_a_tien_gow_lesson_step_is_played_on_the_table_with_the_buttons() -> None:
    at, run = _at_a_lesson_play_step()
    assert run.game.name == "tien_gow"
    state = run.state
    assert state is not None
    wrong = next(m for m in tg.legal_moves(state) if m.action is tg.Action.DISCARD)
    _make(at, "learn", state, wrong)
    assert at.error and run.mistakes == 1  # a legal move that misses the goal
    right = solve(run)
    assert isinstance(right, tg.Move)
    if run.refuted:
        ok(at.button(key="learn_retry").click().run())
    _make(at, "learn", state, right)
    assert run.done and at.success


def test_a_set_a_lesson_refuses_is_said_once_and_stays_selected() -> None:
    """Play pressed with tiles that make no set: a mistake, the engine's reason in the player's box and nowhere
    else on the page, and the tiles still selected (on the buttons, and so on the table), to be put back or
    played otherwise."""
    at, run = _at_a_lesson_play_step()
    state = run.state
    assert state is not None
    size = state.trick.size if state.trick is not None else 2
    hand = state.hands[run.viewer]
    places = next(
        list(chosen)
        for chosen in combinations(range(len(hand)), size)
        if tg.why_illegal(state, tg.play(*(hand[place] for place in chosen))) is not None
    )
    bad = tg.play(*(hand[place] for place in places))
    _make(at, "learn", state, bad, seat=run.viewer)
    reason = tg.why_illegal(state, bad)
    assert reason is not None and [box.value for box in at.error] == [reason.en] and run.mistakes == 1
    assert reason.en not in [caption.value for caption in at.caption]
    assert run.state == state
    assert [at.button(key=f"learn_tg_tile_{place}").label.startswith("▲") for place in range(len(hand))] == [
        place in places for place in range(len(hand))
    ]


def test_a_lesson_asking_who_takes_the_trick_or_its_points_draws_them_from_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """chinese-03 asks who takes a trick (step 1) and how many trick points you have after taking one (step 10):
    their tables leave the trick on the felt out of the seats' trick points (the labels said "trick points: 4",
    the answer); a step asking something else counts it. What the table was given is caught at
    ``show_trick_table``, which the lesson's board (and a class's) draws with."""
    from tutorial_app.app.tien_gow import lesson as tien_gow_lesson

    drawn: list[tuple[int, dict[str, Any]]] = []
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lesson"] = "chinese-03-threes-and-fours"
    at.query_params["lang"] = "en"

    def caught(state: tg.HandState, **options: Any) -> None:
        drawn.append((at.session_state["learn_player"].run.index, options))

    monkeypatch.setattr(tien_gow_lesson, "show_trick_table", caught)
    ok(at.run())
    run = at.session_state["learn_player"].run
    asked: dict[int, str] = {}
    while run.index < 10:
        step = run.step
        if isinstance(step, QuizStep):
            asked[run.index] = step.ask
        while not run.done:  # a play step may take several moves
            action = solve(run)
            assert action is not None
            if isinstance(step, QuizStep):
                run.answer(action)
            else:
                run.submit_move(action)
        run.next()
        ok(at.run())
    assert asked[0] == "trick_taker" and asked[9] == "trick_points"
    credited = {index: options["credit_trick"] for index, options in drawn}
    assert credited[0] is False and credited[9] is False
    assert all(credited[index] for index in credited if asked.get(index) not in ("trick_taker", "trick_points"))
    assert any(credited.values())
