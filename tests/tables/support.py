"""Shared pieces of the table-memory tests: the shipped reader, fixture photos, a fake camera."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.images import load_image
from vision.reader import ModelReader, load_default_reader
from vision.settle import SettledRoll
from vision.types import DiceReading

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rendered"


@cache
def shipped_reader() -> ModelReader:
    return load_default_reader()


def fresh_reader() -> ModelReader:
    """A reader of its own (a desk sets its memory), sharing the loaded networks."""
    return shipped_reader().with_memory(None)


@cache
def fixture_frame(index: int = 0) -> npt.NDArray[np.uint8]:
    return load_image(sorted((FIXTURES / "images").glob("*.jpg"))[index])


class FakeFeed:
    """A camera that always shows one frame, read by the given reader."""

    def __init__(self, reader: ModelReader, frame: npt.NDArray[np.uint8]) -> None:
        self.reader = reader
        self.frame = frame
        ok, buf = cv2.imencode(".jpg", frame)
        self._jpeg = buf.tobytes() if ok else b""

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass

    def latest_jpeg(self) -> bytes | None:
        return self._jpeg

    def latest_reading(self) -> DiceReading | None:
        return self.reader.read(self.frame)

    def status(self) -> dict[str, object]:
        return {"source": "fake", "camera": "open", "state": "idle", "fps": 0.0}

    def subscribe(
        self, callback: Callable[[SettledRoll], None], *, corrections: object = None
    ) -> None:
        del callback, corrections
