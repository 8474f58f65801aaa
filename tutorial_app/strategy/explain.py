"""One sentence on why the best move is best, built from the analysis and what the seat knows.

The facts are computed, never canned: whether the move goes out, leaves a
last tile that fits two ends, or blocks the hand; what it leaves open and
whether the next opponent surely cannot answer (and which pass, draw or lead
shows it); whether it leaves a partner who passed an end to play on; the All
Fives points it scores; whether it is a double; which numbers the mover keeps
control of; how heavy it is. The sentence leads with the first fact (in that
order) that sets the best move apart from the runner-up; when none does, it
adds how the two fared in the playouts (or on the deals solved exactly).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from tutorial_app.rules.line.moves import apply_unchecked
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.text import Text, joined, listed, msg, msgc, msgn, seat_genitive, seat_name, verbatim
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, Tile
from tutorial_app.strategy.analysis import Analysis, MoveValue
from tutorial_app.strategy.knowledge import Certainty, certainty, none_reasons, numbers_and, numbers_or
from tutorial_app.strategy.view import open_numbers

__all__ = ["why_best", "best_reason", "Reason", "move_name"]


@dataclass(frozen=True)
class _Scene:
    """What the facts read: the position, the seat's certainty (None with open hands), the move's name."""

    state: HandState
    sure: Certainty | None
    names: dict[Move, Text]

    def holds_none(self, seat: int, number: int) -> bool:
        if self.sure is None:
            return not self.state.hands[seat] & SUIT_MASK[number]
        return self.sure.holds_none(seat, number)

    def reasons(self, seat: int, numbers: tuple[int, ...]) -> list[Text]:
        """Why ``seat`` has none of ``numbers``: each pass or draw that showed it, numbers grouped."""
        return none_reasons(self.sure.knowledge if self.sure is not None else None, seat, numbers)


Fact = Callable[[_Scene, Move, HandState], Text | None]


def _tile(move: Move) -> Tile:
    assert move.tile is not None
    return move.tile


def _out(scene: _Scene, move: Move, after: HandState) -> Text | None:
    if after.hands[scene.state.to_move]:
        return None
    return msg("{move} is your last tile: you go out", move=scene.names[move])


def _ends_text(numbers: tuple[int, ...]) -> Text:
    if len(numbers) == 1:
        return msg("keeps {item} open", item=str(numbers[0]))
    return msg("leaves {numbers} open", numbers=numbers_and(numbers))


def _next_seat(scene: _Scene, after: HandState) -> int:
    """Who moves after the move. Why not ``after.to_move``: in a seat's view the other hands are
    placeholders, so the rules core may call the hand blocked; the turn order does not depend on that."""
    mover = scene.state.to_move
    if after.doubles_run:
        return mover
    return (mover + 1) % scene.state.rules.players


def _stuck(scene: _Scene, move: Move, after: HandState) -> Text | None:
    rules = scene.state.rules
    mover = scene.state.to_move
    seat = _next_seat(scene, after)
    if not after.hands[mover] or rules.side_of(seat) == rules.side_of(mover):
        return None
    numbers = open_numbers(after.table)
    if not numbers or not all(scene.holds_none(seat, n) for n in numbers):
        return None
    reasons = scene.reasons(seat, numbers)
    ends, name = _ends_text(numbers), scene.names[move]
    # "seat 1 passed on 2, so it cannot answer": the seat is named once when every reason names it
    named = all(r.en.startswith(f"{seat_name(seat).en} ") for r in reasons)
    draws = rules.has_boneyard and after.drawable()
    if named:
        then = msg("so it must draw") if draws else msg("so it cannot answer")
    else:
        who = msgc("seat, dative", "seat {seat}", seat=seat)
        then = msg("so {seat} must draw", seat=who) if draws else msg("so {seat} cannot answer", seat=who)
    return msg("{move} {ends}; {reasons}, {then}", move=name, ends=ends, reasons=listed(reasons), then=then)


def _last_tile(scene: _Scene, move: Move, after: HandState) -> Text | None:
    """The move leaves one tile in hand, and it fits two or more of the open ends: one reply cannot stop it."""
    hand = after.hands[scene.state.to_move]
    if bin(hand).count("1") != 1:
        return None
    last = next(t for t in ALL_TILES if t.bit & hand)
    fits = sum(1 for n in after.table.ends if n >= 0 and last.has(n))
    if fits < 2:
        return None
    return msg(
        "{move} leaves {last} as your last tile, and it fits {fits} open ends, so a single reply cannot shut you out",
        move=scene.names[move],
        last=str(last),
        fits=fits,
    )


def _blocks(scene: _Scene, move: Move, after: HandState) -> Text | None:
    """The move makes the fish: the mover holds nothing for the ends left open, and surely nobody else does."""
    state, mover = scene.state, scene.state.to_move
    numbers = open_numbers(after.table)
    hand = after.hands[mover]
    if not numbers or not hand or any(hand & SUIT_MASK[n] for n in numbers):
        return None
    if state.rules.has_boneyard and after.drawable():
        return None
    others = [seat for seat in range(state.rules.players) if seat != mover]
    if not all(scene.holds_none(seat, n) for seat in others for n in numbers):
        return None
    reasons = [r for seat in others for r in scene.reasons(seat, numbers)]
    return msg(
        "{move} blocks the hand: nobody can play on {ends} ({reasons}); a fish is decided by the pips left, "
        "and you keep {pips}",
        move=scene.names[move],
        ends=numbers_or(numbers),
        reasons=listed(reasons),
        pips=after.pips(mover),
    )


def _partner_of(state: HandState, seat: int) -> int | None:
    rules = state.rules
    return next((s for s in range(rules.players) if s != seat and rules.side_of(s) == rules.side_of(seat)), None)


def _partner(scene: _Scene, move: Move, after: HandState) -> Text | None:
    """In pairs: the move leaves the partner, who passed on some numbers, an end it may still play on."""
    mover = scene.state.to_move
    partner = _partner_of(scene.state, mover)
    if partner is None or scene.sure is None or not after.hands[mover]:
        return None
    knowledge = scene.sure.knowledge
    voids = tuple(n for n in range(7) if knowledge.latest_void(partner, n) is not None)
    open_for = [n for n in open_numbers(after.table) if not scene.holds_none(partner, n)]
    if not voids or not open_for:
        return None
    reasons = scene.reasons(partner, voids)
    numbers: Text = verbatim(str(open_for[0]))
    if len(open_for) > 1:
        items = joined([verbatim(str(n)) for n in open_for[:-1]], ", ")
        numbers = msgc("list, either", "{items} or {last}", items=items, last=str(open_for[-1]))
    return msg(
        "{move} leaves {numbers} open, a number your partner, {partner}, may hold ({reasons})",
        move=scene.names[move],
        numbers=numbers,
        partner=seat_genitive(partner),
        reasons=listed(reasons),
    )


def _fives(scene: _Scene, move: Move, after: HandState) -> Text | None:
    scored = after.trail.points if after.trail is not None else 0
    if not scored:
        return None
    return msgn(
        "{move} scores {n}: the open ends add up to {n}",
        "{move} scores {n}: the open ends add up to {n}",
        scored,
        move=scene.names[move],
    )


def _double(scene: _Scene, move: Move, after: HandState) -> Text | None:
    tile = _tile(move)
    if not tile.is_double or move.end == "lead":
        return None
    return msg(
        "{move} is a double: it fits only {number}, so lay it while {number} still shows",
        move=scene.names[move],
        number=tile.lo,
    )


def _control(scene: _Scene, move: Move, after: HandState) -> Text | None:
    hand = after.hands[scene.state.to_move]
    best_number, best_count = -1, 1
    for n in open_numbers(after.table):
        count = bin(hand & SUIT_MASK[n]).count("1")
        if count > best_count:
            best_number, best_count = n, count
    if best_number < 0:
        return None
    return msgn(
        "{move} keeps {number} open: you hold {n} more tile with {number}",
        "{move} keeps {number} open: you hold {n} more tiles with {number}",
        best_count,
        move=scene.names[move],
        number=best_number,
    )


def _heavy(scene: _Scene, move: Move, after: HandState) -> Text | None:
    """The move sheds the most pips of any tile it could play: "the heaviest" only when no other tile weighs as
    much; on a tie, the tiles it ties with are named (so the sentence stays true when they are compared)."""
    tile = _tile(move)
    others = {m.tile for m in scene.names if m.tile is not None and m.tile != tile}
    if tile.pips == 0 or any(other.pips > tile.pips for other in others):
        return None
    tied = sorted((other for other in others if other.pips == tile.pips), key=str)
    if tied:
        return msgn(
            "{move} sheds {n} pip, as many as {tied}: no tile you can play is heavier",
            "{move} sheds {n} pips, as many as {tied}: no tile you can play is heavier",
            tile.pips,
            move=scene.names[move],
            tied=numbers_and(tied),
        )
    return msgn(
        "{move} sheds {n} pip, the heaviest tile you can play",
        "{move} sheds {n} pips, the heaviest tile you can play",
        tile.pips,
        move=scene.names[move],
    )


_FACTS: tuple[Fact, ...] = (_out, _last_tile, _blocks, _stuck, _partner, _fives, _double, _control, _heavy)


_ACTION_NAMES = {
    "draw": msg("draw"),
    "pass": msg("pass"),
    "end_turn": msg("end the turn"),
    "muggins": msg("Muggins"),
}


_WHERE: dict[str, Callable[[str], Text]] = {
    "lead": lambda tile: msg("{tile} as the lead", tile=tile),
    "left": lambda tile: msg("{tile} on the left", tile=tile),
    "right": lambda tile: msg("{tile} on the right", tile=tile),
    "up": lambda tile: msg("{tile} at the top", tile=tile),
    "down": lambda tile: msg("{tile} at the bottom", tile=tile),
}
"""A tile and where it goes, as a move is named ("6-4 on the left")."""


def move_name(move: Move, with_end: bool = True) -> Text:
    """A move as a learner reads it: "6-4 on the left" / "6-4 слева", "draw" / "взять с базара", "3-3 on the left,
    face down"."""
    if move.tile is None:
        return _ACTION_NAMES[move.action.value]
    if with_end and move.end is not None and move.end in _WHERE:
        name = _WHERE[move.end](str(move.tile))
    else:
        name = verbatim(str(move.tile))
    # a double laid face down (donkey's closed arm) is another move than the same double face up
    return msg("{move}, face down", move=name) if move.closed else name


