"""A die a player points at where the camera found nothing (`ModelReader.read_at`): the finder
looks again around the spot, and the die is read with its box and look."""

from __future__ import annotations

import numpy as np
import pytest

from companion.tables.learn import GameNight
from tests.tables.support import fresh_reader, small_board_photos
from vision.datasets import LabelledBox
from vision.finder import Candidate
from vision.passed_over import point_sides, pointed, same_die
from vision.types import Colour, Die, box_side, iou


def _die(side: int) -> Die:
    return Die(Colour.RED, 3, 0.9, (0, 0, side, side))


@pytest.mark.parametrize(
    ("dice", "table_px", "sides"),
    [
        ([], 30.0, (30.0,)),  # the table's size first
        ([_die(40), _die(60)], 30.0, (30.0,)),
        ([_die(40), _die(60)], None, (50.0,)),  # else the dice read
        ([], None, (80.0, 40.0, 20.0)),  # else a die of a sixteenth, 32nd, 64th of the frame
    ],
)
def test_the_sides_a_pointed_die_may_have(
    dice: list[Die], table_px: float | None, sides: tuple[float, ...]
) -> None:
    assert point_sides(dice, table_px, (720, 1280)) == sides


def test_the_best_candidate_over_the_spot_of_its_sides_size_is_the_die() -> None:
    small = Candidate((90.0, 90.0, 112.0, 112.0), 0.1)
    big = Candidate((60.0, 60.0, 140.0, 140.0), 0.6)  # a token around the die: too big
    elsewhere = Candidate((300.0, 300.0, 322.0, 322.0), 0.9)
    assert pointed([(20.0, [big, small, elsewhere])], (100.0, 100.0)) == small
    # Where the die may be 80 or 20 px across, the likelier of the two that fit.
    assert pointed([(80.0, [big]), (20.0, [small])], (100.0, 100.0)) == big
    square = pointed([(20.0, [elsewhere])], (100.0, 100.0))  # nothing there: the side's square
    assert square == Candidate((90.0, 90.0, 110.0, 110.0), 0.0)


def test_a_die_pointed_at_is_the_first_it_overlaps_by_more_than_half() -> None:
    die = Die(Colour.RED, 3, 0.9, (0, 0, 20, 20))
    apart, half, most = _die(10), Die(Colour.RED, 3, 0.9, (10, 0, 30, 20)), _die(21)
    assert same_die(die, [apart, most, _die(20)]) == 1
    assert same_die(die, [apart, half]) is None  # IoU 1/3
    assert same_die(die, []) is None


def test_a_cold_table_points_at_each_small_die_on_a_board() -> None:
    """The reader, knowing nothing of the table, reads none of the board's small dice; pointed
    at, each is boxed and read with its value, its signature and pip features."""
    reader = fresh_reader()
    boxed = right = 0
    for photo in small_board_photos():
        read = reader.read(photo.image_bgr).dice
        assert read == ()
        for die in photo.visible_dice:
            x1, y1, x2, y2 = die.box_xyxy
            found = reader.read_at(photo.image_bgr, ((x1 + x2) / 2, (y1 + y2) / 2), read)
            assert found is not None and found.unsure and found.signature and found.face_features
            boxed += iou(found.box_xyxy, die.box_xyxy) > 0.5
            right += found.pips == die.pips
    count = sum(len(p.visible_dice) for p in small_board_photos())
    # Read here: 14 boxes of 15 on their die (the other at 0.47), 15 values right.
    assert count == 15 and boxed >= 13 and right >= 14


def test_a_spot_off_the_picture_is_refused() -> None:
    frame = small_board_photos()[0].image_bgr
    with pytest.raises(ValueError, match=r"the point \(1300, 10\) is outside the 1280x720"):
        fresh_reader().read_at(frame, (1300.0, 10.0), ())


def test_a_game_night_points_at_the_dice_it_missed() -> None:
    """`eval --learn`: a photo's labelled dice that no read die matched are pointed at, and
    each pointed die on its label teaches the table with the label's value."""
    photo = small_board_photos()[0]
    reader = fresh_reader()
    labels = [LabelledBox(d.box_xyxy, d.pips, d.colour) for d in photo.visible_dice]
    night = GameNight(1)
    points: list[tuple[float, float]] = []

    def point(at: tuple[float, float]) -> Die | None:
        points.append(at)
        return reader.read_at(photo.image_bgr, at, ())

    night.confirm(labels, (), "iou", (), point)
    assert len(points) == len(labels) == night.pointed_taught == len(night.confirmed)
    assert [c.pips for c in night.confirmed] == [label.pips for label in labels]
    sides = [box_side(label.box_xyxy) for label in labels]
    assert night.memory().die_size_px == pytest.approx(float(np.median(sides)))
