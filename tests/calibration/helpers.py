"""Frames and profiles drawn in code for the calibration tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from calibration.geometry import Polygon, RectXYXY, rect_polygon
from calibration.profile import CameraInfo, PlayerZone, Profile, WhiteReference

ImageBGR = npt.NDArray[np.uint8]
FLOOR_BGR = (40, 35, 30)
FELT_BGR = (60, 110, 40)
WARM_TINT = (0.8, 1.0, 1.25)
SIZE = (640, 480)
TABLE_RECT: RectXYXY = (100, 80, 540, 400)
CARD_RECT: RectXYXY = (120, 100, 200, 150)


def noisy(image: ImageBGR, sigma: float, seed: int) -> ImageBGR:
    rng = np.random.default_rng(seed)
    return np.clip(image + rng.normal(0.0, sigma, image.shape), 0, 255).astype(np.uint8)


def table_scene(
    table: RectXYXY = TABLE_RECT,
    card: RectXYXY | None = CARD_RECT,
    card_level: int = 190,
    size: tuple[int, int] = SIZE,
) -> ImageBGR:
    """A felt rectangle on a darker floor, a grey card on it and two coloured 'dice'."""
    w, h = size
    frame = np.full((h, w, 3), FLOOR_BGR, np.uint8)
    x1, y1, x2, y2 = table
    frame[y1:y2, x1:x2] = FELT_BGR
    if card is not None:
        cx1, cy1, cx2, cy2 = card
        frame[cy1:cy2, cx1:cx2] = card_level
    cx, cy = (x1 + x2) // 2, (y1 + y2) // 2
    cv2.rectangle(frame, (cx - 10, cy - 10), (cx + 10, cy + 10), (30, 30, 200), -1)
    cv2.rectangle(frame, (cx + 40, cy + 20), (cx + 60, cy + 40), (200, 60, 30), -1)
    return frame


def tinted(image: ImageBGR, gains_bgr: tuple[float, float, float] = WARM_TINT) -> ImageBGR:
    scaled = image.astype(np.float32) * np.asarray(gains_bgr, np.float32)
    return np.clip(np.rint(scaled), 0, 255).astype(np.uint8)


def make_profile(**changes: Any) -> Profile:
    table: Polygon = rect_polygon(TABLE_RECT)
    base = Profile(
        name="kitchen",
        camera=CameraInfo("0", SIZE),
        created_at="2024-05-01T12:00:00+00:00",
        table_region=table,
        white_reference=WhiteReference("card", rect_polygon(CARD_RECT), (1.25, 1.0, 0.8), 190.0),
        player_zones=(
            PlayerZone("al", rect_polygon((100, 80, 320, 400))),
            PlayerZone("bo", rect_polygon((320, 80, 540, 400))),
        ),
        notes="test table",
    )
    return replace(base, **changes) if changes else base


def profile_json(**changes: Any) -> dict[str, Any]:
    data = make_profile().to_json()
    data.update(changes)
    return data
