"""Sources backed by `cv2.VideoCapture`: a webcam by index, a network stream, a video file."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import cv2

from vision.sources.base import Frame, Pacer, SourceError, now_ms

DEFAULT_FPS = 30.0


def redact_url(url: str) -> str:
    """The URL without a user name or password, for names and log lines."""
    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port is not None else host
    return urlunsplit(parts._replace(netloc=netloc))


class _Capture:
    """Owns one `cv2.VideoCapture`; subclasses say what to open and how to stamp frames."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._cap: Any = None
        self._next_index = 0

    @property
    def name(self) -> str:
        return self._name

    def _target(self) -> int | str:
        raise NotImplementedError

    def open(self) -> None:
        self.close()
        cap = cv2.VideoCapture(self._target())
        if not cap.isOpened():
            cap.release()
            raise SourceError(f"cannot open {self._name}")
        self._cap = cap

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None

    def _grab(self) -> Any:
        if self._cap is None:
            raise SourceError(f"{self._name} is not open")
        ok, image = self._cap.read()
        return image if ok and image is not None else None

    def _frame(self, image: Any, t_ms: float, captured: float) -> Frame:
        frame = Frame(image, self._next_index, t_ms, captured)
        self._next_index += 1
        return frame


class CameraSource(_Capture):
    """A live source: a webcam index or a stream URL OpenCV can open (rtsp, http mjpeg, ...).

    Frames are stamped with the monotonic clock; `read()` returns None when no frame came,
    which the grabber treats as a lost camera.
    """

    def __init__(self, target: int | str) -> None:
        if isinstance(target, int):
            if target < 0:
                raise ValueError(f"camera index must be 0 or more, got {target!r}")
            name = f"camera {target}"
        else:
            name = f"stream {redact_url(target)}"
        super().__init__(name)
        self._target_value = target

    @property
    def is_live(self) -> bool:
        return True

    def _target(self) -> int | str:
        return self._target_value

    def open(self) -> None:
        super().open()
        # Ask for a one-frame buffer so a slow reader sees the present, where backends allow it.
        self._cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)

    def read(self) -> Frame | None:
        image = self._grab()
        if image is None:
            return None
        stamp = now_ms()
        return self._frame(image, stamp, stamp)


class VideoFileSource(_Capture):
    """A video file, stamped with the video's own time, optionally looped and paced.

    With `realtime` the frames come out at the video's speed; without it as fast as they decode
    (tests, benchmarks). Looping keeps `index` and `t_ms` growing so time never runs backwards.
    """

    def __init__(self, path: str | Path, *, loop: bool = False, realtime: bool = True) -> None:
        self.path = Path(path)
        super().__init__(f"video {self.path.name}")
        self.loop = loop
        self._pacer = Pacer(realtime)
        self._fps = DEFAULT_FPS
        self._offset_ms = 0.0
        self._pass_frames = 0
        self._last_t_ms = -math.inf

    @property
    def is_live(self) -> bool:
        return False

    @property
    def fps(self) -> float:
        return self._fps

    def _target(self) -> str:
        return str(self.path)

    def open(self) -> None:
        super().open()
        fps = float(self._cap.get(cv2.CAP_PROP_FPS) or 0.0)
        self._fps = fps if 0 < fps < 1000 else DEFAULT_FPS
        self._offset_ms = max(self._last_t_ms + 1000.0 / self._fps, 0.0)
        self._pass_frames = 0
        self._pacer.reset()

    def read(self) -> Frame | None:
        image = self._grab()
        if image is None and self.loop and self._pass_frames > 0:
            self._rewind()
            image = self._grab()
        if image is None:
            return None
        t_ms = self._offset_ms + self._video_ms()
        if t_ms <= self._last_t_ms:
            t_ms = self._last_t_ms + 1000.0 / self._fps
        self._pass_frames += 1
        self._last_t_ms = t_ms
        self._pacer.wait_for(t_ms)
        return self._frame(image, t_ms, now_ms())

    def _video_ms(self) -> float:
        computed = self._pass_frames * 1000.0 / self._fps
        pos = float(self._cap.get(cv2.CAP_PROP_POS_MSEC) or 0.0)
        # The container's clock when it is sane (variable frame rate), the frame count otherwise.
        if self._pass_frames > 0 and math.isfinite(pos) and pos > 0:
            return pos
        return computed

    def _rewind(self) -> None:
        self._offset_ms = self._last_t_ms + 1000.0 / self._fps
        self._pass_frames = 0
        if not self._cap.set(cv2.CAP_PROP_POS_FRAMES, 0):
            super().open()
