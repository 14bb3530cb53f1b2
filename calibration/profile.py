"""A camera profile: where the table is, how to white-balance, where each player rolls.

Every `Profile` is valid once built (checked in `__post_init__`), whether it came from a file
or from code; `Profile.from_json` also checks the JSON's shape. The format is documented field
by field in docs/calibration.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from calibration import checks
from calibration import geometry as geo
from calibration.errors import FrameSizeError, ProfileError
from calibration.geometry import Polygon, RectXYXY

PROFILE_VERSION = 1
WHITE_METHODS = ("card", "grey-world", "none")
ASPECT_TOLERANCE = 0.01
REQUIRED_FIELDS = ("version", "name", "camera", "created_at", "table_region", "white_reference")
ALL_FIELDS = (*REQUIRED_FIELDS, "player_zones", "notes")


@dataclass(frozen=True, slots=True)
class CameraInfo:
    """What the profile was recorded from: the source as typed (no password) and the frame size."""

    source: str
    size_wh: tuple[int, int]


@dataclass(frozen=True, slots=True)
class WhiteReference:
    """Per-channel gains (B, G, R) that turn `region` neutral grey; `brightness` is that grey's
    level (0..255) after the gains. `method` is "card" (a white card the user named),
    "grey-world" (estimated over the table) or "none" (gains all 1: no balance)."""

    method: str
    region: Polygon
    gains_bgr: tuple[float, float, float]
    brightness: float


@dataclass(frozen=True, slots=True)
class PlayerZone:
    name: str
    polygon: Polygon


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    camera: CameraInfo
    created_at: str
    table_region: Polygon
    white_reference: WhiteReference
    player_zones: tuple[PlayerZone, ...] = field(default=())
    notes: str = ""

    def __post_init__(self) -> None:
        validate(self)

    @property
    def size_wh(self) -> tuple[int, int]:
        return self.camera.size_wh

    @property
    def table_rect(self) -> RectXYXY:
        """The table's bounding rectangle (x1, y1, x2, y2), x2 and y2 exclusive."""
        return geo.bounding_rect(self.table_region)

    def zone_names(self) -> tuple[str, ...]:
        return tuple(z.name for z in self.player_zones)

    def scaled_to(self, size_wh: tuple[int, int]) -> Profile:
        """The same profile for frames of another size with the same shape (1280x720 for a
        profile recorded at 640x360); FrameSizeError naming both sizes when the shapes differ."""
        if size_wh == self.size_wh:
            return self
        (w0, h0), (w, h) = self.size_wh, size_wh
        if w <= 0 or h <= 0 or abs((w / h) / (w0 / h0) - 1.0) > ASPECT_TOLERANCE:
            raise FrameSizeError(
                f"frame is {w}x{h} but profile {self.name!r} was recorded at {w0}x{h0}, a "
                f"different shape; record the profile again for this camera setting"
            )
        sx, sy = w / w0, h / h0
        ref = self.white_reference
        table = geo.scaled(self.table_region, sx, sy)
        return replace(
            self,
            camera=CameraInfo(self.camera.source, (w, h)),
            table_region=table,
            white_reference=replace(ref, region=geo.scaled(ref.region, sx, sy)),
            player_zones=tuple(
                PlayerZone(z.name, _kept_inside(geo.scaled(z.polygon, sx, sy), table))
                for z in self.player_zones
            ),
        )

    def to_json(self) -> dict[str, Any]:
        ref = self.white_reference
        return {
            "version": PROFILE_VERSION,
            "name": self.name,
            "camera": {"source": self.camera.source, "size_wh": list(self.camera.size_wh)},
            "created_at": self.created_at,
            "table_region": _points_json(self.table_region),
            "white_reference": {
                "method": ref.method,
                "region": _points_json(ref.region),
                "gains_bgr": [round(g, 4) for g in ref.gains_bgr],
                "brightness": round(ref.brightness, 1),
            },
            "player_zones": [
                {"name": z.name, "polygon": _points_json(z.polygon)} for z in self.player_zones
            ],
            "notes": self.notes,
        }

    def to_text(self) -> str:
        """Indented JSON with each point and each list of numbers kept on one line."""
        return _pretty(self.to_json(), "") + "\n"

    @classmethod
    def from_json(cls, data: object) -> Profile:
        # The version first: a newer format may have other fields, and saying so is the help.
        if isinstance(data, dict) and "version" in data:
            _check_version(data["version"])
        top = checks.obj(data, "", REQUIRED_FIELDS, ALL_FIELDS)
        return cls(
            name=checks.check_name(top["name"]),
            camera=_camera_from_json(top["camera"]),
            created_at=checks.check_timestamp(top["created_at"], "created_at"),
            table_region=checks.json_polygon(top["table_region"], "table_region"),
            white_reference=_white_from_json(top["white_reference"]),
            player_zones=_zones_from_json(top.get("player_zones", [])),
            notes=checks.check_text(top.get("notes", ""), "notes", allow_empty=True),
        )

    @classmethod
    def from_text(cls, text: str, origin: str = "profile") -> Profile:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ProfileError(f"{origin} is not valid JSON: {exc}") from None
        return cls.from_json(data)


