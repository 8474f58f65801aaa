"""Where each of a run of buttons goes: row by row, so that a phone reads them in their order.

Why not one ``st.columns`` with several buttons a column: a screen under
640 px wide stacks the columns one under another, so the buttons would read
down the first column, then the second (a hand of seven in four columns came
out 2-0, 6-4, 3-1, 5-5, ... under a board drawing 2-0 3-1 4-1 3-3). One
``st.columns`` a row stacks into the same order as it reads across, and on
a wide screen looks as before: every row has ``across`` equal columns.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

__all__ = ["button_cells"]


def button_cells(count: int, across: int) -> list[DeltaGenerator]:
    """One cell for each of ``count`` buttons, in order: ``across`` a row (at most ``count``), one row after another."""
    width = max(1, min(count, across))
    cells: list[DeltaGenerator] = []
    while len(cells) < count:
        cells.extend(st.columns(width)[: count - len(cells)])
    return cells
