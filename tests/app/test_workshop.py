"""The Lesson workshop through Streamlit's AppTest: the validator's problems in the page's language."""

from __future__ import annotations

from app_runs import ok, started
from streamlit.testing.v1 import AppTest

from tutorial_app.i18n import t

PAGE = "app_pages/workshop.py"
TWO_TEXTS_MISSING = """\
id: club-lesson
title: {en: Our move, ru: Наш ход}
summary: {en: A move, ru: Ход, uk: Хід, es: Una jugada}
rules: block
steps:
  - kind: remember
    points: [{en: Match the end, ru: К концу, uk: До кінця, es: Al extremo}]
"""


def _check(at: AppTest, text: str, lang: str) -> str:
    """The problems the Workshop lists for ``text`` (the page in ``lang``)."""
    ok(at.text_area(key="ws_text").set_value(text).run())
    ok(next(b for b in at.button if b.label == t("workshop.check", lang)).click().run())
    return _shown(at)


def _shown(at: AppTest) -> str:
    """The error box's text as a reader sees it (Markdown's escapes, such as ``\\:``, taken out)."""
    return str(at.error[0].value).replace("\\", "")


def test_the_workshop_lists_the_problems_in_spanish_with_a_real_plural() -> None:
    at = started("es")
    ok(at.switch_page(PAGE).run())
    shown = _check(at, TWO_TEXTS_MISSING, "es")
    assert shown.startswith("El validador encontró 2 problemas:"), shown
    assert "línea 2, columna 8: falta el texto uk: cada texto que lee el alumno tiene en:, ru:, uk: y es:" in shown
    assert "missing" not in shown and "(s)" not in shown
    one = _check(at, TWO_TEXTS_MISSING.replace("ru: Наш ход}", "ru: Наш ход, uk: Наш хід}"), "es")
    assert one.startswith("El validador encontró 1 problema:") and "falta el texto es" in one, one


def test_the_problems_follow_a_language_switched_after_the_check() -> None:
    """The problems are kept as messages and written out when shown: switching to Ukrainian rewrites them."""
    at = started("es")
    ok(at.switch_page(PAGE).run())
    _check(at, TWO_TEXTS_MISSING, "es")
    ok(at.sidebar.radio[0].set_value("uk").run())
    shown = _shown(at)
    assert shown.startswith("Перевірка знайшла 2 помилки:"), shown
    assert "рядок 2, стовпець 8: немає тексту es: кожен текст для учня має en:, ru:, uk: і es:" in shown
    assert "falta" not in shown


DRAWN_BY_LOT = """\
id: club-quiz
title: {en: Who leads, ru: Кто заходит, uk: Хто ходить першим, es: Quién sale}
summary: {en: The lead, ru: Заход, uk: Перший хід, es: La salida}
rules: block
steps:
  - kind: quiz
    text: {en: Who leads, ru: Кто заходит, uk: Хто ходить першим, es: Quién sale}
    ask: who_leads
    position:
      rules: international_two
      hands: [["1-1", "6-6"], ["2-2", "5-0"]]
    hint: {en: Lots, ru: Жребий, uk: Жереб, es: Sorteo}
  - kind: quiz
    text: {en: "Double?", ru: "Дубль?", uk: "Дубль?", es: "¿Doble?"}
    ask: is_double
    tile: 3-3
    answer: 7
    hint: {en: Look, ru: Смотрите, uk: Дивіться, es: Mira}
  - kind: remember
    points: [{en: Lots, ru: Жребий, uk: Жереб, es: Sorteo}]
"""


def test_a_refused_quiz_is_said_in_the_pages_language() -> None:
    """The quiz's own refusal and an answer's form, in Ukrainian (they were English inside Ukrainian frames)."""
    at = started("uk")
    ok(at.switch_page(PAGE).run())
    shown = _check(at, DRAWN_BY_LOT, "uk")
    assert "за цими правилами того, хто ходить першим, визначає жереб: рушій не може назвати гравця" in shown, shown
    assert "відповідь на is_double — це true або false, а не 7" in shown, shown
    assert "drawn by lot" not in shown and "true or false" not in shown
