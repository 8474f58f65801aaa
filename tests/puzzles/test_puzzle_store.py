"""Ratings, attempts, streaks and the club's board in the progress database (SQLite here; PostgreSQL below
when a server is given)."""

from __future__ import annotations

import os
import threading
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa
from puzzles.puzzle_helpers import Clock

from tutorial_app.puzzles import store as store_module
from tutorial_app.puzzles.glicko import DEFAULT, Rating, game
from tutorial_app.puzzles.schedule import DAY
from tutorial_app.puzzles.store import PuzzleStore, StoreUnavailable


def test_an_attempt_moves_both_ratings_by_glicko_2(store: PuzzleStore) -> None:
    result = store.record_attempt("Anna", "block-2-s1-g0", Rating(1400.0), "6-4 left", solved=True)
    learner, puzzle = game(DEFAULT, Rating(1400.0), solved=True)
    assert result.before == DEFAULT
    assert result.after == pytest.approx(learner)
    assert result.puzzle == pytest.approx(puzzle)
    assert store.standing("Anna").rating == pytest.approx(learner)
    assert store.puzzle_ratings()["block-2-s1-g0"] == pytest.approx(puzzle)
    # the puzzle's rating now starts from where Anna left it, for Boris
    second = store.record_attempt("Boris", "block-2-s1-g0", Rating(1400.0), "5-5 left", solved=False)
    assert second.puzzle == pytest.approx(game(DEFAULT, puzzle, solved=False)[1])


def test_a_second_try_at_the_same_puzzle_moves_no_rating(store: PuzzleStore) -> None:
    first = store.record_attempt("Anna", "p1", Rating(1500.0), "6-4 left", solved=False)
    again = store.record_attempt("Anna", "p1", Rating(1500.0), "6-4 left", solved=True)
    assert again.before == again.after == first.after
    assert store.puzzle_ratings()["p1"] == first.puzzle
    standing = store.standing("Anna")
    assert (standing.attempts, standing.solved) == (2, 1)
    assert store.attempted("Anna") == {"p1"}


def test_the_streak_counts_days_in_a_row_with_a_puzzle_solved(store: PuzzleStore, clock: Clock) -> None:
    assert store.record_attempt("Anna", "a", Rating(1500), "x", solved=True).streak == 1
    assert store.record_attempt("Anna", "b", Rating(1500), "x", solved=True).streak == 1  # the same day
    clock.now += DAY
    assert store.record_attempt("Anna", "c", Rating(1500), "x", solved=False).streak == 1
    assert store.record_attempt("Anna", "d", Rating(1500), "x", solved=True).streak == 2
    clock.now += DAY
    assert store.standing("Anna").streak == 2  # alive until the day is over
    clock.now += DAY
    assert store.standing("Anna").streak == 0  # a day without a solved puzzle ends it
    assert store.record_attempt("Anna", "e", Rating(1500), "x", solved=True).streak == 1
    assert store.standing("Anna").best_streak == 2
    assert store.solved_on("Anna", "e", store_module.day_of(clock.now))
    assert not store.solved_on("Anna", "c", store_module.day_of(clock.now))


def test_an_attempt_is_one_transaction(store: PuzzleStore, monkeypatch: pytest.MonkeyPatch) -> None:
    store.record_attempt("Anna", "p1", Rating(1500.0), "6-4 left", solved=True)
    before, ratings = store.standing("Anna"), store.puzzle_ratings()

    def broken(*_args: object, **_kwargs: object) -> None:
        raise sa.exc.OperationalError("INSERT", {}, Exception("disk full"))

    monkeypatch.setattr(PuzzleStore, "_add_attempt", staticmethod(broken))
    with pytest.raises(StoreUnavailable):
        store.record_attempt("Anna", "p2", Rating(1500.0), "6-4 left", solved=True)
    assert store.standing("Anna") == before
    assert store.puzzle_ratings() == ratings


def test_the_club_board_shows_only_names_their_owners_chose_to_show(store: PuzzleStore) -> None:
    store.record_attempt("Anna", "p1", Rating(1500.0), "x", solved=True)
    store.record_attempt("Boris", "p1", Rating(1500.0), "x", solved=False)
    store.record_attempt("Vera", "p2", Rating(1500.0), "x", solved=True)
    assert store.board() == []
    store.show_name("Boris", True)
    store.show_name("Anna", True)
    store.show_name("Gleb", True)  # never tried a puzzle: nothing to show
    assert [row.learner for row in store.board()] == ["Anna", "Boris"]
    store.show_name("Anna", False)
    assert [row.learner for row in store.board()] == ["Boris"]
    store.forget(["Boris"])
    assert store.board() == [] and store.standing("Boris").attempts == 0


def test_a_database_that_cannot_be_opened_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreUnavailable) as caught:
        PuzzleStore(f"sqlite:///{blocker / 'progress.sqlite3'}")
    assert "рейтинг" in caught.value.reason.ru


POSTGRES = os.environ.get("DOMINO_TUTOR_TEST_POSTGRES_URL", "")


@pytest.fixture
def postgres() -> str:
    if not POSTGRES:
        if os.environ.get("DOMINO_TUTOR_REQUIRE_POSTGRES") == "1":
            pytest.fail("DOMINO_TUTOR_REQUIRE_POSTGRES=1 but DOMINO_TUTOR_TEST_POSTGRES_URL is not set")
        pytest.skip("no PostgreSQL server: set DOMINO_TUTOR_TEST_POSTGRES_URL to run these tests")
    return POSTGRES


def test_club_members_solving_one_puzzle_at_once_on_postgresql(postgres: str) -> None:
    stores = [PuzzleStore(postgres) for _ in range(4)]
    puzzle = f"p-{uuid.uuid4().hex[:8]}"
    members = [f"member-{uuid.uuid4().hex[:6]}" for _ in range(8)]
    errors: list[BaseException] = []

    def solve(index: int) -> None:
        try:
            stores[index % 4].record_attempt(members[index], puzzle, Rating(), "6-4 left", solved=index % 2 == 0)
        except BaseException as exc:  # any failure is reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=solve, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        engine = sa.create_engine(postgres)
        with engine.connect() as conn:
            row = conn.execute(
                sa.text("SELECT attempts, solved FROM puzzle_ratings WHERE puzzle_id = :p"), {"p": puzzle}
            ).one()
        engine.dispose()
        # every attempt counted once: the row was locked, not overwritten
        assert (row.attempts, row.solved) == (8, 4)
        assert all(stores[0].standing(m).attempts == 1 for m in members)
    finally:
        stores[0].forget(members)


def test_days_are_the_learners_own(store: PuzzleStore, clock: Clock) -> None:
    # 22:30 UTC on 2026-12-01 is already 2026-12-02 in Moscow (UTC+3)
    late = 1_796_164_200.0
    assert store_module.day_of(late) == "2026-12-01"
    assert store_module.day_of(late, "Europe/Moscow") == "2026-12-02"
    assert store_module.day_of(late, "Nowhere/Atlantis") == "2026-12-01"  # an unknown zone is UTC
    clock.now = late - DAY  # 2026-12-01 01:30 in Moscow
    store.record_attempt("Anna", "a", Rating(), "x", solved=True, zone="Europe/Moscow")
    clock.now = late
    # in Moscow this is the next day: the streak grows; in UTC it would still be the same day
    assert store.record_attempt("Anna", "b", Rating(), "x", solved=True, zone="Europe/Moscow").streak == 2
    assert store.solved_on("Anna", "b", "2026-12-02")
