"""A reader with no table's memory, for dice pointed at in rolls read elsewhere (a club agent's):
loaded on first use, since most servers never need it."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from vision.types import Die


class PlainReadAt:
    """`companion.session.missed.ReadAt` with the shipped models and no table's memory."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._reader: Any = None

    def __call__(
        self, frame: npt.NDArray[np.uint8], point: tuple[float, float], dice: Sequence[Die]
    ) -> Die | None:
        with self._lock:
            if self._reader is None:
                from vision.reader import load_default_reader

                self._reader = load_default_reader(threads=1)
            reader = self._reader
        found: Die | None = reader.read_at(frame, point, dice)
        return found
