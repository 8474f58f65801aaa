"""One sentence on why the best move is best, built from the analysis and what the seat knows.

The facts are computed, never canned: what the move leaves open, whether the
next opponent surely cannot answer (and which pass or draw shows it), the
All Fives points it scores, whether it is a double, which numbers the mover
keeps control of, how heavy it is. The sentence leads with the first fact
(in that order) that sets the best move apart from the runner-up; when none
does, it adds how the two fared in the playouts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutorial_app.rules.moves import apply_unchecked
from tutorial_app.rules.state import Action, HandState, Move
from tutorial_app.rules.text import Text, seat_genitive, seat_name
from tutorial_app.rules.tiles import SUIT_MASK, Tile
from tutorial_app.strategy.analysis import Analysis
from tutorial_app.strategy.knowledge import Certainty, certainty
from tutorial_app.strategy.view import open_numbers

__all__ = ["why_best", "move_name", "plural_ru", "seat_dative_ru"]

_END_EN = {"left": "on the left", "right": "on the right", "up": "at the top", "down": "at the bottom", "lead": "as the lead"}
_END_RU = {"left": "слева", "right": "справа", "up": "сверху", "down": "снизу", "lead": "в заход"}


def plural_ru(count: int, one: str, few: str, many: str) -> str:
    """The Russian noun form for ``count`` (1 кость, 2 кости, 5 костей)."""
    if count % 10 == 1 and count % 100 != 11:
        return one
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return few
    return many


def seat_dative_ru(seat: int) -> str:
    """The rules core's Russian name of a seat in the dative ("игроку ...": the noun is the first word)."""
    name = seat_name(seat).ru
    return "игроку" + name[len("игрок"):] if name.startswith("игрок") else name


def _and(items: list[str], word: str) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


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
        seen_all: list[str] = []
        shown: dict[tuple[str, int], list[str]] = {}
        for number in numbers:
            void = self.sure.knowledge.latest_void(seat, number) if self.sure is not None else None
            if self.sure is not None and not self.sure.knowledge.unseen & SUIT_MASK[number]:
                seen_all.append(str(number))
            elif void is not None:
                shown.setdefault((void.event.kind, void.seat), []).append(str(number))
            else:
                shown.setdefault(("none", seat), []).append(str(number))
        out = []
        for (kind, who), listed in shown.items():
            en_list, ru_list = _and(listed, "and"), _and(listed, "и")
            name = seat_name(who)
            if kind == "draw":
                out.append(Text(f"{name.en} drew on {en_list}", f"{name.ru} брал с базара на {ru_list}"))
            elif kind == "pass":
                out.append(Text(f"{name.en} passed on {en_list}", f"{name.ru} спасовал на {ru_list}"))
            else:
                out.append(Text(f"{name.en} holds no {en_list}", f"у {seat_genitive(who).ru} нет {ru_list}"))
        if seen_all:
            out.append(Text(f"every {_and(seen_all, 'and')} is in sight",
                            f"все кости с {_and(seen_all, 'и')} уже видны"))
        return out


Fact = Callable[[_Scene, Move, HandState], Text | None]


def _tile(move: Move) -> Tile:
    assert move.tile is not None
    return move.tile


def _out(scene: _Scene, move: Move, after: HandState) -> Text | None:
    if after.hands[scene.state.to_move]:
        return None
    name = scene.names[move]
    return Text(f"{name.en} is your last tile: you go out", f"{name.ru} — ваша последняя кость: вы выходите")


def _ends_text(numbers: tuple[int, ...]) -> Text:
    shown = [str(n) for n in numbers]
    if len(shown) == 1:
        return Text(f"keeps {shown[0]} open", f"оставляет открытым {shown[0]}")
    return Text(f"leaves {_and(shown, 'and')} open", f"оставляет открытыми {_and(shown, 'и')}")


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
    who = Text("it", "ему") if named else Text(seat_name(seat).en, seat_dative_ru(seat))
    if rules.has_boneyard and after.drawable():
        then = Text(f"so {who.en} must draw", f"так что {who.ru} придётся брать с базара")
    else:
        then = Text(f"so {who.en} cannot answer", f"так что {who.ru} нечем ответить")
    return Text(f"{name.en} {ends.en}; {_and([r.en for r in reasons], 'and')}, {then.en}",
                f"{name.ru} {ends.ru}; {_and([r.ru for r in reasons], 'и')}, {then.ru}")


def _fives(scene: _Scene, move: Move, after: HandState) -> Text | None:
    scored = after.trail.points if after.trail is not None else 0
    if not scored:
        return None
    name = scene.names[move]
    return Text(f"{name.en} scores {scored}: the open ends add up to {scored}",
                f"{name.ru} приносит {scored} очков: сумма открытых концов — {scored}")


def _double(scene: _Scene, move: Move, after: HandState) -> Text | None:
    tile = _tile(move)
    if not tile.is_double or move.end == "lead":
        return None
    name, n = scene.names[move], tile.lo
    return Text(f"{name.en} is a double: it fits only {n}, so lay it while {n} still shows",
                f"{name.ru} — дубль: он подходит только к {n}, так что кладите его, пока {n} ещё на конце")


