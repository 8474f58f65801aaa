"""Tien Gow's worked explanations (the learner is "you") and the bots that stop after a trick."""

from __future__ import annotations

import random

import pytest
from tien_gow_helpers import WORKED_MOVES, mv, run, worked_start

from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.tien_gow import worked
from tutorial_app.rules.tien_gow.bots import paused, play_bots
from tutorial_app.rules.tien_gow.state import Play
from tutorial_app.rules.tiles import Tile

RULES = tg.TienGowRules()


def _last_trick(rule: tg.LastTrick, lead: str) -> tg.HandState:
    """Seat 2 has taken no trick; seat 1 leads the last trick (one tile, or the pair of sevens)."""
    pair = len(lead.split()) > 2
    hands = (
        [["6-6", "6-6"], ["5-2", "4-3"], ["1-1", "1-1"], ["3-2", "2-1"]]
        if pair
        else [["6-6"], ["4-3"], ["1-1"], ["3-2"]]
    )
    taken = (2, 2, 0, 2) if pair else (2, 3, 0, 2)
    return tg.position(tg.TienGowRules(last_trick=rule), hands, 1, leader=1, taken=taken, moves=[lead])


def test_the_learners_discards_are_named_and_the_others_are_not() -> None:
    start = worked_start()
    moves = [(seat % 4, mv(text)) for seat, text in enumerate(WORKED_MOVES[:4])]
    said = worked.describe_plays(start, moves, viewer=1)
    assert said.en.startswith("Seat 0 leads the heaven-nine quartet (6-6 + 6-6 + 6-3 + 5-4).")
    assert "You lay 4-4 + 6-5 + 6-1 + 2-1 face down." in said.en  # the learner's own tiles, in the set's order
    assert "Seat 2 lays 4 tiles face down." in said.en and "5-5" not in said.en
    assert said.en.endswith(
        "Trick: seat 0, with the heaven-nine quartet (6-6 + 6-6 + 6-3 + 5-4), which nobody beat (+4 trick points)."
    )
    assert "Вы кладёте 4-4 + 6-5 + 6-1 + 2-1 рубашкой вверх." in said.ru
    assert "Игрок 2 кладёт 4 кости рубашкой вверх." in said.ru


def test_a_trick_is_explained_play_by_play_with_its_taker() -> None:
    state = run(worked_start(), WORKED_MOVES[:12])
    trick = state.last_trick
    assert trick is not None and trick.taker == 1
    said = worked.explain_trick(trick, viewer=1)
    assert said.en.startswith("Seat 0 leads Long three (3-3). You beat it with Man (4-4).")
    assert "Trick: you, with Man (4-4), the highest set laid face up (+1 trick point)." in said.en
    assert "Вы перебиваете: «человек» (4-4)." in said.ru
    assert worked.explain_next_leader(state, viewer=1).en.endswith("Whoever takes a trick leads the next one: you.")


def test_legality_says_which_rule_allows_or_forbids() -> None:
    state = run(worked_start(), WORKED_MOVES[:9])  # seat 0 led Long three; seat 1 to move
    assert worked.explain_legal(state, mv("play 4-4"), viewer=1).en.startswith(
        "The set winning the trick so far is Long three (3-3), laid by seat 0. Yes: "
    )
    no = worked.explain_legal(state, mv("play 5-2"), viewer=1)
    assert no.en.startswith("No: ") and no.ru.startswith("Нет: ")
    assert tg.why_illegal(state, mv("play 5-2")) is not None
    assert worked.explain_legal(state, mv("discard 5-2"), viewer=1).en == (
        "Yes: nobody has to beat; any 1 tile may be laid face down."
    )


@pytest.mark.parametrize(
    ("rule", "lead", "may", "words"),
    [
        (tg.LastTrick.SINGLE, "play 4-3", False, "led with one tile"),
        (tg.LastTrick.SINGLE, "play 5-2 4-3", True, "open to everyone"),
        (tg.LastTrick.ALWAYS, "play 5-2 4-3", False, "not take the last trick at all"),
        (tg.LastTrick.OPEN, "play 4-3", True, "anyone may take the last trick"),
    ],
)
def test_who_may_take_the_last_trick_follows_the_house_rule(
    rule: tg.LastTrick, lead: str, may: bool, words: str
) -> None:
    state = _last_trick(rule, lead)
    assert state.is_last_trick
    assert (not state.sits_out(2)) is may
    said = worked.explain_may_take_last(state, 2, viewer=0)
    assert words in said.en.lower()
    assert worked.explain_may_take_last(state, 0, viewer=0).en.startswith(
        "Under these" if rule is tg.LastTrick.OPEN else "You have taken 2 trick points already"
    )


