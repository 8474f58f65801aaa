"""Quiz kinds: the right answer of every question is computed by the rules core.

Why computed: a lesson must never contradict the rules. The author may write
the expected answer too, and the validator fails when the engine disagrees.
What a kind is (its answer's form, its words, whether it needs a position)
is its spec's (``format.quizzes``); how the line games and the Chinese tiles
answer it is here, one function per kind.
"""

from __future__ import annotations

from collections.abc import Callable

from tutorial_app.lessons.format.goals import ends_total, fives_points
from tutorial_app.lessons.format.model import Answer, QuizStep, line_move
from tutorial_app.lessons.format.quizzes import QUIZ_SPEC, Form, kinds_without_position
from tutorial_app.lessons.format.scenes import Scene
from tutorial_app.lessons.quiz.chinese import CHINESE_QUIZ_KINDS, chinese_answer
from tutorial_app.lessons.quiz.strategy import BestError, best_key, choice_keys, may_hold, move_label, parse_move_key
from tutorial_app.rules.line.deal import LeadDecision
from tutorial_app.rules.line.match import MatchState, record_hand
from tutorial_app.rules.line.moves import apply, legal_moves, why_illegal
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import DRAW, Action, HandState, Status
from tutorial_app.rules.text import RulesError, Text, msg, msgc, msgn, reason_of
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, TileError, parse_tile, tiles_of_mask

__all__ = [
    "Scene",
    "QuizError",
    "correct_answer",
    "normalize_answer",
    "default_choices",
    "fixed_choices",
    "choice_label",
    "answer_type",
]


class QuizError(RulesError):
    """The question does not fit the position (said to the lesson's author, in every language: ``reason``)."""


NO_POSITION_KINDS = kinds_without_position()
"""The kinds answered without a position (about tiles and the set)."""


def answer_type(kind: str) -> Form:
    """How an answer of this kind is written: bool, seat, side, word, tile, move or number (its spec's form)."""
    spec = QUIZ_SPEC.get(kind)
    return spec.form if spec is not None else "number"


def normalize_answer(kind: str, value: object) -> Answer:
    """An answer in its canonical form (tiles as ``6-4``, numbers as int); ValueError if it cannot be one."""
    kind_type = answer_type(kind)
    if kind_type == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in {"true", "yes", "да", "false", "no", "нет"}:
            return value.strip().lower() in {"true", "yes", "да"}
        raise RulesError(msgc("an answer's form", "true or false"))
    if kind_type == "tile":
        try:
            return str(parse_tile(value))
        except TileError:
            raise RulesError(msgc("an answer's form", "a tile like 6-4")) from None
    if kind_type == "move":
        return parse_move_key(value)
    if kind_type == "word":
        words = tuple(QUIZ_SPEC[kind].words)
        if isinstance(value, str) and value.strip().lower() in words:
            return value.strip().lower()
        raise RulesError(msgc("an answer's form", "one of {words}", words=", ".join(words)))
    if kind == "winner" and isinstance(value, str) and value.strip().lower() in ("tie", "ничья", "нічия", "empate"):
        return "tie"
    if isinstance(value, bool):
        raise RulesError(_whole_number(kind))
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise RulesError(_whole_number(kind))


def _whole_number(kind: str) -> Text:
    if kind == "winner":
        return msgc("an answer's form", "a whole number or tie")
    return msgc("an answer's form", "a whole number")


def _need_state(scene: Scene | None, kind: str) -> HandState:
    if scene is None:
        raise QuizError(msg("ask: {kind} is about a position: add position: (or from_previous: true)", kind=kind))
    return scene.state


def _result(scene: Scene | None, kind: str) -> HandResult:
    state = _need_state(scene, kind)
    if state.status is Status.IN_PLAY:
        raise QuizError(msg("ask: {kind} needs a finished hand, but this position is still in play", kind=kind))
    return hand_result(state)


def _in_play(scene: Scene | None, kind: str) -> HandState:
    state = _need_state(scene, kind)
    if state.status is not Status.IN_PLAY:
        raise QuizError(
            msg(
                "ask: {kind} needs a hand in play, but this one is over ({status})",
                kind=kind,
                status=state.status.value,
            )
        )
    return state


