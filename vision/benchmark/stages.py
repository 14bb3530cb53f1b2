"""Timing the reader stage by stage over a set of frames."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from vision.reader import ModelReader, StageTimes
from vision.reading_protocol import Reader

STAGES = (
    "prepare",
    "find",
    "decode",
    "empty",
    "crop",
    "classify",
    "marks",
    "recheck",
    "memory",
    "assemble",
)


@dataclass(frozen=True)
class StageFigure:
    stage: str
    mean_ms: float
    p95_ms: float


@dataclass(frozen=True)
class BenchResult:
    reader: str
    frames: int
    frame_size: tuple[int, int]
    dice_per_frame: float
    stages: tuple[StageFigure, ...]
    total: StageFigure

    @property
    def fps(self) -> float:
        return 1000.0 / self.total.mean_ms if self.total.mean_ms > 0 else 0.0

    def lines(self) -> list[str]:
        w, h = self.frame_size
        out = [
            f"reader {self.reader}: {self.frames} frames of {w}x{h}, "
            f"{self.dice_per_frame:.1f} dice read per frame",
            f"{'stage':<10} {'mean ms':>8} {'p95 ms':>8}",
        ]
        out += [f"{s.stage:<10} {s.mean_ms:8.2f} {s.p95_ms:8.2f}" for s in self.stages]
        out.append(f"{'total':<10} {self.total.mean_ms:8.2f} {self.total.p95_ms:8.2f}")
        out.append(f"frames per second: {self.fps:.1f}")
        return out


def _figure(stage: str, values: Sequence[float]) -> StageFigure:
    arr = np.asarray(values, np.float64)
    return StageFigure(stage, float(arr.mean()), float(np.percentile(arr, 95)))


def bench(
    reader: Reader, frames: Sequence[npt.NDArray[np.uint8]], repeats: int = 3, warmup: int = 3
) -> BenchResult:
    for frame in frames[:warmup]:
        reader.read(frame)
    per_stage: dict[str, list[float]] = {s: [] for s in STAGES}
    totals: list[float] = []
    dice = 0
    for _ in range(repeats):
        for frame in frames:
            times = StageTimes()
            start = time.perf_counter()
            if isinstance(reader, ModelReader):
                reading = reader.read_timed(frame, times)
            else:
                reading = reader.read(frame)
            totals.append((time.perf_counter() - start) * 1000.0)
            dice += len(reading)
            for stage in STAGES:
                if stage in times.ms or isinstance(reader, ModelReader):
                    per_stage[stage].append(times.ms.get(stage, 0.0))
    n = len(totals)
    h, w = frames[0].shape[:2]
    stages = tuple(_figure(s, v) for s, v in per_stage.items() if v)
    return BenchResult(reader.name, n, (w, h), dice / n, stages, _figure("total", totals))
