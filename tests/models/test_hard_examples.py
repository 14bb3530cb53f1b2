"""Hard-example draws: the crops a starting reader reads worst come up more often."""

import numpy as np
import pytest

from models.training.crop_cache import CropSet, draw_cdf
from models.training.samples import NO_COLOUR


def _probabilities(cdf: np.ndarray) -> np.ndarray:
    return np.diff(np.concatenate([[0.0], cdf]))


@pytest.mark.parametrize(
    ("losses", "share", "expected"),
    [
        ([0.0, 0.0, 0.0, 0.0], 0.5, [0.25, 0.25, 0.25, 0.25]),  # nothing hard: even
        ([1.0, 0.0, 0.0, 0.0], 0.5, [0.625, 0.125, 0.125, 0.125]),
        ([3.0, 1.0, 0.0, 0.0], 0.5, [0.5, 0.25, 0.125, 0.125]),
        ([3.0, 1.0, 0.0, 0.0], 0.0, [0.25, 0.25, 0.25, 0.25]),
        ([3.0, 1.0, 0.0, 0.0], 1.0, [0.75, 0.25, 0.0, 0.0]),
    ],
)
def test_draw_weights_mix_even_and_by_loss(
    losses: list[float], share: float, expected: list[float]
) -> None:
    cdf = draw_cdf(np.array(losses), hard_share=share)
    assert _probabilities(cdf) == pytest.approx(expected)
    assert cdf[-1] == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("losses", "groups", "expected"),
    [
        # The hard crop of group 0 takes its group's by-loss half; group 1 keeps its 3/6 share.
        (
            [1.0, 0.0, 0.0, 5.0, 5.0, 0.0],
            [0, 0, 0, 1, 1, 1],
            [1 / 3, 1 / 12, 1 / 12, 5 / 24, 5 / 24, 1 / 12],
        ),
        # Nothing hard in a group: its by-loss half is spread evenly over it.
        ([0.0, 0.0, 9.0, 1.0], [0, 0, 1, 1], [0.25, 0.25, 0.35, 0.15]),
        # A big loss in one group draws nothing away from another.
        ([100.0, 0.0, 1.0, 1.0], [5, 5, -2, -2], [0.375, 0.125, 0.25, 0.25]),
    ],
)
def test_each_group_keeps_its_share_of_the_draws(
    losses: list[float], groups: list[int], expected: list[float]
) -> None:
    probabilities = _probabilities(draw_cdf(np.array(losses), np.array(groups)))
    assert probabilities == pytest.approx(expected)
    for key in set(groups):
        members = np.array(groups) == key
        assert probabilities[members].sum() == pytest.approx(members.mean())


def _crop_set(cdf: np.ndarray | None, n: int = 4) -> CropSet:
    return CropSet(
        "t",
        1.0,
        np.zeros((n, 8, 8, 3), np.uint8),
        np.zeros((n, 9), np.float32),
        np.ones(n, np.int64),
        np.full(n, NO_COLOUR, np.int64),
        cdf,
    )


@pytest.mark.parametrize(
    ("cdf", "expected"),
    [
        (None, [0.25, 0.25, 0.25, 0.25]),
        (draw_cdf(np.array([3.0, 1.0, 0.0, 0.0])), [0.5, 0.25, 0.125, 0.125]),
        (draw_cdf(np.array([0.0, 0.0, 0.0, 1.0]), hard_share=1.0), [0.0, 0.0, 0.0, 1.0]),
    ],
)
def test_crops_are_drawn_by_their_weights(cdf: np.ndarray | None, expected: list[float]) -> None:
    crop_set = _crop_set(cdf)
    rng = np.random.default_rng(5)
    draws = np.array([crop_set.draw(rng) for _ in range(20000)])
    assert draws.min() >= 0 and draws.max() < len(crop_set)
    counts = np.bincount(draws, minlength=len(crop_set)) / len(draws)
    assert counts == pytest.approx(expected, abs=0.015)
