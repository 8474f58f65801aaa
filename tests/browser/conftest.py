"""The club room's servers: the worker's app server (SQLite), or two instances sharing one PostgreSQL database.

The club's SQLite flows use the worker's ``app_server`` (tests/conftest.py): a worker runs one test at a
time, and a club test's polling screens are closed when it ends. The two-instance flows need two servers
on one PostgreSQL schema; they are started once per run (every PostgreSQL test is in one xdist group, so
one worker has them all) and each server's log goes to a file, so a failure can be read.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from servers import Server, own_schema, start_app, stop_app


@pytest.fixture(scope="session")
def club_server(app_server: Server) -> Server:
    """One app instance on its own SQLite database: the worker's app server."""
    return app_server


@pytest.fixture(scope="session")
def two_instances(postgres_url: str, tmp_path_factory: pytest.TempPathFactory, courses_kept: None) -> Iterator[Server]:
    """Two app instances on one PostgreSQL database (a schema of their own), as behind a load balancer."""
    folder = tmp_path_factory.mktemp("club_pg")
    with own_schema(postgres_url) as url:
        started = [start_app({"DATABASE_URL": url}, log=folder / f"app{n}.log") for n in (1, 2)]
        try:
            yield Server(tuple(address for _process, address in started), url)
        finally:
            for process, _url in started:
                stop_app(process)
