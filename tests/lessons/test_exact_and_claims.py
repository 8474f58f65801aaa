"""Strategy answers that hold under exact play, texts that state only what the learner can know, and the
two-level hint: the validator's checks and the runner."""

from __future__ import annotations

import textwrap

import pytest
from strategy_lesson_helpers import PASSED, block_scene, checked, issues_of, quiz_step, strategy_lesson

from tutorial_app.lessons import LessonRun
from tutorial_app.lessons.check.exact import exact_check
from tutorial_app.lessons.check.validate import Report
from tutorial_app.lessons.quiz.strategy import learner_analysis
from tutorial_app.lessons.run.stats import lesson_stats
from tutorial_app.strategy.deals import EXACT_MAX_DEALS
from tutorial_app.strategy.exact_deals import lead_of

# strategy-04's old warm-up: seat 1 passed on 6 and 1. The playouts give 6-6 left 77 % against 4-1 right 68 %,
# but both leave seat 1 without a move, and with best play they come to the same: 95.8 % against 95.2 %.
TRANSPOSED = """\
    real: true
    hands:
      - ["6-6", "5-1", "6-3", "4-1"]
      - ["3-3", "5-5", "3-5", "2-0"]
    chain: ["6-2", "2-2", "2-4", "4-4", "4-0", "0-1"]
    to_move: 1
    moves: [{action: pass}]"""

# strategy-04's old last question: 3-1 on the right blocks only if seat 1 (two tiles) has no 3
MAY_BLOCK = """\
    real: true
    hands:
      - ["0-0", "3-0", "1-1", "3-1", "2-2", "4-3", "4-4"]
      - ["1-0", "2-1", "4-1", "6-3", "5-4", "6-5", "6-6"]
    chain: []
    to_move: 0
    moves:
      - {tile: "3-0", end: lead}
      - {tile: "6-3", end: left}
      - {tile: "0-0", end: right}
      - {tile: "6-6", end: left}
      - {action: pass}
      - {tile: "6-5", end: left}
      - {action: pass}
      - {tile: "5-4", end: left}
      - {tile: "4-3", end: left}
      - {tile: "1-0", end: right}"""


def test_a_best_move_exact_play_does_not_back_is_refused() -> None:
    """The old playouts backed 6-6 left here (95.8 % against 95.2 % under exact play). Few tiles are left, so the
    learner's analysis now solves every deal itself, by the same path as the exact check: the quiz rule refuses
    the question at once, with the exact figures."""
    scene = block_scene(TRANSPOSED)
    analysis = learner_analysis(scene, 0)
    assert analysis.method == "exact_deals" and analysis.every
    played = lead_of(analysis, scene.state, [analysis.best.move])
    assert 0 <= played.gap < 0.05 and played.half_width == 0.0
    check = exact_check(scene, 0)
    assert check.status == "checked" and check.deals == 330 and check.analysis is not None
    assert lead_of(check.analysis, scene.state, [analysis.best.move]).gap == pytest.approx(played.gap)
    issues = issues_of(strategy_lesson(quiz_step(TRANSPOSED)))
    assert len(issues) == 1
    assert issues[0].startswith("strategy-test.yaml:9:")  # the line of ask: best_move
    assert f"by only {100 * played.gap:.1f} percentage points (± 0.0)" in issues[0]


def test_a_best_move_that_leads_under_exact_play_too_is_accepted_and_shown_in_the_stats() -> None:
    result = checked(strategy_lesson(quiz_step(PASSED)))
    assert result.issues == []
    figures = lesson_stats(Report([result._replace(course="strategy")]))[0].best_moves
    assert len(figures) == 1
    figure = figures[0]
    assert figure.answer == "5-5 right" and figure.exact == "checked" and figure.unit == "pp"
    scene = block_scene(PASSED)
    exact = exact_check(scene, 0).analysis
    assert exact is not None
    assert figure.exact_lead == pytest.approx(100 * lead_of(exact, scene.state, [exact.best.move]).gap)
    assert figure.deals == exact.playouts  # the number of deals averaged


def test_a_position_with_too_many_deals_is_not_checked_and_the_stats_say_so() -> None:
    opening = """\
        hands:
          - ["4-3", "3-1", "6-3", "3-0", "3-3", "5-1", "5-0"]
          - ["2-1", "4-2", "6-0", "1-0", "6-6", "2-0", "4-0"]
        chain: []
        to_move: 0"""  # the opening lead: nothing is known yet of seat 1's seven tiles
    result = checked(strategy_lesson(quiz_step(opening)))
    assert result.issues == []
    figure = lesson_stats(Report([result._replace(course="strategy")]))[0].best_moves[0]
    assert figure.exact == "too_many" and figure.exact_lead is None and figure.deals > EXACT_MAX_DEALS
    assert f"(more than {EXACT_MAX_DEALS:,})" in figure.note


# -- claims -----------------------------------------------------------------------------------------------


