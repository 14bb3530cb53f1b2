"""The empty table: a picture of the table with its board and pieces laid out and no dice, taken
at calibration, and the check that a candidate die is part of that picture (the table's own).

A die is what was thrown; a board's number token, a card's corner or a tray's rivet does not move
between throws. A candidate whose patch looks like the empty picture's patch at the same place
(grey pattern by normalised cross-correlation, searched a cell either way for a camera that
shook; mean colour by chromaticity) is the table's own and is no die. Both measures ignore how
bright the light is, so a lamp turned up between calibration and play changes nothing. A die
lying on the board spoils both: its patch is mostly die.

Pure numpy and OpenCV, no game knowledge: the reader is handed an `EmptyTable` as a value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

ImageBGR = npt.NDArray[np.uint8]
Box = tuple[float, float, float, float]
Floats = npt.NDArray[np.float32]
LONG_SIDE = 640  # the picture is kept at most this long: patches are compared at this scale


@dataclass(frozen=True, slots=True)
class EmptySettings:
    # A candidate's patch reaches this share of its side past each edge: a little of the board
    # around it, so a die's plain face on a plain patch of board still differs from the board.
    pad: float = 0.15
    # Patches are compared as `grid` x `grid` cells, the picture's searched one cell either way
    # for a camera that shook (a cell is a few pixels for a die of usual size). On three
    # rendered board nights (`models.render.board_night`) 16, 12 and 10 cells all took 288-289
    # of 304 phantoms and no die; 12 costs four fifths of 16.
    grid: int = 12
    # At least this alike (1: the same pattern) to be the table's own. On rendered boards under
    # other light and a pixel's shake, the board's own spots correlate above 0.9 and dice
    # thrown on it below 0.6 (tests/vision/test_empty_table.py).
    min_correlation: float = 0.8
    # Chromaticity (each channel's share of the patch's mean) may move this far, summed over
    # the channels: a white die on white paper moves it little, which correlation then decides.
    max_colour: float = 0.08
    # At most this share of the cells inside the candidate's own box may differ from the
    # picture (fitted to the patch's light) by more than `changed_levels`. On rendered board
    # nights the board's own pieces changed at most 10% of their cells (a few 25%, with JPEG
    # and a shaken camera at sharp edges), dice that correlated with an edge beside them 36%+.
    max_changed: float = 0.25
    changed_levels: float = 30.0
    # A patch whose grey varies less than this (levels) is plain: two plain patches of one
    # colour are alike whatever their correlation (which noise alone decides).
    plain_std: float = 4.0
    min_side_px: int = 4  # patches smaller than this in the picture are not compared


_GREY = np.asarray([0.114, 0.587, 0.299], np.float32)  # BGR weights of luma
_MARGIN = 64  # the picture's replicated border: search cells of patches at its edge
_SHIFTS = 5  # shifts searched along each axis: -1, -1/2, 0, 1/2, 1 cell


@dataclass(frozen=True)
class EmptyTable:
    """The empty table as the reader sees the table, at most `LONG_SIDE` pixels long."""

    picture: ImageBGR  # (h, w, 3)
    padded: ImageBGR  # the picture with a replicated border of `_MARGIN` pixels
    settings: EmptySettings

    @classmethod
    def of(cls, view_bgr: ImageBGR, settings: EmptySettings | None = None) -> EmptyTable:
        """From the empty table as the reader sees it (any size: it is shrunk here)."""
        picture = shrink(view_bgr)
        m = _MARGIN
        padded = cv2.copyMakeBorder(picture, m, m, m, m, cv2.BORDER_REPLICATE)
        return cls(picture, np.asarray(padded, np.uint8), settings or EmptySettings())

    @property
    def size_wh(self) -> tuple[int, int]:
        return int(self.picture.shape[1]), int(self.picture.shape[0])

    def fits(self, frame_wh: tuple[int, int]) -> bool:
        """Whether frames of this size show the view the picture was taken of (same shape)."""
        w, h = self.size_wh
        fw, fh = frame_wh
        return fw > 0 and fh > 0 and abs(fw / fh - w / h) <= 0.01 * (w / h)

    def own(self, frame_bgr: ImageBGR, boxes: Sequence[Box]) -> npt.NDArray[np.bool_]:
        """For each candidate box (frame pixels), whether it is part of the empty table. A frame
        of another shape than the picture's says nothing (every candidate stays)."""
        out = np.zeros(len(boxes), np.bool_)
        fh, fw = frame_bgr.shape[:2]
        if not boxes or not self.fits((fw, fh)):
            return out
        seen: list[ImageBGR] = []
        there: list[ImageBGR] = []
        at: list[int] = []
        for k, box in enumerate(boxes):
            cut = self._cut(frame_bgr, box)
            if cut is not None:
                seen.append(cut[0])
                there.append(cut[1])
                at.append(k)
        if at:
            out[at] = self._alike(_halved(seen), np.asarray(there))
        return out

    def _cut(self, frame_bgr: ImageBGR, box: Box) -> tuple[ImageBGR, ImageBGR] | None:
        """The candidate's patch of the frame and the picture's patch at the same place, one cell
        bigger each way, both at twice the grid, or None when the patch is too small."""
        cfg = self.settings
        fh, fw = frame_bgr.shape[:2]
        pw, ph = self.size_wh
        sx, sy = pw / fw, ph / fh
        x1, y1, x2, y2 = box
        pad = cfg.pad * max(x2 - x1, y2 - y1)
        fx1, fy1 = max(0, int(x1 - pad)), max(0, int(y1 - pad))
        fx2, fy2 = min(fw, int(np.ceil(x2 + pad))), min(fh, int(np.ceil(y2 + pad)))
        wide, high = (fx2 - fx1) * sx, (fy2 - fy1) * sy
        if wide < cfg.min_side_px or high < cfg.min_side_px:
            return None
        g, m = cfg.grid, _MARGIN
        cx, cy = min(wide / g, m), min(high / g, m)  # one cell, in the picture's pixels
        qx1, qy1 = round(fx1 * sx - cx) + m, round(fy1 * sy - cy) + m
        qx2, qy2 = round(fx2 * sx + cx) + m, round(fy2 * sy + cy) + m
        # Sampled at twice the grid and averaged in pairs later, for all patches at once: a
        # tenth of the cost of area resampling patch by patch, nearly as free of aliasing; the
        # picture's at twice the grid gives the search its half-cell steps.
        line = cv2.INTER_LINEAR
        patch = cv2.resize(frame_bgr[fy1:fy2, fx1:fx2], (2 * g, 2 * g), interpolation=line)
        ref = cv2.resize(self.padded[qy1:qy2, qx1:qx2], (2 * g + 4, 2 * g + 4), interpolation=line)
        return np.asarray(patch, np.uint8), np.asarray(ref, np.uint8)

    def _alike(self, seen: Floats, there: ImageBGR) -> npt.NDArray[np.bool_]:
        """Patches (n, g, g, 3) against the picture's at twice the scale, (n, 2g + 4, 2g + 4, 3):
        the best of 25 shifts of half a cell, up to a cell either way, by correlation of grey;
        then plainness and colour at that shift."""
        cfg = self.settings
        n, g = seen.shape[0], cfg.grid
        grey = (seen @ _GREY).reshape(n, g * g)
        # Each pixel the mean of the 2 x 2 from it: every other one of them is a cell of g x g
        # at a shift of half a cell.
        wide = there.astype(np.float32) @ _GREY
        pairs = (wide[:, :-1, :-1] + wide[:, 1:, :-1] + wide[:, :-1, 1:] + wide[:, 1:, 1:]) / 4
        steps = range(_SHIFTS)
        shifts = np.stack(
            [pairs[:, i : i + 2 * g : 2, j : j + 2 * g : 2] for i in steps for j in steps],
            axis=1,
        ).reshape(n, _SHIFTS * _SHIFTS, g * g)
        centred = grey - grey.mean(axis=1, keepdims=True)  # (n, g * g): this mean is quick
        seen_norm = np.sqrt((centred * centred).sum(axis=1))
        ones = np.ones((g * g, 1), np.float32)
        ref_sum = np.matmul(shifts, ones)[:, :, 0]
        ref_var = np.einsum("nsk,nsk->ns", shifts, shifts) - ref_sum * ref_sum / (g * g)
        ref_norm = np.sqrt(np.maximum(ref_var, 0.0))  # (n, 25)
        product = np.matmul(shifts, centred[:, :, None])[:, :, 0]
        ref_plain = ref_norm / g < cfg.plain_std
        # A plain patch of the picture has no pattern to correlate with (only rounding would
        # be left): it matches no patterned one.
        corr = np.where(ref_plain, -1.0, product / np.maximum(seen_norm[:, None] * ref_norm, 1e-6))
        seen_plain = seen_norm / g < cfg.plain_std
        # A plain patch has no pattern to place: it is compared with the picture unshifted.
        best = np.where(seen_plain, _SHIFTS * _SHIFTS // 2, corr.argmax(axis=1))
        rows = np.arange(n)
        alike = np.where(seen_plain, ref_plain[rows, best], corr[rows, best] >= cfg.min_correlation)
        at_best = np.asarray(shifts[rows, best], np.float32)
        alike &= self._changed(grey, at_best) <= cfg.max_changed
        # Colour is compared unshifted: a cell's shift moves a patch's mean colour very little.
        share = np.full(g * g, 1.0 / (g * g), np.float32)
        middle = there[:, 2 : 2 * g + 2, 2 : 2 * g + 2].reshape(n, 4 * g * g, 3)
        ref_colour = np.matmul(np.full(4 * g * g, 1.0 / (4 * g * g), np.float32), middle)
        gap = _chroma_gap(np.matmul(share, seen.reshape(n, g * g, 3)), ref_colour)
        return np.asarray(alike & (gap <= cfg.max_colour))

    def _changed(self, seen: Floats, ref: Floats) -> Floats:
        """(n,) share of the cells inside the candidate's own box (the pad left out) that the
        picture, fitted to each patch's light (gain and offset), misses by more than
        `changed_levels`: a die thrown by a strong edge of the board correlates with the board,
        but it changes much of its own box."""
        cfg = self.settings
        g = cfg.grid
        ref_mean = ref.mean(axis=1, keepdims=True)
        seen_mean = seen.mean(axis=1, keepdims=True)
        ref_c = ref - ref_mean
        gain = (ref_c * (seen - seen_mean)).sum(axis=1, keepdims=True) / np.maximum(
            (ref_c * ref_c).sum(axis=1, keepdims=True), 1e-6
        )
        missed = np.abs(seen - seen_mean - gain * ref_c).reshape(-1, g, g)
        edge = round(g * cfg.pad / (1 + 2 * cfg.pad))
        inner = missed[:, edge : g - edge, edge : g - edge] > cfg.changed_levels
        return np.asarray(inner.mean(axis=(1, 2)), np.float32)


def _halved(patches: list[ImageBGR]) -> Floats:
    """Square patches (2h, 2h, 3) at half the size (h, h, 3), each pixel the mean of four: one
    area resampling of them all stacked, which takes its fast path at exactly half."""
    n, side = len(patches), patches[0].shape[0]
    tall = np.concatenate(patches, axis=0)
    half = cv2.resize(tall, (side // 2, n * side // 2), interpolation=cv2.INTER_AREA)
    return np.asarray(half, np.float32).reshape(n, side // 2, side // 2, 3)


def _chroma_gap(a: Floats, b: Floats) -> Floats:
    """How far apart mean colours (n, 3) are, brightness left out (summed channel shares)."""
    sa = a / np.maximum(a.sum(axis=1, keepdims=True), 1.0)
    sb = b / np.maximum(b.sum(axis=1, keepdims=True), 1.0)
    return np.asarray(np.abs(sa - sb).sum(axis=1), np.float32)


def shrink(image_bgr: ImageBGR, long_side: int = LONG_SIDE) -> ImageBGR:
    """The image at most `long_side` pixels long (a copy either way)."""
    h, w = image_bgr.shape[:2]
    step = min(1.0, long_side / max(h, w))
    if step == 1.0:
        return np.ascontiguousarray(image_bgr).copy()
    size = (max(1, round(w * step)), max(1, round(h * step)))
    return np.asarray(cv2.resize(image_bgr, size, interpolation=cv2.INTER_AREA), np.uint8)