def _names(moves: list[Move]) -> dict[Move, Text]:
    """Each move's name, with its end only where the same tile could go elsewhere."""
    tiles = [m.tile for m in moves]
    return {move: move_name(move, tiles.count(move.tile) > 1) for move in moves}


def _facts(scene: _Scene, move: Move) -> list[Text | None]:
    after = apply_unchecked(scene.state, move)
    return [fact(scene, move, after) for fact in _FACTS]


def _forced(move: Move) -> Text:
    if move.action is Action.DRAW:
        return msg("nothing fits: draw from the boneyard")
    if move.action is Action.PASS:
        return msg("nothing fits and nothing can be drawn: pass")
    return msg("it is the only legal move")


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"


class Reason(NamedTuple):
    """Why the best move is best: ``fact`` names the rule of thumb that says it ("out", "last_tile", "blocks",
    "stuck", "partner", "fives", "double", "control", "heavy"; "forced" for the only move, "played_out" when no
    rule applies), ``sets_apart`` whether that fact holds for the best move and not for the runner-up,
    ``text`` the sentence, and ``quoted`` the moves whose figures in the ranking's first measure (the
    analysis's win share; points in All Fives) the sentence states: the best and the runner-up when no fact
    sets them apart (with a fact, only where the ranking is by win share), else none. The puzzles file a
    position under a theme by ``fact``; their explanation does not list a quoted figure again
    (``puzzles.words``)."""

    fact: str
    sets_apart: bool
    text: Text
    quoted: tuple[Move, ...] = ()


