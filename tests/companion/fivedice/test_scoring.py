"""What five dice score in each box and the words that show how (docs/rules-fivedice.md)."""

from __future__ import annotations

import pytest

from companion.games.fivedice.scoring import Box, box_score, explain, fits

B = Box


@pytest.mark.parametrize(
    ("dice", "box", "points", "words"),
    [
        ((4, 4, 4, 2, 6), B.FOURS, 12, "three 4s: 4 + 4 + 4 = 12"),
        ((4, 1, 3, 2, 6), B.FOURS, 4, "one 4: 4"),
        ((1, 1, 3, 2, 6), B.FOURS, 0, "no 4s: 0"),
        ((1, 1, 1, 1, 1), B.ONES, 5, "five 1s: 1 + 1 + 1 + 1 + 1 = 5"),
        ((6, 6, 2, 3, 1), B.SIXES, 12, "two 6s: 6 + 6 = 12"),
        (
            (5, 5, 5, 2, 6),
            B.THREE_KIND,
            23,
            "three 5s, so all five dice count: 5 + 5 + 5 + 2 + 6 = 23",
        ),
        (
            (5, 5, 5, 5, 6),
            B.THREE_KIND,
            26,
            "four 5s, so all five dice count: 5 + 5 + 5 + 5 + 6 = 26",
        ),
        ((5, 5, 1, 2, 6), B.THREE_KIND, 0, "no three alike: 0"),
        (
            (2, 2, 2, 2, 6),
            B.FOUR_KIND,
            14,
            "four 2s, so all five dice count: 2 + 2 + 2 + 2 + 6 = 14",
        ),
        (
            (2, 2, 2, 2, 2),
            B.FOUR_KIND,
            10,
            "five 2s, so all five dice count: 2 + 2 + 2 + 2 + 2 = 10",
        ),
        ((2, 2, 2, 6, 6), B.FOUR_KIND, 0, "no four alike: 0"),
        ((3, 3, 3, 5, 5), B.FULL_HOUSE, 25, "three 3s and two 5s: a full house scores 25"),
        ((5, 5, 3, 3, 3), B.FULL_HOUSE, 25, "three 3s and two 5s: a full house scores 25"),
        ((3, 3, 3, 3, 5), B.FULL_HOUSE, 0, "no full house: 0"),
        ((3, 3, 3, 3, 3), B.FULL_HOUSE, 0, "no full house: 0"),
        ((1, 2, 3, 4, 6), B.SMALL_STRAIGHT, 30, "1 2 3 4 in a row: a small straight scores 30"),
        ((3, 4, 5, 6, 3), B.SMALL_STRAIGHT, 30, "3 4 5 6 in a row: a small straight scores 30"),
        ((2, 3, 4, 5, 6), B.SMALL_STRAIGHT, 30, "2 3 4 5 6 in a row: a small straight scores 30"),
        ((1, 2, 3, 5, 6), B.SMALL_STRAIGHT, 0, "no small straight: 0"),
        ((1, 2, 3, 4, 5), B.LARGE_STRAIGHT, 40, "1 2 3 4 5 in a row: a large straight scores 40"),
        ((6, 5, 4, 3, 2), B.LARGE_STRAIGHT, 40, "2 3 4 5 6 in a row: a large straight scores 40"),
        ((1, 2, 3, 4, 6), B.LARGE_STRAIGHT, 0, "no large straight: 0"),
        ((6, 6, 6, 6, 6), B.FIVE_KIND, 50, "five 6s: 50"),
        ((6, 6, 6, 6, 5), B.FIVE_KIND, 0, "no five alike: 0"),
        ((1, 3, 4, 6, 6), B.CHANCE, 20, "all five dice: 1 + 3 + 4 + 6 + 6 = 20"),
    ],
)
def test_each_box_scores_and_says_how(
    dice: tuple[int, ...], box: Box, points: int, words: str
) -> None:
    assert box_score(box, dice) == points
    assert explain(box, dice) == words


@pytest.mark.parametrize(
    ("box", "points", "words"),
    [
        (B.FULL_HOUSE, 25, "five 4s play as a joker: a full house scores 25"),
        (B.SMALL_STRAIGHT, 30, "five 4s play as a joker: a small straight scores 30"),
        (B.LARGE_STRAIGHT, 40, "five 4s play as a joker: a large straight scores 40"),
        (B.THREE_KIND, 20, "five 4s, so all five dice count: 4 + 4 + 4 + 4 + 4 = 20"),
        (B.CHANCE, 20, "all five dice: 4 + 4 + 4 + 4 + 4 = 20"),
        (B.TWOS, 0, "no 2s: 0"),
    ],
)
def test_five_alike_as_a_joker(box: Box, points: int, words: str) -> None:
    dice = (4, 4, 4, 4, 4)
    assert box_score(box, dice, joker=True) == points
    assert explain(box, dice, joker=True) == words


def test_every_box_has_a_label_and_only_upper_boxes_a_face() -> None:
    assert [b.face for b in Box][:6] == [1, 2, 3, 4, 5, 6]
    assert all(b.face is None for b in list(Box)[6:]) and len(Box) == 13
    assert all(b.label for b in Box)
    assert fits(B.CHANCE, (1, 1, 2, 2, 3)) and not fits(B.FULL_HOUSE, (1, 1, 2, 2, 3))
