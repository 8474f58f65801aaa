"""Strategy in lessons: "which move is best?" answered by the analysis, never by the author alone, and
"could seat 1 hold a 2?" answered by the inference from what the learner has seen.

A ``best_move`` quiz and a play step marked ``best: true`` are answered by
``tutorial_app.strategy.analysis.analyse`` from the learner's own view (what
the learner could see: the position's ``moves`` count, every pass in them is
read), at a fixed budget and seed, so the validator, the runner and the app
agree to the last digit.

Why a margin rule: playouts are samples, and a course must never teach
noise. A question is accepted only when the answer leads every other choice
by a clear margin: at least ``CLEAR_FACTOR`` times the 95 % half-width of
the lead (measured deal by deal), and at least ``MIN_WIN_LEAD`` of win share
(``MIN_POINTS_LEAD`` points where All Fives ranks by points), the size of a
move the review would mark as an inaccuracy.
"""

from __future__ import annotations

from functools import lru_cache

from tutorial_app.lessons.format.scenes import Scene
from tutorial_app.rules.line.state import ACTION_MOVES, ENDS, Action, HandState, Move, play
from tutorial_app.rules.text import RulesError, Text, joined, msg, msgc, msgn, seat_genitive, seat_name, verbatim
from tutorial_app.rules.tiles import ALL_TILES, Tile, TileError, parse_tile
from tutorial_app.strategy.analysis import (
    DEFAULT_PLAYOUTS,
    Analysis,
    MoveValue,
    analyse,
    candidate_moves,
    same_outcome,
)
from tutorial_app.strategy.explain import move_name, why_best
from tutorial_app.strategy.inference import infer
from tutorial_app.strategy.knowledge import Certainty, certainty, lead_rules_out, none_reasons, numbers_and
from tutorial_app.strategy.view import view_since

__all__ = [
    "QUIZ_PLAYOUTS",
    "QUIZ_SEED",
    "CLEAR_FACTOR",
    "MIN_WIN_LEAD",
    "MIN_POINTS_LEAD",
    "BestError",
    "learner_analysis",
    "move_key",
    "parse_move_key",
    "best_key",
    "choice_keys",
    "move_label",
    "quiz_problem",
    "goal_problem",
    "engine_explanation",
    "may_hold",
    "may_hold_explanation",
    "turn_problem",
    "learner_certainty",
]

QUIZ_PLAYOUTS = DEFAULT_PLAYOUTS
"""Sampled deals per move: the same budget as the Hint button, so the lesson and the hint agree."""
QUIZ_SEED = 0
"""The analysis's seed for every lesson position (fixed: the answer never changes between runs)."""
CLEAR_FACTOR = 2.0
"""The answer's lead must be at least this many times its 95 % half-width (about 4 standard errors)."""
MIN_WIN_LEAD = 0.05
"""...and at least this much win share (5 percentage points: a review would mark the runner-up)."""
MIN_POINTS_LEAD = 2.0
"""...or, where moves are ranked by points (All Fives), at least this many points."""


class BestError(RulesError):
    """The question cannot be asked of this position (said to the lesson's author, in every language: ``reason``)."""


@lru_cache(maxsize=512)
def _analysis(start: HandState, state: HandState, seat: int, first: bool) -> Analysis:
    return analyse(view_since(start, state, seat, first), QUIZ_PLAYOUTS, QUIZ_SEED)


def turn_problem(scene: Scene, viewer: int) -> Text | None:
    """Strategy questions are asked at the learner's turn, from the learner's view: why this one is not."""
    state = scene.state
    if state.is_over:
        return msg("the hand is over here: a strategy question is asked while it is played")
    if state.to_move != viewer:
        return msg(
            "seat {seat} is to move, not the learner (seat {viewer}): a strategy question is asked "
            "at the learner's own turn, from what the learner can see",
            seat=state.to_move,
            viewer=viewer,
        )
    return None


def learner_analysis(scene: Scene, viewer: int) -> Analysis:
    """The analysis of the learner's move in ``scene`` from the learner's view (cached: the validator, the
    runner and the explanation ask for the same one)."""
    problem = turn_problem(scene, viewer)
    if problem is not None:
        raise BestError(problem)
    return _analysis(scene.before, scene.state, viewer, scene.first_hand)


def move_key(move: Move) -> str:
    """A move as an answer: ``"3-3 right"``, ``"6-6 lead"``, ``"pass"`` (announced points left out)."""
    return str(move._replace(claim=None))


