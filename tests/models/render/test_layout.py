"""Die footprints: the overlap test, and placed dice that never overlap."""

from __future__ import annotations

import math

import numpy as np
import pytest

from models.render.camera import Camera
from models.render.layout import Spot, overlaps, place_dice


@pytest.mark.parametrize(
    ("other", "expected"),
    [
        (Spot(2.5, 0.0, 0.0, 1.0), False),  # apart
        (Spot(1.9, 0.0, 0.0, 1.0), True),  # faces overlap
        (Spot(2.0, 0.0, 0.0, 1.0), False),  # faces touch
        (Spot(2.3, 0.0, math.pi / 4, 1.0), True),  # a corner pokes in
        (Spot(2.5, 0.0, math.pi / 4, 1.0), False),  # the corner stops short
        (Spot(1.5, 1.5, math.pi / 4, 1.0), True),  # diagonal, turned: our corner pokes in
        (Spot(1.8, 1.8, math.pi / 4, 1.0), False),  # a little further: clear
    ],
)
def test_square_overlap(other: Spot, expected: bool) -> None:
    assert overlaps(Spot(0.0, 0.0, 0.0, 1.0), [other]) is expected


def test_placed_dice_never_overlap_and_land_on_the_picture() -> None:
    cam = Camera.looking_down(320, 240, 400.0, tilt_deg=20.0, azimuth_deg=30.0)
    for seed in range(5):
        spots = place_dice(np.random.default_rng(seed), cam, 20, 8.0, cluster=0.7)
        assert len(spots) >= 10
        for i, spot in enumerate(spots):
            assert not overlaps(spot, spots[:i] + spots[i + 1 :])
            u, v = cam.project(np.array([[spot.x, spot.y, 0.0]]))[0]
            assert -0.5 * 16 <= u <= 320 + 0.5 * 16 and -0.5 * 16 <= v <= 240 + 0.5 * 16
