"""Where dice lie: spread over the picture, in touching clusters, never overlapping."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from models.render.camera import Camera
from models.render.floors import Enclosure

F64 = npt.NDArray[np.float64]
# Dice keep within this share of a tray's radius: a hexagon's sides are 0.87 of it away.
INSIDE_SHARE = 0.85
_SIGNS = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=float)


@dataclass(frozen=True)
class Spot:
    """A die's footprint on the table: centre (world), yaw (radians), half edge."""

    x: float
    y: float
    yaw: float
    half: float


def square_corners(x: F64, y: F64, yaw: F64, half: F64) -> F64:
    """(N, 4, 2) corners of N squares."""
    c, s = np.cos(yaw)[:, None], np.sin(yaw)[:, None]
    lx, ly = _SIGNS[None, :, 0] * half[:, None], _SIGNS[None, :, 1] * half[:, None]
    return np.stack([x[:, None] + c * lx - s * ly, y[:, None] + s * lx + c * ly], axis=-1)


def _corners(spot: Spot, grow: float) -> list[tuple[float, float]]:
    c, s, h = math.cos(spot.yaw), math.sin(spot.yaw), spot.half + grow
    return [
        (spot.x + c * sx * h - s * sy * h, spot.y + s * sx * h + c * sy * h)
        for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    ]


def _separated(
    a: list[tuple[float, float]], b: list[tuple[float, float]], yaws: tuple[float, ...]
) -> bool:
    for yaw in yaws:
        ax, ay = math.cos(yaw), math.sin(yaw)
        pa = [x * ax + y * ay for x, y in a]
        pb = [x * ax + y * ay for x, y in b]
        if max(pa) <= min(pb) or max(pb) <= min(pa):
            return True
    return False


def overlaps(spot: Spot, others: list[Spot], gap: float = 0.0) -> bool:
    """Whether the square `spot` (grown by `gap`) overlaps any of `others` (separating axes;
    plain Python, since a scene holds a few dozen squares at most)."""
    mine: list[tuple[float, float]] | None = None
    for o in others:
        dist = math.hypot(o.x - spot.x, o.y - spot.y)
        if dist >= (o.half + spot.half + gap) * math.sqrt(2):
            continue
        if dist < o.half + spot.half + gap:
            return True
        mine = mine or _corners(spot, gap / 2)
        axes = (o.yaw, o.yaw + math.pi / 2, spot.yaw, spot.yaw + math.pi / 2)
        if not _separated(mine, _corners(o, gap / 2), axes):
            return True
    return False


def place_dice(
    rng: np.random.Generator,
    cam: Camera,
    count: int,
    half: float,
    cluster: float,
    blocked: list[Spot] | None = None,
    inside: Enclosure | None = None,
) -> list[Spot]:
    """Up to `count` non-overlapping footprints whose centres fall on the picture (a few just
    past its edge); with probability `cluster` a die is put against one already placed. With
    `inside`, every die lies on that tray's floor, clear of its walls."""
    spots: list[Spot] = []
    taken = list(blocked or [])
    w, h = cam.width, cam.height
    for _ in range(count * 12):
        if len(spots) >= count:
            break
        h_i = half * float(rng.uniform(0.93, 1.07))
        if spots and rng.random() < cluster:
            base = spots[int(rng.integers(len(spots)))]
            ang = float(rng.uniform(0, 2 * math.pi))
            dist = (base.half + h_i) * float(rng.uniform(1.0, 1.35))
            yaw = (
                base.yaw + float(rng.normal(0, 0.25)) if rng.random() < 0.6 else rng.uniform(0, 6.3)
            )
            x, y = base.x + dist * math.cos(ang), base.y + dist * math.sin(ang)
            px = cam.project(np.array([[x, y, 0.0]]))[0]
            if not (-0.3 * h_i <= px[0] <= w + 0.3 * h_i and -0.3 * h_i <= px[1] <= h + 0.3 * h_i):
                continue
        elif inside is not None:
            r = inside.radius * INSIDE_SHARE * math.sqrt(float(rng.random()))
            ang = float(rng.uniform(0, 2 * math.pi))
            x, y = inside.x + r * math.cos(ang), inside.y + r * math.sin(ang)
            px = cam.project(np.array([[x, y, 0.0]]))[0]
            if not (0 <= px[0] < w and 0 <= px[1] < h):
                continue
            yaw = float(rng.uniform(0, 2 * math.pi))
        else:
            m = -0.4 * h_i if rng.random() < 0.1 else 1.2 * h_i
            px = rng.uniform([m, m], [w - m, h - m])
            x, y = cam.image_to_table(px[None, :])[0]
            yaw = float(rng.uniform(0, 2 * math.pi))
        if inside is not None and math.hypot(x - inside.x, y - inside.y) > (
            inside.radius * INSIDE_SHARE - h_i
        ):
            continue
        spot = Spot(float(x), float(y), float(yaw), h_i)
        if not overlaps(spot, taken, gap=0.02 * h_i):
            spots.append(spot)
            taken.append(spot)
    return spots
