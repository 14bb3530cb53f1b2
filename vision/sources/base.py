"""What every frame source shares: the `Frame` value, the `FrameSource` protocol, pacing."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from vision.errors import VisionError

ImageBGR = npt.NDArray[np.uint8]


class SourceError(VisionError):
    """A frame source cannot be named, opened or read. The message names the source."""


class SourceSpecError(SourceError, ValueError):
    """The text naming a source is wrong (missing path, unknown scheme, not a video)."""


def now_ms() -> float:
    """Milliseconds on the monotonic clock: the timebase of live frames and `captured_ms`."""
    return time.monotonic_ns() / 1e6


@dataclass(frozen=True, slots=True, eq=False)
class Frame:
    """One picture from a source.

    `index` counts frames since the source was built (it keeps growing across loops and
    reopenings). `t_ms` is the frame's own time: the video's time for files and folders
    (also growing across loops), the monotonic clock for live sources. `captured_ms` is always
    the monotonic clock at the moment the frame was read, so latency is `now_ms() - captured_ms`.
    """

    frame_bgr: ImageBGR = field(repr=False)
    index: int
    t_ms: float
    captured_ms: float

    @property
    def size_wh(self) -> tuple[int, int]:
        return (int(self.frame_bgr.shape[1]), int(self.frame_bgr.shape[0]))


@runtime_checkable
class FrameSource(Protocol):
    """A place frames come from. `read()` returns None when a finite source has ended or a live
    one has no frame to give; it raises `SourceError` (or anything else) when it breaks."""

    @property
    def name(self) -> str: ...

    @property
    def is_live(self) -> bool: ...

    def open(self) -> None: ...

    def read(self) -> Frame | None: ...

    def close(self) -> None: ...


class Pacer:
    """Sleeps so that frames stamped with their own `t_ms` come out at the speed they were shot."""

    def __init__(self, realtime: bool) -> None:
        self.realtime = realtime
        self._origin: tuple[float, float] | None = None

    def reset(self) -> None:
        self._origin = None

    def wait_for(self, t_ms: float) -> None:
        if not self.realtime:
            return
        now = now_ms()
        if self._origin is None:
            self._origin = (now, t_ms)
            return
        wall0, t0 = self._origin
        delay_ms = (t_ms - t0) - (now - wall0)
        if delay_ms > 0:
            time.sleep(delay_ms / 1000.0)


def check_fps(fps: float) -> float:
    if not (fps > 0 and np.isfinite(fps)):
        raise ValueError(f"fps must be a positive number, got {fps!r}")
    return float(fps)
