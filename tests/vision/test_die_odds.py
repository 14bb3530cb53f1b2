"""The pip head's probabilities read as a die (`vision.die_odds`)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.die_odds import a_die, given_a_die, less_a_die

PIPS = np.array([[0.1, 0.6, 0.3, 0, 0, 0, 0], [0.02, 0, 0, 0.98, 0, 0, 0]], np.float32)


def test_vouched_rows_lose_their_not_a_die_and_keep_their_faces() -> None:
    out = a_die(PIPS, np.array([True, False]))
    assert out[0, 0] == 0 and out[0, 1:].sum() == pytest.approx(1.0)
    assert out[0, 1] / out[0, 2] == pytest.approx(2.0)
    assert (out[1] == PIPS[1]).all()


@pytest.mark.parametrize(("odds", "not_die"), [(0.0, 0.1), (np.log(9.0), 0.5), (4.0, 0.8578)])
def test_not_a_die_odds_grow_by_the_removed_faces_and_the_faces_keep_their_shares(
    odds: float, not_die: float
) -> None:
    out = less_a_die(PIPS[:1], np.array([odds], np.float32))
    assert out[0, 0] == pytest.approx(not_die, abs=1e-3)
    assert out[0, 1:].sum() == pytest.approx(1 - out[0, 0], abs=1e-5)
    assert given_a_die(out) == pytest.approx(given_a_die(PIPS[:1]), abs=1e-5)
    if odds == 0:
        assert (out == PIPS[:1]).all()  # nothing said: the network's numbers exactly
