"""Baseline stage 2: pips grouped into dice.

Two pips belong to one die when they are close for their size (within `reach` pip radii; on the
training photos the corners of a 2 are about six and a half pip radii apart), have the same
polarity and a similar size, and the straight line between them runs over die face: pixels that
look like the body around the pips, not a shadow, an edge or the table between two dice. Groups are
the connected parts of that link graph (single linkage, as DBSCAN with one point per core).

A group whose layout is far from the face with as many pips loses the one or two pips whose
removal makes it fit (usually pips on a side face that a tilted view shows); one that still fits
badly is kept but unsure, or dropped when it looks like no face at all. A group is also unsure
when its membership changes if `reach` is made a fifth shorter or longer, or when it had more
than six pips.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from vision.baseline.pips import Pip

Image = NDArray[np.uint8]


@dataclass(frozen=True, slots=True)
class GroupParams:
    reach: float = 10.0  # in pip radii
    max_radius_ratio: float = 1.7
    max_off_face: float = 0.2  # share of the line between two pips that may look off-face
    ambiguity_step: float = 0.2
    # On the training photos, groups with the right count have layout errors mostly under 0.05
    # and groups with a stray pip (one on a side face, say) mostly over 0.06.
    max_layout_error: float = 0.06
    good_layout_error: float = 0.04
    reject_layout_error: float = 0.18
    # The widest pip distance over the pip radius: 4.8 to 8.6 for nine in ten right groups on
    # the training photos (the corners of any face from 2 up); a tighter cluster is a side face
    # seen edge-on or texture, a wider one has probably taken in a neighbour's pip.
    min_spread: float = 4.4
    max_spread: float = 9.5


@dataclass(frozen=True, slots=True)
class PipGroup:
    pips: tuple[Pip, ...]
    unsure: bool
    layout_error: float


def _off_face_share(frame: Image, a: Pip, b: Pip, others: NDArray[np.float64]) -> float:
    """Share of samples on the segment a-b (outside every pip in `others`, rows of x, y, radius)
    that do not look like the body."""
    length = float(np.hypot(b.x - a.x, b.y - a.y))
    t = np.linspace(0.0, 1.0, max(4, int(length / 1.5)) + 1)
    xs = a.x + (b.x - a.x) * t
    ys = a.y + (b.y - a.y) * t
    gap = np.hypot(xs[:, None] - others[None, :, 0], ys[:, None] - others[None, :, 1])
    keep = (gap > 1.25 * others[None, :, 2]).all(axis=1)
    if keep.sum() < 2:
        return 0.0
    h, w = frame.shape[:2]
    cols = np.clip(np.round(xs[keep]).astype(int), 0, w - 1)
    rows = np.clip(np.round(ys[keep]).astype(int), 0, h - 1)
    samples = frame[rows, cols].astype(np.float64)
    body = (np.asarray(a.ring_bgr) + np.asarray(b.ring_bgr)) / 2.0
    pip_level = (np.asarray(a.pip_bgr) + np.asarray(b.pip_bgr)) / 2.0
    tolerance = max(0.45 * float(np.linalg.norm(body - pip_level)), 22.0)
    off = np.linalg.norm(samples - body, axis=1) > tolerance
    return float(off.mean())


def link_matrix(frame: Image, pips: Sequence[Pip], params: GroupParams) -> NDArray[np.float64]:
    """Pairwise link distance in pip radii (inf where two pips cannot share a die)."""
    n = len(pips)
    out = np.full((n, n), np.inf)
    xyr = np.asarray([(p.x, p.y, p.radius) for p in pips], dtype=np.float64).reshape(n, 3)
    light = np.asarray([p.light for p in pips], dtype=bool)
    distance = np.hypot(xyr[:, None, 0] - xyr[None, :, 0], xyr[:, None, 1] - xyr[None, :, 1])
    radius = xyr[:, 2]
    spacing = distance / ((radius[:, None] + radius[None, :]) / 2.0)
    ratio = np.maximum(radius[:, None], radius[None, :]) / np.minimum(
        radius[:, None], radius[None, :]
    )
    candidate = (
        np.triu(np.ones((n, n), dtype=bool), k=1)
        & (light[:, None] == light[None, :])
        & (ratio <= params.max_radius_ratio)
        & (spacing <= params.reach * (1 + params.ambiguity_step))
    )
    for i, j in zip(*np.nonzero(candidate), strict=True):
        # Only pips near the segment can cover part of it.
        near = (distance[i] <= distance[i, j] + 2 * radius) | (distance[j] <= distance[i, j])
        if _off_face_share(frame, pips[i], pips[j], xyr[near]) <= params.max_off_face:
            out[i, j] = out[j, i] = spacing[i, j]
    return out


def components(links: NDArray[np.float64], reach: float) -> list[tuple[int, ...]]:
    """Connected parts of the graph whose edges are links no longer than `reach`."""
    n = links.shape[0]
    label = list(range(n))

    def root(i: int) -> int:
        while label[i] != i:
            label[i] = label[label[i]]
            i = label[i]
        return i

    for i, j in zip(*np.nonzero(links <= reach), strict=True):
        label[root(int(i))] = root(int(j))
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(root(i), []).append(i)
    return [tuple(members) for members in groups.values()]


def _face(points: Sequence[tuple[float, float]]) -> NDArray[np.float64]:
    return np.asarray(points, dtype=np.float64)


# Pip centres of each face on a unit square (the common Western layout).
_C, _L, _H = 0.5, 0.25, 0.75
FACES: dict[int, NDArray[np.float64]] = {
    1: _face([(_C, _C)]),
    2: _face([(_L, _L), (_H, _H)]),
    3: _face([(_L, _L), (_C, _C), (_H, _H)]),
    4: _face([(_L, _L), (_L, _H), (_H, _L), (_H, _H)]),
    5: _face([(_L, _L), (_L, _H), (_C, _C), (_H, _L), (_H, _H)]),
    6: _face([(_L, _L), (_L, _C), (_L, _H), (_H, _L), (_H, _C), (_H, _H)]),
}


def _shape(points: NDArray[np.float64]) -> NDArray[np.float64]:
    """Sorted pairwise distances over the largest one: blind to rotation, scale and order."""
    d = [float(np.hypot(*(p - q))) for p, q in itertools.combinations(points, 2)]
    top = max(d) if d else 1.0
    return np.sort(np.asarray(d)) / (top if top > 0 else 1.0)


def layout_error(pips: Sequence[Pip]) -> float:
    """How far the group's pattern is from the face with as many pips (0 = a perfect match)."""
    n = len(pips)
    if n <= 2 or n > 6:
        return 0.0 if n <= 2 else 1.0
    points = np.asarray([(p.x, p.y) for p in pips])
    return float(np.mean(np.abs(_shape(points) - _shape(FACES[n]))))


