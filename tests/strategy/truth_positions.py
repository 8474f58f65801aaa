"""Hidden-hand endgames of two-player block for the independent judge (``brute_force``): made by the rules
core's deal and bots, and read into what the mover has seen."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from brute_force import Pair, Seen
from strategy_helpers import rules_of

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.tiles import Tile, tiles_of_mask
from tutorial_app.strategy.bots import GreedyBot, RandomBot


class Endgame(NamedTuple):
    """A position to judge: the deal, the moves since, the position, and what its mover has seen."""

    start: HandState
    moves: list[Move]
    state: HandState
    seen: Seen


def pair(tile: Tile) -> Pair:
    return (tile.lo, tile.hi)


def seen_by_mover(start: HandState, moves: list[Move]) -> Seen:
    """What the mover of the two-player block position reached by ``moves`` knows: its hand, the chain, and
    each pass of the other seat with the numbers open then and the tiles it has played since."""
    state = start
    steps: list[tuple[int, Move, frozenset[int]]] = []
    for move in moves:
        steps.append((state.to_move, move, frozenset(n for n in state.table.ends if n >= 0)))
        state = apply(state, move)
    seat = state.to_move
    other = 1 - seat
    passes = []
    for index, (mover, move, ends) in enumerate(steps):
        if mover == other and move.action is Action.PASS:
            since = frozenset(pair(m.tile) for w, m, _ in steps[index + 1 :] if w == other and m.tile is not None)
            passes.append((ends, since))
    return Seen(
        frozenset(pair(t) for t in tiles_of_mask(state.hands[seat])),
        state.table.ends[0],
        state.table.ends[1],
        frozenset(pair(t) for t in state.table.tiles()),
        bin(state.hands[other]).count("1"),
        tuple(passes),
    )


def endgames(count: int, seed: int, least: int = 3, most: int = 5) -> Iterator[Endgame]:
    """``count`` positions of two-player block where each hand holds ``least`` to ``most`` tiles and the mover
    can play two or more different tiles; every other one comes after a pass of the other seat."""
    rules = rules_of(("block", 2, False))
    rng = random.Random(seed)
    bots = (RandomBot(), GreedyBot())
    made = 0
    while made < count:
        start = deal(rules, rng).state
        state, moves = start, list[Move]()
        want_pass = made % 2 == 0
        while not state.is_over:
            sizes = [bin(h).count("1") for h in state.hands]
            ends = {n for n in state.table.ends if n >= 0}
            tiles = {t for t in tiles_of_mask(state.hands[state.to_move]) if ends & {t.lo, t.hi}}
            passed = any(m.action is Action.PASS for m in moves)
            if least <= min(sizes) and max(sizes) <= most and len(tiles) > 1 and (passed or not want_pass):
                yield Endgame(start, list(moves), state, seen_by_mover(start, moves))
                made += 1
                break
            move = bots[rng.random() < 0.5](state, rng)
            moves.append(move)
            state = apply(state, move)
