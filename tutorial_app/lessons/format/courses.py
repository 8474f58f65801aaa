"""The courses in their curated order, with their titles in both languages.

Why a list and not the folders' names: the course map reads like a syllabus
(the core game first, then how to play it well, then the variants in the
order the README presents them), and a learner never sees a folder name
like "chinese". A folder that is not listed here (an organiser's own
course) comes last, titled by the preset its lessons use.

Why strategy second: it builds on the core game's block rules and on the
Play page's Hint and review, and it makes every variant after it more fun.
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial_app.rules.text import Text, msg

__all__ = ["Course", "COURSES", "course_rank", "course_title"]


class Course(NamedTuple):
    """One course: its folder under ``lessons/`` and its title."""

    folder: str
    title: Text


COURSES: tuple[Course, ...] = (
    Course("core", msg("The core game: learn to play")),
    Course("strategy", msg("Strategy: play better")),
    Course("domino101", msg("Domino 101")),
    Course("kozel", msg("Goat (Kozel)")),
    Course("international", msg("International dominoes")),
    Course("classic", msg("Classic dominoes")),
    Course("all_fives", msg("All Fives (Muggins)")),
    Course("donkey", msg("Donkey")),
    Course("chinese", msg("Chinese dominoes")),
)
_RANK = {course.folder: i for i, course in enumerate(COURSES)}


def course_rank(folder: str) -> tuple[int, str]:
    """Where a course folder comes in the course map (listed courses first, others by name)."""
    return (_RANK.get(folder, len(COURSES)), folder)


def course_title(folder: str, fallback: Text | None = None) -> Text | None:
    """A course's title; for an unlisted folder the ``fallback`` (e.g. its preset's title)."""
    rank = _RANK.get(folder)
    return COURSES[rank].title if rank is not None else fallback
