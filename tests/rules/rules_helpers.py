"""Helpers for the rules tests: positions in the referee's notation, moves written short."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.position import Position, read_position
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import DRAW, END_TURN, MUGGINS, PASS, HandState, Move, play
from tutorial_app.rules.tiles import ALL_TILES, Tile, parse_tile


def position(rules: str, hands: Sequence[Sequence[str]], chain: Any = (), **extra: Any) -> Position:
    """Read a position written as in docs/referee.md."""
    data: dict[str, Any] = {
        "rules": rules,
        "hands": [list(h) for h in hands],
        "chain": chain if isinstance(chain, dict) else list(chain),
    }
    data.update(extra)
    return read_position(data)


def boneyard_with(top: Sequence[str], hands: Sequence[Sequence[str]], chain: Iterable[str] = ()) -> list[str]:
    """A full boneyard: ``top`` first, then every other tile not in the hands or the chain."""
    used = {parse_tile(t) for t in (*top, *(t for h in hands for t in h), *chain)}
    return [*top, *(str(t) for t in ALL_TILES if t not in used)]


def mv(text: str) -> Move:
    """``"6-4 left"``, ``"5-5 right closed"``, ``"5-5 lead"``, ``"draw"``, ``"pass"``, ``"end_turn"``, ``"muggins"``."""
    words = text.split()
    simple = {"draw": DRAW, "pass": PASS, "end_turn": END_TURN, "muggins": MUGGINS}
    if words[0] in simple:
        return simple[words[0]]
    claim = None
    if "claims" in words:
        claim = int(words[words.index("claims") + 1])
    return play(parse_tile(words[0]), words[1], closed="closed" in words, claim=claim)  # type: ignore[arg-type]


def run(state: HandState, *moves: str) -> HandState:
    """Apply moves one by one through the checked ``apply``; each must also be in ``legal_moves``."""
    for text in moves:
        move = mv(text)
        assert move in legal_moves(state), f"{text} is not among {[str(m) for m in legal_moves(state)]}"
        state = apply(state, move)
    return state


def played(state: HandState, *moves: str) -> tuple[HandState, HandResult]:
    """Apply moves and score the finished hand."""
    final = run(state, *moves)
    assert final.is_over, f"the hand is still in play after {moves}"
    return final, hand_result(final)


def tiles(*texts: str) -> list[Tile]:
    return [parse_tile(t) for t in texts]


def mask(*texts: str) -> int:
    out = 0
    for t in texts:
        out |= parse_tile(t).bit
    return out


def legal_text(state: HandState) -> set[str]:
    return {str(m) for m in legal_moves(state)}
