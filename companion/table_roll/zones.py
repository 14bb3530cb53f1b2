"""A settled table split by the player zones of the data folder's active calibration profile,
for a table roll (`companion.table_roll`). Without zones every die is a stray one, and a note
says how to get zones; the players can still give each die to its player by hand.
"""

from __future__ import annotations

from pathlib import Path

from calibration.apply import UNZONED, by_zone
from calibration.errors import CalibrationError
from calibration.storage import load_active
from vision.types import DiceReading

NO_ZONES = (
    "the camera's calibration has no player zones, so no die is anyone's yet: calibrate with "
    "a zone per player, or give each die to its player"
)


def table_zones(
    data_dir: Path, reading: DiceReading, frame_wh: tuple[int, int] | None
) -> tuple[dict[str, DiceReading], tuple[str, ...]]:
    """(dice by zone name, notes). `reading` is in the coordinates of a frame of `frame_wh`
    (None: the profile's own size), as `calibration.apply.ProfiledReader` gives it."""
    try:
        profile = load_active(data_dir)
        if profile is not None and frame_wh is not None:
            profile = profile.scaled_to(frame_wh)
    except CalibrationError as exc:
        return {UNZONED: reading}, (f"the camera's calibration cannot be used ({exc})", NO_ZONES)
    if profile is None or not profile.player_zones:
        return {UNZONED: reading}, (NO_ZONES,)
    return by_zone(reading, profile), ()
