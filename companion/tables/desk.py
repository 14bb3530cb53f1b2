"""The live table's memory: what the dashboard and the session use while the camera runs.

It loads the memory of the table the camera looks at (the active calibration profile, else
`default`) into the reader, and every confirmation (a registered group, an accepted roll) goes
to the store and straight back into the reader, so the next frame reads with it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.tables import learn
from companion.tables.names import table_for
from companion.tables.register import Group, RegisterError, confirmations, groups
from companion.tables.store import TableStore, open_store
from vision.memory import Confirmed
from vision.types import DiceReading, Die

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The dice on the table when the players asked to register them."""

    number: int
    found: tuple[Group, ...]


class TableDesk:
    def __init__(self, store: TableStore, table: str, reader: Any) -> None:
        self.store = store
        self.table = table
        self._reader = reader  # a vision.reader.ModelReader, or None where there is no camera
        self._lock = threading.Lock()
        self._snapshot: Snapshot | None = None
        self._reload()

    @classmethod
    def open(cls, data_dir: Path, reader: Any) -> TableDesk:
        return cls(open_store(data_dir), table_for(data_dir), model_reader_of(reader))

    @property
    def learns(self) -> bool:
        """Whether the camera's reader can read with a memory at all."""
        return self._reader is not None and bool(getattr(self._reader, "signs_dice", False))

    def summary(self) -> dict[str, Any]:
        memory = self.store.load(self.table)
        return {
            "table": self.table,
            "learns": self.learns,
            "dice": len(memory),
            "counts": memory.counts(),
        }

    def snapshot(self, reading: DiceReading | None) -> Snapshot:
        """Group the dice on the table now, for the players to confirm."""
        if reading is None or not any(d.signature for d in reading.dice):
            raise RegisterError("the camera sees no dice to register yet", "camera")
        with self._lock:
            number = 1 if self._snapshot is None else self._snapshot.number + 1
            self._snapshot = Snapshot(number, groups(reading.dice))
            return self._snapshot

    def register(self, number: object, answers: dict[str, object]) -> int:
        """Keep the snapshot's dice as answered; returns how many dice the memory gained."""
        with self._lock:
            shot = self._snapshot
        if shot is None or number != shot.number:
            raise RegisterError("that view of the table is gone: look again", "snapshot")
        added = self._learn(confirmations(shot.found, answers), "register")
        with self._lock:
            if self._snapshot is shot:
                self._snapshot = None
        return added

    def learn_roll(self, kept: Sequence[Die]) -> int:
        """An accepted roll: its dice as the players left them teach the memory."""
        return self._learn(learn.from_roll(kept), "play")

    def clear(self) -> int:
        gone = self.store.clear(self.table)
        self._reload()
        return gone

    def _learn(self, dice: list[Confirmed], source: str) -> int:
        if not dice:
            return 0
        added = self.store.add(self.table, dice, source)
        self._reload()
        return added

    def _reload(self) -> None:
        if self.learns:
            # One attribute swap: the camera thread reads with the old memory or the new one.
            self._reader.memory = self.store.load(self.table)


def model_reader_of(reader: Any) -> Any:
    """The model reader inside wrappers (a calibration profile's, say), or None."""
    from vision.reader import ModelReader

    seen = 0
    while reader is not None and not isinstance(reader, ModelReader) and seen < 5:
        reader, seen = getattr(reader, "reader", None), seen + 1
    return reader if isinstance(reader, ModelReader) else None
