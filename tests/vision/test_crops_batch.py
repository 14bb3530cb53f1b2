"""The crops of a frame's candidates cut in one pass are the very crops the reader was trained
on, cut box by box: inside the frame, over its edges, and enlarged from small boxes."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision import crops
from vision.images import load_image

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rendered"


def test_crops_in_one_pass_are_the_crops_box_by_box() -> None:
    frame = load_image(sorted((FIXTURES / "images").glob("*"))[0])
    h, w = frame.shape[:2]
    rng = np.random.default_rng(5)
    boxes: list[tuple[float, float, float, float]] = [
        (-10.0, -8.0, 20.0, 25.0),  # over the corner
        (w - 15.0, h - 30.0, w + 5.0, h - 2.0),
        (40.0, 40.0, 41.0, 41.0),  # smaller than the crop: enlarged
        (10.5, 20.5, 90.5, 95.5),
    ]
    for x, y, s in rng.uniform((0, 0, 8), (w, h, 120), (20, 3)).tolist():
        boxes.append((x, y, x + s, y + s * 0.9))
    one_pass = crops.crop_squares(frame, boxes)
    assert np.array_equal(one_pass, np.stack([crops.crop_square(frame, b) for b in boxes]))
    assert crops.crop_squares(frame, []).shape == (0, crops.CROP_SIZE, crops.CROP_SIZE, 3)
