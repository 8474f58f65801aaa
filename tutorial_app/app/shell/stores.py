"""The app's database handles, one per server process: the learners' progress, the club room's store and the
puzzles' ratings and mistakes queue.

Why one module: both live in the same database (``default_url``: embedded
SQLite, or a club's PostgreSQL through ``DATABASE_URL``), both are opened
once per server with ``st.cache_resource`` and shared by every tab (the rows
say whose they are), and both are refused the same way when the database
cannot be opened: the handle is then the reason, which the page shows in one
sentence. What a tab does with them is elsewhere: ``session.progress_store``
(a learner's stars, kept in the tab when the database is out) and the club
pages; ``puzzle_memory`` (a learner's puzzles, kept in the tab when the database is out).
"""

from __future__ import annotations

import logging
import os

import streamlit as st

from tutorial_app.club.rule_book import RuleBook
from tutorial_app.club.store import ClubStore
from tutorial_app.lessons.catalog import lesson_ids
from tutorial_app.puzzles.store import PuzzleStore, StoreUnavailable
from tutorial_app.rules.text import Text, msg
from tutorial_app.stores.progress import ProgressStore, ProgressUnavailable, default_url

__all__ = ["lesson_ids_once", "progress_database", "club_store", "rule_book", "puzzle_database", "ENV_ADMIN_PIN"]

ENV_ADMIN_PIN = "DOMINO_TUTOR_CLUB_ADMIN_PIN"
"""The club admin's PIN from the server's settings (else it is set on the Club page, at the server)."""


@st.cache_resource(show_spinner=False)
def lesson_ids_once() -> frozenset[str]:
    """The lessons' ids (the course folders are read once per server)."""
    return lesson_ids()


@st.cache_resource(show_spinner=False)
def progress_database() -> ProgressStore | ProgressUnavailable:
    """The progress database (one engine per server process; rows are per learner), or why it cannot be used."""
    try:
        return ProgressStore(default_url(), lesson_ids_once())
    except ProgressUnavailable as exc:
        return exc


@st.cache_resource(show_spinner=False)
def _club_store() -> ClubStore | Text:
    """The club room's store (one per server process), or why the database cannot be used."""
    try:
        return ClubStore(default_url(), admin_pin=os.environ.get(ENV_ADMIN_PIN) or None)
    except Exception as exc:  # any driver or file error: the page says it in one sentence
        logging.getLogger("tutorial_app.app").warning("club database unavailable: %s", type(exc).__name__)
        return msg("the club room keeps its classes and tables in the progress database, which cannot be opened")


def club_store() -> ClubStore | Text:
    """The club room's store, or the reason it is unavailable (the page shows it)."""
    return _club_store()


def rule_book() -> RuleBook | None:
    """The club's rule book for the Play, Compare and Rules pages (None without a database)."""
    store = _club_store()
    return store.book if isinstance(store, ClubStore) else None


@st.cache_resource(show_spinner=False)
def puzzle_database() -> PuzzleStore | StoreUnavailable:
    """The puzzles' tables in the progress database (one engine per server process), or why they cannot be used."""
    try:
        return PuzzleStore(default_url())
    except StoreUnavailable as exc:
        return exc
