"""The player zones of the camera's table, set on the dashboard (issue 32 item 9; the modifier
game's table roll gives each zone's dice to its player): `GET /api/zones`, the camera's picture
to draw on (`GET /api/zones/picture.jpg`, one frozen frame), and `POST /api/zones` with drawn
rectangles or a count of equal zones (calibration/drawn.py)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from calibration.drawn import current, drawn_zones, equal_zones, save_zones
from calibration.errors import CalibrationError, ProfileError
from calibration.storage import load_active
from calibration.zones import MAX_ZONES
from web.api.core import jpeg_response, view_response
from web.config import services
from web.errors import ApiError, json_body

bp = Blueprint("api_zones", __name__)
MAX_SIDE = 20000


def _zones_json() -> dict[str, Any]:
    try:
        profile = load_active(services().config.data_dir)
    except CalibrationError as exc:
        raise ApiError(409, f"the active camera profile cannot be used: {exc}") from None
    if profile is None:
        return {"profile": None, "size": None, "table": [], "zones": []}
    return {
        "profile": profile.name,
        "size": list(profile.size_wh),
        "table": [list(p) for p in profile.table_region],
        "zones": [{"name": z.name, "polygon": [list(p) for p in z.polygon]}
                  for z in profile.player_zones],
    }  # fmt: skip


@bp.get("/api/zones")
def get_zones() -> Response:
    """The active profile's table and zones, in the coordinates of its `size`."""
    return view_response(_zones_json())


@bp.get("/api/zones/picture.jpg")
def picture() -> Response:
    """The camera's latest frame, once: a still picture to draw the zones on."""
    live = services().live
    return jpeg_response(None if live is None else live.latest_jpeg(), "the camera")


def _size(value: object) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 16 <= v <= MAX_SIDE
                   for v in value)
    ):  # fmt: skip
        raise ApiError(
            400, f"size must be [width, height] in pixels (16 to {MAX_SIDE}), got {value!r}", "size"
        )
    return value[0], value[1]


def _rect(value: object, size: tuple[int, int], where: str) -> tuple[int, int, int, int]:
    numbers = (
        [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
        if isinstance(value, list)
        else []
    )
    if not isinstance(value, list) or len(numbers) != 4 or len(value) != 4:
        raise ApiError(
            400, f"{where}.rect must be [x1, y1, x2, y2] in pixels, got {value!r}", f"{where}.rect"
        )
    x1, y1, x2, y2 = numbers
    if not (0 <= x1 < x2 <= size[0] and 0 <= y1 < y2 <= size[1]):
        raise ApiError(
            400,
            f"{where}.rect {value!r} is not a rectangle inside the {size[0]}x{size[1]} picture",
            f"{where}.rect",
        )
    return x1, y1, x2, y2


def _drawn(value: object, size: tuple[int, int]) -> list[tuple[str, tuple[int, int, int, int]]]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_ZONES:
        raise ApiError(
            400, f"zones must be a list of 1 to {MAX_ZONES} zones, got {value!r}"[:300], "zones"
        )
    out = []
    for k, zone in enumerate(value):
        where = f"zones[{k}]"
        if not isinstance(zone, dict) or set(zone) != {"name", "rect"}:
            raise ApiError(400, f'{where} must be {{"name": ..., "rect": [x1, y1, x2, y2]}}', where)
        out.append((zone["name"], _rect(zone["rect"], size, where)))
    return out


def _names(value: object) -> list[str]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_ZONES:
        raise ApiError(
            400, f"names must be a list of 1 to {MAX_ZONES} names, got {value!r}"[:300], "names"
        )
    return list(value)


@bp.post("/api/zones")
def set_zones() -> Response:
    """`{"size": [w, h], "zones": [{"name": "Ann", "rect": [x1, y1, x2, y2]}, ...]}` (drawn on a
    picture of that size) or `{"size": [w, h], "names": ["Ann", "Ben"]}` (the table split
    into one equal zone per name, in seat order); 200 with the zones as `GET` gives them."""
    body = json_body({"size", "zones", "names"}, required={"size"})
    if ("zones" in body) == ("names" in body):
        raise ApiError(
            400, "send either zones (drawn) or names (equal zones), not both or neither", "zones"
        )
    size = _size(body["size"])
    data_dir = services().config.data_dir
    try:
        profile = current(data_dir, size)
        if "zones" in body:
            profile = drawn_zones(profile, size, _drawn(body["zones"], size))
        else:
            profile = equal_zones(profile, _names(body["names"]))
        save_zones(data_dir, profile)
    except ProfileError as exc:
        field = "names" if "names" in body else "zones"
        raise ApiError(400, str(exc), exc.field if exc.field.startswith(field) else field) from None
    except CalibrationError as exc:
        raise ApiError(409, f"the active camera profile cannot be used: {exc}") from None
    return view_response(_zones_json())
