"""Colour totals (ruling 2) and the attempt of Example 2."""

from __future__ import annotations

import pytest

from companion.games.ryb import GOAL_COLOURS, expected_dice, totals
from companion.games.ryb.dice import RolledDie
from tests.companion.ryb.helpers import dice, game, play
from vision.types import Colour

R, Y, B = Colour.RED, Colour.YELLOW, Colour.BLUE


def test_example_1_totals() -> None:
    roll = [(R, 4), (R, 4), (Y, 2), (Y, 5), (B, 3), (B, 4), (B, 4)]
    got = totals(roll)
    assert got == {
        Colour.RED: 8,
        Colour.ORANGE: 7,
        Colour.YELLOW: 7,
        Colour.GREEN: 7,
        Colour.BLUE: 11,
        Colour.PURPLE: 8,
        Colour.BLACK: 7,
    }
    assert list(got) == list(GOAL_COLOURS)


@pytest.mark.parametrize(
    ("roll", "colour", "points"),
    [
        ([], Colour.BLACK, 0),
        ([(R, 6)], Colour.ORANGE, 0),  # a needed colour with no dice counts 0
        ([(R, 6), (Y, 1)], Colour.ORANGE, 1),
        ([(B, 6), (B, 6), (R, 2)], Colour.PURPLE, 2),
        ([(Y, 3), (Y, 3)], Colour.YELLOW, 6),
        ([(R, 1), (Y, 6), (B, 6)], Colour.BLACK, 1),
        ([RolledDie(B, 5), RolledDie(B, 5)], Colour.BLUE, 10),
    ],
)
def test_totals_table(roll: list[tuple[Colour, int]], colour: Colour, points: int) -> None:
    assert totals(roll)[colour] == points


@pytest.mark.parametrize(
    ("roll", "named"),
    [
        ([(Colour.GREEN, 3)], "green"),
        ([(R, 0)], "0"),
        ([(R, 7)], "7"),
        ([(Colour.WHITE, 2)], "white"),
    ],
)
def test_totals_refuses_what_is_not_an_ryb_die(roll: list[tuple[Colour, int]], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        totals(roll)


def test_example_2_purple_9_completed_with_three_red_three_blue() -> None:
    # Al reaches the example's pool of 3 red, 3 blue and 1 yellow with a Swap and a Gimme!.
    state = game(
        """
        Al: swap Bruce y1 take r
        Al: pass
        Bruce: goal purple 9
        Bruce: pass
        Cat: goal red 6
        Cat: pass
        Al: gimme Bruce blue
        """
    )
    assert dice(state, "Al") == (3, 1, 3)
    assert expected_dice(state, "Al", "purple") == {R: 3, B: 3}
    state = play(state, "Al: attempt purple r1 r4 r5 b3 b5 b6")
    last = state.last_attempt
    assert last is not None and last.completed
    assert last.roll.points == 10 and totals(last.roll.dice)[Colour.RED] == 10
    assert totals(last.roll.dice)[Colour.BLUE] == 14
    assert [(g.colour, g.target) for g in state.player("Al").treasure] == [(Colour.PURPLE, 9)]
    assert [g.colour for g in state.goals] == [Colour.RED]
