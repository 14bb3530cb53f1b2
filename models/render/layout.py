"""Where dice lie: spread over the picture, in touching clusters, never overlapping."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from models.render.camera import Camera

F64 = npt.NDArray[np.float64]
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


def overlaps(spot: Spot, others: list[Spot], gap: float = 0.0) -> bool:
    """Whether the square `spot` (grown by `gap`) overlaps any of `others` (separating axes)."""
    if not others:
        return False
    arr = np.array([[o.x, o.y, o.yaw, o.half] for o in others])
    dist = np.hypot(arr[:, 0] - spot.x, arr[:, 1] - spot.y)
    reach = (arr[:, 3] + spot.half + gap) * math.sqrt(2)
    near = dist < reach
    if not near.any():
        return False
    arr = arr[near]
    a = square_corners(arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3] + gap / 2)
    b = square_corners(
        np.array([spot.x]),
        np.array([spot.y]),
        np.array([spot.yaw]),
        np.array([spot.half + gap / 2]),
    )
    b = np.broadcast_to(b, a.shape)
    yaws = np.stack(
        [
            arr[:, 2],
            arr[:, 2] + math.pi / 2,
            np.full(len(arr), spot.yaw),
            np.full(len(arr), spot.yaw + math.pi / 2),
        ],
        axis=1,
    )
    axes = np.stack([np.cos(yaws), np.sin(yaws)], axis=-1)  # (M, 4, 2)
    pa = np.einsum("mcd,mkd->mkc", a, axes)
    pb = np.einsum("mcd,mkd->mkc", b, axes)
    separated = (pa.max(-1) <= pb.min(-1)) | (pb.max(-1) <= pa.min(-1))
    return bool((~separated.any(axis=1)).any())


def place_dice(
    rng: np.random.Generator,
    cam: Camera,
    count: int,
    half: float,
    cluster: float,
    blocked: list[Spot] | None = None,
) -> list[Spot]:
    """Up to `count` non-overlapping footprints whose centres fall on the picture (a few just
    past its edge); with probability `cluster` a die is put against one already placed."""
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
        else:
            m = -0.4 * h_i if rng.random() < 0.1 else 1.2 * h_i
            px = rng.uniform([m, m], [w - m, h - m])
            x, y = cam.image_to_table(px[None, :])[0]
            yaw = float(rng.uniform(0, 2 * math.pi))
        spot = Spot(float(x), float(y), float(yaw), h_i)
        if not overlaps(spot, taken, gap=0.02 * h_i):
            spots.append(spot)
            taken.append(spot)
    return spots
