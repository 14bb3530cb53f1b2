"""Every pair of boxes at once: the matrices the reader's checks between dice read from.

`vision.types.intersection`, `iou` and `shared` for n boxes against each other in one numpy
pass, in the same float64 arithmetic, so the reader's checks decide as they did pair by pair
(36 dice are 1,296 pairs: a few milliseconds of Python each frame before).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]


def as_array(boxes: Sequence[Sequence[float]]) -> Matrix:
    return np.asarray(boxes, np.float64).reshape(-1, 4)


def areas(b: Matrix) -> Matrix:
    return np.asarray((b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1]), np.float64)


def intersections(b: Matrix) -> Matrix:
    """[i, j]: the area boxes i and j share."""
    ix = np.minimum(b[:, None, 2], b[None, :, 2]) - np.maximum(b[:, None, 0], b[None, :, 0])
    iy = np.minimum(b[:, None, 3], b[None, :, 3]) - np.maximum(b[:, None, 1], b[None, :, 1])
    return np.asarray(np.maximum(0.0, ix) * np.maximum(0.0, iy), np.float64)


def ious(b: Matrix) -> Matrix:
    inter = intersections(b)
    a = areas(b)
    union = a[:, None] + a[None, :] - inter
    return np.asarray(np.where(union > 0, inter / np.where(union > 0, union, 1.0), 0.0))


def shares(b: Matrix) -> Matrix:
    """[i, j]: how much of the smaller of boxes i and j lies in the other."""
    a = areas(b)
    smaller = np.minimum(a[:, None], a[None, :])
    inter = intersections(b)
    return np.asarray(np.where(smaller > 0, inter / np.where(smaller > 0, smaller, 1.0), 0.0))


def sides(b: Matrix) -> Matrix:
    """Each box's longer side."""
    return np.asarray(np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]), np.float64)


def contains(b: Matrix) -> Mask:
    """[i, j]: most of box j lies within box i, which is clearly bigger (the reader's
    `_contains`: a die's pip group or corner found at the wrong scale)."""
    a = areas(b)
    side = sides(b)
    bigger = side[:, None] > 1.2 * side[None, :]
    inside = intersections(b) / np.where(a > 0, a, 1.0)[None, :] > 0.7
    return np.asarray(bigger & inside & (a > 0)[None, :], np.bool_)
