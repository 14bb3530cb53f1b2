"""Classifier examples cut once from every training picture and kept in memory.

Cutting a crop needs its whole picture decoded, which costs far more than a training step on
the crop itself; so each picture is decoded once, its dice cut at several jittered boxes, and
its "not a die" examples cut beside them. Training then only applies light and geometry.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from models.training.augment import cut_crop, frame_cast, jitter_box
from models.training.real import load_sample, training_images
from models.training.samples import NO_COLOUR, Sample

NOT_A_DIE = 0
MINED_PER_IMAGE = 3


@dataclass(frozen=True)
class CropSet:
    name: str
    weight: float
    crops: np.ndarray  # (N, S, S, 3) uint8
    casts: np.ndarray  # (N, CAST_SIZE) float32
    pips: np.ndarray  # (N,) int64, 0 = not a die
    colours: np.ndarray  # (N,) int64, NO_COLOUR where unknown

    def __len__(self) -> int:
        return len(self.pips)


def build_crop_set(
    folder: Path,
    weight: float,
    negatives: Mapping[str, np.ndarray],
    rng: np.random.Generator,
    jitters: int = 4,
    max_pictures: int | None = None,
) -> CropSet:
    items = training_images(folder)
    order = rng.permutation(len(items))[:max_pictures]
    crops, casts, pips, colours = [], [], [], []
    for index in order:
        item = items[int(index)]
        sample = load_sample(item)
        mined = negatives.get(str(item.image.path), np.zeros((0, 4), np.float32))
        cast = frame_cast(sample)
        for box, pip, colour in _examples(sample, mined, rng, jitters):
            crops.append(cut_crop(sample, box))
            casts.append(cast)
            pips.append(pip)
            colours.append(colour)
    print(f"cut {len(pips)} crops from {len(order)} pictures of {folder.name}", flush=True)
    return CropSet(
        folder.name,
        weight,
        np.stack(crops),
        np.stack(casts).astype(np.float32),
        np.array(pips, np.int64),
        np.array(colours, np.int64),
    )


def _examples(
    sample: Sample, mined: np.ndarray, rng: np.random.Generator, jitters: int
) -> Iterator[tuple[np.ndarray, int, int]]:
    for box, pips, colour in zip(sample.boxes, sample.pips, sample.colours, strict=True):
        for _ in range(jitters):
            yield jitter_box(box, rng), int(pips), int(colour)
    wrong = [random_box(sample, rng), random_box(sample, rng)]
    wrong += [jitter_box(mined[int(i)], rng, 0.05) for i in rng.permutation(len(mined))[:3]]
    wrong += [_part_of_a_die(sample, rng), _cluster(sample, rng)]
    for box in wrong:
        if box is not None:
            yield box, NOT_A_DIE, NO_COLOUR


def _sides(boxes: np.ndarray) -> np.ndarray:
    return np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])


def random_box(sample: Sample, rng: np.random.Generator) -> np.ndarray | None:
    """A die-sized box that overlaps no die: table, clutter, hands."""
    h, w = sample.image_bgr.shape[:2]
    sides = _sides(sample.boxes)
    typical = float(np.median(sides)) if len(sides) else 40.0
    for _ in range(10):
        side = typical * float(np.exp(rng.uniform(-0.5, 0.5)))
        x1, y1 = rng.uniform(0, max(1, w - side)), rng.uniform(0, max(1, h - side))
        box = np.array([x1, y1, x1 + side, y1 + side], np.float32)
        if len(sample.boxes) == 0 or _max_cover(box, sample.boxes) < 0.05:
            return box
    return None


def _max_cover(box: np.ndarray, boxes: np.ndarray) -> float:
    ix = np.clip(np.minimum(box[2], boxes[:, 2]) - np.maximum(box[0], boxes[:, 0]), 0, None)
    iy = np.clip(np.minimum(box[3], boxes[:, 3]) - np.maximum(box[1], boxes[:, 1]), 0, None)
    return float((ix * iy / ((box[2] - box[0]) * (box[3] - box[1]))).max())


def _part_of_a_die(sample: Sample, rng: np.random.Generator) -> np.ndarray | None:
    """A pip-sized box on a big die: the finder's typical mistake on close-up dice."""
    big = np.nonzero(_sides(sample.boxes) >= 90)[0]
    if len(big) == 0 or not sample.size_known:
        return None
    x1, y1, x2, y2 = sample.boxes[int(rng.choice(big))]
    side = (x2 - x1) * rng.uniform(0.2, 0.45)
    cx, cy = rng.uniform(x1 + side / 2, x2 - side / 2), rng.uniform(y1 + side / 2, y2 - side / 2)
    return np.array([cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2], np.float32)


def _cluster(sample: Sample, rng: np.random.Generator) -> np.ndarray | None:
    """One box around two touching dice: the finder's typical mistake on clusters."""
    boxes = sample.boxes
    if len(boxes) < 2 or not sample.size_known:
        return None
    i = int(rng.integers(len(boxes)))
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    gaps = np.linalg.norm(centres - centres[i], axis=1)
    gaps[i] = np.inf
    j = int(np.argmin(gaps))
    if gaps[j] > 1.6 * _sides(boxes)[i]:
        return None
    pair = boxes[[i, j]]
    return np.array([*pair[:, :2].min(axis=0), *pair[:, 2:].max(axis=0)], np.float32)
