"""The Play page's model: bots, undo, next hand, seeds, under every preset."""

from __future__ import annotations

import random

import pytest
from app_runs import MAIN
from streamlit.testing.v1 import AppTest

from tutorial_app.app.play.table import HUMAN, PlayTable, human_move, next_hand, start_table, undo
from tutorial_app.app.table.bots import bot_move
from tutorial_app.app.table.records import (
    hand_log,
    lead_reason,
    partners_line,
    result_lines,
    result_reason,
    score_rows,
)
from tutorial_app.i18n import t
from tutorial_app.rules.line.deal import deal, decide_first_lead
from tutorial_app.rules.line.moves import apply, is_legal, legal_moves
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.variants import VARIANTS, rules_for
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.tiles import FULL_MASK


def _finish_hand(table: PlayTable, pick: int = 0) -> PlayTable:
    while not table.hand_over:
        moves = legal_moves(table.state)
        table = human_move(table, moves[pick % len(moves)])
    return table


@pytest.mark.parametrize("preset", [v.name for v in VARIANTS])
def test_a_hand_under_every_preset_ends_and_is_scored(preset: str) -> None:
    table = _finish_hand(start_table(rules_for(preset), preset, "greedy", 3, False))
    result = hand_result(table.state)
    assert table.result == result
    assert table.sheet.hands_played == 1
    assert [r.counted for r in table.sheet.records] == [table.sheet.records[0].counted]
    assert sum(table.sheet.scores) <= sum(result.total(s) for s in range(table.rules.sides))
    worked = explain_hand_end(table.state, HUMAN, table.match)
    lines = result_lines(table.state, "en", HUMAN, table.match)
    assert lines[0] == worked.how.en == result_reason(table.state, "en")
    assert worked.score.en in lines and worked.match is not None and worked.match.en in lines
    assert len(hand_log(table.state, "ru")) == len(table.state.log)


def test_bots_play_only_legal_moves_and_claim_their_points() -> None:
    rules = rules_for("all_fives", overrides={"fives_claim": "must_claim"})
    rng = random.Random(5)
    for _ in range(30):
        state = deal(rules, rng).state
        while not state.is_over:
            move = bot_move(state, "greedy", rng)
            assert is_legal(state, move)
            state = apply(state, move)
            assert state.unclaimed == 0, "a bot announces exactly the points its play scores"


def test_undo_goes_back_to_the_learners_previous_turn() -> None:
    table = start_table(rules_for("block"), "block", "random", 8, False)
    first = table.state
    after = human_move(table, legal_moves(first)[0])
    assert after.state != first
    back = undo(after)
    assert back.state == first
    assert back.state.to_move == HUMAN
    assert undo(back) == back


def test_no_move_is_taken_back_once_the_hand_is_over() -> None:
    """Every hand lies face up at the end and the score is written: a move taken back then would be played again
    knowing every tile (it used to be, and wiped the hand off the score sheet)."""
    table = _finish_hand(start_table(rules_for("block"), "block", "greedy", 2, True))
    assert table.sheet.hands_played == 1 and table.undo_states
    assert not table.can_undo
    assert undo(table) == table


def test_a_whole_match_runs_to_its_target_with_next_hand() -> None:
    table = start_table(rules_for("domino101"), "domino101", "greedy", 4, True)
    for _ in range(100):
        table = _finish_hand(table)
        if not table.can_continue:
            break
        table = next_hand(table)
    assert table.sheet.over
    assert max(table.sheet.scores) >= table.rules.target
    rows = score_rows(table.sheet, "en")
    assert len(rows) == table.sheet.hands_played + 1
    named = score_rows(table.sheet, "en", heads=["Anna", "Boris"])  # a shared table names its players
    assert list(named[-1]) == [t("score.hand", "en"), "Anna", "Boris"]
    assert list(named[-1].values())[1:] == list(rows[-1].values())[1:]
    with pytest.raises(ValueError):
        next_hand(table)


def test_the_same_seed_replays_the_same_game() -> None:
    one = _finish_hand(start_table(rules_for("draw"), "draw", "random", 11, False), pick=1)
    two = _finish_hand(start_table(rules_for("draw"), "draw", "random", 11, False), pick=1)
    assert one.state.log == two.state.log


