"""Augmentations: finder tiles (geometry, light and colour) and classifier crops (light only).

The finder does not name colours, so its tiles may be recoloured at will: a die is a die in
any hue, on any table. For the classifier colour is a label, so no augmentation shifts hues; a
light's tint is applied to a crop and to the light cue the classifier is given, together."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from models.training.samples import Sample
from vision import crops

U8 = npt.NDArray[np.uint8]
F32 = npt.NDArray[np.float32]


def jpeg(img: U8, quality: int) -> U8:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), np.uint8) if ok else img


def light(img: U8, rng: np.random.Generator, gains: F32 | None = None) -> U8:
    """A gain per channel (light tint and exposure), contrast, blur, noise and JPEG."""
    out = img.astype(np.float32)
    if gains is not None:
        out *= gains[None, None, :]
    mean = float(out.mean())
    out = (out - mean) * rng.uniform(0.75, 1.25) + mean
    if rng.random() < 0.3:
        out += rng.normal(0, rng.uniform(2, 9), out.shape).astype(np.float32)
    result = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.25:
        k = int(rng.choice([3, 5]))
        result = np.asarray(cv2.GaussianBlur(result, (k, k), rng.uniform(0.3, 1.2)), np.uint8)
    if rng.random() < 0.5:
        result = jpeg(result, int(rng.integers(35, 95)))
    return result


def video_grain(crop: U8, rng: np.random.Generator, sigma: float = 4.0) -> U8:
    """The same crop as a video frame of the same still dice gives it: fresh sensor grain (up to
    `sigma` grey levels, at the crop's scale or coarser, as an enlarged small die's would be) and
    often block compression on top. The stability term (`train_reader.reader_loss`) asks the
    reader to read this copy as it reads the crop."""
    side = crop.shape[0]
    cell = side if rng.random() < 0.5 else side // 2
    grain = rng.normal(0.0, rng.uniform(1.0, sigma), (cell, cell, crop.shape[2])).astype(np.float32)
    if cell != side:
        grain = np.asarray(
            cv2.resize(grain, (side, side), interpolation=cv2.INTER_LINEAR), np.float32
        )
    out = np.clip(crop.astype(np.float32) + grain, 0, 255).astype(np.uint8)
    return jpeg(out, int(rng.integers(50, 92))) if rng.random() < 0.7 else out


def random_gains(rng: np.random.Generator, strength: float = 0.18) -> F32:
    """A warm or cool light and an exposure: B and R scaled in opposite directions."""
    t = rng.uniform(-strength, strength)
    exposure = float(np.exp(rng.uniform(np.log(0.6), np.log(1.4))))
    return np.array([1 - t, 1 + rng.uniform(-0.04, 0.04), 1 + t], np.float32) * exposure


def finder_tile(
    sample: Sample, rng: np.random.Generator, tile: int, long_side: int, die_px: float = 0.0
) -> tuple[U8, F32, float]:
    """A tile x tile patch of the picture at a random scale around the finder's own, its boxes
    (tile pixels), and the scale used (tile pixels per frame pixel). With `die_px`, the scale
    is around the one that shows the picture's dice that many pixels across instead (a finder
    for small-dice tables, which the reader runs where they show so: `table_die_px`)."""
    h, w = sample.image_bgr.shape[:2]
    sides = np.maximum(
        sample.boxes[:, 2] - sample.boxes[:, 0], sample.boxes[:, 3] - sample.boxes[:, 1]
    )
    base = long_side / max(h, w)
    if die_px > 0 and len(sides) and sample.size_known:
        base = die_px / max(float(np.median(sides)), 1.0)
    scale = base * float(np.exp(rng.uniform(np.log(0.55), np.log(1.6))))
    if len(sides) and sample.size_known:
        scale = float(np.clip(scale, 7.0 / max(sides.min(), 1), 150.0 / max(sides.max(), 1)))
    if len(sample.boxes) and rng.random() < 0.8:
        pick = sample.boxes[rng.integers(len(sample.boxes))]
        cx, cy = (pick[0] + pick[2]) / 2 * scale, (pick[1] + pick[3]) / 2 * scale
        ox = cx - rng.uniform(0.15, 0.85) * tile
        oy = cy - rng.uniform(0.15, 0.85) * tile
    else:
        ox = rng.uniform(min(0, w * scale - tile), max(0, w * scale - tile))
        oy = rng.uniform(min(0, h * scale - tile), max(0, h * scale - tile))
    m = np.array([[scale, 0, -ox], [0, scale, -oy]], np.float32)
    border = tuple(int(v) for v in rng.integers(0, 255, 3))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    img = np.asarray(
        cv2.warpAffine(sample.image_bgr, m, (tile, tile), flags=interp, borderValue=border),
        np.uint8,
    )
    boxes = sample.boxes * scale - np.array([ox, oy, ox, oy], np.float32)
    img, boxes = _flip_rotate(img, boxes, rng)
    img = light(img, rng, random_gains(rng, 0.4))
    if rng.random() < 0.4:
        img = recolour(img, rng)
    if rng.random() < 0.1:
        img = np.repeat(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)[:, :, None], 3, axis=2)
    return img, boxes.astype(np.float32), scale


def recolour(img: U8, rng: np.random.Generator) -> U8:
    """The same picture in other hues: the channels shuffled, or every hue turned alike."""
    if rng.random() < 0.5:
        return np.ascontiguousarray(img[:, :, rng.permutation(3)])
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
    hsv[:, :, 0] = (hsv[:, :, 0].astype(np.int16) + int(rng.integers(1, 180))) % 180
    return np.asarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR), np.uint8)


def _flip_rotate(img: U8, boxes: F32, rng: np.random.Generator) -> tuple[U8, F32]:
    n = img.shape[0]
    b = boxes.copy()
    if rng.random() < 0.5:
        img = img[:, ::-1]
        b[:, [0, 2]] = n - b[:, [2, 0]]
    if rng.random() < 0.5:
        img = img.transpose(1, 0, 2)
        b = b[:, [1, 0, 3, 2]]
    return np.ascontiguousarray(img), b


def jitter_box(box: F32, rng: np.random.Generator, amount: float = 0.12) -> F32:
    side = max(box[2] - box[0], box[3] - box[1])
    cx = (box[0] + box[2]) / 2 + rng.uniform(-amount, amount) * side
    cy = (box[1] + box[3]) / 2 + rng.uniform(-amount, amount) * side
    bw = (box[2] - box[0]) * float(np.exp(rng.uniform(-1.5 * amount, 1.5 * amount)))
    bh = (box[3] - box[1]) * float(np.exp(rng.uniform(-1.5 * amount, 1.5 * amount)))
    return np.array([cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], np.float32)


def frame_cast(sample: Sample) -> F32:
    """The light cue the runtime gives the reader for this picture (grey for grey photos), its
    dice part taken over crops of the labelled boxes where the runtime has the finder's."""
    dice = [cut_crop(sample, box) for box in sample.boxes]
    empty = np.zeros((0, crops.CROP_SIZE, crops.CROP_SIZE, 3), np.uint8)
    cast = crops.light_cue(sample.image_bgr, np.stack(dice) if dice else empty)
    if not sample.grey:
        return cast
    return np.repeat(cast.reshape(-1, 3).mean(axis=1), 3).astype(np.float32)


