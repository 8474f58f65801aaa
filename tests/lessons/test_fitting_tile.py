"""The fitting_tile question ("Which of your tiles fits?"): answered, offered and explained by the rules core."""

from __future__ import annotations

from tutorial_app.lessons import start_run
from tutorial_app.lessons.check.validate import Checked, check_source
from tutorial_app.source import parse_source

LESSON = """id: fits
title: {{en: Fits, ru: Подходит, uk: Підходить, es: Encaja}}
summary: {{en: Which tile fits, ru: Какая кость подходит, uk: Яка кістка підходить, es: Qué ficha encaja}}
rules: block
steps:
  - kind: quiz
    text: {{en: "Which of your tiles fits?", ru: "Какая из ваших костей подходит?", uk: "Яка з ваших кісток підходить?", es: "¿Cuál de tus fichas encaja?"}}
    ask: fitting_tile
    position:
      hands: [{hand}, ["4-0", "3-3"]]
      chain: ["6-5", "5-5"]
      to_move: 0
    hint: {{en: The double keeps its number on the end., ru: Дубль оставляет на конце своё число., uk: Дубль залишає на кінці своє число., es: El doble deja su número en el extremo.}}
  - kind: remember
    points: [{{en: Read both ends., ru: Смотрите на оба конца., uk: Дивіться на обидва кінці., es: Mira los dos extremos.}}]
"""


def _checked(hand: str) -> Checked:
    return check_source(parse_source(LESSON.format(hand=hand), "fits.yaml"), "fits")


def test_the_one_tile_that_fits_is_the_answer_and_every_tile_in_hand_is_offered() -> None:
    checked = _checked('["2-1", "5-3", "1-0"]')
    assert checked.issues == [] and checked.lesson is not None
    run = start_run(checked.lesson, seed=1)
    assert run.right_answer == "5-3"
    assert sorted(value for value, _label in run.choices("en") or []) == ["1-0", "2-1", "5-3"]
    explanation = run.engine_explanation()
    assert explanation is not None
    assert explanation.en == "The ends show 6 and 5: 5-3 fits the 5; 1-0 and 2-1 fit neither end."
    assert explanation.ru == "На концах 6 и 5: 5-3 подходит к 5; 1-0 и 2-1 не подходят ни к одному концу."


def test_a_hand_where_two_tiles_fit_is_refused_with_the_tiles_named() -> None:
    checked = _checked('["6-1", "5-3"]')
    messages = [issue.message.en for issue in checked.issues]
    assert any("exactly one tile" in m and "6-1" in m and "5-3" in m for m in messages), messages