def _control(scene: _Scene, move: Move, after: HandState) -> Text | None:
    hand = after.hands[scene.state.to_move]
    best_number, best_count = -1, 1
    for n in open_numbers(after.table):
        count = bin(hand & SUIT_MASK[n]).count("1")
        if count > best_count:
            best_number, best_count = n, count
    if best_number < 0:
        return None
    name, n, k = scene.names[move], best_number, best_count
    return Text(f"{name.en} keeps {n} open: you hold {k} more tiles with {n}",
                f"{name.ru} оставляет открытым {n}: у вас ещё {k} {plural_ru(k, 'кость', 'кости', 'костей')} с {n}")


def _heavy(scene: _Scene, move: Move, after: HandState) -> Text | None:
    heaviest = max((m.tile.pips for m in scene.names if m.tile is not None), default=-1)
    tile = _tile(move)
    if tile.pips < heaviest or tile.pips == 0:
        return None
    name, p = scene.names[move], tile.pips
    return Text(f"{name.en} sheds {p} pips, the heaviest tile you can play",
                f"{name.ru} сбрасывает {p} {plural_ru(p, 'очко', 'очка', 'очков')} — самую тяжёлую кость из возможных")


_FACTS: tuple[Fact, ...] = (_out, _stuck, _fives, _double, _control, _heavy)


_ACTION_NAMES = {"draw": Text("draw", "взять с базара"), "pass": Text("pass", "пас"),
                 "end_turn": Text("end the turn", "закончить ход"), "muggins": Text("Muggins", "«Маггинс»")}


def move_name(move: Move, with_end: bool = True) -> Text:
    """A move as a learner reads it: "6-4 on the left" / "6-4 слева", "draw" / "взять с базара"."""
    if move.tile is None:
        return _ACTION_NAMES[move.action.value]
    if with_end and move.end is not None:
        return Text(f"{move.tile} {_END_EN[move.end]}", f"{move.tile} {_END_RU[move.end]}")
    return Text(str(move.tile), str(move.tile))


def _names(moves: list[Move]) -> dict[Move, Text]:
    """Each move's name, with its end only where the same tile could go elsewhere."""
    tiles = [m.tile for m in moves]
    return {move: move_name(move, tiles.count(move.tile) > 1) for move in moves}


def _facts(scene: _Scene, move: Move) -> list[Text | None]:
    after = apply_unchecked(scene.state, move)
    return [fact(scene, move, after) for fact in _FACTS]


def _forced(move: Move) -> Text:
    if move.action is Action.DRAW:
        return Text("nothing fits: draw from the boneyard", "ничего не подходит: берите с базара")
    if move.action is Action.PASS:
        return Text("nothing fits and nothing can be drawn: pass", "ничего не подходит и брать нечего: пас")
    return Text("it is the only legal move", "другого хода нет")


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"


def why_best(analysis: Analysis, state: HandState) -> Text | None:
    """The sentence for ``analysis.best`` in ``state`` (the position analysed); None when nothing is known.

    ``state`` may be the seat's view (``SeatView.state``): only the mover's
    own hand and the table are read from it; what the others hold comes from
    the analysis's inference (or, with open hands, from ``state`` itself).
    """
    moves = [v.move for v in analysis.moves]
    best = analysis.best.move
    if best.action is not Action.PLAY or best.tile is None:
        return _forced(best)
    sure = certainty(analysis.knowledge) if analysis.knowledge is not None else None
    scene = _Scene(state, sure, _names(moves))
    mine = _facts(scene, best)
    if len(analysis.moves) == 1:
        first = next((f for f in mine if f is not None), None)
        return first or _forced(best)
    # the runner-up is the best move with another tile: the same tile on the other end says nothing new
    runner = next((v for v in analysis.moves[1:] if v.move.tile != best.tile), analysis.moves[1])
    theirs = [f is not None for f in _facts(scene, runner.move)] if runner.move.tile is not None else [False] * len(mine)
    for fact, other in zip(mine, theirs, strict=True):
        if fact is not None and not other:
            return fact
    name, other_name = scene.names[best], scene.names[runner.move]
    tail = Text(f"this move wins {_percent(analysis.best.win)} of the playouts, {other_name.en} {_percent(runner.win)}",
                f"этот ход выигрывает {_percent(analysis.best.win)} розыгрышей, а {other_name.ru} — {_percent(runner.win)}")
    first = next((f for f in mine if f is not None), None)
    if first is None:
        return Text(f"{name.en} wins {_percent(analysis.best.win)} of the playouts against {_percent(runner.win)} "
                    f"for {other_name.en}",
                    f"{name.ru} выигрывает {_percent(analysis.best.win)} розыгрышей против {_percent(runner.win)} "
                    f"у {other_name.ru}")
    return Text(f"{first.en}; {tail.en}", f"{first.ru}; {tail.ru}")
