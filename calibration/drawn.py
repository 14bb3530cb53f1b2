"""Player zones set on the dashboard (the modifier game's table roll needs one per player): drawn
as rectangles on the camera picture, or the table split into N equal sectors at once. They go
into the active camera profile; with none, into a new profile `default` whose table is the
whole picture, white balance off, made active. `default` is the name the table's memory and its
empty table already go by when no profile is active (`companion.tables.names`), so they keep
applying after a restart. Pure but for `save_zones`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from calibration import geometry as geo
from calibration.checks import EDGE_TOLERANCE_PX
from calibration.errors import CalibrationError, ProfileError
from calibration.geometry import RectXYXY
from calibration.profile import CameraInfo, PlayerZone, Profile, WhiteReference
from calibration.storage import activate, active_name, load_active, profile_path, write_atomic
from calibration.zones import MAX_ZONES, sector_zones

# The table's name while no profile is active: the whole-picture profile takes it over.
WHOLE_PICTURE_PROFILE = "default"


def whole_picture(size_wh: tuple[int, int]) -> Profile:
    """A profile whose table is the whole picture, no white balance and no zones yet."""
    w, h = size_wh
    frame = geo.rect_polygon((0, 0, w - 1, h - 1))
    return Profile(
        name=WHOLE_PICTURE_PROFILE,
        camera=CameraInfo("dashboard", (w, h)),
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        table_region=frame,
        white_reference=WhiteReference("none", frame, (1.0, 1.0, 1.0), 128.0),
        notes="player zones set on the dashboard",
    )


def _on_table(
    rect: RectXYXY, profile: Profile, picture_wh: tuple[int, int], name: str
) -> PlayerZone:
    """A rectangle drawn on a picture of `picture_wh` as a zone of the profile: scaled to the
    profile's size, cut to the table, its corners put on the table's edge where they overhang."""
    (w0, h0), (w, h) = profile.size_wh, picture_wh
    x1, y1, x2, y2 = rect
    scaled = geo.rect_polygon((round(x1 * w0 / w), round(y1 * h0 / h),
                               round(x2 * w0 / w), round(y2 * h0 / h)))  # fmt: skip
    cut = geo.clip_to_rect([(float(x), float(y)) for x, y in scaled], profile.table_rect)
    if len(cut) < 3 or geo.area(cut) < 1.0:
        raise ProfileError(f"the zone {name!r} lies outside the table", "zones")
    table = profile.table_region
    points = []
    for x, y in geo.rounded(cut):
        if not geo.inside_or_near(table, x, y, EDGE_TOLERANCE_PX):
            qx, qy = geo.nearest_on_edges(table, x, y)
            x, y = round(qx), round(qy)
        points.append((x, y))
    return PlayerZone(name, tuple(points))


def drawn_zones(
    profile: Profile, picture_wh: tuple[int, int], drawn: Sequence[tuple[str, RectXYXY]]
) -> Profile:
    if not 1 <= len(drawn) <= MAX_ZONES:
        raise ProfileError(f"draw 1 to {MAX_ZONES} zones, not {len(drawn)}", "zones")
    zones = tuple(_on_table(rect, profile, picture_wh, name) for name, rect in drawn)
    return replace(profile, player_zones=zones)


def equal_zones(profile: Profile, names: Sequence[str]) -> Profile:
    """The table split into one equal sector per name, in seat order."""
    sectors = sector_zones(profile.table_region, len(names))
    zones = tuple(PlayerZone(name, poly) for name, (_, poly) in zip(names, sectors, strict=True))
    return replace(profile, player_zones=zones)


def current(data_dir: Path, picture_wh: tuple[int, int]) -> Profile:
    """The active profile, or a whole-picture one for a camera of `picture_wh`. A stored but
    inactive `default` is refused rather than replaced: someone recorded it and set it aside."""
    active = load_active(data_dir)
    if active is not None:
        return active
    if profile_path(data_dir, WHOLE_PICTURE_PROFILE).exists():
        raise CalibrationError(
            f"a camera profile named {WHOLE_PICTURE_PROFILE!r} is stored but not active: make it "
            f"active (dicetable calibrate --activate {WHOLE_PICTURE_PROFILE}) or delete it, then "
            "save the zones"
        )
    return whole_picture(picture_wh)


def save_zones(data_dir: Path, profile: Profile) -> None:
    """Write the profile with its new zones and make it active. Only the zones changed, so the
    profile's picture of the empty table stays (the table has not moved)."""
    write_atomic(profile_path(data_dir, profile.name), profile.to_text())
    if active_name(data_dir) != profile.name:
        activate(data_dir, profile.name)
