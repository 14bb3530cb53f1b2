"""Read only what changed: in live use a die that lies as it lay keeps its reading.

Each frame the finder runs in full (it is what tells where dice lie). A candidate the finder
boxes about where it boxed one before (`MATCH_IOU`), whose pixels have not changed since that
one was read, keeps that reading: its dice (or none, where it was "not a die"). Only the others
are cropped and read. "Changed" is judged on the frame at a quarter of its size, against a
reference picture that holds each box's pixels as they were when it was last read: a sensor's
noise stays under `NOISE_FLOOR`, while a die turned, nudged, taken or lit anew changes more than
`CHANGED_SHARE` of its box. A die read with doubt is looked at again every `DOUBT_EVERY`
frames even so (the dice in doubt taking turns, so no frame reads them all): a frame's noise
now and then tips the reader to a sure reading, which the settle detector's corrections wait on.
A new table memory reads everything anew. The state lives in an `Unchanged` value the caller
keeps (one per camera), so the reader itself keeps none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.finder import Candidate
from vision.types import Die

ImageU8 = npt.NDArray[np.uint8]

STEP = 4  # the reference picture is the frame at 1/STEP of its size (a power of two)
NOISE_FLOOR = 12  # grey levels a pixel may differ by and count as unchanged (`vision.motion`)
CHANGED_SHARE = 0.03  # of a box's pixels that changed: the die is read again
MATCH_IOU = 0.7  # a candidate this close to one read before is that one
DOUBT_EVERY = 4


@dataclass(frozen=True)
class Kept:
    """One candidate as last read: the finder's box then, its dice, and its crop (for the
    light cue, which weighs every die's crop)."""

    box: tuple[float, float, float, float]
    dice: tuple[Die, ...]
    crop: ImageU8

    @property
    def settled(self) -> bool:
        """Nothing about it waits on another look: no die on it was read with doubt."""
        return not any(d.unsure for d in self.dice)


@dataclass(frozen=True)
class Unchanged:
    """What the last frames' reads leave for the next: the reference picture, each candidate as
    last read, and the table memory they were read with (another one reads everything anew)."""

    reference: ImageU8
    kept: tuple[Kept, ...]
    # The table memory they were read with, itself (a desk swaps in a new one as it learns).
    memory: object | None
    frame: int = 0  # frames read since the camera's first

    @classmethod
    def nothing(cls) -> Unchanged:
        """Nothing to keep: the next frame is read in full."""
        return cls(np.zeros((0, 0, 3), np.uint8), (), None)

    def looks_again(self, k: int) -> bool:
        """Whether the next frame looks again at the k-th candidate kept, if in doubt."""
        return (self.frame + 1 + k) % DOUBT_EVERY == 0


# Reads the candidates given (and weighs the crops given with theirs in the light cue; the
# flags: each candidate was read with doubt last time, so likely is again): per candidate its
# dice, and its crop.
ReadSome = Callable[
    [Sequence[Candidate], Sequence[ImageU8], Sequence[bool]],
    tuple[list[tuple[Die, ...]], ImageU8],
]


def small(frame_bgr: ImageU8) -> ImageU8:
    """The frame at 1/STEP of its size, each pixel the mean of its block: halved twice, which
    OpenCV does four times faster than a quarter at once."""
    image = frame_bgr
    for _ in range(STEP.bit_length() - 1):
        h, w = image.shape[:2]
        size = (max(1, w // 2), max(1, h // 2))
        image = np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_AREA), np.uint8)
    return image


def largest_channel(image: ImageU8) -> ImageU8:
    """Per pixel, the largest of its channels (numpy's max over the last axis, forty times
    faster)."""
    b, g, r = cv2.split(image)
    return np.asarray(cv2.max(cv2.max(b, g), r), np.uint8)


def changed_shares(
    reference: ImageU8, now: ImageU8, boxes: Sequence[Sequence[float]]
) -> list[float]:
    """Per box (frame pixels), the share of its pixels that changed between the two small
    pictures, by more than `NOISE_FLOOR` in any channel."""
    diff = np.asarray(cv2.absdiff(reference, now), np.uint8)
    moved = (largest_channel(diff) > NOISE_FLOOR).astype(np.uint8)
    total = cv2.integral(moved)
    h, w = moved.shape
    out = []
    for box in boxes:
        x1, y1, x2, y2 = _small_box(box, w, h)
        area = (x2 - x1) * (y2 - y1)
        count = total[y2, x2] - total[y1, x2] - total[y2, x1] + total[y1, x1]
        out.append(float(count) / area if area > 0 else 1.0)
    return out


