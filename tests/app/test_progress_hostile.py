"""Progress against hostile files and broken databases: known lessons only, all or nothing, stars never lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile import HOSTILE_VALUES, REVIEW_PROGRESS_FILES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial_app.lessons.catalog import lesson_ids
from tutorial_app.rules.text import Text
from tutorial_app.stores.progress import (
    ProgressError,
    ProgressStore,
    ProgressUnavailable,
    SessionProgress,
    read_progress_file,
)

KNOWN = lesson_ids()
FUZZ = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite3'}", KNOWN)


def _file(stars: dict[str, object]) -> bytes:
    return json.dumps({"format": "domino-tutor-progress", "version": 1, "stars": stars}).encode()


def test_the_courses_lesson_ids_are_the_file_names() -> None:
    assert "core-01-the-set" in KNOWN and len(KNOWN) >= 30


@pytest.mark.parametrize(
    ("case", "needle"),
    [
        ("5000 nines of stars", "number too large"),
        ("a lone surrogate lesson id", "half of a character pair"),
        ("5000-deep arrays", "nested too deeply"),
        ("made-up lesson ids", "there is no lesson 'made-up-lesson'"),
    ],
)
def test_the_reviews_files_are_refused_in_one_line(store: ProgressStore, case: str, needle: str) -> None:
    store.record("Anna", "core-01-the-set", 2)
    with pytest.raises(ProgressError) as caught:
        store.import_("Anna", REVIEW_PROGRESS_FILES[case])
    assert needle in str(caught.value) and "\n" not in str(caught.value)
    assert "\n" not in caught.value.reason.ru
    assert store.stars("Anna") == {"core-01-the-set": 2}


def test_an_import_is_all_or_nothing(store: ProgressStore) -> None:
    good = sorted(KNOWN)[:3]
    with pytest.raises(ProgressError):
        store.import_("Anna", _file({good[0]: 3, good[1]: 2, "nope": 1}))
    assert store.stars("Anna") == {}
    assert store.import_("Anna", _file({good[0]: 3, good[1]: 2})) == 2
    assert store.stars("Anna") == {good[0]: 3, good[1]: 2}


def test_thousands_of_made_up_ids_are_refused_at_once(store: ProgressStore) -> None:
    stars = {f"lesson-{i}": 3 for i in range(15_000)}
    with pytest.raises(ProgressError) as caught:
        store.import_("Anna", json.dumps({"format": "domino-tutor-progress", "stars": stars}))
    assert "the courses have" in str(caught.value) or "larger than" in str(caught.value)
    assert store.stars("Anna") == {}


@pytest.mark.parametrize(
    ("lesson", "stars"),
    [
        ("core-01-the-set", float("nan")),
        ("core-01-the-set", None),
        ("core-01-the-set", 4),
        ("core-01-the-set", -1),
        ("core-01-the-set", True),
        ("core-01-the-set", 2.0),
        ("", 1),
        ("x" * 10_000, 1),
        ("made-up", 1),
        ("core\x00-01", 1),
    ],
)
def test_record_refuses_what_import_refuses(store: ProgressStore, lesson: str, stars: object) -> None:
    with pytest.raises(ProgressError) as by_record:
        store.record("Anna", lesson, stars)  # type: ignore[arg-type]
    with pytest.raises(ProgressError):
        read_progress_file(_file({lesson: stars}), KNOWN)
    assert "\n" not in str(by_record.value)
    assert store.stars("Anna") == {}


# -- a database that cannot be used ------------------------------------------------------------------


def _broken_urls(tmp_path: Path) -> dict[str, str]:
    corrupt = tmp_path / "corrupt.sqlite3"
    corrupt.write_bytes(b"not a database" * 100)
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    folder = tmp_path / "a-folder.sqlite3"
    folder.mkdir()
    return {
        "corrupt file": f"sqlite:///{corrupt}",
        "a folder": f"sqlite:///{folder}",
        "a parent that cannot be made": f"sqlite:///{blocker}/sub/p.sqlite3",
        "no such driver": "nosuchdb://x/y",
    }


def test_a_database_that_cannot_be_opened_says_so_in_one_line(tmp_path: Path) -> None:
    for case, url in _broken_urls(tmp_path).items():
        with pytest.raises(ProgressUnavailable) as caught:
            ProgressStore(url, KNOWN)
        assert str(caught.value).startswith("progress database unreadable: stars are not saved"), case
        assert "SELECT" not in str(caught.value) and "\n" not in str(caught.value)


def test_a_read_only_database_keeps_stars_in_the_session(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    ProgressStore(f"sqlite:///{path}", KNOWN).record("Anna", "core-01-the-set", 1)
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"  # refuses writes even to root, like chmod 444 to others
    session: dict[str, object] = {}
    progress = SessionProgress(ProgressStore(read_only, KNOWN), session)
    assert progress.problem is None
    assert progress.record("Anna", "core-02-placing-on-the-ends", 3) == 3
    assert progress.problem is not None
    assert progress.stars("Anna") == {"core-01-the-set": 1, "core-02-placing-on-the-ends": 3}


def test_when_the_database_is_down_stars_live_in_the_session(tmp_path: Path) -> None:
    session: dict[str, object] = {}
    try:
        ProgressStore(_broken_urls(tmp_path)["corrupt file"], KNOWN)
    except ProgressUnavailable as exc:
        down = exc
    progress = SessionProgress(down, session, KNOWN)
    assert progress.problem is not None and "недоступна" in progress.problem.ru
    assert progress.record("Anna", "core-01-the-set", 2) == 2
    assert progress.record("Anna", "core-01-the-set", 1) == 2
    assert progress.import_("Anna", _file({"core-02-placing-on-the-ends": 3})) == 1
    assert progress.stars("Anna") == {"core-01-the-set": 2, "core-02-placing-on-the-ends": 3}
    assert json.loads(progress.export("Anna"))["stars"] == progress.stars("Anna")
    with pytest.raises(ProgressError):
        progress.record("Anna", "made-up", 3)
    assert SessionProgress(down, session, KNOWN).stars("Anna") == progress.stars("Anna")  # the next rerun


def test_a_write_that_fails_later_is_kept_in_the_session(store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    session: dict[str, object] = {}
    progress = SessionProgress(store, session)
    progress.record("Anna", "core-01-the-set", 1)

    def fail(*_args: object) -> dict[str, int]:
        raise ProgressUnavailable(progress_problem())

    monkeypatch.setattr(store, "write_best", fail)
    assert progress.record("Anna", "core-03-doubles-across", 3) == 3
    assert progress.problem is not None
    assert progress.stars("Anna") == {"core-01-the-set": 1, "core-03-doubles-across": 3}


def progress_problem() -> Text:
    from tutorial_app.stores.progress import _UNAVAILABLE

    return _UNAVAILABLE


# -- fuzz: any file a learner could pick ---------------------------------------------------------------

_SMALL = [v for v in HOSTILE_VALUES if not (isinstance(v, int) and abs(v) > 10**100)]
_values = st.sampled_from(_SMALL) | st.integers(-5, 5) | st.text(max_size=30)
_documents = st.recursive(
    _values,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)


@FUZZ
@given(
    st.dictionaries(st.sampled_from(sorted(KNOWN)[:5]) | st.text(max_size=20), _values, max_size=6),
    st.sampled_from(["domino-tutor-progress", "other", None]),
)
def test_any_progress_file_is_read_whole_or_refused_in_one_line(
    store: ProgressStore, stars: dict[str, object], fmt: str | None
) -> None:
    try:
        data = json.dumps({"format": fmt, "stars": stars}, allow_nan=True).encode("utf-8", "surrogatepass")
    except ValueError:
        return
    before = store.stars("Fuzz")
    try:
        count = store.import_("Fuzz", data)
    except ProgressError as exc:
        assert "\n" not in str(exc) and "\n" not in exc.reason.ru
        assert store.stars("Fuzz") == before
        return
    assert count == len(stars) and set(stars) <= set(store.stars("Fuzz"))


@FUZZ
@given(_documents)
def test_any_json_document_is_refused_in_one_line_or_read(document: object) -> None:
    try:
        data = json.dumps(document).encode("utf-8", "surrogatepass")
    except (ValueError, TypeError):
        return
    try:
        read_progress_file(data, KNOWN)
    except ProgressError as exc:
        assert "\n" not in str(exc)
