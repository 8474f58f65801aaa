"""The puzzle tests' shared fixtures: a clock the test moves by hand, and a puzzle store in a SQLite file on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzles.puzzle_helpers import T0, Clock

from tutorial_app.puzzles.store import PuzzleStore


@pytest.fixture
def clock() -> Clock:
    return Clock(T0)


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> PuzzleStore:
    return PuzzleStore(f"sqlite:///{tmp_path / 'progress.sqlite3'}", clock=clock)
