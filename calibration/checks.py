"""Field checks shared by profile values and their JSON: each raises `ProfileError` naming the
field and the value it refuses."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from calibration import geometry as geo
from calibration.errors import ProfileError
from calibration.geometry import Point, Polygon

NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
ZONE_NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,31}$")
GAIN_RANGE = (0.25, 4.0)
MAX_POINTS = 64
MAX_SIDE = 16384
MAX_TEXT = 2000
EDGE_TOLERANCE_PX = 2.0


def check_name(name: object, field: str = "name") -> str:
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise ProfileError(
            f"profile name must be 1-40 characters of a-z, 0-9, '_' or '-', starting with a "
            f"letter or digit; got {name!r}",
            field,
        )
    return name


def check_zone_name(name: object, field: str) -> str:
    if not isinstance(name, str) or not ZONE_NAME_PATTERN.fullmatch(name):
        raise ProfileError(
            f"zone name must be 1-32 characters of letters, digits, space, '_', '.' or '-', "
            f"starting with a letter or digit; got {name!r}",
            field,
        )
    return name


def check_text(value: object, field: str, *, allow_empty: bool) -> str:
    if not isinstance(value, str):
        raise ProfileError(f"must be a string, got {value!r}", field)
    if not allow_empty and not value.strip():
        raise ProfileError(f"must not be empty, got {value!r}", field)
    if len(value) > MAX_TEXT:
        raise ProfileError(f"is {len(value)} characters long (limit {MAX_TEXT})", field)
    if any(ord(c) < 32 and c not in "\n\t" for c in value):
        raise ProfileError(f"holds control characters: {value!r}", field)
    return value


def check_timestamp(value: object, field: str) -> str:
    text = check_text(value, field, allow_empty=False)
    try:
        stamp = datetime.fromisoformat(text)
    except ValueError:
        raise ProfileError(f"must be an ISO 8601 time, got {text!r}", field) from None
    if stamp.tzinfo is None:
        raise ProfileError(f"must name its time zone (end in Z or +hh:mm), got {text!r}", field)
    return text


def check_size(size: Sequence[int], field: str) -> tuple[int, int]:
    if len(size) != 2:
        raise ProfileError(f"must be [width, height], got {list(size)!r}", field)
    for value in size:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIDE:
            raise ProfileError(
                f"must be two whole numbers 1..{MAX_SIDE}, got {list(size)!r}", field
            )
    return (size[0], size[1])


def check_gains(gains: Sequence[float], field: str) -> tuple[float, float, float]:
    if len(gains) != 3:
        raise ProfileError(f"must be three gains [B, G, R], got {list(gains)!r}", field)
    low, high = GAIN_RANGE
    for i, gain in enumerate(gains):
        if not _is_number(gain) or not low <= gain <= high:
            raise ProfileError(f"gain {gain!r} is outside {low}..{high:g}", f"{field}[{i}]")
    return (float(gains[0]), float(gains[1]), float(gains[2]))


def check_polygon(poly: Sequence[Point], field: str, size_wh: tuple[int, int]) -> Polygon:
    """3..64 points in the frame (its edge included), enclosing some area, edges not crossing."""
    if len(poly) < 3:
        raise ProfileError(
            f"a polygon needs at least 3 points, got {len(poly)}: {_show(poly)}", field
        )
    if len(poly) > MAX_POINTS:
        raise ProfileError(
            f"a polygon may have at most {MAX_POINTS} points, got {len(poly)}", field
        )
    w, h = size_wh
    for i, point in enumerate(poly):
        x, y = point
        if not (0 <= x <= w and 0 <= y <= h):
            raise ProfileError(f"point ({x}, {y}) lies outside the {w}x{h} frame", f"{field}[{i}]")
    crossing = geo.first_crossing(poly)
    if crossing is not None:
        i, j = crossing
        raise ProfileError(f"edges {i} and {j} cross each other: {_show(poly)}", field)
    if geo.area(poly) < 1.0:
        raise ProfileError(f"the polygon encloses no area: {_show(poly)}", field)
    return tuple(poly)


def check_inside(poly: Polygon, outer: Polygon, field: str, outer_name: str) -> None:
    for i, (x, y) in enumerate(poly):
        if not geo.inside_or_near(outer, x, y, EDGE_TOLERANCE_PX):
            raise ProfileError(f"point ({x}, {y}) lies outside the {outer_name}", f"{field}[{i}]")


def _show(poly: Sequence[Point]) -> str:
    return str([list(p) for p in poly])


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


# JSON shape checks: the types a hand-edited file may get wrong.


def obj(
    data: object, field: str, required: Sequence[str], optional: Sequence[str] = ()
) -> Mapping[str, Any]:
    where = field or "profile"
    if not isinstance(data, dict):
        raise ProfileError(f"{where} must be a JSON object, got {_brief(data)}", field)
    missing = [k for k in required if k not in data]
    if missing:
        raise ProfileError(f"{where} is missing {', '.join(map(repr, missing))}", field)
    unknown = [k for k in data if k not in required and k not in optional]
    if unknown:
        raise ProfileError(f"{where} has unknown field(s) {', '.join(map(repr, unknown))}", field)
    return data


def json_int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProfileError(f"must be a whole number, got {_brief(value)}", field)
    return value


def json_number(value: object, field: str) -> float:
    if not _is_number(value):
        raise ProfileError(f"must be a finite number, got {_brief(value)}", field)
    assert isinstance(value, int | float)
    return float(value)


def json_list(value: object, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise ProfileError(f"must be a JSON list, got {_brief(value)}", field)
    return value


def json_polygon(value: object, field: str) -> Polygon:
    points: list[Point] = []
    for i, item in enumerate(json_list(value, field)):
        pair = json_list(item, f"{field}[{i}]")
        if len(pair) != 2:
            raise ProfileError(f"a point must be [x, y], got {_brief(item)}", f"{field}[{i}]")
        points.append((json_int(pair[0], f"{field}[{i}]"), json_int(pair[1], f"{field}[{i}]")))
    return tuple(points)


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
