"""Using a profile while reading: white balance, reading only the table, zones per player.

`ProfiledReader` wraps any `Reader`. For each frame it crops the table's bounding rectangle,
white-balances the crop with one lookup table per channel, reads it, moves the boxes back into
frame coordinates and drops dice whose centre is off the table polygon. A frame of another size
with the same shape (a camera switched from 640x360 to 1280x720) uses the profile scaled to it;
a frame of another shape raises `FrameSizeError` naming both sizes.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from calibration import geometry as geo
from calibration.errors import CalibrationError
from calibration.profile import Profile
from calibration.storage import load_active
from vision.reading_protocol import ChangeReader, FrameBGR, Reader
from vision.still_dice import Unchanged
from vision.types import DiceReading, Die

log = logging.getLogger(__name__)

UNZONED = ""  # the `by_zone` key for dice in no zone (zone names are never empty)


def gains_lut(gains_bgr: tuple[float, float, float]) -> npt.NDArray[np.uint8]:
    """A 1x256x3 table: level i of channel c becomes clip(round(i * gain_c))."""
    levels = np.arange(256, dtype=np.float32)[:, None] * np.asarray(gains_bgr, np.float32)[None]
    table = np.clip(np.rint(levels), 0, 255).astype(np.uint8)
    return np.ascontiguousarray(table.reshape(1, 256, 3))


def white_balance(frame_bgr: FrameBGR, lut: npt.NDArray[np.uint8]) -> FrameBGR:
    return np.asarray(cv2.LUT(np.ascontiguousarray(frame_bgr), lut), np.uint8)


def table_view(frame_bgr: FrameBGR, profile: Profile) -> FrameBGR:
    """A frame of the profile's size as a reader through the profile sees it."""
    gains = profile.white_reference.gains_bgr
    return _cut(frame_bgr, profile, None if gains == (1.0, 1.0, 1.0) else gains_lut(gains))


def _cut(frame_bgr: FrameBGR, profile: Profile, lut: npt.NDArray[np.uint8] | None) -> FrameBGR:
    h, w = frame_bgr.shape[:2]
    x1, y1, x2, y2 = profile.table_rect
    crop = frame_bgr[y1 : min(y2, h), x1 : min(x2, w)]
    # Readers may draw on or hand the crop to OpenCV calls that need contiguous memory.
    return np.ascontiguousarray(crop) if lut is None else white_balance(crop, lut)


class ProfiledReader:
    """A `Reader` that reads through a profile. Safe to share between threads."""

    def __init__(self, reader: Reader, profile: Profile) -> None:
        self.reader = reader
        self.profile = profile
        gains = profile.white_reference.gains_bgr
        self._lut = None if gains == (1.0, 1.0, 1.0) else gains_lut(gains)
        self._sized: dict[tuple[int, int], Profile] = {profile.size_wh: profile}
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return f"{self.reader.name}+{self.profile.name}"

    def profile_for(self, size_wh: tuple[int, int]) -> Profile:
        """The profile in the coordinates of frames of this size (FrameSizeError if it cannot)."""
        with self._lock:
            found = self._sized.get(size_wh)
        if found is None:
            found = self.profile.scaled_to(size_wh)
            with self._lock:
                self._sized[size_wh] = found
        return found

    def view(self, frame_bgr: FrameBGR) -> FrameBGR:
        """The frame as the wrapped reader sees it: the table's rectangle, white-balanced."""
        h, w = frame_bgr.shape[:2]
        return _cut(frame_bgr, self.profile_for((w, h)), self._lut)

    def read(self, frame_bgr: FrameBGR) -> DiceReading:
        return self.placed(self.reader.read(self.view(frame_bgr)), frame_bgr)

    def in_view(self, dice: Iterable[Die], frame_bgr: FrameBGR) -> list[Die]:
        """Dice in the frame's coordinates moved into the view's (`view`)."""
        h, w = frame_bgr.shape[:2]
        x1, y1 = self.profile_for((w, h)).table_rect[:2]
        return [_shifted(d, -x1, -y1) for d in dice]

    def read_changed(
        self, frame_bgr: FrameBGR, before: Unchanged | None
    ) -> tuple[DiceReading, Unchanged]:
        """As the wrapped reader reads only what changed (`vision.still_dice`), where it can;
        else all of it, and nothing kept for the next frame."""
        view = self.view(frame_bgr)
        if isinstance(self.reader, ChangeReader):
            inner, after = self.reader.read_changed(view, before)
            return self.placed(inner, frame_bgr), after
        return self.read(frame_bgr), Unchanged.nothing()

    def placed(self, inner: Iterable[Die], frame_bgr: FrameBGR) -> DiceReading:
        """The wrapped reader's dice in the frame's coordinates, those on the table only."""
        h, w = frame_bgr.shape[:2]
        profile = self.profile_for((w, h))
        x1, y1 = profile.table_rect[:2]
        table = profile.table_region
        kept = []
        for die in inner:
            moved = _shifted(die, x1, y1)
            if geo.contains(table, *moved.centre_xy):
                kept.append(moved)
        return DiceReading.of(kept)


def reader_view(reader: Reader, frame_bgr: FrameBGR) -> FrameBGR:
    """The frame as the reader inside `reader` sees it (through a profile: the table's
    rectangle, white-balanced; else the frame itself)."""
    return reader.view(frame_bgr) if isinstance(reader, ProfiledReader) else frame_bgr


def _shifted(die: Die, dx: int, dy: int) -> Die:
    bx1, by1, bx2, by2 = die.box_xyxy
    return replace(die, box_xyxy=(bx1 + dx, by1 + dy, bx2 + dx, by2 + dy))


def zone_of(die: Die, profile: Profile) -> str | None:
    """The first zone (in the profile's order) holding the die's centre, or None. The die must
    be in the profile's frame coordinates (use `profile.scaled_to` for other sizes)."""
    x, y = die.centre_xy
    for zone in profile.player_zones:
        if geo.contains(zone.polygon, x, y):
            return zone.name
    return None


def by_zone(reading: DiceReading, profile: Profile) -> dict[str, DiceReading]:
    """Every zone's dice, one entry per zone in the profile's order (empty readings included);
    dice in no zone go under `UNZONED` (""), present only when there are some."""
    groups: dict[str, list[Die]] = {z.name: [] for z in profile.player_zones}
    for die in reading:
        groups.setdefault(zone_of(die, profile) or UNZONED, []).append(die)
    return {name: DiceReading.of(dice) for name, dice in groups.items()}


def reader_for(data_dir: Path | None, base: Reader, *, strict: bool = False) -> Reader:
    """`base` through the data folder's active profile, or `base` itself when there is none.

    A broken active profile (bad file, missing file) is logged and ignored so the table keeps
    reading; with `strict` it raises instead.
    """
    if data_dir is None:
        return base
    try:
        profile = load_active(data_dir)
    except CalibrationError as exc:
        if strict:
            raise
        log.warning("ignoring the active camera profile in %s: %s", data_dir, exc)
        return base
    return base if profile is None else ProfiledReader(base, profile)
