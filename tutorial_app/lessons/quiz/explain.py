"""The rules core's worked explanation behind every quiz answer.

Why one function per kind: each kind of question has its own arithmetic
("6-5 (11) + 3-2 (5) = 16", "ends 4 + 6 = 10, a multiple of 5", "27 rounds
to 25, minus your 6: 19"), worked out by ``rules.line.worked*``. A lesson's own
``explain`` text is said after it, never instead of it.
"""

from __future__ import annotations

from collections.abc import Callable

from tutorial_app.lessons.format.model import QuizStep, line_move
from tutorial_app.lessons.format.scenes import Scene
from tutorial_app.lessons.quiz.strategy import BestError, engine_explanation, may_hold_explanation
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import Status
from tutorial_app.rules.line.who import seat_who
from tutorial_app.rules.line.worked import (
    explain_count_tiles,
    explain_ends_sum,
    explain_fives_points,
    explain_is_double,
    explain_pips,
    explain_suit_left,
    explain_tile_value,
    explain_unseen,
    join,
)
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.line.worked_lead import explain_lead, explain_redeal
from tutorial_app.rules.line.worked_match import explain_sheet
from tutorial_app.rules.line.worked_moves import (
    explain_draw_count,
    explain_drawable,
    explain_fitting_tile,
    explain_move,
    explain_to_move,
    explain_what_to_do,
)
from tutorial_app.rules.text import Text, msg
from tutorial_app.rules.tien_gow.worked_tiles import (
    explain_chinese_beats,
    explain_chinese_can_lead,
    explain_chinese_copies,
    explain_chinese_red_pips,
    explain_chinese_suit,
)

__all__ = ["quiz_explanation", "chinese_explanation", "EXPLAINED_KINDS"]

Explainer = Callable[[QuizStep, Scene | None, HouseRules, int], Text | None]


def quiz_explanation(step: QuizStep, scene: Scene | None, rules: HouseRules, viewer: int = 0) -> Text | None:
    """The worked explanation of a quiz's right answer (None only where the engine has nothing to add)."""
    explainer = _EXPLAINERS.get(step.ask)
    if explainer is None:
        return None
    return explainer(step, scene, rules, viewer)


def _tile_value(step: QuizStep, scene: Scene | None, rules: HouseRules, _viewer: int) -> Text | None:
    return explain_tile_value(step.tile, scene.rules if scene else rules) if step.tile is not None else None


def _is_double(step: QuizStep, _scene: Scene | None, _rules: HouseRules, _viewer: int) -> Text | None:
    return explain_is_double(step.tile) if step.tile is not None else None


def _count_tiles(step: QuizStep, _scene: Scene | None, _rules: HouseRules, _viewer: int) -> Text | None:
    return explain_count_tiles(step.suit, step.doubles)


