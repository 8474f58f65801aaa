"""The strategy engine's words in Ukrainian and Spanish: a hint's reason, a review's line and "What we know" read
in the language, with the position's own tiles and numbers and no English left."""

from __future__ import annotations

import re

from strategy_helpers import PASSED_ON_TWO, mover_view

from tutorial_app.board.describe import describe_position
from tutorial_app.rules.line.position import read_position
from tutorial_app.strategy.analysis import analyse
from tutorial_app.strategy.explain import why_best
from tutorial_app.strategy.knowledge import what_we_know

ENGLISH = re.compile(r"\b(the|seat|passed|leaves|open|so|it|cannot|answer|tiles?|holds?|You|turn)\b")


def test_the_hint_reads_in_ukrainian_and_spanish() -> None:
    view = mover_view(PASSED_ON_TWO)
    why = why_best(analyse(view, 300, seed=1), view.state)
    assert why is not None
    uk, es = why.in_("uk"), why.in_("es")
    for text in (uk, es):
        assert text.startswith("2-2") and "2" in text and "6" in text
        assert not ENGLISH.search(text), text
    assert "пасував" in uk and "2 і 6" in uk and "гравець 1" in uk
    assert not re.search("[ыэъё]", uk)
    assert "pasó" in es and "2 y 6" in es and "jugador 1" in es


def test_what_we_know_and_the_board_description_read_in_the_language() -> None:
    view = mover_view(PASSED_ON_TWO)
    known = what_we_know(view)
    uk, es = known.lines("uk"), known.lines("es")
    assert any("немає 2, 6" in line for line in uk), uk
    assert any("sin 2, 6" in line for line in es), es
    state = read_position(PASSED_ON_TWO).state
    text = describe_position(state, viewer_seat=0)
    assert "2 кістки" in text.in_("uk") and "На столі" in text.in_("uk")
    assert "2 fichas" in text.in_("es") and "En la mesa" in text.in_("es")
    for lang in ("uk", "es"):
        assert not ENGLISH.search(text.in_(lang)), text.in_(lang)
