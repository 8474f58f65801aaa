"""A page's or a widget's state as one typed object in the tab's session, instead of loose string keys.

Why: a page once kept its values under a dozen string keys (``"ws_checked"``,
``"learn_open"``...), each read back as ``object`` and checked again where it
was read, and any module could write another's key. Now a page declares a
dataclass of its own (every field with a default) and asks ``page_state``
for the tab's copy; callbacks change its fields. The keys that stay strings
are the widgets' own (Streamlit keeps a widget's value under its key), and a
module writes only its own: another module's values are set through that
module's functions (``lesson_player.open_lesson``, ``rules_picker.set_choice``).
"""

from __future__ import annotations

from typing import TypeVar

import streamlit as st

__all__ = ["page_state", "forget_state", "set_widget_value", "default_widget_value", "resend_widget_values"]

T = TypeVar("T")

_SET = "_widget_values_set"
RESEND_RUNS = 3
"""How many full runs after the page set a widget's value the value is sent to the browser again."""


def page_state(key: str, kind: type[T]) -> T:
    """The tab's object of type ``kind`` under ``key``, made (``kind()``) the first time it is asked for.

    ``kind`` must be defined in a module, not in a page file: a page file runs afresh on every rerun, so a class
    defined there is a new class each time and the kept object would never be one of it.
    """
    if kind.__module__ == "__main__":
        raise TypeError(f"{kind.__name__} is defined in a page file: define a page's state in a module")
    found = st.session_state.get(key)
    if not isinstance(found, kind):
        found = kind()
        st.session_state[key] = found
    return found


def forget_state(key: str) -> None:
    """Drop the tab's object under ``key`` (the next ``page_state`` makes a fresh one)."""
    st.session_state.pop(key, None)


def set_widget_value(key: str, value: object) -> None:
    """Set widget ``key``'s value from the page (a shared link, the address's language), before it is drawn.

    Why not only ``st.session_state[key] = value``: Streamlit sends a value the page set to the browser in that
    run only, and a browser that asks for the next run before it has drawn the widget (a slow phone tapped
    at once, a busy machine) has not kept it; in that next run the widget is drawn with its default, and
    the run after takes the default for the learner's choice (a shared comparison fell back to the
    defaults, a Russian page to English). ``resend_widget_values`` sends it again for a few runs.
    """
    st.session_state[key] = value
    pending = st.session_state.get(_SET)
    if not isinstance(pending, dict):
        pending = {}
        st.session_state[_SET] = pending
    pending[key] = RESEND_RUNS


def default_widget_value(key: str, value: object) -> None:
    """Widget ``key``'s first value, where it is not the widget's own default (the first of its options, an
    empty box): set once, as ``set_widget_value`` sets it."""
    if key not in st.session_state:
        set_widget_value(key, value)


def resend_widget_values() -> None:
    """At the top of a full run: send the values ``set_widget_value`` set (as they are now, a learner's later
    choice included) to the browser again, for ``RESEND_RUNS`` runs."""
    pending = st.session_state.get(_SET)
    if not isinstance(pending, dict) or not pending:
        return
    for key, left in list(pending.items()):
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]
        if left <= 1 or key not in st.session_state:
            del pending[key]
        else:
            pending[key] = left - 1
