"""Where the table's dice are known to be small, the finder runs once, at the scale that shows them
as it reads them best (`vision.finding.scales_for`); the size rule uses the table's size."""

from __future__ import annotations

from dataclasses import replace

import pytest

from vision.dice_checks import drop_tiny
from vision.finding import scales_for
from vision.reader import ReaderConfig
from vision.types import Colour, Die

CONFIG = ReaderConfig()


@pytest.mark.parametrize(
    ("frame_hw", "die_px", "sides"),
    [
        ((720, 1280), None, (640, 320)),  # size unknown: every scale, as before
        ((720, 1280), 80.0, (640, 320)),  # 40 px at 640: every scale, as before
        ((720, 1280), 160.0, (640, 320)),  # 80 px at 640: every scale, as before
        ((720, 1280), 20.0, (2560,)),  # 10 px at 640: up-scaled to show them 40 px (capped)
        ((720, 1280), 40.0, (1280,)),  # 20 px at 640: shown 40 px across
        ((480, 640), 20.0, (1280,)),
    ],
)
def test_one_scale_where_the_tables_die_size_is_known(
    frame_hw: tuple[int, int], die_px: float | None, sides: tuple[int, ...]
) -> None:
    assert scales_for(CONFIG, frame_hw, die_px) == sides


def test_a_colour_face_table_keeps_every_scale() -> None:
    assert scales_for(replace(CONFIG, colour_faces=True), (720, 1280), 80.0) == (640, 320)


def _die(side: int, x: int = 0) -> Die:
    return Die(Colour.RED, 3, 0.9, (x, 0, x + side, side))


@pytest.mark.parametrize(
    ("table_px", "small_px", "kept"),
    [
        (None, None, [0, 1]),  # too few to judge by the frame alone
        (30.0, 30.0, [0]),  # a lone speck, judged by the table's small dice
        (60.0, 20.0, [0, 1]),  # a fisheye table's far die: a third of its usual size
        (60.0, None, [0, 1]),  # the usual size alone never judges a frame of few dice
    ],
)
def test_the_size_rule_judges_a_lone_speck_by_the_tables_small_dice(
    table_px: float | None, small_px: float | None, kept: list[int]
) -> None:
    lone = [_die(30), _die(8, 100)]
    assert drop_tiny(lone, 0.4, 3, table_px, small_px) == [lone[k] for k in kept]


def test_far_dice_smaller_than_the_tables_size_are_still_dice() -> None:
    far = [_die(14, 0), _die(15, 50), _die(13, 100)]  # a steep slant: every die small
    assert drop_tiny(far, 0.4, 3, table_px=40.0) == far


def test_the_tables_small_dice_are_its_tenth_smallest() -> None:
    from vision.memory import Confirmed, TableMemory

    sides = [20.0] * 3 + [60.0] * 6 + [200.0]  # a fisheye table: far, usual and near dice
    dice = [Confirmed((1.0, 0.0), Colour.RED, 3, None, side) for side in sides]
    dice.append(Confirmed((0.0, 1.0), None, None, None, 5.0))  # a removed speck counts not
    memory = TableMemory.of(dice)
    assert memory.die_size_px == 60.0
    assert memory.small_die_px == 20.0
