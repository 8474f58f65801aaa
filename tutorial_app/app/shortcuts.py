"""Keyboard shortcuts that press a page's own buttons (the presenter's → next, R reveal, P play the answer).

Why press the buttons: a key then does exactly what the button does (its
callback, its rerun), and a key whose button is not on screen does nothing.
A tiny inline ``st.components.v2`` component (no iframe, no dependency)
listens on the page; typing in a text box is left alone.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

__all__ = ["keyboard_shortcuts"]

_JS = """
export default function ({ data }) {
  const handler = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    const target = event.target;
    if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
    const wanted = data.bindings[event.key] || data.bindings[event.key.toLowerCase()];
    const button = wanted && document.querySelector(`.st-key-${CSS.escape(wanted)} button:not([disabled])`);
    if (button) {
      event.preventDefault();
      button.click();
    }
  };
  // One listener per page, however often the component is drawn again.
  if (window.__dominoTutorKeys) document.removeEventListener('keydown', window.__dominoTutorKeys);
  window.__dominoTutorKeys = handler;
  document.addEventListener('keydown', handler);
  return () => {
    document.removeEventListener('keydown', handler);
    if (window.__dominoTutorKeys === handler) window.__dominoTutorKeys = null;
  };
}
"""

_SHORTCUTS = st.components.v2.component("domino_tutor.shortcuts", js=_JS, isolate_styles=False)


def keyboard_shortcuts(bindings: Mapping[str, str], *, key: str) -> None:
    """Let each key of ``bindings`` (a ``KeyboardEvent.key``: "ArrowRight", "r") press the button whose widget key
    is its value, while it is on screen."""
    _SHORTCUTS(key=key, data={"bindings": dict(bindings)})
