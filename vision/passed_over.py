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
from vision.types import Die, box_side, iou

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


# A die a player points at (`ModelReader.read_at`): the finder looks in a window this many die
# sides across around the spot, down to `POINT_FIND`, at the scale that shows the expected die
# `POINT_DIE_PX` across; the best candidate over the spot within `POINT_SIZES` of that size is
# the die, else a square of that size centred on the spot.
POINT_WINDOW = 3.0
POINT_FIND = 0.02
POINT_DIE_PX = 40.0
POINT_SIZES = (0.5, 2.0)
# With no table size and no die read, a die may be any of these shares of the frame's long side
# (a die on a board seen whole is about a sixtieth of it): the finder looks at each.
POINT_FRAME_SHARES = (1.0 / 16.0, 1.0 / 32.0, 1.0 / 64.0)


def point_sides(
    dice: Sequence[Die], table_px: float | None, frame_hw: tuple[int, int]
) -> tuple[float, ...]:
    """The sides a pointed die may have, likeliest first: the table's die size, else the
    median side of the dice read in the frame, else shares of the frame."""
    if table_px:
        return (float(table_px),)
    if dice:
        return (float(np.median([d.size_px for d in dice])),)
    return tuple(max(frame_hw) * share for share in POINT_FRAME_SHARES)


def window_at(
    point: tuple[float, float], side: float, frame_hw: tuple[int, int]
) -> tuple[int, int, int, int]:
    """The frame's pixels (x1, y1, x2, y2) the finder looks at around `point`."""
    h, w = frame_hw
    half = max(8.0, side * POINT_WINDOW / 2)
    x, y = point
    return (
        max(0, int(x - half)),
        max(0, int(y - half)),
        min(w, int(np.ceil(x + half))),
        min(h, int(np.ceil(y + half))),
    )


def pointed(
    found: Sequence[tuple[float, Sequence[finder.Candidate]]], point: tuple[float, float]
) -> finder.Candidate:
    """Of the finder's candidates at each expected side (`(side, candidates)`, likeliest
    side first), the one over `point` it likes best whose size is near its side's; else a
    square of the first side centred on the point (score 0: nothing found there)."""
    low, high = POINT_SIZES
    x, y = point
    fits = [
        cand
        for side, cands in found
        for cand in cands
        if cand.box_xyxy[0] <= x <= cand.box_xyxy[2]
        and cand.box_xyxy[1] <= y <= cand.box_xyxy[3]
        and low * side <= box_side(cand.box_xyxy) <= high * side
    ]
    if fits:
        return max(fits, key=lambda c: c.score)
    half = found[0][0] / 2 if found else 8.0
    return finder.Candidate((x - half, y - half, x + half, y + half), 0.0)


# A die pointed at whose box overlaps another's this much (IoU) is that die, not a new one.
SAME_DIE = 0.5


def same_die(die: Die, others: Sequence[Die]) -> int | None:
    """The index of the first of `others` that is `die` (its box overlapping by more than
    `SAME_DIE`), or None: a die pointed at may be one read or offered already."""
    for k, other in enumerate(others):
        if iou(other.box_xyxy, die.box_xyxy) > SAME_DIE:
            return k
    return None


def spot(at: object, width: int, height: int) -> tuple[float, float]:
    """`at` as a spot ([x, y]) in a picture `width` x `height`; ValueError saying what is
    wrong with it, in a player's words."""
    if (
        not isinstance(at, list | tuple)
        or len(at) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in at)
        or not all(np.isfinite(v) for v in at)
    ):
        raise ValueError(f"at must be [x, y], a spot in the picture, got {at!r}")
    x, y = float(at[0]), float(at[1])
    if not (0 <= x <= width and 0 <= y <= height):
        raise ValueError(f"the spot ({x:g}, {y:g}) is outside the {width}x{height} picture")
    return x, y
