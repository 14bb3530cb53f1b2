"""Several server processes behind one port: gunicorn's pre-fork master with `gthread` workers.

Why gunicorn: it is the plain, widely run WSGI server for Flask; it forks N workers that share
the listening socket (so one port), starts a new worker when one dies (SIGKILL included), and
its `gthread` worker serves each connection on a thread, which suits server-sent event streams
that stay open for minutes. Pure Python, on Debian and PyPI. Each worker builds its own app and
session after the fork (nothing of a database connection crosses a fork); the store's
LISTEN/NOTIFY carries live updates between them (docs/club.md).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WorkerSettings:
    host: str
    port: int
    workers: int
    threads: int = 256  # a live viewer holds one thread for as long as it watches
    graceful_timeout_s: int = 5
    certfile: str | None = None  # https (`serve --https`): the certificate and its key
    keyfile: str | None = None


@dataclass(frozen=True)
class Built:
    """What a worker serves: its app; `stop` ends its open streams when the worker is told to
    stop (SIGTERM), `close` closes its session as it exits."""

    app: Flask
    stop: Callable[[], None]
    close: Callable[[], None]


def run_workers(
    settings: WorkerSettings, build: Callable[[], Built], ready: Callable[[], None] = lambda: None
) -> int:
    """Serve `build()`'s app in `settings.workers` processes until interrupted; `ready()` once
    the port listens (what to print then: a client reading it may connect at once)."""
    from gunicorn.app.base import BaseApplication

    built: list[Built] = []

    class Club(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            host = f"[{settings.host}]" if ":" in settings.host else settings.host
            for key, value in {
                "bind": [f"{host}:{settings.port}"],
                "workers": settings.workers,
                "worker_class": _stopping_worker(built),
                "threads": settings.threads,
                "graceful_timeout": settings.graceful_timeout_s,
                "timeout": 30,
                "keepalive": 5,
                "accesslog": None,
                "errorlog": "-",
                "loglevel": "warning",
                "worker_exit": _worker_exit,
                "when_ready": lambda _server: ready(),
                # gunicorn 25's control socket is one file per user, which two servers on one
                # machine would share; nothing here uses it.
                "control_socket_disable": True,
                **(
                    {"certfile": settings.certfile, "keyfile": settings.keyfile}
                    if settings.certfile
                    else {}
                ),
            }.items():
                if key in self.cfg.settings:
                    self.cfg.set(key, value)

        def load(self) -> Any:
            built.append(build())
            return built[-1].app

    def _worker_exit(server: Any, worker: Any) -> None:
        del server
        _each(built, lambda b: b.close(), "closing a worker's session failed")
        if worker.pid == os.getpid():  # gunicorn's master calls this too, for a lost worker
            _exit_now()

    Club().run()
    return 0


def _exit_now() -> None:
    """Leave the worker now with the status it was leaving with, skipping the interpreter's
    teardown (a second or more with OpenCV, onnxruntime and numpy loaded, which a stopping
    master waits for): its session is closed and nothing else is left to tear down."""
    leaving = sys.exc_info()[1]  # called while gunicorn's SystemExit is on its way out
    code = leaving.code if isinstance(leaving, SystemExit) else 0
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code if isinstance(code, int) else 1)


def write_json_error(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's `util.write_error`, answering `{"error": ...}` as the API does."""
    from gunicorn import util

    body = json.dumps({"error": f"{reason.lower()}: {mesg}" if mesg else reason.lower()})
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body.encode())}\r\n\r\n"
    )
    util.write_nonblock(sock, (head + body).encode("utf-8"))


def _each(built: list[Built], call: Callable[[Built], None], failed: str) -> None:
    for one in built:
        try:
            call(one)
        except Exception:
            log.exception(failed)


def _stopping_worker(built: list[Built]) -> type:
    """gunicorn's `gthread` worker that, told to stop, ends its open live streams at once
    (they would otherwise hold it for the whole graceful timeout, then be killed) and keeps no
    connection open after its answer, so a stopping server is gone within a second or so."""
    from gunicorn.workers.gthread import ThreadWorker

    class StoppingWorker(ThreadWorker):  # type: ignore[misc]
        def init_process(self) -> None:
            from gunicorn import util

            # gunicorn answers a request it cannot parse (a bad header, a bad request line)
            # itself, in HTML; every other answer of this server's API is JSON.
            util.write_error = write_json_error
            super().init_process()

        def handle_exit(self, sig: Any, frame: Any) -> None:
            super().handle_exit(sig, frame)
            # A signal handler must not wait on the locks the streams hold: a thread does it.
            threading.Thread(
                target=_each,
                args=(built, lambda b: b.stop(), "ending a worker's streams failed"),
                daemon=True,
            ).start()

        def handle_request(self, req: Any, conn: Any) -> Any:
            keep = super().handle_request(req, conn)
            return keep if self.alive else False

    return StoppingWorker
