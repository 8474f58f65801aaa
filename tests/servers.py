"""Starting and stopping the app's server for the browser tests and the benchmarks (one loop for all), and a
PostgreSQL schema of a test's own."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import sqlalchemy as sa

from tutorial_app.launch import streamlit_command, streamlit_flags

__all__ = ["Server", "free_port", "own_schema", "schema_url", "start_app", "stop_app"]


class Server(NamedTuple):
    """App instances of one database: their addresses and the database's URL (the club's tests read it)."""

    urls: tuple[str, ...]
    database: str

    @property
    def url(self) -> str:
        return self.urls[0]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_app(
    env_extra: dict[str, str],
    *,
    script: Path | None = None,
    log: Path | None = None,
    drop: tuple[str, ...] = (),
    wait: float = 90,
) -> tuple[subprocess.Popen[bytes], str]:
    """Serve the app (or another Streamlit ``script``) headless on a free port; wait for its health check.

    ``log``: the server's output goes to this file (a failure can be read, a full pipe never stalls a
    long-running server); ``drop``: variables of this environment the server must not inherit.
    Used by the browser tests and the benchmarks.
    """
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in drop} | env_extra
    command = (
        streamlit_command(port, headless=True, address="127.0.0.1")
        if script is None
        else [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(script),
            *streamlit_flags(port, headless=True, address="127.0.0.1"),
        ]
    )
    sink = log.open("wb") if log is not None else subprocess.DEVNULL
    try:
        process = subprocess.Popen(command, env=env, stdout=sink, stderr=subprocess.STDOUT)
    finally:
        if log is not None:
            sink.close()  # type: ignore[union-attr]
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = log.read_text(errors="replace")[-2000:] if log is not None else f"exit code {process.returncode}"
            raise RuntimeError(f"the app exited early: {said}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read().decode().strip() == "ok":
                    return process, url
        except OSError:
            time.sleep(0.3)
    process.kill()
    raise RuntimeError(f"the app did not answer its health check within {wait:.0f} s")


def stop_app(process: subprocess.Popen[bytes]) -> None:
    """Stop a server that ``start_app`` started."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


def schema_url(server_url: str, schema: str) -> str:
    """The same database with ``schema`` first on the search path: the tables a store creates go there."""
    return (
        sa.make_url(server_url)
        .update_query_dict({"options": f"-csearch_path={schema}"})
        .render_as_string(hide_password=False)
    )


@contextmanager
def own_schema(server_url: str) -> Iterator[str]:
    """A new empty schema on the server for as long as the ``with`` lasts (then dropped with its tables): its URL.

    Why a schema each: the tests that share the server (several workers, or developers' runs on one
    database) never see one another's tables."""
    name = f"test_{uuid.uuid4().hex[:12]}"
    engine = sa.create_engine(server_url)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(f"CREATE SCHEMA {name}"))
        yield schema_url(server_url, name)
    finally:
        with engine.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA IF EXISTS {name} CASCADE"))
        engine.dispose()
