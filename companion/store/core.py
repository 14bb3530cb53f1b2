"""The append-only event store: games and their game-record lines, in one SQLite file (the
default) or a PostgreSQL database (a club of tables served by several processes).

The store knows nothing of the rules. It keeps each game's header and its events as record
lines (`Al: attempt green y4 y5 b2 b5`); the session validates a line by folding it through the
rules, then appends it here. Events are never edited or deleted: undo and redo are marks added
beside them, corrections are new events. See docs/storage.md.

Concurrency: every write runs in one transaction holding the game's write lock from its start
(`companion.store.backend.Backend.write`), so the store is safe to share between a threaded
Flask app and other processes on the same database; the guarantees are the same on both.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from companion.errors import (
    ConflictError,
    NothingToRedoError,
    NothingToUndoError,
    StoreError,
    StoreValueError,
)
from companion.store import rows
from companion.store.backend import Backend, ChangeListener, Conn, Stoppable
from companion.store.camera_rolls import CameraRollStore
from companion.store.shared_state import PendingStore
from companion.store.values import (
    MAX_TITLE_CHARS,
    GameId,
    GameInfo,
    NewEvent,
    StoredEvent,
    check_game_id,
    check_header,
    check_name,
    check_seq,
    check_text,
    default_title,
    frozen_mapping,
    new_game_id,
    utc_iso,
)

Validator = Callable[[list[StoredEvent]], None]
Clock = Callable[[], datetime]

_ID_ATTEMPTS = 5
BATCH_FROM = 32  # lines appended at once from which they go in one statement
DATABASE_ENV = "DICETABLE_DATABASE"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def _utc_now() -> datetime:
    return datetime.now(UTC)


def is_database_url(spec: str | Path) -> bool:
    return isinstance(spec, str) and spec.startswith(POSTGRES_SCHEMES)


def open_store(spec: str | Path, *, clock: Clock = _utc_now, migrated: bool = False) -> EventStore:
    """`postgresql://...` (or `postgres://`): that PostgreSQL database; anything else: the
    SQLite file in that data folder. `migrated`: another process brought the PostgreSQL
    schema up to date, so opening it needs no connection (see `EventStore.connect`)."""
    if is_database_url(spec):
        return EventStore.connect(str(spec), clock=clock, migrated=migrated)
    return EventStore.open(Path(spec), clock=clock)


def database_from_env() -> str | None:
    """`$DICETABLE_DATABASE` when set and not blank."""
    value = os.environ.get(DATABASE_ENV, "").strip()
    return value or None


class EventStore(CameraRollStore, PendingStore):
    """Games and their events in one database. Build it with `EventStore.open(data_dir)`
    (SQLite), `EventStore.connect(url)` (PostgreSQL) or `open_store(spec)`."""

    def __init__(self, backend: Backend, clock: Clock, path: Path | None = None) -> None:
        self._backend = backend
        self._path = path
        self._clock = clock
        self._writing = threading.local()

    @classmethod
    def open(
        cls, data_dir: Path, *, busy_timeout_s: float = 10.0, clock: Clock = _utc_now
    ) -> EventStore:
        """Open (creating if needed) the SQLite store in `data_dir`, migrating its schema."""
        from companion.store.sqlite import SqliteBackend

        backend = SqliteBackend.open(Path(data_dir), busy_timeout_s)
        return cls(backend, clock, backend.path)

    @classmethod
    def connect(
        cls,
        url: str,
        *,
        busy_timeout_s: float = 10.0,
        clock: Clock = _utc_now,
        migrated: bool = False,
    ) -> EventStore:
        """Open the PostgreSQL database `url` (`postgresql://...`), creating or migrating the
        schema; needs psycopg 3 (`pip install 'dicetable[club]'`). With `migrated` (another
        process migrated it) nothing connects yet: the database may be down, and each use
        fails with StoreError until it is back."""
        from companion.store.postgres import PostgresBackend

        backend = PostgresBackend.open(url, busy_timeout_s, migrated=migrated)
        return cls(backend, clock)

    @property
    def path(self) -> Path:
        """The SQLite file (StoreError on PostgreSQL, which has none)."""
        if self._path is None:
            raise StoreError(f"the store at {self.location} is not a file")
        return self._path

    @property
    def kind(self) -> str:
        """ "sqlite" or "postgresql"."""
        return self._backend.kind

    @property
    def location(self) -> str:
        return self._backend.location

    def listen(self, listener: ChangeListener) -> Stoppable | None:
        """Call `listener(game_id, what)` after every committed write, from any process; None
        where the backend cannot (SQLite: poll instead)."""
        return self._backend.listen(listener)

    def close(self) -> None:
        self._backend.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # --- games -------------------------------------------------------------------------------

    def create_game(
        self, header: Mapping[str, str], game: str = "ryb", *, title: str | None = None
    ) -> GameId:
        """Store a new game with its header; returns its new random id."""
        return self.create_game_with(header, game, (), title=title)

    def create_game_with(
        self,
        header: Mapping[str, str],
        game: str,
        lines: Sequence[str],
        *,
        source: str = "import",
        title: str | None = None,
    ) -> GameId:
        """Store a new game and its first events in one transaction: a failure or a crash
        anywhere leaves no game at all. Every line is checked before anything is written."""
        new = [NewEvent.checked(line, source, None, None) for line in lines]
        checked = check_header(header)
        kind = check_name("game kind", game)
        if title is not None:
            check_text("title", title, MAX_TITLE_CHARS)
        for _ in range(_ID_ATTEMPTS):
            now = self._now()
            info = GameInfo(
                id=new_game_id(),
                game=kind,
                header=frozen_mapping(checked),
                title=title if title is not None else default_title(kind, checked, now),
                created_at=now,
                updated_at=now,
                archived=False,
            )
            with self._write(None) as conn:
                if conn.execute("SELECT 1 FROM games WHERE id = ?", (info.id,)).fetchone():
                    continue
                rows.insert_game(conn, info)
                self._insert_all(conn, info.id, new)
                self._backend.changed(conn, info.id, "created")
                return info.id
        raise StoreError(f"could not find a free game id in {_ID_ATTEMPTS} tries")

    def get_game(self, game_id: GameId) -> GameInfo:
        gid = check_game_id(game_id)
        with self._read() as conn:
            return rows.game_info(conn, gid)

    def list_games(self, *, include_archived: bool = False) -> list[GameInfo]:
        """Games, most recently changed first."""
        with self._read() as conn:
            return rows.all_games(conn, include_archived)

    def rename(self, game_id: GameId, title: str) -> GameInfo:
        """Give a game a new title (one line, at most MAX_TITLE_CHARS)."""
        gid = check_game_id(game_id)
        checked = check_text("title", title, MAX_TITLE_CHARS)
        with self._write(gid) as conn:
            rows.set_title(conn, gid, checked, self._now())
            self._backend.changed(conn, gid, "renamed")
            return rows.game_info(conn, gid)

    def archive(self, game_id: GameId, archived: bool = True) -> GameInfo:
        """Hide a game from `list_games` (or bring it back); nothing is deleted."""
        gid = check_game_id(game_id)
        with self._write(gid) as conn:
            rows.set_archived(conn, gid, bool(archived), self._now())
            self._backend.changed(conn, gid, "archived")
            return rows.game_info(conn, gid)

    # --- reading events ----------------------------------------------------------------------

    def events(self, game_id: GameId, include_undone: bool = False) -> list[StoredEvent]:
        """The game's events in seq order: live ones only, or the whole history."""
        gid = check_game_id(game_id)
        with self._read() as conn:
            rows.require_game(conn, gid)
            return rows.events(conn, gid, include_undone)

    def event(self, game_id: GameId, seq: int) -> StoredEvent:
        gid, number = check_game_id(game_id), check_seq(seq)
        with self._read() as conn:
            rows.require_game(conn, gid)
            return rows.event(conn, gid, number)

    def head_seq(self, game_id: GameId) -> int:
        """The seq of the last live event (0 when none): the token for `expected_seq`."""
        gid = check_game_id(game_id)
        with self._read() as conn:
            rows.require_game(conn, gid)
            return rows.head_seq(conn, gid)

    def redo_seq(self, game_id: GameId) -> int | None:
        """The seq `redo` would bring back, or None when there is nothing to redo."""
        gid = check_game_id(game_id)
        with self._read() as conn:
            rows.require_game(conn, gid)
            return rows.redo_candidate(conn, gid)

    def thumbnail(self, game_id: GameId, seq: int) -> bytes | None:
        """The JPEG stored with an event, or None when it was appended without one."""
        gid, number = check_game_id(game_id), check_seq(seq)
        with self._read() as conn:
            rows.require_game(conn, gid)
            return rows.thumbnail(conn, gid, number)

    def integrity_check(self) -> str:
        """The database's own check: "ok" when sound."""
        return self._backend.integrity_check()

    # --- writing events ----------------------------------------------------------------------

    def append(
        self,
        game_id: GameId,
        line: str,
        *,
        expected_seq: int | None = None,
        thumbnail_jpeg: bytes | None = None,
        source: str = "manual",
        meta: Mapping[str, Any] | None = None,
    ) -> StoredEvent:
        """Append one record line. With `expected_seq`, only if `head_seq` still equals it."""
        (stored,) = self.append_lines(
            game_id,
            (line,),
            expected_seq=expected_seq,
            thumbnail_jpeg=thumbnail_jpeg,
            source=source,
            meta=meta,
        )
        return stored

    def append_validated(
        self,
        game_id: GameId,
        line: str,
        validate: Validator,
        *,
        thumbnail_jpeg: bytes | None = None,
        source: str = "manual",
        meta: Mapping[str, Any] | None = None,
    ) -> StoredEvent:
        """Read the live events, call `validate(events)`, append: all under the write lock.

        Whatever `validate` raises propagates and nothing is stored. It must not write to the
        store (that would wait on the lock this call holds); reading is fine.
        """
        (stored,) = self.append_lines(
            game_id,
            (line,),
            validate=validate,
            thumbnail_jpeg=thumbnail_jpeg,
            source=source,
            meta=meta,
        )
        return stored

    def append_lines(
        self,
        game_id: GameId,
        lines: Sequence[str],
        *,
        expected_seq: int | None = None,
        validate: Validator | None = None,
        thumbnail_jpeg: bytes | None = None,
        source: str = "manual",
        meta: Mapping[str, Any] | None = None,
    ) -> list[StoredEvent]:
        """Append several record lines in one transaction: all of them, or none on any error
        or crash. `expected_seq` is checked and `validate(events)` called once for the whole
        batch, under the write lock, so no other writer (thread or process) comes between the
        check and any of the lines. Every line keeps the same thumbnail, source and meta."""
        gid = check_game_id(game_id)
        expected = None if expected_seq is None else check_seq(expected_seq)
        if isinstance(lines, str) or not lines:
            raise StoreValueError(f"expected a list of one or more lines, got {lines!r}")
        new = [NewEvent.checked(line, source, meta, thumbnail_jpeg) for line in lines]
        with self._write(gid) as conn:
            if expected is not None:
                _expect(gid, expected, rows.head_seq(conn, gid))
            if validate is not None:
                validate(rows.events(conn, gid, include_undone=False))
            stored = self._insert_all(conn, gid, new)
            self._backend.changed(conn, gid, "append")
            return stored

    def undo(self, game_id: GameId, *, expected_seq: int | None = None) -> StoredEvent:
        """Mark the last live event undone (it stays in the history); returns it."""
        gid = check_game_id(game_id)
        expected = None if expected_seq is None else check_seq(expected_seq)
        with self._write(gid) as conn:
            head = rows.head_seq(conn, gid)
            if expected is not None:
                _expect(gid, expected, head)
            if head == 0:
                raise NothingToUndoError(f"game {gid!r} has no live event to undo")
            return self._mark(conn, gid, head, "undo")

    def redo(self, game_id: GameId, *, expected_seq: int | None = None) -> StoredEvent:
        """Bring back the most recently undone event, if nothing was appended since."""
        gid = check_game_id(game_id)
        expected = None if expected_seq is None else check_seq(expected_seq)
        with self._write(gid) as conn:
            if expected is not None:
                _expect(gid, expected, rows.head_seq(conn, gid))
            seq = rows.redo_candidate(conn, gid)
            if seq is None:
                raise NothingToRedoError(
                    f"game {gid!r} has nothing to redo (no undo since the last append)"
                )
            return self._mark(conn, gid, seq, "redo")

    # --- internals ---------------------------------------------------------------------------

    def _insert(self, conn: Conn, gid: GameId, new: NewEvent) -> StoredEvent:
        now = self._now()
        seq = rows.max_seq(conn, gid) + 1
        rows.insert_event(conn, gid, seq, new, now)
        rows.touch_game(conn, gid, now)
        return rows.event(conn, gid, seq)

    def _insert_all(self, conn: Conn, gid: GameId, new: list[NewEvent]) -> list[StoredEvent]:
        """`new` after the game's last event. An import's thousands of lines go in one
        statement (one round trip to PostgreSQL, where a line at a time took 13 s for 5,000);
        a few lines (a table roll's, one a player) one at a time, each read back."""
        if len(new) < BATCH_FROM:
            return [self._insert(conn, gid, event) for event in new]
        now, first = self._now(), rows.max_seq(conn, gid) + 1
        rows.insert_events(conn, gid, first, new, now)
        rows.touch_game(conn, gid, now)
        return rows.events_from(conn, gid, first)

    def _mark(self, conn: Conn, gid: GameId, seq: int, kind: str) -> StoredEvent:
        now = self._now()
        rows.insert_mark(conn, gid, seq, kind, now)
        rows.touch_game(conn, gid, now)
        self._backend.changed(conn, gid, kind)
        return rows.event(conn, gid, seq)

    def _now(self) -> str:
        return utc_iso(self._clock())

    @contextmanager
    def _read(self) -> Iterator[Conn]:
        with self._backend.read() as conn:
            yield conn

    @contextmanager
    def _write(self, game_id: GameId | None) -> Iterator[Conn]:
        """One write transaction, holding `game_id`'s lock; commits on success, rolls back on
        any exception."""
        if getattr(self._writing, "active", False):
            raise StoreError("cannot write to the store from inside one of its own writes")
        self._writing.active = True
        try:
            with self._backend.write(game_id) as conn:
                yield conn
        finally:
            self._writing.active = False


def _expect(gid: GameId, expected: int, actual: int) -> None:
    if expected != actual:
        raise ConflictError(gid, expected, actual)
