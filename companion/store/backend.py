"""What the event store needs of a database: the `Backend` protocol and the connection shape its
row helpers use. Two backends exist: `companion.store.sqlite` (one file, the default) and
`companion.store.postgres` (a PostgreSQL server, for a club of tables and several server
processes). `companion.store.rows` writes its SQL once, with `?` placeholders, for both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol


class Cursor(Protocol):
    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Conn(Protocol):
    """A connection as `companion.store.rows` uses it: `execute(sql, params)` with `?`."""

    def execute(self, sql: str, params: Sequence[Any] = ..., /) -> Cursor: ...

    def executemany(self, sql: str, params: Sequence[Sequence[Any]], /) -> Any:
        """One statement for many rows (PostgreSQL sends them in one round trip)."""
        ...


# Told (game id, what happened) after a write to that game commits, in whatever process wrote.
ChangeListener = Callable[[str, str], None]


class Stoppable(Protocol):
    def stop(self) -> None: ...


class Backend(Protocol):
    """One database holding the games. `write(game_id)` is one transaction that holds the
    game's write lock from its start (SQLite: the whole file; PostgreSQL: the game's row), so
    no other writer, thread or process, comes between a check and an insert."""

    kind: str  # "sqlite" or "postgresql"

    @property
    def location(self) -> str:
        """Where the games live, safe to print (a path, or a URL without its password)."""
        ...

    def read(self) -> AbstractContextManager[Conn]: ...

    def write(self, game_id: str | None) -> AbstractContextManager[Conn]:
        """One write transaction; with `game_id`, that game is locked first (UnknownGameError
        when there is none). Commits on success, rolls back on any exception."""
        ...

    def changed(self, conn: Conn, game_id: str, what: str) -> None:
        """Inside a write: tell every listener, in every process, once it commits."""
        ...

    def listen(self, listener: ChangeListener) -> Stoppable | None:
        """Call `listener` on every committed change, from any process; None where this
        backend cannot (SQLite: readers poll)."""
        ...

    def integrity_check(self) -> str: ...

    def close(self) -> None: ...
