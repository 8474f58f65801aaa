"""The Compare page's statistics figure: the first row's titles stay under the modebar, whatever their language."""

from __future__ import annotations

from itertools import permutations

import pytest

from tutorial_app.app.compare.stats import STATISTICS
from tutorial_app.app.shell.charts import ROW_CLEARANCE_PX, TICK_LABELS_PX, TITLE_LINE_PX, ChartRow, statistics_figure
from tutorial_app.language import LANGS

MODEBAR_BOTTOM_PX = 2 + 26
"""Where plotly.js draws the modebar: 2 px under the figure's top edge, its buttons 26 px high (its own CSS)."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_modebar_never_covers_a_title(lang: str) -> None:
    """On a phone the camera button covered the end of the top right chart's two-line title («Очок записано за
    роздачу»); any two statistics side by side in the first row now leave it room above their titles."""
    for first, second in permutations(STATISTICS, 2):
        rows = tuple(ChartRow(stat.title(lang), (0.5, 0.25), stat.percent) for stat in (first, second, STATISTICS[0]))
        layout = statistics_figure(rows, ("1. Block", "2. Draw")).layout
        plot_top = layout.margin.t
        for title in layout.annotations[:2]:
            lines = title.text.count("<br>") + 1
            title_top = plot_top - title.yshift - lines * TITLE_LINE_PX
            assert title_top >= MODEBAR_BOTTOM_PX, (lang, title.text, title_top)
        assert layout.height == 250 * 2 + layout.margin.b + plot_top  # the charts keep their height


@pytest.mark.parametrize("lang", LANGS)
def test_a_rows_titles_keep_clear_of_the_numbers_under_the_row_above(lang: str) -> None:
    """At desktop width a three-line title in the second row (uk «Роздачі, виграні стороною того, хто ходив першим»)
    came within 10 px of the first row's numbers under its bars; every row's titles now keep clear of them, and the
    charts keep their height."""
    titles = [stat.title(lang) for stat in STATISTICS]
    for first, second in permutations(range(len(STATISTICS)), 2):
        order = [first, second, *(i for i in range(len(STATISTICS)) if i not in (first, second))]
        rows = tuple(ChartRow(titles[i], (0.5, 0.25), STATISTICS[i].percent) for i in order)
        layout = statistics_figure(rows, ("1. Block", "2. Draw")).layout
        plot_height = layout.height - layout.margin.t - layout.margin.b
        axes = [layout[f"yaxis{'' if i == 0 else i + 1}"] for i in range(len(rows))]
        for index, title in enumerate(layout.annotations[2:], start=2):
            above = axes[index - 2].domain[0] * plot_height  # the bottom of the chart above, in px from the bottom
            lines = title.text.count("<br>") + 1
            title_top = title.y * plot_height + title.yshift + lines * TITLE_LINE_PX
            clear = above - TICK_LABELS_PX - title_top
            assert clear >= ROW_CLEARANCE_PX, (lang, title.text, clear)
        lines = (len(rows) + 1) // 2
        chart = (250 * lines - 95 * (lines - 1)) / lines  # a chart's height with the old fixed 95 px between rows
        assert all(abs((a.domain[1] - a.domain[0]) * plot_height - chart) < 0.01 for a in axes), lang