def parse_move_key(value: object) -> str:
    """An answer written by an author or a learner, in its canonical form; ValueError if it is no move."""
    if isinstance(value, str):
        words = value.strip().lower().split()
        if len(words) == 1 and words[0] in ACTION_MOVES:
            return move_key(ACTION_MOVES[words[0]])
        if len(words) == 2 and words[1] in ENDS:
            try:
                return move_key(play(parse_tile(words[0]), words[1]))
            except TileError:
                pass
    raise RulesError(msgc("an answer's form", "a move like 6-4 left, or draw / pass"))


def _distinct(analysis: Analysis, state: HandState) -> tuple[MoveValue, ...]:
    return analysis.distinct(state)


def best_key(scene: Scene, viewer: int) -> str:
    """The analysis's best move, as an answer."""
    return move_key(learner_analysis(scene, viewer).best.move)


def choice_keys(scene: Scene, viewer: int) -> list[str]:
    """Every distinct move (the same tile leaving the same ends open counts once), in the table's order (by
    tile, then end). Why not best first: the options are buttons, and the first one must not be the answer."""
    analysis = learner_analysis(scene, viewer)
    order = {move_key(m): i for i, m in enumerate(candidate_moves(scene.state))}
    return sorted((move_key(v.move) for v in _distinct(analysis, scene.state)), key=lambda key: order.get(key, 0))


def move_label(key: str, state: HandState | None, lang: str) -> str:
    """An answer as the learner reads it ("3-3 on the right"; the end left out where the tile fits one way)."""
    return move_text(key, state).in_(lang)


def move_text(key: str, state: HandState | None) -> Text:
    """``move_label`` in every language."""
    move = _move_of(key)
    if move is None:
        return verbatim(key)
    two_ways = state is None or any(
        other.tile == move.tile and not same_outcome(state, other, move)
        for other in candidate_moves(state)
        if other.action is Action.PLAY
    )
    return move_name(move, with_end=two_ways)


def _move_of(key: str) -> Move | None:
    words = key.split()
    if len(words) == 1 and words[0] in ACTION_MOVES:
        return ACTION_MOVES[words[0]]
    if len(words) == 2 and words[1] in ENDS:
        return play(parse_tile(words[0]), words[1])
    return None


def _clear(analysis: Analysis, gap: float, half_width: float) -> bool:
    least = MIN_POINTS_LEAD if analysis.points_first else MIN_WIN_LEAD
    return gap >= least and gap >= CLEAR_FACTOR * half_width


def _measure(analysis: Analysis, gap: float, half_width: float) -> Text:
    if analysis.points_first:
        return msg("{gap:.1f} points (± {half_width:.1f})", gap=gap, half_width=half_width)
    return msg("{gap:.1f} percentage points (± {half_width:.1f})", gap=100 * gap, half_width=100 * half_width)


def _rule(analysis: Analysis) -> Text:
    if analysis.points_first:
        return msg(
            "at least {least:g} points and {factor:g} times its 95% half-width",
            least=MIN_POINTS_LEAD,
            factor=CLEAR_FACTOR,
        )
    return msg(
        "at least {least:g} percentage points and {factor:g} times its 95% half-width",
        least=100 * MIN_WIN_LEAD,
        factor=CLEAR_FACTOR,
    )


def quiz_problem(scene: Scene, viewer: int) -> Text | None:
    """Why a "which move is best?" question about ``scene`` would teach noise (None: it is sound)."""
    analysis = learner_analysis(scene, viewer)
    ranked = _distinct(analysis, scene.state)
    if len(ranked) < 2:
        return msg("the learner has a single move here: there is nothing to choose")
    gap, half_width = analysis.lead(ranked[0], ranked[1])
    if _clear(analysis, gap, half_width):
        return None
    return msg(
        "the best move, {best}, leads {second} by only {measure}; a question needs a lead of {rule} "
        "(change the position so one move is clearly best)",
        best=move_key(ranked[0].move),
        second=move_key(ranked[1].move),
        measure=_measure(analysis, gap, half_width),
        rule=_rule(analysis),
    )


