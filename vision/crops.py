"""Square crops around die boxes, shared by the runtime reader and training so both see the same."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
import numpy.typing as npt

from vision.types import BoxXYXY

CROP_SIZE = 48
CROP_SCALE = 1.25

ImageU8 = npt.NDArray[np.uint8]


def square_around(box_xyxy: BoxXYXY | tuple[float, ...], scale: float) -> tuple[int, int, int]:
    """Centre x, centre y and side of the square that holds the box grown by `scale`."""
    x1, y1, x2, y2 = box_xyxy[:4]
    side = max(4, round(max(x2 - x1, y2 - y1) * scale))
    return round((x1 + x2) / 2), round((y1 + y2) / 2), side


def crop_square(
    frame_bgr: ImageU8,
    box_xyxy: BoxXYXY | tuple[float, ...],
    scale: float = CROP_SCALE,
    size: int = CROP_SIZE,
) -> ImageU8:
    """The square around the box, resized to size x size; edges beyond the frame are replicated."""
    cx, cy, side = square_around(box_xyxy, scale)
    x1, y1 = cx - side // 2, cy - side // 2
    x2, y2 = x1 + side, y1 + side
    h, w = frame_bgr.shape[:2]
    pad_l, pad_t = max(0, -x1), max(0, -y1)
    pad_r, pad_b = max(0, x2 - w), max(0, y2 - h)
    patch = frame_bgr[max(0, y1) : min(h, y2), max(0, x1) : min(w, x2)]
    if patch.size == 0:
        return np.zeros((size, size, 3), np.uint8)
    if pad_l or pad_t or pad_r or pad_b:
        patch = np.asarray(
            cv2.copyMakeBorder(patch, pad_t, pad_b, pad_l, pad_r, cv2.BORDER_REPLICATE), np.uint8
        )
    interp = cv2.INTER_AREA if side > size else cv2.INTER_LINEAR
    return np.ascontiguousarray(cv2.resize(patch, (size, size), interpolation=interp), np.uint8)


def crop_squares(
    frame_bgr: ImageU8,
    boxes: Sequence[BoxXYXY | tuple[float, ...]],
    scale: float = CROP_SCALE,
    size: int = CROP_SIZE,
) -> ImageU8:
    """`crop_square` of every box, (N, size, size, 3), in one pass: the squares worked out for
    all boxes at once and each resized straight into its place in the batch. The same pixels as
    `crop_square` box by box (tested): the reader was trained on those."""
    out = np.zeros((len(boxes), size, size, 3), np.uint8)
    if not boxes:
        return out
    b = np.asarray([box[:4] for box in boxes], np.float64)
    sides = np.maximum(4, np.round(np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]) * scale))
    x1 = np.round((b[:, 0] + b[:, 2]) / 2) - sides // 2
    y1 = np.round((b[:, 1] + b[:, 3]) / 2) - sides // 2
    h, w = frame_bgr.shape[:2]
    inside = (x1 >= 0) & (y1 >= 0) & (x1 + sides <= w) & (y1 + sides <= h)
    for k, (x, y, side, whole) in enumerate(
        zip(
            x1.astype(int).tolist(),
            y1.astype(int).tolist(),
            sides.astype(int).tolist(),
            inside.tolist(),
            strict=True,
        )
    ):
        if not whole:
            out[k] = crop_square(frame_bgr, boxes[k], scale, size)
            continue
        interp = cv2.INTER_AREA if side > size else cv2.INTER_LINEAR
        cv2.resize(
            frame_bgr[y : y + side, x : x + side], (size, size), dst=out[k], interpolation=interp
        )
    return out


FRAME_CUE_SIZE = 6
CAST_SIZE = FRAME_CUE_SIZE + 3
# The light cue samples about this many pixels across the frame's long side: single pixels, not
# averages, so that a white pip or a glint keeps its brightness; few, so that it costs little.
CUE_SAMPLES = 320
CUE_POWER = 6.0
# Of the dice' own pixels, this percentile per channel: their white pips, pale faces and glints,
# lit by the lamp and far less tinted by the table than anything taken over the whole frame.
DICE_PERCENTILE = 99.0
# Each byte value's share of the 6-norm: a table look-up instead of a power per pixel.
_CUE_POWERS = (np.arange(256, dtype=np.float64) / 255.0) ** CUE_POWER


def colour_cast(frame_bgr: ImageU8) -> npt.NDArray[np.float32]:
    """Two estimates of the light's colour (B, G, R in 0..1 each): the frame's mean, which a
    coloured table tints as much as the lamp does, then its 6-norm ("shades of grey", Finlayson
    and Trezzi 2004), which leans on the brightest things in view (white pips, glare, pale
    dice), mostly the lamp's own colour."""
    b, g, r, _ = cv2.mean(frame_bgr)
    counts = channel_counts(_cue_sample(frame_bgr))
    norm = (counts @ _CUE_POWERS / counts[0].sum()) ** (1.0 / CUE_POWER)
    mean = np.array([b, g, r], np.float32) / np.float32(255.0)
    return np.concatenate([mean, norm]).astype(np.float32)


