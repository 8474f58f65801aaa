"""The rules core speaks Ukrainian and Spanish: a why_illegal, a worked hand end, a move, the lead and Tien Gow,
rendered in uk and es with the right domino words and the engine's own numbers, and no English left."""

from __future__ import annotations

import re

import pytest
from rules_helpers import position, run
from tien_gow_helpers import WORKED_MOVES, mv, worked_start
from tien_gow_helpers import run as tg_run

from tutorial_app.rules.line.moves import why_illegal
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import DRAW, PASS, Action, Move
from tutorial_app.rules.line.who import seat_who
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.line.worked_moves import describe_moves, explain_drawable, explain_move, explain_what_to_do
from tutorial_app.rules.text import Text, declined, msg, msgc
from tutorial_app.rules.tien_gow.worked import describe_plays, explain_trick_points
from tutorial_app.rules.tiles import Tile

ENGLISH = re.compile(r"\b(the|and|you|your|seat|tiles?|fits?|pips|scores?|draws?|boneyard|hand|writes)\b", re.I)
RUSSIAN_ONLY = re.compile("[ыэъё]", re.I)
LANGS = ("uk", "es")


def _clean(text: str) -> str:
    """No English word and (in Ukrainian) no Russian letter is left."""
    assert not ENGLISH.search(text), text
    assert not RUSSIAN_ONLY.search(text), text
    return text


@pytest.mark.parametrize("lang", LANGS)
def test_a_tile_that_fits_another_end_says_so(lang: str) -> None:
    # the ends show 3 (left) and 1 (right): 3-0 fits only the left end
    state = position("block", [["3-0", "6-6"], ["5-5"]], ["3-2", "2-1"], to_move=0).state
    reason = why_illegal(state, Move(Action.PLAY, Tile(3, 0), "right"))
    assert reason is not None
    said = _clean(reason.in_(lang))
    assert "3-0" in said and "(3)" in said and "(1)" in said
    left, right = {"uk": ("лівого", "правого"), "es": ("izquierdo", "derecho")}[lang]
    assert left in said and right in said


@pytest.mark.parametrize("lang", LANGS)
def test_passing_with_a_tile_that_fits_is_refused_by_name(lang: str) -> None:
    state = position("block", [["3-4", "6-6"], ["5-5"]], ["3-2", "2-1"], to_move=0).state
    reason = why_illegal(state, PASS)
    assert reason is not None
    said = _clean(reason.in_(lang))
    assert "4-3" in said
    assert {"uk": "пасувати", "es": "pasar"}[lang] in said.lower()


@pytest.mark.parametrize("lang", LANGS)
def test_the_boneyard_is_named_in_each_language(lang: str) -> None:
    state = position("draw", [["6-6"], ["5-5"]], ["3-2", "2-1"], to_move=0).state
    said = _clean(explain_drawable(state).in_(lang))
    assert str(len(state.boneyard)) in said
    assert {"uk": "базарі", "es": "pozo"}[lang] in said
    assert why_illegal(state, DRAW) is None
    move = _clean(explain_move(state, DRAW).in_(lang))
    assert {"uk": "базарі", "es": "pozo"}[lang] in move


@pytest.mark.parametrize("lang", LANGS)
def test_the_worked_hand_end_keeps_the_arithmetic(lang: str) -> None:
    # kozel: you go out, the opponent holds 6-5 and 2-3 and writes 16 as a penalty
    pos = position("kozel", [["4-1"], ["6-5", "3-2"]], ["1-3", "3-3", "3-4"], to_move=0)
    final = run(pos.state, "4-1 right")
    worked = explain_hand_end(final, viewer=0).text().in_(lang)
    _clean(worked)
    assert "3-2 (5) + 6-5 (11) = 16" in worked
    assert str(hand_result(final).points[1]) in worked
    assert {"uk": "гравець 1", "es": "jugador 1"}[lang] in worked
    assert {"uk": "Ви вийшли", "es": "Dominaste"}[lang] in worked


