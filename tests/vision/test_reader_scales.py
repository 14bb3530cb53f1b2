"""Where the table's dice are known to be small, the finder runs once, at the scale that shows them
as it reads them best (`vision.reader.scales_for`); the size rule uses the table's size."""

from __future__ import annotations

from dataclasses import replace

import pytest

from vision.reader import ReaderConfig, _drop_tiny, scales_for
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


def test_the_size_rule_takes_the_tables_size_even_for_a_lone_speck() -> None:
    lone = [_die(30), _die(8, 100)]
    assert _drop_tiny(lone, 0.4, 3) == lone  # too few to judge by the frame alone
    assert _drop_tiny(lone, 0.4, 3, table_px=30.0) == [lone[0]]


def test_far_dice_smaller_than_the_tables_size_are_still_dice() -> None:
    far = [_die(14, 0), _die(15, 50), _die(13, 100)]  # a steep slant: every die small
    assert _drop_tiny(far, 0.4, 3, table_px=40.0) == far