def _cue_sample(frame_bgr: ImageU8) -> ImageU8:
    """Every `step`-th pixel of every `step`-th row, about CUE_SAMPLES across the long side."""
    h, w = frame_bgr.shape[:2]
    step = max(1, -(-max(h, w) // CUE_SAMPLES))
    if h % step == 0 and w % step == 0:
        # The same pixels as the slice below (nearest-neighbour at a whole ratio takes every
        # step-th), gathered about four times faster than numpy copies a strided view.
        size = (w // step, h // step)
        return np.asarray(cv2.resize(frame_bgr, size, interpolation=cv2.INTER_NEAREST), np.uint8)
    return np.ascontiguousarray(frame_bgr[::step, ::step])


def channel_counts(pixels: ImageU8) -> npt.NDArray[np.float64]:
    """How many of the pixels (..., 3) take each value 0..255, per channel: (3, 256)."""
    flat = np.ascontiguousarray(pixels).reshape(-1, 1, 3)
    return np.stack(
        [cv2.calcHist([flat], [c], None, [256], [0, 256]).ravel() for c in range(3)]
    ).astype(np.float64)


def channel_percentile(pixels: ImageU8, q: float) -> npt.NDArray[np.float64]:
    """Per channel, the q-th percentile of the pixels (..., 3) as `np.percentile` gives it
    (linear between the two nearest ranks), read off the channels' value counts instead of
    sorting every pixel."""
    counts = channel_counts(pixels)
    n = int(counts[0].sum())
    rank = q / 100.0 * (n - 1)
    low = int(np.floor(rank))
    cum = np.cumsum(counts, axis=1)
    below = np.array([np.searchsorted(c, low, side="right") for c in cum], np.float64)
    above = np.array([np.searchsorted(c, min(low + 1, n - 1), side="right") for c in cum])
    return below + (rank - low) * (above - below)


def light_cue(frame_bgr: ImageU8, dice_crops: ImageU8) -> npt.NDArray[np.float32]:
    """The reader's light cue: the frame's two estimates (`colour_cast`), then a third from the
    dice' own crops (N, S, S, 3), the brightest of their pixels per channel. With no crops the
    frame's 6-norm stands in for it."""
    frame = colour_cast(frame_bgr)
    if len(dice_crops) == 0:
        return np.concatenate([frame, frame[3:6]]).astype(np.float32)
    dice = channel_percentile(np.asarray(dice_crops), DICE_PERCENTILE) / 255.0
    return np.concatenate([frame, dice]).astype(np.float32)


def crop_batch(
    frame_bgr: ImageU8,
    boxes: Sequence[BoxXYXY | tuple[float, ...]],
    held: Sequence[ImageU8] = (),
) -> tuple[ImageU8, npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The crops as they are, as the reader's network takes them, and the light cue (weighing
    the crops `held` as well: dice read before, still in view)."""
    stack = crop_squares(frame_bgr, boxes)
    batch = stack.astype(np.float32).transpose(0, 3, 1, 2) * np.float32(1.0 / 255.0)
    lit = np.concatenate([stack, np.asarray(held, np.uint8).reshape(-1, *stack.shape[1:])])
    cast = np.repeat(light_cue(frame_bgr, lit)[None], len(boxes), axis=0)
    return stack, np.ascontiguousarray(batch), cast


def clip_box(
    box: tuple[float, float, float, float], w: int, h: int
) -> tuple[int, int, int, int] | None:
    """`box` in whole pixels inside a `w` x `h` frame; None where under 2 pixels remain."""
    x1, y1 = max(0, round(box[0])), max(0, round(box[1]))
    x2, y2 = min(w, round(box[2])), min(h, round(box[3]))
    if x2 - x1 < 2 or y2 - y1 < 2:
        return None
    return (x1, y1, x2, y2)
