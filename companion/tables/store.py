"""Confirmed dice of every table, in one SQLite file in the data folder (`tables.sqlite`).

A die's signature only means something to the reader that made it: each row keeps the reader
file's hash and the signature recipe's version, and a memory holds only the rows of the reader
reading now (rows of an older reader are counted as stale, kept until the table is cleared).
The newest `MAX_PER_TABLE` dice of a table are used, so a memory stays small and quick. A die's
marks (`vision.marks`) keep the marks file's hash beside them the same way: marks of another file
are read as none.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.tables.names import check_table_name
from vision.memory import SIGNATURE_VERSION, Confirmed, TableMemory
from vision.types import Colour

FILE_NAME = "tables.sqlite"
MAX_PER_TABLE = 1000
SOURCES = ("register", "play", "photos")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS confirmed (
    id INTEGER PRIMARY KEY,
    table_name TEXT NOT NULL,
    reader TEXT NOT NULL,
    colour TEXT,
    pips INTEGER,
    signature BLOB NOT NULL,
    source TEXT NOT NULL,
    added_at REAL NOT NULL,
    face BLOB,
    size_px REAL,
    marks BLOB,
    marks_by TEXT
);
CREATE INDEX IF NOT EXISTS confirmed_by_table ON confirmed (table_name, reader, id);
"""
# Columns added since the first schema: a file written before them gains them, empty.
_ADDED = (("face", "BLOB"), ("size_px", "REAL"), ("marks", "BLOB"), ("marks_by", "TEXT"))


@dataclass(frozen=True, slots=True)
class TableSummary:
    name: str
    dice: int  # usable by the reader reading now
    stale: int  # kept from another reader
    counts: dict[str, int]
    face_counts: tuple[int, ...] = (0, 0, 0, 0, 0, 0)  # confirmed dice showing 1..6
    die_size_px: float | None = None
    # Whether it reads its faces by their marks (`vision.marks`): its dice are not the network's.
    faces_by_marks: bool = False


class TableStore:
    """Open per call: the store is used from the web's threads and the CLI alike."""

    def __init__(self, data_dir: Path, reader_key: str, marks_key: str = "") -> None:
        self.path = Path(data_dir) / FILE_NAME
        self.reader = f"{reader_key}/v{SIGNATURE_VERSION}"
        self.marks_by = marks_key

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=10.0)
        try:
            con.executescript(_SCHEMA)
            _add_columns(con)
            with con:
                yield con
        finally:
            con.close()

    def add(self, table: str, dice: Sequence[Confirmed], source: str) -> int:
        """Keep these dice for `table` (one transaction); returns how many."""
        name = check_table_name(table)
        if source not in SOURCES:
            raise ValueError(f"source must be one of {SOURCES}, got {source!r}")
        now = time.time()
        rows = [
            (
                name,
                self.reader,
                _colour_text(d.colour),
                d.pips,
                _blob(d.signature),
                source,
                now,
                d.face,
                d.size_px,
                d.marks,
                None if d.marks is None else self.marks_by,
            )
            for d in dice
        ]
        with self._db() as con:
            con.executemany(
                "INSERT INTO confirmed (table_name, reader, colour, pips, signature, source,"
                " added_at, face, size_px, marks, marks_by)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
        return len(rows)

    def load(self, table: str) -> TableMemory:
        name = check_table_name(table)
        if not self.path.is_file():  # reading never makes the file
            return TableMemory.of([])
        with self._db() as con:
            rows = con.execute(
                "SELECT colour, pips, signature, face, size_px,"
                " CASE WHEN marks_by = ? THEN marks END FROM confirmed"
                " WHERE table_name = ? AND reader = ? ORDER BY id DESC LIMIT ?",
                (self.marks_by, name, self.reader, MAX_PER_TABLE),
            ).fetchall()
        # Oldest first, as they were confirmed: the face memory keeps each value's newest.
        return TableMemory.of([_confirmed(*row) for row in reversed(rows)])

    def clear(self, table: str) -> int:
        """Forget every die of `table`; returns how many went."""
        name = check_table_name(table)
        with self._db() as con:
            return con.execute("DELETE FROM confirmed WHERE table_name = ?", (name,)).rowcount

    def summaries(self) -> list[TableSummary]:
        if not self.path.is_file():
            return []
        with self._db() as con:
            names = [r[0] for r in con.execute("SELECT DISTINCT table_name FROM confirmed")]
            stale = dict(
                con.execute(
                    "SELECT table_name, COUNT(*) FROM confirmed WHERE reader != ?"
                    " GROUP BY table_name",
                    (self.reader,),
                ).fetchall()
            )
        out = []
        for name in sorted(names):
            memory = self.load(name)
            out.append(
                TableSummary(
                    name,
                    len(memory),
                    int(stale.get(name, 0)),
                    memory.counts(),
                    memory.face_counts,
                    memory.die_size_px,
                    memory.marks_head is not None,
                )
            )
        return out


def _colour_text(colour: Colour | None) -> str | None:
    return None if colour is None else colour.value


def _blob(signature: Sequence[float]) -> bytes:
    return np.asarray(signature, np.float32).tobytes()


def _confirmed(
    colour: str | None,
    pips: int | None,
    blob: bytes,
    face: bytes | None,
    size: float | None,
    marks: bytes | None,
) -> Confirmed:
    signature = tuple(float(v) for v in np.frombuffer(blob, np.float32))
    told = None if colour is None else Colour.parse(colour)
    return Confirmed(signature, told, pips, face, size, marks)


def _add_columns(con: sqlite3.Connection) -> None:
    have = {row[1] for row in con.execute("PRAGMA table_info(confirmed)")}
    for column, kind in _ADDED:
        if column not in have:
            con.execute(f"ALTER TABLE confirmed ADD COLUMN {column} {kind}")


# Reader files that sign dice as an earlier file did, by their shortened hashes: adding the pip
# features as an output (`models.training.face_features`) changed the file, not one signature,
# and folding the light cue out of the first convolution (`models.training.fold_cast`) changed
# them only by float rounding, so the tables taught with the files before keep their memory.
SAME_SIGNATURES = {
    "c443281b5f90fab2": "90330ce5b5e7956d",
    "e13eccd0611ecf69": "90330ce5b5e7956d",
}


def reader_key(hashes: dict[str, str] | None = None) -> str:
    """The shipped reader file's recorded hash, shortened: whose signatures a memory holds
    (`hashes`: the models' hash list, where the caller has read it)."""
    from vision.onnx_model import recorded_hashes
    from vision.reader import CLASSIFIER_FILE

    key = (recorded_hashes() if hashes is None else hashes).get(CLASSIFIER_FILE, "unknown")[:16]
    return SAME_SIGNATURES.get(key, key)


def marks_key(hashes: dict[str, str]) -> str:
    """The marks file's recorded hash in `hashes`, shortened ("" where none is shipped)."""
    from vision.marks import MARKS_FILE

    return hashes.get(MARKS_FILE, "")[:16]


def open_store(data_dir: Path) -> TableStore:
    from vision.onnx_model import recorded_hashes

    hashes = recorded_hashes()  # one read of the list for both keys: a page opens a store
    return TableStore(data_dir, reader_key(hashes), marks_key(hashes))
