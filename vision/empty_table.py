"""The empty table: a picture of the table with its board and pieces laid out and no dice, taken
at calibration, and the check that a candidate die is part of that picture (the table's own).

A die is what was thrown; a board's number token, a card's corner or a tray's rivet does not move
between throws. A candidate whose patch looks like the empty picture's patch at the same place
(grey pattern by normalised cross-correlation, searched half a cell either way for a camera
that shook; little changed inside its own box; mean colour by chromaticity) is the table's own
and is no die. The measures ignore how bright the light is, so a lamp turned up between
calibration and play changes nothing. A die lying on the board spoils them: its box is die.

Pure numpy and OpenCV, no game knowledge: the reader is handed an `EmptyTable` as a value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.finder import Candidate

ImageBGR = npt.NDArray[np.uint8]
Box = tuple[float, float, float, float]
Floats = npt.NDArray[np.float32]
LONG_SIDE = 640  # the picture is kept at most this long: patches are compared at this scale


@dataclass(frozen=True, slots=True)
class EmptySettings:
    # A candidate's patch reaches this share of its side past each edge: a little of the board
    # around it, so a die's plain face on a plain patch of board still differs from the board.
    pad: float = 0.15
    # Patches are compared as `grid` x `grid` cells, the picture's searched half a cell either
    # way for a camera that shook (a cell is a few pixels for a die of usual size). On three
    # rendered board nights (`models.render.board_night`) 16, 12 and 10 cells all took 288-289
    # of 304 phantoms and no die; 12 costs four fifths of 16.
    grid: int = 12
    # At least this alike (1: the same pattern) to be the table's own. On the rendered board
    # nights, under a drifting lamp and a pixel's shake, the board's own spots mostly correlate
    # above 0.9; a die thrown beside a strong edge of the board reached 0.87, which
    # `max_changed` catches.
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
# Shifts searched along each axis, half a cell apart: -1/2, 0, 1/2 cell (a cell is 2 to 6 of
# the picture's pixels for dice of 20 to 60): a camera knocked by a pixel or two. 5 (up to a
# cell either way) took the same phantoms on the board nights at twice the cost.
_SHIFTS = 3
_BEYOND = _SHIFTS // 2  # samples of the picture past each side of a patch


@dataclass(frozen=True)
class EmptyTable:
    """The empty table as the reader sees the table, at most `LONG_SIDE` pixels long."""

    picture: ImageBGR  # (h, w, 3)
    settings: EmptySettings

    @classmethod
    def of(cls, view_bgr: ImageBGR, settings: EmptySettings | None = None) -> EmptyTable:
        """From the empty table as the reader sees it (any size: it is shrunk here)."""
        return cls(shrink(view_bgr), settings or EmptySettings())

    @property
    def size_wh(self) -> tuple[int, int]:
        return int(self.picture.shape[1]), int(self.picture.shape[0])

    def fits(self, frame_wh: tuple[int, int]) -> bool:
        """Whether frames of this size show the view the picture was taken of (same shape)."""
        w, h = self.size_wh
        fw, fh = frame_wh
        return fw > 0 and fh > 0 and abs(fw / fh - w / h) <= 0.01 * (w / h)

    def others(self, frame_bgr: ImageBGR, found: list[Candidate]) -> list[Candidate]:
        """The finder's candidates that are not part of the empty table's picture."""
        own = self.own(frame_bgr, [c.box_xyxy for c in found])
        return [c for c, mine in zip(found, own, strict=True) if not mine]

    def own(self, frame_bgr: ImageBGR, boxes: Sequence[Box]) -> npt.NDArray[np.bool_]:
        """For each candidate box (frame pixels), whether it is part of the empty table. A frame
        of another shape than the picture's says nothing (every candidate stays)."""
        out = np.zeros(len(boxes), np.bool_)
        fh, fw = frame_bgr.shape[:2]
        if not boxes or not self.fits((fw, fh)):
            return out
        cfg = self.settings
        pw, ph = self.size_wh
        scale = np.asarray([pw / fw, ph / fh], np.float32)
        box = np.asarray(boxes, np.float32).reshape(-1, 2, 2)  # (n, corner, xy)
        pad = cfg.pad * (box[:, 1] - box[:, 0]).max(axis=1)
        low = np.maximum(box[:, 0] - pad[:, None], 0.0)
        high = np.minimum(box[:, 1] + pad[:, None], np.asarray([fw, fh], np.float32))
        size = (high - low) * scale  # (n, xy) in the picture's pixels
        at = np.flatnonzero((size >= cfg.min_side_px).all(axis=1))
        if at.size:
            seen = _sample(frame_bgr, low[at], high[at], 2 * cfg.grid, 0)
            # The picture at the same places, and a sample further each way for the search.
            there = _sample(self.picture, low[at] * scale, high[at] * scale, 2 * cfg.grid, _BEYOND)
            out[at] = self._alike(_halved(seen), there)
        return out

    def _alike(self, seen: Floats, there: ImageBGR) -> npt.NDArray[np.bool_]:
        """Patches (n, g, g, 3) against the picture's at twice the scale with `_BEYOND` samples
        more each way: the best of the shifts by half a cell, by correlation of grey; then
        plainness, what changed in the candidate's own box, and colour."""
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
        ref_norm = np.sqrt(np.maximum(ref_var, 0.0))  # (n, shifts)
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
        # The picture at the best shift fitted to the patch's light: centred, times the gain.
        ref_centred = shifts[rows, best] - (ref_sum[rows, best] / (g * g))[:, None]
        gain = product[rows, best] / np.maximum(ref_var[rows, best], 1e-6)
        alike &= self._changed(centred - gain[:, None] * ref_centred) <= cfg.max_changed
        # Colour is compared unshifted: a cell's shift moves a patch's mean colour very little.
        share = np.full(g * g, 1.0 / (g * g), np.float32)
        b = _BEYOND
        middle = there[:, b : 2 * g + b, b : 2 * g + b].reshape(n, 4 * g * g, 3)
        ref_colour = np.matmul(np.full(4 * g * g, 1.0 / (4 * g * g), np.float32), middle)
        gap = _chroma_gap(np.matmul(share, seen.reshape(n, g * g, 3)), ref_colour)
        return np.asarray(alike & (gap <= cfg.max_colour))

    def _changed(self, missed: Floats) -> Floats:
        """(n,) share of the cells inside the candidate's own box (the pad left out) that the
        picture, fitted to each patch's light (gain and offset), misses by more than
        `changed_levels`: a die thrown by a strong edge of the board correlates with the board,
        but it changes much of its own box."""
        cfg = self.settings
        g = cfg.grid
        edge = round(g * cfg.pad / (1 + 2 * cfg.pad))
        inner = np.abs(missed.reshape(-1, g, g)[:, edge : g - edge, edge : g - edge])
        return np.asarray((inner > cfg.changed_levels).mean(axis=(1, 2)), np.float32)


