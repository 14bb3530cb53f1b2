"""The event store's PostgreSQL backend (psycopg 3): one database for a club of tables, shared
by several server processes.

A write is one transaction that first locks its game's row (`SELECT ... FOR UPDATE`), so writers
of one game queue (as SQLite's file lock makes them) while other games' writers go on. Every
committed write sends `NOTIFY dicetable, '<game id> <what>'`; `listen` turns those into calls in
each process, which is how live updates reach viewers of another server process.
"""

from __future__ import annotations

import logging
import re
import select
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from companion.errors import StoreError, StoreUnavailableError, UnknownGameError
from companion.store.backend import ChangeListener, Conn, Cursor
from companion.store.postgres_schema import migrate

try:
    import psycopg
except ImportError:  # pragma: no cover - the optional dependency is missing
    psycopg = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

CHANNEL = "dicetable"
MAX_IDLE_CONNECTIONS = 8
CONNECT_TIMEOUT_S = 5
# After a lost connection the listener tries again, waiting longer each time up to this.
MAX_RELISTEN_WAIT_S = 2.0


def redacted(url: str) -> str:
    """The URL without its password, to print and to put in messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


@lru_cache(maxsize=256)
def _pg_sql(sql: str) -> str:
    # rows.py writes `?` (its SQL has no `?` or `%` otherwise); psycopg wants `%s`.
    return sql.replace("?", "%s")


class _PgConn:
    """A psycopg connection as `companion.store.rows` calls it (`?` placeholders)."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Sequence[Any] = (), /) -> Cursor:
        cursor: Cursor = self._conn.execute(_pg_sql(sql), params)
        return cursor

    def executemany(self, sql: str, params: Sequence[Sequence[Any]], /) -> None:
        # psycopg 3 pipelines executemany: one round trip for the lot, not one a row.
        with self._conn.cursor() as cursor:
            cursor.executemany(_pg_sql(sql), params)