def why_best(analysis: Analysis, state: HandState) -> Text | None:
    """The sentence for ``analysis.best`` in ``state`` (the position analysed); None when nothing is known.

    ``state`` may be the seat's view (``SeatView.state``): only the mover's
    own hand and the table are read from it; what the others hold comes from
    the analysis's inference (or, with open hands, from ``state`` itself).
    """
    reason = best_reason(analysis, state)
    return reason.text if reason is not None else None


def best_reason(analysis: Analysis, state: HandState) -> Reason | None:
    """``why_best`` with the name of the fact behind the sentence (see ``Reason``)."""
    moves = [v.move for v in analysis.moves]
    best = analysis.best.move
    if best.action is not Action.PLAY or best.tile is None:
        return Reason("forced", True, _forced(best))
    sure = certainty(analysis.knowledge) if analysis.knowledge is not None else None
    scene = _Scene(state, sure, _names(moves))
    mine = _facts(scene, best)
    named = [(fact.__name__.lstrip("_"), text) for fact, text in zip(_FACTS, mine, strict=True) if text is not None]
    if len(analysis.moves) == 1:
        return Reason(named[0][0], True, named[0][1]) if named else Reason("forced", True, _forced(best))
    # the runner-up is the best move with another tile: the same tile on the other end says nothing new
    runner = next((v for v in analysis.moves[1:] if v.move.tile != best.tile), analysis.moves[1])
    theirs = (
        [f is not None for f in _facts(scene, runner.move)] if runner.move.tile is not None else [False] * len(mine)
    )
    for fact, text, other in zip(_FACTS, mine, theirs, strict=True):
        if text is not None and not other:
            return Reason(fact.__name__.lstrip("_"), True, text)
    name, other_name = scene.names[best], scene.names[runner.move]
    of = _of_what(analysis)
    tail = msg(
        "this move wins {win} of the {of}, {other} {other_win}",
        win=_percent(analysis.best.win),
        of=of,
        other=other_name,
        other_win=_percent(runner.win),
    )
    if not named:
        return Reason("played_out", False, _played_out(analysis, runner, name, other_name), (best, runner.move))
    fact_name, first = named[0]
    # the tail says win shares: the figures a ranking by points (All Fives) lists are others
    quoted = () if analysis.points_first else (best, runner.move)
    return Reason(fact_name, False, joined([first, tail], "; "), quoted)


