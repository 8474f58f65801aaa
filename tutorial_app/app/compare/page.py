"""The Compare page's own state (``shell.state.page_state``), kept out of the page file, which runs afresh on
every rerun (a class defined there would be a new class each time)."""

from __future__ import annotations

from dataclasses import dataclass

from tutorial_app.app.compare.job import ComparisonJob

__all__ = ["ComparePage"]


@dataclass
class ComparePage:
    """The page's state besides its widgets (the ``cmp_*`` keys and the pickers ``cmp0``...): the address's
    parameters already applied (a link is applied once) and the statistics' run in the background."""

    link_seen: tuple[tuple[str, str], ...] | None = None
    job: ComparisonJob | None = None
