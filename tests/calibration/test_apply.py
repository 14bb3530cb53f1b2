"""ProfiledReader around a small real Reader: crop, white balance, boxes back, off-table dropped,
zones, other frame sizes, and the active-profile helper."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from calibration import storage
from calibration.apply import (
    UNZONED,
    ProfiledReader,
    by_zone,
    gains_lut,
    reader_for,
    white_balance,
    zone_of,
)
from calibration.errors import FrameSizeError, ProfileError
from calibration.geometry import rect_polygon
from calibration.profile import WhiteReference
from tests.calibration.helpers import (
    CARD_RECT,
    WARM_TINT,
    ImageBGR,
    make_profile,
    table_scene,
    tinted,
)
from vision.reading_protocol import Reader
from vision.still_dice import Unchanged
from vision.types import Colour, DiceReading, Die


@dataclass
class FixedReader:
    """Returns the same dice for any frame, and keeps the frames it was given."""

    dice: tuple[Die, ...]
    name: str = "fixed"
    seen: list[ImageBGR] = field(default_factory=list)

    def read(self, frame_bgr: ImageBGR) -> DiceReading:
        self.seen.append(frame_bgr)
        return DiceReading.of(self.dice)


def die(x: int, y: int, colour: Colour = Colour.RED, side: int = 20) -> Die:
    return Die(colour, 3, 0.9, (x, y, x + side, y + side))


def test_it_is_a_reader() -> None:
    wrapped = ProfiledReader(FixedReader(()), make_profile())
    assert isinstance(wrapped, Reader)
    assert wrapped.name == "fixed+kitchen"


def test_reads_only_the_table_rectangle_and_maps_boxes_back() -> None:
    inner = FixedReader((die(10, 20), die(200, 100, Colour.BLUE)))
    reading = ProfiledReader(inner, make_profile()).read(table_scene())
    assert inner.seen[0].shape == (320, 440, 3)  # the table rectangle (100, 80, 540, 400)
    assert [d.box_xyxy for d in reading] == [(110, 100, 130, 120), (300, 180, 320, 200)]
    assert [d.colour for d in reading] == [Colour.RED, Colour.BLUE]


def test_dice_whose_centre_is_off_the_table_polygon_are_dropped() -> None:
    # A triangular table: its bounding rectangle holds corners that are not table.
    triangle = ((100, 80), (540, 80), (100, 400))
    profile = make_profile(table_region=triangle, player_zones=())
    inner = FixedReader((die(10, 10), die(400, 280), die(150, 100)))
    reading = ProfiledReader(inner, profile).read(table_scene())
    assert [d.box_xyxy for d in reading] == [(110, 90, 130, 110), (250, 180, 270, 200)]


def test_the_crop_is_white_balanced_with_the_profile_gains() -> None:
    scene = table_scene()
    inner = FixedReader(())
    ProfiledReader(inner, make_profile()).read(tinted(scene, WARM_TINT))
    seen = inner.seen[0].astype(int)
    original = scene[80:400, 100:540].astype(int)
    # Gains (1.25, 1, 0.8) undo the warm tint up to rounding twice.
    assert np.abs(seen - original).max() <= 2


def test_a_profile_without_white_balance_hands_over_the_crop_as_it_is() -> None:
    scene = table_scene()
    white = WhiteReference("none", rect_polygon(CARD_RECT), (1.0, 1.0, 1.0), 100.0)
    inner = FixedReader(())
    ProfiledReader(inner, make_profile(white_reference=white)).read(scene)
    assert inner.seen[0].flags["C_CONTIGUOUS"]
    assert np.array_equal(inner.seen[0], scene[80:400, 100:540])


def test_white_balance_lut_clips_and_rounds() -> None:
    lut = gains_lut((2.0, 1.0, 0.5))
    frame = np.array([[[0, 0, 0], [100, 100, 100], [200, 200, 200], [255, 255, 255]]], np.uint8)
    out = white_balance(frame, lut)
    assert out.tolist() == [[[0, 0, 0], [200, 100, 50], [255, 200, 100], [255, 255, 128]]]
    assert out.dtype == np.uint8


@pytest.mark.parametrize(
    ("centre", "zone"),
    [((150, 200), "al"), ((400, 300), "bo"), ((50, 50), None), ((319, 200), "al")],
)
def test_zone_of(centre: tuple[int, int], zone: str | None) -> None:
    x, y = centre
    assert zone_of(Die(Colour.RED, 2, 1.0, (x - 5, y - 5, x + 5, y + 5)), make_profile()) == zone


def test_by_zone_groups_every_zone_and_keeps_the_unzoned() -> None:
    profile = make_profile()
    reading = DiceReading.of([die(140, 200), die(160, 250), die(420, 200), die(10, 10)])
    groups = by_zone(reading, profile)
    assert list(groups) == ["al", "bo", UNZONED]
    assert [len(groups[k]) for k in groups] == [2, 1, 1]
    assert list(by_zone(DiceReading.empty(), profile)) == ["al", "bo"]


def test_a_frame_of_the_same_shape_uses_the_scaled_profile() -> None:
    inner = FixedReader((die(20, 40),))
    big = np.zeros((960, 1280, 3), np.uint8)
    wrapped = ProfiledReader(inner, make_profile())
    reading = wrapped.read(big)
    assert inner.seen[0].shape == (640, 880, 3)
    assert reading.dice[0].box_xyxy == (220, 200, 240, 220)
    scaled = wrapped.profile_for((1280, 960))
    assert zone_of(reading.dice[0], scaled) == "al"


def test_a_frame_of_another_shape_names_both_sizes() -> None:
    wrapped = ProfiledReader(FixedReader(()), make_profile())
    with pytest.raises(FrameSizeError, match=r"1280x720 .* 640x480"):
        wrapped.read(np.zeros((720, 1280, 3), np.uint8))


def test_reader_for_without_a_profile_is_the_base_reader(tmp_path: Path) -> None:
    base = FixedReader(())
    assert reader_for(None, base) is base
    assert reader_for(tmp_path, base) is base
    storage.save_profile(tmp_path, make_profile())
    assert reader_for(tmp_path, base) is base  # stored but not active


def test_reader_for_with_an_active_profile(tmp_path: Path) -> None:
    storage.save_profile(tmp_path, make_profile())
    storage.activate(tmp_path, "kitchen")
    wrapped = reader_for(tmp_path, FixedReader(()))
    assert isinstance(wrapped, ProfiledReader)
    assert wrapped.profile == make_profile()


def test_reader_for_a_broken_active_profile_keeps_reading(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    storage.save_profile(tmp_path, make_profile())
    storage.activate(tmp_path, "kitchen")
    (tmp_path / "profiles" / "kitchen.json").write_text('{"version": 1, "name": 3}')
    base = FixedReader(())
    with caplog.at_level(logging.WARNING):
        assert reader_for(tmp_path, base) is base
    assert "ignoring the active camera profile" in caplog.text
    with pytest.raises(ProfileError):
        reader_for(tmp_path, base, strict=True)


def test_profiled_reader_reads_a_scene_end_to_end() -> None:
    """A reader that finds bright neutral grey: under the warm tint the card is not grey until
    the profile balances it, and its box comes back in frame coordinates."""

    class GreyPatches:
        name = "grey"

        def read(self, frame_bgr: ImageBGR) -> DiceReading:
            b, g, r = (frame_bgr[..., i].astype(int) for i in range(3))
            ys, xs = np.nonzero((g > 150) & (np.abs(r - b) < 8) & (np.abs(r - g) < 8))
            if len(xs) == 0:
                return DiceReading.empty()
            box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
            return DiceReading.of([Die(Colour.WHITE, 1, 1.0, box)])

    frame = tinted(table_scene(), WARM_TINT)
    assert len(GreyPatches().read(frame)) == 0
    reading = ProfiledReader(GreyPatches(), make_profile()).read(frame)
    assert [d.box_xyxy for d in reading] == [CARD_RECT]


@dataclass
class ChangingReader(FixedReader):
    """A reader of only what changed: hands back what it was given, counted one on."""

    befores: list[Unchanged | None] = field(default_factory=list)

    def read_changed(
        self, frame_bgr: ImageBGR, before: Unchanged | None
    ) -> tuple[DiceReading, Unchanged]:
        self.befores.append(before)
        return self.read(frame_bgr), Unchanged.nothing()


def test_a_reader_of_only_what_changed_reads_so_through_the_profile() -> None:
    inner = ChangingReader((die(10, 20),))
    wrapped = ProfiledReader(inner, make_profile())
    reading, after = wrapped.read_changed(table_scene(), None)
    again, _ = wrapped.read_changed(table_scene(), after)
    assert inner.befores == [None, after]
    assert inner.seen[0].shape == (320, 440, 3)
    assert [d.box_xyxy for d in reading] == [d.box_xyxy for d in again] == [(110, 100, 130, 120)]


def test_a_reader_that_reads_everything_still_reads_so_through_the_profile() -> None:
    inner = FixedReader((die(10, 20),))
    reading, after = ProfiledReader(inner, make_profile()).read_changed(table_scene(), None)
    assert [d.box_xyxy for d in reading] == [(110, 100, 130, 120)]
    assert not after.kept
