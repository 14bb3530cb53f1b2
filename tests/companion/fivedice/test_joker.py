"""The extra five-of-a-kind bonus and the forced joker rule, every case (docs/rules-fivedice.md
rulings 5 to 8)."""

from __future__ import annotations

import pytest

from companion.errors import InvalidEventError
from companion.games.fivedice.choices import choices
from companion.games.fivedice.events import Score
from companion.games.fivedice.rules import apply
from companion.games.fivedice.scoring import LOWER, UPPER, Box
from tests.companion.fivedice.support import all_but, at

B = Box
FIVE_FOURS = (4, 4, 4, 4, 4)


def allowed(state_boxes: dict[Box, int], dice: tuple[int, ...] = FIVE_FOURS) -> dict[Box, int]:
    state = at(dice, state_boxes)
    return {c.box: c.points for c in choices(state.sheets[0], dice) if c.allowed}


def scored(boxes: dict[Box, int], box: Box, dice: tuple[int, ...] = FIVE_FOURS) -> tuple[int, int]:
    """(the box's points, the sheet's extra bonuses) after scoring `dice` in `box`."""
    sheet = apply(at(dice, boxes), Score("Ann", box)).sheets[0]
    return sheet.boxes[box], sheet.extra_points


def test_five_alike_with_the_box_open_is_no_joker() -> None:
    options = allowed({})
    assert options[B.FIVE_KIND] == 50 and options[B.FOURS] == 20
    assert options[B.FULL_HOUSE] == 0 and options[B.LARGE_STRAIGHT] == 0  # not a joker yet
    assert len(options) == 13
    assert scored({}, B.FIVE_KIND) == (50, 0)


@pytest.mark.parametrize(("held", "bonus"), [(50, 100), (0, 0)])
def test_the_own_upper_box_is_forced_while_open(held: int, bonus: int) -> None:
    boxes = {B.FIVE_KIND: held}
    assert allowed(boxes) == {B.FOURS: 20}
    assert scored(boxes, B.FOURS) == (20, bonus)
    with pytest.raises(InvalidEventError) as refused:
        apply(at(FIVE_FOURS, boxes), Score("Ann", B.FULL_HOUSE))
    assert str(refused.value) == (
        "Ann cannot score 4 4 4 4 4 in Full house: the joker rule: five 4s must go in Fours "
        "while it is open"
    )


@pytest.mark.parametrize(("held", "bonus"), [(50, 100), (0, 0)])
@pytest.mark.parametrize(
    ("box", "points"),
    [
        (B.THREE_KIND, 20),
        (B.FOUR_KIND, 20),
        (B.FULL_HOUSE, 25),
        (B.SMALL_STRAIGHT, 30),
        (B.LARGE_STRAIGHT, 40),
        (B.CHANCE, 20),
    ],
)
def test_with_the_upper_box_filled_any_open_lower_box(
    held: int, bonus: int, box: Box, points: int
) -> None:
    boxes = {B.FIVE_KIND: held, B.FOURS: 12}
    assert allowed(boxes) == {
        B.THREE_KIND: 20,
        B.FOUR_KIND: 20,
        B.FULL_HOUSE: 25,
        B.SMALL_STRAIGHT: 30,
        B.LARGE_STRAIGHT: 40,
        B.CHANCE: 20,
    }
    assert scored(boxes, box) == (points, bonus)


def test_an_upper_box_is_refused_while_a_lower_one_is_open() -> None:
    boxes = {B.FIVE_KIND: 50, B.FOURS: 12}
    with pytest.raises(InvalidEventError, match="Twos: the joker rule: Fours is filled, so five"):
        apply(at(FIVE_FOURS, boxes), Score("Ann", B.TWOS))


@pytest.mark.parametrize(("held", "bonus"), [(50, 100), (0, 0)])
def test_with_every_lower_box_filled_an_upper_box_for_zero(held: int, bonus: int) -> None:
    boxes = {**dict.fromkeys(LOWER, 5), B.FIVE_KIND: held, B.FOURS: 8}
    assert allowed(boxes) == {b: 0 for b in UPPER if b is not B.FOURS}
    assert scored(boxes, B.SIXES) == (0, bonus)


def test_a_lone_open_box_takes_anything() -> None:
    boxes = all_but(B.CHANCE)
    boxes[B.FIVE_KIND] = 50
    assert allowed(boxes) == {B.CHANCE: 20}
    assert scored(boxes, B.CHANCE) == (20, 100)


def test_bonuses_add_up_and_need_fifty_in_the_box() -> None:
    boxes = {B.FIVE_KIND: 50}
    sheet = apply(at((2,) * 5, boxes, extra=2), Score("Ann", B.TWOS)).sheets[0]
    assert sheet.extra == 3 and sheet.extra_points == 300
    assert sheet.total == 50 + 10 + 300
    scratched = apply(at((1, 2, 3, 4, 6), {}), Score("Ann", B.FIVE_KIND)).sheets[0]
    assert scratched.boxes[B.FIVE_KIND] == 0


def test_four_alike_is_never_a_joker() -> None:
    boxes = {B.FIVE_KIND: 50, B.FOURS: 12}
    options = allowed(boxes, (4, 4, 4, 4, 2))
    assert options[B.FULL_HOUSE] == 0 and options[B.TWOS] == 2 and len(options) == 11
    assert scored(boxes, B.FOUR_KIND, (4, 4, 4, 4, 2)) == (18, 0)
