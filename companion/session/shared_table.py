"""`SharedTable`: the session's table with each game's declared attempt kept in the store, so
several server processes (`dicetable serve --workers N` over PostgreSQL) share it: an attempt
declared through one process is seen, corrected and accepted through any other. Each change is
a read-modify-write under the game's write lock (`EventStore.change_pending`), and the store
tells every process (NOTIFY), which wakes its waiting streams.

The table's last roll and the local camera's receiver stay in the process, as in `Table`: with
several processes the cameras are agents, each posting to its own game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.session.camera import Pending
from companion.session.errors import NoPendingError
from companion.session.pending_codec import cleared_of, cleared_text, pending_of, pending_text
from companion.session.table import Table
from companion.session.values import Cleared
from companion.store import EventStore
from companion.store.shared_state import PendingRow


class SharedTable(Table):
    shared = True

    def __init__(self, store: EventStore) -> None:
        super().__init__()
        self._store = store

    def current(self, game_id: str, seq: int) -> tuple[int, Pending | None, Cleared | None]:
        row = self._store.pending_row(game_id)
        cleared = None if row.cleared_json is None else cleared_of(row.cleared_json)
        if cleared is not None and cleared.seq != seq:
            cleared = None
        pending = None if row.pending_json is None else pending_of(row.pending_json)
        return row.rev, pending, cleared

    def put(self, pending: Pending) -> Pending:
        stamped: list[Pending] = []

        def change(row: PendingRow) -> PendingRow:
            if row.claimed:
                raise NoPendingError(f"game {pending.game_id!r}: a roll is being accepted")
            new = replace(pending, rev=row.rev + 1)
            stamped.append(new)
            return PendingRow(row.rev + 1, pending_text(new), False, None)

        self._store.change_pending(pending.game_id, change)
        with self._cond:  # this process's camera sends its next roll to the latest declared
            if pending.game_id in self._order:
                self._order.remove(pending.game_id)
            self._order.append(pending.game_id)
        self.wake()
        return stamped[0]

    def receiver(self) -> str | None:
        """The latest game declared through this process whose attempt still waits (another
        process may have accepted or cancelled it)."""
        while True:
            with self._cond:
                if not self._order:
                    return None
                game_id = self._order[-1]
            if self.current(game_id, -1)[1] is not None:
                return game_id
            with self._cond:
                if game_id in self._order:
                    self._order.remove(game_id)

    def update(self, game_id: str, change: Callable[[Pending, int], Pending]) -> Pending:
        changed: list[Pending] = []

        def apply(row: PendingRow) -> PendingRow:
            current = _require(game_id, row)
            new = change(current, row.rev + 1)
            changed.append(new)
            return replace(row, rev=row.rev + 1, pending_json=pending_text(new))

        self._store.change_pending(game_id, apply)
        self.wake()
        return changed[0]

    def take(self, game_id: str) -> Pending:
        taken: list[Pending] = []

        def apply(row: PendingRow) -> PendingRow:
            taken.append(_require(game_id, row))
            return PendingRow(row.rev + 1, None, False, row.cleared_json)

        self._store.change_pending(game_id, apply)
        self.wake()
        return taken[0]

    def claim(self, game_id: str) -> Pending:
        claimed: list[Pending] = []

        def apply(row: PendingRow) -> PendingRow:
            claimed.append(_require(game_id, row))
            return replace(row, claimed=True)

        self._store.change_pending(game_id, apply)
        return claimed[0]

    def release(self, game_id: str) -> None:
        self._store.change_pending(game_id, lambda row: replace(row, claimed=False))

    def take_claimed(self, game_id: str) -> None:
        self._store.change_pending(
            game_id, lambda row: PendingRow(row.rev + 1, None, False, row.cleared_json)
        )
        self.wake()

    def clear_stale(
        self,
        game_id: str,
        seen_seq: int,
        head_seq: Callable[[], int],
        why: Callable[[Pending, int], tuple[str, str]],
    ) -> None:
        def apply(row: PendingRow) -> PendingRow | None:
            if row.pending_json is None or row.claimed:
                return None
            found = pending_of(row.pending_json)
            if seen_seq == found.seq:
                return None
            head = head_seq()
            if head == found.seq:
                return None
            cause, reason = why(found, head)
            cleared = Cleared(found.player, found.goal, cause, reason, head)
            return PendingRow(row.rev + 1, None, False, cleared_text(cleared))

        before = self._store.pending_row(game_id)
        if self._store.change_pending(game_id, apply) != before:
            self.wake()


def _require(game_id: str, row: PendingRow) -> Pending:
    """The game's pending attempt, as `Table._require` words its absence."""
    if row.pending_json is None:
        cleared = None if row.cleared_json is None else cleared_of(row.cleared_json)
        why = "" if cleared is None else f" ({cleared.describe()})"
        raise NoPendingError(f"game {game_id!r} has no declared attempt waiting for a roll{why}")
    if row.claimed:
        raise NoPendingError(f"game {game_id!r}: the roll is being accepted right now")
    return pending_of(row.pending_json)
