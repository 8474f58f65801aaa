"""The pieces of the referee's notation (``docs/referee.md``): values, tiles, seats, the chain, moves and the score sheet.

Why apart from ``position``: each piece is read the same way wherever it
appears (a position, a lesson step, the Compare page), and each refusal
names the place as it is written (``hands[0][1]``, ``chain.arms.left[2]``)
and quotes the value on one line, whatever the user typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Set
from typing import Any

from tutorial_app.rules.line.match import MatchState, new_match
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import (
    ACTION_MOVES,
    ARM_NAMES,
    EMPTY_TABLE,
    ENDS,
    Link,
    Move,
    Table,
    make_table,
    play,
)
from tutorial_app.rules.text import RulesError, Text, msg, msgc, shown
from tutorial_app.rules.tiles import Tile, TileError, parse_pair, parse_tile

__all__ = [
    "PositionError",
    "Claims",
    "check_plain",
    "read_tile",
    "read_seat",
    "read_chain",
    "read_match",
    "parse_move",
    "draw_tiles",
    "move_text",
    "at",
    "in_hand",
    "MAX_NUMBER",
]

MAX_NUMBER = 10**18
MAX_DEPTH = 16
MAX_VALUES = 5000
MAX_TEXT = 200


class PositionError(RulesError):
    """A position that cannot be on a real table; ``reason`` says what is wrong in en and ru."""


def at(where: str, inner: Text) -> Text:
    """An error at a place in the notation (``hands[0][1]: ...``); the place is written as in the file."""
    return msg("{where}: {inner}", where=where, inner=inner)


def in_hand(where: str, seat: int, inner: Text) -> Text:
    """An error inside a seat's hand (``hands[0][1], in seat 0's hand: ...``): the place, and whose hand it is."""
    return msg("{where}, in seat {seat}'s hand: {reason}", where=where, seat=seat, reason=inner)


def _at_path(path: tuple[object, ...], inner: Text) -> Text:
    """``at`` for a value's path; a value inside ``hands`` also names the seat whose hand holds it."""
    if len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int):
        return in_hand(_place(path), path[1], inner)
    return at(_place(path), inner)


def _refuse_unknown_keys(data: Mapping[Any, Any], known: Set[str], where: str, unknown: Callable[[str], Text]) -> None:
    """PositionError at ``where`` for the first key of ``data`` (in sorted order) that is not ``known``;
    ``unknown`` words it from the key as ``shown`` quotes it."""
    extra = set(data) - known
    if extra:
        raise PositionError(at(where, unknown(shown(sorted(extra, key=str)[0]))))


# -- plain values ----------------------------------------------------------------


def _place(path: tuple[object, ...]) -> str:
    """A path as the notation writes it: ``match.scores``, ``hands[0][1]``."""
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        else:
            text = step if isinstance(step, str) and step.isidentifier() else shown(step, 20)
            out += f".{text}" if out else text
    return out or "the position"


def check_plain(data: object) -> None:
    """Refuse what no position holds: other types, numbers beyond 10^18, deep nesting, thousands of values.

    Why before reading: the referee's API takes Python values from anyone;
    once they are plain and of a sane size, every later message can quote them.
    """
    stack: list[tuple[object, tuple[object, ...]]] = [(data, ())]
    count = 0
    while stack:
        value, path = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise PositionError(msg("more than {MAX_VALUES} values: a position is a few lines", MAX_VALUES=MAX_VALUES))
        if len(path) > MAX_DEPTH:
            raise PositionError(_at_path(path[:MAX_DEPTH], msg("nested too deeply")))
        _check_scalar(value, path)
        if isinstance(value, Mapping):
            for key, item in value.items():
                _check_scalar(key, path)
                stack.append((item, (*path, key)))
        elif isinstance(value, list | tuple):
            stack.extend((item, (*path, i)) for i, item in enumerate(value))


