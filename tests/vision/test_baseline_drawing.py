"""Simple synthetic dice for the baseline and eval tests: squares with round pips.

Other test modules import `draw_scene`; the tests here check the drawing itself, so a broken
fixture cannot make the reader's tests pass or fail for the wrong reason.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

Image = NDArray[np.uint8]
BGR = tuple[int, int, int]

WHITE: BGR = (245, 245, 245)
BLACK: BGR = (25, 25, 25)
RED: BGR = (40, 40, 200)
GREEN: BGR = (60, 160, 40)
BLUE: BGR = (190, 90, 30)
YELLOW: BGR = (40, 210, 230)
PURPLE: BGR = (140, 40, 110)
ORANGE: BGR = (20, 120, 240)
FELT: BGR = (90, 120, 70)
GREY_TABLE: BGR = (150, 150, 150)

# Pip centres on a face whose corners are (-1, -1) and (1, 1).
LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-0.5, -0.5), (0.5, 0.5)),
    3: ((-0.5, -0.5), (0, 0), (0.5, 0.5)),
    4: ((-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.5, 0.5)),
    5: ((-0.5, -0.5), (-0.5, 0.5), (0, 0), (0.5, -0.5), (0.5, 0.5)),
    6: ((-0.5, -0.5), (-0.5, 0), (-0.5, 0.5), (0.5, -0.5), (0.5, 0), (0.5, 0.5)),
}


@dataclass(frozen=True)
class DrawnDie:
    centre: tuple[int, int]
    size: int
    pips: int
    body: BGR
    pip: BGR
    angle_deg: float = 0.0

    def box_xyxy(self) -> tuple[float, float, float, float]:
        """The axis-aligned box around the turned square."""
        half = self.size / 2 * (abs(math.cos(self._rad)) + abs(math.sin(self._rad)))
        x, y = self.centre
        return (x - half, y - half, x + half, y + half)

    @property
    def _rad(self) -> float:
        return math.radians(self.angle_deg)

    def to_image(self, offset: tuple[float, float]) -> tuple[int, int]:
        c, s = math.cos(self._rad), math.sin(self._rad)
        u, v = offset[0] * self.size / 2, offset[1] * self.size / 2
        return (round(self.centre[0] + c * u - s * v), round(self.centre[1] + s * u + c * v))


def draw_die(image: Image, die: DrawnDie) -> None:
    corners = np.asarray([die.to_image(o) for o in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
    cv2.fillConvexPoly(image, corners.astype(np.int32), die.body, lineType=cv2.LINE_AA)
    radius = max(2, round(die.size * (0.15 if die.pips == 1 else 0.1)))
    for offset in LAYOUTS[die.pips]:
        cv2.circle(image, die.to_image(offset), radius, die.pip, -1, lineType=cv2.LINE_AA)


def draw_scene(
    dice: Sequence[DrawnDie], table: BGR = FELT, size: tuple[int, int] = (480, 360)
) -> Image:
    width, height = size
    image = np.empty((height, width, 3), dtype=np.uint8)
    image[:] = table
    for die in dice:
        draw_die(image, die)
    return image


def dark_blobs(image: Image, die: DrawnDie) -> int:
    """Pips inside one drawn die, counted with plain contours (no baseline code)."""
    x1, y1, x2, y2 = (round(v) for v in die.box_xyxy())
    grey = cv2.cvtColor(image[y1:y2, x1:x2], cv2.COLOR_BGR2GRAY)
    body = float(np.mean(die.body))
    pip = float(np.mean(die.pip))
    mask = (np.abs(grey - pip) < np.abs(grey - body)).astype(np.uint8)
    inner = np.zeros_like(mask)
    cv2.fillConvexPoly(
        inner,
        np.asarray(
            [die.to_image(o) for o in ((-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9))]
        ).astype(np.int32)
        - np.asarray([x1, y1]),
        1,
    )
    count, _ = cv2.connectedComponents(mask & inner)
    return int(count) - 1


@pytest.mark.parametrize("pips", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("angle", [0.0, 30.0])
def test_drawn_die_shows_its_pips(pips: int, angle: float) -> None:
    die = DrawnDie((120, 100), 70, pips, WHITE, BLACK, angle)
    image = draw_scene([die])
    assert dark_blobs(image, die) == pips


def test_turned_box_holds_the_whole_die() -> None:
    die = DrawnDie((200, 150), 60, 5, RED, WHITE, 45.0)
    x1, y1, x2, y2 = die.box_xyxy()
    assert x2 - x1 == pytest.approx(60 * math.sqrt(2))
    image = draw_scene([die])
    outside = image.copy()
    outside[math.floor(y1) : math.ceil(y2) + 1, math.floor(x1) : math.ceil(x2) + 1] = FELT
    assert (outside == np.asarray(FELT, dtype=np.uint8)).all()
