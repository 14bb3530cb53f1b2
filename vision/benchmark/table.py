"""The live path's cost per frame at a table of N dice: held still, and tumbling.

A still table is one rendered scene seen frame after frame with a webcam's sensor noise on it
(fresh noise each frame, so no two frames are the same bytes); a tumbling table is a new scene
each frame, every die elsewhere. Each frame goes through `LivePipeline.process` as a camera's
would: read, motion, settle.
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
            f"{self.what:<9} {self.mean_ms:8.2f} {self.p95_ms:8.2f} {fps:8.1f}"
            f" {self.dice_read:8.1f}"
        )


@dataclass(frozen=True)
class TableBench:
    frames: int
    frame_size: tuple[int, int]
    dice: int
    still: TableCost
    tumbling: TableCost

    def lines(self) -> list[str]:
        w, h = self.frame_size
        ratio = self.still.mean_ms / self.tumbling.mean_ms if self.tumbling.mean_ms > 0 else 0.0
        return [
            f"live path at a table of {self.dice} dice: {self.frames} frames of {w}x{h} each",
            f"{'table':<9} {'mean ms':>8} {'p95 ms':>8} {'fps':>8} {'dice':>8}",
            self.still.line(),
            self.tumbling.line(),
            f"still / tumbling: {ratio:.2f}",
        ]


def noisy(scene: ImageU8, rng: np.random.Generator, sigma: float = SENSOR_NOISE) -> ImageU8:
    """The scene as a webcam sees it in one frame: with sensor noise."""
    noise = rng.normal(0.0, sigma, scene.shape).astype(np.float32)
    return np.asarray(np.clip(scene.astype(np.float32) + noise, 0, 255), np.uint8)


def bench_table(
    make_reader: Callable[[], Reader],
    still_frames: Sequence[ImageU8],
    tumbling_frames: Sequence[ImageU8],
    dice: int,
) -> TableBench:
    """Times both tables, each on a fresh pipeline (`make_reader()`: a reader for it)."""
    still = _cost("still", make_reader(), still_frames)
    tumbling = _cost("tumbling", make_reader(), tumbling_frames)
    h, w = still_frames[0].shape[:2]
    return TableBench(len(still_frames), (w, h), dice, still, tumbling)


def _cost(what: str, reader: Reader, frames: Sequence[ImageU8]) -> TableCost:
    pipeline = LivePipeline(_NoSource(), reader)
    shown = [*(frames[i % len(frames)] for i in range(WARMUP)), *frames]
    ms: list[float] = []
    dice = 0
    for index, image in enumerate(shown):
        frame = Frame(image, index, index * FRAME_MS, index * FRAME_MS)
        start = time.perf_counter()
        pipeline.process(frame)
        elapsed = (time.perf_counter() - start) * 1000.0
        if index >= WARMUP:
            ms.append(elapsed)
            reading = pipeline.latest_reading()
            dice += 0 if reading is None else len(reading)
    return TableCost(what, tuple(ms), dice / max(len(ms), 1))


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
