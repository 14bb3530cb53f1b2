"""The event store's PostgreSQL schema: the same tables and append-only triggers as the SQLite
file (`companion.store.schema`), in PostgreSQL's words.

`dicetable_schema` holds the version. `MIGRATIONS[n]` turns version n into n + 1 (append a step,
never edit one); `migrate` runs the missing steps in one transaction under an advisory lock, so
several server processes starting at once migrate once.
"""

from __future__ import annotations

from typing import Any

from companion.errors import StoreError

# Any fixed number: the lock only keeps two of our own processes from migrating at once.
_MIGRATION_LOCK = 0x0D1CE7AB1E

_V1 = [
    """CREATE TABLE games (
        id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
        kind TEXT NOT NULL,
        title TEXT NOT NULL,
        header_json TEXT NOT NULL,
        created_at TEXT COLLATE "C" NOT NULL,
        updated_at TEXT COLLATE "C" NOT NULL,
        archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1))
    )""",
    """CREATE TABLE events (
        game_id TEXT COLLATE "C" NOT NULL REFERENCES games (id),
        seq BIGINT NOT NULL CHECK (seq >= 1),
        line TEXT NOT NULL,
        created_at TEXT NOT NULL,
        source TEXT NOT NULL,
        meta_json TEXT NOT NULL,
        has_thumbnail INTEGER NOT NULL CHECK (has_thumbnail IN (0, 1)),
        PRIMARY KEY (game_id, seq)
    )""",
    """CREATE TABLE thumbnails (
        game_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        jpeg BYTEA NOT NULL,
        PRIMARY KEY (game_id, seq),
        FOREIGN KEY (game_id, seq) REFERENCES events (game_id, seq)
    )""",
    """CREATE TABLE marks (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        game_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('undo', 'redo')),
        max_seq BIGINT NOT NULL,
        created_at TEXT NOT NULL,
        FOREIGN KEY (game_id, seq) REFERENCES events (game_id, seq)
    )""",
    "CREATE INDEX marks_by_event ON marks (game_id, seq, id)",
    "CREATE INDEX marks_since_append ON marks (game_id, max_seq, id)",
    "CREATE INDEX games_by_update ON games (archived, updated_at)",
    """CREATE FUNCTION dicetable_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation';
    END $$""",
    """CREATE TRIGGER games_keep_identity BEFORE UPDATE OF id, kind, header_json, created_at
        ON games FOR EACH ROW EXECUTE FUNCTION
        dicetable_refuse('a game''s id, kind, header and creation time never change')""",
]
for _table, _what in (
    ("games", "games are never deleted (archive them)"),
    ("events", "events are append-only"),
    ("thumbnails", "thumbnails are append-only"),
    ("marks", "undo/redo marks are append-only"),
):
    _V1.append(
        f"CREATE TRIGGER {_table}_no_delete BEFORE DELETE ON {_table} FOR EACH ROW "
        f"EXECUTE FUNCTION dicetable_refuse('{_what}')"
    )
    _V1.append(
        f"CREATE TRIGGER {_table}_no_truncate BEFORE TRUNCATE ON {_table} FOR EACH STATEMENT "
        f"EXECUTE FUNCTION dicetable_refuse('{_what}')"
    )
    if _table != "games":
        _V1.append(
            f"CREATE TRIGGER {_table}_no_update BEFORE UPDATE ON {_table} FOR EACH ROW "
            f"EXECUTE FUNCTION dicetable_refuse('{_what}')"
        )

_V2 = [
    """CREATE TABLE camera_rolls (
        game_id TEXT COLLATE "C" NOT NULL REFERENCES games (id),
        n BIGINT NOT NULL CHECK (n >= 1),
        roll_id TEXT NOT NULL,
        data_json TEXT NOT NULL,
        thumbnail BYTEA,
        settled_at TEXT NOT NULL,
        received_at TEXT NOT NULL,
        PRIMARY KEY (game_id, n),
        UNIQUE (game_id, roll_id)
    )""",
    """CREATE TABLE agents (
        game_id TEXT COLLATE "C" PRIMARY KEY NOT NULL REFERENCES games (id),
        token_sha256 TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT
    )""",
    "CREATE TRIGGER camera_rolls_no_update BEFORE UPDATE ON camera_rolls FOR EACH ROW "
    "EXECUTE FUNCTION dicetable_refuse('camera rolls are append-only')",
    "CREATE TRIGGER camera_rolls_no_delete BEFORE DELETE ON camera_rolls FOR EACH ROW "
    "EXECUTE FUNCTION dicetable_refuse('camera rolls are append-only')",
]

_V3 = [
    """CREATE TABLE pending_attempts (
        game_id TEXT COLLATE "C" PRIMARY KEY NOT NULL REFERENCES games (id),
        rev BIGINT NOT NULL,
        pending_json TEXT,
        claimed INTEGER NOT NULL DEFAULT 0 CHECK (claimed IN (0, 1)),
        cleared_json TEXT
    )""",
]

_V4 = ["ALTER TABLE agents ADD COLUMN camera TEXT"]

MIGRATIONS: tuple[tuple[str, ...], ...] = (tuple(_V1), tuple(_V2), tuple(_V3), tuple(_V4))
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: Any, location: str) -> int:
    """Bring the database up to SCHEMA_VERSION in one transaction; returns the version found.
    `conn` is a psycopg connection in autocommit mode."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS dicetable_schema (version INTEGER NOT NULL)")
        row = conn.execute("SELECT version FROM dicetable_schema").fetchone()
        found = 0 if row is None else int(row[0])
        if found > SCHEMA_VERSION:
            raise StoreError(
                f"{location}: schema version {found} is newer than this program's "
                f"{SCHEMA_VERSION}; upgrade Dicetable"
            )
        for step in MIGRATIONS[found:]:
            for statement in step:
                conn.execute(statement)
        if row is None:
            conn.execute("INSERT INTO dicetable_schema (version) VALUES (%s)", (SCHEMA_VERSION,))
        else:
            conn.execute("UPDATE dicetable_schema SET version = %s", (SCHEMA_VERSION,))
    return found
