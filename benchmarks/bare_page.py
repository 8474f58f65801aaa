"""The reference for ``app_speed.py``: one Plotly figure of 28 tile-sized rectangles, clickable, nothing else.

Served by ``streamlit run`` in the same benchmark run as the app. A click on
a rectangle removes it (as a played tile leaves the hand), so the benchmark
waits for the same thing on both pages. Drawn the cheap way Plotly allows
(one filled polygon trace, one marker trace for the clicks, numeric arrays),
so the app is measured against the least a Plotly page costs.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

TILES = 28

st.session_state.setdefault("gone", [])
st.session_state.setdefault("rev", 0)


event = st.session_state.get(f"bare_{st.session_state['rev']}")
points = event["selection"]["points"] if event else []
for point in points:  # the click this rerun answers: that rectangle goes, the next chart starts unselected
    data = point.get("customdata")
    st.session_state["gone"] = [*st.session_state["gone"], data[0] if isinstance(data, list) else data]
if points:
    st.session_state["rev"] += 1
left = [i for i in range(TILES) if f"hand:{i}" not in st.session_state["gone"]]
xs: list[float] = []
ys: list[float] = []
for i in left:
    x, y = (i % 14) * 1.3, -(i // 14) * 2.6
    xs += [x - 0.5, x + 0.5, x + 0.5, x - 0.5, x - 0.5, np.nan]
    ys += [y - 1.0, y - 1.0, y + 1.0, y + 1.0, y - 1.0, np.nan]
centres = [((i % 14) * 1.3, -(i // 14) * 2.6) for i in left]
figure = go.Figure(
    data=[
        go.Scatter(
            x=np.array(xs),
            y=np.array(ys),
            fill="toself",
            fillcolor="#fbf8ef",
            mode="lines",
            line={"color": "#3b3b3b", "width": 1},
            hoverinfo="skip",
        ),
        go.Scatter(
            x=np.array([c[0] for c in centres]),
            y=np.array([c[1] for c in centres]),
            customdata=[f"hand:{i}" for i in left],
            mode="markers",
            hoverinfo="none",
            marker={"color": "rgba(0,0,0,0)", "size": 30},
        ),
    ],
    layout={
        "template": "none",
        "showlegend": False,
        "height": 680,
        "margin": {"l": 0, "r": 0, "t": 0, "b": 0},
        "dragmode": False,
        "clickmode": "event+select",
        "hovermode": "closest",
        "xaxis": {"visible": False, "range": [-1, 18.5], "fixedrange": True},
        "yaxis": {"visible": False, "range": [-4, 1.5], "fixedrange": True, "scaleanchor": "x"},
    },
)
st.plotly_chart(
    figure,
    key=f"bare_{st.session_state['rev']}",
    on_select="rerun",
    selection_mode="points",
    config={"displayModeBar": False},
)
