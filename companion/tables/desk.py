"""The live table's memory: what the dashboard and the session use while the camera runs.

It loads the memory of the table the camera looks at (the active calibration profile, else
`default`) into the reader, and every confirmation (a registered die, an accepted roll, a die
a player removed as "not a die") goes to the store and straight back into the reader, so the
next frame reads with it. It also hands the reader that table's picture of the empty table
(`calibration.empty`), and records a new one when the players ask.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from calibration.errors import CalibrationError
from companion.tables import empty_look, learn
from companion.tables.empty_look import EmptyLook
from companion.tables.names import table_for
from companion.tables.register import (
    Group,
    RegisterError,
    confirmations,
    face_progress,
    groups,
    numbered,
    parse_not_dice,
    parse_passed,
    parse_values,
    passed_confirmations,
)
from companion.tables.store import TableStore, open_store
from vision import passed_over
from vision.memory import Confirmed
from vision.types import DiceReading, Die

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The dice on the table when the players asked to register them, and the frame they lay
    in with each numbered (JPEG; None where no frame came)."""

    number: int
    found: tuple[Group, ...]
    picture_jpeg: bytes | None = field(default=None, repr=False)
    # What the reader passed over (`ModelReader.passed_over`), numbered after the dice: the
    # players may say which are dice (a logo face the network calls "not a die"); then the dice
    # they pointed at where it found none (`TableDesk.point`).
    passed: tuple[Die, ...] = ()
    # The frame the dice were read in, for pointing at a die in it (None: no frame came).
    frame: npt.NDArray[np.uint8] | None = field(default=None, repr=False, compare=False)