def _check_scalar(value: object, path: tuple[object, ...]) -> None:
    if isinstance(value, str) and len(value) > 18 and value.strip().lstrip("+-").isdigit():
        raise PositionError(_at_path(path, msg("number too large")))
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise PositionError(
            _at_path(
                path,
                msg("text too long (more than {MAX_TEXT} characters)", MAX_TEXT=MAX_TEXT),
            )
        )
    if isinstance(value, bool) or value is None or isinstance(value, str | float | Mapping | list | tuple):
        return
    if isinstance(value, int):
        if abs(value) >= MAX_NUMBER:
            raise PositionError(_at_path(path, msg("number too large")))
        return
    kind = type(value).__name__
    raise PositionError(
        _at_path(
            path,
            msg("a {kind} is not a value a position holds; write text, numbers, lists and mappings", kind=kind),
        )
    )


# -- tiles and seats ------------------------------------------------------------


def read_tile(value: object, where: str) -> Tile:
    try:
        return parse_tile(value)
    except TileError as exc:
        raise PositionError(at(where, exc.reason)) from None


def _oriented(value: object, where: str) -> tuple[Tile, int, int]:
    try:
        a, b = parse_pair(value)
    except TileError as exc:
        raise PositionError(at(where, exc.reason)) from None
    return Tile(a, b), a, b