def test_would_block_in_a_best_move_step_needs_a_claim_and_a_claim_that_fails_says_how_often_it_holds() -> None:
    certain = '{en: "3-1 on the right would block the hand. Which move is best?", ru: "3-1 справа запер бы игру. Какой ход лучший?", uk: "3-1 праворуч зробив би рибу. Який хід найкращий?", es: "El 3-1 a la derecha trancaría la mano. ¿Cuál es la mejor jugada?"}'
    issues = issues_of(strategy_lesson(quiz_step(MAY_BLOCK, text=certain)))
    assert any("'would block' states a block as certain" in i for i in issues)
    assert any("'запер бы' states a block as certain" in i for i in issues)
    claimed = issues_of(strategy_lesson(quiz_step(MAY_BLOCK, '  claims: [{blocks: "3-1 right"}]\n', text=certain)))
    assert len(claimed) == 1
    assert (
        "the claim blocks: 3-1 right holds only in 78 of the 120 deals the learner cannot tell apart (65%)"
        in claimed[0]
    )


def test_a_hedged_text_with_a_claim_it_could_block_is_accepted() -> None:
    hedged = '{en: "3-1 on the right could block the hand, if seat 1 has no 3.", ru: "3-1 справа может запереть игру, если у игрока 1 нет троек.", uk: "3-1 праворуч може зробити рибу, якщо в гравця 1 немає трійок.", es: "El 3-1 a la derecha puede trancar la mano, si el jugador 1 no tiene treses."}'
    assert issues_of(strategy_lesson(quiz_step(MAY_BLOCK, '  claims: [{may_block: "3-1 right"}]\n', text=hedged))) == []
    never = issues_of(strategy_lesson(quiz_step(MAY_BLOCK, '  claims: [{may_block: "1-1 right"}]\n', text=hedged)))
    assert any("1-1 right blocks the hand in none of the 120 deals" in i for i in never)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("{holds_none: {seat: 1, numbers: [2, 5]}}", True),  # seat 1 passed on 2 and 5
        ("{holds_none: {seat: 1, numbers: [3]}}", False),
        ('{no_answer: {seat: 1, after: "5-5 right"}}', True),  # 2 and 5 stay on the ends
        ('{no_answer: {seat: 1, after: "6-2 left"}}', False),
        ("{fewer_pips_than: 1}", False),
    ],
)
def test_claims_are_proved_on_every_deal_the_learner_cannot_tell_apart(claim: str, holds: bool) -> None:
    issues = issues_of(strategy_lesson(quiz_step(PASSED, f"  claims: [{claim}]\n")))
    assert (issues == []) is holds, issues


def test_where_every_hand_is_face_up_a_claim_is_proved_on_the_real_deal() -> None:
    step = (
        '- kind: explain\n  text: {en: "6-2 on the left blocks nothing.", ru: Т, uk: Т, es: T}\n'
        "  claims: [{fewer_pips_than: 1}]\n"
        f"  position:\n{textwrap.indent(textwrap.dedent(PASSED), '    ')}\n"
    )
    issues = issues_of(strategy_lesson(step))
    assert len(issues) == 1 and "holds only on the real deal" in issues[0]  # 18 pips against seat 1's 18


def test_a_claim_about_a_move_needs_a_legal_move_of_the_learner() -> None:
    issues = issues_of(strategy_lesson(quiz_step(PASSED, '  claims: [{blocks: "3-3 right"}]\n')))
    assert any("the claim's move 3-3 right is illegal here" in i for i in issues)


# -- two-level hints ----------------------------------------------------------------------------------------


TWO_LEVELS = '  hint_answer: {en: "2 and 5: keep both on the ends.", ru: "2 и 5: оставьте оба на концах.", uk: "2 і 5: залиште обидва на кінцях.", es: "2 y 5: deja los dos en los extremos."}\n'


ASKED = (
    '{en: "Which numbers did seat 1 pass on?", ru: "На каких числах спасовал игрок 1?", '
    'uk: "На яких числах пасував гравець 1?", es: "¿Con qué números pasó el jugador 1?"}'
)


def _two_level(hint: str = ASKED) -> str:
    return quiz_step(PASSED, TWO_LEVELS).replace("  hint: {en: H, ru: П, uk: П, es: P}\n", f"  hint: {hint}\n")


def test_a_two_level_hint_asks_first_and_answers_on_the_second_press() -> None:
    lesson = checked(strategy_lesson(_two_level())).lesson
    assert lesson is not None
    run = LessonRun.start(lesson)
    assert run.hint_levels() == 2 and not run.more_hint
    asked = run.hint()
    assert asked is not None and asked.en == "Which numbers did seat 1 pass on?"
    assert run.more_hint and run.hints_used == 1
    answered = run.hint()
    assert answered is not None and answered.ru == "На каких числах спасовал игрок 1?\n\n2 и 5: оставьте оба на концах."
    assert not run.more_hint and run.hints_used == 2
    again = run.hint()
    assert again is not None and again.en == "Which numbers did seat 1 pass on?\n\n2 and 5: keep both on the ends."
    assert run.hints_used == 2  # pressing again shows the same, and costs nothing more


def test_a_two_level_hint_opens_with_a_question() -> None:
    told = "{en: Look at the pass., ru: Посмотрите на пас., uk: Подивіться на пас., es: Fíjate en el pase.}"
    issues = issues_of(strategy_lesson(_two_level(told)))
    assert len(issues) == 2 and all("end it with a question mark" in i for i in issues)
