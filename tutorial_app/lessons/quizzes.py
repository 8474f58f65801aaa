"""Quiz kinds: the right answer of every question is computed by the rules core.

Why computed: a lesson must never contradict the rules. The author may write
the expected answer too, and the validator fails when the engine disagrees.
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial_app.lessons.chinese_quiz import (
    CHINESE_BOOL_KINDS,
    CHINESE_QUIZ_KINDS,
    CHINESE_WORD_KINDS,
    CHINESE_WORDS,
    chinese_answer,
    chinese_reason,
)
from tutorial_app.lessons.goals import ends_total, fives_points
from tutorial_app.lessons.model import Answer, QuizStep
from tutorial_app.rules.deal import LeadDecision
from tutorial_app.rules.match import MatchState, record_hand
from tutorial_app.rules.moves import apply, legal_moves, why_illegal
from tutorial_app.rules.options import HouseRules, Teams
from tutorial_app.rules.scoring import HandResult, hand_result
from tutorial_app.rules.state import DRAW, Action, HandState, Status
from tutorial_app.rules.text import Text
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, TileError, parse_tile, tiles_of_mask

__all__ = [
    "Scene",
    "QuizError",
    "correct_answer",
    "normalize_answer",
    "default_choices",
    "choice_label",
    "answer_type",
    "engine_reason",
]


class Scene(NamedTuple):
    """A position on show in a step: the state plus what the reader knew about its deal and match."""

    rules_name: str
    state: HandState
    lead: LeadDecision | None
    redeal: Text | None
    match: MatchState | None

    @property
    def rules(self) -> HouseRules:
        return self.state.rules


class QuizError(ValueError):
    """The question does not fit the position (said to the lesson's author)."""


BOOL_KINDS = frozenset({"must_redeal", "is_legal", "is_double", "capicu", "match_over", *CHINESE_BOOL_KINDS})
SEAT_KINDS = frozenset({"who_leads", "who_moves", "fish_maker", "next_leader"})
SIDE_KINDS = frozenset({"winner", "match_winner"})
WORD_KINDS: dict[str, tuple[str, ...]] = {
    "what_to_do": ("play", "draw", "pass"),
    "hand_status": ("in_play", "won", "blocked"),
    **CHINESE_WORD_KINDS,
}
TILE_KINDS = frozenset({"lead_tile"})
NO_POSITION_KINDS = frozenset({"tile_value", "count_tiles", "is_double", *CHINESE_QUIZ_KINDS})


def answer_type(kind: str) -> str:
    """How an answer of this kind is written: bool, seat, side, word, tile or number."""
    if kind in BOOL_KINDS:
        return "bool"
    if kind in SEAT_KINDS:
        return "seat"
    if kind in SIDE_KINDS:
        return "side"
    if kind in WORD_KINDS:
        return "word"
    if kind in TILE_KINDS:
        return "tile"
    return "number"


def normalize_answer(kind: str, value: object) -> Answer:
    """An answer in its canonical form (tiles as ``6-4``, numbers as int); ValueError if it cannot be one."""
    kind_type = answer_type(kind)
    if kind_type == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in {"true", "yes", "да", "false", "no", "нет"}:
            return value.strip().lower() in {"true", "yes", "да"}
        raise ValueError("true or false")
    if kind_type == "tile":
        try:
            return str(parse_tile(value))
        except TileError:
            raise ValueError("a tile like 6-4") from None
    if kind_type == "word":
        words = WORD_KINDS[kind]
        if isinstance(value, str) and value.strip().lower() in words:
            return value.strip().lower()
        raise ValueError("one of " + ", ".join(words))
    if kind == "winner" and isinstance(value, str) and value.strip().lower() in ("tie", "ничья"):
        return "tie"
    if isinstance(value, bool):
        raise ValueError("a whole number")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise ValueError("a whole number" + (" or tie" if kind == "winner" else ""))


def _need_state(scene: Scene | None, kind: str) -> HandState:
    if scene is None:
        raise QuizError(f"ask: {kind} is about a position: add position: (or from_previous: true)")
    return scene.state


def _result(scene: Scene | None, kind: str) -> HandResult:
    state = _need_state(scene, kind)
    if state.status is Status.IN_PLAY:
        raise QuizError(f"ask: {kind} needs a finished hand, but this position is still in play")
    return hand_result(state)


def _in_play(scene: Scene | None, kind: str) -> HandState:
    state = _need_state(scene, kind)
    if state.status is not Status.IN_PLAY:
        raise QuizError(f"ask: {kind} needs a hand in play, but this one is over ({state.status.value})")
    return state


def _empty_table(scene: Scene | None, kind: str) -> Scene:
    state = _need_state(scene, kind)
    assert scene is not None
    if not state.table.is_empty or state.log:
        raise QuizError(f"ask: {kind} is about a fresh deal: the position needs an empty chain and no moves")
    return scene


def _match_after(scene: Scene | None, kind: str) -> MatchState:
    state = _need_state(scene, kind)
    assert scene is not None
    if scene.match is None:
        raise QuizError(f"ask: {kind} needs the score sheet: add match: {{scores: {{...}}}} to the position")
    if state.status is Status.IN_PLAY:
        return scene.match
    return record_hand(scene.match, state)


def _suit(step: QuizStep) -> int:
    if step.suit is None:
        raise QuizError(f"ask: {step.ask} needs suit: (a number from 0 to 6)")
    return step.suit


def _seat(step: QuizStep, state: HandState) -> int:
    seat = state.to_move if step.seat is None else step.seat
    if seat >= state.rules.players:
        raise QuizError(f"seat {seat} does not exist: this position has seats 0 to {state.rules.players - 1}")
    return seat


def correct_answer(step: QuizStep, scene: Scene | None, rules: HouseRules) -> Answer:
    """The engine's answer to a quiz step in a scene; raises QuizError when the question does not fit."""
    kind = step.ask
    if kind in CHINESE_QUIZ_KINDS:
        try:
            return chinese_answer(step)
        except ValueError as exc:
            raise QuizError(str(exc)) from None
    if kind == "tile_value":
        if step.tile is None:
            raise QuizError("ask: tile_value needs tile: (like tile: 6-4)")
        return step.tile.value((scene.rules if scene else rules).blank_double_value)
    if kind == "is_double":
        if step.tile is None:
            raise QuizError("ask: is_double needs tile: (like tile: 3-3)")
        return step.tile.is_double
    if kind == "count_tiles":
        return sum(
            1
            for t in ALL_TILES
            if (step.suit is None or t.has(step.suit)) and (step.doubles is None or t.is_double is step.doubles)
        )
    if kind in ("who_leads", "lead_tile", "must_redeal"):
        return _lead_answer(step, _empty_table(scene, kind))
    if kind == "who_moves":
        return _in_play(scene, kind).to_move
    if kind == "is_legal":
        state = _in_play(scene, kind)
        if step.move is None:
            raise QuizError("ask: is_legal needs move: (like move: {tile: 6-4, end: left})")
        return why_illegal(state, step.move.to_move()) is None
    if kind == "what_to_do":
        moves = legal_moves(_in_play(scene, kind))
        if any(m.action is Action.PLAY for m in moves):
            return "play"
        return "draw" if DRAW in moves else "pass"
    if kind == "draw_count":
        return _draw_count(_in_play(scene, kind))
    if kind == "drawable":
        return _need_state(scene, kind).drawable()
    if kind == "ends_sum":
        state = _need_state(scene, kind)
        if state.table.is_empty:
            raise QuizError("ask: ends_sum needs tiles on the table")
        return ends_total(state)
    if kind == "fives_points":
        return fives_points(_need_state(scene, kind))
    if kind in ("tiles_left_in_suit", "unseen_in_suit"):
        state = _need_state(scene, kind)
        suit = _suit(step)
        on_table = sum(1 for t in state.table.tiles() if t.has(suit))
        left = 7 - on_table
        if kind == "unseen_in_suit":
            left -= bin(state.hands[_seat(step, state)] & SUIT_MASK[suit]).count("1")
        return left
    if kind == "pip_count":
        state = _need_state(scene, kind)
        return state.pips(_seat(step, state))
    if kind == "hand_status":
        return _need_state(scene, kind).status.value
    return _result_answer(step, scene)


def _lead_answer(step: QuizStep, scene: Scene) -> Answer:
    kind = step.ask
    if kind == "must_redeal":
        return scene.redeal is not None
    if scene.redeal is not None:
        raise QuizError(f"this deal must be redealt ({scene.redeal.en}); ask must_redeal instead of {kind}")
    lead = scene.lead
    assert lead is not None
    if lead.seat is None:
        raise QuizError("under these rules the leader is drawn by lot: the engine cannot name the seat")
    if kind == "who_leads":
        return lead.seat
    tiles = list(tiles_of_mask(lead.lead_mask & scene.state.hands[lead.seat]))
    if len(tiles) != 1:
        raise QuizError(f"the leader may lead any of {len(tiles)} tiles here: lead_tile needs a rule that names one")
    return str(tiles[0])


def _draw_count(state: HandState) -> int:
    """How many tiles the seat to move draws before it can play (or must pass)."""
    drawn = 0
    seat = state.to_move
    while state.status is Status.IN_PLAY and state.to_move == seat:
        moves = legal_moves(state)
        if DRAW not in moves or any(m.action is Action.PLAY for m in moves):
            break
        state = apply(state, DRAW)
        drawn += len(state.log[-1][2])
    return drawn


def _result_answer(step: QuizStep, scene: Scene | None) -> Answer:
    kind = step.ask
    if kind in ("match_over", "match_winner", "match_score"):
        match = _match_after(scene, kind)
        if kind == "match_over":
            return match.over
        if kind == "match_winner":
            if not match.over:
                raise QuizError("the match is not over after this hand: ask match_over instead")
            if len(match.winner_sides) != 1:
                raise QuizError("the match ends level: no single winner")
            return match.winner_sides[0]
        side = step.side if step.side is not None else 0
        if step.side is None:
            raise QuizError("ask: match_score needs side: (the side whose score you ask about)")
        if side >= len(match.scores):
            raise QuizError(f"side {side} does not exist: the sides are 0 to {len(match.scores) - 1}")
        return match.scores[side]
    result = _result(scene, kind)
    if kind == "winner":
        return "tie" if result.tie else result.winner_sides[0]
    if kind == "points":
        if step.side is None:
            if result.tie:
                raise QuizError("the hand is a tie: ask points for a side (side: 0)")
            return result.points[result.winner_sides[0]]
        if step.side >= len(result.points):
            raise QuizError(f"side {step.side} does not exist: the sides are 0 to {len(result.points) - 1}")
        return result.points[step.side]
    if kind == "fish_maker":
        if result.status is not Status.BLOCKED or result.fish_maker is None:
            raise QuizError("ask: fish_maker needs a blocked hand (a fish)")
        return result.fish_maker
    if kind == "next_leader":
        if result.next_leader is None:
            raise QuizError("under these rules the next leader is not fixed by this hand (it is decided again)")
        return result.next_leader
    if kind == "bank_after":
        return result.bank_after
    if kind == "capicu":
        return result.capicu
    raise AssertionError(f"unknown quiz kind {kind}")


def default_choices(step: QuizStep, scene: Scene | None, answer: Answer) -> list[Answer] | None:
    """The options offered when the author gave none; None means the learner types the answer."""
    if step.choices is not None:
        return [normalize_answer(step.ask, c) for c in step.choices]
    kind_type = answer_type(step.ask)
    if kind_type == "bool":
        return [True, False]
    if kind_type == "word":
        return list(WORD_KINDS[step.ask])
    if scene is None:
        return None
    rules = scene.rules
    if kind_type == "seat":
        return list(range(rules.players))
    if kind_type == "side":
        options: list[Answer] = list(range(rules.sides))
        return [*options, "tie"] if step.ask == "winner" else options
    if kind_type == "tile":
        tiles = {str(t) for mask in scene.state.hands for t in tiles_of_mask(mask) if t.is_double}
        tiles.add(str(answer))
        return sorted(tiles, key=lambda t: parse_tile(t).index)
    return None


_WORDS = {
    "play": Text("Play a tile", "Сходить костью"),
    "draw": Text("Draw from the boneyard", "Взять из базара"),
    "pass": Text("Pass", "Пас"),
    "in_play": Text("Still in play", "Ещё идёт"),
    "won": Text("Someone went out", "Кто-то вышел"),
    "blocked": Text("Blocked (a fish)", "Рыба"),
    "tie": Text("A tie", "Ничья"),
    **CHINESE_WORDS,
}


def choice_label(kind: str, value: Answer, rules: HouseRules | None, lang: str) -> str:
    """How an option is shown to the learner."""
    kind_type = answer_type(kind)
    if kind_type == "bool":
        return (Text("Yes", "Да") if value else Text("No", "Нет")).in_(lang)
    if isinstance(value, str) and value in _WORDS:
        return _WORDS[value].in_(lang)
    if kind_type == "seat" and isinstance(value, int):
        return Text(f"Seat {value}", f"Игрок {value}").in_(lang)
    if kind_type == "side" and isinstance(value, int):
        if rules is not None and rules.teams is Teams.PAIRS:
            seats = " + ".join(str(s) for s in rules.seats_of(value))
            return Text(f"Seats {seats}", f"Пара {seats}").in_(lang)
        return Text(f"Seat {value}", f"Игрок {value}").in_(lang)
    return str(value)



def engine_reason(step: QuizStep, scene: Scene | None) -> Text | None:
    """The rules core's own sentence behind an answer, where it has one."""
    if step.ask in CHINESE_QUIZ_KINDS:
        return chinese_reason(step)
    if scene is None:
        return None
    kind = step.ask
    state = scene.state
    if kind in ("who_leads", "lead_tile") and scene.lead is not None and scene.redeal is None:
        return scene.lead.reason
    if kind == "must_redeal":
        return scene.redeal
    if kind == "is_legal" and step.move is not None and state.status is Status.IN_PLAY:
        return why_illegal(state, step.move.to_move())
    if state.status is not Status.IN_PLAY and kind in (
        "winner", "points", "fish_maker", "next_leader", "bank_after", "capicu", "hand_status"
    ):
        return hand_result(state).reason
    return None