@pytest.mark.parametrize(("preset", "players"), [("block", 2), ("block", 4), ("draw", 3), ("kozel", 4)])
def test_the_end_of_hand_calls_the_learner_you(preset: str, players: int) -> None:
    """The worked end of the hand speaks to seat 0 as "you"/«вы» and never names it by number."""
    rules = rules_for(preset, players=players)
    rng = random.Random(11)
    seen = set()
    for _ in range(60):
        state = deal(rules, rng).state
        while not state.is_over:
            state = apply(state, rng.choice(legal_moves(state)))
        result = hand_result(state)
        text = explain_hand_end(state, HUMAN).text()
        assert "seat 0" not in text.en.lower() and "игрок 0" not in text.ru and "игрока 0" not in text.ru
        en, ru = result_reason(state, "en"), result_reason(state, "ru")
        kind, about_you = result.why[0], HUMAN in rules.seats_of(result.winner_sides[0])
        if kind == "out" and state.out_seat == HUMAN:
            assert en.startswith("You went out") and ru.startswith("Вы вышли"), (en, ru)
        elif kind in ("lowest", "lowest_goat") and about_you and not result.tie:
            assert ("You have the fewest" in text.en or "Your pair" in text.en) and (
                "У вас меньше" in text.ru or "У вашей пары" in text.ru
            ), text
        elif kind == "goat_block" and state.fish_maker == HUMAN:
            assert en.startswith("You made the fish") and ru.startswith("Вы сделали рыбу"), (en, ru)
        seen.add((kind, about_you))
    assert ("out", True) in seen, seen


def _first_table(preset: str, learner_leads: bool):  # type: ignore[no-untyped-def]
    """The first deal (by seed) of ``preset`` where the learner leads, or where somebody else does."""
    for seed in range(200):
        table = start_table(rules_for(preset), preset, "greedy", seed, False)
        if table.dealt.lead is not None and (table.dealt.lead.seat == HUMAN) is learner_leads:
            return table
    raise AssertionError(f"no deal of {preset} where the learner leads is {learner_leads}")


def test_the_lead_sentence_calls_the_learner_you_when_they_lead() -> None:
    table = _first_table("block", learner_leads=True)
    decision = decide_first_lead(table.rules, table.start.hands)
    assert decision is not None and decision.seat == HUMAN and decision.why == "lowest_double"
    assert decision.tile in table.start.hand(HUMAN)
    tile = decision.tile
    assert (
        lead_reason(table.dealt.lead, "en") == f"You lead: you hold the lowest double, {tile}, and may lead any tile."
    )
    assert lead_reason(table.dealt.lead, "ru") == (
        f"Вы ходите первым: у вас младший дубль {tile}, и можете зайти любой костью."
    )
    assert (
        lead_reason(table.dealt.lead, "en", None) == table.dealt.lead.reason.en
    )  # no learner: the rules core's sentence
    other = _first_table("block", learner_leads=False)
    assert other.dealt.lead is not None
    assert lead_reason(other.dealt.lead, "en") == other.dealt.lead.reason.en
    assert lead_reason(other.dealt.lead, "ru") == other.dealt.lead.reason.ru


@pytest.mark.parametrize("preset", [v.name for v in VARIANTS])
def test_every_lead_rule_has_a_learner_sentence(preset: str) -> None:
    for learner_leads in (True, False):
        lead = _first_table(preset, learner_leads).dealt.lead
        en, ru = lead_reason(lead, "en"), lead_reason(lead, "ru")
        if not learner_leads:
            assert (en, ru) == (lead.reason.en, lead.reason.ru)
            continue
        assert en.startswith("You ") and ru.startswith("Вы "), (en, ru)
        assert "seat 0" not in en.lower() and "месте 0" not in ru, (en, ru)
        if lead.tile is not None:
            assert str(lead.tile) in en and str(lead.tile) in ru
        # what the leader may lead, said once: "any tile" when any may lead, else that tile
        for lang, any_tile in _ANY_TILE.items():
            said = lead_reason(lead, lang)
            assert said.count(any_tile) == (1 if lead.lead_mask == FULL_MASK else 0), said
            assert lead.why in ("lots", "winner") or said.startswith(t("lead.open_any", lang, why="")[:8]), said


_ANY_TILE = {"en": "any tile", "ru": "любой кост", "uk": "будь-якою кісткою", "es": "cualquier ficha"}


