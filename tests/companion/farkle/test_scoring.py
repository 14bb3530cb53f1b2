"""Farkle's scoring: every combination under each named rule set, the best split of dice set
aside, and what a throw offers to set aside."""

from __future__ import annotations

import pytest

from companion.games.farkle.scoring import Scoring, choices, is_farkle, score, table

F, C, B = Scoring.FIXED, Scoring.CLASSIC, Scoring.BOXED


@pytest.mark.parametrize(
    ("dice", "scoring", "points", "combos"),
    [
        ((1,), F, 100, ["a 1"]),
        ((5,), F, 50, ["a 5"]),
        ((1, 5), F, 150, ["a 1", "a 5"]),
        ((1, 1, 1), F, 1000, ["three 1s"]),
        ((2, 2, 2), F, 200, ["three 2s"]),
        ((6, 6, 6), C, 600, ["three 6s"]),
        ((3, 3, 3, 3), F, 1000, ["four 3s"]),
        ((3, 3, 3, 3), C, 600, ["four 3s"]),
        ((3, 3, 3, 3, 3), F, 2000, ["five 3s"]),
        ((3, 3, 3, 3, 3), C, 1200, ["five 3s"]),
        ((3, 3, 3, 3, 3, 3), F, 3000, ["six 3s"]),
        ((3, 3, 3, 3, 3, 3), C, 2400, ["six 3s"]),
        ((1, 1, 1, 1), F, 1100, ["three 1s", "a 1"]),  # better than four of a kind's 1000
        ((1, 1, 1, 1), C, 2000, ["four 1s"]),
        ((1, 1, 1, 1, 1, 1), C, 8000, ["six 1s"]),
        ((5, 5, 5, 5), F, 1000, ["four 5s"]),
        ((5, 5, 5, 5), C, 1000, ["four 5s"]),
        ((2, 2, 3, 3, 6, 6), F, 1500, ["three pairs"]),
        ((2, 2, 3, 3, 6, 6), C, 750, ["three pairs"]),
        ((1, 1, 5, 5, 6, 6), C, 750, ["three pairs"]),  # more than the 1s and 5s alone (300)
        ((1, 2, 3, 4, 5, 6), F, 1500, ["a straight 1 to 6"]),
        ((1, 2, 3, 4, 5, 6), C, 1500, ["a straight 1 to 6"]),
        ((2, 2, 2, 3, 3, 3), F, 500, ["three 3s", "three 2s"]),
        ((2, 2, 2, 3, 3, 3), B, 2500, ["two triplets"]),
        ((4, 4, 4, 4, 2, 2), B, 1500, ["four of a kind with a pair"]),
        ((4, 4, 4, 4, 5, 5), F, 1100, ["four 4s", "a 5", "a 5"]),
        ((1, 1, 1, 5, 5, 5), F, 1500, ["three 1s", "three 5s"]),
        ((1, 1, 1, 5, 5, 5), B, 2500, ["two triplets"]),
        ((5, 5, 5, 1), F, 600, ["three 5s", "a 1"]),
    ],
)
def test_dice_set_aside_score_their_best_split(
    dice: tuple[int, ...], scoring: Scoring, points: int, combos: list[str]
) -> None:
    scored = score(dice, scoring)
    assert scored is not None
    assert scored.points == points
    assert [c.name for c in scored.combos] == combos
    assert sorted(d for c in scored.combos for d in c.dice) == sorted(dice)


@pytest.mark.parametrize(
    "dice", [(2,), (1, 2), (3, 3), (2, 2, 3, 3), (5, 5, 6), (4, 4, 4, 2), (2, 3, 4, 5, 6)]
)
@pytest.mark.parametrize("scoring", list(Scoring))
def test_a_die_that_scores_in_no_combination_is_refused(
    dice: tuple[int, ...], scoring: Scoring
) -> None:
    assert score(dice, scoring) is None


@pytest.mark.parametrize(
    ("throw", "farkle"),
    [
        ((2, 3, 4, 6, 6, 2), True),
        ((2, 3), True),
        ((6,), True),
        ((2, 2, 3, 3, 4, 6), True),
        ((2, 2, 3, 3, 4, 4), False),  # three pairs
        ((5, 2, 3, 4, 6, 6), False),
        ((4, 4, 4), False),
    ],
)
def test_a_throw_with_nothing_to_score_is_a_farkle(throw: tuple[int, ...], farkle: bool) -> None:
    assert is_farkle(throw, Scoring.FIXED) is farkle


def test_choices_list_every_scoring_set_best_first() -> None:
    offered = choices((1, 1, 5, 2, 3, 4), Scoring.FIXED)
    assert [(c.dice, c.points) for c in offered] == [
        ((1, 1, 5), 250),
        ((1, 1), 200),
        ((1, 5), 150),
        ((1,), 100),
        ((5,), 50),
    ]


def test_choices_hold_the_whole_throw_combinations() -> None:
    offered = choices((1, 2, 3, 4, 5, 6), Scoring.FIXED)
    assert offered[0].points == 1500 and offered[0].dice == (1, 2, 3, 4, 5, 6)
    assert {c.dice for c in offered} == {(1, 2, 3, 4, 5, 6), (1, 5), (1,), (5,)}


@pytest.mark.parametrize("scoring", list(Scoring))
def test_every_set_prices_the_singles_and_three_1s_alike(scoring: Scoring) -> None:
    prices = dict(table(scoring))
    assert (prices["a 1"], prices["a 5"], prices["three 1s"]) == (100, 50, 1000)
    assert prices["a straight 1 to 6"] == 1500
