"""A small pool of SQLite connections to one file, safe to share between threads.

Each operation borrows a connection and gives it back, so a threaded web server (one thread per
request) reuses a few connections instead of opening one per thread and never closing it. A
connection is used by one thread at a time, which is what SQLite needs.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.errors import StoreError
from companion.store.schema import connect

MAX_IDLE_CONNECTIONS = 4


class ConnectionPool:
    def __init__(self, path: Path, busy_timeout_s: float) -> None:
        self._path = path
        self._busy_timeout_s = busy_timeout_s
        self._lock = threading.Lock()
        self._idle: list[sqlite3.Connection] = []
        self._pid = os.getpid()
        self._closed = False

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        conn = self._checkout()
        try:
            yield conn
        finally:
            self._checkin(conn)

    def close(self) -> None:
        """Close the idle connections now and borrowed ones when they come back."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    def _checkout(self) -> sqlite3.Connection:
        with self._lock:
            if self._closed:
                raise StoreError(f"store {str(self._path)!r} is closed")
            if self._pid != os.getpid():
                # A forked child must not touch its parent's SQLite handles: drop, never close.
                self._idle, self._pid = [], os.getpid()
            if self._idle:
                return self._idle.pop()
        try:
            return connect(self._path, self._busy_timeout_s)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open {str(self._path)!r}: {exc}") from exc

    def _checkin(self, conn: sqlite3.Connection) -> None:
        with self._lock:
            keep = not self._closed and self._pid == os.getpid()
            if keep and not conn.in_transaction and len(self._idle) < MAX_IDLE_CONNECTIONS:
                self._idle.append(conn)
                return
        conn.close()
