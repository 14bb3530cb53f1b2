"""The event store's SQLite file: how a connection is opened and how the schema evolves.

`PRAGMA user_version` holds the schema version. `MIGRATIONS[n]` turns version n into n + 1; a
later session adds a step to the end (never edits an old one), and `migrate` runs the missing
steps in one write transaction, so a crash mid-migration leaves the old version intact.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from companion.errors import StoreError

DB_FILENAME = "dicetable.sqlite3"

_V1 = """
CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    header_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1))
);
CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL CHECK (typeof(seq) = 'integer' AND seq >= 1),
    line TEXT NOT NULL,
    created_at TEXT NOT NULL,
    source TEXT NOT NULL,
    meta_json TEXT NOT NULL,
    has_thumbnail INTEGER NOT NULL CHECK (has_thumbnail IN (0, 1)),
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE thumbnails (
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    jpeg BLOB NOT NULL,
    PRIMARY KEY (game_id, seq),
    FOREIGN KEY (game_id, seq) REFERENCES events (game_id, seq)
);
-- Undo and redo are facts appended here, never edits of an event. An event is undone when its
-- latest mark is an undo. max_seq (the game's highest seq when the mark was made) tells which
-- marks came after the latest append: those alone form the redo stack.
CREATE TABLE marks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('undo', 'redo')),
    max_seq INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    FOREIGN KEY (game_id, seq) REFERENCES events (game_id, seq)
);
CREATE INDEX marks_by_event ON marks (game_id, seq, id);
CREATE INDEX marks_since_append ON marks (game_id, max_seq, id);
CREATE INDEX games_by_update ON games (archived, updated_at);

CREATE TRIGGER games_keep_identity BEFORE UPDATE OF id, kind, header_json, created_at ON games
BEGIN SELECT RAISE(ABORT, 'a game''s id, kind, header and creation time never change'); END;
CREATE TRIGGER games_no_delete BEFORE DELETE ON games
BEGIN SELECT RAISE(ABORT, 'games are never deleted (archive them)'); END;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER thumbnails_no_update BEFORE UPDATE ON thumbnails
BEGIN SELECT RAISE(ABORT, 'thumbnails are append-only'); END;
CREATE TRIGGER thumbnails_no_delete BEFORE DELETE ON thumbnails
BEGIN SELECT RAISE(ABORT, 'thumbnails are append-only'); END;
CREATE TRIGGER marks_no_update BEFORE UPDATE ON marks
BEGIN SELECT RAISE(ABORT, 'undo/redo marks are append-only'); END;
CREATE TRIGGER marks_no_delete BEFORE DELETE ON marks
BEGIN SELECT RAISE(ABORT, 'undo/redo marks are append-only'); END;
"""


# A camera agent's settled rolls (each once: `roll_id` is the agent's own) and each game's agent
# token (its SHA-256) with when it was last heard from (docs/club.md).
_V2 = """
CREATE TABLE camera_rolls (
    game_id TEXT NOT NULL REFERENCES games (id),
    n INTEGER NOT NULL CHECK (typeof(n) = 'integer' AND n >= 1),
    roll_id TEXT NOT NULL,
    data_json TEXT NOT NULL,
    thumbnail BLOB,
    settled_at TEXT NOT NULL,
    received_at TEXT NOT NULL,
    PRIMARY KEY (game_id, n),
    UNIQUE (game_id, roll_id)
);
CREATE TABLE agents (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id),
    token_sha256 TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_seen_at TEXT
);
CREATE TRIGGER camera_rolls_no_update BEFORE UPDATE ON camera_rolls
BEGIN SELECT RAISE(ABORT, 'camera rolls are append-only'); END;
CREATE TRIGGER camera_rolls_no_delete BEFORE DELETE ON camera_rolls
BEGIN SELECT RAISE(ABORT, 'camera rolls are append-only'); END;
"""


# What a game's declared attempt is while several server processes share it
# (`companion.session.shared_table`): state, not history, so it is updated in place.
_V3 = """
CREATE TABLE pending_attempts (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id),
    rev INTEGER NOT NULL,
    pending_json TEXT,
    claimed INTEGER NOT NULL DEFAULT 0 CHECK (claimed IN (0, 1)),
    cleared_json TEXT
);
"""


# What a table's camera agent last said of its camera ("ok", "lost", "ended": a recording or a
# folder of photos played to its end), shown on the club's card.
_V4 = """
ALTER TABLE agents ADD COLUMN camera TEXT;
"""


def _v0_to_v1(conn: sqlite3.Connection) -> None:
    for statement in _split_script(_V1):
        conn.execute(statement)


def _v1_to_v2(conn: sqlite3.Connection) -> None:
    for statement in _split_script(_V2):
        conn.execute(statement)


def _v2_to_v3(conn: sqlite3.Connection) -> None:
    for statement in _split_script(_V3):
        conn.execute(statement)


def _v3_to_v4(conn: sqlite3.Connection) -> None:
    for statement in _split_script(_V4):
        conn.execute(statement)


Migration = Callable[[sqlite3.Connection], None]
MIGRATIONS: tuple[Migration, ...] = (_v0_to_v1, _v1_to_v2, _v2_to_v3, _v3_to_v4)
SCHEMA_VERSION = len(MIGRATIONS)


def connect(path: Path, busy_timeout_s: float) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), durable on every commit."""
    conn = sqlite3.connect(
        path, timeout=busy_timeout_s, isolation_level=None, check_same_thread=False
    )
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        # FULL: in WAL mode a commit is only acknowledged after the WAL is fsynced, so an
        # acknowledged append survives a killed process and a power cut.
        conn.execute("PRAGMA synchronous = FULL")
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal":
                raise StoreError(f"{path}: cannot switch to WAL journal mode (got {mode!r})")
    except BaseException:
        conn.close()
        raise
    return conn


def user_version(conn: sqlite3.Connection) -> int:
    version: int = conn.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(conn: sqlite3.Connection, path: Path) -> int:
    """Bring the file up to SCHEMA_VERSION; returns the version it found."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = user_version(conn)
        if found > SCHEMA_VERSION:
            raise StoreError(
                f"{path}: schema version {found} is newer than this program's "
                f"{SCHEMA_VERSION}; upgrade Dicetable"
            )
        for step in MIGRATIONS[found:]:
            step(conn)
        # PRAGMA takes no bound parameters; SCHEMA_VERSION is our own int.
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION:d}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return found


def _split_script(script: str) -> list[str]:
    """Split on `;` at statement ends (triggers hold `;` inside BEGIN ... END)."""
    statements: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        if line.lstrip().startswith("--"):
            continue
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    if current.strip():
        raise StoreError(f"incomplete SQL statement in schema: {current.strip()[:60]!r}")
    return statements
