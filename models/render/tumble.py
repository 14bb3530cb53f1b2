"""A labelled photo's dice thrown again: the table without them (inpainted), and frames of those
dice tumbling in along short paths, turning and blurred by their motion, to land on their
labelled places. What `models.render.live_video` strings into a test video.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from models.render.arrays import F32, U8, f32, u8
from vision.datasets import LabelledBox

# Inpainting covers a little more than the labelled box: shadows and the die's rounded edge.
INPAINT_GROW = 1.3
CROP_GROW = 1.15
# Labels boxing the pip group only (matched by centre): a die is about this many times its
# folder's typical largest pip group.
PIP_GROUP_TO_DIE = 1.4


@dataclass(frozen=True, slots=True)
class Square:
    cx: float
    cy: float
    side: float

    def box(self, grow: float, width: int, height: int) -> tuple[int, int, int, int]:
        half = self.side * grow / 2
        x1, y1 = max(0, math.floor(self.cx - half)), max(0, math.floor(self.cy - half))
        x2, y2 = min(width, math.ceil(self.cx + half)), min(height, math.ceil(self.cy + half))
        return x1, y1, x2, y2


def box_side(box: LabelledBox) -> float:
    x1, y1, x2, y2 = box.box_xyxy
    return max(x2 - x1, y2 - y1)


def pip_group_die(boxes: Sequence[LabelledBox]) -> float:
    """A die's side where labels box the pip group: the median of the largest group (a 5 or a
    6 nearly fills the face) over a folder's labels, grown to the whole die."""
    return float(np.median([box_side(b) for b in boxes])) * PIP_GROUP_TO_DIE if boxes else 0.0


def die_squares(boxes: Sequence[LabelledBox], min_side: float = 0.0) -> tuple[Square, ...]:
    """Each labelled die as a square around its centre, at least `min_side` (`pip_group_die`
    where a label boxes only the pips: a 1's box is one pip)."""
    out = []
    for b in boxes:
        x1, y1, x2, y2 = b.box_xyxy
        out.append(Square((x1 + x2) / 2, (y1 + y2) / 2, max(box_side(b), min_side)))
    return tuple(out)


def empty_table(photo: U8, squares: Sequence[Square]) -> U8:
    """The photo with its dice painted out (`cv2.inpaint`, Telea)."""
    h, w = photo.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    for sq in squares:
        x1, y1, x2, y2 = sq.box(INPAINT_GROW, w, h)
        mask[y1:y2, x1:x2] = 255
    radius = max(3, round(float(np.median([sq.side for sq in squares])) / 4)) if squares else 3
    return u8(cv2.inpaint(photo, mask, radius, cv2.INPAINT_TELEA))


def _crop(photo: U8, sq: Square) -> U8:
    h, w = photo.shape[:2]
    x1, y1, x2, y2 = sq.box(CROP_GROW, w, h)
    return u8(photo[y1:y2, x1:x2].copy())


def _soft_mask(h: int, w: int) -> F32:
    """1 in the middle, falling to 0 at the crop's edge (the crop holds some table)."""
    ys = np.minimum(np.arange(h), np.arange(h)[::-1]) / max(1.0, h * 0.12)
    xs = np.minimum(np.arange(w), np.arange(w)[::-1]) / max(1.0, w * 0.12)
    return f32(np.clip(np.minimum.outer(ys, xs), 0.0, 1.0))


def _blurred(patch: F32, dx: float, dy: float) -> F32:
    length = math.hypot(dx, dy)
    if length < 1.5:
        return patch
    size = int(min(31, round(length))) | 1
    kernel = np.zeros((size, size), np.float32)
    c = size // 2
    ux, uy = dx / length, dy / length
    cv2.line(
        kernel, (round(c - ux * c), round(c - uy * c)), (round(c + ux * c), round(c + uy * c)), 1.0
    )
    kernel /= max(float(kernel.sum()), 1.0)
    return f32(cv2.filter2D(patch, -1, kernel))


def paste(
    frame: F32, crop: U8, cx: float, cy: float, angle: float, blur: tuple[float, float]
) -> None:
    """Blend `crop`, turned by `angle` degrees and blurred along `blur`, centred at (cx, cy)."""
    h, w = crop.shape[:2]
    diag = math.ceil(math.hypot(h, w)) + 2
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    m[:, 2] += ((diag - w) / 2, (diag - h) / 2)
    rgba = np.dstack([f32(crop), _soft_mask(h, w)[..., None] * 255.0])
    patch = _blurred(f32(cv2.warpAffine(rgba, m, (diag, diag))), *blur)
    x0, y0 = round(cx - diag / 2), round(cy - diag / 2)
    fh, fw = frame.shape[:2]
    ax1, ay1, ax2, ay2 = max(x0, 0), max(y0, 0), min(x0 + diag, fw), min(y0 + diag, fh)
    if ax2 <= ax1 or ay2 <= ay1:
        return
    part = patch[ay1 - y0 : ay2 - y0, ax1 - x0 : ax2 - x0]
    alpha = part[..., 3:] / 255.0
    region = frame[ay1:ay2, ax1:ax2]
    region[:] = region * (1 - alpha) + part[..., :3] * alpha


@dataclass(frozen=True, slots=True)
class Flight:
    start: tuple[float, float]
    spin: float  # degrees turned over the whole path


def throw_paths(
    squares: Sequence[Square], width: int, height: int, rng: np.random.Generator
) -> tuple[Flight, ...]:
    """Each die comes from 2.5 to 4.5 of its sizes away (inside the picture), turning."""
    paths = []
    for sq in squares:
        heading = float(rng.uniform(0, 2 * math.pi))
        reach = sq.side * float(rng.uniform(2.5, 4.5))
        sx = min(max(sq.cx + reach * math.cos(heading), sq.side), width - sq.side)
        sy = min(max(sq.cy + reach * math.sin(heading), sq.side), height - sq.side)
        paths.append(Flight((sx, sy), float(rng.uniform(180, 540)) * float(rng.choice([-1, 1]))))
    return tuple(paths)


def tumbling(
    empty: U8, photo: U8, squares: Sequence[Square], frames: int, rng: np.random.Generator
) -> list[U8]:
    """`frames` pictures of the photo's dice flying to their places, the last one there (still
    blurred by its motion). Early on each die shows another die's face (it is turning over);
    the last third its own."""
    h, w = photo.shape[:2]
    crops = [_crop(photo, sq) for sq in squares]
    paths = throw_paths(squares, w, h, rng)
    n = len(squares)
    out = []
    for k in range(frames):
        # At one speed to the very place, then still: the truth's first still frame is when
        # the dice stopped, not a few frames after they crept the last pixels.
        ease, prev = (k + 1) / frames, k / frames
        frame = f32(empty).copy()
        for i, (sq, path) in enumerate(zip(squares, paths, strict=True)):
            sx, sy = path.start
            x, y = sx + (sq.cx - sx) * ease, sy + (sq.cy - sy) * ease
            px, py = sx + (sq.cx - sx) * prev, sy + (sq.cy - sy) * prev
            face = crops[(i + 1 + k // 3) % n] if ease < 0.66 and n > 1 else crops[i]
            if face.shape != crops[i].shape:
                face = u8(cv2.resize(face, (crops[i].shape[1], crops[i].shape[0])))
            paste(frame, face, x, y, path.spin * (1 - ease), (x - px, y - py))
        out.append(u8(np.clip(frame, 0, 255)))
    return out
