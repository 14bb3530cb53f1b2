"""Row-level SQL for the event store: each function runs on a connection the caller holds.

`companion.store.EventStore` decides the transactions; these helpers only read and insert. The
SQL is written once for both backends (SQLite and PostgreSQL): `?` placeholders (the
PostgreSQL backend's connection turns them into its own) and no function only one dialect has.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.errors import UnknownEventError, UnknownGameError
from companion.store.backend import Conn
from companion.store.values import GameId, GameInfo, NewEvent, StoredEvent, frozen_mapping

# Each event with its latest undo/redo mark (if any): undone means that mark is an undo.
_FROM_MARKED = """
FROM events AS e
LEFT JOIN marks AS m ON m.id = (
    SELECT id FROM marks WHERE game_id = e.game_id AND seq = e.seq ORDER BY id DESC LIMIT 1
)
WHERE e.game_id = ?
"""
_EVENT_SELECT = (
    "SELECT e.seq, e.line, e.created_at, e.source, e.meta_json, e.has_thumbnail,"
    " m.kind, m.created_at" + _FROM_MARKED
)
_LIVE = " AND (m.kind IS NULL OR m.kind <> 'undo')"
_GAME_SELECT = "SELECT id, kind, header_json, title, created_at, updated_at, archived FROM games"


def game_info(conn: Conn, game_id: GameId) -> GameInfo:
    row = conn.execute(f"{_GAME_SELECT} WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise UnknownGameError(f"no game with id {game_id!r}")
    return _game_from_row(row)


def all_games(conn: Conn, include_archived: bool) -> list[GameInfo]:
    where = "" if include_archived else " WHERE archived = 0"
    rows = conn.execute(f"{_GAME_SELECT}{where} ORDER BY updated_at DESC, id").fetchall()
    return [_game_from_row(row) for row in rows]


def require_game(conn: Conn, game_id: GameId) -> None:
    if conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
        raise UnknownGameError(f"no game with id {game_id!r}")


def insert_game(conn: Conn, info: GameInfo) -> None:
    conn.execute(
        "INSERT INTO games (id, kind, header_json, title, created_at, updated_at, archived)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            info.id,
            info.game,
            json.dumps(dict(info.header), ensure_ascii=False),
            info.title,
            info.created_at,
            info.updated_at,
            int(info.archived),
        ),
    )


def touch_game(conn: Conn, game_id: GameId, now: str) -> None:
    # A clock that steps back must not make updated_at go back.
    conn.execute(
        "UPDATE games SET updated_at = CASE WHEN updated_at > ? THEN updated_at ELSE ? END"
        " WHERE id = ?",
        (now, now, game_id),
    )


def set_title(conn: Conn, game_id: GameId, title: str, now: str) -> None:
    conn.execute("UPDATE games SET title = ? WHERE id = ?", (title, game_id))
    touch_game(conn, game_id, now)


def set_archived(conn: Conn, game_id: GameId, archived: bool, now: str) -> None:
    conn.execute("UPDATE games SET archived = ? WHERE id = ?", (int(archived), game_id))
    touch_game(conn, game_id, now)


def events(conn: Conn, game_id: GameId, include_undone: bool) -> list[StoredEvent]:
    sql = _EVENT_SELECT + ("" if include_undone else _LIVE) + " ORDER BY e.seq"
    return [_event_from_row(game_id, row) for row in conn.execute(sql, (game_id,))]


def event(conn: Conn, game_id: GameId, seq: int) -> StoredEvent:
    row = conn.execute(_EVENT_SELECT + " AND e.seq = ?", (game_id, seq)).fetchone()
    if row is None:
        raise UnknownEventError(f"game {game_id!r} has no event with seq {seq}")
    return _event_from_row(game_id, row)


def head_seq(conn: Conn, game_id: GameId) -> int:
    """The seq of the game's last live event, 0 when none is live."""
    sql = f"SELECT e.seq{_FROM_MARKED}{_LIVE} ORDER BY e.seq DESC LIMIT 1"
    found = conn.execute(sql, (game_id,)).fetchone()
    return int(found[0]) if found else 0


def max_seq(conn: Conn, game_id: GameId) -> int:
    """The highest seq ever given in the game, undone or not (seqs are never reused)."""
    row = conn.execute("SELECT max(seq) FROM events WHERE game_id = ?", (game_id,)).fetchone()
    return int(row[0] or 0)


