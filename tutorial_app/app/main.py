"""Domino Tutor in the browser: the router of the app's pages.

Started by ``domino-tutor`` (``tutorial_app.launch``). Pages are files in
``app_pages/`` so tests can switch to them; each page reads like a
description of the UI and keeps its state in ``st.session_state``; the
pages' parts are in the feature folders beside it (``shell``, ``table``,
``learn``, ``play``, ``compare``, ``club``, ``tien_gow``).

Why ``app_pages/`` and not ``pages/``: a folder named ``pages`` beside the
entry script switches Streamlit to its older multipage mode for the first
run after a server starts, which runs a page file without this router (no
guard, no sidebar) when the first visitor opens a deep link such as /play.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

import streamlit as st

from tutorial_app.app.club import collector
from tutorial_app.app.shell import guard, run_costs
from tutorial_app.app.shell.session import begin_run, sidebar
from tutorial_app.i18n import t

PAGES = Path(__file__).parent / "app_pages"
# Why pandas is imported here, before any page: Streamlit imports it lazily (a table, a dataframe) while
# Plotly looks it up in ``sys.modules`` without importing; when several screens of a club room draw at
# the same moment, one session's board met another's half-imported pandas and failed. Every session
# runs this file first, so the import is complete before a page runs.
import_module("pandas")

guard.install()
run_costs.install()
st.set_page_config(page_title="Domino Tutor", page_icon="🁫", layout="wide")
current = begin_run()
LEARN = st.Page(PAGES / "learn.py", title=t("nav.learn", current), icon=":material/school:", default=True, url_path="")


def _learn_by_name() -> None:
    """/learn, as a person guesses it from /play and /rules: the Learn page, with the address's lesson and language
    (without this, Streamlit says "Page not found" first: Learn, the default page, is at /)."""
    st.switch_page(LEARN, query_params=st.query_params.to_dict())


navigation = st.navigation(
    [
        LEARN,
        st.Page(_learn_by_name, title=t("nav.learn", current), url_path="learn", visibility="hidden"),
        st.Page(PAGES / "play.py", title=t("nav.play", current), icon=":material/casino:", url_path="play"),
        st.Page(PAGES / "puzzles.py", title=t("nav.puzzles", current), icon=":material/extension:", url_path="puzzles"),
        st.Page(PAGES / "compare.py", title=t("nav.compare", current), icon=":material/balance:", url_path="compare"),
        st.Page(PAGES / "rules.py", title=t("nav.rules", current), icon=":material/menu_book:", url_path="rules"),
        st.Page(PAGES / "club.py", title=t("nav.club", current), icon=":material/groups:", url_path="club"),
        st.Page(
            PAGES / "workshop.py", title=t("nav.workshop", current), icon=":material/construction:", url_path="workshop"
        ),
    ]
)
sidebar()
guard.show_pending()
guard.run_page(navigation.run)
collector.settle()  # once per process, after its first full run: see there why
