"""Pairing with a reach weighs only the pairs the close-function could take: the same pairs as
weighing every one, on random tables of 36 dice (nudged, moved, swapped in size)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.settle import SettleConfig, SettleDetector
from vision.settle.run import SAME_DIE_REACH, _same_die, pair
from vision.types import Colour, Die


def table(rng: np.random.Generator, n: int = 36) -> list[Die]:
    xy = rng.integers(0, 1200, (n, 2))
    side = rng.integers(10, 90, n)
    return [
        Die(Colour.RED, int(rng.integers(1, 7)), 0.9, (x, y, x + s, y + s))
        for (x, y), s in zip(xy.tolist(), side.tolist(), strict=True)
    ]


def nudged(rng: np.random.Generator, dice: list[Die]) -> list[Die]:
    out = []
    for d in dice:
        dx, dy, grow = rng.integers(-30, 31, 3).tolist()
        x1, y1, x2, y2 = d.box_xyxy
        out.append(Die(d.colour, d.pips, 0.9, (x1 + dx, y1 + dy, x2 + dx + grow // 3, y2 + dy)))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_pairs_within_reach_are_every_pair(seed: int) -> None:
    rng = np.random.default_rng(seed)
    before = table(rng)
    after = nudged(rng, before)[::-1] + table(rng, 5)
    detector = SettleDetector(SettleConfig(still_tolerance=0.3, still_min_px=6.0))
    still = (0.3, 6.0)
    for close, reach in ((_same_die, SAME_DIE_REACH), (detector._still_close, still)):
        every = pair(before, after, close)
        assert pair(before, after, close, reach) == every
        assert every  # the tables have dice close enough to pair
