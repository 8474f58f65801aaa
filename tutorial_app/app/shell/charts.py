"""The Compare page's statistics as one Plotly figure: a small bar chart per statistic, one legend.

Why one figure: the legend then names every rule set once, in its colour,
and the modebar's camera button saves every chart as one PNG in the browser
(no server-side image export, which would need kaleido and a Chromium).
Why explicit colours and ``template="none"``: Streamlit's own template adds
kilobytes to every figure, and fixed colours keep a rule set the same colour
in every chart (a colour-blind-safe palette); the set's number under its bar
says the same without colour. Why the grid is laid out here and not with
``make_subplots``: one layout dict given to the constructor is validated
once, several times faster than ``make_subplots`` and ``update_yaxes``.
"""

from __future__ import annotations

import math
import textwrap
from functools import lru_cache
from typing import Any, NamedTuple

import plotly.graph_objects as go

__all__ = [
    "PALETTE",
    "ChartRow",
    "statistics_figure",
    "PNG_NAME",
    "PNG_WIDTH",
    "MODEBAR_ROOM",
    "TITLE_LINE_PX",
    "TICK_LABELS_PX",
    "ROW_CLEARANCE_PX",
]

# Okabe-Ito: distinguishable with the common colour-vision deficiencies
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")
PNG_NAME = "domino-tutor-comparison"
PNG_WIDTH = 1000
"""The saved picture's width in CSS pixels (twice that in the file), whatever the screen it is saved from."""
_ROW_HEIGHT = 250
_GAP_X, _GAP_Y = 0.1, 95
"""The room between a column's charts, and at least that between two rows (pixels, for rows)."""
_TITLE_WIDTH = 22
"""Characters per line of a chart's title: two charts side by side on a phone are about 180 px wide."""
_TITLE_SHIFT = 6
"""The titles' bottom line to the top of their charts, in pixels."""
TITLE_LINE_PX = 18
"""The height of a line of a chart's title (13 px words), in pixels."""
TICK_LABELS_PX = 24
"""How far a chart's numbers under its bars (the rule sets' 1, 2...) reach below it, in pixels (23 px in Chromium)."""
ROW_CLEARANCE_PX = 28
"""Clear space between a row's numbers under its bars and the titles of the row below, in pixels."""
MODEBAR_ROOM = 32
"""Pixels at the figure's top kept for Plotly's modebar (its camera button, 26 px high, at the top right).

Why: the top right chart's title sits under the modebar; on a phone a two-line title reached up under the camera,
which covered its last word."""


class ChartRow(NamedTuple):
    """One statistic: its title, each rule set's value (None: not for that set) and whether it is a share."""

    title: str
    values: tuple[float | None, ...]
    percent: bool


def _bar_text(value: float, percent: bool) -> str:
    return f"{value * 100:.0f}%" if percent else f"{value:.1f}"


def _domains(count: int, gap: float) -> list[tuple[float, float]]:
    """``count`` equal spans of 0..1 with ``gap`` between them, first to last."""
    size = (1 - gap * (count - 1)) / count
    return [(i * (size + gap), i * (size + gap) + size) for i in range(count)]