def _sample(
    image: ImageBGR,
    low: Floats,
    high: Floats,
    count: int,
    beyond: int,
) -> ImageBGR:
    """(n, count + 2 beyond, count + 2 beyond, 3): each span [low, high) of the image (x, y from
    the image's top-left corner, pixels' edges at whole numbers) sampled at the middles of
    `count` equal steps per side, and `beyond` more steps past each edge; the nearest pixel,
    the image's edge repeated outside it. One remap for every span at once. (Bilinear sampling
    cost four times as much, and on the board nights took one phantom more of 304: the samples
    are averaged in fours into cells afterwards anyway.)"""
    n = low.shape[0]
    step = (high - low) / count  # (n, xy)
    k = np.arange(-beyond, count + beyond, dtype=np.float32) + 0.5
    # Less a half: remap counts from pixels' middles.
    xs = low[:, 0, None] + k[None, :] * step[:, 0, None] - 0.5  # (n, m)
    ys = low[:, 1, None] + k[None, :] * step[:, 1, None] - 0.5
    m = k.size
    map_x = np.ascontiguousarray(np.broadcast_to(xs[:, None, :], (n, m, m)).reshape(n * m, m))
    map_y = np.ascontiguousarray(np.broadcast_to(ys[:, :, None], (n, m, m)).reshape(n * m, m))
    out = cv2.remap(image, map_x, map_y, cv2.INTER_NEAREST, borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(out, np.uint8).reshape(n, m, m, 3)


def _halved(patches: ImageBGR) -> Floats:
    """Square patches (n, 2h, 2h, 3) at half the size (n, h, h, 3), each pixel the mean of
    four: one area resampling of them all stacked, which takes its fast path at exactly half."""
    n, side = patches.shape[:2]
    tall = patches.reshape(n * side, side, 3)
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
