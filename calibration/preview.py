"""A picture of a profile: the balanced frame with the table, white region and zones drawn on,
so the user can see at a glance whether the automatic guesses are right."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from calibration import geometry as geo
from calibration.apply import gains_lut, white_balance
from calibration.errors import CalibrationError
from calibration.geometry import Polygon
from calibration.profile import Profile

PREVIEW_SUFFIXES = (".jpg", ".jpeg", ".png")
TABLE_BGR = (60, 220, 60)
WHITE_BGR = (255, 255, 255)
ZONE_BGR = ((255, 160, 40), (40, 160, 255), (200, 60, 200), (40, 220, 220))

ImageBGR = npt.NDArray[np.uint8]


def _outline(image: ImageBGR, poly: Polygon, colour: tuple[int, int, int], width: int) -> None:
    cv2.polylines(image, [np.asarray(poly, np.int32)], True, colour, width, cv2.LINE_AA)


def _label(image: ImageBGR, text: str, at: tuple[int, int], colour: tuple[int, int, int]) -> None:
    for thickness, shade in ((4, (0, 0, 0)), (1, colour)):
        cv2.putText(image, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.5, shade, thickness, cv2.LINE_AA)


def draw_profile(frame_bgr: ImageBGR, profile: Profile) -> ImageBGR:
    """The frame white-balanced by the profile, with its regions drawn on."""
    image = white_balance(frame_bgr, gains_lut(profile.white_reference.gains_bgr)).copy()
    for i, zone in enumerate(profile.player_zones):
        colour = ZONE_BGR[i % len(ZONE_BGR)]
        _outline(image, zone.polygon, colour, 1)
        cx, cy = geo.centroid([(float(x), float(y)) for x, y in zone.polygon])
        _label(image, zone.name, (round(cx) - 20, round(cy)), colour)
    _outline(image, profile.table_region, TABLE_BGR, 2)
    ref = profile.white_reference
    if ref.method == "card":
        _outline(image, ref.region, WHITE_BGR, 2)
    b, g, r = ref.gains_bgr
    caption = f"{profile.name}: gains B {b:.2f} G {g:.2f} R {r:.2f} ({ref.method})"
    _label(image, caption, (8, 20), WHITE_BGR)
    return image


def check_preview_path(path: Path) -> Path:
    if path.suffix.lower() not in PREVIEW_SUFFIXES:
        raise CalibrationError(f"preview {str(path)!r} must end in {', '.join(PREVIEW_SUFFIXES)}")
    return path


def write_preview(path: Path, frame_bgr: ImageBGR, profile: Profile) -> Path:
    check_preview_path(path)
    image = draw_profile(frame_bgr, profile)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        ok = cv2.imwrite(str(path), image)
    except (OSError, cv2.error) as exc:
        raise CalibrationError(f"cannot write preview {str(path)!r}: {exc}") from exc
    if not ok:
        raise CalibrationError(f"cannot write preview {str(path)!r}")
    return path
