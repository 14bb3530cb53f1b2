"""The live pipeline reads through a reader of only what changed where it has one, handing each
frame what the last read left (one state per camera), and reads in full otherwise."""

from __future__ import annotations

import numpy as np

from vision.benchmark.table import ReadInFull, _NoSource
from vision.live import LivePipeline
from vision.sources import Frame
from vision.still_dice import Unchanged
from vision.types import DiceReading


class Changing:
    name = "changing"

    def __init__(self) -> None:
        self.befores: list[Unchanged | None] = []
        self.full = 0

    def read(self, frame_bgr: np.ndarray) -> DiceReading:
        self.full += 1
        return DiceReading.empty()

    def read_changed(
        self, frame_bgr: np.ndarray, before: Unchanged | None
    ) -> tuple[DiceReading, Unchanged]:
        self.befores.append(before)
        return DiceReading.empty(), Unchanged.nothing()


def frames(n: int) -> list[Frame]:
    image = np.zeros((48, 64, 3), np.uint8)
    return [Frame(image, i, i * 33.0, i * 33.0) for i in range(n)]


def test_each_frame_gets_what_the_last_read_left() -> None:
    reader = Changing()
    pipeline = LivePipeline(_NoSource(), reader)
    for frame in frames(3):
        pipeline.process(frame)
    assert reader.befores[0] is None
    assert all(isinstance(b, Unchanged) for b in reader.befores[1:])
    assert (len(reader.befores), reader.full) == (3, 0)


def test_a_reader_without_it_reads_every_frame_in_full() -> None:
    reader = Changing()
    pipeline = LivePipeline(_NoSource(), ReadInFull(reader))
    for frame in frames(3):
        pipeline.process(frame)
    assert (len(reader.befores), reader.full) == (0, 3)
