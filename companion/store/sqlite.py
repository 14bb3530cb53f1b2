"""The event store's SQLite backend: one file in the data folder, the default.

Every write is one `BEGIN IMMEDIATE` transaction, which SQLite serialises across threads and
processes; connections come from a small pool (`companion.store.pool`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.errors import StoreError
from companion.store import rows
from companion.store.backend import ChangeListener, Conn, Stoppable
from companion.store.pool import ConnectionPool
from companion.store.schema import DB_FILENAME, migrate


class SqliteBackend:
    kind = "sqlite"

    def __init__(self, path: Path, busy_timeout_s: float) -> None:
        self.path = path
        self._pool = ConnectionPool(path, busy_timeout_s)

    @classmethod
    def open(cls, data_dir: Path, busy_timeout_s: float) -> SqliteBackend:
        """The store file in `data_dir` (created if needed), its schema migrated."""
        data_dir = Path(data_dir)
        if data_dir.exists() and not data_dir.is_dir():
            raise StoreError(f"data folder {str(data_dir)!r} exists but is not a folder")
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create data folder {str(data_dir)!r}: {exc}") from exc
        backend = cls(data_dir / DB_FILENAME, busy_timeout_s)
        try:
            with backend._connection() as conn:
                migrate(conn, backend.path)
        except BaseException:
            backend.close()
            raise
        return backend

    @property
    def location(self) -> str:
        return str(self.path)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        with self._pool.connection() as conn:
            try:
                yield conn
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path.name}: database error: {exc}") from exc

    @contextmanager
    def read(self) -> Iterator[Conn]:
        with self._connection() as conn:
            yield conn

    @contextmanager
    def write(self, game_id: str | None) -> Iterator[Conn]:
        with self._connection() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                if game_id is not None:
                    rows.require_game(conn, game_id)
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def changed(self, conn: Conn, game_id: str, what: str) -> None:
        del conn, game_id, what  # readers of a SQLite file poll it

    def listen(self, listener: ChangeListener) -> Stoppable | None:
        del listener
        return None

    def integrity_check(self) -> str:
        with self._connection() as conn:
            found = conn.execute("PRAGMA integrity_check").fetchall()
        return "\n".join(str(row[0]) for row in found)

    def close(self) -> None:
        self._pool.close()
