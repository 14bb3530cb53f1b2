"""Regions as a user types them: `x1,y1,x2,y2`, `"x,y x,y x,y ..."`, `NAME:x1,y1,x2,y2`."""

from __future__ import annotations

from calibration.errors import ProfileError
from calibration.geometry import Point, Polygon, RectXYXY


def _ints(text: str, flag: str, what: str) -> list[int]:
    parts = [p.strip() for p in text.split(",")]
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise ProfileError(f"expected {what} as whole numbers, got {text!r}", flag) from None


def parse_rect(text: str, flag: str) -> RectXYXY:
    """`x1,y1,x2,y2` with x2 > x1 and y2 > y1."""
    values = _ints(text, flag, "x1,y1,x2,y2")
    if len(values) != 4:
        raise ProfileError(f"expected x1,y1,x2,y2 (four numbers), got {text!r}", flag)
    x1, y1, x2, y2 = values
    if x2 <= x1 or y2 <= y1:
        raise ProfileError(f"expected x2 > x1 and y2 > y1, got {text!r}", flag)
    return (x1, y1, x2, y2)


def parse_poly(text: str, flag: str) -> Polygon:
    """Points `x,y` separated by spaces (or `;`)."""
    points: list[Point] = []
    for token in text.replace(";", " ").split():
        pair = _ints(token, flag, "each point as x,y")
        if len(pair) != 2:
            raise ProfileError(f"expected each point as x,y, got {token!r} in {text!r}", flag)
        points.append((pair[0], pair[1]))
    if len(points) < 3:
        raise ProfileError(f"a polygon needs at least 3 points, got {text!r}", flag)
    return tuple(points)


def parse_zone(text: str, flag: str = "--zone") -> tuple[str, RectXYXY]:
    """`NAME:x1,y1,x2,y2` (the name may not hold ':')."""
    name, sep, rect = text.rpartition(":")
    if not sep or not name.strip():
        raise ProfileError(f"expected NAME:x1,y1,x2,y2, got {text!r}", flag)
    return name.strip(), parse_rect(rect, f"{flag} {name.strip()}")
