"""Every goal card of the modifier dice game, decided over hands of final values (rulings 3-8).

Each row: the card, every player's six final values (seat order), the seats that achieve it.
Rows cover a clear win, a tie, nobody, and negative values and zeros where the card cares.
"""

from __future__ import annotations

import pytest

from companion.games.modifier.cards import GOALS, Goal
from companion.games.modifier.goals import decide, longest_run, pairs, share

A = (1, 1, 1, 2, 3, 4)
B = (2, 2, 5, 5, 6, 6)
ZERO_NEG = (0, 0, -1, -3, 7, 12)

CASES: list[tuple[Goal, tuple[tuple[int, ...], ...], tuple[int, ...]]] = [
    # most 1s ... most 6s: the highest count; a highest count of 0 means nobody
    (Goal.MOST_1S, (A, B), (0,)),
    (Goal.MOST_1S, ((1, 1, 2, 3, 4, 5), (1, 1, 6, 6, 6, 6)), (0, 1)),
    (Goal.MOST_1S, (B, ZERO_NEG), ()),
    (Goal.MOST_2S, (A, B), (1,)),
    (Goal.MOST_2S, ((2, 0, 0, 0, 0, 0), (2, -2, 8, 8, 8, 8)), (0, 1)),
    (Goal.MOST_3S, (A, (3, 3, -3, 0, 0, 0)), (1,)),
    (Goal.MOST_3S, (B, ZERO_NEG), ()),
    (Goal.MOST_3S, ((3, 0, 0, 0, 0, 0), (3, -3, 1, 1, 1, 1), A), (0, 1, 2)),
    (Goal.MOST_4S, (A, (4, 4, 1, 1, 1, 1)), (1,)),
    (Goal.MOST_4S, (A, (4, 0, 0, 0, 0, 0)), (0, 1)),
    (Goal.MOST_5S, (A, B), (1,)),
    (Goal.MOST_5S, (A, ZERO_NEG), ()),
    (Goal.MOST_5S, ((5, 5, 0, 0, 0, 0), B), (0, 1)),
    (Goal.MOST_6S, (A, B, (6, 6, 6, 1, 1, 1)), (2,)),
    (Goal.MOST_6S, (B, (6, 6, -6, 1, 1, 1)), (0, 1)),
    # most zeroes: 0 counts, -0 is 0; nobody when no die is 0
    (Goal.MOST_0S, (A, ZERO_NEG), (1,)),
    (Goal.MOST_0S, ((0, 1, 1, 1, 1, 1), (0, -1, 2, 2, 2, 2)), (0, 1)),
    (Goal.MOST_0S, (A, B), ()),
    # odds and evens include negatives; 0 is even
    (Goal.MOST_ODDS, (A, B), (0,)),
    (Goal.MOST_ODDS, ((-1, -3, -5, 2, 2, 2), (1, 3, 5, 0, 0, 0)), (0, 1)),
    (Goal.MOST_ODDS, ((2, 4, 6, 0, -2, 8), (0, 0, 0, 0, 0, 0)), ()),
    (Goal.MOST_EVENS, (A, B), (1,)),
    (Goal.MOST_EVENS, ((0, 0, 0, 1, 1, 1), (-2, -4, 6, 3, 3, 3)), (0, 1)),
    (Goal.MOST_EVENS, ((1, 3, 5, -1, -3, 7), (1, 1, 1, 1, 1, 1)), ()),
    # divisible by 3: 0 and negatives count
    (Goal.MOST_DIV3, ((0, -3, 6, 1, 1, 1), (3, 3, 1, 1, 1, 1)), (0,)),
    (Goal.MOST_DIV3, ((0, 1, 1, 1, 1, 1), (-9, 2, 2, 2, 2, 2)), (0, 1)),
    (Goal.MOST_DIV3, ((1, 2, 4, 5, 7, -1), (1, 1, 1, 1, 1, 1)), ()),
    # fewest positive: the lowest count of dice above 0, even when that is 0
    (Goal.FEWEST_POSITIVE, (A, ZERO_NEG), (1,)),
    (Goal.FEWEST_POSITIVE, ((0, 0, 0, 0, 0, -1), (-1, -2, -3, -4, -5, -6)), (0, 1)),
    (Goal.FEWEST_POSITIVE, (A, B), (0, 1)),
    # "fewest 123456" is printed, "most dice not 1 to 6" is meant
    (Goal.MOST_NON_123456, (A, ZERO_NEG), (1,)),
    (Goal.MOST_NON_123456, ((7, 1, 1, 1, 1, 1), (0, 2, 2, 2, 2, 2)), (0, 1)),
    (Goal.MOST_NON_123456, (A, B), ()),
    # totals
    (Goal.HIGHEST_TOTAL, (A, B), (1,)),
    (
        Goal.HIGHEST_TOTAL,
        ((-1, -1, -1, 0, 0, 0), (-3, 0, 0, 0, 0, 0), (-4, 0, 0, 0, 0, 1)),
        (0, 1, 2),
    ),
    (Goal.HIGHEST_TOTAL, ((-5, 0, 0, 0, 0, 0), (-6, 0, 0, 0, 0, 0)), (0,)),
    (Goal.LOWEST_TOTAL, (A, B), (0,)),
    (Goal.LOWEST_TOTAL, (A, (12, 0, 0, 0, 0, 0), ZERO_NEG), (0, 1)),
    (Goal.LOWEST_TOTAL, (A, (-12, 0, 0, 0, 0, 0)), (1,)),
    # second highest / lowest: the second distinct sum; nobody when every sum is the same
    (Goal.SECOND_HIGHEST_TOTAL, (A, B, ZERO_NEG), (2,)),
    (Goal.SECOND_HIGHEST_TOTAL, (B, A, A), (1, 2)),
    (Goal.SECOND_HIGHEST_TOTAL, (A, (12, 0, 0, 0, 0, 0)), ()),
    (Goal.SECOND_HIGHEST_TOTAL, (A, (-1, 0, 0, 0, 0, 0)), (1,)),
    (Goal.SECOND_LOWEST_TOTAL, (A, B, ZERO_NEG), (2,)),
    (Goal.SECOND_LOWEST_TOTAL, (A, B, B), (1, 2)),
    (Goal.SECOND_LOWEST_TOTAL, (A, A, A), ()),
    (Goal.SECOND_LOWEST_TOTAL, ((-9, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0)), (1,)),
    # biggest and smallest number: each player's own highest / lowest die
    (Goal.BIGGEST_NUMBER, (A, B, ZERO_NEG), (2,)),
    (Goal.BIGGEST_NUMBER, (B, (6, 0, 0, 0, 0, 0)), (0, 1)),
    (Goal.BIGGEST_NUMBER, ((-1, -2, -3, -4, -5, -6), (-2, -2, -2, -2, -2, -2)), (0,)),
    (Goal.SMALLEST_NUMBER, (A, B, ZERO_NEG), (2,)),
    (Goal.SMALLEST_NUMBER, (A, (1, 6, 6, 6, 6, 6)), (0, 1)),
    (Goal.SMALLEST_NUMBER, ((0, 1, 1, 1, 1, 1), A), (0,)),
    # range: a player's highest minus lowest value
    (Goal.GREATEST_RANGE, (A, B, ZERO_NEG), (2,)),
    (Goal.GREATEST_RANGE, ((0, 5, 5, 5, 5, 5), (-2, 3, 3, 3, 3, 3)), (0, 1)),
    (Goal.GREATEST_RANGE, ((4, 4, 4, 4, 4, 4), (0, 0, 0, 0, 0, 0)), (0, 1)),
    (Goal.SMALLEST_RANGE, (A, B, ZERO_NEG), (0,)),
    (Goal.SMALLEST_RANGE, ((-3, -3, -3, -3, -3, -3), A), (0,)),
    (Goal.SMALLEST_RANGE, ((0, 0, 0, 0, 0, 1), (7, 7, 7, 7, 7, 8), B), (0, 1)),
    # longest run: distinct consecutive values; repeats add nothing; negatives run through 0
    (Goal.LONGEST_RUN, (A, B), (0,)),
    (Goal.LONGEST_RUN, ((-1, 0, 1, 1, 1, 9), (2, 3, 4, 4, 4, 4)), (0, 1)),
    (Goal.LONGEST_RUN, ((1, 3, 5, 7, 9, 11), (0, 2, 4, -2, 6, 8)), (0, 1)),
    (Goal.LONGEST_RUN, ((-3, -2, -1, 0, 1, 2), A), (0,)),
    # largest set: the most dice sharing one value
    (Goal.LARGEST_SET, (A, B), (0,)),
    (Goal.LARGEST_SET, ((0, 0, 0, 1, 2, 3), (-1, -1, -1, 5, 5, 5)), (0, 1)),
    (Goal.LARGEST_SET, ((1, 2, 3, 4, 5, 6), (0, -1, -2, -3, -4, -5)), (0, 1)),
    # most pairs: disjoint pairs (four 3s are two pairs); nobody when no player has a pair
    (Goal.MOST_PAIRS, (A, B), (1,)),
    (Goal.MOST_PAIRS, ((3, 3, 3, 3, 1, 2), (0, 0, -1, -1, 5, 6)), (0, 1)),
    (Goal.MOST_PAIRS, ((1, 1, 1, 2, 3, 4), (0, 0, 5, 6, 7, 8)), (0, 1)),
    (Goal.MOST_PAIRS, ((1, 2, 3, 4, 5, 6), (0, -1, -2, -3, -4, -5)), ()),
    # greatest variety: distinct values
    (Goal.GREATEST_VARIETY, (A, B, ZERO_NEG), (2,)),
    (Goal.GREATEST_VARIETY, ((1, 2, 3, 4, 5, 6), (0, -1, -2, -3, -4, -5)), (0, 1)),
    (Goal.GREATEST_VARIETY, ((1, 1, 1, 1, 1, 1), (0, 0, 0, 0, 0, 0)), (0, 1)),
]


