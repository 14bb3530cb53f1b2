"""Classifier crops from a rendered scene: a square around each visible die, shifted and
scaled the way an imperfect detector's box would be."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from models.render.arrays import U8
from models.render.values import DieLabel, RenderedScene

DEFAULT_SCALE = 1.25  # the runtime reader's square: the box grown by a quarter (vision.crops)


@dataclass(frozen=True)
class DieCrop:
    """One die's square crop (size x size BGR), its label, and the square's window on the
    scene (x1, y1, x2, y2; may reach past the frame, where edges are replicated)."""

    image_bgr: U8 = field(repr=False)
    label: DieLabel
    window_xyxy: tuple[int, int, int, int]


def _cut(image: U8, x1: int, y1: int, side: int, size: int) -> U8:
    h, w = image.shape[:2]
    x2, y2 = x1 + side, y1 + side
    patch = image[max(0, y1) : min(h, y2), max(0, x1) : min(w, x2)]
    pads = (max(0, -y1), max(0, y2 - h), max(0, -x1), max(0, x2 - w))
    if any(pads):
        patch = np.asarray(cv2.copyMakeBorder(patch, *pads, cv2.BORDER_REPLICATE), np.uint8)
    interp = cv2.INTER_AREA if side > size else cv2.INTER_LINEAR
    return np.ascontiguousarray(cv2.resize(patch, (size, size), interpolation=interp), np.uint8)


def die_crops(
    scene: RenderedScene,
    size: int = 48,
    jitter: float = 0.12,
    rng: np.random.Generator | None = None,
    scale: float = DEFAULT_SCALE,
) -> tuple[DieCrop, ...]:
    """A crop per visible die. With `rng`, the box is shifted by up to `jitter` of its size
    and its side scaled by 1 +- `jitter` before squaring, as a detector's boxes wander;
    without, crops are centred (same as the runtime reader's `vision.crops.crop_square`)."""
    if not 8 <= size <= 1024:
        raise ValueError(f"size must be 8..1024 pixels, got {size!r}")
    if not 0.0 <= jitter <= 0.5:
        raise ValueError(f"jitter must be in 0..0.5, got {jitter!r}")
    if not 1.0 <= scale <= 3.0:
        raise ValueError(f"scale must be in 1..3, got {scale!r}")
    out = []
    for die in scene.visible_dice:
        x1, y1, x2, y2 = die.box_xyxy
        bw, bh = x2 - x1, y2 - y1
        cx, cy, grow = (x1 + x2) / 2, (y1 + y2) / 2, 1.0
        if rng is not None and jitter > 0:
            dx, dy, ds = rng.uniform(-jitter, jitter, 3)
            cx, cy, grow = cx + dx * bw, cy + dy * bh, 1.0 + ds
        side = max(4, round(max(bw, bh) * scale * grow))
        left, top = round(cx - side / 2), round(cy - side / 2)
        crop = _cut(scene.image_bgr, left, top, side, size)
        out.append(DieCrop(crop, die, (left, top, left + side, top + side)))
    return tuple(out)
