"""A game's declared attempt as state in the store, for several server processes
(`companion.session.shared_table`): one row a game, changed only by read-modify-write under the
game's write lock, with a revision that only goes up. The store keeps the text it is given and
knows nothing of what it means."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.store.backend import Backend, Conn
from companion.store.values import GameId, check_game_id


@dataclass(frozen=True, slots=True)
class PendingRow:
    rev: int = 0
    pending_json: str | None = None
    claimed: bool = False
    cleared_json: str | None = None


def _row(conn: Conn, gid: GameId) -> PendingRow:
    found = conn.execute(
        "SELECT rev, pending_json, claimed, cleared_json FROM pending_attempts WHERE game_id = ?",
        (gid,),
    ).fetchone()
    if found is None:
        return PendingRow()
    return PendingRow(int(found[0]), found[1], bool(found[2]), found[3])


class PendingStore:
    """Mixed into `companion.store.EventStore`."""

    _backend: Backend

    if TYPE_CHECKING:

        def _read(self) -> AbstractContextManager[Conn]: ...

        def _write(self, game_id: GameId | None) -> AbstractContextManager[Conn]: ...

    def pending_row(self, game_id: GameId) -> PendingRow:
        gid = check_game_id(game_id)
        with self._read() as conn:
            return _row(conn, gid)

    def change_pending(
        self, game_id: GameId, change: Callable[[PendingRow], PendingRow | None]
    ) -> PendingRow:
        """`change(row)` under the game's write lock: its answer is stored (None: nothing
        changes); whatever it raises leaves the row as it was. It may read the store."""
        gid = check_game_id(game_id)
        with self._write(gid) as conn:
            before = _row(conn, gid)
            after = change(before)
            if after is None or after == before:
                return before
            conn.execute(
                "INSERT INTO pending_attempts"
                " (game_id, rev, pending_json, claimed, cleared_json) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET rev = excluded.rev,"
                " pending_json = excluded.pending_json, claimed = excluded.claimed,"
                " cleared_json = excluded.cleared_json",
                (gid, after.rev, after.pending_json, int(after.claimed), after.cleared_json),
            )
            self._backend.changed(conn, gid, "pending")
            return after
