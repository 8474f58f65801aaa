"""Plotly charts of simulated statistics for the Compare page.

Why explicit colours and ``template="none"``: Streamlit's own template adds
kilobytes to every figure, and fixed colours keep a rule set the same colour
in every chart (a colour-blind-safe palette).
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

__all__ = ["PALETTE", "bar_chart"]

# Okabe-Ito: distinguishable with the common colour-vision deficiencies
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")


def bar_chart(title: str, labels: Sequence[str], values: Sequence[float], *, percent: bool = False) -> go.Figure:
    """One bar per rule set, its value written on the bar."""
    shown = [v * 100 for v in values] if percent else list(values)
    text = [f"{v:.0f}%" if percent else f"{v:.1f}" for v in shown]
    figure = go.Figure(go.Bar(x=list(labels), y=shown, text=text, textposition="auto",
                              marker_color=[PALETTE[i % len(PALETTE)] for i in range(len(labels))],
                              hovertemplate="%{x}: %{text}<extra></extra>"))
    figure.update_layout(template="none", title={"text": title, "font": {"size": 15}}, height=280,
                         margin={"l": 40, "r": 10, "t": 40, "b": 60}, paper_bgcolor="rgba(0,0,0,0)",
                         plot_bgcolor="rgba(0,0,0,0)", font={"color": "#444"},
                         yaxis={"ticksuffix": "%" if percent else "", "gridcolor": "#ddd", "rangemode": "tozero"},
                         showlegend=False)
    return figure
