"""A camera agent's side of the store: each game's settled camera rolls, kept once each (a roll
carries its agent's `roll_id`; a repeat is answered with the roll already kept), and each
game's agent token (its SHA-256 only) with when the agent was last heard from.

Rolls are numbered `n = 1, 2, 3...` per game without gaps and never change; they are what the
camera saw, not game events (a person still accepts a roll into the record). `EventStore` mixes
this in; every write holds the game's write lock like an append. See docs/club.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from companion.errors import StoreValueError, UnknownEventError
from companion.store import rows
from companion.store.backend import Backend, Conn
from companion.store.values import (
    GameId,
    check_game_id,
    check_meta,
    check_seq,
    check_thumbnail,
    frozen_mapping,
    utc_iso,
)

ROLL_ID_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")
TOKEN_SHA256_RE = re.compile(r"[0-9a-f]{64}")
ISO_RE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z")
# An agent heard from within this long is "connected"; it says hello every 10 s.
CONNECTED_WITHIN_S = 30.0
_ROLL_SELECT = (
    "SELECT n, roll_id, data_json, thumbnail IS NOT NULL, settled_at, received_at"
    " FROM camera_rolls WHERE game_id = ?"
)


def check_roll_id(value: object) -> str:
    if not isinstance(value, str) or ROLL_ID_RE.fullmatch(value) is None:
        raise StoreValueError(
            f"invalid roll id {value!r}: expected 8-64 of letters, digits, '-' and '_'"
        )
    return value


def check_iso(what: str, value: object) -> str:
    if not isinstance(value, str) or ISO_RE.fullmatch(value) is None:
        raise StoreValueError(f"invalid {what} {value!r}: expected UTC ISO 8601 like {_EXAMPLE}")
    return value


_EXAMPLE = "2026-11-22T01:02:03.000004Z"


@dataclass(frozen=True, slots=True)
class CameraRoll:
    """One settled roll an agent sent: `data` holds its dice (Die JSON) and what the camera
    said of them."""

    game_id: GameId
    n: int
    roll_id: str
    data: Mapping[str, Any]
    has_thumbnail: bool
    settled_at: str
    received_at: str

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "n": self.n,
            "roll_id": self.roll_id,
            "data": dict(self.data),
            "has_thumbnail": self.has_thumbnail,
            "settled_at": self.settled_at,
            "received_at": self.received_at,
        }


# A camera agent's camera as it tells it (`vision.sources.SourceState`'s words).
CAMERA_STATES = ("starting", "ok", "lost", "ended", "failed", "stopped")


@dataclass(frozen=True, slots=True)
class AgentInfo:
    game_id: GameId
    created_at: str
    last_seen_at: str | None
    camera: str | None = None  # what the agent last said of its camera (`CAMERA_STATES`)

    def connected(self, now: datetime) -> bool:
        if self.last_seen_at is None:
            return False
        return self.last_seen_at >= utc_iso(now - timedelta(seconds=CONNECTED_WITHIN_S))

    def to_json(self, now: datetime) -> dict[str, Any]:
        return {
            "connected": self.connected(now),
            "last_seen_at": self.last_seen_at,
            "since": self.created_at,
            "camera": self.camera,
        }


def _roll(game_id: GameId, row: tuple[Any, ...]) -> CameraRoll:
    n, roll_id, data_json, has_thumbnail, settled_at, received_at = row
    data = frozen_mapping(json.loads(data_json))
    return CameraRoll(game_id, int(n), roll_id, data, bool(has_thumbnail), settled_at, received_at)


class CameraRollStore:
    """Mixed into `companion.store.EventStore`."""

    _backend: Backend

    if TYPE_CHECKING:

        def _now(self) -> str: ...

        def _read(self) -> AbstractContextManager[Conn]: ...

        def _write(self, game_id: GameId | None) -> AbstractContextManager[Conn]: ...

    def add_camera_roll(
        self,
        game_id: GameId,
        roll_id: str,
        data: Mapping[str, Any],
        *,
        settled_at: str,
        thumbnail_jpeg: bytes | None = None,
    ) -> tuple[CameraRoll, bool]:
        """Keep a settled roll; `(roll, True)` when new, `(the roll kept before, False)` when
        this `roll_id` came already (the agent sent it again: its answer was lost)."""
        gid, rid = check_game_id(game_id), check_roll_id(roll_id)
        data_json = check_meta(data)
        settled = check_iso("settled_at", settled_at)
        jpeg = check_thumbnail(thumbnail_jpeg)
        with self._write(gid) as conn:
            found = conn.execute(f"{_ROLL_SELECT} AND roll_id = ?", (gid, rid)).fetchone()
            if found is not None:
                return _roll(gid, found), False
            now = self._now()
            row = conn.execute(
                "SELECT max(n) FROM camera_rolls WHERE game_id = ?", (gid,)
            ).fetchone()
            n = int(row[0] or 0) + 1
            conn.execute(
                "INSERT INTO camera_rolls"
                " (game_id, n, roll_id, data_json, thumbnail, settled_at, received_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (gid, n, rid, data_json, jpeg, settled, now),
            )
            _seen(conn, gid, now)
            self._backend.changed(conn, gid, f"roll {n}")
            roll = CameraRoll(gid, n, rid, json.loads(data_json), jpeg is not None, settled, now)
            return roll, True

    def camera_roll(self, game_id: GameId, n: int) -> CameraRoll:
        gid, number = check_game_id(game_id), check_seq(n)
        with self._read() as conn:
            rows.require_game(conn, gid)
            found = conn.execute(f"{_ROLL_SELECT} AND n = ?", (gid, number)).fetchone()
        if found is None:
            raise UnknownEventError(f"game {gid!r} has no camera roll {number}")
        return _roll(gid, found)

    def find_camera_roll(self, game_id: GameId, roll_id: str) -> CameraRoll | None:
        """The game's camera roll its agent sent as `roll_id`; None if none was kept."""
        gid, rid = check_game_id(game_id), check_roll_id(roll_id)
        with self._read() as conn:
            rows.require_game(conn, gid)
            found = conn.execute(f"{_ROLL_SELECT} AND roll_id = ?", (gid, rid)).fetchone()
        return None if found is None else _roll(gid, found)

    def last_camera_roll(self, game_id: GameId) -> CameraRoll | None:
        gid = check_game_id(game_id)
        with self._read() as conn:
            rows.require_game(conn, gid)
            found = conn.execute(f"{_ROLL_SELECT} ORDER BY n DESC LIMIT 1", (gid,)).fetchone()
        return None if found is None else _roll(gid, found)

    def camera_rolls(self, game_id: GameId, *, after: int = 0) -> Iterator[CameraRoll]:
        """The game's camera rolls numbered above `after`, oldest first."""
        gid, since = check_game_id(game_id), check_seq(after)
        with self._read() as conn:
            rows.require_game(conn, gid)
            found = conn.execute(f"{_ROLL_SELECT} AND n > ? ORDER BY n", (gid, since)).fetchall()
        return iter([_roll(gid, row) for row in found])

    def camera_roll_thumbnail(self, game_id: GameId, n: int) -> bytes | None:
        gid, number = check_game_id(game_id), check_seq(n)
        with self._read() as conn:
            found = conn.execute(
                "SELECT thumbnail FROM camera_rolls WHERE game_id = ? AND n = ?", (gid, number)
            ).fetchone()
        if found is None:
            raise UnknownEventError(f"game {gid!r} has no camera roll {number}")
        return None if found[0] is None else bytes(found[0])

    def set_agent_token(self, game_id: GameId, token_sha256: str) -> AgentInfo:
        """The game's agent token is now the one with this SHA-256 (an older one stops)."""
        gid = check_game_id(game_id)
        if not isinstance(token_sha256, str) or not TOKEN_SHA256_RE.fullmatch(token_sha256):
            raise StoreValueError(f"invalid token hash {token_sha256!r}: expected 64 hex digits")
        with self._write(gid) as conn:
            now = self._now()
            found = conn.execute("SELECT 1 FROM agents WHERE game_id = ?", (gid,)).fetchone()
            if found is None:
                conn.execute(
                    "INSERT INTO agents (game_id, token_sha256, created_at) VALUES (?, ?, ?)",
                    (gid, token_sha256, now),
                )
            else:
                conn.execute(
                    "UPDATE agents SET token_sha256 = ?, created_at = ?, last_seen_at = NULL,"
                    " camera = NULL WHERE game_id = ?",
                    (token_sha256, now, gid),
                )
            self._backend.changed(conn, gid, "agent")
            return AgentInfo(gid, now, None)

    def agent_token_sha256(self, game_id: GameId) -> str | None:
        gid = check_game_id(game_id)
        with self._read() as conn:
            found = conn.execute(
                "SELECT token_sha256 FROM agents WHERE game_id = ?", (gid,)
            ).fetchone()
        return None if found is None else str(found[0])

    def agent(self, game_id: GameId) -> AgentInfo | None:
        gid = check_game_id(game_id)
        with self._read() as conn:
            found = conn.execute(
                "SELECT created_at, last_seen_at, camera FROM agents WHERE game_id = ?", (gid,)
            ).fetchone()
        return None if found is None else AgentInfo(gid, found[0], found[1], found[2])

    def agent_seen(
        self,
        game_id: GameId,
        *,
        camera: str | None = None,
        quiet_after_s: float = CONNECTED_WITHIN_S,
    ) -> None:
        """The game's agent said hello (with its camera's state, when it told it); listeners
        hear of it only when it had been silent longer than `quiet_after_s` or its camera's
        state changed (its state on the dashboard changes)."""
        gid = check_game_id(game_id)
        if camera is not None and camera not in CAMERA_STATES:
            raise StoreValueError(
                f"camera state must be one of {', '.join(CAMERA_STATES)}, not {camera!r}"
            )
        with self._write(gid) as conn:
            now = self._now()
            found = conn.execute(
                "SELECT last_seen_at, camera FROM agents WHERE game_id = ?", (gid,)
            ).fetchone()
            if found is None:
                return
            _seen(conn, gid, now)
            last, told = found[0], found[1]
            if camera is not None and camera != told:
                conn.execute("UPDATE agents SET camera = ? WHERE game_id = ?", (camera, gid))
            moment = datetime.fromisoformat(now.replace("Z", "+00:00"))
            silent = last is None or last < utc_iso(moment - timedelta(seconds=quiet_after_s))
            if silent or (camera is not None and camera != told):
                self._backend.changed(conn, gid, "agent")


def _seen(conn: Conn, game_id: GameId, now: str) -> None:
    conn.execute(
        "UPDATE agents SET last_seen_at = ? WHERE game_id = ?"
        " AND (last_seen_at IS NULL OR last_seen_at < ?)",
        (now, game_id, now),
    )
