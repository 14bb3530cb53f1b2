"""Baseline stage 1: pip candidates as round blobs, dark ones and light ones.

Dark pips (black or red on a white or yellow die) show in grey; light pips (white on red, blue,
black...) show in grey and, on saturated bodies such as yellow, best in the per-pixel minimum of
B, G and R (white is high there, any saturated colour is low). OpenCV's SimpleBlobDetector finds
round blobs over many thresholds; each is then kept only if its centre differs clearly from a thin
ring around it, which rejects soft shading and texture.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

Gray = NDArray[np.uint8]


@dataclass(frozen=True, slots=True)
class PipParams:
    min_area_px: float = 7.0
    max_area_share: float = 0.004  # of the frame's area
    min_circularity: float = 0.6
    min_inertia: float = 0.3
    min_convexity: float = 0.8
    min_contrast: float = 28.0  # grey levels between the pip's middle and its ring
    threshold_step: float = 12.0


@dataclass(frozen=True, slots=True)
class Pip:
    """One pip candidate: centre and radius in pixels, contrast against its ring, polarity."""

    x: float
    y: float
    radius: float
    contrast: float
    light: bool
    pip_bgr: tuple[float, float, float]
    ring_bgr: tuple[float, float, float]


def _detector(frame_area: int, light: bool, params: PipParams) -> cv2.SimpleBlobDetector:
    p = cv2.SimpleBlobDetector.Params()
    p.minThreshold, p.maxThreshold, p.thresholdStep = 10.0, 245.0, params.threshold_step
    p.minRepeatability = 2
    p.minDistBetweenBlobs = 2.0
    p.filterByColor, p.blobColor = True, 255 if light else 0
    p.filterByArea, p.minArea = True, params.min_area_px
    p.maxArea = max(params.min_area_px * 2, params.max_area_share * frame_area)
    p.filterByCircularity, p.minCircularity = True, params.min_circularity
    p.filterByInertia, p.minInertiaRatio = True, params.min_inertia
    p.filterByConvexity, p.minConvexity = True, params.min_convexity
    return cv2.SimpleBlobDetector.create(p)


def _blobs(channel: Gray, light: bool, params: PipParams) -> list[tuple[float, float, float]]:
    detector = _detector(channel.shape[0] * channel.shape[1], light, params)
    return [(k.pt[0], k.pt[1], k.size / 2.0) for k in detector.detect(channel)]


def _window(
    shape: tuple[int, ...], x: float, y: float, reach: float
) -> tuple[slice, slice, NDArray[np.float64]]:
    """Slices around (x, y) and each pixel's distance from it."""
    h, w = shape[:2]
    x0, x1 = max(0, int(x - reach)), min(w, int(x + reach) + 2)
    y0, y1 = max(0, int(y - reach)), min(h, int(y + reach) + 2)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    return slice(y0, y1), slice(x0, x1), np.hypot(xx - x, yy - y)


def _median_bgr(pixels: NDArray[np.uint8]) -> tuple[float, float, float]:
    if pixels.size == 0:
        return (0.0, 0.0, 0.0)
    b, g, r = np.median(pixels.reshape(-1, 3), axis=0)
    return (float(b), float(g), float(r))


def _verify(
    frame_bgr: NDArray[np.uint8], channel: Gray, blob: tuple[float, float, float], light: bool
) -> Pip | None:
    x, y, r = blob
    r = max(r, 1.0)
    rows, cols, dist = _window(channel.shape, x, y, 1.9 * r)
    patch = channel[rows, cols]
    core = dist <= max(0.6 * r, 0.8)
    ring = (dist >= 1.3 * r) & (dist <= 1.8 * r)
    if not core.any() or ring.sum() < 6:
        return None
    core_level = float(np.median(patch[core]))
    ring_level = float(np.median(patch[ring]))
    contrast = core_level - ring_level if light else ring_level - core_level
    colour_patch = frame_bgr[rows, cols]
    return Pip(
        x, y, r, contrast, light, _median_bgr(colour_patch[core]), _median_bgr(colour_patch[ring])
    )


def _dedupe(pips: Iterable[Pip]) -> list[Pip]:
    """Keep the stronger of two candidates with the same centre (found in two channels)."""
    kept: list[Pip] = []
    for pip in sorted(pips, key=lambda p: -p.contrast):
        if all(
            (pip.x - k.x) ** 2 + (pip.y - k.y) ** 2 > (0.8 * max(pip.radius, k.radius)) ** 2
            for k in kept
        ):
            kept.append(pip)
    return kept


def _not_a_face(pip: Pip, others: list[Pip]) -> bool:
    """A round blob with smaller blobs of the other polarity inside it is a die face, not a pip."""
    return not any(
        o.light != pip.light
        and o.radius < 0.6 * pip.radius
        and (o.x - pip.x) ** 2 + (o.y - pip.y) ** 2 < pip.radius**2
        for o in others
    )


def find_pips(frame_bgr: NDArray[np.uint8], params: PipParams | None = None) -> list[Pip]:
    """Every pip candidate in a BGR frame, strongest first."""
    params = params or PipParams()
    grey = np.asarray(cv2.cvtColor(frame_bgr, cv2.COLOR_BGR2GRAY), dtype=np.uint8)
    whiteness: Gray = np.ascontiguousarray(frame_bgr.min(axis=2))
    found: list[Pip] = []
    for channel, light in ((grey, False), (grey, True), (whiteness, True)):
        for blob in _blobs(channel, light, params):
            pip = _verify(frame_bgr, channel, blob, light)
            if pip is not None and pip.contrast >= params.min_contrast:
                found.append(pip)
    pips = _dedupe(found)
    return [p for p in pips if _not_a_face(p, pips)]