def goal_problem(scene: Scene, viewer: int, right: list[Move]) -> Text | None:
    """Why the analysis does not back a play step's goal: every move reaching it (``right``) must lead
    every other move by a clear margin (None: it does)."""
    analysis = learner_analysis(scene, viewer)
    state = scene.state
    values = _distinct(analysis, state)
    good = [v for v in values if any(same_outcome(state, v.move, m) for m in right)]
    others = [v for v in values if v not in good]
    if not good or not others:
        return None if good else msg("no move reaches the goal")
    worst, rival = good[-1], others[0]
    gap, half_width = analysis.lead(worst, rival)
    if _clear(analysis, gap, half_width):
        return None
    if gap < 0:
        return msg(
            "the analysis does not back this goal: {rival} is better than {accepted}, which the goal accepts, by "
            "{measure}; the goal's moves must lead every other by {rule}",
            rival=move_key(rival.move),
            accepted=move_key(worst.move),
            measure=_measure(analysis, -gap, half_width),
            rule=_rule(analysis),
        )
    return msg(
        "the analysis does not back this goal: {rival} is within {measure} of {accepted}, which the goal accepts; "
        "the goal's moves must lead every other by {rule}",
        rival=move_key(rival.move),
        accepted=move_key(worst.move),
        measure=_measure(analysis, gap, half_width),
        rule=_rule(analysis),
    )


def _value_text(analysis: Analysis, value: MoveValue, name: Text) -> Text:
    win, ci = round(100 * value.win), round(100 * value.ci)
    if analysis.points_first:
        return msg(
            "{move} {sign}{points:.1f} points (± {ci:.1f}), {win}% to win",
            move=name,
            sign="−" if value.points < 0 else "+",
            points=abs(value.points),
            ci=value.points_ci,
            win=win,
        )
    return msgc("quiz figures", "{move} {win}% (± {ci})", move=name, win=win, ci=ci)


def engine_explanation(scene: Scene, viewer: int) -> Text:
    """The engine's word on the learner's move: every distinct move with its chance to win (points in All
    Fives), from what the learner can see, then the sentence why the best is best."""
    analysis = learner_analysis(scene, viewer)
    state = scene.state
    ranked = _distinct(analysis, state)
    tiles = [v.move.tile for v in ranked]
    parts = [_value_text(analysis, v, move_name(v.move, tiles.count(v.move.tile) > 1)) for v in ranked]
    measure = msg("points, then chance to win") if analysis.points_first else msg("chance to win")
    ranking = msg(
        "The analysis played each move out on the same {playouts} deals of the tiles you cannot see ({measure}): "
        "{figures}.",
        playouts=analysis.playouts,
        measure=measure,
        figures=joined(parts, "; "),
    )
    why = why_best(analysis, state)
    if why is None:
        return ranking
    return joined([ranking, msgc("sentence", "{text}.", text=why)])


# -- "could seat N hold a 2?": what the record tells, from the learner's view ----------------------------


def learner_certainty(scene: Scene, viewer: int) -> Certainty:
    """The exact chance of every hidden tile's whereabouts from the learner's view (cached). Counted over the
    deals the inference allows, the first lead's clue read in a first hand (``Scene.first_hand``); with hidden
    draws a superset of those that fit, so a tile it never places with a seat is surely not there."""
    return _certainty_of(scene.before, scene.state, viewer, scene.first_hand)


@lru_cache(maxsize=512)
def _certainty_of(start: HandState, state: HandState, seat: int, first: bool) -> Certainty:
    return certainty(infer(view_since(start, state, seat, first)))


def _asked(seat: int | None, suit: int | None, tile: Tile | None, state: HandState, viewer: int) -> int:
    if seat is None or seat == viewer or seat >= state.rules.players:
        raise BestError(
            msg(
                "may_hold asks about another seat: write seat: (a seat from 0 to {last}, not the learner's {viewer})",
                last=state.rules.players - 1,
                viewer=viewer,
            )
        )
    if (suit is None) == (tile is None):
        raise BestError(
            msg("may_hold asks about a number (suit: 2) or a tile ({key}: 2-5): write one of them", key="tile")
        )
    return seat


def may_hold(scene: Scene, viewer: int, seat: int | None, suit: int | None, tile: Tile | None) -> bool:
    """Whether ``seat`` may hold a tile showing ``suit`` (or the tile ``tile``), as far as the learner can tell
    from everything played, passed and led so far (exactly: some deal that agrees with it gives it one)."""
    state = scene.state
    asked = _asked(seat, suit, tile, state, viewer)
    sure = learner_certainty(scene, viewer)
    if suit is not None:
        return not sure.holds_none(asked, suit)
    assert tile is not None
    return sure.chance.get(tile.index, {}).get(asked, 0.0) > 0.0


