"""A phone's browser page as a camera: JPEG frames arrive over HTTP (`push`) and leave through
`read()` like any live source's, so the reader, the table's memory and the settle detector
after it are the same as for a webcam.

`push` runs on the web request's thread and refuses a bad frame whole (`FrameRefusedError`,
with a `reason` the page can act on) before anything changes: bytes that are not a JPEG, a
picture too large, frames faster than `max_fps`. The size is read from the JPEG's header
before decoding, so a small file claiming a huge picture costs nothing.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import cv2
import numpy as np

from vision.sources.base import Frame, ImageBGR, SourceError, now_ms

MAX_JPEG_BYTES = 1_000_000
MAX_SIDE_PX = 4096
MAX_PIXELS = 3840 * 2160
MAX_FPS = 15.0
# Frames the rate allows in one burst: a page's timer or a network hiccup may bunch two or three.
BURST = 3
READ_SLICE_S = 0.25
_SOF = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})
# Markers that stand alone, with no length after them.
_BARE = frozenset({0x01, *range(0xD0, 0xD9)})


class FrameRefusedError(SourceError):
    """A pushed frame the source will not take; `reason` is one of `not-jpeg`, `too-large`,
    `too-frequent`. Nothing changed."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class PhoneLimits:
    max_bytes: int = MAX_JPEG_BYTES
    max_side_px: int = MAX_SIDE_PX
    max_pixels: int = MAX_PIXELS
    max_fps: float = MAX_FPS
    burst: int = BURST

    def __post_init__(self) -> None:
        if self.max_bytes < 1024 or self.max_side_px < 16 or self.max_pixels < 256:
            raise ValueError(f"limits too small to take any picture: {self}")
        if not (0 < self.max_fps <= 120) or self.burst < 1:
            raise ValueError(f"need 0 < max_fps <= 120 and burst >= 1, got {self}")


def jpeg_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a JPEG's frame header; FrameRefusedError when `data` is no JPEG."""
    if not data.startswith(b"\xff\xd8"):
        raise FrameRefusedError("not-jpeg", "the frame is not a JPEG picture (no JPEG start)")
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            break
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in _BARE:
            at += 2
            continue
        length = int.from_bytes(data[at + 2 : at + 4], "big")
        if marker in _SOF and at + 9 <= len(data):
            height = int.from_bytes(data[at + 5 : at + 7], "big")
            width = int.from_bytes(data[at + 7 : at + 9], "big")
            return width, height
        if marker == 0xDA or length < 2:  # picture data before any frame header
            break
        at += 2 + length
    raise FrameRefusedError("not-jpeg", "the frame is not a JPEG picture (no frame header)")


def check_jpeg(data: bytes, limits: PhoneLimits) -> tuple[int, int]:
    """The picture's (width, height) once `data` passes `limits`; FrameRefusedError naming why."""
    if len(data) > limits.max_bytes:
        raise FrameRefusedError(
            "too-large",
            f"the frame is {len(data):,} bytes; at most {limits.max_bytes:,} are taken "
            "(send a smaller or more compressed picture)",
        )
    width, height = jpeg_size(data)
    if width < 1 or height < 1:
        raise FrameRefusedError("not-jpeg", f"the JPEG says it is {width}x{height} pixels")
    if max(width, height) > limits.max_side_px or width * height > limits.max_pixels:
        raise FrameRefusedError(
            "too-large",
            f"the picture is {width}x{height} pixels; at most {limits.max_side_px} a side "
            f"and {limits.max_pixels:,} in all are taken (1280x720 is plenty)",
        )
    return width, height


def decode_jpeg(data: bytes, limits: PhoneLimits) -> ImageBGR:
    """The BGR picture in `data`, checked against `limits` before it is decoded."""
    size = check_jpeg(data, limits)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise FrameRefusedError("not-jpeg", "the JPEG picture is damaged and cannot be decoded")
    if (image.shape[1], image.shape[0]) != size:
        raise FrameRefusedError("not-jpeg", "the JPEG picture's header and data disagree")
    return np.ascontiguousarray(image, dtype=np.uint8)


class _Rate:
    """A token bucket: `max_fps` frames a second on average, `burst` at once."""

    def __init__(self, max_fps: float, burst: int) -> None:
        self.max_fps = max_fps
        self.burst = burst
        self._tokens = float(burst)
        self._at: float | None = None

    def take(self, t_ms: float) -> bool:
        if self._at is not None:
            self._tokens = min(self.burst, self._tokens + (t_ms - self._at) * self.max_fps / 1e3)
        self._at = t_ms
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


class PhoneSource:
    """A live source fed by `push(jpeg)` from other threads. `read()` waits for the next frame
    (the grabber's watchdog reports the phone lost when none comes); it returns None only once
    closed. Only the newest frame is kept: a phone faster than the reader loses frames, never
    adds latency."""

    def __init__(self, name: str = "phone", limits: PhoneLimits | None = None) -> None:
        self._name = name
        self.limits = limits or PhoneLimits()
        self._cond = threading.Condition()
        self._rate = _Rate(self.limits.max_fps, self.limits.burst)
        self._latest: Frame | None = None
        self._handed = -1
        self._count = 0
        self._closed = False
        self.refused = 0

    @property
    def name(self) -> str:
        return self._name

    @property
    def is_live(self) -> bool:
        return True

    @property
    def frames_taken(self) -> int:
        return self._count

    def push(self, data: bytes, t_ms: float | None = None) -> Frame:
        """Take one JPEG frame; FrameRefusedError (nothing changed) when it is refused."""
        at = now_ms() if t_ms is None else t_ms
        try:
            with self._cond:
                if not self._rate.take(at):
                    raise FrameRefusedError(
                        "too-frequent",
                        f"frames come faster than {self.limits.max_fps:g} a second; "
                        "this one was dropped (send fewer)",
                    )
            image = decode_jpeg(data, self.limits)
        except FrameRefusedError:
            self.refused += 1
            raise
        with self._cond:
            frame = Frame(image, self._count, at, now_ms())
            self._count += 1
            self._latest = frame
            self._cond.notify_all()
        return frame

    def open(self) -> None:
        with self._cond:
            self._closed = False

    def read(self) -> Frame | None:
        with self._cond:
            while not self._closed:
                latest = self._latest
                if latest is not None and latest.index > self._handed:
                    self._handed = latest.index
                    return latest
                self._cond.wait(READ_SLICE_S)
            return None

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
