"""Die geometry: the canonical die's faces, resting orientations and its rounded outline."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from models.render.camera import rot_x, rot_z

F64 = npt.NDArray[np.float64]

# Canonical die (unit half-edge): value -> outward normal. Opposite faces sum to seven.
FACE_NORMALS: dict[int, tuple[float, float, float]] = {
    1: (0.0, 0.0, 1.0),
    6: (0.0, 0.0, -1.0),
    2: (1.0, 0.0, 0.0),
    5: (-1.0, 0.0, 0.0),
    3: (0.0, 1.0, 0.0),
    4: (0.0, -1.0, 0.0),
}
VALUES = (1, 2, 3, 4, 5, 6)


def _face_axes(n: F64) -> tuple[F64, F64]:
    """Texture axes (u: columns, v: rows) with u x v = -n, so a face seen from outside is not
    mirrored (a camera's x right, y down, looks along x x y)."""
    helper = np.array([0.0, 0.0, 1.0]) if abs(n[2]) < 0.9 else np.array([0.0, 1.0, 0.0])
    u = np.cross(helper, n)
    u /= np.linalg.norm(u)
    v = np.cross(u, n)
    return u, v


_FACES: dict[int, tuple[F64, F64, F64]] = {}
for _val, _n in FACE_NORMALS.items():
    _normal = np.array(_n)
    _u, _v = _face_axes(_normal)
    _FACES[_val] = (_normal, _u, _v)

_CORNER_SIGNS = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=float)


def face_frame(value: int) -> tuple[F64, F64, F64]:
    """(normal, u, v) of a face on the canonical die."""
    return _FACES[value]


def face_corners(value: int, rot: F64, centre: F64, half: float) -> F64:
    """(4, 3) world corners of a face in texture order: top-left, top-right, bottom-right,
    bottom-left."""
    n, u, v = _FACES[value]
    local = n[None, :] + _CORNER_SIGNS[:, :1] * u[None, :] + _CORNER_SIGNS[:, 1:] * v[None, :]
    return centre[None, :] + half * (local @ rot.T)


def _align_to_up(n: F64) -> F64:
    """A rotation taking canonical normal n to +z."""
    if n[2] > 0.5:
        return np.eye(3)
    if n[2] < -0.5:
        return rot_x(math.pi)
    # Rotate n about z into -y, then tip -y up to +z about the x axis.
    ang = math.atan2(n[1], n[0])
    return rot_x(-math.pi / 2) @ rot_z(-math.pi / 2 - ang)


def resting_rotation(value: int, yaw: float) -> F64:
    """Die rotation with `value` on top, turned by `yaw` radians about the vertical."""
    return rot_z(yaw) @ _align_to_up(np.array(FACE_NORMALS[value]))


def top_value(rot: F64) -> int:
    """The face pointing most upwards."""
    best, best_z = 1, -2.0
    for value, n in FACE_NORMALS.items():
        z = float(rot[2] @ np.array(n))
        if z > best_z:
            best, best_z = value, z
    return best


_NORMALS = np.array([FACE_NORMALS[v] for v in VALUES])
_US = np.array([_FACES[v][1] for v in VALUES])
_VS = np.array([_FACES[v][2] for v in VALUES])


def visible_faces(rot: F64, centre: F64, eye: F64) -> list[int]:
    """Faces whose outside faces the eye (back-face culling), for a convex cube."""
    to_eye = eye - centre
    facing = (_NORMALS @ rot.T) @ to_eye > 1e-6 * float(np.linalg.norm(to_eye))
    return [v for v, f in zip(VALUES, facing, strict=True) if f]


def face_frames(rot: F64, values: list[int]) -> tuple[F64, F64, F64]:
    """World (normals, u axes, v axes), each (k, 3), of the given faces."""
    idx = [v - 1 for v in values]
    return _NORMALS[idx] @ rot.T, _US[idx] @ rot.T, _VS[idx] @ rot.T


def faces_corners(rot: F64, centre: F64, half: float, values: list[int]) -> F64:
    """(k, 4, 3) world corners of the given faces, texture order."""
    n, u, v = face_frames(rot, values)
    su, sv = _CORNER_SIGNS[None, :, :1], _CORNER_SIGNS[None, :, 1:]
    local = n[:, None, :] + su * u[:, None, :] + sv * v[:, None, :]
    return np.asarray(centre + half * local, np.float64)


def _sphere_dirs() -> F64:
    dirs = [[s * (i == k) for k in range(3)] for i in range(3) for s in (-1.0, 1.0)]
    diag = [[a, b, c] for a in (-1, 1) for b in (-1, 1) for c in (-1, 1)]
    arr = np.array(dirs + diag, dtype=float)
    return np.asarray(arr / np.linalg.norm(arr, axis=1, keepdims=True), np.float64)


_DIRS = _sphere_dirs()
_CORNERS = np.array([[a, b, c] for a in (-1, 1) for b in (-1, 1) for c in (-1, 1)], dtype=float)


def rounded_points(rot: F64, centre: F64, half: float, radius: float) -> F64:
    """World points whose convex hull is the die with corners rounded by `radius`."""
    inner = _CORNERS * (half - radius)
    pts = (inner[:, None, :] + radius * _DIRS[None, :, :]).reshape(-1, 3)
    return centre[None, :] + pts @ rot.T


def lowest_offset(rot: F64, half: float) -> float:
    """Height of the die centre above the table when its lowest corner touches it."""
    return float(-(rot @ (_CORNERS.T * half))[2].min())
