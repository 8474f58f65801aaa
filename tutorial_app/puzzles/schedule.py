"""When a learner's own mistake comes back: 1, 3, 7 and 21 days apart, until it is answered right twice.

A mistake (a decision the hand review marked "?" or "??", a quiz missed in a
lesson) joins the learner's queue due one day later. Each time it is shown
when due, the next showing is the next gap of the ladder after that attempt
(1, 3, 7, 21 days, then every 21 days), whatever the answer; the second right
answer retires it. A wrong answer therefore never retires an item, and an item
answered wrong keeps coming back, further apart, as long as it stays unlearned.

Why expanding gaps whatever the answer: recall tested at growing intervals is
what makes a position stick (spaced retrieval); the two right answers are the
proof that it did. Times are seconds since the epoch (UTC), so a test can move
the clock by passing ``now``.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["GAPS_DAYS", "RIGHTS_TO_RETIRE", "DAY", "Spacing", "new_spacing", "after_answer"]

GAPS_DAYS = (1, 3, 7, 21)
"""Days between showings: the first after the mistake, then after each attempt (the last gap repeats)."""
RIGHTS_TO_RETIRE = 2
DAY = 86_400.0


class Spacing(NamedTuple):
    """Where an item stands: ``shown`` attempts so far, ``rights`` among them, when it is ``due`` next,
    and whether it is ``retired`` (answered right twice)."""

    shown: int
    rights: int
    due: float
    retired: bool = False

    def is_due(self, now: float) -> bool:
        """Whether the item should be shown at ``now``."""
        return not self.retired and now >= self.due


def _gap(shown: int) -> float:
    return GAPS_DAYS[min(shown, len(GAPS_DAYS) - 1)] * DAY


def new_spacing(now: float) -> Spacing:
    """A mistake made at ``now``: first shown one day later."""
    return Spacing(0, 0, now + _gap(0))


def after_answer(spacing: Spacing, right: bool, now: float) -> Spacing:
    """The item after an attempt at ``now``: the next gap of the ladder, or retired at the second right answer.

    An attempt before the item is due (the learner opened it early) counts as
    practice but does not move the ladder; only a due showing does.
    """
    if spacing.retired:
        return spacing
    if not spacing.is_due(now):
        return spacing
    shown, rights = spacing.shown + 1, spacing.rights + (1 if right else 0)
    return Spacing(shown, rights, now + _gap(shown), rights >= RIGHTS_TO_RETIRE)
