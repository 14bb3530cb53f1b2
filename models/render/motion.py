"""How dice move in a video: thrown dice rolling to rest, nudges, pick-ups and sweeps, as
per-frame poses. Rolling is planned backwards from the resting pose, so a throw can be told
which faces must end up on top."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from models.render.arrays import F64
from models.render.camera import Camera, rot_z
from models.render.cube import lowest_offset
from models.render.palette import DieStyle

UP = np.array([0.0, 0.0, 1.0])


def rot_axis(axis: F64, angle: float) -> F64:
    """Rotation by `angle` radians about the unit `axis` (Rodrigues)."""
    x, y, z = axis
    k = np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])
    return np.asarray(np.eye(3) + math.sin(angle) * k + (1 - math.cos(angle)) * (k @ k), np.float64)


@dataclass
class Track:
    """One die over the whole video: pose, presence and motion per frame (filled in by the
    planner, read-only once the animation is built)."""

    die_id: int
    style: DieStyle
    half: float
    centre: F64
    rot: F64
    present: np.ndarray = field(repr=False)
    moving: np.ndarray = field(repr=False)

    @classmethod
    def empty(cls, die_id: int, style: DieStyle, half: float, frames: int) -> Track:
        return cls(
            die_id,
            style,
            half,
            np.zeros((frames, 3)),
            np.tile(np.eye(3), (frames, 1, 1)),
            np.zeros(frames, bool),
            np.zeros(frames, bool),
        )

    def hold(self, f0: int, centre: F64, rot: F64) -> None:
        """Rest at this pose from frame f0 to the end."""
        self.centre[f0:] = centre
        self.rot[f0:] = rot
        self.present[f0:] = True
        self.moving[f0:] = False

    def rest_pose(self, f: int) -> tuple[F64, F64]:
        return self.centre[f].copy(), self.rot[f].copy()


def roll_in(
    track: Track,
    start: F64,
    end: F64,
    rest_rot: F64,
    frames: range,
    rng: np.random.Generator,
) -> None:
    """Fill `frames` with a throw from `start` to `end` (table xy), decelerating evenly,
    hopping at first, tumbling about the axis across its path and spinning about the
    vertical, arriving exactly at `rest_rot`; then rest there."""
    path = end - start
    dist = float(np.linalg.norm(path))
    direction = path / max(dist, 1e-9)
    axis = np.cross(UP, np.array([direction[0], direction[1], 0.0]))
    axis /= max(float(np.linalg.norm(axis)), 1e-9)
    spin = float(rng.uniform(-6.0, 6.0))
    hop = track.half * float(rng.uniform(0.8, 2.0))
    bounces = float(rng.integers(2, 4))
    slip = float(rng.uniform(1.0, 1.4))  # dice slide as well as roll
    n = len(frames)
    for k, f in enumerate(frames):
        tau = k / max(n - 1, 1)
        travelled = dist * (1 - (1 - tau) ** 2)
        remaining = (dist - travelled) / (track.half * slip)
        rot = rot_axis(axis, -remaining) @ rot_z(-spin * (1 - tau) ** 2) @ rest_rot
        up = hop * abs(math.sin(math.pi * bounces * tau)) * max(0.0, 1 - 1.6 * tau) ** 2
        xy = start + direction * travelled
        track.centre[f] = (xy[0], xy[1], lowest_offset(rot, track.half) + up)
        track.rot[f] = rot
        track.present[f] = True
        track.moving[f] = tau < 1.0
    track.hold(frames.stop, track.centre[frames.stop - 1].copy(), rest_rot)


def slide(track: Track, shift: F64, turn: float, frames: range) -> None:
    """A nudge: slide by `shift` (table xy) turning by `turn` radians, top face unchanged."""
    centre, rot = track.rest_pose(frames.start - 1 if frames.start else 0)
    n = len(frames)
    for k, f in enumerate(frames):
        tau = (k + 1) / n
        ease = 1 - (1 - tau) ** 2
        track.centre[f] = centre + np.array([shift[0], shift[1], 0.0]) * ease
        track.rot[f] = rot_z(turn * ease) @ rot
        track.present[f] = True
        track.moving[f] = tau < 1.0
    track.hold(frames.stop, track.centre[frames.stop - 1].copy(), track.rot[frames.stop - 1].copy())


def carry(track: Track, points: F64, lift: F64, frames: range) -> None:
    """Moved by a hand along `points` (table xy per frame) at heights `lift`; gone after."""
    _, rot = track.rest_pose(frames.start - 1 if frames.start else 0)
    for k, f in enumerate(frames):
        base = lowest_offset(rot, track.half)
        track.centre[f] = (points[k][0], points[k][1], base + lift[k])
        track.rot[f] = rot
        track.present[f] = True
        track.moving[f] = True
    track.present[frames.stop :] = False
    track.moving[frames.stop :] = False


def push(track: Track, direction: F64, fronts: F64, frames: range) -> int | None:
    """Swept by an edge moving along `direction` (unit table xy) at `fronts` (its position
    along that direction per frame): the die is shoved ahead of it, tumbling as it goes.
    Returns the last frame it moved in (None if the edge never reached it)."""
    centre, rot = track.rest_pose(frames.start - 1 if frames.start else 0)
    along0 = float(centre[:2] @ direction) - track.half
    axis = np.cross(UP, np.array([direction[0], direction[1], 0.0]))
    axis /= max(float(np.linalg.norm(axis)), 1e-9)
    last = None
    for k, f in enumerate(frames):
        shove = max(0.0, float(fronts[k]) - along0)
        r = rot_axis(axis, shove / (track.half * 1.6)) @ rot
        xy = centre[:2] + direction * shove
        track.centre[f] = (xy[0], xy[1], lowest_offset(r, track.half))
        track.rot[f] = r
        track.present[f] = True
        track.moving[f] = shove > 0
        if shove > 0:
            last = f
    track.hold(frames.stop, track.centre[frames.stop - 1].copy(), track.rot[frames.stop - 1].copy())
    return last


def off_picture(cam: Camera, track: Track, f: int) -> bool:
    """Whether the die is wholly outside the picture at frame f."""
    c = track.centre[f]
    uv = cam.project(c[None, :])[0]
    margin = 2.0 * track.half * float(cam.scale_at(c[None, :2])[0])
    return bool(
        uv[0] < -margin
        or uv[1] < -margin
        or uv[0] > cam.width + margin
        or uv[1] > cam.height + margin
    )
