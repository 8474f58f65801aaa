"""Keyboard shortcuts for a page's own buttons (the presenter's → next, R reveal, P play the answer).

A tiny inline ``st.components.v2`` component (no iframe, no dependency)
listens on the page; typing in a text box is left alone. When the keys come
on (presenter mode switched on), the focus leaves the switch, so the first
key press works. A key does what its
button's callback does, and only while that button is on screen.

Why not click the button from JavaScript: on a loaded machine a button drawn
by a fragment's rerun an instant before sometimes ignored a scripted click
(the rerun came, the callback did not; a mouse click on the same button
worked). So the key is sent as the component's own trigger and the action
runs in its callback, whichever fragment drew the button.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

__all__ = ["keyboard_shortcuts"]

_JS = """
const TYPED = ['text', 'number', 'search', 'email', 'password', 'url', 'tel'];
const typing = (target) =>
  target && (target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName) ||
             (target.tagName === 'INPUT' && TYPED.includes(target.type)));
export default function ({ data, setTriggerValue }) {
  const handler = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    if (typing(event.target)) return;
    const wanted = data.bindings[event.key] || data.bindings[event.key.toLowerCase()];
    const button = wanted && document.querySelector(`.st-key-${CSS.escape(wanted)} button:not([disabled])`);
    if (button) {
      event.preventDefault();
      setTriggerValue('pressed', wanted);
    }
  };
  // The keys are the page's from the start: a switch that turned them on (the presenter's) lets the focus go,
  // so the first key press already works.
  const focused = document.activeElement;
  if (!window.__dominoTutorKeys && focused && focused !== document.body && !typing(focused)) focused.blur();
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


def keyboard_shortcuts(bindings: Mapping[str, str], actions: Mapping[str, Callable[[], object]], *, key: str) -> None:
    """Let each key of ``bindings`` (a ``KeyboardEvent.key``: "ArrowRight", "r") run ``actions[widget key]``
    while the button with that widget key is on screen."""

    def pressed() -> None:
        result: Any = st.session_state.get(key)
        wanted = result.get("pressed") if isinstance(result, Mapping) else getattr(result, "pressed", None)
        action = actions.get(wanted) if isinstance(wanted, str) else None
        if action is not None:
            action()

    _SHORTCUTS(key=key, data={"bindings": dict(bindings)}, on_pressed_change=pressed)