class TableDesk:
    def __init__(
        self,
        store: TableStore,
        table: str,
        reader: Any,
        data_dir: Path | None = None,
        outer: Any = None,
    ) -> None:
        self.store = store
        self.table = table
        self._reader = reader  # a vision.reader.ModelReader, or None where there is no camera
        # Where the empty table's picture is kept (None: nowhere), and the camera's reader as
        # the feed runs it (through a profile, say), whose view of a frame the picture shows.
        self._data_dir = data_dir
        self._outer = reader if outer is None else outer
        self._lock = threading.Lock()
        self._snapshot: Snapshot | None = None
        self._empty_look: EmptyLook | None = None
        self._reload()
        self._reload_empty()

    @classmethod
    def open(cls, data_dir: Path, reader: Any) -> TableDesk:
        table = table_for(data_dir)
        return cls(open_store(data_dir), table, model_reader_of(reader), data_dir, reader)

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
            "faces": {str(v): n for v, n in enumerate(memory.face_counts, start=1)},
            "faces_taught": face_progress(memory.face_counts),
            "die_size_px": None if memory.die_size_px is None else round(memory.die_size_px, 1),
            "faces_by_marks": memory.marks_head is not None,
            "empty_table": self.learns and self._reader.empty is not None,
        }

    def look_empty(self, frame: npt.NDArray[np.uint8] | None) -> EmptyLook:
        """A look at `frame` to keep as the empty table (`companion.tables.empty_look`): what
        the camera reads as dice in it is numbered, for the players to see before keeping."""
        if self._data_dir is None or not self.learns:
            raise RegisterError(
                "the empty table needs the camera running with a data folder", "camera"
            )
        if frame is None:
            raise RegisterError("the camera has shown no picture yet: wait a moment", "camera")
        from calibration.apply import reader_view

        self._empty_name()  # a table with no profile's name can keep none: say so before
        with self._lock:
            number = 1 if self._empty_look is None else self._empty_look.number + 1
        shot = empty_look.look(number, self._reader, reader_view(self._outer, frame))
        with self._lock:
            self._empty_look = shot
        return shot

    def empty_picture(self, number: int) -> bytes | None:
        """The numbered picture of empty-table look `number`, while it is the newest one."""
        with self._lock:
            shot = self._empty_look
        return shot.picture_jpeg if shot is not None and shot.number == number else None

    def record_empty(self, number: object, confirmed: object = False) -> int:
        """Keep look `number` as the empty table; returns how many things the camera read as
        dice in it, the table's own from now on. A look with dice in it needs `confirmed`."""
        with self._lock:
            shot = empty_look.check_keep(self._empty_look, number, confirmed)
        assert self._data_dir is not None  # a look needs one
        from calibration.empty import save_empty

        save_empty(self._data_dir, self._empty_name(), shot.view)
        self._reload_empty()
        with self._lock:
            if self._empty_look is shot:
                self._empty_look = None
        return shot.dice

    def forget_empty(self) -> bool:
        """Remove the table's empty picture; True when there was one."""
        if self._data_dir is None or not self.learns:
            raise RegisterError(
                "the empty table needs the camera running with a data folder", "camera"
            )
        from calibration.empty import forget_empty

        gone = forget_empty(self._data_dir, self._empty_name())
        self._reload_empty()
        return gone

    def snapshot(
        self, reading: DiceReading | None, frame: npt.NDArray[np.uint8] | None = None
    ) -> Snapshot:
        """Group the dice on the table now, for the players to confirm; with the frame, a
        picture of it with every die numbered as `register.numbered` orders them."""
        if reading is None:
            raise RegisterError("the camera sees no dice to register yet", "camera")
        signed = any(d.signature for d in reading.dice)
        # With the frame and no die read, the players point at their dice in its picture.
        if not signed and (frame is None or reading.dice):
            raise RegisterError("the camera sees no dice to register yet", "camera")
        found = groups(reading.dice)
        passed = () if frame is None else self.passed_over(frame, reading.dice)
        picture = None if frame is None else _numbered_jpeg(frame, found, passed)
        with self._lock:
            number = 1 if self._snapshot is None else self._snapshot.number + 1
            self._snapshot = Snapshot(number, found, picture, passed, frame)
            return self._snapshot

    def shown(self, number: object) -> Snapshot:
        """Snapshot `number` as it stands (with the dice pointed at since the look)."""
        with self._lock:
            shot = self._snapshot
        if shot is None or number != shot.number:
            raise RegisterError("that view of the table is gone: look again", "snapshot")
        return shot

    def point(self, number: object, at: object) -> tuple[Snapshot, int]:
        """Snapshot `number` with the die the players point at (`at`: [x, y] in its frame's
        pixels) among what the reader passed over, and that die's index in the register's
        numbering (after the numbered dice): a die the finder proposed nothing for, which they
        then say is a die showing its face like any passed-over one."""
        shot = self.shown(number)
        if shot.frame is None:
            raise RegisterError("this look kept no picture to point at: look again", "at")
        try:
            point = passed_over.spot(at, shot.frame.shape[1], shot.frame.shape[0])
        except ValueError as err:
            raise RegisterError(str(err), "at") from None
        every = numbered(shot.found)
        try:
            found = self.read_at(shot.frame, point, every)
        except ValueError as err:
            raise RegisterError(f"{err}: tap the die itself", "at") from None
        if found is None:
            raise RegisterError("this camera's reader cannot look at a point", "at")
        read = passed_over.same_die(found, every)
        if read is not None:
            raise RegisterError(f"that is number {read + 1}, read already", "at")
        offered = passed_over.same_die(found, shot.passed)
        if offered is not None:
            return shot, len(every) + offered
        passed = (*shot.passed, found)
        picture = _numbered_jpeg(shot.frame, shot.found, passed)
        grown = replace(shot, picture_jpeg=picture, passed=passed)
        with self._lock:
            if self._snapshot is not shot:
                raise RegisterError("that view of the table is gone: look again", "snapshot")
            self._snapshot = grown
        return grown, len(every) + len(shot.passed)

    def passed_over(self, frame: npt.NDArray[np.uint8], dice: Sequence[Die]) -> tuple[Die, ...]:
        """What the camera's reader, with this table's memory, passed over in `frame` where it
        read `dice` (`ModelReader.passed_over`), in the frame's coordinates."""
        reader = model_reader_of(self._reader)
        if reader is None:
            return ()
        from calibration.apply import ProfiledReader

        outer = self._outer
        if not isinstance(outer, ProfiledReader):
            return tuple(reader.passed_over(frame, dice))
        # Through a profile the model reads the table's rectangle, white-balanced: what it
        # passed over there, back in the frame's coordinates and on the table only.
        found = reader.passed_over(outer.view(frame), outer.in_view(dice, frame))
        return tuple(outer.placed(found, frame).dice)

    def read_at(
        self, frame: npt.NDArray[np.uint8], point: tuple[float, float], dice: Sequence[Die]
    ) -> Die | None:
        """The die a player points at in `frame` (its pixels), where the camera read `dice`
        (`ModelReader.read_at`, with this table's memory); None where the reader cannot look.
        ValueError names a point off the picture or off the table."""
        reader = model_reader_of(self._reader)
        if reader is None:
            return None
        from calibration.apply import ProfiledReader

        outer = self._outer
        if not isinstance(outer, ProfiledReader):
            found: Die | None = reader.read_at(frame, point, dice)
            return found
        h, w = frame.shape[:2]
        x1, y1, x2, y2 = outer.profile_for((w, h)).table_rect
        if not (x1 <= point[0] <= x2 and y1 <= point[1] <= y2):
            raise ValueError(f"the point ({point[0]:g}, {point[1]:g}) is off the table")
        inner = reader.read_at(
            outer.view(frame), (point[0] - x1, point[1] - y1), outer.in_view(dice, frame)
        )
        if inner is None:
            return None
        placed = outer.placed([inner], frame).dice
        if not placed:
            raise ValueError(f"the point ({point[0]:g}, {point[1]:g}) is off the table")
        return placed[0]

    def snapshot_picture(self, number: int) -> bytes | None:
        """The numbered picture of snapshot `number`, while it is the newest one."""
        with self._lock:
            shot = self._snapshot
        return shot.picture_jpeg if shot is not None and shot.number == number else None

    def register(
        self,
        number: object,
        answers: dict[str, object],
        not_dice: object = None,
        values: object = None,
        passed: object = None,
    ) -> int:
        """Keep the snapshot's dice as answered, the dice whose indexes are in `not_dice` as
        "not a die", those in `values` as showing the face given there, and the passed-over
        things whose indexes are in `passed` as dice showing the face given there; returns how
        many dice the memory gained."""
        with self._lock:
            shot = self._snapshot
        if shot is None or number != shot.number:
            raise RegisterError("that view of the table is gone: look again", "snapshot")
        count = len(numbered(shot.found))
        marked, faces = parse_not_dice(not_dice, count), parse_values(values, count)
        dice = parse_passed(passed, count, len(shot.passed))
        taught = confirmations(shot.found, answers, marked, faces)
        taught += passed_confirmations(shot.found, answers, shot.passed, dice)
        added = self._learn(taught, "register")
        with self._lock:
            if self._snapshot is shot:
                self._snapshot = None
        return added

    def learn_roll(self, kept: Sequence[Die], not_dice: Sequence[Die] = ()) -> int:
        """An accepted roll: its dice as the players left them teach the memory, and the dice
        they removed as "not a die" teach it that."""
        return self._learn(learn.from_roll(kept, not_dice), "play")

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

    def _empty_name(self) -> str:
        """The empty table's name: the table's, which is a profile's name or `default`."""
        from calibration.storage import valid_name

        try:
            return valid_name(self.table)
        except CalibrationError:
            raise RegisterError(
                f"table {self.table!r} is no camera profile's: its empty table cannot be kept",
                "table",
            ) from None

    def _reload_empty(self) -> None:
        if not self.learns or self._data_dir is None:
            return
        from calibration.empty import load_empty

        try:
            empty = load_empty(self._data_dir, self._empty_name())
        except (CalibrationError, RegisterError) as exc:
            log.warning("reading without the empty table: %s", exc)
            empty = None
        self._reader.empty = empty  # one attribute swap, as for the memory


def _numbered_jpeg(
    frame: npt.NDArray[np.uint8], found: tuple[Group, ...], passed: Sequence[Die] = ()
) -> bytes | None:
    import cv2

    from vision.annotate import numbered as draw_numbers

    boxes = [d.box_xyxy for d in numbered(found)]
    picture = draw_numbers(frame, boxes, [d.box_xyxy for d in passed])
    ok, encoded = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 85])
    return encoded.tobytes() if ok else None


def model_reader_of(reader: Any) -> Any:
    """The model reader inside wrappers (a calibration profile's, say), or None."""
    from vision.reader import ModelReader

    seen = 0
    while reader is not None and not isinstance(reader, ModelReader) and seen < 5:
        reader, seen = getattr(reader, "reader", None), seen + 1
    return reader if isinstance(reader, ModelReader) else None
