"""Several server processes behind one port: gunicorn's pre-fork master with `gthread` workers.

Why gunicorn: it is the plain, widely run WSGI server for Flask; it forks N workers that share
the listening socket (so one port), starts a new worker when one dies (SIGKILL included), and
its `gthread` worker serves each connection on a thread, which suits server-sent event streams
that stay open for minutes. Pure Python, on Debian and PyPI. Each worker builds its own app and
session after the fork (nothing of a database connection crosses a fork); the store's
LISTEN/NOTIFY carries live updates between them (docs/club.md).
"""

from __future__ import annotations

import logging
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


def run_workers(
    settings: WorkerSettings, build: Callable[[], tuple[Flask, Callable[[], None]]]
) -> int:
    """Serve `build()`'s app (and call its closer at a worker's exit) in `settings.workers`
    processes until interrupted."""
    from gunicorn.app.base import BaseApplication

    closers: list[Callable[[], None]] = []

    class Club(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            host = f"[{settings.host}]" if ":" in settings.host else settings.host
            for key, value in {
                "bind": [f"{host}:{settings.port}"],
                "workers": settings.workers,
                "worker_class": "gthread",
                "threads": settings.threads,
                "graceful_timeout": settings.graceful_timeout_s,
                "timeout": 30,
                "keepalive": 5,
                "accesslog": None,
                "errorlog": "-",
                "loglevel": "warning",
                "worker_exit": _worker_exit,
            }.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            app, close = build()
            closers.append(close)
            return app

    def _worker_exit(server: Any, worker: Any) -> None:
        del server, worker
        for close in closers:
            try:
                close()
            except Exception:
                log.exception("closing a worker's session failed")

    Club().run()
    return 0
