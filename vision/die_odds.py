"""The pip head's probabilities (column 0 "not a die", then the faces 1 to 6) read as a die."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Odds = npt.NDArray[np.float32]


def a_die(pips_p: Odds, vouched: npt.NDArray[np.bool_]) -> Odds:
    """The pip probabilities with the vouched candidates' "not a die" taken away."""
    if not vouched.any():
        return pips_p
    out = pips_p.copy()
    out[vouched, 0] = 0.0
    faces = out[vouched, 1:]
    out[vouched, 1:] = faces / np.maximum(faces.sum(axis=1, keepdims=True), 1e-12)
    return out


def given_a_die(pips_p: Odds) -> Odds:
    """Face 1..6 probabilities given it is a die (the "not a die" column left out)."""
    faces = pips_p[..., 1:]
    return np.asarray(faces / np.maximum(faces.sum(axis=-1, keepdims=True), 1e-6), np.float32)
