"""The garbage collector's setting for a busy club server: once per process, frozen heap, rarer full collections."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from tutorial_app.app.club import collector


@pytest.fixture
def fresh_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As in a process where ``settle`` has not run yet; the collector's state and the heap's put back afterwards.

    A test worker that ran the app in an AppTest before has had ``settle`` run by ``main.py``: its heap is
    frozen already, so it is let go first and frozen again afterwards."""
    threshold = gc.get_threshold()
    was_frozen = gc.get_freeze_count() > 0
    gc.unfreeze()
    monkeypatch.setattr(collector, "_DONE", [])
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)
    if was_frozen:
        gc.freeze()


def test_settle_freezes_the_heap_and_spaces_out_full_collections(fresh_process: None) -> None:
    young, middle, _old = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    collector.settle()
    assert gc.get_freeze_count() > 0  # what the process held at its first run is no collection's work any more
    assert gc.get_threshold() == (young, middle, collector.FULL_EVERY)


def test_settle_acts_once_per_process(fresh_process: None) -> None:
    collector.settle()
    frozen = gc.get_freeze_count()
    made_later: list[list[int]] = [[] for _ in range(1000)]  # made after the first run: later runs freeze nothing
    gc.set_threshold(700, 10, 10)
    collector.settle()
    assert gc.get_freeze_count() == frozen, len(made_later)
    assert gc.get_threshold() == (700, 10, 10)
