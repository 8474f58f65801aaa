"""A per-run cost of Streamlit that a club room pays a hundred times a second, paid once per server instead.

Why: every script run, each one-second poll of every phone in a room included, starts with a "new
session" message, and Streamlit builds its theme part by walking all of its config options (367 in
1.67) once for each of the six theme sections, to find the same handful of values every time. With
100 phones in a class that was about a tenth of the samples py-spy took of the thread holding the GIL
(``benchmarks/club_load.py``); the class's figure itself moved less than this machine's noise, so it
is a saving of work, not a measured speed-up. ``install`` keeps each section's theme message once
built and copies it into every later message; the copy is forgotten whenever Streamlit parses its
config again, so a changed config file is followed as before.

Like ``guard.install`` it wraps one private function of Streamlit, once per process, and leaves
Streamlit as it is if that function is missing or has another shape (the page then only costs more).
"""

from __future__ import annotations

import inspect
import logging
import threading
from typing import Any

__all__ = ["install"]

_LOG = logging.getLogger("tutorial_app.app")
_INSTALLED = threading.Lock()
_TRIED: list[bool] = []
"""Not empty once ``install`` has looked at Streamlit (it runs at every script run; it looks once)."""


def install() -> None:
    """Build each theme section's part of the new-session message once per config (once per process)."""
    with _INSTALLED:
        if _TRIED:
            return
        _TRIED.append(True)
        try:
            from streamlit import config
            from streamlit.runtime import app_session
        except ImportError:  # pragma: no cover - Streamlit moved the modules: pay the cost
            return
        original = getattr(app_session, "_populate_theme_msg", None)
        if original is None or getattr(original, "cached", False):
            return  # gone in this Streamlit, or wrapped already
        if list(inspect.signature(original).parameters) != ["msg", "section"]:
            _LOG.warning("Streamlit's theme message has another shape: left uncached")
            return
        built: dict[str, bytes] = {}

        def populate(msg: Any, section: str = "theme") -> None:
            data = built.get(section)
            if data is None:
                fresh = type(msg)()
                original(fresh, section)
                data = built[section] = fresh.SerializeToString()
            if data:  # merging nothing would still mark a sub-message present, which Streamlit does not
                msg.MergeFromString(data)

        populate.cached = True  # type: ignore[attr-defined]
        populate.original = original  # type: ignore[attr-defined]
        config.on_config_parsed(built.clear, force_connect=True)
        app_session._populate_theme_msg = populate