def _axes(index: int, columns: int, lines: int, gap_y: float, row: ChartRow) -> dict[str, Any]:
    """The x and y axes of chart ``index`` and its title, placed in the grid (first chart top left); ``gap_y``: the
    room between rows, as a share of the charts' height."""
    suffix = "" if index == 0 else str(index + 1)
    x_span = _domains(columns, _GAP_X)[index % columns]
    y_span = list(reversed(_domains(lines, gap_y)))[index // columns]
    return {
        f"xaxis{suffix}": {
            "domain": x_span,
            "anchor": f"y{suffix}",
            "type": "category",
            "categoryorder": "category ascending",
            "fixedrange": True,
        },
        f"yaxis{suffix}": {
            "domain": y_span,
            "anchor": f"x{suffix}",
            "rangemode": "tozero",
            "gridcolor": "#ddd",
            "ticksuffix": "%" if row.percent else "",
            "fixedrange": True,
        },
        "title": {
            "text": "<br>".join(_title_lines(row.title)),
            "x": (x_span[0] + x_span[1]) / 2,
            "y": y_span[1],
            "xref": "paper",
            "yref": "paper",
            "xanchor": "center",
            "yanchor": "bottom",
            "showarrow": False,
            "font": {"size": 13},
            "yshift": _TITLE_SHIFT,
        },
    }


def _title_lines(title: str) -> list[str]:
    return textwrap.wrap(title, _TITLE_WIDTH)


def _top_margin(rows: tuple[ChartRow, ...], columns: int) -> int:
    """Room above the first row of charts: their titles, and above those the modebar's."""
    lines = max(len(_title_lines(row.title)) for row in rows[:columns])
    return MODEBAR_ROOM + _TITLE_SHIFT + lines * TITLE_LINE_PX


def _row_gap(rows: tuple[ChartRow, ...], columns: int) -> int:
    """Room between two rows of charts: the upper row's numbers under its bars, clear space, the lower row's titles.

    Why counted: a three-line title (uk «Роздачі, виграні стороною того, хто ходив першим») in a fixed 95 px came
    within 10 px of the numbers under the charts above it."""
    lines = max((len(_title_lines(row.title)) for row in rows[columns:]), default=0)
    return max(_GAP_Y, TICK_LABELS_PX + ROW_CLEARANCE_PX + _TITLE_SHIFT + lines * TITLE_LINE_PX)


@lru_cache(maxsize=16)
def statistics_figure(rows: tuple[ChartRow, ...], names: tuple[str, ...], columns: int = 2) -> go.Figure:
    """A grid of bar charts, ``columns`` wide; bar N is rule set N, named in the legend below.

    Kept for the page's next reruns (the same run gives the same figure); do not change the figure returned.
    """
    columns = max(1, min(columns, len(rows)))
    lines = math.ceil(len(rows) / columns)
    legend = 40 + 24 * len(names)
    gap = _row_gap(rows, columns)
    plot_height = _ROW_HEIGHT * lines + (gap - _GAP_Y) * (lines - 1)  # a wider gap leaves the charts their height
    top = _top_margin(rows, columns)
    layout: dict[str, Any] = {
        "template": "none",
        "height": plot_height + legend + top,
        "barmode": "group",
        "bargap": 0.35,
        "margin": {"l": 45, "r": 10, "t": top, "b": legend},
        "paper_bgcolor": "white",
        "plot_bgcolor": "white",
        "font": {"color": "#333"},
        "showlegend": True,
        "annotations": [],
        # below the charts, in the bottom margin, one name per line (a long name is never cut at the edge)
        "legend": {
            "orientation": "v",
            "x": 0,
            "y": 0,
            "yref": "container",
            "yanchor": "bottom",
            "font": {"size": 13},
            "traceorder": "normal",
        },
    }
    traces: list[go.Bar] = []
    in_legend: set[int] = set()
    for index, row in enumerate(rows):
        axes = _axes(index, columns, lines, gap / plot_height, row)
        layout["annotations"].append(axes.pop("title"))
        layout.update(axes)
        suffix = "" if index == 0 else str(index + 1)
        for number, value in enumerate(row.values):
            if value is None:
                continue
            traces.append(
                go.Bar(
                    x=[f"{number + 1}"],
                    y=[value * 100 if row.percent else value],
                    name=names[number],
                    legendgroup=str(number),
                    showlegend=number not in in_legend,
                    marker_color=PALETTE[number % 4],
                    text=[_bar_text(value, row.percent)],
                    textposition="auto",
                    xaxis=f"x{suffix}",
                    yaxis=f"y{suffix}",
                    hovertemplate=f"{names[number]}: %{{text}}<extra></extra>",
                )
            )
            in_legend.add(number)
    return go.Figure(data=traces, layout=layout)
