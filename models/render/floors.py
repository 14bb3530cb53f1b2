"""Table surfaces of real game nights (issue 21): speckled carpet, sandpaper, a folding dice
tray (felt or leather inside sloped walls, snap rivets at its corners) and a turned wood bowl.

These are training families (`families.TABLE_BACKGROUNDS`). The held-out `carpet` family is
now a cousin of `speckled_carpet`: both are pile floors, so the held-out renders measure a new
carpet, not a kind of floor training never saw. Makers take (rng, h, w, unit) like those of
`background`, `unit` being a die edge in canvas pixels; a tray or bowl (`CENTRED_MAKERS`)
also takes its centre and inner radius on the canvas, from an `Enclosure` the scene draws
first (`sample_enclosure`) so that its dice can be laid inside it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from models.render.arrays import f32
from models.render.noise import pixel_noise, smooth_noise
from models.render.palette import BGR, hsv

F32 = npt.NDArray[np.float32]
Maker = Callable[[np.random.Generator, int, int, float], F32]
Point = tuple[float, float]
CentredMaker = Callable[[np.random.Generator, int, int, float, Point, float], F32]


@dataclass(frozen=True)
class Enclosure:
    """A tray's or bowl's floor on the table (world units): centre and inner radius."""

    x: float
    y: float
    radius: float


def sample_enclosure(rng: np.random.Generator, die_world: float) -> Enclosure:
    """A tray 15 to 20 dice across (a 25 to 32 cm tray, 16 mm dice), a little off where the
    camera looks (trays are seldom framed dead centre)."""
    radius = die_world * _u(rng, 7.5, 10.0)
    return Enclosure(_u(rng, -0.25, 0.25) * radius, _u(rng, -0.25, 0.25) * radius, radius)


# Folding trays: purple, black, green, red, brown leather, navy, grey.
TRAY_COLOURS: tuple[BGR, ...] = (
    (0.62, 0.25, 0.48),
    (0.08, 0.08, 0.08),
    (0.35, 0.55, 0.1),
    (0.15, 0.1, 0.78),
    (0.3, 0.45, 0.65),
    (0.5, 0.25, 0.1),
    (0.4, 0.4, 0.4),
)
# Speck colours of a busy carpet: moss and grass greens, dusty pink, cream, greys, brown.
CARPET_SPECKS: tuple[BGR, ...] = (
    (0.3, 0.6, 0.35),
    (0.4, 0.68, 0.5),
    (0.65, 0.5, 0.8),
    (0.8, 0.85, 0.88),
    (0.5, 0.5, 0.5),
    (0.2, 0.25, 0.3),
    (0.6, 0.5, 0.4),
)


def _u(rng: np.random.Generator, lo: float, hi: float) -> float:
    return float(rng.uniform(lo, hi))


def _solid(h: int, w: int, colour: F32) -> F32:
    out = np.empty((h, w, 3), np.float32)
    out[:] = colour
    return out


def _vary(rng: np.random.Generator, colour: BGR, amount: float) -> F32:
    return np.clip(np.array(colour) * rng.uniform(1 - amount, 1 + amount, 3), 0, 1).astype(
        np.float32
    )


def speckled_carpet(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    """Short-pile carpet of many small specks of four to six colours (a pile floor)."""
    img = _solid(h, w, _vary(rng, CARPET_SPECKS[int(rng.integers(len(CARPET_SPECKS)))], 0.25))
    picks = rng.choice(len(CARPET_SPECKS), size=int(rng.integers(4, 7)), replace=False)
    grain = max(0.4, unit * _u(rng, 0.015, 0.04))
    for k in picks:
        field = cv2.GaussianBlur(pixel_noise(rng, h, w), (0, 0), grain)
        share = _u(rng, 0.12, 0.3)
        cut = float(np.quantile(field[::5, ::5], 1 - share))
        mask = np.clip((field - cut) * 4.0 / max(float(field.std()), 1e-3), 0, 1)[..., None]
        img = img * (1 - mask) + _vary(rng, CARPET_SPECKS[int(k)], 0.2) * mask
    low = 1.0 + 0.06 * smooth_noise(rng, h, w, unit * _u(rng, 3, 10))
    pile = 1.0 + _u(rng, 0.08, 0.18) * pixel_noise(rng, h, w)
    return np.asarray(img * (low * pile)[..., None] * _u(rng, 0.85, 1.1), np.float32)


def sandpaper(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    """Abrasive paper: tan, red-brown or dark grey, with a fine grit that glints."""
    kind = int(rng.integers(3))
    if kind == 0:
        tone = hsv(_u(rng, 25, 42), _u(rng, 0.25, 0.5), _u(rng, 0.55, 0.8))
    elif kind == 1:
        tone = hsv(_u(rng, 5, 20), _u(rng, 0.45, 0.7), _u(rng, 0.3, 0.5))
    else:
        tone = hsv(_u(rng, 0, 360), _u(rng, 0, 0.1), _u(rng, 0.12, 0.3))
    img = _solid(h, w, np.array(tone, np.float32))
    grit = cv2.GaussianBlur(pixel_noise(rng, h, w), (0, 0), max(0.4, unit * 0.02))
    glints = (pixel_noise(rng, h, w) > 2.6).astype(np.float32) * _u(rng, 0.2, 0.5)
    low = 0.05 * smooth_noise(rng, h, w, unit * 8)
    return np.asarray(img * (1 + 0.2 * grit + low)[..., None] + glints[..., None], np.float32)


def _floor_around(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    """What a tray or bowl stands on."""
    roll = rng.random()
    if roll < 0.6:
        return speckled_carpet(rng, h, w, unit)
    if roll < 0.8:
        return sandpaper(rng, h, w, unit)
    tone = hsv(_u(rng, 20, 40), _u(rng, 0.2, 0.6), _u(rng, 0.3, 0.85))
    return np.asarray(
        _solid(h, w, np.array(tone, np.float32))
        * (1 + 0.05 * smooth_noise(rng, h, w, unit * 4))[..., None],
        np.float32,
    )


def _polygon(
    rng: np.random.Generator, centre: Point, radius: float, sides: int
) -> tuple[npt.NDArray[np.float64], float, float]:
    """Corners (sides, 2) of a regular polygon about `centre`, and that centre."""
    cx, cy = centre
    turn = _u(rng, 0, 2 * math.pi)
    ang = turn + np.arange(sides) * (2 * math.pi / sides)
    stretch = _u(rng, 0.94, 1.06)
    pts = np.stack([cx + radius * stretch * np.cos(ang), cy + radius * np.sin(ang)], axis=1)
    return pts, cx, cy


def _fill(h: int, w: int, pts: npt.NDArray[np.float64]) -> npt.NDArray[np.uint8]:
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 1)
    return mask


def _lining(rng: np.random.Generator, h: int, w: int, unit: float, colour: F32) -> F32:
    """Felt (fine fuzz, lint specks on dark felt) or leather (smooth with a broad sheen)."""
    img = _solid(h, w, colour)
    if rng.random() < 0.7:
        fuzz = 1 + 0.06 * smooth_noise(rng, h, w, unit * 2) + 0.05 * pixel_noise(rng, h, w)
        img = img * fuzz[..., None]
        if float(colour.mean()) < 0.2:
            lint = cv2.GaussianBlur(pixel_noise(rng, h, w), (0, 0), max(0.5, unit * 0.03))
            img = img + 0.12 * np.clip(lint - 1.2, 0, None)[..., None]
        return f32(img)
    sheen = 1 + 0.12 * smooth_noise(rng, h, w, unit * 10) + 0.015 * pixel_noise(rng, h, w)
    return f32(img * sheen[..., None])


def _snaps(img: F32, corners: npt.NDArray[np.float64], unit: float, metal: F32) -> None:
    """Press studs at the tray's corners: a metal disc with a bright edge and a dark ring."""
    r = max(1, round(unit * 0.18))
    for x, y in corners:
        centre = (round(float(x)), round(float(y)))
        cv2.circle(img, centre, r + 1, (0.05, 0.05, 0.05), -1, cv2.LINE_AA)
        cv2.circle(img, centre, r, metal.tolist(), -1, cv2.LINE_AA)
        cv2.circle(img, centre, max(1, r // 3), (metal * 1.3).tolist(), -1, cv2.LINE_AA)


def tray_felt(
    rng: np.random.Generator, h: int, w: int, unit: float, centre: Point, radius: float
) -> F32:
    """A folding dice tray: a felt or leather floor, sloped walls lit unevenly side by side,
    a stitched edge, corner studs, a soft shadow on the floor around it."""
    outside = _floor_around(rng, h, w, unit)
    sides = int(rng.choice([6, 6, 6, 8]))
    inner, cx, cy = _polygon(rng, centre, radius, sides)
    wall = _u(rng, 0.2, 0.32)
    outer = np.stack(
        [cx + (inner[:, 0] - cx) * (1 + wall), cy + (inner[:, 1] - cy) * (1 + wall)], 1
    )
    colour = _vary(rng, TRAY_COLOURS[int(rng.integers(len(TRAY_COLOURS)))], 0.15)
    lining = _lining(rng, h, w, unit, colour)
    floor_m, outer_m = _fill(h, w, inner), _fill(h, w, outer)
    # Each wall faces the lamp differently: a shade per side, darker down at the crease.
    side_id = np.zeros((h, w), np.uint8)
    for i in range(sides):
        quad = np.array([inner[i], inner[(i + 1) % sides], outer[(i + 1) % sides], outer[i]])
        cv2.fillConvexPoly(side_id, np.round(quad).astype(np.int32), i + 1)
    lamp = _u(rng, 0, 2 * math.pi)
    shades = np.array(
        [1.0] + [1 + 0.3 * math.cos(2 * math.pi * (i + 0.5) / sides - lamp) for i in range(sides)],
        np.float32,
    )
    up = cv2.distanceTransform(1 - floor_m, cv2.DIST_L2, 3) / max(radius * wall * 0.9, 1.0)
    slope = np.clip(up, 0, 1)
    wall_img = lining * (shades[side_id] * (0.7 + 0.3 * slope))[..., None]
    edge = (slope > 0.88).astype(np.float32)[..., None] * outer_m[..., None]
    trim = colour * _u(rng, 0.4, 0.7) if rng.random() < 0.6 else np.full(3, 0.08, np.float32)
    wall_img = wall_img * (1 - edge) + trim * edge
    shadow = cv2.GaussianBlur(outer_m.astype(np.float32), (0, 0), max(1.0, radius * 0.05))
    img = outside * (1 - 0.45 * shadow * (1 - outer_m))[..., None]
    ring = (outer_m > 0) & (floor_m == 0)
    img[ring] = wall_img[ring]
    img[floor_m > 0] = lining[floor_m > 0]
    metal = np.array(hsv(_u(rng, 30, 50), _u(rng, 0, 0.3), _u(rng, 0.35, 0.65)), np.float32)
    _snaps(img, outer, unit, metal)
    return np.asarray(img, np.float32)


def wood_bowl(
    rng: np.random.Generator, h: int, w: int, unit: float, centre: Point, radius: float
) -> F32:
    """A turned wood bowl seen from above: ring grain, one side of its wall lit and the other
    in shade, a pale rim of end grain, a shadow around it on the floor."""
    outside = _floor_around(rng, h, w, unit)
    radius *= 1.15  # the bowl's floor curves up into its wall: the rim lies beyond it
    cx, cy = centre
    y, x = np.ogrid[:h, :w]
    r = np.sqrt((x - cx) ** 2 + (y - cy) ** 2).astype(np.float32) / radius
    theta = np.arctan2(y - cy, x - cx).astype(np.float32)
    base = np.array(hsv(_u(rng, 20, 34), _u(rng, 0.4, 0.7), _u(rng, 0.35, 0.8)), np.float32)
    # The bowl is turned from one plank: its grain runs straight across, bent a little.
    along = _u(rng, 0, math.pi)
    across = ((x - cx) * math.cos(along) + (y - cy) * math.sin(along)).astype(np.float32)
    warp = 0.6 * unit * smooth_noise(rng, h, w, unit * 4)
    grain = 0.5 + 0.5 * np.sin((across + warp) * (2 * math.pi / (unit * _u(rng, 0.4, 1.0))))
    lamp = _u(rng, 0, 2 * math.pi)
    wall = np.clip((r - 0.55) / 0.4, 0, 1)
    light = 1 + 0.35 * wall * np.cos(theta - lamp)
    inside = base * ((0.85 + 0.2 * grain) * light * (1 - 0.2 * wall))[..., None]
    px = 1.0 / radius  # one canvas pixel in units of the radius, for smooth edges
    rim = np.clip((0.05 - np.abs(r - 1.0)) / px, 0, 1)[..., None]
    inside = inside * (1 - rim) + np.clip(base * 1.35, 0, 1) * rim
    bowl = np.clip((1.05 - r) / px, 0, 1).astype(np.float32)
    shadow = cv2.GaussianBlur(bowl, (0, 0), max(1.0, radius * 0.06))
    img = outside * (1 - 0.5 * shadow * (1 - bowl))[..., None]
    return np.asarray(img * (1 - bowl[..., None]) + inside * bowl[..., None], np.float32)


FLOOR_MAKERS: dict[str, Maker] = {"speckled_carpet": speckled_carpet, "sandpaper": sandpaper}
CENTRED_MAKERS: dict[str, CentredMaker] = {"tray_felt": tray_felt, "wood_bowl": wood_bowl}
# Per-pixel texture added after the warp (see `table.FINE_TEXTURE`).
FLOOR_FINE_TEXTURE: dict[str, float] = {
    "speckled_carpet": 0.12,
    "sandpaper": 0.12,
    "tray_felt": 0.04,
    "wood_bowl": 0.015,
}
