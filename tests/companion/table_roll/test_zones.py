"""A settled table split by the active calibration's player zones, in the frame's own size."""

from __future__ import annotations

from pathlib import Path

import pytest

from calibration import storage
from companion.table_roll.zones import NO_ZONES, table_zones
from tests.calibration.helpers import make_profile
from vision.types import Colour, DiceReading, Die


def die(x: int, y: int) -> Die:
    return Die(Colour.RED, 3, 0.9, (x - 5, y - 5, x + 5, y + 5))


def _activate(data_dir: Path, **changes: object) -> None:
    profile = make_profile(**changes)
    storage.save_profile(data_dir, profile)
    storage.activate(data_dir, profile.name)


@pytest.mark.parametrize(
    ("frame", "dice", "groups"),
    [
        (None, [die(150, 200), die(400, 300), die(10, 10)], {"al": 1, "bo": 1, "": 1}),
        ((640, 480), [die(150, 200), die(160, 220)], {"al": 2, "bo": 0}),
        # a 1280x960 frame: the zones are scaled with it
        ((1280, 960), [die(300, 400), die(800, 600)], {"al": 1, "bo": 1}),
    ],
)
def test_the_active_zones_split_the_table(
    tmp_path: Path, frame: tuple[int, int] | None, dice: list[Die], groups: dict[str, int]
) -> None:
    _activate(tmp_path)
    zones, notes = table_zones(tmp_path, DiceReading.of(dice), frame)
    assert {name: len(found) for name, found in zones.items()} == groups
    assert notes == ()


def test_without_a_profile_or_zones_every_die_is_stray(tmp_path: Path) -> None:
    reading = DiceReading.of([die(150, 200)])
    assert table_zones(tmp_path, reading, None) == ({"": reading}, (NO_ZONES,))
    _activate(tmp_path, player_zones=())
    assert table_zones(tmp_path, reading, None) == ({"": reading}, (NO_ZONES,))


def test_a_frame_of_another_shape_is_said_in_words(tmp_path: Path) -> None:
    _activate(tmp_path)
    zones, notes = table_zones(tmp_path, DiceReading.empty(), (1000, 100))
    assert list(zones) == [""]
    assert "cannot be used" in notes[0] and notes[1] == NO_ZONES