def may_hold_explanation(scene: Scene, viewer: int, seat: int | None, suit: int | None, tile: Tile | None) -> Text:
    """Why the answer is what it is: the pass or lead that rules it out, or how likely it is."""
    state = scene.state
    asked = _asked(seat, suit, tile, state, viewer)
    sure = learner_certainty(scene, viewer)
    who = seat_name(asked)
    if tile is not None:
        return _tile_reason(sure, asked, tile)
    assert suit is not None
    if sure.holds_none(asked, suit):
        return _no(none_reasons(sure.knowledge, asked, [suit]))
    hidden = [t for t in sure.chance if ALL_TILES[t].has(suit) and sure.chance[t].get(asked, 0.0) > 0.0]
    names = ", ".join(str(ALL_TILES[t]) for t in sorted(hidden))
    since = _drawn_since_void(sure, asked, suit)
    if since is not None:
        return msg(
            "Yes: {seat} {since}; {holder} may hold any of {tiles}.",
            seat=who,
            since=since,
            holder=seat_genitive(asked),
            tiles=names,
        )
    return msg(
        "Yes: nothing you have seen rules it out; {holder} may hold any of {tiles}.",
        holder=seat_genitive(asked),
        tiles=names,
    )


def _no(reasons: list[Text]) -> Text:
    """ "No: seat 1 passed on 2; ..."."""
    return msgc("answer", "No: {reasons}.", reasons=joined(reasons, "; "))


def _drawn_since_void(sure: Certainty, seat: int, number: int) -> Text | None:
    """ "drew on 5 earlier, but has drawn 3 tiles since ...": why an old void no longer holds (None: no such draw).

    Why: a pass or a draw shows what the hand lacked then; a tile drawn later is new, and may show the number.
    """
    knowledge = sure.knowledge
    void = knowledge.latest_void(seat, number)
    if void is None:
        return None
    later = [e for e in knowledge.view.events if e.seat == seat and e.kind == "draw" and e.index > void.event.index]
    if not later:
        return None
    count = sum(e.drawn for e in later)
    ends = sorted({n for e in later for n in e.ends})
    if void.event.kind == "pass":
        return msgn(
            "passed on {number} earlier, but has drawn {n} tile since, with {ends} open, and a new tile may show a "
            "{number}",
            "passed on {number} earlier, but has drawn {n} tiles since, with {ends} open, and a new tile may show a "
            "{number}",
            count,
            number=number,
            ends=numbers_and(ends),
        )
    return msgn(
        "drew on {number} earlier, but has drawn {n} tile since, with {ends} open, and a new tile may show a {number}",
        "drew on {number} earlier, but has drawn {n} tiles since, with {ends} open, and a new tile may show a {number}",
        count,
        number=number,
        ends=numbers_and(ends),
    )


def _tile_reason(sure: Certainty, seat: int, tile: Tile) -> Text:
    chance = sure.chance.get(tile.index, {}).get(seat, 0.0)
    if chance > 0.0:
        share = f"{100 * chance:.0f}%"
        holder = seat_genitive(seat)
        if tile.is_double:  # the Russian and Ukrainian for a double are masculine, for another tile feminine
            return msgc(
                "a double",
                "Yes: {tile} is hidden and nothing rules it out; {seat} holds it in {share} of the deals that agree "
                "with what you have seen.",
                tile=str(tile),
                seat=holder,
                share=share,
            )
        return msg(
            "Yes: {tile} is hidden and nothing rules it out; {seat} holds it in {share} of the deals that agree with "
            "what you have seen.",
            tile=str(tile),
            seat=holder,
            share=share,
        )
    knowledge = sure.knowledge
    if not knowledge.unseen & tile.bit:
        return msg("No: you can see {tile} yourself.", tile=tile)
    if knowledge.lead_forbidden & tile.bit:
        lead = knowledge.view.lead_tile
        if not knowledge.view.lead_named:
            return _no([lead_rules_out(knowledge, [tile])])
        if tile.is_double:
            return msgc(
                "a double",
                "No: {lead} had to open the hand, so nobody was dealt {tile}, which would have opened it instead.",
                lead=str(lead),
                tile=str(tile),
            )
        return msg(
            "No: {lead} had to open the hand, so nobody was dealt {tile}, which would have opened it instead.",
            lead=str(lead),
            tile=str(tile),
        )
    reasons = none_reasons(knowledge, seat, [n for n in {tile.hi, tile.lo} if knowledge.latest_void(seat, n)])
    if reasons:
        return _no(reasons)
    return msg(
        "No: no deal that agrees with what you have seen gives {tile} to {seat}.",
        tile=str(tile),
        seat=seat_genitive(seat),
    )