def read_seat(value: object, players: int, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise PositionError(
            msg(
                "{key} must be a seat number from 0 to {value}, not {shown}",
                key=key,
                value=players - 1,
                shown=shown(value),
            )
        )
    return value


class Claims:
    """Where each tile of the position is, so that no tile is in two places."""

    def __init__(self) -> None:
        self.seen: dict[Tile, Text] = {}

    def claim(self, tile: Tile, where: Text) -> None:
        if tile in self.seen:
            first = self.seen[tile]
            raise PositionError(
                msg("tile {tile} appears twice: in {first} and in {where}", tile=tile, first=first, where=where)
            )
        self.seen[tile] = where

    def __contains__(self, tile: object) -> bool:
        return tile in self.seen


Claim = Callable[[Tile, Text], None]

# -- the chain ------------------------------------------------------------------

_ARMS = {
    "left": msgc("a spinner's arm", "left"),
    "right": msgc("a spinner's arm", "right"),
    "up": msgc("a spinner's arm", "up"),
    "down": msgc("a spinner's arm", "down"),
}
IN_CHAIN = msg("the chain")


def read_chain(chain: object, rules: HouseRules, claim: Claim) -> Table:
    """The table a ``chain`` describes: a line left to right, or a spinner with its arms."""
    if isinstance(chain, Mapping):
        return _read_spinner(chain, rules, claim)
    if not isinstance(chain, list):
        raise PositionError(msg("'chain' must be a list of tiles left to right (or spinner + arms in spinner games)"))
    if not chain:
        return EMPTY_TABLE
    placed: list[tuple[Tile, int, int]] = []
    for i, value in enumerate(chain):
        tile, a, b = _oriented(value, f"chain[{i}]")
        claim(tile, IN_CHAIN)
        if placed and placed[-1][2] != a:
            prev = placed[-1]
            raise PositionError(
                msg(
                    "broken chain: {item}-{item2} is followed by {a}-{b}, but {item2} does not meet {a} (write each tile with the number that faces left first)",
                    item=prev[1],
                    item2=prev[2],
                    a=a,
                    b=b,
                )
            )
        placed.append((tile, a, b))
    if rules.spinner_layout and any(t.is_double for t, _, _ in placed):
        raise PositionError(
            msg("in a spinner game a chain with a double is written as {{spinner: 5-5, arms: {{...}}}}")
        )
    middle = len(placed) // 2
    centre, centre_left, _ = placed[middle]
    left = tuple(Link(t, b, a, -1) for t, a, b in reversed(placed[:middle]))
    right = tuple(Link(t, a, b, -1) for t, a, b in placed[middle + 1 :])
    return make_table(centre, centre, centre_left, False, (left, right, (), ()))


def _read_spinner(chain: Mapping[str, Any], rules: HouseRules, claim: Claim) -> Table:
    if not rules.spinner_layout:
        raise PositionError(msg("this rule set plays a line: write 'chain' as a list of tiles left to right"))
    _refuse_unknown_keys(
        chain,
        {"spinner", "arms"},
        "chain",
        lambda key: msg("unknown key {shown}; a spinner chain has spinner and arms", shown=key),
    )
    spinner = read_tile(chain.get("spinner"), "chain.spinner")
    if not spinner.is_double:
        raise PositionError(msg("chain.spinner must be a double, not {spinner}", spinner=spinner))
    claim(spinner, IN_CHAIN)
    arms_data = chain.get("arms") or {}
    if not isinstance(arms_data, Mapping) or set(arms_data) - set(ARM_NAMES):
        raise PositionError(msg("chain.arms must map left, right, up and down to lists of tiles"))
    arms = [_read_arm(name, arms_data.get(name) or [], spinner, rules, claim) for name in ARM_NAMES]
    if (arms[2] or arms[3]) and not (arms[0] and arms[1]):
        raise PositionError(msg("the up and down arms open only after left and right both hold a tile"))
    return make_table(spinner, spinner, spinner.lo, True, (arms[0], arms[1], arms[2], arms[3]))


def _read_arm(name: str, values: object, spinner: Tile, rules: HouseRules, claim: Claim) -> tuple[Link, ...]:
    """One arm of a spinner, listed outward, each tile with the number facing the spinner first."""
    if not isinstance(values, list):
        raise PositionError(msg("chain.arms.{name} must be a list of tiles, spinner side first", name=name))
    links: list[Link] = []
    number = spinner.lo
    for i, value in enumerate(values):
        where = f"chain.arms.{name}[{i}]"
        closed = False
        if isinstance(value, Mapping):
            closed = _flag(value.get("closed", False), f"{where}.closed")
            value = value.get("tile")
        tile, a, b = _oriented(value, where)
        claim(tile, IN_CHAIN)
        if links and links[-1].closed:
            raise PositionError(at(where, msg("nothing can follow a closed double")))
        if a != number:
            raise PositionError(
                msg(
                    "broken chain on the {arm} arm: {tile} must show {number} towards the spinner (write each tile "
                    "with the number facing the spinner first)",
                    arm=_ARMS[name],
                    tile=tile,
                    number=number,
                )
            )
        if closed and not (tile.is_double and rules.branch_blocking):
            raise PositionError(
                at(
                    where,
                    msg("only a double can be closed, and only where branches can be closed"),
                )
            )
        links.append(Link(tile, a, b, -1, closed))
        number = b
    return tuple(links)


def _flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(at(where, msg("write true or false, not {shown}", shown=shown(value))))
    return value


# -- moves ------------------------------------------------------------------------

MOVE_KEYS = {"tile", "end", "action", "closed", "claim", "tiles"}


_PLAIN_WORD = re.compile(r"[A-Za-z0-9_./:+-]{1,20}")


def move_text(raw: object) -> str:
    """A move as the user wrote it, on one line: ``tile: 6-4, end: left``; anything unusual is quoted."""
    if isinstance(raw, Mapping):
        return ", ".join(f"{_word(k)}: {_word(v)}" for k, v in raw.items())
    return shown(raw)


def _word(value: object) -> str:
    if isinstance(value, str) and _PLAIN_WORD.fullmatch(value):
        return value
    return shown(value, 20)


def parse_move(raw: object, where: str = "move") -> Move:
    """A move written as ``{tile: 6-4, end: left}`` or ``{action: draw}``."""
    if not isinstance(raw, Mapping):
        raise PositionError(
            at(
                where,
                msg("write a move as {{tile: 6-4, end: left}} or {{action: draw}}"),
            )
        )
    _refuse_unknown_keys(
        raw,
        MOVE_KEYS,
        where,
        lambda key: msg(
            "unknown key {shown}; a move has {tile} and {end}, or {action}",
            shown=key,
            tile="tile",
            end="end",
            action="action",
        ),
    )
    action = raw.get("action")
    if "action" in raw and not (action == "play" and "tile" in raw):
        if not isinstance(action, str) or action not in ACTION_MOVES:
            raise PositionError(
                at(
                    where,
                    msg("unknown action {shown}; use draw, pass, end_turn or muggins", shown=shown(action)),
                )
            )
        return ACTION_MOVES[action]
    return _parse_play(raw, where)


def _parse_play(raw: Mapping[str, Any], where: str) -> Move:
    if "tile" not in raw:
        raise PositionError(
            at(
                where,
                msg("a play names a tile, like {{tile: 6-4, end: left}}"),
            )
        )
    tile = read_tile(raw["tile"], where)
    end = raw.get("end", "lead")
    if not isinstance(end, str) or end not in ENDS:
        raise PositionError(
            at(
                where,
                msg("end {shown} is not one of lead, left, right, up, down", shown=shown(end)),
            )
        )
    claim = raw.get("claim")
    if claim is not None and (isinstance(claim, bool) or not isinstance(claim, int)):
        raise PositionError(at(where, msg("claim must be a whole number of points")))
    return play(tile, end, _flag(raw.get("closed", False), f"{where}.closed"), claim)


def draw_tiles(raw: object, where: str) -> tuple[Tile, ...] | None:
    """The tiles a draw names (``{action: draw, tiles: [2-2]}``), or None when it names none."""
    if not isinstance(raw, Mapping) or "tiles" not in raw:
        return None
    if raw.get("action") != "draw":
        raise PositionError(
            at(
                where,
                msg("only a draw names tiles: {{action: draw, tiles: [2-2]}}"),
            )
        )
    values = raw["tiles"]
    if not isinstance(values, list) or not values:
        raise PositionError(
            at(
                f"{where}.tiles",
                msg("write the tiles drawn as a list, like [2-2]"),
            )
        )
    return tuple(read_tile(value, f"{where}.tiles[{i}]") for i, value in enumerate(values))


# -- the score sheet --------------------------------------------------------------


def read_match(data: object, rules: HouseRules) -> MatchState | None:
    """The score sheet before this hand (``match: {scores: ..., opened: ...}``), or None."""
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise PositionError(msg("'match' must be a mapping with scores (and opened for the 13-point rule)"))
    _refuse_unknown_keys(
        data, {"scores", "opened"}, "match", lambda key: msg("unknown key {shown}; use scores and opened", shown=key)
    )
    scores = [0] * rules.sides
    opened = [rules.opening_threshold == 0] * rules.sides
    for side, value in _per_side(data.get("scores"), "scores", rules.sides):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise PositionError(
                at(
                    "match.scores",
                    msg("side {side} needs a whole number of points, not {shown}", side=side, shown=shown(value)),
                )
            )
        scores[side] = value
    for side, value in _per_side(data.get("opened"), "opened", rules.sides):
        if not isinstance(value, bool):
            raise PositionError(
                at(
                    "match.opened",
                    msg("side {side} needs true or false, not {shown}", side=side, shown=shown(value)),
                )
            )
        opened[side] = value
    return new_match(rules, tuple(scores), tuple(opened))


def _per_side(values: object, key: str, sides: int) -> list[tuple[int, object]]:
    if values is None:
        return []
    if not isinstance(values, Mapping):
        example = '{"0": 95, "1": 40}'
        raise PositionError(
            msg("match.{key} must map side numbers to values, like {example}", key=key, example=example)
        )
    out = []
    for side_key, value in values.items():
        side = _side_number(side_key)
        if side is None:
            raise PositionError(
                at(
                    f"match.{key}",
                    msg("{shown} is not a side number", shown=shown(side_key)),
                )
            )
        if not 0 <= side < sides:
            raise PositionError(
                at(
                    f"match.{key}",
                    msg("side {side} does not exist; sides are 0 to {value}", side=side, value=sides - 1),
                )
            )
        out.append((side, value))
    return out


def _side_number(key: object) -> int | None:
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    if isinstance(key, str) and key.strip().isascii() and key.strip().isdigit() and len(key.strip()) < 6:
        return int(key)
    return None