def cut_crop(sample: Sample, box: F32) -> U8:
    """The classifier's input for `box`, cut exactly as the runtime cuts it."""
    return crops.crop_square(sample.image_bgr, tuple(float(v) for v in box))


def augment_crop(crop: U8, cast: F32, rng: np.random.Generator) -> tuple[U8, F32]:
    """A cut crop under a random light (applied to the crop and its cast together), maybe seen
    from further away, turned, blurred, noisy or recompressed."""
    # Often a lamp far warmer or cooler than any rendered one: the cast input is what lets the
    # classifier undo it, and a strong cast was where colours went wrong (blue under a sodium-like
    # lamp read as black), so strong casts come as often as mild ones.
    pick = rng.random()
    gains = random_gains(rng, 0.18 if pick < 0.35 else 0.5 if pick < 0.75 else 0.0)
    if rng.random() < 0.3:  # dice far from the camera: lose detail, as a small box would
        small = int(rng.integers(12, 28))
        crop = np.asarray(
            cv2.resize(
                cv2.resize(crop, (small, small), interpolation=cv2.INTER_AREA),
                (crops.CROP_SIZE, crops.CROP_SIZE),
                interpolation=cv2.INTER_LINEAR,
            ),
            np.uint8,
        )
    crop = np.rot90(crop, int(rng.integers(4)))
    if rng.random() < 0.5:
        crop = crop[:, ::-1]
    crop = light(np.ascontiguousarray(crop), rng, gains)
    return crop, np.clip(cast * np.tile(gains, len(cast) // 3), 0, 1).astype(np.float32)
