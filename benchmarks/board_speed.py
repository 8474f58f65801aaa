"""How fast the board figure builds, and how big its JSON is, for 28-tile positions.

Run: ``python3 benchmarks/board_speed.py``. Goals (issue 4): median build at
most 15 ms, figure JSON at most 20 KiB. Layout with a kept shape is timed
with the figure, as the app does on every rerun.
"""

from __future__ import annotations

import random
import statistics
import time

from tutorial_app.board.figure import board_figure
from tutorial_app.board.layout import ChainShape, layout_table
from tutorial_app.rules.deal import deal
from tutorial_app.rules.moves import apply, legal_moves
from tutorial_app.rules.state import Action, HandState
from tutorial_app.rules.tiles import Tile
from tutorial_app.rules.variants import rules_for


def position(variant: str, players: int, seed: int, on_table: int) -> tuple[HandState, ChainShape | None]:
    """A hand after random play until ``on_table`` tiles lie on the table (or it ends)."""
    rng = random.Random(seed)
    state = deal(rules_for(variant, players=players), rng).state
    shape = None
    while not state.is_over and state.table.tile_count() < on_table:
        state = apply(state, rng.choice(legal_moves(state)))
        shape = layout_table(state.table, shape).shape
    return state, shape


def selectable(state: HandState) -> Tile | None:
    """A tile the player to move may lay, so targets are drawn too."""
    return next((m.tile for m in legal_moves(state) if m.action is Action.PLAY), None)


def measure(name: str, state: HandState, shape: ChainShape | None, runs: int = 60) -> None:
    selected = selectable(state)
    times = []
    fig = None
    for _ in range(runs):
        start = time.perf_counter()
        board = layout_table(state.table, shape)
        fig = board_figure(state, viewer_seat=state.to_move, selected=selected, layout=board, width=900, height=620)
        times.append((time.perf_counter() - start) * 1000)
    assert fig is not None
    size = len(fig.to_json().encode()) / 1024
    visible = state.table.tile_count() + sum(len(state.hand(s)) for s in range(state.rules.players))
    print(
        f"{name:<34} tiles shown {visible:2d} (table {state.table.tile_count():2d})  "
        f"median {statistics.median(times):5.2f} ms  p90 {sorted(times)[int(0.9 * runs)]:5.2f} ms  "
        f"JSON {size:5.1f} KiB"
    )


def main() -> None:
    measure("block 4p, 14 on table + 14 in hands", *position("block", 4, 1, 14))
    measure("block 4p, played out", *position("block", 4, 2, 28))
    measure("all_fives 2p, spinner, late", *position("all_fives", 2, 5, 40))
    measure("draw 2p, late", *position("draw", 2, 7, 40))


if __name__ == "__main__":
    main()
