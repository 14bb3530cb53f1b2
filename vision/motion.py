"""How much the picture changed between two frames: the settle detector's "hand in view" cue.

The measure works on colour, not grey: a red die on green felt can have the very same
brightness as the felt, and a grey difference would not see it move.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.types import BoxXYXY

Small = npt.NDArray[np.uint8]

SMALL_WIDTH = 160
NOISE_FLOOR = 12


def small_frame(frame_bgr: npt.NDArray[np.uint8], roi_xyxy: BoxXYXY | None = None) -> Small:
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
    if diff.ndim == 3:
        diff = diff.max(axis=2)
    diff[diff <= noise_floor] = 0
    return float(np.mean(diff))


class MotionMeter:
    """Feeds `motion_energy` one frame at a time: None for the first frame or a size change."""

    def __init__(self, roi_xyxy: BoxXYXY | None = None, noise_floor: int = NOISE_FLOOR) -> None:
        self.roi_xyxy = roi_xyxy
        self.noise_floor = noise_floor
        self._prev: Small | None = None

    def update(self, frame_bgr: npt.NDArray[np.uint8]) -> float | None:
        small = small_frame(frame_bgr, self.roi_xyxy)
        prev, self._prev = self._prev, small
        if prev is None or prev.shape != small.shape:
            return None
        return motion_energy(prev, small, self.noise_floor)
