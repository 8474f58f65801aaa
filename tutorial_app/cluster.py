"""``domino-tutor club-server``: several app instances on one database behind HAProxy, with sticky sessions.

Why several instances: one app instance is one Python process, which uses
one core however many the server has; a club with more phones than one core
can follow runs an instance per core. They share one database (PostgreSQL,
``DATABASE_URL``), where every room lives, so a phone may be served by any
of them.

Why sticky sessions: a Streamlit page is one long websocket plus a few
requests (its images, the QR code) that only the instance which drew the
page can answer. HAProxy (Debian's ``haproxy`` package) puts each browser on
one instance with a cookie (``DTNODE``) and sends a browser elsewhere only
when its instance stops answering its health check.

Why the proxy sets ``X-Forwarded-For`` itself: the club's limits count wrong
join codes and open rooms per client address; the instances trust that
header only from the proxy's own address (uvicorn's ``FORWARDED_ALLOW_IPS``,
loopback by default), and the proxy drops whatever a client sent in it.

See docs/club-server.md.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path

from tutorial_app.commands import UserError
from tutorial_app.launch import check_port, streamlit_command

__all__ = ["haproxy_config", "instance_ports", "run_cluster", "HAPROXY", "NODE_COOKIE"]

HAPROXY = "haproxy"
NODE_COOKIE = "DTNODE"
MAX_INSTANCES = 16


def instance_ports(port: int, instances: int) -> list[int]:
    """The instances listen on the ports right after the proxy's (on this computer only)."""
    return [port + number for number in range(1, instances + 1)]


def haproxy_config(address: str, port: int, backends: Sequence[int]) -> str:
    """HAProxy's configuration: one public port, the instances behind it, a browser kept on its instance."""
    servers = "\n".join(
        f"    server app{number} 127.0.0.1:{backend} cookie app{number} check inter 2s fall 3 rise 2"
        for number, backend in enumerate(backends, start=1)
    )
    return f"""# Domino Tutor club server: HAProxy in front of {len(backends)} app instances (docs/club-server.md).
global
    maxconn 4096

defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    # a page's websocket stays open for the whole lesson
    timeout tunnel 12h
    timeout http-request 10s
    option http-server-close

frontend club
    bind {address}:{port}
    # the instances count limits per client address: only the proxy says what it is
    http-request del-header X-Forwarded-For
    http-request del-header Forwarded
    option forwardfor
    default_backend apps

backend apps
    balance roundrobin
    # a browser stays on the instance that drew its page (its websocket, its images)
    cookie {NODE_COOKIE} insert indirect nocache httponly attr "SameSite=Lax"
    option httpchk GET /_stcore/health
    http-check expect string ok
{servers}
"""


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
            return bool(answer.read().decode().strip() == "ok")
    except OSError:
        return False


def _wait(url: str, processes: Sequence[subprocess.Popen[bytes]], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(process.poll() is not None for process in processes):
            raise UserError(f"a process of the club server stopped while starting (see its log); {url} is not up")
        if _healthy(url):
            return
        time.sleep(0.3)
    raise UserError(f"{url} did not answer its health check within {seconds:.0f} s")


def _stop(processes: Sequence[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


def run_cluster(
    instances: int,
    port: int,
    address: str,
    database: str | None,
    folder: Path | None = None,
    env: Mapping[str, str] | None = None,
) -> int:
    """Start ``instances`` app instances and HAProxy on ``address:port``; run until stopped (Ctrl+C or SIGTERM).

    ``database``: the shared database's URL (else ``DATABASE_URL``); ``folder``: where the proxy's
    configuration and the logs go (a new temporary folder by default).
    """
    base = dict(os.environ if env is None else env)
    url = database or base.get("DATABASE_URL", "")
    if not 1 <= instances <= MAX_INSTANCES:
        raise UserError(f"--instances must be from 1 to {MAX_INSTANCES}")
    if not url:
        raise UserError("the instances need one shared database: pass --database URL or set DATABASE_URL")
    proxy = shutil.which(HAPROXY) or next((p for p in ("/usr/sbin/haproxy",) if Path(p).exists()), None)
    if proxy is None:
        raise UserError("HAProxy is not installed: apt-get install haproxy (Debian's package)")
    backends = instance_ports(port, instances)
    for taken in (port, *backends):
        check_port(taken, address if taken == port else "127.0.0.1")
    where = folder or Path(tempfile.mkdtemp(prefix="domino-club-"))
    where.mkdir(parents=True, exist_ok=True)
    config = where / "haproxy.cfg"
    config.write_text(haproxy_config(address, port, backends), encoding="utf-8")
    checked = subprocess.run([proxy, "-c", "-q", "-f", str(config)], capture_output=True, text=True, check=False)
    if checked.returncode != 0:
        raise UserError(f"HAProxy refused its configuration {config}: {checked.stderr.strip()[:300]}")
    public = (
        base.get("DOMINO_TUTOR_PUBLIC_URL")
        or f"http://{'localhost' if address in ('127.0.0.1', '') else address}:{port}"
    )
    child_env = base | {"DATABASE_URL": url, "DOMINO_TUTOR_PUBLIC_URL": public}
    child_env.pop("DOMINO_TUTOR_PROGRESS_DB", None)
    processes: list[subprocess.Popen[bytes]] = []
    stop = False

    def _on_signal(_number: int, _frame: object) -> None:
        nonlocal stop
        stop = True

    previous = signal.signal(signal.SIGTERM, _on_signal)
    try:
        for number, backend in enumerate(backends, start=1):
            with (where / f"app{number}.log").open("wb") as log:
                processes.append(
                    subprocess.Popen(
                        streamlit_command(backend, headless=True, address="127.0.0.1"),
                        env=child_env,
                        stdout=log,
                        stderr=subprocess.STDOUT,
                    )
                )
        for backend in backends:
            _wait(f"http://127.0.0.1:{backend}", processes, 120)
        with (where / "haproxy.log").open("wb") as log:
            processes.append(subprocess.Popen([proxy, "-db", "-f", str(config)], stdout=log, stderr=subprocess.STDOUT))
        _wait(f"http://127.0.0.1:{port}", processes, 30)
        print(f"club server: {public} -> {instances} instances on ports {backends[0]}-{backends[-1]}", flush=True)
        print(f"configuration and logs: {where}", flush=True)
        while not stop and all(process.poll() is None for process in processes):
            time.sleep(0.5)
        failed = [number for number, process in enumerate(processes) if process.poll() not in (None, 0)]
        return 1 if failed and not stop else 0
    except KeyboardInterrupt:
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
        _stop(processes)
