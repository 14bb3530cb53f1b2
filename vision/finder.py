"""Pre- and post-processing around the die-finder network (CenterNet-style centre heat map).

The network sees the frame scaled so its long side is `long_side` pixels, padded to a multiple
of 32, and answers at stride 4: a centre heat map, box sizes and sub-cell offsets.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

STRIDE = 4
SIZE_UNIT = 64.0  # the size head predicts box sides in input pixels / SIZE_UNIT
PAD_MULTIPLE = 32

FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class FinderInput:
    tensor: FloatArray  # (1, 3, H, W), BGR in 0..1
    scale: float  # input pixels per frame pixel


@dataclass(frozen=True, slots=True)
class Candidate:
    box_xyxy: tuple[float, float, float, float]  # frame pixels
    score: float


def _padded(n: int) -> int:
    return -(-n // PAD_MULTIPLE) * PAD_MULTIPLE


def input_shape(frame_h: int, frame_w: int, long_side: int) -> tuple[int, int, float]:
    """Padded network input height and width, and the scale from frame to input pixels."""
    scale = long_side / max(frame_h, frame_w)
    return _padded(round(frame_h * scale)), _padded(round(frame_w * scale)), scale


def shrink(image_bgr: npt.NDArray[np.uint8], long_side: int) -> tuple[npt.NDArray[np.uint8], float]:
    """The image scaled so its long side is `long_side`, and that scale."""
    ih, iw = image_bgr.shape[:2]
    scale = long_side / max(ih, iw)
    size = (round(iw * scale), round(ih * scale))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return np.asarray(cv2.resize(image_bgr, size, interpolation=interp), np.uint8), scale


def to_tensor(resized: npt.NDArray[np.uint8], scale: float) -> FinderInput:
    """The network input: zero-padded to multiples of 32, channels first, 0..1."""
    h, w = resized.shape[:2]
    bottom, right = _padded(h) - h, _padded(w) - w
    padded = cv2.copyMakeBorder(resized, 0, bottom, 0, right, cv2.BORDER_CONSTANT, value=0)
    blob = cv2.dnn.blobFromImage(padded, 1.0 / 255.0, swapRB=False, crop=False)
    return FinderInput(np.asarray(blob, np.float32), scale)


def prepare(frame_bgr: npt.NDArray[np.uint8], long_side: int) -> FinderInput:
    resized, scale = shrink(frame_bgr, long_side)
    return to_tensor(resized, scale)


def decode(
    heat: FloatArray,
    size: FloatArray,
    offset: FloatArray,
    scale: float,
    threshold: float,
    max_dice: int,
) -> list[Candidate]:
    """Peaks of the heat map above `threshold` as boxes in frame pixels, best first."""
    hm = heat[0, 0]
    peaks = (hm >= threshold) & (hm >= cv2.dilate(hm, np.ones((3, 3), np.uint8)))
    ys, xs = np.nonzero(peaks)
    order = np.argsort(-hm[ys, xs])[:max_dice]
    out: list[Candidate] = []
    for y, x in zip(ys[order], xs[order], strict=True):
        cx = (x + offset[0, 0, y, x]) * STRIDE / scale
        cy = (y + offset[0, 1, y, x]) * STRIDE / scale
        bw = size[0, 0, y, x] * SIZE_UNIT / scale
        bh = size[0, 1, y, x] * SIZE_UNIT / scale
        box = (cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2)
        out.append(Candidate(box, float(hm[y, x])))
    return out
