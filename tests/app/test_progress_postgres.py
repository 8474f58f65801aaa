"""The progress store on a real PostgreSQL server, shared by several app instances.

CI starts a server and sets ``DOMINO_TUTOR_TEST_POSTGRES_URL`` (with
``DOMINO_TUTOR_REQUIRE_POSTGRES=1``, so these tests fail rather than skip
there); elsewhere ``postgres_url`` starts a throwaway cluster, or the tests
are skipped with a note where the machine has no PostgreSQL. Each test
works in an empty schema of its own (``postgres_schema``).
"""

from __future__ import annotations

import threading
import uuid

from tutorial_app.stores.progress import ProgressStore


def test_two_app_instances_share_one_database(postgres_schema: str) -> None:
    url = postgres_schema
    first, second = ProgressStore(url), ProgressStore(url)
    assert first.record("Anna", "core-01", 2) == 2
    assert second.stars("Anna") == {"core-01": 2}
    assert second.record("Anna", "core-01", 1) == 2
    assert second.record("Ёжик 🦔'; DROP TABLE lesson_progress;--", "core-02", 3) == 3
    assert first.stars("Ёжик 🦔'; DROP TABLE lesson_progress;--") == {"core-02": 3}
    assert first.stars("Anna") == {"core-01": 2}


def test_instances_writing_at_once_keep_the_best(postgres_schema: str) -> None:
    url = postgres_schema
    stores = [ProgressStore(url) for _ in range(4)]
    learner = f"club-{uuid.uuid4().hex[:8]}"
    errors: list[BaseException] = []

    def write(store: ProgressStore, stars: int) -> None:
        try:
            for lesson in range(20):
                store.record(learner, f"lesson-{lesson:02d}", stars)
        except BaseException as exc:  # any failure is reported by the assertion below
            errors.append(exc)

    threads = [
        threading.Thread(target=write, args=(store, stars)) for store, stars in zip(stores, (1, 3, 2, 1), strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert stores[0].stars(learner) == {f"lesson-{n:02d}": 3 for n in range(20)}
