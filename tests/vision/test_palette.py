"""Colours read against a game's dice: which answer stands and when a person must confirm."""

from __future__ import annotations

import numpy as np
import pytest

from vision.palette import pick_colour
from vision.types import COLOURS, Colour

RYB = (Colour.RED, Colour.YELLOW, Colour.BLUE)


def probs(**named: float) -> np.ndarray:
    out = np.zeros(len(COLOURS), np.float32)
    for name, p in named.items():
        out[COLOURS.index(Colour(name))] = p
    return out


@pytest.mark.parametrize(
    ("colour_p", "palette", "colour", "probability", "doubtful"),
    [
        # No palette, or the first answer is one of the game's colours: it stands as read.
        (probs(black=0.8, blue=0.2), None, "black", 0.8, False),
        (probs(blue=0.7, black=0.3), RYB, "blue", 0.7, False),
        # Navy read as black, but the game's colours hold most of the belief: blue, renormalised.
        (probs(black=0.48, blue=0.47, red=0.05), RYB, "blue", 0.47 / 0.52, False),
        (probs(black=0.5, blue=0.44, red=0.06), RYB, "blue", 0.44 / 0.5, False),
        # The game's colours hold little: their best, for a person to confirm.
        (probs(black=0.82, blue=0.13, red=0.01, other=0.04), RYB, "blue", 0.13 / 0.14, True),
        # Next to none: still the game's best, flagged (a misread, or a stray die to take away).
        (probs(green=0.95, blue=0.03, other=0.02), RYB, "blue", 1.0, True),
        (probs(black=0.97, red=0.01, yellow=0.005, blue=0.015), RYB, "blue", 0.5, True),
    ],
)
def test_pick_colour(
    colour_p: np.ndarray,
    palette: tuple[Colour, ...] | None,
    colour: str,
    probability: float,
    doubtful: bool,
) -> None:
    pick = pick_colour(colour_p, palette)
    assert (pick.colour.value, pick.doubtful) == (colour, doubtful)
    assert pick.probability == pytest.approx(probability, rel=1e-5)
