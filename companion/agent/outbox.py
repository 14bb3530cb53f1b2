"""The agent's outbox: settled rolls, and the camera's later corrections of them, waiting for
the server's acknowledgement, in a SQLite file in the agent's folder, so they survive the
agent's own restart.

A roll is written (and fsynced) before anything is sent, gets its id once, here, and keeps it
through every retry: the server keeps a roll id once, so a roll sent again after a lost answer
is not doubled. A correction names the roll it corrects by that id and is queued after it, so
it is sent after it (the outbox is sent in order); the server takes it once. Each leaves the
outbox only once the server has answered for it.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

OUTBOX_FILE = "outbox.sqlite3"
ROLL = "roll"
CORRECTION = "correction"


def new_roll_id() -> str:
    return secrets.token_hex(12)


@dataclass(frozen=True)
class QueuedRoll:
    roll_id: str  # the outbox's key: a roll's id; a correction's own (its body names the roll)
    body: dict[str, Any]  # what is posted: roll_id, dice, settled_at, ...
    tries: int
    kind: str = ROLL  # ROLL or CORRECTION


class Outbox:
    """Thread-safe: the camera thread puts rolls in, the sender takes them out."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / OUTBOX_FILE
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._conn.execute("PRAGMA journal_mode = WAL")
        self._conn.execute("PRAGMA synchronous = FULL")  # a queued roll survives a power cut
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS rolls (k INTEGER PRIMARY KEY AUTOINCREMENT,"
            " roll_id TEXT NOT NULL UNIQUE, body TEXT NOT NULL, tries INTEGER NOT NULL DEFAULT 0,"
            " sent INTEGER NOT NULL DEFAULT 0, answer TEXT, kind TEXT NOT NULL DEFAULT 'roll')"
        )
        columns = {row[1] for row in self._conn.execute("PRAGMA table_info(rolls)")}
        if "kind" not in columns:  # an outbox from before corrections: every entry a roll
            self._conn.execute("ALTER TABLE rolls ADD COLUMN kind TEXT NOT NULL DEFAULT 'roll'")
        self.wake = threading.Event()

    def put(self, body: dict[str, Any]) -> str:
        """Queue a roll (its `roll_id` given here unless the body has one); returns the id."""
        roll_id = str(body.get("roll_id") or new_roll_id())
        text = json.dumps({**body, "roll_id": roll_id}, separators=(",", ":"))
        with self._lock:
            self._conn.execute(
                "INSERT OR IGNORE INTO rolls (roll_id, body) VALUES (?, ?)", (roll_id, text)
            )
        self.wake.set()
        return roll_id

    def put_correction(self, roll_id: str, body: dict[str, Any]) -> str:
        """Queue a correction of roll `roll_id` (its `dice`), after that roll: KeyError if the
        roll was never queued here. Returns the correction's own id in the outbox."""
        key = f"fix-{new_roll_id()}"
        text = json.dumps({**body, "roll_id": roll_id}, separators=(",", ":"))
        with self._lock:
            found = self._conn.execute(
                "SELECT 1 FROM rolls WHERE roll_id = ? AND kind = ?", (roll_id, ROLL)
            ).fetchone()
            if found is None:
                raise KeyError(f"roll {roll_id!r} is not in the outbox")
            self._conn.execute(
                "INSERT INTO rolls (roll_id, body, kind) VALUES (?, ?, ?)", (key, text, CORRECTION)
            )
        self.wake.set()
        return key

    def next(self) -> QueuedRoll | None:
        """The oldest roll or correction not yet answered for."""
        with self._lock:
            row = self._conn.execute(
                "SELECT roll_id, body, tries, kind FROM rolls WHERE sent = 0 ORDER BY k LIMIT 1"
            ).fetchone()
        if row is None:
            return None
        return QueuedRoll(row[0], json.loads(row[1]), int(row[2]), str(row[3]))

    def tried(self, roll_id: str) -> None:
        with self._lock:
            self._conn.execute("UPDATE rolls SET tries = tries + 1 WHERE roll_id = ?", (roll_id,))

    def done(self, roll_id: str, answer: dict[str, Any]) -> None:
        """The server answered for the roll or correction (took it, or took it before, or
        refused it for good): it is not sent again. The answer stays beside it for a person to
        look at."""
        with self._lock:
            self._conn.execute(
                "UPDATE rolls SET sent = 1, answer = ? WHERE roll_id = ?",
                (json.dumps(answer), roll_id),
            )

    def waiting(self) -> int:
        with self._lock:
            return int(
                self._conn.execute("SELECT count(*) FROM rolls WHERE sent = 0").fetchone()[0]
            )

    def answers(self) -> list[tuple[str, dict[str, Any]]]:
        with self._lock:
            rows = self._conn.execute(
                "SELECT roll_id, answer FROM rolls WHERE sent = 1 ORDER BY k"
            ).fetchall()
        return [(r[0], json.loads(r[1])) for r in rows]

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Outbox:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
