"""Classifier crops from a rendered scene: the runtime reader's square crop
(`vision.crops.crop_square`) around each visible die's box, the box first shifted and scaled
the way an imperfect detector's would be."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from models.render.arrays import U8
from models.render.values import DieLabel, RenderedScene
from vision.crops import CROP_SCALE, CROP_SIZE, crop_square, square_around


@dataclass(frozen=True)
class DieCrop:
    """One die's square crop (size x size BGR), its label, and the square's window on the
    scene (x1, y1, x2, y2; may reach past the frame, where edges are replicated)."""

    image_bgr: U8 = field(repr=False)
    label: DieLabel
    window_xyxy: tuple[int, int, int, int]


def detector_box(
    box: tuple[int, int, int, int], jitter: float, rng: np.random.Generator
) -> tuple[float, float, float, float]:
    """The box as a detector might report it: centre moved by up to `jitter` of its width
    and height, size scaled by 1 +- `jitter`."""
    x1, y1, x2, y2 = box
    bw, bh = x2 - x1, y2 - y1
    dx, dy, ds = (float(v) for v in rng.uniform(-jitter, jitter, 3))
    cx, cy = (x1 + x2) / 2 + dx * bw, (y1 + y2) / 2 + dy * bh
    hw, hh = bw * (1 + ds) / 2, bh * (1 + ds) / 2
    return (cx - hw, cy - hh, cx + hw, cy + hh)


def die_crops(
    scene: RenderedScene,
    size: int = CROP_SIZE,
    jitter: float = 0.12,
    rng: np.random.Generator | None = None,
    scale: float = CROP_SCALE,
) -> tuple[DieCrop, ...]:
    """A crop per visible die. With `rng`, each box is jittered (`detector_box`) before
    cropping; without, crops are exactly what the runtime reader cuts around a perfect box."""
    if not 8 <= size <= 1024:
        raise ValueError(f"size must be 8..1024 pixels, got {size!r}")
    if not 0.0 <= jitter <= 0.5:
        raise ValueError(f"jitter must be in 0..0.5, got {jitter!r}")
    if not 1.0 <= scale <= 3.0:
        raise ValueError(f"scale must be in 1..3, got {scale!r}")
    out = []
    for die in scene.visible_dice:
        box: tuple[float, ...] = die.box_xyxy
        if rng is not None and jitter > 0:
            box = detector_box(die.box_xyxy, jitter, rng)
        crop = crop_square(scene.image_bgr, box, scale, size)
        cx, cy, side = square_around(box, scale)
        left, top = cx - side // 2, cy - side // 2
        out.append(DieCrop(crop, die, (left, top, left + side, top + side)))
    return tuple(out)
