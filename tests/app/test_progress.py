"""The progress store: best stars per learner and lesson, odd names, export and import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutorial_app.stores.progress import MAX_IMPORT_BYTES, ProgressError, ProgressStore, clean_name, default_url


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(f"sqlite:///{tmp_path / 'sub' / 'progress.sqlite3'}")


def test_best_stars_are_kept(store: ProgressStore) -> None:
    assert store.record("Anna", "core-01", 2) == 2
    assert store.record("Anna", "core-01", 1) == 2
    assert store.record("Anna", "core-01", 3) == 3
    assert store.stars("Anna") == {"core-01": 3}
    assert store.stars("Boris") == {}


@pytest.mark.parametrize("name", ["Robert'); DROP TABLE lesson_progress;--", "Ёжик 🦔", "שלום", 'a"b\\c', "  Anna  "])
def test_odd_names_are_stored_safely(store: ProgressStore, name: str) -> None:
    store.record(name, "core-02", 3)
    store.record("Other", "core-02", 1)
    assert store.stars(name) == {"core-02": 3}
    assert store.stars("Other") == {"core-02": 1}


@pytest.mark.parametrize("name", ["", "   ", "a\x00b", "tab\there", "x" * 61])
def test_bad_names_are_refused(name: str) -> None:
    with pytest.raises(ProgressError):
        clean_name(name)


def test_export_then_import_into_another_name(store: ProgressStore) -> None:
    store.record("Anna", "core-01", 3)
    store.record("Anna", "core-02", 1)
    exported = store.export("Anna")
    assert json.loads(exported)["stars"] == {"core-01": 3, "core-02": 1}
    assert store.import_("Boris", exported.encode()) == 2
    assert store.stars("Boris") == store.stars("Anna")


@pytest.mark.parametrize(
    "data",
    [
        b"not json",
        b"[]",
        b'{"format": "other", "stars": {}}',
        b'{"format": "domino-tutor-progress", "stars": {"x": 9}}',
        b'{"format": "domino-tutor-progress", "stars": {"x": true}}',
        b"\xff\xfe",
        b" " * (MAX_IMPORT_BYTES + 1),
    ],
)
def test_bad_import_changes_nothing(store: ProgressStore, data: bytes) -> None:
    store.record("Anna", "core-01", 1)
    with pytest.raises(ProgressError):
        store.import_("Anna", data)
    assert store.stars("Anna") == {"core-01": 1}


def test_default_url_from_environment(tmp_path: Path) -> None:
    assert default_url({"DATABASE_URL": "postgresql+psycopg://club/db"}) == "postgresql+psycopg://club/db"
    assert default_url({"DOMINO_TUTOR_PROGRESS_DB": str(tmp_path / "p.db")}) == f"sqlite:///{tmp_path / 'p.db'}"
    assert default_url({}).endswith(".domino-tutor/progress.sqlite3")
