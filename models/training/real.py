"""Real labelled photos (the training side of each held-out split) as training samples."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from models.render.dataset import rendered_by
from models.training.samples import NO_COLOUR, Sample
from vision.datasets import LabelledImage, load_dataset
from vision.types import COLOURS, Colour

# A pip group's box covers about this share of the die's side (by eye on matteop65's 2..6
# faces). Its boxes for a 1 range from the lone pip to the whole face, so they tell nothing.
PIP_GROUP_SHARE = 0.72


@dataclass(frozen=True)
class RealImage:
    image: LabelledImage
    grey: bool
    die_side_hint: float  # for pip-group labels: the set's typical die side in pixels
    colour: int  # every die's colour when the set has one kind of die, else NO_COLOUR


def training_images(root: Path) -> list[RealImage]:
    data = load_dataset(root)
    grey = "gray" in data.name or "grey" in data.name
    # A photo without labels may hold unlabelled dice; a render without dice holds none.
    rendered = rendered_by(root) is not None
    images = [im for im in data.split("train") if im.boxes or rendered]
    hint = _typical_die_side(images) if data.match_by == "centre" else 0.0
    # matteop65 is one set of ivory dice; elsewhere colours come from colours.csv or nowhere.
    colour = COLOURS.index(Colour.WHITE) if "matteop65" in data.name else NO_COLOUR
    return [RealImage(im, grey, hint, colour) for im in images]


def _typical_die_side(images: list[LabelledImage]) -> float:
    sides = [
        max(b.box_xyxy[2] - b.box_xyxy[0], b.box_xyxy[3] - b.box_xyxy[1])
        for im in images
        for b in im.boxes
        if b.pips > 1
    ]
    return float(np.median(sides)) / PIP_GROUP_SHARE if sides else 0.0


def load_sample(item: RealImage) -> Sample:
    image = cv2.imread(str(item.image.path), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError(f"cannot read {item.image.path}")
    labelled = item.image.boxes
    boxes = np.array([b.box_xyxy for b in labelled], np.float32).reshape(-1, 4)
    pips = np.array([b.pips for b in labelled], np.int64)
    colours = np.array(
        [COLOURS.index(b.colour) if b.colour is not None else item.colour for b in labelled],
        np.int64,
    )
    size_known = item.image.match_by == "iou"
    if not size_known:
        boxes = die_boxes_from_pip_groups(boxes, pips, item.die_side_hint)
    return Sample(np.asarray(image, np.uint8), boxes, pips, colours, size_known, item.grey)


def die_boxes_from_pip_groups(boxes: np.ndarray, pips: np.ndarray, hint: float) -> np.ndarray:
    """Whole-die boxes around pip-group boxes, one die size per photo (the same dice throughout)."""
    sides = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    many = pips > 1
    die_side = float(np.median(sides[many])) / PIP_GROUP_SHARE if many.any() else hint
    cx = (boxes[:, 0] + boxes[:, 2]) / 2
    cy = (boxes[:, 1] + boxes[:, 3]) / 2
    half = die_side / 2
    return np.stack([cx - half, cy - half, cx + half, cy + half], axis=1).astype(np.float32)
