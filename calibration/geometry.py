"""Plain-Python polygon helpers in frame pixels (x right, y down). No OpenCV, so loading a profile
stays light; polygons here hold a handful of points, so nothing needs vectorising."""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[int, int]
Polygon = tuple[Point, ...]
RectXYXY = tuple[int, int, int, int]
FloatPoint = tuple[float, float]


def rect_polygon(rect: RectXYXY) -> Polygon:
    """The rectangle's corners, clockwise on screen from the top left."""
    x1, y1, x2, y2 = rect
    return ((x1, y1), (x2, y1), (x2, y2), (x1, y2))


def signed_area(poly: Sequence[FloatPoint]) -> float:
    """Shoelace area: positive when the points run clockwise on screen (y down)."""
    total = 0.0
    for i, (x1, y1) in enumerate(poly):
        x2, y2 = poly[(i + 1) % len(poly)]
        total += x1 * y2 - x2 * y1
    return total / 2.0


def area(poly: Sequence[FloatPoint]) -> float:
    return abs(signed_area(poly))


def centroid(poly: Sequence[FloatPoint]) -> FloatPoint:
    """The centre of mass of the polygon's area (the vertex mean when the area is zero)."""
    a = signed_area(poly)
    if abs(a) < 1e-9:
        return (
            sum(p[0] for p in poly) / len(poly),
            sum(p[1] for p in poly) / len(poly),
        )
    cx = cy = 0.0
    for i, (x1, y1) in enumerate(poly):
        x2, y2 = poly[(i + 1) % len(poly)]
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (6.0 * a), cy / (6.0 * a))


def bounding_rect(poly: Sequence[Point]) -> RectXYXY:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


def contains(poly: Sequence[FloatPoint], x: float, y: float) -> bool:
    """Even-odd rule; a point on an edge may land either side, so callers that care about the
    boundary also ask `distance_to_edges`."""
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            x_cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < x_cross:
                inside = not inside
    return inside


def _nearest_on_segment(p: FloatPoint, a: FloatPoint, b: FloatPoint) -> FloatPoint:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return (ax + t * dx, ay + t * dy)


def nearest_on_edges(poly: Sequence[FloatPoint], x: float, y: float) -> FloatPoint:
    """The point of the polygon's outline nearest to (x, y)."""
    n = len(poly)
    points = [_nearest_on_segment((x, y), poly[i], poly[(i + 1) % n]) for i in range(n)]
    return min(points, key=lambda q: math.hypot(q[0] - x, q[1] - y))


def distance_to_edges(poly: Sequence[FloatPoint], x: float, y: float) -> float:
    qx, qy = nearest_on_edges(poly, x, y)
    return math.hypot(qx - x, qy - y)


def inside_or_near(poly: Sequence[FloatPoint], x: float, y: float, tolerance: float) -> bool:
    return contains(poly, x, y) or distance_to_edges(poly, x, y) <= tolerance


def _cross(o: FloatPoint, a: FloatPoint, b: FloatPoint) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def is_convex(poly: Sequence[FloatPoint]) -> bool:
    """True when every turn goes the same way (straight runs allowed)."""
    n = len(poly)
    signs = set()
    for i in range(n):
        turn = _cross(poly[i], poly[(i + 1) % n], poly[(i + 2) % n])
        if turn != 0:
            signs.add(turn > 0)
    return len(signs) <= 1


def _segments_cross(a: FloatPoint, b: FloatPoint, c: FloatPoint, d: FloatPoint) -> bool:
    """Proper crossing only: touching at an end or running along each other does not count."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and 0 not in (d1, d2, d3, d4)


def first_crossing(poly: Sequence[FloatPoint]) -> tuple[int, int] | None:
    """Indices of two edges that cross each other (edge i runs from point i to point i+1)."""
    n = len(poly)
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue  # neighbours through the closing edge
            if _segments_cross(poly[i], poly[(i + 1) % n], poly[j], poly[(j + 1) % n]):
                return (i, j)
    return None


def clip_to_rect(subject: Sequence[FloatPoint], rect: RectXYXY) -> list[FloatPoint]:
    """Sutherland-Hodgman: the part of `subject` (any simple polygon) inside the rectangle."""
    x1, y1, x2, y2 = rect
    planes: list[tuple[int, float, bool]] = [(0, x1, True), (0, x2, False), (1, y1, True)]
    planes.append((1, y2, False))
    out = list(subject)
    for axis, limit, keep_above in planes:
        points, out = out, []
        for i, cur in enumerate(points):
            prev = points[i - 1]
            cur_in = (cur[axis] >= limit) if keep_above else (cur[axis] <= limit)
            prev_in = (prev[axis] >= limit) if keep_above else (prev[axis] <= limit)
            if cur_in != prev_in:
                t = (limit - prev[axis]) / (cur[axis] - prev[axis])
                out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
            if cur_in:
                out.append(cur)
        if not out:
            return []
    return out


def rounded(points: Sequence[FloatPoint]) -> Polygon:
    """Whole pixels, with repeated neighbours (that rounding makes) dropped."""
    out: list[Point] = []
    for x, y in points:
        p = (round(x), round(y))
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return tuple(out)


def scaled(poly: Polygon, sx: float, sy: float) -> Polygon:
    return tuple((round(x * sx), round(y * sy)) for x, y in poly)
