"""Image helpers for the settle stage: how much the picture changed between two frames (the
"hand in view" cue), the JPEG thumbnail of a roll and the full frame kept for disputes.

The motion measure works on colour, not grey: a red die on green felt can have the very same
brightness as the felt, and a grey difference would not see it move.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.sources.base import ImageBGR
from vision.types import BoxXYXY

Small = npt.NDArray[np.uint8]

SMALL_WIDTH = 160
NOISE_FLOOR = 12


def small_frame(frame_bgr: ImageBGR, roi_xyxy: BoxXYXY | None = None) -> Small:
    """The frame (or its table region) `SMALL_WIDTH` pixels wide and lightly blurred.

    Shrinking averages away sensor noise and makes the measure cheap (about 19,000 pixels).
    """
    if frame_bgr.ndim != 3 or frame_bgr.shape[2] != 3 or frame_bgr.dtype != np.uint8:
        raise ValueError(f"expected an HxWx3 uint8 frame, got {frame_bgr.shape} {frame_bgr.dtype}")
    image = frame_bgr
    if roi_xyxy is not None:
        x1, y1, x2, y2 = roi_xyxy
        h, w = frame_bgr.shape[:2]
        if not (0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h):
            raise ValueError(f"roi_xyxy {roi_xyxy!r} is not inside the {w}x{h} frame")
        image = frame_bgr[y1:y2, x1:x2]
    height = max(1, round(image.shape[0] * SMALL_WIDTH / image.shape[1]))
    small = cv2.resize(image, (SMALL_WIDTH, height), interpolation=cv2.INTER_AREA)
    return np.asarray(cv2.GaussianBlur(small, (3, 3), 0), dtype=np.uint8)


def motion_energy(prev: Small, current: Small, noise_floor: int = NOISE_FLOOR) -> float:
    """Mean over pixels of the largest channel difference, counting only pixels that changed
    by more than `noise_floor` levels (a still table under a noisy webcam reads 0)."""
    if prev.shape != current.shape:
        raise ValueError(f"frames differ in size: {prev.shape} and {current.shape}")
    diff = cv2.absdiff(prev, current)
    if diff.ndim == 3 and diff.shape[2] == 3:
        b, g, r = cv2.split(diff)  # the largest channel: numpy's max over the axis is slower
        diff = np.asarray(cv2.max(cv2.max(b, g), r), np.uint8)
    elif diff.ndim == 3:
        diff = diff.max(axis=2)
    diff[diff <= noise_floor] = 0
    return float(np.mean(diff))


class MotionMeter:
    """Feeds `motion_energy` one frame at a time: None for the first frame or a size change."""

    def __init__(self, roi_xyxy: BoxXYXY | None = None, noise_floor: int = NOISE_FLOOR) -> None:
        self.roi_xyxy = roi_xyxy
        self.noise_floor = noise_floor
        self._prev: Small | None = None

    def update(self, frame_bgr: ImageBGR) -> float | None:
        small = small_frame(frame_bgr, self.roi_xyxy)
        prev, self._prev = self._prev, small
        if prev is None or prev.shape != small.shape:
            return None
        return motion_energy(prev, small, self.noise_floor)


def encode_thumbnail(frame_bgr: ImageBGR, max_side: int = 320, quality: int = 80) -> bytes:
    """A JPEG of the frame, shrunk so its longer side is at most `max_side` pixels."""
    if frame_bgr.ndim != 3 or frame_bgr.shape[2] != 3 or frame_bgr.dtype != np.uint8:
        raise ValueError(f"expected an HxWx3 uint8 frame, got {frame_bgr.shape} {frame_bgr.dtype}")
    if not 16 <= max_side <= 4096:
        raise ValueError(f"max_side must be 16..4096, got {max_side!r}")
    if not 1 <= quality <= 100:
        raise ValueError(f"quality must be 1..100, got {quality!r}")
    h, w = frame_bgr.shape[:2]
    scale = min(1.0, max_side / max(h, w))
    image = frame_bgr
    if scale < 1.0:
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        image = np.asarray(cv2.resize(frame_bgr, size, interpolation=cv2.INTER_AREA), np.uint8)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError(f"could not encode a {w}x{h} frame as JPEG")
    return bytes(data.tobytes())


# Quality steps tried for the settled frame before it is shrunk: a die's pips stay legible at 60.
FRAME_QUALITIES = (85, 75, 60)


def encode_frame(frame_bgr: ImageBGR, max_bytes: int) -> bytes:
    """The settled frame as a JPEG of at most `max_bytes`: at camera resolution if a quality in
    `FRAME_QUALITIES` fits, else shrunk step by step (a busy 4K frame) until one does."""
    if frame_bgr.ndim != 3 or frame_bgr.shape[2] != 3 or frame_bgr.dtype != np.uint8:
        raise ValueError(f"expected an HxWx3 uint8 frame, got {frame_bgr.shape} {frame_bgr.dtype}")
    if not 4096 <= max_bytes <= 64 * 1024 * 1024:
        raise ValueError(f"max_bytes must be 4096..67108864, got {max_bytes!r}")
    side = max(frame_bgr.shape[:2])
    while True:
        for quality in FRAME_QUALITIES:
            data = encode_thumbnail(frame_bgr, max(16, min(side, 4096)), quality)
            if len(data) <= max_bytes or side <= 16:
                return data
        side = side * 3 // 4


def decode_frame(data: bytes, size: tuple[int, int]) -> ImageBGR | None:
    """A frame `encode_frame` wrote, at `size` (width, height), the size its dice's boxes are
    measured in (a busy frame was kept shrunk); None where the bytes are no picture."""
    frame = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if frame is None:
        return None
    width, height = size
    if frame.shape[1] != width or frame.shape[0] != height:
        frame = cv2.resize(frame, (width, height), interpolation=cv2.INTER_LINEAR)
    return np.asarray(frame, np.uint8)