def test_trick_points_are_added_up_trick_by_trick() -> None:
    state = run(worked_start(), WORKED_MOVES[:12])
    assert state.taken == (5, 1, 0, 0)
    assert "You have 4 + 1 = 5: 5 trick points." in worked.explain_trick_points(state, 0, viewer=0).en
    later = tg.position(
        RULES,
        [["6-2"], ["4-3"], ["1-1"], ["3-2"]],
        1,
        leader=1,
        taken=(2, 3, 0, 2),
        moves=["play 4-3", "discard 1-1", "discard 3-2", "play 6-2"],
    )
    assert "You have 2 + 1 = 3: 3 trick points." in worked.explain_trick_points(later, 0, viewer=0).en
    assert worked.explain_trick_points(later, 2, viewer=0).en == "Seat 2 has taken no trick: 0 trick points."


def test_the_settlement_names_the_learner_and_keeps_the_arithmetic() -> None:
    final = run(worked_start(), WORKED_MOVES)
    said = worked.explain_settlement(final, viewer=1)
    result = tg.hand_result(final)
    assert said.en.startswith("Last trick: you.")
    assert said.en.endswith(f"= {result.collected}.")
    assert "Seat 0 (banker): 5 trick points → the winner pays (5 − 4) × 2 = 2." in said.en
    assert "Последняя взятка: вы." in said.ru


def test_bots_stop_after_a_trick_a_bot_will_lead_and_go_on_when_resumed() -> None:
    for seed in range(40):
        dealt = tg.deal(RULES, random.Random(seed))
        state = dealt.state
        viewer = (dealt.state.banker + 1) % 4
        rngs = lambda n, s=seed: random.Random(f"{s}/{n}")  # noqa: E731
        stops = 0
        while not state.is_over:
            turns = play_bots(state, viewer, "greedy", rngs)
            state = turns.state
            if state.is_over:
                break
            if paused(state, viewer):
                stops += 1
                assert state.trick is None and state.to_move != viewer
                resumed = play_bots(state, viewer, "greedy", rngs, resume=True)
                assert resumed.moves and resumed.moves[0][0] == state.to_move
                state = resumed.state
                continue
            assert state.to_move == viewer
            state = tg.apply(state, tg.legal_moves(state)[-1])
        assert sum(state.taken) == tg.HAND_SIZE
    assert stops > 0


def test_why_tiles_may_not_be_led_together_is_one_whole_sentence() -> None:
    """ "Can you lead Heaven and Earth?" (chinese-02): the "no" ends as a sentence in every language."""
    from tutorial_app.rules.tien_gow.worked_tiles import explain_chinese_can_lead

    said = explain_chinese_can_lead(["6-6", "1-1"])
    for lang in ("en", "ru", "uk", "es"):
        assert said.in_(lang).endswith(".") and not said.in_(lang).endswith(".."), said.in_(lang)
    assert said.en.startswith("No: ") and said.es.startswith("No: ") and said.ru.startswith("Нет: ")


@pytest.mark.parametrize(
    ("count", "ru", "uk"),
    [
        (1, "Игрок 2 кладёт 1 кость рубашкой вверх.", "Гравець 2 кладе 1 кістку сорочкою догори."),
        (2, "Игрок 2 кладёт 2 кости рубашкой вверх.", "Гравець 2 кладе 2 кістки сорочкою догори."),
        (4, "Игрок 2 кладёт 4 кости рубашкой вверх.", "Гравець 2 кладе 4 кістки сорочкою догори."),
    ],
)
def test_tiles_laid_face_down_are_counted_as_the_verbs_object(count: int, ru: str, uk: str) -> None:
    """«кладе 1 кістку», the accusative, not the nominative «1 кістка» a count on its own reads as."""
    said = worked.play_text(Play(2, tuple(Tile(6, n) for n in range(count)), None), False, viewer=1)
    assert said.ru == ru and said.uk == uk
    assert said.en == f"Seat 2 lays {count} tile{'s' if count > 1 else ''} face down."


def test_five_tiles_face_down_take_the_genitive_plural() -> None:
    said = worked.play_text(Play(2, tuple(Tile(6, n) for n in range(5)), None), False, viewer=1)
    assert (
        said.ru == "Игрок 2 кладёт 5 костей рубашкой вверх." and said.uk == "Гравець 2 кладе 5 кісток сорочкою догори."
    )