class _Pool:
    """A few open connections, shared by the threads of one process (a forked child makes its
    own). After one connection is found broken (the server restarted) every idle one goes."""

    def __init__(self, url: str, lock_timeout_s: float) -> None:
        self._url = url
        self._lock_timeout_ms = max(1, int(lock_timeout_s * 1000))
        self._lock = threading.Lock()
        self._idle: list[Any] = []
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    def new_connection(self) -> Any:
        try:
            conn = psycopg.connect(self._url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S)
        except psycopg.Error as exc:
            raise StoreUnavailableError(f"cannot connect to {redacted(self._url)}: {exc}") from exc
        # A writer waits this long for a game another writer holds, then gets a StoreError.
        conn.execute(f"SET lock_timeout = {self._lock_timeout_ms:d}")
        return conn

    @contextmanager
    def connection(self) -> Iterator[Any]:
        conn = self._checkout()
        try:
            yield conn
        except psycopg.OperationalError:
            if conn.broken:
                self._drop_idle()
            raise
        finally:
            self._checkin(conn)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    def _checkout(self) -> Any:
        while True:
            with self._lock:
                if self._closed:
                    raise StoreError(f"store {redacted(self._url)!r} is closed")
                conn = self._idle.pop() if self._idle else None
            if conn is None:
                return self.new_connection()
            if _alive(conn):
                return conn
            conn.close()

    def _checkin(self, conn: Any) -> None:
        idle = conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
        with self._lock:
            keep = not self._closed and idle and not conn.broken
            if keep and len(self._idle) < MAX_IDLE_CONNECTIONS:
                self._idle.append(conn)
                return
        conn.close()

    def _drop_idle(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()


def _alive(conn: Any) -> bool:
    """An idle connection the server has closed (it restarted) reads as ready: the socket has
    its end-of-file waiting. One that is fine has nothing to read."""
    if conn.closed or conn.broken:
        return False
    try:
        ready, _, _ = select.select([conn.fileno()], [], [], 0)
    except (OSError, ValueError):
        return False
    return not ready


class _Listener:
    """A thread with its own connection, LISTENing; reconnects after the server restarts and
    then reports `("*", "reconnected")`, since changes may have been missed meanwhile."""

    def __init__(self, pool: _Pool, listener: ChangeListener) -> None:
        self._pool = pool
        self._listener = listener
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="dicetable-listen", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        wait_s, first = 0.1, True
        while not self._stopped.is_set() and not self._pool.closed:
            try:
                conn = self._pool.new_connection()
            except StoreError:
                self._stopped.wait(wait_s)
                wait_s = min(MAX_RELISTEN_WAIT_S, wait_s * 2)
                continue
            try:
                conn.execute(f"LISTEN {CHANNEL}")
                if not first:
                    self._listener("*", "reconnected")
                first, wait_s = False, 0.1
                while not self._stopped.is_set() and not self._pool.closed:
                    for note in conn.notifies(timeout=1.0):
                        game_id, _, what = note.payload.partition(" ")
                        try:
                            self._listener(game_id, what)
                        except Exception:
                            log.exception("a store listener failed on %r", note.payload)
            except psycopg.Error:
                self._stopped.wait(wait_s)
            finally:
                conn.close()


class PostgresBackend:
    kind = "postgresql"

    def __init__(self, url: str, busy_timeout_s: float) -> None:
        if psycopg is None:
            raise StoreError(
                "a PostgreSQL database needs psycopg 3: pip install 'psycopg[binary]' "
                "(or the club extra: pip install -e '.[club]')"
            )
        self._url = url
        self._pool = _Pool(url, busy_timeout_s)

    @classmethod
    def open(cls, url: str, busy_timeout_s: float, *, migrated: bool = False) -> PostgresBackend:
        """The database at `url`, its schema brought up to date first unless `migrated` (another
        process did it: a server's worker, whose master migrated before starting it, then opens
        without connecting, so it starts while the database is down and answers 503 until it
        is back)."""
        if not re.match(r"postgres(ql)?://", url):
            raise StoreError(f"not a PostgreSQL URL: {redacted(url)!r}")
        backend = cls(url, busy_timeout_s)
        if migrated:
            return backend
        try:
            with backend._connection() as conn:
                migrate(conn, backend.location)
        except BaseException:
            backend.close()
            raise
        return backend

    @property
    def location(self) -> str:
        return redacted(self._url)

    @contextmanager
    def _connection(self) -> Iterator[Any]:
        try:
            with self._pool.connection() as conn:
                yield conn
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            raise StoreUnavailableError(f"{self.location}: database error: {exc}") from exc
        except psycopg.Error as exc:
            raise StoreError(f"{self.location}: database error: {exc}") from exc

    @contextmanager
    def read(self) -> Iterator[Conn]:
        with self._connection() as conn:
            yield _PgConn(conn)

    @contextmanager
    def write(self, game_id: str | None) -> Iterator[Conn]:
        with self._connection() as raw, raw.transaction():
            conn = _PgConn(raw)
            if game_id is not None:
                found = conn.execute("SELECT 1 FROM games WHERE id = ? FOR UPDATE", (game_id,))
                if found.fetchone() is None:
                    raise UnknownGameError(f"no game with id {game_id!r}")
            yield conn

    def changed(self, conn: Conn, game_id: str, what: str) -> None:
        conn.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{game_id} {what}"))

    def listen(self, listener: ChangeListener) -> _Listener:
        return _Listener(self._pool, listener)

    def integrity_check(self) -> str:
        """ "ok" when every game's events are numbered 1..n without a gap and every thumbnail
        and mark belongs to an event (the server checks its own pages)."""
        with self.read() as conn:
            gaps = conn.execute(
                "SELECT game_id FROM events GROUP BY game_id HAVING max(seq) <> count(*)"
            ).fetchall()
        if gaps:
            return "\n".join(f"game {row[0]!r}: its seqs have a gap" for row in gaps)
        return "ok"

    def close(self) -> None:
        self._pool.close()