def _empty_table(scene: Scene | None, kind: str) -> Scene:
    state = _need_state(scene, kind)
    assert scene is not None
    if not state.table.is_empty or state.log:
        raise QuizError(
            msg("ask: {kind} is about a fresh deal: the position needs an empty chain and no moves", kind=kind)
        )
    return scene


def _match_after(scene: Scene | None, kind: str) -> MatchState:
    state = _need_state(scene, kind)
    assert scene is not None
    if scene.match is None:
        raise QuizError(
            msg("ask: {kind} needs the score sheet: add match: {{scores: {{...}}}} to the position", kind=kind)
        )
    if state.status is Status.IN_PLAY:
        return scene.match
    return record_hand(scene.match, state)


def _suit(step: QuizStep) -> int:
    if step.suit is None:
        raise QuizError(msg("ask: {kind} needs suit: (a number from 0 to 6)", kind=step.ask))
    return step.suit


def _seat(step: QuizStep, state: HandState) -> int:
    seat = state.to_move if step.seat is None else step.seat
    if seat >= state.rules.players:
        raise QuizError(
            msg(
                "seat {seat} does not exist: this position has seats 0 to {last}",
                seat=seat,
                last=state.rules.players - 1,
            )
        )
    return seat


Answerer = Callable[[QuizStep, Scene | None, HouseRules], Answer]


def correct_answer(step: QuizStep, scene: Scene | None, rules: HouseRules) -> Answer:
    """The engine's answer to a quiz step in a scene; raises QuizError when the question does not fit."""
    answerer = _ANSWERS.get(step.ask)
    if answerer is None:
        raise QuizError(msg("unknown quiz kind {kind}", kind=step.ask))
    return answerer(step, scene, rules)


# -- one function per kind -------------------------------------------------------------------


def _chinese(step: QuizStep, _scene: Scene | None, _rules: HouseRules) -> Answer:
    try:
        return chinese_answer(step)
    except ValueError as exc:
        raise QuizError(reason_of(exc)) from None


def _tile_value(step: QuizStep, scene: Scene | None, rules: HouseRules) -> Answer:
    if step.tile is None:
        raise QuizError(msg("ask: tile_value needs {key}: (like {key}: 6-4)", key="tile"))
    return step.tile.value((scene.rules if scene else rules).blank_double_value)


def _is_double(step: QuizStep, _scene: Scene | None, _rules: HouseRules) -> Answer:
    if step.tile is None:
        raise QuizError(msg("ask: is_double needs {key}: (like {key}: 3-3)", key="tile"))
    return step.tile.is_double


def _count_tiles(step: QuizStep, _scene: Scene | None, _rules: HouseRules) -> Answer:
    return sum(
        1
        for t in ALL_TILES
        if (step.suit is None or t.has(step.suit)) and (step.doubles is None or t.is_double is step.doubles)
    )


