"""Training targets for the die finder: Gaussian centre heat, sizes and offsets at stride 4."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from vision.finder import SIZE_UNIT, STRIDE

F32 = npt.NDArray[np.float32]


@dataclass(frozen=True)
class FinderTargets:
    heat: F32  # (1, H, W)
    size: F32  # (2, H, W)
    offset: F32  # (2, H, W)
    size_mask: F32  # (1, H, W): 1 where the size is known and supervised
    centre_mask: F32  # (1, H, W): 1 at every centre cell


def finder_targets(
    boxes: F32, input_h: int, input_w: int, size_known: bool, estimated_side: float = 0.0
) -> FinderTargets:
    """`boxes` in network input pixels. When sizes are unknown, `estimated_side` (input pixels)
    sets the blob width of the centre heat."""
    h, w = input_h // STRIDE, input_w // STRIDE
    heat = np.zeros((1, h, w), np.float32)
    size = np.zeros((2, h, w), np.float32)
    offset = np.zeros((2, h, w), np.float32)
    size_mask = np.zeros((1, h, w), np.float32)
    centre_mask = np.zeros((1, h, w), np.float32)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    for x1, y1, x2, y2 in boxes:
        cx, cy = (x1 + x2) / 2 / STRIDE, (y1 + y2) / 2 / STRIDE
        ix, iy = int(cx), int(cy)
        if not (0 <= ix < w and 0 <= iy < h):
            continue
        side = max(x2 - x1, y2 - y1) if size_known else estimated_side
        sigma = max(0.6, side / STRIDE / 6.0)
        blob = np.exp(-((xs - ix) ** 2 + (ys - iy) ** 2) / (2 * sigma * sigma))
        np.maximum(heat[0], blob, out=heat[0])
        offset[:, iy, ix] = (cx - ix, cy - iy)
        centre_mask[0, iy, ix] = 1.0
        if size_known:
            size[:, iy, ix] = ((x2 - x1) / SIZE_UNIT, (y2 - y1) / SIZE_UNIT)
            size_mask[0, iy, ix] = 1.0
    return FinderTargets(heat, size, offset, size_mask, centre_mask)