def _of_what(analysis: Analysis) -> Text:
    """What a win share is a share of: the playouts, or the deals solved exactly."""
    if analysis.method in ("exact_deals", "exact"):
        return msg("deals solved exactly")
    return msg("playouts")


def _played_out(analysis: Analysis, runner: MoveValue, name: Text, other_name: Text) -> Text:
    """No rule of thumb tells the best move apart: say so, with the playouts' figures (too close to call when
    the lead is within its 95 % half-width)."""
    best = analysis.best
    if analysis.points_first:
        figures = msg(
            "{move} scores {mine:.1f} points on average, {other} {theirs:.1f}",
            move=name,
            mine=best.points,
            other=other_name,
            theirs=runner.points,
        )
    else:
        figures = msg(
            "{move} wins {win} of the {of}, {other} {other_win}",
            move=name,
            win=_percent(best.win),
            of=_of_what(analysis),
            other=other_name,
            other_win=_percent(runner.win),
        )
    gap, half_width = analysis.lead(best, runner)
    if gap <= half_width:
        return msg(
            "No rule of thumb separates {move} from {other}: {figures}, too close to call",
            move=name,
            other=other_name,
            figures=figures,
        )
    if analysis.method in ("exact_deals", "exact"):
        return msg("No simple rule shows it, but solved exactly, {figures}", figures=figures)
    return msg("No simple rule shows it, but played out, {figures}", figures=figures)
