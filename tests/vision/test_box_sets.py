"""The box matrices agree with the pairwise functions they stand for, exactly, on random boxes
(touching, nested, empty and far apart ones among them)."""

from __future__ import annotations

import numpy as np

from vision import box_sets
from vision.dice_checks import _contains
from vision.types import intersection, iou, shared


def random_boxes(seed: int, n: int = 30) -> list[tuple[float, float, float, float]]:
    rng = np.random.default_rng(seed)
    xy = rng.uniform(0, 200, (n, 2)).round(1)
    wh = rng.uniform(0, 60, (n, 2)).round(1)
    wh[::9] = 0.0  # empty boxes
    boxes = [(x, y, x + w, y + h) for (x, y), (w, h) in zip(xy.tolist(), wh.tolist(), strict=True)]
    x, y, _, _ = boxes[1]
    boxes[2] = (x + 5, y + 5, x + 10, y + 10)  # nested in, or touching, another
    return boxes


def test_every_matrix_is_its_pairwise_function() -> None:
    for seed in range(3):
        boxes = random_boxes(seed)
        b = box_sets.as_array(boxes)
        pairs = [(i, j) for i in range(len(boxes)) for j in range(len(boxes))]
        for matrix, pairwise in (
            (box_sets.intersections(b), intersection),
            (box_sets.ious(b), iou),
            (box_sets.shares(b), shared),
        ):
            assert all(matrix[i, j] == pairwise(boxes[i], boxes[j]) for i, j in pairs)
        held = box_sets.contains(b)
        assert all(held[i, j] == _contains(boxes[i], boxes[j]) for i, j in pairs)
        assert held.any()
