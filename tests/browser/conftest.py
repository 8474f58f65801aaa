"""The club room's servers: one app on SQLite, or two instances sharing one PostgreSQL database.

Why their own servers (not the session's ``app_url``): the club's flows keep
several browser contexts polling for minutes, and the two-instance run
needs two servers on one database; each server's log goes to a file, so a
failure can be read and a full pipe never stalls a server.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from club_helpers import Server
from servers import start_app, stop_app

POSTGRES_URL = os.environ.get("DOMINO_TUTOR_TEST_POSTGRES_URL", "")


def _serve(env_extra: dict[str, str], log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """An app instance; its own database settings only (``DATABASE_URL`` of this shell is not inherited)."""
    return start_app(env_extra, log=log, drop=() if "DATABASE_URL" in env_extra else ("DATABASE_URL",))


@pytest.fixture(scope="module")
def club_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One app instance on its own SQLite database."""
    folder = tmp_path_factory.mktemp("club")
    database = folder / "progress.sqlite3"
    process, url = _serve({"DOMINO_TUTOR_PROGRESS_DB": str(database)}, folder / "app.log")
    try:
        yield Server((url,), f"sqlite:///{database}")
    finally:
        stop_app(process)


POSTGRES_SCRIPT = Path(__file__).resolve().parents[2] / ".ci" / "postgres"


def _postgres_binary() -> bool:
    return any(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl")) or shutil.which("pg_ctl") is not None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server: ``DOMINO_TUTOR_TEST_POSTGRES_URL`` if set, else a throwaway cluster that
    ``.ci/postgres`` starts for this run. Skipped only when the machine has no PostgreSQL at all (a
    failure where ``DOMINO_TUTOR_REQUIRE_POSTGRES=1``, as in CI)."""
    if POSTGRES_URL:
        yield POSTGRES_URL
        return
    if not _postgres_binary():
        if os.environ.get("DOMINO_TUTOR_REQUIRE_POSTGRES") == "1":
            pytest.fail("DOMINO_TUTOR_REQUIRE_POSTGRES=1 but there is no PostgreSQL on this machine")
        pytest.skip("no PostgreSQL server binary (pg_ctl) on this machine: install postgresql to run these tests")
    folder = tempfile.mkdtemp(prefix="domino-pg-")  # directly in /tmp: the server's user must reach it
    started = subprocess.run([str(POSTGRES_SCRIPT), "start", folder], capture_output=True, text=True, check=False)
    if started.returncode != 0:
        pytest.fail(f".ci/postgres could not start a cluster: {started.stderr[-2000:]}")
    try:
        yield started.stdout.strip()
    finally:
        subprocess.run([str(POSTGRES_SCRIPT), "stop", folder], capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def two_instances(postgres_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Two app instances on one PostgreSQL database (a schema of their own), as behind a load balancer."""
    schema = f"club_{uuid.uuid4().hex[:10]}"
    engine = sa.create_engine(postgres_url)
    with engine.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    url = (
        sa.make_url(postgres_url)
        .update_query_dict({"options": f"-csearch_path={schema}"})
        .render_as_string(hide_password=False)
    )
    folder = tmp_path_factory.mktemp("club_pg")
    started = [_serve({"DATABASE_URL": url}, folder / f"app{n}.log") for n in (1, 2)]
    try:
        yield Server(tuple(address for _process, address in started), url)
    finally:
        for process, _url in started:
            stop_app(process)
        with engine.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()
