"""Three app instances on one PostgreSQL behind HAProxy, with a class of thirty phones: does every phone follow?

Run: ``python3 benchmarks/club_cluster.py [--instances 3] [--learners 30] [--steps 3] [--database URL]``
(CI runs it: ``.ci/run``). It starts the club server exactly as docs/club-server.md says
(``domino-tutor club-server``) on a schema of its own in the PostgreSQL database (``--database``, else
``DOMINO_TUTOR_TEST_POSTGRES_URL``, else ``DATABASE_URL``). Every phone is a websocket client
(``tests/ws_client.py``) that first loads the page through the proxy, as a browser does, and keeps the
instance cookie it was given; so the teacher and the phones are spread over the instances and every
step reaches a phone through the database. Printed: which instance each client got, per click the time
until every phone shows the step, and the errors. Exit 1 when a phone missed a step, an instance got
nobody, or any screen showed an error.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "benchmarks")]

from club_load import ClassRun, next_step  # noqa: E402
from measure import benchmark_parser  # noqa: E402
from servers import free_port  # noqa: E402
from ws_client import Tab  # noqa: E402

from tutorial_app.cluster import NODE_COOKIE  # noqa: E402


def instance_cookie(url: str) -> str:
    """Load the page through the proxy as a browser does; the instance cookie the proxy set."""
    with urllib.request.urlopen(f"{url}/club", timeout=30) as answer:
        for header in answer.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            if name.strip() == NODE_COOKIE:
                return str(rest.split(";", 1)[0])
    raise RuntimeError("the proxy set no instance cookie")


class ProxiedRun(ClassRun):
    """A class whose every client first gets its instance cookie from the proxy."""

    instances: Counter[str]

    def tab(self, name: str) -> Tab:
        node = instance_cookie(self.url)
        self.instances[node] += 1
        return Tab(self.url, name, headers={"Cookie": f"{NODE_COOKIE}={node}"})


def _schema_url(database: str) -> tuple[str, str]:
    schema = f"club_{uuid.uuid4().hex[:10]}"
    engine = sa.create_engine(database)
    with engine.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    engine.dispose()
    url = sa.make_url(database).update_query_dict({"options": f"-csearch_path={schema}"})
    return schema, url.render_as_string(hide_password=False)


def _drop(database: str, schema: str) -> None:
    engine = sa.create_engine(database)
    with engine.begin() as conn:
        conn.execute(sa.text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
    engine.dispose()


def _up(url: str, process: subprocess.Popen[bytes], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the club server stopped with exit code {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read().decode().strip() == "ok":
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"the club server did not answer at {url} within {seconds:.0f} s")


async def drive(url: str, learners: int, steps: int) -> dict[str, Any]:
    run = ProxiedRun(url, learners)
    run.instances = Counter()
    code = await run.open()
    for batch in range(0, learners, 10):
        await asyncio.gather(*(run.join(code, n) for n in range(batch, min(learners, batch + 10))))
    await asyncio.sleep(3)
    clicks = [await next_step(run, step, None) for step in range(2, 2 + steps)]
    out = {
        "code": code,
        "instances_of_clients": dict(sorted(run.instances.items())),
        "joined": f"{len(run.learners)}/{learners}",
        "clicks": clicks,
        "exceptions_on_screens": sum(len(t.exceptions) for t in run.learners)
        + (len(run.teacher.exceptions) if run.teacher else 0),
    }
    await run.close()
    return out


def main() -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--database")
    args = parser.parse_args()
    database = args.database or os.environ.get("DOMINO_TUTOR_TEST_POSTGRES_URL") or os.environ.get("DATABASE_URL") or ""
    if not database.startswith("postgresql"):
        print("club_cluster: a PostgreSQL database is needed (--database or DOMINO_TUTOR_TEST_POSTGRES_URL)")
        return 1
    schema, url = _schema_url(database)
    folder = Path(tempfile.mkdtemp(prefix="club-cluster-"))
    port = free_port()
    proxy = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "tutorial_app", "club-server", "--instances", str(args.instances)]
    command += ["--port", str(port), "--address", "127.0.0.1", "--database", url, "--folder", str(folder)]
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DOMINO_TUTOR_PROGRESS_DB")}
    started = time.monotonic()
    with (folder / "club-server.log").open("wb") as log:
        server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        _up(proxy, server, 240)
        up_s = round(time.monotonic() - started, 1)
        out = asyncio.run(drive(proxy, args.learners, args.steps))
    finally:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
        _drop(database, schema)
    out = {"instances": args.instances, "server_up_s": up_s, **out}
    out["loadavg"] = Path("/proc/loadavg").read_text().split()[:3]
    print(json.dumps(out, indent=1))
    missed = [c for c in out["clicks"] if c["phones_with_step"] != f"{args.learners}/{args.learners}"]
    idle = args.instances - len(out["instances_of_clients"])
    ok = not missed and not idle and out["exceptions_on_screens"] == 0 and out["joined"].startswith(str(args.learners))
    print(
        f"{args.instances} instances behind HAProxy, {args.learners} phones: "
        + ("every phone showed every step" if ok else f"FAILED (missed {len(missed)}, idle instances {idle})")
        + "; all phones within "
        + ", ".join(f"{c['all_s']:.2f} s" for c in out["clicks"])
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
