"""Player zones: equal-area sectors of the table in seat order, or rectangles the user names,
clipped to the table.

Seats go round the table centre (its area centroid) clockwise as seen on screen; seat 1's sector
is centred on the direction straight down the image. Two players get the bottom and top halves,
four get bottom, left, top and right, each centred on one side of the table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from calibration import geometry as geo
from calibration.errors import ProfileError
from calibration.geometry import FloatPoint, Polygon, RectXYXY

MAX_ZONES = 12
_BISECT_STEPS = 60
TWO_PI = 2.0 * math.pi


def seat_name(index: int) -> str:
    return f"seat-{index + 1}"


def _angle(centre: FloatPoint, p: FloatPoint) -> float:
    """0 straight down the image, growing clockwise on screen, in [0, 2π)."""
    return math.atan2(-(p[0] - centre[0]), p[1] - centre[1]) % TWO_PI


def _direction(theta: float) -> FloatPoint:
    return (-math.sin(theta), math.cos(theta))


def _ray_hit(poly: Sequence[FloatPoint], centre: FloatPoint, theta: float) -> FloatPoint:
    """Where the ray from the centre at `theta` leaves the (convex) polygon."""
    dx, dy = _direction(theta)
    best = 0.0
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        denom = dx * ey - dy * ex
        if abs(denom) < 1e-12:
            continue
        wx, wy = ax - centre[0], ay - centre[1]
        t = (wx * ey - wy * ex) / denom
        u = (wx * dy - wy * dx) / denom
        if t > best and -1e-9 <= u <= 1 + 1e-9:
            best = t
    return (centre[0] + best * dx, centre[1] + best * dy)


def _sector(
    poly: Sequence[FloatPoint], centre: FloatPoint, start: float, span: float
) -> list[FloatPoint]:
    """The piece of the polygon between two rays from the centre, `start` to `start + span`."""
    inner = []
    for p in poly:
        offset = (_angle(centre, p) - start) % TWO_PI
        if 0 < offset < span:
            inner.append((offset, p))
    inner.sort()
    end = _ray_hit(poly, centre, start + span)
    return [centre, _ray_hit(poly, centre, start), *(p for _, p in inner), end]


def _angle_for_area(poly: Sequence[FloatPoint], centre: FloatPoint, target: float) -> float:
    lo, hi = 0.0, TWO_PI
    for _ in range(_BISECT_STEPS):
        mid = (lo + hi) / 2.0
        if geo.area(_sector(poly, centre, 0.0, mid)) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def sector_zones(table: Polygon, count: int) -> tuple[tuple[str, Polygon], ...]:
    """`count` equal-area sectors of a convex table, named seat-1..seat-N in seat order."""
    if not 1 <= count <= MAX_ZONES:
        raise ProfileError(f"zone count must be 1..{MAX_ZONES}, got {count!r}", "player_zones")
    if count == 1:
        return ((seat_name(0), table),)
    points: list[FloatPoint] = [(float(x), float(y)) for x, y in table]
    if not geo.is_convex(points):
        raise ProfileError(
            "equal sectors need a convex table region; name each zone instead (--zone NAME:...)",
            "player_zones",
        )
    centre = geo.centroid(points)
    total = geo.area(points)
    bounds = [_angle_for_area(points, centre, total * (k + 0.5) / count) for k in range(count)]
    zones: list[tuple[str, Polygon]] = []
    for k in range(count):
        start = bounds[k - 1] - (TWO_PI if k == 0 else 0.0)
        span = bounds[k] - start
        polygon = geo.rounded(_sector(points, centre, start % TWO_PI, span))
        zones.append((seat_name(k), polygon))
    return tuple(zones)


def clipped_zone(name: str, rect: RectXYXY, table: Polygon) -> Polygon:
    """The part of the table inside the rectangle; ProfileError when they do not overlap."""
    piece = geo.rounded(geo.clip_to_rect([(float(x), float(y)) for x, y in table], rect))
    if len(piece) < 3 or geo.area(piece) < 1.0:
        raise ProfileError(
            f"zone {name!r} at {list(rect)} does not overlap the table region",
            "player_zones",
        )
    return piece
