"""The Compare page's statistics figure: the first row's titles stay under the modebar, whatever their language."""

from __future__ import annotations

from itertools import permutations

import pytest

from tutorial_app.app.compare.stats import STATISTICS
from tutorial_app.app.shell.charts import TITLE_LINE_PX, ChartRow, statistics_figure
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