@pytest.mark.parametrize(
    ("card", "hands", "winners"),
    CASES,
    ids=[f"{card}-{k}" for k, (card, _, _) in enumerate(CASES)],
)
def test_goal_card_goes_to_the_best_measure(
    card: Goal, hands: tuple[tuple[int, ...], ...], winners: tuple[int, ...]
) -> None:
    assert decide(card, hands).winners == winners


def test_the_table_covers_every_card_with_a_tie_and_with_negatives_or_zeros() -> None:
    assert {card for card, _, _ in CASES} == set(GOALS)
    assert len(GOALS) == 24
    for card in GOALS:
        rows = [(hands, won) for c, hands, won in CASES if c is card]
        assert any(len(won) > 1 for _, won in rows), f"{card} has no tied case"
        assert any(v <= 0 for hands, _ in rows for h in hands for v in h), card


@pytest.mark.parametrize(
    ("values", "run"),
    [
        ((2, 3, 4, 5, 5, 1), 5),
        ((2, 3, 4, 5, 9, 9), 4),
        ((-1, 0, 1, 5, 5, 5), 3),
        ((6, 6, 6, 6, 6, 6), 1),
        ((1, 3, 5, 7, 9, 11), 1),
        ((12, 10, 11, -4, -5, -3), 3),
    ],
)
def test_longest_run_counts_distinct_consecutive_values(values: tuple[int, ...], run: int) -> None:
    assert longest_run(values) == run


@pytest.mark.parametrize(
    ("values", "count"),
    [
        ((3, 3, 3, 3, 1, 2), 2),
        ((3, 3, 3, 1, 2, 4), 1),
        ((5, 5, 5, 5, 5, 5), 3),
        ((0, 1, 2, 3, 4, 5), 0),
    ],
)
def test_pairs_are_disjoint(values: tuple[int, ...], count: int) -> None:
    assert pairs(values) == count


@pytest.mark.parametrize(
    ("winners", "each", "lost"),
    [(0, 0, 6), (1, 6, 0), (2, 3, 0), (3, 2, 0), (4, 1, 2), (5, 1, 1), (6, 1, 0)],
)
def test_six_tokens_split_evenly_and_the_rest_leaves(winners: int, each: int, lost: int) -> None:
    assert share(winners, 6) == (each, lost)


def test_the_scores_say_why() -> None:
    decision = decide(Goal.SECOND_HIGHEST_TOTAL, (A, A))
    assert decision.scores == (12, 12) and decision.best is None and decision.winners == ()
    decision = decide(Goal.MOST_1S, (A, B))
    assert (decision.scores, decision.best) == ((3, 0), 3)
