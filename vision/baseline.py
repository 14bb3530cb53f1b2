"""The classical baseline reader: pips as blobs, grouped into dice, counted; colour from the face.

It is the common open-source recipe written in our own code, kept honest and simple so that the
model reader's margin over it is a measured figure:

1. pips: round blobs, dark and light, each checked against a ring around it (`baseline_pips`);
2. dice: pips linked when close for their size and joined by die face (`baseline_groups`);
3. pips per die: the group's size, clipped to 1..6;
4. box: a square around the group's centre, sized from the pip spread and the pip size;
5. colour: median HSV of the face around the pips after grey-world balance (`baseline_colour`).

A lone pip is a die (a 1) only when it is strong and sits in a plain patch, because texture
makes stray round blobs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from vision.baseline_colour import ColourRanges, body_colour, grey_world_gains
from vision.baseline_groups import GroupParams, PipGroup, group_pips
from vision.baseline_pips import Pip, PipParams, find_pips
from vision.reading_protocol import FrameBGR
from vision.types import BoxXYXY, DiceReading, Die


@dataclass(frozen=True, slots=True)
class BaselineParams:
    pips: PipParams = field(default_factory=PipParams)
    groups: GroupParams = field(default_factory=GroupParams)
    colours: ColourRanges = field(default_factory=ColourRanges)
    # Measured on the training photos: a die's labelled box (which takes in the sides a tilted
    # view shows) is about 2.3 times the widest pip distance and 13 to 16 pip radii.
    box_per_spread: float = 2.3
    box_per_radius: float = 15.0
    box_per_radius_single: float = 13.0
    single_max_radius_ratio: float = 1.8  # a lone pip over the median pip of the frame's groups
    single_min_contrast: float = 45.0
    single_max_ring_spread: float = 0.35  # ring's spread over the pip's contrast


def _box_width(group: PipGroup, params: BaselineParams) -> float:
    pips = group.pips
    radius = float(np.median([p.radius for p in pips]))
    if len(pips) == 1:
        return params.box_per_radius_single * radius
    spread = max(math.hypot(a.x - b.x, a.y - b.y) for a in pips for b in pips)
    # Spread is the better cue, but a face seen edge-on shrinks it; never go below 60 %.
    return max(params.box_per_spread * spread, 0.6 * params.box_per_radius * radius)


def die_box(group: PipGroup, params: BaselineParams, width: int, height: int) -> BoxXYXY | None:
    cx = float(np.mean([p.x for p in group.pips]))
    cy = float(np.mean([p.y for p in group.pips]))
    half = _box_width(group, params) / 2.0
    x1, y1 = max(0, round(cx - half)), max(0, round(cy - half))
    x2, y2 = min(width, round(cx + half)), min(height, round(cy + half))
    return (x1, y1, x2, y2) if x2 > x1 and y2 > y1 else None


def _plain_patch_spread(frame: FrameBGR, pip: Pip) -> float:
    """Spread of grey levels in a wide ring around a lone pip, over the pip's contrast."""
    grey = frame.mean(axis=2)
    h, w = grey.shape
    reach = 3.0 * pip.radius
    x0, x1 = max(0, int(pip.x - reach)), min(w, int(pip.x + reach) + 2)
    y0, y1 = max(0, int(pip.y - reach)), min(h, int(pip.y + reach) + 2)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    d = np.hypot(xx - pip.x, yy - pip.y)
    ring = grey[y0:y1, x0:x1][(d >= 1.4 * pip.radius) & (d <= reach)]
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


def read_baseline(frame_bgr: FrameBGR, params: BaselineParams | None = None) -> DiceReading:
    """Every die the baseline finds in one BGR frame."""
    params = params or BaselineParams()
    if frame_bgr.ndim != 3 or frame_bgr.shape[2] != 3 or frame_bgr.dtype != np.uint8:
        raise ValueError(
            f"frame_bgr must be H x W x 3 uint8, got shape {frame_bgr.shape} {frame_bgr.dtype}"
        )
    height, width = frame_bgr.shape[:2]
    pips = find_pips(frame_bgr, params.pips)
    gains = grey_world_gains(frame_bgr)
    groups = group_pips(frame_bgr, pips, params.groups)
    typical = typical_pip_radius(groups)
    dice = []
    for group in groups:
        box = die_box(group, params, width, height)
        if box is None or not keep_group(frame_bgr, group, typical, params):
            continue
        colour = body_colour(frame_bgr, gains, group.pips, params.colours)
        pips_count = min(6, len(group.pips))
        dice.append(Die(colour.colour, pips_count, confidence_of(group), box, group.unsure))
    return DiceReading.of(dice)


@dataclass(frozen=True, slots=True)
class BaselineReader:
    """The classical reader behind the `Reader` protocol."""

    params: BaselineParams = field(default_factory=BaselineParams)
    name: str = "baseline"

    def read(self, frame_bgr: FrameBGR) -> DiceReading:
        return read_baseline(frame_bgr, self.params)
