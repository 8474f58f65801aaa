"""Positions in the referee's notation (``docs/referee.md``), read into engine states.

Why here: the referee, the lessons and the board all describe tables the
same way, so one reader checks them all and every error says what is wrong
in words a club organiser understands. A club organiser types only what
matters: a boneyard may be a number of face-down tiles or a partial list,
and tiles written nowhere are out of play; the ruling counts them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tutorial_app.rules.line.deal import LeadDecision, decide_first_lead, redeal_reason
from tutorial_app.rules.line.match import MatchState
from tutorial_app.rules.line.moves import IllegalMoveError, apply, table_blocked
from tutorial_app.rules.line.notation import (
    Claims,
    PositionError,
    at,
    check_plain,
    draw_tiles,
    in_hand,
    move_text,
    parse_move,
    read_chain,
    read_match,
    read_seat,
    read_tile,
)
from tutorial_app.rules.line.options import HouseRules, OptionError
from tutorial_app.rules.line.state import ARM_NAMES, EMPTY_TABLE, HandState, Status, Table
from tutorial_app.rules.line.variants import UnknownVariantError, find_variant
from tutorial_app.rules.text import Text, msg, reason_of, shown
from tutorial_app.rules.tiles import ALL_TILES, FULL_MASK, Tile, TileError, parse_tile

__all__ = ["PositionError", "Position", "read_position", "parse_move", "KNOWN_KEYS"]

KNOWN_KEYS = (
    "rules",
    "overrides",
    "hands",
    "chain",
    "boneyard",
    "hand",
    "to_move",
    "last_move_by",
    "last_end",
    "bank",
    "moves",
    "match",
)
HAND_KINDS = ("first", "later")
_BONEYARD = msg("the boneyard")


class Position(NamedTuple):
    """A position read under one rule set: the start, the state after ``moves``, and more.

    ``unseen`` counts the tiles the position does not place (out of play, or
    face down in a boneyard given as a number); ``hidden`` the face-down
    tiles still in such a boneyard after the moves.
    """

    rules_name: str
    rules: HouseRules
    start: HandState
    state: HandState
    move_points: tuple[int, ...]
    lead: LeadDecision | None
    redeal: Text | None
    match: MatchState | None
    unseen: int = 0
    hidden: int = 0


class _Pile(NamedTuple):
    """The boneyard as the engine holds it, top first; ``hidden`` of its tiles are face down (unknown)."""

    tiles: tuple[Tile, ...]
    hidden: int = 0


class _Start(NamedTuple):
    state: HandState
    lead: LeadDecision | None
    redeal: Text | None


def read_position(data: Mapping[str, Any], rules_name: str | None = None) -> Position:
    """Read a position (a parsed YAML/JSON mapping) under a rule set; raise PositionError."""
    _check_keys(data)
    name, rules = _read_rules(data, rules_name)
    claims = Claims()
    hands = _read_hands(data["hands"], claims)
    table = read_chain(data.get("chain") or [], rules, claims.claim)
    moves = _moves_of(data)
    draws = _named_draws(moves)
    pile = _read_boneyard(data.get("boneyard"), rules, claims, draws)
    start = _read_start(data, rules, hands, table, pile.tiles, bool(moves))
    state, points = _play(start, moves, pile)
    match = read_match(data.get("match"), rules)
    unseen = len(ALL_TILES) - len(claims.seen)
    return Position(
        name, rules, start.state, state, tuple(points), start.lead, start.redeal, match, unseen, pile.hidden
    )


def _check_keys(data: object) -> None:
    if not isinstance(data, Mapping):
        raise PositionError(msg("a position is a mapping with keys such as rules, hands, chain, to_move"))
    check_plain(data)
    unknown = [k for k in data if k not in KNOWN_KEYS]
    if unknown:
        keys = ", ".join(KNOWN_KEYS)
        raise PositionError(msg("unknown key {shown}; the keys are: {keys}", shown=shown(unknown[0]), keys=keys))
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands or not all(isinstance(h, list) for h in hands):
        raise PositionError(msg("'hands' must be a list with one list of tiles per seat, seat 0 first"))


def _read_rules(data: Mapping[str, Any], rules_name: str | None) -> tuple[str, HouseRules]:
    """The preset's name and the rules for this many seats with the position's overrides."""
    name = rules_name or data.get("rules")
    if not name or not isinstance(name, str):
        raise PositionError(msg("say which rules to use: a 'rules' key with a preset name, or --rules NAME"))
    overrides = data.get("overrides") or {}
    if not isinstance(overrides, Mapping):
        raise PositionError(msg("'overrides' must be a mapping of option names to values, like {{target: 150}}"))
    players = len(data["hands"])
    try:
        variant = find_variant(name)
        if "players" in overrides and str(overrides["players"]).strip() != str(players):
            said = shown(overrides["players"])
            raise PositionError(
                msg("overrides say {said} players but 'hands' has {players} seats", said=said, players=players)
            )
        return variant.name, variant.rules(players, overrides)
    except (UnknownVariantError, OptionError, PositionError) as exc:
        raise PositionError(exc.reason) from None
    except (ValueError, TypeError) as exc:
        raise PositionError(at("overrides", reason_of(exc))) from None


def _read_hands(hands_data: Sequence[Sequence[object]], claims: Claims) -> list[int]:
    hands = []
    for seat, hand in enumerate(hands_data):
        mask = 0
        for i, value in enumerate(hand):
            tile = _hand_tile(value, seat, i)
            claims.claim(tile, msg("seat {seat}'s hand", seat=seat))
            mask |= tile.bit
        hands.append(mask)
    return hands


def _hand_tile(value: object, seat: int, index: int) -> Tile:
    """A tile of a hand; a refusal names the place and the seat whose hand it is (``hands[0][1]``, seat 0's)."""
    try:
        return parse_tile(value)
    except TileError as exc:
        raise PositionError(in_hand(f"hands[{seat}][{index}]", seat, exc.reason)) from None


def _moves_of(data: Mapping[str, Any]) -> list[Any]:
    moves = data.get("moves") or []
    if not isinstance(moves, list):
        raise PositionError(msg("'moves' must be a list like [{{tile: 3-6, end: left}}, {{action: draw}}]"))
    return moves


def _named_draws(moves: list[Any]) -> dict[int, tuple[Tile, ...]]:
    """The tiles each draw in ``moves`` names, by the move's place in the list (``moves[0]`` is the first, as a seat's
    hand is ``hands[0]``: one count from 0 for every list the user writes)."""
    named = {}
    for i, raw in enumerate(moves):
        tiles = draw_tiles(raw, f"moves[{i}]")
        if tiles is not None:
            named[i] = tiles
    return named


# -- the boneyard ---------------------------------------------------------------------


def _read_boneyard(given: object, rules: HouseRules, claims: Claims, draws: dict[int, tuple[Tile, ...]]) -> _Pile:
    """The pile: every tile not placed (absent), the tiles listed (a list), or face-down tiles (a number)."""
    if given is None:
        return _implicit_pile(rules, claims, draws)
    if isinstance(given, bool) or not isinstance(given, int | list):
        raise PositionError(
            msg(
                "'{key}' must be a list of tiles, top of the pile first, or a number of face-down tiles", key="boneyard"
            )
        )
    if isinstance(given, int):
        return _counted_pile(given, rules, claims, draws)
    pile = []
    for i, value in enumerate(given):
        tile = read_tile(value, f"boneyard[{i}]")
        claims.claim(tile, _BONEYARD)
        pile.append(tile)
    if rules.has_boneyard:
        return _Pile(tuple(pile))  # a tile written nowhere is out of play
    return _Pile((*pile, *(t for t in ALL_TILES if t not in claims)))


def _claim_draws(claims: Claims, draws: dict[int, tuple[Tile, ...]]) -> list[Tile]:
    """The tiles the draws name, claimed in draw order (they were in the boneyard)."""
    named = []
    for i, tiles in draws.items():
        for tile in tiles:
            claims.claim(tile, msg("the draw of moves[{i}]", i=i))
            named.append(tile)
    return named


def _implicit_pile(rules: HouseRules, claims: Claims, draws: dict[int, tuple[Tile, ...]]) -> _Pile:
    """No ``boneyard``: the tiles drawn in ``moves`` on top, then every other tile in set order."""
    named = _claim_draws(claims, draws)
    rest = [t for t in ALL_TILES if t not in claims]
    if rules.has_boneyard:
        for tile in rest:
            claims.claim(tile, _BONEYARD)
    return _Pile((*named, *rest))


def _counted_pile(count: int, rules: HouseRules, claims: Claims, draws: dict[int, tuple[Tile, ...]]) -> _Pile:
    """``boneyard: N``: N face-down tiles; the draws in ``moves`` say which came off the top."""
    if count < 0:
        raise PositionError(msg("'{key}' cannot hold {count} tiles", key="boneyard", count=count))
    named = _claim_draws(claims, draws)
    free = [t for t in ALL_TILES if t not in claims]
    if not rules.has_boneyard:
        return _Pile(tuple(free))  # tiles set aside face down are out of play
    if count < len(named):
        raise PositionError(
            msg(
                "'{key}' has {count} face-down tiles, but the moves draw {n}", key="boneyard", count=count, n=len(named)
            )
        )
    hidden = count - len(named)
    if hidden > len(free):
        raise PositionError(
            msg(
                "'{key}' has {count} face-down tiles, but only {value} tiles are not in a hand or the chain",
                key="boneyard",
                count=count,
                value=len(free) + len(named),
            )
        )
    return _Pile((*named, *_face_down(free, hidden)), hidden)


def _face_down(free: list[Tile], count: int) -> list[Tile]:
    """Stand-ins for unknown tiles: as many suits as the unseen tiles offer.

    Why: the engine calls a hand blocked only when no drawable tile fits;
    with tiles unknown, the pile may fit wherever some unseen tile would.
    """
    chosen: list[Tile] = []
    covered: set[int] = set()
    for _ in range(count):
        best = max((t for t in free if t not in chosen), key=lambda t: len({t.lo, t.hi} - covered))
        chosen.append(best)
        covered |= {best.lo, best.hi}
    return chosen


# -- the start of the ruling ------------------------------------------------------------


def _read_start(
    data: Mapping[str, Any], rules: HouseRules, hands: list[int], table: Table, pile: tuple[Tile, ...], has_moves: bool
) -> _Start:
    players = len(hands)
    hand = data.get("hand", "first")
    if hand not in HAND_KINDS:
        raise PositionError(msg("'hand' must be first or later, not {shown}", shown=shown(hand)))
    last = data.get("last_move_by")
    last_by = read_seat(last, players, "last_move_by") if last is not None else None
    last_end = _read_last_end(data, table, rules, has_moves)
    bank = _read_bank(data)
    if table.centre is None:
        return _lead_start(data, rules, hands, pile, bank, hand == "later")
    to_move = read_seat(data.get("to_move", 0), players, "to_move")
    start = HandState(
        rules,
        tuple(hands),
        pile,
        table,
        to_move,
        -1,
        bank=bank,
        fives=(0,) * rules.sides,
        last_move_by=last_by if last_by is not None else (to_move - 1) % players,
    )
    return _Start(_settle(start, last_end), None, None)


def _read_bank(data: Mapping[str, Any]) -> int:
    bank = data.get("bank", 0)
    if isinstance(bank, bool) or not isinstance(bank, int) or bank < 0:
        raise PositionError(msg("'bank' must be a whole number of points, 0 or more, not {shown}", shown=shown(bank)))
    return bank


def _read_last_end(data: Mapping[str, Any], table: Table, rules: HouseRules, has_moves: bool) -> str | None:
    """``last_end``: where the last tile went in a position written without moves (for a capicú)."""
    end = data.get("last_end")
    if end is None:
        return None
    names = ARM_NAMES if rules.spinner_layout else ("left", "right")
    if end not in names:
        raise PositionError(
            msg("'last_end' must be one of {join}, not {shown}", join=", ".join(names), shown=shown(end))
        )
    if has_moves:
        raise PositionError(
            msg(
                "'last_end' is for a position written without moves; with moves the referee knows where the last tile went (leave last_end out)"
            )
        )
    if table.centre is None:
        raise PositionError(msg("'last_end' needs tiles on the table; the chain is empty"))
    return str(end)


def _lead_start(
    data: Mapping[str, Any], rules: HouseRules, hands: list[int], pile: tuple[Tile, ...], bank: int, later: bool
) -> _Start:
    """An empty chain: who leads, with which tiles, or whether the deal is thrown in."""
    players = len(hands)
    bare = [seat for seat, mask in enumerate(hands) if mask == 0]
    if bare:
        raise PositionError(
            msg(
                "seat {item} holds no tiles, but the chain is empty: at the start of a hand every player holds tiles (give the seat its tiles, or write the chain)",
                item=bare[0],
            )
        )
    if later:
        if "to_move" not in data:
            raise PositionError(msg("'hand: later' needs to_move: the seat that leads (the previous winner)"))
        leader = read_seat(data["to_move"], players, "to_move")
        lead: LeadDecision | None = LeadDecision(leader, FULL_MASK, "winner")
        redeal = redeal_reason(rules, hands, lead)
    else:
        # Why the redeal first: a deal that is thrown in has no leader, so its to_move contradicts nothing.
        lead = decide_first_lead(rules, hands)
        redeal = redeal_reason(rules, hands, lead)
        leader = _first_leader(data, lead, players) if redeal is None else _asked(data, lead, players)
    mask = lead.lead_mask if lead is not None and lead.seat == leader else FULL_MASK
    state = HandState(
        rules, tuple(hands), pile, EMPTY_TABLE, leader, leader, bank=bank, fives=(0,) * rules.sides, lead_mask=mask
    )
    return _Start(state, lead, redeal)


def _asked(data: Mapping[str, Any], lead: LeadDecision | None, players: int) -> int:
    """The seat a deal to be redealt shows to move: ``to_move`` as written, else the lead rule's seat."""
    if "to_move" in data:
        return read_seat(data["to_move"], players, "to_move")
    return lead.seat if lead is not None and lead.seat is not None else 0


def _first_leader(data: Mapping[str, Any], lead: LeadDecision | None, players: int) -> int:
    """The first hand's leader: the first-lead rule's seat; ``to_move`` may only agree (or settle a lot)."""
    asked = read_seat(data["to_move"], players, "to_move") if "to_move" in data else None
    if lead is None or lead.seat is None:
        return asked if asked is not None else 0
    if asked is not None and asked != lead.seat:
        raise PositionError(
            msg(
                "to_move is {asked}, but this is a first hand: {reason} Write to_move: {seat}, or hand: later if the "
                "previous hand's winner leads.",
                asked=asked,
                reason=lead.reason,
                seat=lead.seat,
            )
        )
    return lead.seat


def _settle(state: HandState, last_end: str | None) -> HandState:
    """A position that is already over: someone is out, or nobody can move."""
    empty = [seat for seat, mask in enumerate(state.hands) if mask == 0]
    if len(empty) > 1:
        raise PositionError(
            msg(
                "seats {item} and {item2} both have no tiles: only one player can go out", item=empty[0], item2=empty[1]
            )
        )
    if empty:
        return state._replace(
            status=Status.WON, out_seat=empty[0], last_move_by=empty[0], capicu=_capicu(state, last_end)
        )
    if table_blocked(state.rules, state.hands, state.boneyard, state.table.fit):
        return state._replace(status=Status.BLOCKED)
    return state


def _capicu(state: HandState, last_end: str | None) -> bool:
    """Whether the last tile, laid at ``last_end``, fitted both ends before it (a line game; not a double)."""
    line = state.table.line()
    if last_end is None or state.rules.spinner_layout or len(line) < 2:
        return False
    if last_end == "right":
        tile, inner, outer = line[-1]
        other = line[0][1]
    else:
        tile, outer, inner = line[0]
        other = line[-1][2]
    return not tile.is_double and inner != other and outer == other


# -- the moves -------------------------------------------------------------------------


def _play(start: _Start, moves: list[Any], pile: _Pile) -> tuple[HandState, list[int]]:
    """The state after ``moves`` and the points each scored; the first illegal move is bad input."""
    state = start.state
    points: list[int] = []
    for i, raw in enumerate(moves):
        move = parse_move(raw, f"moves[{i}]")
        if start.redeal is not None:
            redeal = start.redeal
            raise PositionError(
                at(f"moves[{i}]", msg("this deal must be redealt ({redeal}), so no move can be played", redeal=redeal))
            )
        try:
            after = apply(state, move)
        except IllegalMoveError as exc:
            written, mover, where = move_text(raw), state.to_move, f"moves[{i}]"
            raise PositionError(
                msg(
                    "{where} ({written}) by seat {mover} is illegal: {reason:clause}",
                    where=where,
                    written=written,
                    mover=mover,
                    reason=exc.reason,
                )
            ) from None
        if after.trail is not None and after.trail.drawn:
            _check_draw(raw, i, after.trail.drawn, pile)
        state = after
        points.append(state.trail.points if state.trail is not None else 0)
    return state, points


def _check_draw(raw: object, i: int, taken: tuple[Tile, ...], pile: _Pile) -> None:
    """A draw names what it took: required from a face-down boneyard, checked against a listed one."""
    named = draw_tiles(raw, f"moves[{i}]")
    if named is None and pile.hidden:
        raise PositionError(
            at(
                f"moves[{i}]",
                msg("the boneyard is face down (a number), so say what was drawn: {{action: draw, tiles: [2-2]}}"),
            )
        )
    if named is not None and named != taken:
        took = ", ".join(str(t) for t in taken)
        said = ", ".join(str(t) for t in named)
        raise PositionError(
            at(
                f"moves[{i}]",
                msg("this draw takes {took} from the top of the boneyard, not {said}", took=took, said=said),
            )
        )