@pytest.mark.parametrize("lang", LANGS)
def test_a_fish_names_who_made_it_and_the_sums(lang: str) -> None:
    # classic: 6-5 closes both ends on 6 with all seven 6s out; you hold 8, seat 1 holds 2 and wins 8 − 2 = 6
    chain = ["6-6", "6-0", "0-2", "2-6", "6-1", "1-3", "3-6", "6-4", "4-5"]
    final = run(position("classic", [["5-6", "4-4"], ["1-1"]], chain, to_move=0).state, "6-5 right")
    assert final.is_over and hand_result(final).points[1] == 6
    worked = _clean(explain_hand_end(final, viewer=0).text().in_(lang))
    assert {"uk": "рибу", "es": "trancaste"}[lang] in worked.lower()
    assert "8 − 2 = 6" in worked


@pytest.mark.parametrize("lang", LANGS)
def test_what_to_do_when_nothing_fits_in_a_block_game(lang: str) -> None:
    state = position("block", [["4-2"], ["6-6"]], ["5-3", "3-1"], to_move=0).state
    said = _clean(explain_what_to_do(state, 0).in_(lang))
    assert "4-2" in said and "5" in said and "1" in said
    assert {"uk": "пас", "es": "pasa"}[lang] in said


@pytest.mark.parametrize("lang", LANGS)
def test_tien_gow_plays_and_trick_points(lang: str) -> None:
    start = worked_start()
    moves = [(seat % 4, mv(text)) for seat, text in enumerate(WORKED_MOVES[:4])]
    said = _clean(describe_plays(start, moves, viewer=1).in_(lang))
    assert "4-4 + 6-5 + 6-1 + 2-1" in said  # the learner's own discards are named
    assert "5-5" not in said  # another seat's are not
    assert {"uk": "взятк", "es": "baza"}[lang] in said.lower()
    state = tg_run(worked_start(), WORKED_MOVES[:12])
    points = _clean(explain_trick_points(state, 1, viewer=1).in_(lang))
    assert str(state.taken[1]) in points


def test_a_translation_asks_for_the_case_it_needs() -> None:
    who = declined(
        msgc("seat", "seat {seat}", seat=2),
        msgc("seat, genitive", "seat {seat}", seat=2),
        *(
            msgc("seat, dative", "seat {seat}", seat=2),
            msgc("seat, instrumental", "seat {seat}", seat=2),
        ),
    )
    text = msg("{who:cap} holds no tiles: 0.", who=who)
    assert text.en == "Seat 2 holds no tiles: 0."
    assert text.ru == "У игрока 2 костей не осталось: 0."
    assert text.uk == "У гравця 2 кісток не лишилося: 0."
    assert text.es == "El jugador 2 no tiene fichas: 0."  # a seat is «el jugador 2», as the glossary says
    assert Text.from_json(text.to_json()) == text


def test_spanish_names_a_seat_with_its_article_and_says_whose_with_de() -> None:
    """«Luego el jugador 1 pone…», «del jugador 1», «de ti»: a seat is «el jugador 1» (the glossary's word), never a
    bare «jugador 1» mid-sentence, and "laid by" is «del jugador 1» / «de ti», never «de el jugador» or «de tú»."""
    then = describe_moves([(1, Move(Action.PLAY, Tile(3, 2), "left"), ())], viewer=0).in_("es")
    assert then.startswith("Luego el jugador 1 pone 3-2"), then
    laid = "The set winning the trick so far is {combo}, laid by {who}. {why}"
    by_seat = msg(laid, combo="6-6", who=seat_who(1, 0).name, why="").in_("es")
    by_you = msg(laid, combo="6-6", who=seat_who(0, 0).name, why="").in_("es")
    assert by_seat.startswith("Por ahora gana la baza 6-6, del jugador 1."), by_seat
    assert by_you.startswith("Por ahora gana la baza 6-6, de ti."), by_you


def test_ukrainian_says_a_draw_from_the_boneyard_without_a_wrong_case() -> None:
    """«гравець 1 бере з базару: 1 кістка», not «бере 1 кістка» (a count is in the nominative, which «бере» cannot
    take: «бере 1 кістку»); the drawn tiles themselves, when the learner sees them, read the same way."""
    theirs = describe_moves([(1, DRAW, ())], viewer=0).in_("uk")
    assert theirs == "Далі гравець 1 бере з базару: 1 кістка.", theirs
    mine = describe_moves([(0, DRAW, (Tile(6, 6),))], viewer=0).in_("uk")
    assert mine == "Далі ви берете з базару: 6-6.", mine
