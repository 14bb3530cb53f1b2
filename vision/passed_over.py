"""What the reader passed over: candidates it dropped, offered to players who may say "a die".

A die whose face the network never trained on (a maker's logo on the 1, a numeral, pips a third
the usual size) is often scored faint by the finder or called "not a die" by the reader, so it
never reaches a roll and the players could never teach the table what it is. When they register
their dice, the reader also offers what it passed over where nothing was read: each with the
signature and pip features a read die has, so a "that is a die, showing 1" teaches the table's
memory exactly as a confirmed die does. Pure: the networks are run by `ModelReader`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision import box_sets, finder
from vision.types import Die, box_side

# At most this many passed-over candidates are offered: the likeliest first, a handful to look at.
OFFERED = 8


def leftovers(
    found: Sequence[finder.Candidate],
    dice: Sequence[Die],
    max_shared: float,
    least_side: float,
) -> list[int]:
    """The candidates (indexes, best first) that share at most `max_shared` of a box with any
    die read and with a better leftover, and are at least `least_side` across."""
    boxes = [c.box_xyxy for c in found]
    share = box_sets.shares(box_sets.as_array([*boxes, *(d.box_xyxy for d in dice)]))
    taken = np.zeros(len(boxes) + len(dice), np.bool_)
    taken[len(boxes) :] = True
    out: list[int] = []
    for k in sorted(range(len(found)), key=lambda k: -found[k].score):
        if box_side(boxes[k]) < least_side or (share[k, taken] > max_shared).any():
            continue
        out.append(k)
        taken[k] = True
        if len(out) == OFFERED:
            break
    return out


def least_side(dice: Sequence[Die], table_px: float | None, share: float) -> float:
    """The smallest candidate worth offering: `share` of the table's die size, or of the read
    dice' median side (0 when neither is known)."""
    if table_px:
        return share * table_px
    if not dice:
        return 0.0
    return share * float(np.median([d.size_px for d in dice]))
