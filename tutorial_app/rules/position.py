"""Positions in the referee's notation (REFEREE.md), read into engine states.

Why here: the referee, the lessons and the board all describe tables the
same way, so one reader checks them all and every error says what is wrong
in words a club organiser understands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from tutorial_app.rules.deal import LeadDecision, decide_first_lead, redeal_reason
from tutorial_app.rules.match import MatchState, new_match
from tutorial_app.rules.moves import IllegalMoveError, apply, table_blocked
from tutorial_app.rules.options import HouseRules, Layout, OptionError
from tutorial_app.rules.state import (
    ARM_NAMES,
    DRAW,
    END_TURN,
    ENDS,
    MUGGINS,
    PASS,
    HandState,
    Link,
    Move,
    Status,
    Table,
    make_table,
    play,
)
from tutorial_app.rules.text import RulesError, Text, reason_of, seat_genitive
from tutorial_app.rules.tiles import ALL_TILES, FULL_MASK, Tile, TileError, parse_pair, parse_tile
from tutorial_app.rules.variants import UnknownVariantError, find_variant

__all__ = ["PositionError", "Position", "read_position", "parse_move", "KNOWN_KEYS"]

KNOWN_KEYS = ("rules", "overrides", "hands", "chain", "boneyard", "to_move", "last_move_by", "bank", "moves", "match")


class PositionError(RulesError):
    """A position that cannot be on a real table; ``reason`` says what is wrong in en and ru."""


def _at(where: str, inner: Text) -> Text:
    """An error at a place in the notation (``hands[0][1]: ...``); the place is written as in the file."""
    return Text(f"{where}: {inner.en}", f"{where}: {inner.ru}")


def _clause(sentence: str) -> str:
    """A Russian sentence set inside another one: small first letter, no closing full stop."""
    if sentence[:1].isupper() and sentence[1:2].islower():
        sentence = sentence[0].lower() + sentence[1:]
    return sentence.removesuffix(".")


_ARM_RU = {"left": "левой", "right": "правой", "up": "верхней", "down": "нижней"}
_IN_CHAIN = Text("the chain", "цепи")


class Position(NamedTuple):
    """A position read under one rule set: the start, the state after ``moves``, and more."""

    rules_name: str
    rules: HouseRules
    start: HandState
    state: HandState
    move_points: tuple[int, ...]
    lead: LeadDecision | None
    redeal: Text | None
    match: MatchState | None


def _tile(value: object, where: str) -> Tile:
    try:
        return parse_tile(value)
    except TileError as exc:
        raise PositionError(_at(where, exc.reason)) from None


def _oriented(value: object, where: str) -> tuple[Tile, int, int]:
    try:
        a, b = parse_pair(value)
    except TileError as exc:
        raise PositionError(_at(where, exc.reason)) from None
    return Tile(a, b), a, b


def _seat(value: object, players: int, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise PositionError(Text(
            f"{key} must be a seat number from 0 to {players - 1}, not {value!r}",
            f"{key} — это номер места от 0 до {players - 1}, а не {value!r}",
        ))
    return value


def read_position(data: Mapping[str, Any], rules_name: str | None = None, *, later_hand: bool = False) -> Position:
    """Read a position (a parsed YAML/JSON mapping) under a rule set; raise PositionError.

    ``later_hand``: an empty chain is a later hand of a match, led by the
    previous hand's winner (``to_move``) with any tile, not by the first-lead rule.
    """
    if not isinstance(data, Mapping):
        raise PositionError(Text(
            "a position is a mapping with keys such as rules, hands, chain, to_move",
            "позицию записывают ключами и значениями: rules, hands, chain, to_move и так далее",
        ))
    unknown = [k for k in data if k not in KNOWN_KEYS]
    if unknown:
        keys = ", ".join(KNOWN_KEYS)
        raise PositionError(Text(f"unknown key {unknown[0]!r}; the keys are: {keys}",
                                 f"неизвестный ключ {unknown[0]!r}; ключи такие: {keys}"))
    name = rules_name or data.get("rules")
    if not name or not isinstance(name, str):
        raise PositionError(Text(
            "say which rules to use: a 'rules' key with a preset name, or --rules NAME",
            "укажите, по каким правилам судить: ключ 'rules' с названием набора или --rules НАЗВАНИЕ",
        ))
    hands_data = data.get("hands")
    if not isinstance(hands_data, list) or not hands_data or not all(isinstance(h, list) for h in hands_data):
        raise PositionError(Text(
            "'hands' must be a list with one list of tiles per seat, seat 0 first",
            "'hands' — это список рук: для каждого места свой список костей, начиная с места 0",
        ))
    overrides = data.get("overrides") or {}
    if not isinstance(overrides, Mapping):
        raise PositionError(Text(
            "'overrides' must be a mapping of option names to values, like {target: 150}",
            "в 'overrides' пишут названия опций и их значения, например {target: 150}",
        ))
    players = len(hands_data)
    try:
        variant = find_variant(name)
        if "players" in overrides and str(overrides["players"]).strip() != str(players):
            said = overrides["players"]
            raise PositionError(Text(f"overrides say {said!r} players but 'hands' has {players} seats",
                                     f"в overrides указано игроков: {said!r}, а в 'hands' мест: {players}"))
        rules = variant.rules(players, overrides)
    except (UnknownVariantError, OptionError, PositionError) as exc:
        raise PositionError(exc.reason) from None
    except ValueError as exc:
        raise PositionError(_at("overrides", reason_of(exc))) from None

    seen: dict[Tile, Text] = {}

    def claim(tile: Tile, where: Text) -> None:
        if tile in seen:
            first = seen[tile]
            raise PositionError(Text(f"tile {tile} appears twice: in {first.en} and in {where.en}",
                                     f"кость {tile} встречается дважды: в {first.ru} и в {where.ru}"))
        seen[tile] = where

    hands = []
    for seat, hand in enumerate(hands_data):
        mask = 0
        for i, value in enumerate(hand):
            tile = _tile(value, f"hands[{seat}][{i}]")
            claim(tile, Text(f"seat {seat}'s hand", f"руке {seat_genitive(seat).ru}"))
            mask |= tile.bit
        hands.append(mask)
    table = _read_chain(data.get("chain") or [], rules, claim)
    boneyard = _read_boneyard(data, rules, seen, claim)

    bank = data.get("bank", 0)
    if isinstance(bank, bool) or not isinstance(bank, int) or bank < 0:
        raise PositionError(Text(f"'bank' must be a whole number of points, 0 or more, not {bank!r}",
                                 f"'bank' — это целое число очков, 0 или больше, а не {bank!r}"))
    lead: LeadDecision | None = None
    redeal: Text | None = None
    if table.centre is None:
        lead = LeadDecision(_seat(data.get("to_move", 0), players, "to_move"), FULL_MASK, "winner") if later_hand \
            else decide_first_lead(rules, hands)
        redeal = redeal_reason(rules, hands, lead)
        leader = lead.seat if lead is not None and lead.seat is not None else 0
        if "to_move" in data:
            leader = _seat(data["to_move"], players, "to_move")
        lead_mask = lead.lead_mask if lead is not None and lead.seat == leader else (1 << 28) - 1
        start = HandState(rules, tuple(hands), boneyard, table, leader, leader, bank=bank,
                          fives=(0,) * rules.sides, lead_mask=lead_mask)
    else:
        to_move = _seat(data.get("to_move", 0), players, "to_move")
        last = data.get("last_move_by")
        last_by = _seat(last, players, "last_move_by") if last is not None else (to_move - 1) % players
        start = HandState(rules, tuple(hands), boneyard, table, to_move, -1, last_move_by=last_by, bank=bank,
                          fives=(0,) * rules.sides)
        start = _settle(start)
    state = start
    points: list[int] = []
    moves = data.get("moves") or []
    if not isinstance(moves, list):
        raise PositionError(Text("'moves' must be a list like [{tile: 3-6, end: left}, {action: draw}]",
                                 "'moves' — это список ходов, например [{tile: 3-6, end: left}, {action: draw}]"))
    for i, raw in enumerate(moves, start=1):
        move = parse_move(raw, f"moves[{i}]")
        if redeal is not None:
            raise PositionError(Text(
                f"move {i}: this deal must be redealt ({redeal.en}), so no move can be played",
                f"ход {i}: эту раздачу нужно пересдать ({_clause(redeal.ru)}), поэтому ходить нельзя",
            ))
        try:
            state = apply(state, move)
        except IllegalMoveError as exc:
            written, mover = _move_text(raw), state.to_move
            raise PositionError(Text(
                f"move {i} ({written}) by seat {mover} is illegal: {exc.reason.en}",
                f"ход {i} ({written}) {seat_genitive(mover).ru} не по правилам: {_clause(exc.reason.ru)}",
            )) from None
        points.append(state.trail.points if state.trail is not None else 0)
    match = _read_match(data.get("match"), rules)
    return Position(variant.name, rules, start, state, tuple(points), lead, redeal, match)


def _move_text(raw: object) -> str:
    if isinstance(raw, Mapping):
        return ", ".join(f"{k}: {v}" for k, v in raw.items())
    return repr(raw)


def parse_move(raw: object, where: str = "move") -> Move:
    """A move written as ``{tile: 6-4, end: left}`` or ``{action: draw}``."""
    if not isinstance(raw, Mapping):
        raise PositionError(_at(where, Text("write a move as {tile: 6-4, end: left} or {action: draw}",
                                            "ход записывают так: {tile: 6-4, end: left} или {action: draw}")))
    extra = set(raw) - {"tile", "end", "action", "closed", "claim"}
    if extra:
        key = sorted(extra)[0]
        raise PositionError(_at(where, Text(f"unknown key {key!r}; a move has tile and end, or action",
                                            f"неизвестный ключ {key!r}; у хода есть tile и end или action")))
    if "action" in raw:
        actions = {"draw": DRAW, "pass": PASS, "end_turn": END_TURN, "muggins": MUGGINS}
        action = raw["action"]
        if action == "play" and "tile" in raw:
            pass
        elif not isinstance(action, str) or action not in actions:
            raise PositionError(_at(where, Text(
                f"unknown action {action!r}; use draw, pass, end_turn or muggins",
                f"неизвестное действие {action!r}; бывают draw, pass, end_turn и muggins",
            )))
        else:
            return actions[action]
    if "tile" not in raw:
        raise PositionError(_at(where, Text("a play names a tile, like {tile: 6-4, end: left}",
                                            "в ходе нужно назвать кость, например {tile: 6-4, end: left}")))
    tile = _tile(raw["tile"], where)
    end = raw.get("end", "lead")
    if end not in ENDS:
        raise PositionError(_at(where, Text(f"end {end!r} is not one of lead, left, right, up, down",
                                            f"конца {end!r} нет; концы такие: lead, left, right, up, down")))
    claim = raw.get("claim")
    if claim is not None and (isinstance(claim, bool) or not isinstance(claim, int)):
        raise PositionError(_at(where, Text("claim must be a whole number of points",
                                            "в claim пишут целое число очков")))
    return play(tile, end, bool(raw.get("closed", False)), claim)


def _read_chain(chain: object, rules: HouseRules, claim: Any) -> Table:
    if isinstance(chain, Mapping):
        return _read_spinner(chain, rules, claim)
    if not isinstance(chain, list):
        raise PositionError(Text(
            "'chain' must be a list of tiles left to right (or spinner + arms in spinner games)",
            "'chain' — это список костей слева направо (а в играх с развилкой — spinner и arms)",
        ))
    if not chain:
        from tutorial_app.rules.state import EMPTY_TABLE

        return EMPTY_TABLE
    placed: list[tuple[Tile, int, int]] = []
    for i, value in enumerate(chain):
        tile, a, b = _oriented(value, f"chain[{i}]")
        claim(tile, _IN_CHAIN)
        if placed and placed[-1][2] != a:
            prev = placed[-1]
            raise PositionError(Text(
                f"broken chain: {prev[1]}-{prev[2]} is followed by {a}-{b}, but {prev[2]} does not meet {a} "
                "(write each tile with the number that faces left first)",
                f"цепь разорвана: за {prev[1]}-{prev[2]} идёт {a}-{b}, а {prev[2]} не сходится с {a} "
                "(пишите каждую кость так, чтобы первым стояло число, обращённое влево)",
            ))
        placed.append((tile, a, b))
    if rules.layout is Layout.SPINNER and any(t.is_double for t, _, _ in placed):
        raise PositionError(Text(
            "in a spinner game a chain with a double is written as {spinner: 5-5, arms: {...}}",
            "в игре с развилкой цепь с дублем записывают так: {spinner: 5-5, arms: {...}}",
        ))
    middle = len(placed) // 2
    centre, centre_left, _ = placed[middle]
    left = tuple(Link(t, b, a, -1) for t, a, b in reversed(placed[:middle]))
    right = tuple(Link(t, a, b, -1) for t, a, b in placed[middle + 1:])
    arms = (left, right, (), ())
    return make_table(centre, centre, centre_left, False, arms)


def _read_spinner(chain: Mapping[str, Any], rules: HouseRules, claim: Any) -> Table:
    if rules.layout is not Layout.SPINNER:
        raise PositionError(Text(
            "this rule set plays a line: write 'chain' as a list of tiles left to right",
            "в этих правилах цепь одна, без развилки: запишите 'chain' списком костей слева направо",
        ))
    extra = set(chain) - {"spinner", "arms"}
    if extra:
        key = sorted(extra)[0]
        raise PositionError(_at("chain", Text(f"unknown key {key!r}; a spinner chain has spinner and arms",
                                              f"неизвестный ключ {key!r}; у цепи с развилкой есть spinner и arms")))
    spinner = _tile(chain.get("spinner"), "chain.spinner")
    if not spinner.is_double:
        raise PositionError(Text(f"chain.spinner must be a double, not {spinner}",
                                 f"chain.spinner — развилка, это должен быть дубль, а не {spinner}"))
    claim(spinner, _IN_CHAIN)
    arms_data = chain.get("arms") or {}
    if not isinstance(arms_data, Mapping) or set(arms_data) - set(ARM_NAMES):
        raise PositionError(Text("chain.arms must map left, right, up and down to lists of tiles",
                                 "в chain.arms для left, right, up и down пишут списки костей"))
    arms: list[tuple[Link, ...]] = []
    for name in ARM_NAMES:
        links: list[Link] = []
        number = spinner.lo
        values = arms_data.get(name) or []
        if not isinstance(values, list):
            raise PositionError(Text(f"chain.arms.{name} must be a list of tiles, spinner side first",
                                     f"chain.arms.{name} — это список костей, начиная от развилки"))
        for i, value in enumerate(values):
            closed = False
            if isinstance(value, Mapping):
                closed = bool(value.get("closed", False))
                value = value.get("tile")
            where = f"chain.arms.{name}[{i}]"
            tile, a, b = _oriented(value, where)
            claim(tile, _IN_CHAIN)
            if links and links[-1].closed:
                raise PositionError(_at(where, Text("nothing can follow a closed double",
                                                    "за закрытым дублем ничего не ставят")))
            if a != number:
                raise PositionError(Text(
                    f"broken chain on the {name} arm: {tile} must show {number} towards the spinner "
                    f"(write each tile with the number facing the spinner first)",
                    f"цепь разорвана на {_ARM_RU[name]} ветке ({name}): {tile} должна смотреть на развилку "
                    f"числом {number} (пишите каждую кость так, чтобы первым стояло число, обращённое к развилке)",
                ))
            if closed and not (tile.is_double and rules.branch_blocking):
                raise PositionError(_at(where, Text(
                    "only a double can be closed, and only where branches can be closed",
                    "закрыть можно только дубль и только там, где правила разрешают закрывать ветки",
                )))
            links.append(Link(tile, a, b, -1, closed))
            number = b
        arms.append(tuple(links))
    if (arms[2] or arms[3]) and not (arms[0] and arms[1]):
        raise PositionError(Text(
            "the up and down arms open only after left and right both hold a tile",
            "верхняя и нижняя ветки (up, down) открываются, только когда на левой и правой уже есть по кости",
        ))
    arms_t = (arms[0], arms[1], arms[2], arms[3])
    return make_table(spinner, spinner, spinner.lo, True, arms_t)


def _read_boneyard(data: Mapping[str, Any], rules: HouseRules, seen: dict[Tile, Text], claim: Any) -> tuple[Tile, ...]:
    given = data.get("boneyard")
    if given is None:
        return tuple(t for t in ALL_TILES if t not in seen)
    if not isinstance(given, list):
        raise PositionError(Text("'boneyard' must be a list of tiles, top of the pile first",
                                 "'boneyard' — это список костей базара, сверху вниз"))
    pile = []
    for i, value in enumerate(given):
        tile = _tile(value, f"boneyard[{i}]")
        claim(tile, Text("the boneyard", "базаре"))
        pile.append(tile)
    missing = ", ".join(str(t) for t in ALL_TILES if t not in seen)
    if missing and rules.has_boneyard:
        raise PositionError(Text(
            f"tiles {missing} are nowhere: put each in a hand, the chain or the boneyard "
            "(or leave 'boneyard' out to mean every tile not in play)",
            f"кости {missing} нигде не лежат: положите каждую в руку, в цепь или в базар "
            "(или не пишите 'boneyard' — тогда в базаре все кости, которых нет в игре)",
        ))
    # in games without a boneyard, tiles not written anywhere are out of play
    return (*pile, *(t for t in ALL_TILES if t not in seen))


def _settle(state: HandState) -> HandState:
    """A position that is already over: someone is out, or nobody can move."""
    empty = [seat for seat, mask in enumerate(state.hands) if mask == 0]
    if len(empty) > 1:
        raise PositionError(Text(
            f"seats {empty[0]} and {empty[1]} both have no tiles: only one player can go out",
            f"у игроков на местах {empty[0]} и {empty[1]} не осталось костей: выйти может только один",
        ))
    if empty:
        return state._replace(status=Status.WON, out_seat=empty[0], last_move_by=empty[0])
    if table_blocked(state.rules, state.hands, state.boneyard, state.table.fit):
        return state._replace(status=Status.BLOCKED)
    return state


def _read_match(data: object, rules: HouseRules) -> MatchState | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise PositionError(Text("'match' must be a mapping with scores (and opened for the 13-point rule)",
                                 "в 'match' пишут scores (и opened для правила 13 очков)"))
    extra = set(data) - {"scores", "opened"}
    if extra:
        key = sorted(extra)[0]
        raise PositionError(_at("match", Text(f"unknown key {key!r}; use scores and opened",
                                              f"неизвестный ключ {key!r}; бывают scores и opened")))
    sides = rules.sides
    scores = [0] * sides
    opened = [rules.opening_threshold == 0] * sides
    for key, target, kind in (("scores", scores, int), ("opened", opened, bool)):
        values = data.get(key) or {}
        if not isinstance(values, Mapping):
            example = '{"0": 95, "1": 40}'
            raise PositionError(Text(f"match.{key} must map side numbers to values, like {example}",
                                     f"в match.{key} пишут номера сторон и значения, например {example}"))
        for side_key, value in values.items():
            try:
                side = int(side_key)
            except (TypeError, ValueError):
                raise PositionError(_at(f"match.{key}", Text(f"{side_key!r} is not a side number",
                                                             f"{side_key!r} — не номер стороны"))) from None
            if not 0 <= side < sides:
                raise PositionError(_at(f"match.{key}", Text(
                    f"side {side} does not exist; sides are 0 to {sides - 1}",
                    f"стороны {side} нет; стороны — от 0 до {sides - 1}",
                )))
            if kind is int and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise PositionError(_at("match.scores", Text(
                    f"side {side} needs a whole number of points, not {value!r}",
                    f"у стороны {side} должно быть целое число очков, а не {value!r}",
                )))
            if kind is bool and not isinstance(value, bool):
                raise PositionError(_at("match.opened", Text(f"side {side} needs true or false, not {value!r}",
                                                             f"для стороны {side} нужно true или false, а не {value!r}")))
            target[side] = value
    match = new_match(rules, tuple(scores), tuple(opened))
    return match
