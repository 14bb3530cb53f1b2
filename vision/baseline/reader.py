"""The classical baseline reader: pips as blobs, grouped into dice, counted; colour from the face.

It is the common open-source recipe written in our own code, kept honest and simple so that the
model reader's margin over it is a measured figure:

1. pips: round blobs, dark and light, each checked against a ring around it (`pips.py`);
2. dice: pips linked when close for their size and joined by die face (`groups.py`);
3. pips per die: the group's size, clipped to 1..6;
4. box: the body-coloured region around the pips, or a square sized from the pip spread and
   pip size where that region cannot be trusted (`box.py`);
5. colour: median HSV of the face around the pips after grey-world balance (`colour.py`).

A lone pip is a die (a 1) only when it is strong and sits in a plain patch, because texture
makes stray round blobs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from vision.baseline.box import BoxParams, die_box_xyxy
from vision.baseline.colour import ColourRanges, body_colour, grey_world_gains
from vision.baseline.groups import GroupParams, PipGroup, group_pips
from vision.baseline.pips import Pip, PipParams, find_pips
from vision.reading_protocol import FrameBGR
from vision.types import BoxXYXY, DiceReading, Die


@dataclass(frozen=True, slots=True)
class BaselineParams:
    pips: PipParams = field(default_factory=PipParams)
    groups: GroupParams = field(default_factory=GroupParams)
    colours: ColourRanges = field(default_factory=ColourRanges)
    boxes: BoxParams = field(default_factory=BoxParams)
    single_max_radius_ratio: float = 1.8  # a lone pip over the median pip of the frame's groups
    single_min_contrast: float = 45.0
    single_max_ring_spread: float = 0.35  # ring's spread over the pip's contrast


def die_box(frame: FrameBGR, group: PipGroup, params: BaselineParams) -> BoxXYXY | None:
    """The die's box clipped to the frame, in whole pixels; None if nothing is left."""
    height, width = frame.shape[:2]
    bx1, by1, bx2, by2 = die_box_xyxy(frame, group, params.boxes)
    x1, y1 = max(0, round(bx1)), max(0, round(by1))
    x2, y2 = min(width, round(bx2)), min(height, round(by2))
    return (x1, y1, x2, y2) if x2 > x1 and y2 > y1 else None


def _plain_patch_spread(frame: FrameBGR, pip: Pip) -> float:
    """Spread of grey levels in a wide ring around a lone pip, over the pip's contrast."""
    h, w = frame.shape[:2]
    reach = 3.0 * pip.radius
    x0, x1 = max(0, int(pip.x - reach)), min(w, int(pip.x + reach) + 2)
    y0, y1 = max(0, int(pip.y - reach)), min(h, int(pip.y + reach) + 2)
    grey = frame[y0:y1, x0:x1].mean(axis=2)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    d = np.hypot(xx - pip.x, yy - pip.y)
    ring = grey[(d >= 1.4 * pip.radius) & (d <= reach)]
    if ring.size < 8:
        return math.inf
    low, high = np.percentile(ring, [10, 90])
    return float(high - low) / max(pip.contrast, 1.0)


def keep_group(
    frame: FrameBGR, group: PipGroup, typical_radius: float | None, params: BaselineParams
) -> bool:
    """Whether a group is a die; a lone pip must be strong, plain around and not oversized
    (a dark die body on a pale table is a large round blob too)."""
    if len(group.pips) > 1:
        return True
    pip = group.pips[0]
    if typical_radius is not None and pip.radius > params.single_max_radius_ratio * typical_radius:
        return False
    return (
        pip.contrast >= params.single_min_contrast
        and _plain_patch_spread(frame, pip) <= params.single_max_ring_spread
    )


def typical_pip_radius(groups: list[PipGroup]) -> float | None:
    """Median pip radius over the groups of two or more pips, if there are any."""
    radii = [p.radius for g in groups if len(g.pips) > 1 for p in g.pips]
    return float(np.median(radii)) if radii else None


def confidence_of(group: PipGroup) -> float:
    contrast = float(np.median([p.contrast for p in group.pips]))
    strength = min(1.0, contrast / 100.0)
    fit = max(0.0, 1.0 - 4.0 * group.layout_error)
    score = 0.35 + 0.6 * strength * fit
    return round(min(0.95, score * (0.6 if group.unsure else 1.0)), 4)


def _near(die: Die, other: Die, share: float = 0.3) -> bool:
    """Whether `die`'s centre lies in the middle part of `other`'s box (`share` of its width
    either side of its centre): boxes of touching dice overlap, their middles do not."""
    (x, y), (ox, oy) = die.centre_xy, other.centre_xy
    x1, y1, x2, y2 = other.box_xyxy
    return abs(x - ox) <= share * (x2 - x1) and abs(y - oy) <= share * (y2 - y1)


def suppress_overlaps(dice: list[Die]) -> list[Die]:
    """Two dice cannot each hold the other's centre: keep the better one (more pips, then the
    more confident); what is dropped is usually a side face's pips next to the top face."""
    kept: list[Die] = []
    for die in sorted(dice, key=lambda d: (d.pips > 1, d.confidence, d.size_px), reverse=True):
        if not any(_near(die, k) or _near(k, die) for k in kept):
            kept.append(die)
    return kept


def read_baseline(frame_bgr: FrameBGR, params: BaselineParams | None = None) -> DiceReading:
    """Every die the baseline finds in one BGR frame."""
    params = params or BaselineParams()
    if frame_bgr.ndim != 3 or frame_bgr.shape[2] != 3 or frame_bgr.dtype != np.uint8:
        raise ValueError(
            f"frame_bgr must be H x W x 3 uint8, got shape {frame_bgr.shape} {frame_bgr.dtype}"
        )
    pips = find_pips(frame_bgr, params.pips)
    gains = grey_world_gains(frame_bgr)
    groups = group_pips(frame_bgr, pips, params.groups)
    typical = typical_pip_radius(groups)
    dice = []
    for group in groups:
        box = die_box(frame_bgr, group, params)
        if box is None or not keep_group(frame_bgr, group, typical, params):
            continue
        colour = body_colour(frame_bgr, gains, group.pips, params.colours)
        pips_count = min(6, len(group.pips))
        dice.append(Die(colour.colour, pips_count, confidence_of(group), box, group.unsure))
    return DiceReading.of(suppress_overlaps(dice))


@dataclass(frozen=True, slots=True)
class BaselineReader:
    """The classical reader behind the `Reader` protocol."""

    params: BaselineParams = field(default_factory=BaselineParams)
    name: str = "baseline"

    def read(self, frame_bgr: FrameBGR) -> DiceReading:
        return read_baseline(frame_bgr, self.params)
