"""The board figure is assembled without Plotly's validation (for speed); here the same figures pass it.

Every preset and player count, a whole random hand each, both themes, a
selected tile, hints, a narrow screen: Plotly's validating constructor must
accept each figure and give back exactly the JSON the app sends.
"""

from __future__ import annotations

import json

import plotly.graph_objects as go
import plotly.io as pio
import pytest
from board_helpers import PRESETS, random_hands

from tutorial_app.board.figure import board_figure
from tutorial_app.board.frame import NARROW_HAND_SCALE, narrow_felt_width
from tutorial_app.board.layout import layout_table
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Action


@pytest.mark.parametrize(("variant", "players"), PRESETS)
def test_every_figure_passes_plotly_validation_unchanged(variant: str, players: int) -> None:
    (states,) = random_hands(variant, players, range(1))
    checked = 0
    for index, state in enumerate(states[:: max(1, len(states) // 6)]):
        plays = [m for m in legal_moves(state) if m.action is Action.PLAY and m.tile is not None]
        narrow = index % 2 == 1
        figure = board_figure(
            state,
            viewer_seat=state.to_move if not state.is_over else 0,
            selected=plays[0].tile if plays else None,
            highlight=tuple(f"hand:{m.tile}" for m in plays[:2]) + (("end:left",) if plays else ()),
            reveal=state.is_over,
            lang="ru" if index % 3 == 0 else "en",
            layout=layout_table(state.table, None, max_width=narrow_felt_width(390, players) if narrow else None),
            height=560,
            width=390 if narrow else 900,
            theme="dark" if index % 2 == 0 else "light",
            hand_scale=NARROW_HAND_SCALE if narrow else None,
            show_fits=True,
        )
        sent = json.loads(pio.to_json(figure, validate=False))
        validated = go.Figure(sent)  # raises ValueError on any property Plotly does not know
        assert json.loads(pio.to_json(validated, validate=False)) == sent
        checked += 1
    assert checked >= 2