def _who_leads(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    lead = _lead_of(step, _empty_table(scene, step.ask))
    assert lead.seat is not None
    return lead.seat


def _lead_tile(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    fresh = _empty_table(scene, step.ask)
    lead = _lead_of(step, fresh)
    assert lead.seat is not None
    tiles = list(tiles_of_mask(lead.lead_mask & fresh.state.hands[lead.seat]))
    if len(tiles) != 1:
        raise QuizError(
            msgn(
                "the leader may lead any of {n} tile here: lead_tile needs a rule that names one",
                "the leader may lead any of {n} tiles here: lead_tile needs a rule that names one",
                len(tiles),
            )
        )
    return str(tiles[0])


def _fitting_tile(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    state = _in_play(scene, step.ask)
    if state.table.is_empty:
        raise QuizError(msg("ask: fitting_tile is about a chain: on an empty table every tile may lead"))
    tiles = sorted({m.tile for m in legal_moves(state) if m.action is Action.PLAY and m.tile is not None})
    if len(tiles) != 1:
        if not tiles:
            raise QuizError(
                msg(
                    "ask: fitting_tile needs exactly one tile of seat {seat} that fits, but here none fits: "
                    "change the hand",
                    seat=state.to_move,
                )
            )
        raise QuizError(
            msg(
                "ask: fitting_tile needs exactly one tile of seat {seat} that fits, but here {tiles} fit: "
                "change the hand",
                seat=state.to_move,
                tiles=", ".join(str(t) for t in tiles),
            )
        )
    return str(tiles[0])


def _must_redeal(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    return _empty_table(scene, step.ask).redeal is not None


def _lead_of(step: QuizStep, scene: Scene) -> LeadDecision:
    if scene.redeal is not None:
        raise QuizError(
            msg(
                "this deal must be redealt ({reason}); ask must_redeal instead of {kind}",
                reason=scene.redeal,
                kind=step.ask,
            )
        )
    lead = scene.lead
    assert lead is not None
    if lead.seat is None:
        raise QuizError(msg("under these rules the leader is drawn by lot: the engine cannot name the seat"))
    return lead


def _who_moves(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    return _in_play(scene, step.ask).to_move


def _is_legal(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    state = _in_play(scene, step.ask)
    if step.move is None:
        raise QuizError(msg("ask: is_legal needs move: (like move: {{tile: 6-4, end: left}})"))
    try:
        move = line_move(step.move)
    except ValueError as exc:
        raise QuizError(reason_of(exc)) from None
    return why_illegal(state, move) is None


def _what_to_do(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    moves = legal_moves(_in_play(scene, step.ask))
    if any(m.action is Action.PLAY for m in moves):
        return "play"
    return "draw" if DRAW in moves else "pass"


def _draw_count_answer(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    return _draw_count(_in_play(scene, step.ask))


def _drawable(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    return _need_state(scene, step.ask).drawable()


def _ends_sum(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    state = _need_state(scene, step.ask)
    if state.table.is_empty:
        raise QuizError(msg("ask: ends_sum needs tiles on the table"))
    return ends_total(state)


def _fives_points(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    return fives_points(_need_state(scene, step.ask))


def _tiles_left_in_suit(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    state = _need_state(scene, step.ask)
    suit = _suit(step)
    return 7 - sum(1 for t in state.table.tiles() if t.has(suit))


def _unseen_in_suit(step: QuizStep, scene: Scene | None, rules: HouseRules) -> Answer:
    state = _need_state(scene, step.ask)
    left = _tiles_left_in_suit(step, scene, rules)
    assert isinstance(left, int)
    return left - bin(state.hands[_seat(step, state)] & SUIT_MASK[_suit(step)]).count("1")


def _pip_count(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    state = _need_state(scene, step.ask)
    return state.pips(_seat(step, state))


def _hand_status(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    return _need_state(scene, step.ask).status.value


def _winner(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    result = _result(scene, step.ask)
    return "tie" if result.tie else result.winner_sides[0]


def _points(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    result = _result(scene, step.ask)
    if step.side is None:
        if result.tie:
            raise QuizError(msg("the hand is a tie: ask points for a side (side: 0)"))
        return result.points[result.winner_sides[0]]
    if step.side >= len(result.points):
        raise QuizError(_no_side(step.side, len(result.points)))
    return result.points[step.side]


def _no_side(side: int, sides: int) -> Text:
    return msg("side {side} does not exist: the sides are 0 to {last}", side=side, last=sides - 1)


def _fish_maker(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    result = _result(scene, step.ask)
    if result.status is not Status.BLOCKED or result.fish_maker is None:
        raise QuizError(msg("ask: fish_maker needs a blocked hand (a fish)"))
    return result.fish_maker


def _next_leader(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    result = _result(scene, step.ask)
    if result.next_leader is None:
        raise QuizError(msg("under these rules the next leader is not fixed by this hand (it is decided again)"))
    return result.next_leader


def _bank_after(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    return _result(scene, step.ask).bank_after


def _capicu(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    return _result(scene, step.ask).capicu


def _match_over(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    return _match_after(scene, step.ask).over


def _match_winner(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    match = _match_after(scene, step.ask)
    if not match.over:
        raise QuizError(msg("the match is not over after this hand: ask match_over instead"))
    if len(match.winner_sides) != 1:
        raise QuizError(msg("the match ends level: no single winner"))
    return match.winner_sides[0]


def _match_score(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    match = _match_after(scene, step.ask)
    if step.side is None:
        raise QuizError(msg("ask: match_score needs side: (the side whose score you ask about)"))
    if step.side >= len(match.scores):
        raise QuizError(_no_side(step.side, len(match.scores)))
    return match.scores[step.side]


def _best_move(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    state = _in_play(scene, step.ask)
    assert scene is not None
    try:
        return best_key(scene, state.to_move)
    except BestError as exc:
        raise QuizError(reason_of(exc)) from None


def _may_hold(step: QuizStep, scene: Scene | None, _rules: HouseRules) -> Answer:
    state = _in_play(scene, step.ask)
    assert scene is not None
    try:
        return may_hold(scene, state.to_move, step.seat, step.suit, step.tile)
    except BestError as exc:
        raise QuizError(reason_of(exc)) from None


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


_ANSWERS: dict[str, Answerer] = {
    **{kind: _chinese for kind in CHINESE_QUIZ_KINDS},
    "tile_value": _tile_value,
    "is_double": _is_double,
    "count_tiles": _count_tiles,
    "who_leads": _who_leads,
    "lead_tile": _lead_tile,
    "fitting_tile": _fitting_tile,
    "must_redeal": _must_redeal,
    "who_moves": _who_moves,
    "is_legal": _is_legal,
    "what_to_do": _what_to_do,
    "draw_count": _draw_count_answer,
    "drawable": _drawable,
    "ends_sum": _ends_sum,
    "fives_points": _fives_points,
    "tiles_left_in_suit": _tiles_left_in_suit,
    "unseen_in_suit": _unseen_in_suit,
    "pip_count": _pip_count,
    "hand_status": _hand_status,
    "winner": _winner,
    "points": _points,
    "fish_maker": _fish_maker,
    "next_leader": _next_leader,
    "bank_after": _bank_after,
    "capicu": _capicu,
    "match_over": _match_over,
    "match_winner": _match_winner,
    "match_score": _match_score,
    "best_move": _best_move,
    "may_hold": _may_hold,
}


def fixed_choices(step: QuizStep) -> list[Answer] | None:
    """The options any game offers without reading its position: the author's, else yes/no or the kind's words;
    None for every other kind."""
    if step.choices is not None:
        return [normalize_answer(step.ask, c) for c in step.choices]
    kind_type = answer_type(step.ask)
    if kind_type == "bool":
        return [True, False]
    if kind_type == "word":
        return list(QUIZ_SPEC[step.ask].words)
    return None


def default_choices(step: QuizStep, scene: Scene | None, answer: Answer) -> list[Answer] | None:
    """The options offered when the author gave none; None means the learner types the answer."""
    fixed = fixed_choices(step)
    if fixed is not None or scene is None:
        return fixed
    kind_type = answer_type(step.ask)
    rules = scene.rules
    if kind_type == "move":
        return list(choice_keys(scene, scene.state.to_move))
    if kind_type == "seat":
        return list(range(rules.players))
    if kind_type == "side":
        options: list[Answer] = list(range(rules.sides))
        return [*options, "tie"] if step.ask == "winner" else options
    if step.ask == "fitting_tile":
        return [str(t) for t in scene.state.hand(scene.state.to_move)]
    if kind_type == "tile":
        tiles = {str(t) for mask in scene.state.hands for t in tiles_of_mask(mask) if t.is_double}
        tiles.add(str(answer))
        return sorted(tiles, key=lambda t: parse_tile(t).index)
    return None


def choice_label(
    kind: str,
    value: Answer,
    rules: HouseRules | None,
    lang: str,
    viewer: int | None = None,
    state: HandState | None = None,
) -> str:
    """How an option is shown to the learner (the learner's own seat or pair as "You" / "Your pair"; a move
    as "3-3 on the right", its end left out where ``state`` shows the tile fits one way only)."""
    kind_type = answer_type(kind)
    if kind_type == "move" and isinstance(value, str):
        return move_label(value, state, lang)
    if kind_type == "bool":
        return (msg("Yes") if value else msg("No")).in_(lang)
    words = QUIZ_SPEC[kind].words if kind in QUIZ_SPEC else {}
    if isinstance(value, str) and value in words:
        return words[value].in_(lang)
    if kind_type == "seat" and isinstance(value, int):
        return _seat_label(value, viewer).in_(lang)
    if kind_type == "side" and isinstance(value, int):
        if rules is not None and rules.in_pairs:
            seats = rules.seats_of(value)
            joined = " + ".join(str(s) for s in seats)
            if viewer is not None and viewer in seats:
                return msg("Your pair ({joined})", joined=joined).in_(lang)
            return msg("Seats {joined}", joined=joined).in_(lang)
        return _seat_label(value, viewer).in_(lang)
    return str(value)


def _seat_label(seat: int, viewer: int | None) -> Text:
    if viewer is not None and seat == viewer:
        return msg("You")
    return msg("Seat {seat}", seat=seat)
