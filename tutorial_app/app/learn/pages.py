"""The Learn and Workshop pages' own state (``shell.state.page_state``).

Why here and not in the page files: a page file runs afresh on every rerun, so a class defined there is a new
class each time, and the state kept in the session would never be an instance of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutorial_app.lessons import Lesson
from tutorial_app.rules.text import Text
from tutorial_app.source import Mark

__all__ = ["LearnPage", "WorkshopPage"]


@dataclass
class LearnPage:
    """The Learn page's state besides its widgets (``learn_presenter``, ``learn_import``): the lesson open (its
    id), whether a ``?present=1`` link was already obeyed, and the last progress import's note (ok?, words)."""

    open: str | None = None
    present_link_read: bool = False
    import_note: tuple[bool, str] | None = None


@dataclass
class WorkshopPage:
    """The Workshop's state besides its widgets (the text box ``ws_text``, the upload ``ws_upload``): whether the
    text was checked, the problems found (each at its line and column, when known; written out in the page's
    language when shown, so a language switched later applies), and the lesson when it is valid."""

    checked: bool = False
    problems: list[tuple[Mark | None, Text]] = field(default_factory=list)
    lesson: Lesson | None = None