def test_the_winner_of_a_hand_leads_the_next_as_you() -> None:
    for seed in range(20):
        table = _finish_hand(start_table(rules_for("draw"), "draw", "greedy", seed, True))
        following = next_hand(table)
        lead = following.dealt.lead
        assert lead is not None and lead.why == "winner" and lead.seat == table.sheet.next_leader
        expected = (
            ("You lead with any tile.", "Вы заходите любой костью.")
            if lead.seat == HUMAN
            else (lead.reason.en, lead.reason.ru)
        )
        assert (lead_reason(lead, "en"), lead_reason(lead, "ru")) == expected


@pytest.mark.parametrize(("preset", "lang"), [("block", "ru"), ("all_fives", "es"), ("kozel_pass", "uk")])
def test_the_play_page_shows_you_lead(preset: str, lang: str) -> None:
    """The header says who leads, why, and that any tile may lead, once (all fives' lot said "any tile" and a
    second line said it again: «Sacaste por sorteo… y sales con cualquier ficha. · Quien sale puede abrir con
    cualquier ficha.»)."""
    table = _first_table(preset, learner_leads=True)
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("app_pages/play.py").run()
    at.session_state["play_page"].table = table
    at.run()
    assert not at.exception, at.exception
    captions = [c.value for c in at.caption]
    assert any(c.startswith(lead_reason(table.dealt.lead, lang)) for c in captions), captions
    assert not any(table.dealt.lead.reason.in_(lang) in c for c in captions), captions
    assert sum(c.count(_ANY_TILE[lang]) for c in captions) == 1, captions


def test_a_redeal_notice_names_the_learner_as_you() -> None:
    """The Play page's "Redealt first" line speaks of the seats as the table labels them ("You", not seat 0)."""
    rules = rules_for("domino101", 2)
    notices = [
        reason for seed in range(300) for reason in start_table(rules, "domino101", "greedy", seed, False).dealt.redeals
    ]
    assert notices, "some 101 deals for two are thrown in"
    assert not any(f"seat {HUMAN}" in n.en.lower() or f"игрока {HUMAN}" in n.ru for n in notices)
    mine = [n for n in notices if n.en.startswith("You hold")]
    assert mine and all(n.ru.startswith("У вас") for n in mine)
    assert any(n.en.startswith("Seat 1 holds") for n in notices)


def test_another_seats_draw_is_counted_in_tiles_not_shown_as_a_number_alone() -> None:
    """ "Seat 1 drew 1 from the boneyard" read like the tile 1; the count now carries its noun, in each language's
    plural."""
    from tutorial_app.app.table.records import move_line
    from tutorial_app.rules.line.state import DRAW
    from tutorial_app.rules.tiles import parse_tile

    one, three = (parse_tile("6-5"),), tuple(parse_tile(x) for x in ("6-5", "4-4", "2-1"))
    assert move_line(1, DRAW, one, 0, "en") == "Seat 1 drew 1 tile from the boneyard"
    assert move_line(1, DRAW, three, 0, "en") == "Seat 1 drew 3 tiles from the boneyard"
    assert move_line(1, DRAW, three, 0, "ru").endswith("взял с базара 3 кости")
    assert "6-5" not in move_line(1, DRAW, three, 0, "es")  # another seat's tiles stay hidden


@pytest.mark.parametrize(
    ("lang", "seat", "said"),
    [
        ("en", 0, "Partners: You + Seat 2 against Seat 1 + Seat 3."),
        ("ru", 0, "Пары: Вы и Игрок 2 против Игрока 1 и Игрока 3."),
        ("uk", 0, "Пари: Ви і Гравець 2 проти Гравця 1 і Гравця 3."),
        ("es", 0, "Parejas: Tú y Jugador 2 contra Jugador 1 y Jugador 3."),
        ("ru", 3, "Пары: Вы и Игрок 1 против Игрока 0 и Игрока 2."),
        ("uk", 3, "Пари: Ви і Гравець 1 проти Гравця 0 і Гравця 2."),
    ],
)
def test_the_pair_after_against_is_in_the_case_against_needs(lang: str, seat: int, said: str) -> None:
    """Russian and Ukrainian decline the seats after «против»/«проти» (the genitive), not «против Игрок 1 + Игрок 3»."""
    assert partners_line(rules_for("international"), seat, lang) == said
