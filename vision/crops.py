"""Square crops around die boxes, shared by the runtime reader and training so both see the same."""

from __future__ import annotations

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


FRAME_CUE_SIZE = 6
CAST_SIZE = FRAME_CUE_SIZE + 3
# The light cue samples about this many pixels across the frame's long side: single pixels, not
# averages, so that a white pip or a glint keeps its brightness; few, so that it costs little.
CUE_SAMPLES = 320
CUE_POWER = 6.0
# Of the dice' own pixels, this percentile per channel: their white pips, pale faces and glints,
# lit by the lamp and far less tinted by the table than anything taken over the whole frame.
DICE_PERCENTILE = 99.0


def colour_cast(frame_bgr: ImageU8) -> npt.NDArray[np.float32]:
    """Two estimates of the light's colour (B, G, R in 0..1 each): the frame's mean, which a
    coloured table tints as much as the lamp does, then its 6-norm ("shades of grey", Finlayson
    and Trezzi 2004), which leans on the brightest things in view (white pips, glare, pale
    dice), mostly the lamp's own colour."""
    b, g, r, _ = cv2.mean(frame_bgr)
    step = max(1, -(-max(frame_bgr.shape[:2]) // CUE_SAMPLES))
    pixels = frame_bgr[::step, ::step].reshape(-1, 3).astype(np.float32) / np.float32(255.0)
    norm = np.power(np.power(pixels, CUE_POWER).mean(axis=0), 1.0 / CUE_POWER)
    mean = np.array([b, g, r], np.float32) / np.float32(255.0)
    return np.concatenate([mean, norm]).astype(np.float32)


def light_cue(frame_bgr: ImageU8, dice_crops: ImageU8) -> npt.NDArray[np.float32]:
    """The reader's light cue: the frame's two estimates (`colour_cast`), then a third from the
    dice' own crops (N, S, S, 3), the brightest of their pixels per channel. With no crops the
    frame's 6-norm stands in for it."""
    frame = colour_cast(frame_bgr)
    if len(dice_crops) == 0:
        return np.concatenate([frame, frame[3:6]]).astype(np.float32)
    pixels = np.asarray(dice_crops).reshape(-1, 3)
    dice = np.percentile(pixels, DICE_PERCENTILE, axis=0).astype(np.float32) / np.float32(255.0)
    return np.concatenate([frame, dice]).astype(np.float32)
