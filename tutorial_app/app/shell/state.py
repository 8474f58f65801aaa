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

__all__ = ["page_state", "forget_state"]

T = TypeVar("T")


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
