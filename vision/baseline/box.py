"""Baseline stage 4: the box around one die.

First choice: the die's body itself. Pixels close to the body colour around the pips (plus the
pips) that connect to the pips form the face; its bounding box, widened a little for the sides a
tilted view shows, is the die. When that region leaks into a table of the same colour (it reaches
the edge of the search window) or comes out implausibly small, the box falls back to a square
sized from the pip spread or, for a lone pip, the pip size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.baseline.groups import PipGroup

Image = NDArray[np.uint8]
BoxF = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class BoxParams:
    # Measured on the training photos: a labelled box (which takes in the sides a tilted view
    # shows) is about 2.3 times the widest pip distance, and 13 pip radii for a lone pip.
    per_spread: float = 2.3
    per_radius: float = 15.0
    per_radius_single: float = 13.0
    body_scale: float = 1.2  # labelled boxes include the sides of the die, the fill does not
    min_body_share: float = 0.45  # of the fallback's width, below which the fill is not trusted
    # Colour distance from the body that still counts as body: a share of the body-to-pip
    # distance, kept within bounds so that a grey table next to a white die is not "body".
    body_tolerance: float = 0.35
    min_tolerance: float = 24.0
    max_tolerance: float = 60.0


def _centre(group: PipGroup) -> tuple[float, float]:
    return (
        float(np.mean([p.x for p in group.pips])),
        float(np.mean([p.y for p in group.pips])),
    )


def estimated_width(group: PipGroup, params: BoxParams) -> float:
    """Box width from pip geometry alone."""
    pips = group.pips
    radius = float(np.median([p.radius for p in pips]))
    if len(pips) == 1:
        return params.per_radius_single * radius
    spread = max(math.hypot(a.x - b.x, a.y - b.y) for a in pips for b in pips)
    # A face seen edge-on shrinks the spread; the pip size keeps the box from collapsing.
    return max(params.per_spread * spread, 0.6 * params.per_radius * radius)


def _square(cx: float, cy: float, width: float) -> BoxF:
    half = width / 2.0
    return (cx - half, cy - half, cx + half, cy + half)


def body_region_box(frame: Image, group: PipGroup, window: float, params: BoxParams) -> BoxF | None:
    """Bounding box of the body-coloured region joined to the pips; None if it leaks."""
    h, w = frame.shape[:2]
    cx, cy = _centre(group)
    x0, y0 = max(0, int(cx - window)), max(0, int(cy - window))
    x1, y1 = min(w, int(cx + window) + 1), min(h, int(cy + window) + 1)
    crop = frame[y0:y1, x0:x1].astype(np.float32)
    body = np.median([p.ring_bgr for p in group.pips], axis=0)
    pip_colour = np.median([p.pip_bgr for p in group.pips], axis=0)
    tolerance = float(
        np.clip(
            params.body_tolerance * float(np.linalg.norm(body - pip_colour)),
            params.min_tolerance,
            params.max_tolerance,
        )
    )
    mask = (np.linalg.norm(crop - body.astype(np.float32), axis=2) <= tolerance).astype(np.uint8)
    for pip in group.pips:
        centre = (round(pip.x) - x0, round(pip.y) - y0)
        cv2.circle(mask, centre, math.ceil(1.3 * pip.radius), 1, -1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    seeds = [labels[round(p.y) - y0, round(p.x) - x0] for p in group.pips]
    label = max(set(seeds), key=seeds.count)
    if label == 0:
        return None
    left, top, width, height, _ = (int(v) for v in stats[label])
    if left == 0 or top == 0 or left + width >= x1 - x0 or top + height >= y1 - y0:
        return None
    return (float(x0 + left), float(y0 + top), float(x0 + left + width), float(y0 + top + height))


def die_box_xyxy(frame: Image, group: PipGroup, params: BoxParams | None = None) -> BoxF:
    """The die's box in pixels (not yet clipped to the frame)."""
    params = params or BoxParams()
    cx, cy = _centre(group)
    estimate = estimated_width(group, params)
    region = body_region_box(frame, group, 0.8 * estimate, params)
    if region is None:
        return _square(cx, cy, estimate)
    rx = (region[0] + region[2]) / 2.0
    ry = (region[1] + region[3]) / 2.0
    half_w = params.body_scale * (region[2] - region[0]) / 2.0
    half_h = params.body_scale * (region[3] - region[1]) / 2.0
    if 2 * min(half_w, half_h) < params.min_body_share * estimate:
        return _square(cx, cy, estimate)
    return (rx - half_w, ry - half_h, rx + half_w, ry + half_h)
