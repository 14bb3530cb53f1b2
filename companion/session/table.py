"""What the session keeps about the table outside the log: each game's declared attempt (and the
last one the game moved past), the table's last settled roll, each change with a revision
number, and the wake-up for waiters.

Thread-safe: every change happens under one lock and wakes every thread in `wait_until`.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from companion.session.camera import Pending
from companion.session.errors import NoPendingError
from companion.session.values import Cleared, LastRoll

T = TypeVar("T")


class Table:
    """Pending attempts by game id, the last roll, and a change signal for SSE waiters."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        # Revisions start at a random point so that a restarted server never hands a client
        # the same SSE id for a different pending roll.
        self._rev = secrets.randbelow(1 << 30) + 1
        self._ticks = 0
        self._closed = False
        self._pending: dict[str, Pending] = {}
        self._pending_rev: dict[str, int] = {}
        self._cleared: dict[str, Cleared] = {}
        self._order: list[str] = []
        self._claimed: set[str] = set()
        self._last_roll: LastRoll | None = None

    # --- reading -----------------------------------------------------------------------------

    def current(self, game_id: str, seq: int) -> tuple[int, Pending | None, Cleared | None]:
        """The game's pending revision (0 until its pending attempt first changes in this
        process), its pending attempt, and the attempt cleared while the head seq was `seq`."""
        with self._cond:
            cleared = self._cleared.get(game_id)
            if cleared is not None and cleared.seq != seq:
                cleared = None
            return self._pending_rev.get(game_id, 0), self._pending.get(game_id), cleared

    def last_roll(self) -> LastRoll | None:
        with self._cond:
            return self._last_roll

    def roll_rev(self) -> int:
        with self._cond:
            return 0 if self._last_roll is None else self._last_roll.rev

    def receiver(self) -> str | None:
        """The game whose attempt the next settled roll belongs to: the latest declared."""
        with self._cond:
            return self._order[-1] if self._order else None

    # --- changing ----------------------------------------------------------------------------

    def next_rev(self) -> int:
        with self._cond:
            self._rev += 1
            return self._rev

    def put(self, pending: Pending) -> Pending:
        """Declare (or replace) a game's pending attempt; it becomes the roll's receiver."""
        with self._cond:
            if pending.game_id in self._claimed:
                raise NoPendingError(f"game {pending.game_id!r}: a roll is being accepted")
            stamped = replace(pending, rev=self._bump())
            self._cleared.pop(stamped.game_id, None)
            self._set(stamped)
            if stamped.game_id in self._order:
                self._order.remove(stamped.game_id)
            self._order.append(stamped.game_id)
            self._wake()
            return stamped

    def update(self, game_id: str, change: Callable[[Pending, int], Pending]) -> Pending:
        """Apply `change(pending, rev)` atomically; whatever it raises leaves nothing changed."""
        with self._cond:
            current = self._require(game_id)
            rev = self._rev + 1
            changed = change(current, rev)
            self._rev = rev
            self._set(changed)
            self._wake()
            return changed

    def take(self, game_id: str) -> Pending:
        """Remove and return the pending attempt (cancel)."""
        with self._cond:
            taken = self._require(game_id)
            self._drop(game_id)
            self._wake()
            return taken

    def claim(self, game_id: str) -> Pending:
        """Hold the pending attempt while it is appended: a second Accept, a correction or a new
        roll is refused until `release` (the append failed: nothing changed) or `take`."""
        with self._cond:
            claimed = self._require(game_id)
            self._claimed.add(game_id)
            return claimed

    def release(self, game_id: str) -> None:
        with self._cond:
            self._claimed.discard(game_id)

    def take_claimed(self, game_id: str) -> None:
        """The claimed attempt was appended: it is pending no more."""
        with self._cond:
            self._drop(game_id)
            self._wake()

    def clear_stale(
        self,
        game_id: str,
        seen_seq: int,
        head_seq: Callable[[], int],
        why: Callable[[Pending, int], tuple[str, str]],
    ) -> None:
        """Clear the pending attempt if the game's head seq is no longer the one it was declared
        at (one being accepted stays). `seen_seq` is the head the caller read; only when it
        differs is `head_seq()` read again, under the lock, so a read older than a declaration
        never clears it. `why(pending, head)` gives the cause and the reason kept in `Cleared`."""
        with self._cond:
            found = self._pending.get(game_id)
            if found is None or game_id in self._claimed or seen_seq == found.seq:
                return
            head = head_seq()
            if head == found.seq:
                return
            cause, reason = why(found, head)
            self._drop(game_id)
            self._cleared[game_id] = Cleared(found.player, found.goal, cause, reason, head)
            self._wake()

    def set_last_roll(self, make: Callable[[int], LastRoll]) -> LastRoll:
        with self._cond:
            roll = make(self._bump())
            self._last_roll = roll
            self._wake()
            return roll

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    @property
    def closed(self) -> bool:
        return self._closed

    # --- waiting -----------------------------------------------------------------------------

    def wait_until(
        self, probe: Callable[[], T | None], timeout_s: float, poll_s: float
    ) -> T | None:
        """Call `probe` after every change (and every `poll_s`, for other processes' writes)
        until it returns something; None once `timeout_s` passes or the table closes.

        A closed table is never probed again: the session closes its store right after its
        table, and a probe reads the store."""
        deadline = time.monotonic() + max(0.0, timeout_s)
        while True:
            with self._cond:
                if self._closed:
                    return None
                ticks = self._ticks
            found = probe()
            if found is not None:
                return found
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            with self._cond:
                if self._ticks == ticks and not self._closed:
                    self._cond.wait(min(remaining, poll_s))

    def wake(self) -> None:
        """Something outside the table changed (an append, undo or redo)."""
        with self._cond:
            self._wake()

    # --- internals (lock held) -----------------------------------------------------------------

    def _bump(self) -> int:
        self._rev += 1
        return self._rev

    def _wake(self) -> None:
        self._ticks += 1
        self._cond.notify_all()

    def _require(self, game_id: str) -> Pending:
        found = self._pending.get(game_id)
        if found is None:
            cleared = self._cleared.get(game_id)
            why = "" if cleared is None else f" ({cleared.describe()})"
            raise NoPendingError(
                f"game {game_id!r} has no declared attempt waiting for a roll{why}"
            )
        if game_id in self._claimed:
            raise NoPendingError(f"game {game_id!r}: the roll is being accepted right now")
        return found

    def _set(self, pending: Pending) -> None:
        self._pending[pending.game_id] = pending
        self._pending_rev[pending.game_id] = pending.rev

    def _drop(self, game_id: str) -> None:
        self._claimed.discard(game_id)
        self._pending.pop(game_id, None)
        self._pending_rev[game_id] = self._bump()
        if game_id in self._order:
            self._order.remove(game_id)
