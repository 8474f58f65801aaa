"""How fast the board figure builds, and how big its JSON is, for 28-tile positions.

Run: ``python3 benchmarks/board_speed.py``. Goals (issue 4): median build at
most 15 ms, figure JSON at most 20 KiB. Layout with a kept shape is timed
with the figure, as the app does on every rerun.

Also prints how long a tile is on screen (chain and the viewer's hand) as a
hand goes on, in a board 560 px high (the app's) and 940 or 530 px wide
(the Learn page's and the Play page's column at a 1400 px window).
"""

from __future__ import annotations

import random
import statistics
import time

from tutorial_app.board.figure import board_figure
from tutorial_app.board.frame import frame_for
from tutorial_app.board.layout import layout_table
from tutorial_app.board.shape import ChainShape
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.state import Action, HandState
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.rules.tiles import Tile


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


def tile_pixels(variant: str, players: int, seed: int, on_table: int, width: int, height: int = 560) -> str:
    """Chain and hand tile length on screen, and the felt, after ``on_table`` tiles."""
    state, shape = position(variant, players, seed, on_table)
    board = layout_table(state.table, shape)
    frame = frame_for(board.width, board.height, players)
    ppu = min(height / (frame.y_range[1] - frame.y_range[0]), width / (frame.x_range[1] - frame.x_range[0]))
    return (
        f"{state.table.tile_count():2d} on table: felt {board.width:g}x{board.height:g}, "
        f"chain tile {2 * ppu:3.0f} px, hand tile {2 * ppu * frame.hand_scale:3.0f} px"
    )


def main() -> None:
    measure("block 4p, 14 on table + 14 in hands", *position("block", 4, 1, 14))
    measure("block 4p, played out", *position("block", 4, 2, 28))
    measure("all_fives 2p, spinner, late", *position("all_fives", 2, 5, 40))
    measure("draw 2p, late", *position("draw", 2, 7, 40))
    print()
    # Seeds whose hands go long: 27, 26 and 25 tiles end up on the table.
    for variant, players, seed, width in (
        ("draw", 2, 173, 940),
        ("all_fives", 2, 5, 940),
        ("block", 4, 195, 940),
        ("block", 4, 195, 530),
    ):
        for on_table in (2, 10, 28):
            print(f"{variant} {players}p, {width}x560: {tile_pixels(variant, players, seed, on_table, width)}")


if __name__ == "__main__":
    main()
