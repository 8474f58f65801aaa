"""Shared helpers for board tests: random hands under every preset, hand-built tables."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.position import read_position
from tutorial_app.rules.line.state import HandState, Link, Table, make_table
from tutorial_app.rules.line.variants import VARIANTS, rules_for
from tutorial_app.rules.tiles import Tile, parse_tile

PRESETS = [(v.name, p) for v in VARIANTS for p in v.players]


def trace(fig: Any, name: str) -> Any:
    """The figure's trace of that name (plotly is untyped here: figures and traces are Any)."""
    return next(t for t in fig.data if t.name == name)


def random_hands(variant: str, players: int, seeds: range) -> Iterator[list[HandState]]:
    """For each seed, every state of one random hand, from the first move to the end."""
    for seed in seeds:
        rng = random.Random(seed)
        state = deal(rules_for(variant, players=players), rng).state
        states = []
        while not state.is_over:
            state = apply(state, rng.choice(legal_moves(state)))
            states.append(state)
        yield states


def line_table(lead: str, right: list[str], left: list[str] | None = None) -> Table:
    """A line table from written tiles; each arm listed outward, numbers matching as laid."""
    centre = parse_tile(lead)
    a, b = (int(x) for x in lead.split("-"))
    arms: list[tuple[Link, ...]] = [(), (), (), ()]
    for arm_index, written, start in ((1, right, b), (0, left or [], a)):
        number = start
        links = []
        for text in written:
            tile = parse_tile(text)
            links.append(Link(tile, number, tile.other(number), 0))
            number = tile.other(number)
        arms[arm_index] = tuple(links)
    arms_t = (arms[0], arms[1], arms[2], arms[3])
    return make_table(centre, centre, a, False, arms_t)


def tile(text: str) -> Tile:
    return parse_tile(text)


def position(rules: str, hands: list[list[str]], chain: list[str], to_move: int = 0) -> HandState:
    """A hand in play from the referee's position format (chain written left to right)."""
    return read_position({"rules": rules, "hands": hands, "chain": chain, "to_move": to_move}).state
