"""How wide a board's place on the page is, on a narrow screen (a phone, a tablet, a narrow window).

Why a component: Streamlit does not tell the script how wide the browser is,
and the board is laid out in pixels (a narrow felt that bends the chain more
often, sized from the width). A tiny inline ``st.components.v2`` component
(no iframe, no new dependency) measures its own width, which is the width of
the column the board is drawn in, and reports it, rounded down to 10 px.

It reports only where the window is narrower than ``NARROW_WINDOW_PX`` (or
on any window where a board asks to be sized to its column: a lesson's
board, the presenter's), and only when the rounded width changes (a phone
turned sideways), so a desktop page reruns for it once at most.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

__all__ = ["NARROW_WINDOW_PX", "narrow_width", "column_width", "kept_width"]

NARROW_WINDOW_PX = 1000
"""Windows narrower than this get a board sized to its column (phones, tablets, a narrow desktop window)."""

_JS = """
export default function ({ parentElement, data, setStateValue }) {
  let known = data.known;
  const report = () => {
    const width = Math.floor(parentElement.getBoundingClientRect().width / 10) * 10;
    const value = (data.always || window.innerWidth < data.narrow) && width > 0 ? width : 0;
    if (value !== known) {
      known = value;
      setStateValue('width', value);
    }
  };
  const observer = new ResizeObserver(report);
  observer.observe(parentElement);
  report();
  return () => observer.disconnect();
}
"""

_PROBE = st.components.v2.component("domino_tutor.width", js=_JS, isolate_styles=False)


def narrow_width(name: str) -> int | None:
    """The width in pixels of the column board ``name`` is drawn in, if the window is narrow; else None.

    Call it in the board's container, just before the board. The first run of
    a page does not know the width yet (None); the browser reports it and the
    board's fragment runs again.
    """
    return _width(name, always=False)


def column_width(name: str) -> int | None:
    """The width in pixels of the column board ``name`` is drawn in, on any window (None until reported)."""
    return _width(name, always=True)


def kept_width(name: str) -> int | None:
    """What ``narrow_width`` or ``column_width`` of board ``name`` returned last, without drawing the probe (a
    board built ahead for a run to come)."""
    return int(st.session_state.get(f"_width_known_{name}", 0)) or None


def _width(name: str, *, always: bool) -> int | None:
    kept = f"_width_known_{name}"
    known = int(st.session_state.get(kept, 0))
    result: Any = _PROBE(
        key=f"_width_{name}",
        data={"narrow": NARROW_WINDOW_PX, "known": known, "always": always},
        default={"width": known},
        on_width_change=lambda: None,
    )
    width = int(getattr(result, "width", 0) or 0)
    st.session_state[kept] = width
    return width or None
