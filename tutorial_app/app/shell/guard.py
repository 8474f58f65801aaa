"""Keeping every page alive: an error nobody foresaw becomes a short message and a log line.

Why here, once for every page: a page's work runs in two places, its script
(wrapped by ``run_page`` in the router) and the callbacks of its buttons,
which Streamlit calls before the script, outside anything a page could
wrap. ``install`` wraps the one place Streamlit calls them, so a page added
tomorrow is covered too. The learner reads one sentence in their language;
the traceback goes to the server's log, never to the screen (and the
launcher sets ``client.showErrorDetails = none`` as a last line of defence).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import streamlit as st

from tutorial_app.app.shell.session import tr

__all__ = ["run_page", "install", "report", "show_pending"]

_LOG = logging.getLogger("tutorial_app.app")
_PENDING = "_unexpected_error"


def report(exc: BaseException, where: str) -> None:
    """Log an unexpected error with its traceback and leave a note for the page to show."""
    _LOG.error("unexpected error in %s: %s", where, type(exc).__name__, exc_info=exc)
    try:
        st.session_state[_PENDING] = True
    except Exception:  # no session (a bare run): the log line is all there is
        _LOG.debug("no session to leave the note in")


def show_pending() -> None:
    """The message for an error in a callback of the last click, once."""
    if st.session_state.pop(_PENDING, False):
        st.error(tr("app.unexpected"), icon=":material/error:")


def run_page(run: Callable[[], Any]) -> None:
    """Run a page's script; an unexpected error ends it with the short message instead of a traceback."""
    try:
        run()
    except Exception as exc:
        report(exc, "a page")
        st.session_state.pop(_PENDING, None)
        st.error(tr("app.unexpected"), icon=":material/error:")


def install() -> None:
    """Wrap Streamlit's call of widget callbacks (once per process): an error becomes the short message."""
    try:
        from streamlit.runtime.state.session_state import WStates
    except ImportError:  # a Streamlit without it: showErrorDetails=none still hides the traceback
        _LOG.warning("cannot guard widget callbacks in this Streamlit version")
        return
    original = WStates.call_callback
    if getattr(original, "guarded", False):
        return

    def call_callback(self: Any, widget_id: str) -> None:
        try:
            original(self, widget_id)
        except Exception as exc:
            report(exc, "a button or field")

    call_callback.guarded = True  # type: ignore[attr-defined]
    WStates.call_callback = call_callback  # type: ignore[method-assign]
