"""Frames made by code: a renderer's animation, a test script, a benchmark pattern."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import numpy as np

from vision.sources.base import Frame, ImageBGR, Pacer, SourceError, check_fps, now_ms

FrameMaker = Callable[[int], ImageBGR | None]


class SyntheticSource:
    """Frames from `make(i) -> image | None` (None ends the stream) or from an iterable.

    A callable is restartable: `open()` starts again at i = 0. An iterable is iterated afresh
    on each `open()` (a list replays; a generator plays once). Frames are stamped
    `index * 1000 / fps`; `realtime` paces them at that speed, and `live` makes the source
    behave like a camera (a None then means trouble, not the end).
    """

    def __init__(
        self,
        frames: FrameMaker | Iterable[ImageBGR],
        *,
        fps: float = 30.0,
        realtime: bool = False,
        live: bool = False,
        name: str = "synthetic",
    ) -> None:
        self._make: FrameMaker | None = frames if callable(frames) else None
        self._iterable: Iterable[ImageBGR] | None = None if callable(frames) else frames
        self.fps = check_fps(fps)
        self._live = live
        self._name = name
        self._pacer = Pacer(realtime)
        self._iter: Iterator[ImageBGR] | None = None
        self._step = 0
        self._next_index = 0
        self._opened = False

    @property
    def name(self) -> str:
        return self._name

    @property
    def is_live(self) -> bool:
        return self._live

    def open(self) -> None:
        self._iter = None if self._iterable is None else iter(self._iterable)
        self._step = 0
        self._opened = True
        self._pacer.reset()

    def close(self) -> None:
        self._opened = False
        self._iter = None

    def read(self) -> Frame | None:
        if not self._opened:
            raise SourceError(f"{self._name} is not open")
        image = self._next_image()
        if image is None:
            return None
        if not (isinstance(image, np.ndarray) and image.dtype == np.uint8 and image.ndim == 3):
            raise SourceError(f"{self._name} made a frame that is not an HxWx3 uint8 image")
        t_ms = self._next_index * 1000.0 / self.fps
        self._pacer.wait_for(t_ms)
        frame = Frame(image, self._next_index, t_ms, now_ms())
        self._next_index += 1
        self._step += 1
        return frame

    def _next_image(self) -> ImageBGR | None:
        if self._make is not None:
            return self._make(self._step)
        return None if self._iter is None else next(self._iter, None)
