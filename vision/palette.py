"""Reading colours against the dice a game uses.

RYB is played with red, yellow and blue dice only. When the classifier's first answer is a colour
the game has no dice of (a navy die on purple felt read as black, say), the best colour of the
game's own is the likelier truth. How much of the classifier's belief the game's colours hold
decides how far that is trusted:

- at least `TRUSTED_SHARE`: the game's best colour, its probability renormalised over them;
- less: still the game's best colour, but marked unsure so a person confirms it (or removes a
  stray die from another game). A die is never silently left out of a roll for its colour;
- less, where the table's own confirmed dice back the reading (`not_game`): "not a game die",
  reported as `other`. The players said dice that look like it are not the game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from vision.types import COLOURS, Colour

TRUSTED_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class ColourPick:
    colour: Colour
    probability: float
    doubtful: bool  # unsure whatever the probability says


def pick_colour(
    colour_p: npt.NDArray[np.float32], palette: Sequence[Colour] | None, *, not_game: bool = False
) -> ColourPick:
    """The colour to report from the classifier's probabilities (in `COLOURS` order)."""
    best = int(np.argmax(colour_p))
    plain = ColourPick(COLOURS[best], float(colour_p[best]), False)
    if not palette or COLOURS[best] in palette:
        return plain
    own = [COLOURS.index(c) for c in palette]
    share = float(colour_p[own].sum())
    if not_game and share < TRUSTED_SHARE:
        return ColourPick(Colour.OTHER, 1.0 - share, False)
    pick = own[int(np.argmax(colour_p[own]))]
    return ColourPick(
        COLOURS[pick], float(colour_p[pick]) / max(share, 1e-6), share < TRUSTED_SHARE
    )
