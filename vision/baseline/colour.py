"""Baseline stage 3: a die's body colour from the face pixels around its pips.

The frame is white-balanced by the grey-world assumption (the scene's near-grey parts average to
grey; see `grey_world_gains`), the pixels
in a thin ring around each pip (pips themselves left out) are converted to HSV, and their median
is mapped to a colour with fixed ranges. Hue is circular (red sits at both ends of OpenCV's
0..179), so its median is taken after turning the hue circle to put the circular mean in the
middle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.baseline.pips import Pip
from vision.types import Colour

Image = NDArray[np.uint8]
HUE_TURN = 180.0


@dataclass(frozen=True, slots=True)
class ColourRanges:
    """Fixed HSV ranges (OpenCV scale: H 0..179, S and V 0..255), set by looking at the
    training split of the colour photos: dark purple dice keep their hue down to V 25 when they
    are saturated, while black dice stay under S 35."""

    dark_value: float = 35.0  # below this nothing has a readable hue
    grey_saturation: float = 60.0
    black_value: float = 100.0  # grey and darker than this: black
    white_value: float = 140.0  # grey and lighter than this: white; between: other
    brown_value: float = 110.0  # orange or yellow hue this dark is brown: other
    # Upper hue bound of each hue class, in order; above the last one is red again.
    hue_bounds: tuple[tuple[float, Colour], ...] = (
        (7.0, Colour.RED),
        (20.0, Colour.ORANGE),
        (34.0, Colour.YELLOW),
        (85.0, Colour.GREEN),
        (128.0, Colour.BLUE),
        (165.0, Colour.PURPLE),
    )


@dataclass(frozen=True, slots=True)
class BodyColour:
    colour: Colour
    hsv: tuple[float, float, float]


def grey_world_gains(
    frame: Image, max_chroma: float = 0.25, min_share: float = 0.01, limit: float = 1.4
) -> NDArray[np.float64]:
    """Per-channel gains that make the B, G and R means of the frame's near-grey pixels equal.

    Plain grey-world over every pixel turns white dice purple on green felt; averaging only
    pixels whose chroma ((max - min) / max) is low keeps the assumption to the parts of the scene
    likely to be grey under the light. Gains stay within 1/limit..limit.
    """
    # A global statistic: every fourth pixel each way gives the same answer at 1/16 of the cost.
    pixels = frame[::4, ::4].reshape(-1, 3).astype(np.float64)
    top = pixels.max(axis=1)
    chroma = (top - pixels.min(axis=1)) / np.maximum(top, 1.0)
    greyish = pixels[(chroma <= max_chroma) & (top >= 40)]
    sample = greyish if len(greyish) >= min_share * len(pixels) else pixels
    means = sample.mean(axis=0)
    gains = means.mean() / np.maximum(means, 1.0)
    return np.asarray(np.clip(gains, 1.0 / limit, limit))


def ring_pixels(frame: Image, pips: Sequence[Pip], inner: float = 1.4, outer: float = 2.3) -> Image:
    """The frame's pixels within `inner..outer` radii of some pip and outside every pip."""
    h, w = frame.shape[:2]
    reach = max(p.radius for p in pips) * outer
    x0 = max(0, int(min(p.x for p in pips) - reach))
    x1 = min(w, int(max(p.x for p in pips) + reach) + 1)
    y0 = max(0, int(min(p.y for p in pips) - reach))
    y1 = min(h, int(max(p.y for p in pips) + reach) + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    near = np.zeros(yy.shape, dtype=bool)
    inside = np.zeros(yy.shape, dtype=bool)
    for pip in pips:
        d = np.hypot(xx - pip.x, yy - pip.y)
        near |= d <= outer * pip.radius
        inside |= d < inner * pip.radius
    return frame[y0:y1, x0:x1][near & ~inside]


def median_hsv(pixels_bgr: NDArray[np.float64]) -> tuple[float, float, float]:
    """Median H, S, V of N x 3 BGR values (0..255); H is taken around its circular mean."""
    bgr = np.clip(pixels_bgr, 0, 255).astype(np.uint8).reshape(-1, 1, 3)
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.float64)
    angle = hsv[:, 0] * (2 * np.pi / HUE_TURN)
    weight = hsv[:, 1] + 1.0
    mean_angle = np.arctan2((np.sin(angle) * weight).sum(), (np.cos(angle) * weight).sum())
    centre = (mean_angle * HUE_TURN / (2 * np.pi)) % HUE_TURN
    shifted = (hsv[:, 0] - centre + HUE_TURN / 2) % HUE_TURN
    hue = (float(np.median(shifted)) + centre - HUE_TURN / 2) % HUE_TURN
    return (hue, float(np.median(hsv[:, 1])), float(np.median(hsv[:, 2])))


def classify_hsv(hsv: tuple[float, float, float], ranges: ColourRanges | None = None) -> Colour:
    ranges = ranges or ColourRanges()
    hue, saturation, value = hsv
    if value < ranges.dark_value:
        return Colour.BLACK
    if saturation < ranges.grey_saturation:
        if value < ranges.black_value:
            return Colour.BLACK
        return Colour.WHITE if value >= ranges.white_value else Colour.OTHER
    colour = next((c for bound, c in ranges.hue_bounds if hue < bound), Colour.RED)
    if colour in (Colour.ORANGE, Colour.YELLOW) and value < ranges.brown_value:
        return Colour.OTHER
    return colour


def body_colour(
    frame: Image,
    gains: NDArray[np.float64],
    pips: Sequence[Pip],
    ranges: ColourRanges | None = None,
) -> BodyColour:
    pixels = ring_pixels(frame, pips).reshape(-1, 3).astype(np.float64) * gains
    if pixels.size == 0:
        return BodyColour(Colour.OTHER, (0.0, 0.0, 0.0))
    hsv = median_hsv(pixels)
    return BodyColour(classify_hsv(hsv, ranges), hsv)