def _small_box(box: Sequence[float], w: int, h: int) -> tuple[int, int, int, int]:
    x1 = min(max(0, int(box[0] // STEP)), w)
    y1 = min(max(0, int(box[1] // STEP)), h)
    x2 = min(max(0, -int(-box[2] // STEP)), w)
    y2 = min(max(0, -int(-box[3] // STEP)), h)
    return x1, y1, x2, y2


def _iou_matrix(
    a: Sequence[Sequence[float]], b: Sequence[Sequence[float]]
) -> npt.NDArray[np.float64]:
    p = np.asarray(a, np.float64).reshape(-1, 4)[:, None, :]
    q = np.asarray(b, np.float64).reshape(-1, 4)[None, :, :]
    iw = np.clip(np.minimum(p[..., 2], q[..., 2]) - np.maximum(p[..., 0], q[..., 0]), 0, None)
    ih = np.clip(np.minimum(p[..., 3], q[..., 3]) - np.maximum(p[..., 1], q[..., 1]), 0, None)
    inter = iw * ih
    area_p = (p[..., 2] - p[..., 0]) * (p[..., 3] - p[..., 1])
    area_q = (q[..., 2] - q[..., 0]) * (q[..., 3] - q[..., 1])
    union = area_p + area_q - inter
    return np.where(union > 0, inter / np.maximum(union, 1e-9), 0.0)


def reusable(
    found: Sequence[Candidate], now: ImageU8, before: Unchanged | None, memory: object | None
) -> tuple[list[Kept | None], list[bool]]:
    """Per candidate, the earlier read it may keep (None: read it), and whether it is one read
    with doubt before that is looked at again."""
    if (
        before is None
        or not before.kept
        or not found
        or before.memory is not memory
        or before.reference.shape != now.shape
    ):
        return [None] * len(found), [False] * len(found)
    boxes = [c.box_xyxy for c in found]
    overlap = _iou_matrix(boxes, [k.box for k in before.kept])
    best = overlap.argmax(axis=1)
    shares = changed_shares(before.reference, now, boxes)
    out: list[Kept | None] = []
    doubted: list[bool] = []
    taken: set[int] = set()
    for i, j in enumerate(best.tolist()):
        kept = before.kept[j]
        fits = overlap[i, j] >= MATCH_IOU and shares[i] <= CHANGED_SHARE and j not in taken
        out.append(kept if fits and (kept.settled or not before.looks_again(j)) else None)
        doubted.append(fits and not kept.settled and out[-1] is None)
        if fits:
            taken.add(j)
    return out, doubted


def read_changed(
    frame_bgr: ImageU8,
    found: Sequence[Candidate],
    before: Unchanged | None,
    memory: object | None,
    read_some: ReadSome,
) -> tuple[list[Die], Unchanged]:
    """Every candidate's dice, the unchanged ones as read before, and what the next frame
    needs. The dice come before the checks that weigh them against each other (the reader's)."""
    now = small(frame_bgr)
    keep, doubted = reusable(found, now, before, memory)
    fresh = [c for c, k in zip(found, keep, strict=True) if k is None]
    doubts = [d for d, k in zip(doubted, keep, strict=True) if k is None]
    held = [k.crop for k in keep if k is not None]
    fresh_dice, fresh_crops = (
        read_some(fresh, held, doubts) if fresh else ([], np.empty(0, np.uint8))
    )
    reads = iter(zip(fresh, fresh_dice, fresh_crops, strict=True))
    kept: list[Kept] = []
    for k in keep:
        if k is None:
            cand, read, crop = next(reads)
            k = Kept(cand.box_xyxy, read, crop)
        kept.append(k)
    reference = _reference(now, before, [c.box_xyxy for c in fresh], len(fresh) == len(found))
    frame = 0 if before is None else before.frame + 1
    return [d for k in kept for d in k.dice], Unchanged(reference, tuple(kept), memory, frame)


def _reference(
    now: ImageU8, before: Unchanged | None, read: Sequence[Sequence[float]], all_read: bool
) -> ImageU8:
    """The pictures each candidate was last read on: the new frame where it was read."""
    if before is None or all_read or before.reference.shape != now.shape:
        return now
    out = before.reference.copy()
    h, w = now.shape[:2]
    for box in read:
        x1, y1, x2, y2 = _small_box(box, w, h)
        out[y1:y2, x1:x2] = now[y1:y2, x1:x2]
    return out