def events_from(conn: Conn, game_id: GameId, first_seq: int) -> list[StoredEvent]:
    """The events from `first_seq` on, undone ones too, in order."""
    sql = _EVENT_SELECT + " AND e.seq >= ? ORDER BY e.seq"
    return [_event_from_row(game_id, row) for row in conn.execute(sql, (game_id, first_seq))]


def insert_events(
    conn: Conn, game_id: GameId, first_seq: int, new: list[NewEvent], now: str
) -> None:
    """`new` as seqs `first_seq`, `first_seq + 1`, ...: one statement for all of them (a
    5,000-line import is one round trip to PostgreSQL, not 20,000)."""
    conn.executemany(
        "INSERT INTO events (game_id, seq, line, created_at, source, meta_json, has_thumbnail)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, first_seq + k, e.line, now, e.source, e.meta_json,
             int(e.thumbnail_jpeg is not None))
            for k, e in enumerate(new)
        ],
    )  # fmt: skip
    pictures = [
        (game_id, first_seq + k, e.thumbnail_jpeg)
        for k, e in enumerate(new)
        if e.thumbnail_jpeg is not None
    ]
    if pictures:
        conn.executemany("INSERT INTO thumbnails (game_id, seq, jpeg) VALUES (?, ?, ?)", pictures)


def insert_event(conn: Conn, game_id: GameId, seq: int, fields: NewEvent, now: str) -> None:
    has_thumbnail = int(fields.thumbnail_jpeg is not None)
    conn.execute(
        "INSERT INTO events (game_id, seq, line, created_at, source, meta_json, has_thumbnail)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (game_id, seq, fields.line, now, fields.source, fields.meta_json, has_thumbnail),
    )
    if fields.thumbnail_jpeg is not None:
        conn.execute(
            "INSERT INTO thumbnails (game_id, seq, jpeg) VALUES (?, ?, ?)",
            (game_id, seq, fields.thumbnail_jpeg),
        )


def thumbnail(conn: Conn, game_id: GameId, seq: int) -> bytes | None:
    row = conn.execute(
        "SELECT e.seq, t.jpeg FROM events AS e LEFT JOIN thumbnails AS t"
        " ON t.game_id = e.game_id AND t.seq = e.seq WHERE e.game_id = ? AND e.seq = ?",
        (game_id, seq),
    ).fetchone()
    if row is None:
        raise UnknownEventError(f"game {game_id!r} has no event with seq {seq}")
    return None if row[1] is None else bytes(row[1])


def insert_mark(conn: Conn, game_id: GameId, seq: int, kind: str, now: str) -> None:
    conn.execute(
        "INSERT INTO marks (game_id, seq, kind, max_seq, created_at) VALUES (?, ?, ?, ?, ?)",
        (game_id, seq, kind, max_seq(conn, game_id), now),
    )


def redo_candidate(conn: Conn, game_id: GameId) -> int | None:
    """The seq a redo would bring back: the top of the stack of undos since the last append."""
    rows = conn.execute(
        "SELECT kind, seq FROM marks WHERE game_id = ? AND max_seq = ? ORDER BY id",
        (game_id, max_seq(conn, game_id)),
    )
    stack: list[int] = []
    for kind, seq in rows:
        if kind == "undo":
            stack.append(seq)
        elif stack:
            stack.pop()
    return stack[-1] if stack else None


def _game_from_row(row: tuple[Any, ...]) -> GameInfo:
    game_id, kind, header_json, title, created_at, updated_at, archived = row
    header: Mapping[str, str] = frozen_mapping(json.loads(header_json))
    return GameInfo(game_id, kind, header, title, created_at, updated_at, bool(archived))


def _event_from_row(game_id: GameId, row: tuple[Any, ...]) -> StoredEvent:
    seq, line, created_at, source, meta_json, has_thumb, mark_kind, mark_at = row
    undone = mark_kind == "undo"
    return StoredEvent(
        game_id=game_id,
        seq=seq,
        line=line,
        created_at=created_at,
        source=source,
        undone=undone,
        undone_at=mark_at if undone else None,
        has_thumbnail=bool(has_thumb),
        meta=frozen_mapping(json.loads(meta_json)),
    )
