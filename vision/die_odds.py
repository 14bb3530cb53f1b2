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


def less_a_die(pips_p: Odds, odds: npt.NDArray[np.float32]) -> Odds:
    """The pip probabilities with "not a die"'s odds multiplied by e ** `odds` (each row its
    own), the faces' shares kept; rows given no odds keep the network's numbers exactly."""
    return np.asarray(np.where((odds > 0)[:, None], raised(pips_p, odds), pips_p), np.float32)


def raised(pips_p: Odds, odds: npt.NDArray[np.float32]) -> Odds:
    """Every row's "not a die" odds multiplied by e ** `odds`, its faces sharing what is left
    as they did (`vision.memory.combine` and the removed faces both weigh "not a die" so)."""
    gone = np.clip(pips_p[:, 0], 1e-7, 1.0 - 1e-7)
    not_die = 1.0 / (1.0 + (1.0 - gone) / gone * np.exp(-odds))
    faces = pips_p[:, 1:]
    faces = faces / np.maximum(faces.sum(axis=1, keepdims=True), 1e-12) * (1.0 - not_die[:, None])
    return np.asarray(np.concatenate([not_die[:, None], faces], axis=1), np.float32)
