"""The live path's cost per frame at a table of N dice: held still, and tumbling.

A still table is one rendered scene seen frame after frame with a webcam's sensor noise on it
(fresh noise each frame, so no two frames are the same bytes), timed as the live path reads it
(only what changed, `vision.still_dice`) and read in full each frame as before; a tumbling table
is a new scene each frame, every die elsewhere. Each frame goes through `LivePipeline.process`
as a camera's would: read, motion, settle.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from vision.live import LivePipeline
from vision.reading_protocol import Reader
from vision.sources import Frame
from vision.types import DiceReading

ImageU8 = npt.NDArray[np.uint8]

# A webcam's noise on a still picture, in grey levels (standard deviation).
SENSOR_NOISE = 2.0
FRAME_MS = 1000.0 / 30.0
# Frames each table is shown before timing starts: the first reads of a still table read
# every die (it has just come into view), which is the tumbling figure's cost, not its own.
WARMUP = 5


@dataclass(frozen=True)
class TableCost:
    what: str
    ms: tuple[float, ...]
    dice_read: float

    @property
    def mean_ms(self) -> float:
        return float(np.mean(self.ms)) if self.ms else 0.0

    @property
    def p95_ms(self) -> float:
        return float(np.percentile(self.ms, 95)) if self.ms else 0.0

    def line(self) -> str:
        fps = 1000.0 / self.mean_ms if self.mean_ms > 0 else 0.0
        return (
            f"{self.what:<20} {self.mean_ms:8.2f} {self.p95_ms:8.2f} {fps:8.1f}"
            f" {self.dice_read:8.1f}"
        )


@dataclass(frozen=True)
class TableBench:
    frames: int
    frame_size: tuple[int, int]
    dice: int
    costs: tuple[TableCost, ...]  # the still table, the same read in full, the tumbling one

    def lines(self) -> list[str]:
        w, h = self.frame_size
        out = [
            f"live path at a table of {self.dice} dice: {self.frames} frames of {w}x{h} each, "
            "the tables alternating frame by frame",
            f"{'table':<20} {'mean ms':>8} {'p95 ms':>8} {'fps':>8} {'dice':>8}",
            *(c.line() for c in self.costs),
        ]
        first = self.costs[0]
        out += [
            f"{first.what} / {c.what}: {first.mean_ms / c.mean_ms:.2f}"
            for c in self.costs[1:]
            if c.mean_ms > 0
        ]
        return out


def noisy(scene: ImageU8, rng: np.random.Generator, sigma: float = SENSOR_NOISE) -> ImageU8:
    """The scene as a webcam sees it in one frame: with sensor noise."""
    noise = rng.normal(0.0, sigma, scene.shape).astype(np.float32)
    return np.asarray(np.clip(scene.astype(np.float32) + noise, 0, 255), np.uint8)


class ReadInFull:
    """A reader as it was before reading only what changed: every die of every frame."""

    def __init__(self, reader: Reader) -> None:
        self._reader = reader
        self.name = reader.name

    def read(self, frame_bgr: ImageU8) -> DiceReading:
        return self._reader.read(frame_bgr)


def bench_table(
    make_reader: Callable[[], Reader],
    still_frames: Sequence[ImageU8],
    tumbling_frames: Sequence[ImageU8],
    dice: int,
) -> TableBench:
    """Times the still table as the live path reads it, the same read in full each frame, and
    the tumbling table, each on its own pipeline (`make_reader()`: a reader for it), one frame
    of each in turn so that a busy machine weighs on all three alike."""
    tables = (
        ("still", LivePipeline(_NoSource(), make_reader()), still_frames),
        ("still, read in full", LivePipeline(_NoSource(), ReadInFull(make_reader())), still_frames),
        ("tumbling", LivePipeline(_NoSource(), make_reader()), tumbling_frames),
    )
    ms: list[list[float]] = [[] for _ in tables]
    dice_read = [0] * len(tables)
    for index in range(WARMUP + len(still_frames)):
        for k, (_, pipeline, frames) in enumerate(tables):
            image = frames[(index - WARMUP) % len(frames)]
            frame = Frame(image, index, index * FRAME_MS, index * FRAME_MS)
            start = time.perf_counter()
            pipeline.process(frame)
            elapsed = (time.perf_counter() - start) * 1000.0
            if index >= WARMUP:
                ms[k].append(elapsed)
                reading = pipeline.latest_reading()
                dice_read[k] += 0 if reading is None else len(reading)
    costs = tuple(
        TableCost(what, tuple(m), n / max(len(m), 1))
        for (what, _, _), m, n in zip(tables, ms, dice_read, strict=True)
    )
    h, w = still_frames[0].shape[:2]
    return TableBench(len(still_frames), (w, h), dice, costs)


class _NoSource:
    """The pipeline's source where frames are handed to `process` directly."""

    name = "rendered frames"
    is_live = False

    def open(self) -> None:
        return None

    def read(self) -> Frame | None:
        return None

    def close(self) -> None:
        return None
