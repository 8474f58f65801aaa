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
from tutorial_app.rules.moves import IllegalMoveError, apply
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
from tutorial_app.rules.text import Text
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, Tile, TileError, parse_pair, parse_tile
from tutorial_app.rules.variants import UnknownVariantError, find_variant

__all__ = ["PositionError", "Position", "read_position", "parse_move", "KNOWN_KEYS"]

KNOWN_KEYS = ("rules", "overrides", "hands", "chain", "boneyard", "to_move", "last_move_by", "bank", "moves", "match")


class PositionError(ValueError):
    """A position that cannot be on a real table; the message says what is wrong."""


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
        raise PositionError(f"{where}: {exc}") from None


def _oriented(value: object, where: str) -> tuple[Tile, int, int]:
    try:
        a, b = parse_pair(value)
    except TileError as exc:
        raise PositionError(f"{where}: {exc}") from None
    return Tile(a, b), a, b


def _seat(value: object, players: int, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise PositionError(f"{key} must be a seat number from 0 to {players - 1}, not {value!r}")
    return value


def read_position(data: Mapping[str, Any], rules_name: str | None = None) -> Position:
    """Read a position (a parsed YAML/JSON mapping) under a rule set; raise PositionError."""
    if not isinstance(data, Mapping):
        raise PositionError("a position is a mapping with keys such as rules, hands, chain, to_move")
    unknown = [k for k in data if k not in KNOWN_KEYS]
    if unknown:
        raise PositionError(f"unknown key {unknown[0]!r}; the keys are: {', '.join(KNOWN_KEYS)}")
    name = rules_name or data.get("rules")
    if not name or not isinstance(name, str):
        raise PositionError("say which rules to use: a 'rules' key with a preset name, or --rules NAME")
    hands_data = data.get("hands")
    if not isinstance(hands_data, list) or not hands_data or not all(isinstance(h, list) for h in hands_data):
        raise PositionError("'hands' must be a list with one list of tiles per seat, seat 0 first")
    overrides = data.get("overrides") or {}
    if not isinstance(overrides, Mapping):
        raise PositionError("'overrides' must be a mapping of option names to values, like {target: 150}")
    players = len(hands_data)
    try:
        variant = find_variant(name)
        if "players" in overrides and str(overrides["players"]).strip() != str(players):
            raise PositionError(f"overrides say {overrides['players']!r} players but 'hands' has {players} seats")
        rules = variant.rules(players, overrides)
    except (UnknownVariantError, OptionError, PositionError) as exc:
        raise PositionError(str(exc)) from None
    except ValueError as exc:
        raise PositionError(f"overrides: {exc}") from None

    seen: dict[Tile, str] = {}

    def claim(tile: Tile, where: str) -> None:
        if tile in seen:
            raise PositionError(f"tile {tile} appears twice: in {seen[tile]} and in {where}")
        seen[tile] = where

    hands = []
    for seat, hand in enumerate(hands_data):
        mask = 0
        for i, value in enumerate(hand):
            tile = _tile(value, f"hands[{seat}][{i}]")
            claim(tile, f"seat {seat}'s hand")
            mask |= tile.bit
        hands.append(mask)
    table = _read_chain(data.get("chain") or [], rules, claim)
    boneyard = _read_boneyard(data, rules, seen, claim)

    bank = data.get("bank", 0)
    if isinstance(bank, bool) or not isinstance(bank, int) or bank < 0:
        raise PositionError(f"'bank' must be a whole number of points, 0 or more, not {bank!r}")
    lead: LeadDecision | None = None
    redeal: Text | None = None
    if table.centre is None:
        lead = decide_first_lead(rules, hands)
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
        raise PositionError("'moves' must be a list like [{tile: 3-6, end: left}, {action: draw}]")
    for i, raw in enumerate(moves, start=1):
        move = parse_move(raw, f"moves[{i}]")
        if redeal is not None:
            raise PositionError(f"move {i}: this deal must be redealt ({redeal.en}), so no move can be played")
        try:
            state = apply(state, move)
        except IllegalMoveError as exc:
            raise PositionError(f"move {i} ({_move_text(raw)}) by seat {state.to_move} is illegal: {exc.reason.en}") from None
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
        raise PositionError(f"{where}: write a move as {{tile: 6-4, end: left}} or {{action: draw}}")
    extra = set(raw) - {"tile", "end", "action", "closed", "claim"}
    if extra:
        raise PositionError(f"{where}: unknown key {sorted(extra)[0]!r}; a move has tile and end, or action")
    if "action" in raw:
        actions = {"draw": DRAW, "pass": PASS, "end_turn": END_TURN, "muggins": MUGGINS}
        action = raw["action"]
        if action == "play" and "tile" in raw:
            pass
        elif not isinstance(action, str) or action not in actions:
            raise PositionError(f"{where}: unknown action {action!r}; use draw, pass, end_turn or muggins")
        else:
            return actions[action]
    if "tile" not in raw:
        raise PositionError(f"{where}: a play names a tile, like {{tile: 6-4, end: left}}")
    tile = _tile(raw["tile"], where)
    end = raw.get("end", "lead")
    if end not in ENDS:
        raise PositionError(f"{where}: end {end!r} is not one of lead, left, right, up, down")
    claim = raw.get("claim")
    if claim is not None and (isinstance(claim, bool) or not isinstance(claim, int)):
        raise PositionError(f"{where}: claim must be a whole number of points")
    return play(tile, end, bool(raw.get("closed", False)), claim)


def _read_chain(chain: object, rules: HouseRules, claim: Any) -> Table:
    if isinstance(chain, Mapping):
        return _read_spinner(chain, rules, claim)
    if not isinstance(chain, list):
        raise PositionError("'chain' must be a list of tiles left to right (or spinner + arms in spinner games)")
    if not chain:
        from tutorial_app.rules.state import EMPTY_TABLE

        return EMPTY_TABLE
    placed: list[tuple[Tile, int, int]] = []
    for i, value in enumerate(chain):
        tile, a, b = _oriented(value, f"chain[{i}]")
        claim(tile, "the chain")
        if placed and placed[-1][2] != a:
            prev = placed[-1]
            raise PositionError(
                f"broken chain: {prev[1]}-{prev[2]} is followed by {a}-{b}, but {prev[2]} does not meet {a} "
                "(write each tile with the number that faces left first)"
            )
        placed.append((tile, a, b))
    if rules.layout is Layout.SPINNER and any(t.is_double for t, _, _ in placed):
        raise PositionError("in a spinner game a chain with a double is written as {spinner: 5-5, arms: {...}}")
    middle = len(placed) // 2
    centre, centre_left, _ = placed[middle]
    left = tuple(Link(t, b, a, -1) for t, a, b in reversed(placed[:middle]))
    right = tuple(Link(t, a, b, -1) for t, a, b in placed[middle + 1:])
    arms = (left, right, (), ())
    return make_table(centre, centre, centre_left, False, arms)


def _read_spinner(chain: Mapping[str, Any], rules: HouseRules, claim: Any) -> Table:
    if rules.layout is not Layout.SPINNER:
        raise PositionError("this rule set plays a line: write 'chain' as a list of tiles left to right")
    extra = set(chain) - {"spinner", "arms"}
    if extra:
        raise PositionError(f"chain: unknown key {sorted(extra)[0]!r}; a spinner chain has spinner and arms")
    spinner = _tile(chain.get("spinner"), "chain.spinner")
    if not spinner.is_double:
        raise PositionError(f"chain.spinner must be a double, not {spinner}")
    claim(spinner, "the chain")
    arms_data = chain.get("arms") or {}
    if not isinstance(arms_data, Mapping) or set(arms_data) - set(ARM_NAMES):
        raise PositionError("chain.arms must map left, right, up and down to lists of tiles")
    arms: list[tuple[Link, ...]] = []
    for name in ARM_NAMES:
        links: list[Link] = []
        number = spinner.lo
        values = arms_data.get(name) or []
        if not isinstance(values, list):
            raise PositionError(f"chain.arms.{name} must be a list of tiles, spinner side first")
        for i, value in enumerate(values):
            closed = False
            if isinstance(value, Mapping):
                closed = bool(value.get("closed", False))
                value = value.get("tile")
            where = f"chain.arms.{name}[{i}]"
            tile, a, b = _oriented(value, where)
            claim(tile, "the chain")
            if links and links[-1].closed:
                raise PositionError(f"{where}: nothing can follow a closed double")
            if a != number:
                raise PositionError(
                    f"broken chain on the {name} arm: {tile} must show {number} towards the spinner "
                    f"(write each tile with the number facing the spinner first)"
                )
            if closed and not (tile.is_double and rules.branch_blocking):
                raise PositionError(f"{where}: only a double can be closed, and only where branches can be closed")
            links.append(Link(tile, a, b, -1, closed))
            number = b
        arms.append(tuple(links))
    if (arms[2] or arms[3]) and not (arms[0] and arms[1]):
        raise PositionError("the up and down arms open only after left and right both hold a tile")
    arms_t = (arms[0], arms[1], arms[2], arms[3])
    return make_table(spinner, spinner, spinner.lo, True, arms_t)


def _read_boneyard(data: Mapping[str, Any], rules: HouseRules, seen: dict[Tile, str], claim: Any) -> tuple[Tile, ...]:
    given = data.get("boneyard")
    if given is None:
        return tuple(t for t in ALL_TILES if t not in seen)
    if not isinstance(given, list):
        raise PositionError("'boneyard' must be a list of tiles, top of the pile first")
    pile = []
    for i, value in enumerate(given):
        tile = _tile(value, f"boneyard[{i}]")
        claim(tile, "the boneyard")
        pile.append(tile)
    missing = [str(t) for t in ALL_TILES if t not in seen]
    if missing and rules.has_boneyard:
        raise PositionError(
            f"tiles {', '.join(missing)} are nowhere: put each in a hand, the chain or the boneyard "
            "(or leave 'boneyard' out to mean every tile not in play)"
        )
    # in games without a boneyard, tiles not written anywhere are out of play
    return (*pile, *(t for t in ALL_TILES if t not in seen))


def _settle(state: HandState) -> HandState:
    """A position that is already over: someone is out, or nobody can move."""
    empty = [seat for seat, mask in enumerate(state.hands) if mask == 0]
    if len(empty) > 1:
        raise PositionError(f"seats {empty[0]} and {empty[1]} both have no tiles: only one player can go out")
    if empty:
        return state._replace(status=Status.WON, out_seat=empty[0], last_move_by=empty[0])
    fit = 0
    for n in state.table.ends:
        if n >= 0:
            fit |= SUIT_MASK[n]
    drawable = 0
    for tile in state.boneyard[: state.drawable()]:
        drawable |= tile.bit
    if not any(h & fit for h in state.hands) and not drawable & fit:
        return state._replace(status=Status.BLOCKED)
    return state


def _read_match(data: object, rules: HouseRules) -> MatchState | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise PositionError("'match' must be a mapping with scores (and opened for the 13-point rule)")
    extra = set(data) - {"scores", "opened"}
    if extra:
        raise PositionError(f"match: unknown key {sorted(extra)[0]!r}; use scores and opened")
    sides = rules.sides
    scores = [0] * sides
    opened = [rules.opening_threshold == 0] * sides
    for key, target, kind in (("scores", scores, int), ("opened", opened, bool)):
        values = data.get(key) or {}
        if not isinstance(values, Mapping):
            raise PositionError(f"match.{key} must map side numbers to values, like {{\"0\": 95, \"1\": 40}}")
        for side_key, value in values.items():
            try:
                side = int(side_key)
            except (TypeError, ValueError):
                raise PositionError(f"match.{key}: {side_key!r} is not a side number") from None
            if not 0 <= side < sides:
                raise PositionError(f"match.{key}: side {side} does not exist; sides are 0 to {sides - 1}")
            if kind is int and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise PositionError(f"match.scores: side {side} needs a whole number of points, not {value!r}")
            if kind is bool and not isinstance(value, bool):
                raise PositionError(f"match.opened: side {side} needs true or false, not {value!r}")
            target[side] = value
    match = new_match(rules, tuple(scores), tuple(opened))
    return match