def _lead(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    if scene is None:
        return None
    return explain_lead(scene.rules, scene.state.hands, scene.lead, viewer)


def _redeal(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    if scene is None:
        return None
    return explain_redeal(scene.rules, scene.state.hands, scene.lead, scene.redeal, viewer)


def _to_move(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    return explain_to_move(scene.state, viewer, scene.lead) if scene is not None else None


def _is_legal(step: QuizStep, scene: Scene | None, _rules: HouseRules, _viewer: int) -> Text | None:
    if scene is None or step.move is None:
        return None
    return explain_move(scene.state, line_move(step.move))


def _fitting_tile(step: QuizStep, scene: Scene | None, _rules: HouseRules, _viewer: int) -> Text | None:
    return explain_fitting_tile(scene.state) if scene is not None and not scene.state.is_over else None


def _what_to_do(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    return explain_what_to_do(scene.state, viewer) if scene is not None else None


def _draw_count(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    return explain_draw_count(scene.state, viewer) if scene is not None else None


def _drawable(step: QuizStep, scene: Scene | None, _rules: HouseRules, _viewer: int) -> Text | None:
    return explain_drawable(scene.state) if scene is not None else None


def _ends_sum(step: QuizStep, scene: Scene | None, _rules: HouseRules, _viewer: int) -> Text | None:
    return explain_ends_sum(scene.state.table, scene.rules) if scene is not None else None


def _fives_points(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    if scene is None:
        return None
    state = scene.state
    mover = seat_who(state.log[-1][0], viewer) if state.log else None
    if not state.unclaimed or mover is None:
        return explain_fives_points(state.table, mover)
    claimed = state.log[-1][1].claim or 0
    missed = state.unclaimed
    if mover.person == "you":
        said = msg(
            'You announced {claimed}, so {missed} went unclaimed: the next player may call "Muggins!" and take them.',
            claimed=claimed,
            missed=missed,
        )
    else:
        said = msg(
            'Seat {seat} announced {claimed}, so {missed} went unclaimed: the next player may call "Muggins!" and '
            "take them.",
            seat=state.log[-1][0],
            claimed=claimed,
            missed=missed,
        )
    return join(explain_fives_points(state.table, None), said)


def _suit_left(step: QuizStep, scene: Scene | None, _rules: HouseRules, _viewer: int) -> Text | None:
    if scene is None or step.suit is None:
        return None
    return explain_suit_left(scene.state, step.suit)


def _unseen(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    if scene is None or step.suit is None:
        return None
    seat = scene.state.to_move if step.seat is None else step.seat
    return explain_unseen(scene.state, step.suit, seat, viewer)


def _pips(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    if scene is None:
        return None
    seat = scene.state.to_move if step.seat is None else step.seat
    return explain_pips(scene.state, seat, viewer)


def _hand_status(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    if scene is None:
        return None
    state = scene.state
    if state.status is Status.IN_PLAY:
        return join(msg("The hand is still in play."), explain_what_to_do(state, viewer))
    return explain_hand_end(state, viewer).text("how")


def _hand_end(focus: str) -> Explainer:
    def explain(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
        if scene is None or scene.state.status is Status.IN_PLAY:
            return None
        return explain_hand_end(scene.state, viewer).text(focus)

    return explain


def _verdict(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    """Who wins, without the points: a question about the points often follows on the same hand."""
    if scene is None or scene.state.status is Status.IN_PLAY:
        return None
    return explain_hand_end(scene.state, viewer).verdict_text()


def _match(step: QuizStep, scene: Scene | None, _rules: HouseRules, viewer: int) -> Text | None:
    if scene is None or scene.match is None:
        return None
    if scene.state.status is Status.IN_PLAY:
        return explain_sheet(scene.match, viewer)
    return explain_hand_end(scene.state, viewer, scene.match).text("match")


_CHINESE: dict[str, Callable[[QuizStep], Text | None]] = {
    "chinese_suit": lambda step: explain_chinese_suit(step.tile) if step.tile is not None else None,
    "chinese_copies": lambda step: explain_chinese_copies(step.tile) if step.tile is not None else None,
    "chinese_red_pips": lambda step: explain_chinese_red_pips(step.tile) if step.tile is not None else None,
    "chinese_can_lead": lambda step: explain_chinese_can_lead(step.tiles) if step.tiles else None,
    "chinese_beats": lambda step: (
        explain_chinese_beats(step.tiles, step.against) if step.tiles and step.against else None
    ),
}


def chinese_explanation(step: QuizStep) -> Text | None:
    """The worked explanation of a question about Chinese tiles and sets (no position, no rule set needed)."""
    explainer = _CHINESE.get(step.ask)
    return explainer(step) if explainer is not None else None


def _chinese(step: QuizStep, _scene: Scene | None, _rules: HouseRules, _viewer: int) -> Text | None:
    return chinese_explanation(step)


def _best_move(step: QuizStep, scene: Scene | None, _rules: HouseRules, _viewer: int) -> Text | None:
    if scene is None or scene.state.is_over:
        return None
    return engine_explanation(scene, scene.state.to_move)


def _may_hold(step: QuizStep, scene: Scene | None, _rules: HouseRules, _viewer: int) -> Text | None:
    if scene is None or scene.state.is_over:
        return None
    try:
        return may_hold_explanation(scene, scene.state.to_move, step.seat, step.suit, step.tile)
    except BestError:
        return None


_EXPLAINERS: dict[str, Explainer] = {
    "tile_value": _tile_value,
    "is_double": _is_double,
    "count_tiles": _count_tiles,
    "who_leads": _lead,
    "lead_tile": _lead,
    "fitting_tile": _fitting_tile,
    "must_redeal": _redeal,
    "who_moves": _to_move,
    "is_legal": _is_legal,
    "what_to_do": _what_to_do,
    "draw_count": _draw_count,
    "drawable": _drawable,
    "ends_sum": _ends_sum,
    "fives_points": _fives_points,
    "tiles_left_in_suit": _suit_left,
    "unseen_in_suit": _unseen,
    "pip_count": _pips,
    "hand_status": _hand_status,
    "winner": _verdict,
    "points": _hand_end("how"),
    "bank_after": _hand_end("how"),
    "fish_maker": _hand_end("how"),
    "capicu": _hand_end("how"),
    "next_leader": _hand_end("next_lead"),
    "match_over": _match,
    "match_winner": _match,
    "match_score": _match,
    "best_move": _best_move,
    "may_hold": _may_hold,
    **{kind: _chinese for kind in _CHINESE},
}
EXPLAINED_KINDS = frozenset(_EXPLAINERS)
"""Every quiz kind the rules core explains (a test keeps it equal to every kind there is)."""
