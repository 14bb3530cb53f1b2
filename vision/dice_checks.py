"""The checks that weigh the dice read in a frame against each other: boxes inside boxes, boxes
sharing one die, and specks far smaller than the table's dice."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from vision import box_sets
from vision.types import Die, area, intersection


def _contains(big: tuple[float, ...], small: tuple[float, ...]) -> bool:
    """Most of `small` lies within `big`, which is clearly bigger: `small` is a die's pip group
    or corner found at the wrong scale, since dice seen from above never lie inside each other."""
    small_area = area(small)
    bigger = max(big[2] - big[0], big[3] - big[1]) > 1.2 * max(
        small[2] - small[0], small[3] - small[1]
    )
    return small_area > 0 and bigger and intersection(big, small) / small_area > 0.7


def drop_contained(dice: list[Die]) -> list[Die]:
    """Boxes inside other boxes. A box holding two or more dice side by side is a cluster read
    as one: drop it. Otherwise what lies inside a bigger die is its pip group or single pips:
    drop those. (Checked after reading, so a box the reader turned down never hides a die.)"""
    boxes = box_sets.as_array([d.box_xyxy for d in dice])
    holds = box_sets.contains(boxes)
    sides = box_sets.sides(boxes)
    apart = box_sets.ious(boxes) < 0.2
    dropped = np.zeros(len(dice), np.bool_)
    for k in np.flatnonzero(holds.any(axis=1)):
        held = np.flatnonzero(holds[k])
        outer = [h for h in held if not holds[held, h].any()]
        # Dice in a cluster are each a good part of its box; a big die's single pips are not.
        sizable = [h for h in outer if sides[h] > 0.35 * sides[k]]
        if len(sizable) >= 2 and all(apart[a, b] for a, b in combinations(sizable, 2)):
            dropped[k] = True
        else:
            dropped[held] = True
    return [d for d, gone in zip(dice, dropped.tolist(), strict=True) if not gone]


def drop_crowded(dice: list[Die], max_shared: float) -> list[Die]:
    """Surest first: a die sharing more than `max_shared` of a box with a surer one goes.
    Returned in the order given."""
    share = box_sets.shares(box_sets.as_array([d.box_xyxy for d in dice]))
    kept = np.zeros(len(dice), np.bool_)
    for k in sorted(range(len(dice)), key=lambda k: -dice[k].confidence):
        kept[k] = not (share[k, kept] > max_shared).any()
    return [d for d, keep in zip(dice, kept.tolist(), strict=True) if keep]


def drop_tiny(
    dice: list[Die],
    share: float,
    quorum: int,
    table_px: float | None = None,
    small_px: float | None = None,
) -> list[Die]:
    """Dice far smaller than the others: not dice (see `ReaderConfig`). With at least `quorum`
    dice read, the measure is the smaller of their median and the table's usual die
    (`TableMemory.die_size_px`): at a steep slant a frame of far dice is smaller than the
    table's usual size, and every one of them is a die. With fewer, a lone speck is judged by
    the table's small dice (`TableMemory.small_die_px`), where known: a fisheye table's far
    die is a third of its usual one."""
    if len(dice) >= quorum:
        sizes = [float(np.median([d.size_px for d in dice]))]
        sizes += [] if table_px is None else [table_px]
    else:
        sizes = [] if small_px is None else [small_px]
    if not sizes:
        return dice
    floor = share * min(sizes)
    return [d for d in dice if d.size_px >= floor]