def _kept_inside(poly: Polygon, table: Polygon) -> Polygon:
    """Scaling grows a zone point's allowed slack past the table edge; put such points back on
    the edge so a valid profile stays valid at any size."""
    out = []
    for x, y in poly:
        if not geo.inside_or_near(table, x, y, checks.EDGE_TOLERANCE_PX):
            qx, qy = geo.nearest_on_edges(table, x, y)
            x, y = round(qx), round(qy)
        out.append((x, y))
    return tuple(out)


def _pretty(value: object, indent: str) -> str:
    """JSON indented by two spaces, with lists of plain values (a point, the gains) on one line."""
    inner = indent + "  "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k)}: {_pretty(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        return "[\n" + ",\n".join(inner + _pretty(v, inner) for v in value) + f"\n{indent}]"
    return json.dumps(value)


def _check_version(value: object) -> None:
    version = checks.json_int(value, "version")
    if version != PROFILE_VERSION:
        raise ProfileError(
            f"unknown version {version} (this Dicetable reads version {PROFILE_VERSION})",
            "version",
        )


def validate(profile: Profile) -> None:
    """Raise ProfileError naming the first bad field of a built profile."""
    checks.check_name(profile.name)
    checks.check_text(profile.camera.source, "camera.source", allow_empty=False)
    size = checks.check_size(profile.camera.size_wh, "camera.size_wh")
    checks.check_timestamp(profile.created_at, "created_at")
    table = checks.check_polygon(profile.table_region, "table_region", size)
    _check_white(profile.white_reference, size)
    seen: set[str] = set()
    for i, zone in enumerate(profile.player_zones):
        where = f"player_zones[{i}]"
        name = checks.check_zone_name(zone.name, f"{where}.name")
        if name in seen:
            raise ProfileError(f"zone name {name!r} is used twice", f"{where}.name")
        seen.add(name)
        poly = checks.check_polygon(zone.polygon, f"{where}.polygon", size)
        checks.check_inside(poly, table, f"{where}.polygon", "table region")
    checks.check_text(profile.notes, "notes", allow_empty=True)


def _check_white(ref: WhiteReference, size: tuple[int, int]) -> None:
    if ref.method not in WHITE_METHODS:
        raise ProfileError(
            f"method must be one of {', '.join(WHITE_METHODS)}, got {ref.method!r}",
            "white_reference.method",
        )
    checks.check_polygon(ref.region, "white_reference.region", size)
    gains = checks.check_gains(ref.gains_bgr, "white_reference.gains_bgr")
    if ref.method == "none" and gains != (1.0, 1.0, 1.0):
        raise ProfileError(
            f"method 'none' needs gains [1, 1, 1], got {list(gains)}", "white_reference.gains_bgr"
        )
    if not 0.0 <= ref.brightness <= 255.0:
        raise ProfileError(
            f"brightness must be 0..255, got {ref.brightness!r}", "white_reference.brightness"
        )


def _points_json(poly: Polygon) -> list[list[int]]:
    return [[x, y] for x, y in poly]


def _camera_from_json(data: object) -> CameraInfo:
    cam = checks.obj(data, "camera", ("source", "size_wh"))
    size = checks.json_list(cam["size_wh"], "camera.size_wh")
    ints = [checks.json_int(v, "camera.size_wh") for v in size]
    source = checks.check_text(cam["source"], "camera.source", allow_empty=False)
    return CameraInfo(source, checks.check_size(ints, "camera.size_wh"))


def _white_from_json(data: object) -> WhiteReference:
    ref = checks.obj(data, "white_reference", ("method", "region", "gains_bgr", "brightness"))
    gains = checks.json_list(ref["gains_bgr"], "white_reference.gains_bgr")
    numbers = [
        checks.json_number(g, f"white_reference.gains_bgr[{i}]") for i, g in enumerate(gains)
    ]
    return WhiteReference(
        method=checks.check_text(ref["method"], "white_reference.method", allow_empty=False),
        region=checks.json_polygon(ref["region"], "white_reference.region"),
        gains_bgr=checks.check_gains(numbers, "white_reference.gains_bgr"),
        brightness=checks.json_number(ref["brightness"], "white_reference.brightness"),
    )


def _zones_from_json(data: object) -> tuple[PlayerZone, ...]:
    zones: list[PlayerZone] = []
    for i, item in enumerate(checks.json_list(data, "player_zones")):
        where = f"player_zones[{i}]"
        zone = checks.obj(item, where, ("name", "polygon"))
        name = checks.check_text(zone["name"], f"{where}.name", allow_empty=False)
        zones.append(PlayerZone(name, checks.json_polygon(zone["polygon"], f"{where}.polygon")))
    return tuple(zones)


def profile_summary(profile: Profile) -> Mapping[str, object]:
    """A few facts for listings: size, table rectangle, white method, zones."""
    w, h = profile.size_wh
    return {
        "name": profile.name,
        "source": profile.camera.source,
        "size": f"{w}x{h}",
        "table": list(profile.table_rect),
        "white": profile.white_reference.method,
        "zones": list(profile.zone_names()),
    }
