"""Per-browser-tab state: the language, the learner's name, the progress store.

Why helpers here: every page needs the language and the learner, and state
must live in ``st.session_state`` (one per tab), never in module globals,
which every visitor of the server shares.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.state import default_widget_value, resend_widget_values, set_widget_value
from tutorial_app.app.shell.stores import lesson_ids_once, progress_database
from tutorial_app.i18n import LANGS, LANGUAGE_NAMES, Lang, known_lang, normalise_lang, t
from tutorial_app.stores.progress import ProgressError, SessionProgress, clean_name

__all__ = ["begin_run", "lang", "tr", "sidebar", "progress_store", "learner", "bump", "revision", "LEARNER_KEY"]

_NOW = "_lang_now"
LEARNER_KEY = "learner_name"
"""The name box's key, and the query parameter it is bound to (a page's own links leave it alone)."""


def _browser_lang() -> Lang:
    try:
        locale = st.context.locale
    except Exception:  # older Streamlit or a bare run: no browser to ask
        locale = None
    return normalise_lang(locale, "en")


def begin_run() -> Lang:
    """Settle the tab's language once at the top of a full run; ``lang()`` then only reads it.

    Why: every string on a page asks for the language, and reading the query
    parameters and the browser's locale each time cost a tenth of a rerun.
    A fragment's rerun cannot change the language (the switch and the link
    rerun the whole page), so it reads the value this run settled.
    """
    resend_widget_values()
    st.session_state[_NOW] = _resolve_lang()
    return lang()


def lang() -> Lang:
    """The tab's language: ``?lang=`` first, then the browser's locale, then English."""
    settled = st.session_state.get(_NOW)
    if settled is not None:
        return normalise_lang(settled)
    return _resolve_lang()


def _resolve_lang() -> Lang:
    asked = st.query_params.get("lang")
    if asked is not None and asked != st.session_state.get("_lang_asked"):
        st.session_state["_lang_asked"] = asked
        set_widget_value("lang", normalise_lang(asked, st.session_state.get("lang", _browser_lang())))
        if known_lang(asked) is None:
            st.session_state["_lang_unknown"] = asked
    default_widget_value("lang", _browser_lang())
    return normalise_lang(st.session_state["lang"])


def tr(key: str, /, **values: object) -> str:
    """A catalog message in the tab's language."""
    return t(key, lang(), **values)


def _language_changed() -> None:
    st.session_state[_NOW] = None
    st.query_params["lang"] = st.session_state["lang"]
    st.session_state["_lang_asked"] = st.session_state["lang"]


def progress_store() -> SessionProgress:
    """The learner's stars: in the database, or kept in this tab when the database cannot be used."""
    return SessionProgress(progress_database(), st.session_state, lesson_ids_once())  # type: ignore[arg-type]


def learner() -> str | None:
    """The learner's name as stored, or None when no valid name is given."""
    raw = st.session_state.get(LEARNER_KEY, "")
    if not isinstance(raw, str) or not raw.strip():
        return None
    try:
        return clean_name(raw)
    except ProgressError:
        return None


def sidebar() -> None:
    """Language switch and learner name, shown on every page."""
    current = lang()
    with st.sidebar:
        st.radio(
            t("app.language", current),
            LANGS,
            key="lang",
            horizontal=True,
            format_func=lambda code: LANGUAGE_NAMES[code],
            on_change=_language_changed,
        )
        current = lang()
        st.text_input(
            t("app.learner_name", current),
            key=LEARNER_KEY,
            max_chars=60,
            placeholder=t("app.learner_placeholder", current),
            help=t("app.learner_help", current),
            # Why in the URL: a reload (or a bookmark) keeps the name, and so the stars, without a login
            bind="query-params",
        )
        raw = st.session_state.get(LEARNER_KEY, "")
        if isinstance(raw, str) and raw.strip() and learner() is None:
            st.warning(t("app.learner_bad", current))
        _say_once(current)


def _say_once(current: Lang) -> None:
    """Notes a visitor should read once: the progress database is down, a link asked for an unknown language."""
    problem = progress_store().problem
    if problem is not None and not st.session_state.get("_progress_problem_said"):
        st.session_state["_progress_problem_said"] = True
        st.warning(problem.in_(current), icon=":material/database:")
    elif problem is not None and learner() is not None:
        st.caption(t("app.stars_this_visit", current))
    unknown = st.session_state.pop("_lang_unknown", None)
    if isinstance(unknown, str):
        st.info(t("app.unknown_lang", current, lang=plain(unknown, 20)))


def revision(name: str) -> int:
    """A counter used in widget keys, so a chart starts fresh after a click was handled."""
    value = st.session_state.setdefault(f"_rev_{name}", 0)
    return int(value)


def bump(name: str) -> None:
    """Advance a revision counter (call from a callback)."""
    st.session_state[f"_rev_{name}"] = revision(name) + 1