def _split_large(
    links: NDArray[np.float64], members: tuple[int, ...], reach: float
) -> list[tuple[int, ...]]:
    """Break a group of more than six pips by shortening the reach until every part fits."""
    sub = links[np.ix_(members, members)]
    for factor in (0.85, 0.7, 0.55, 0.4):
        parts = components(sub, reach * factor)
        if all(len(p) <= 6 for p in parts):
            return [tuple(members[i] for i in part) for part in parts]
    return [members]


def spread_ratio(pips: Sequence[Pip]) -> float:
    """The widest pip distance over the median pip radius (0 for a lone pip)."""
    if len(pips) < 2:
        return 0.0
    widest = max(float(np.hypot(a.x - b.x, a.y - b.y)) for a, b in itertools.combinations(pips, 2))
    return widest / float(np.median([p.radius for p in pips]))


def prune(pips: tuple[Pip, ...], params: GroupParams) -> tuple[tuple[Pip, ...], float]:
    """The pips (and layout error) after dropping up to two strays, if that makes a good face."""
    error = layout_error(pips)
    if error <= params.max_layout_error or len(pips) < 3:
        return pips, error
    for drop in (1, 2):
        if len(pips) - drop < 2:
            break
        subsets = itertools.combinations(pips, len(pips) - drop)
        best = min(subsets, key=layout_error)
        if layout_error(best) <= params.good_layout_error:
            return best, layout_error(best)
    return pips, error


def group_pips(
    frame: Image, pips: Sequence[Pip], params: GroupParams | None = None
) -> list[PipGroup]:
    params = params or GroupParams()
    if not pips:
        return []
    links = link_matrix(frame, pips, params)
    shorter = {frozenset(g) for g in components(links, params.reach * (1 - params.ambiguity_step))}
    longer = {frozenset(g) for g in components(links, params.reach * (1 + params.ambiguity_step))}
    out = []
    for members in components(links, params.reach):
        parts = _split_large(links, members, params.reach) if len(members) > 6 else [members]
        for part in parts:
            chosen, error = prune(tuple(pips[i] for i in part), params)
            spread = spread_ratio(chosen)
            if error > params.reject_layout_error or 0 < spread < params.min_spread:
                continue
            unsure = (
                spread > params.max_spread
                or len(parts) > 1
                or len(part) > 6
                or frozenset(part) not in shorter
                or frozenset(part) not in longer
                or error > params.max_layout_error
            )
            out.append(PipGroup(chosen, unsure, error))
    return out
