"""Cheap noise for textures: smooth noise from upscaled random grids, and per-pixel noise cut
from a fixed bank so that no large random arrays are drawn per picture."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]

_BANK_H, _BANK_W = 768, 1024


@lru_cache(maxsize=2)
def _bank(channels: int) -> F32:
    # A constant table (fixed seed), not random state: each picture picks where to cut.
    bank = np.random.default_rng(20240601 + channels).standard_normal((_BANK_H, _BANK_W, channels))
    return bank.astype(np.float32)


@lru_cache(maxsize=1)
def _grey_bank() -> F32:
    return np.ascontiguousarray(np.repeat(_bank(1), 3, axis=2))


def grey_noise3(rng: np.random.Generator, h: int, w: int) -> F32:
    """Like `pixel_noise(rng, h, w)` but the same value in all three channels (brightness
    noise), ready to add to a BGR picture."""
    bank = _grey_bank()
    if h > _BANK_H or w > _BANK_W:
        bank = np.tile(bank, (-(-h // _BANK_H), -(-w // _BANK_W), 1))
    oy = int(rng.integers(0, bank.shape[0] - h + 1))
    ox = int(rng.integers(0, bank.shape[1] - w + 1))
    return bank[oy : oy + h, ox : ox + w]


def pixel_noise(rng: np.random.Generator, h: int, w: int, channels: int = 1) -> F32:
    """(h, w) or (h, w, 3) standard-normal-like noise: a window of a fixed bank at a random
    offset (tiled when the picture is bigger than the bank). A read-only view whose rows are
    contiguous, so OpenCV takes it without a copy."""
    if channels not in (1, 3):
        raise ValueError(f"channels must be 1 or 3, got {channels!r}")
    bank = _bank(channels)
    if h > _BANK_H or w > _BANK_W:
        bank = np.tile(bank, (-(-h // _BANK_H), -(-w // _BANK_W), 1))
    oy = int(rng.integers(0, bank.shape[0] - h + 1))
    ox = int(rng.integers(0, bank.shape[1] - w + 1))
    out = bank[oy : oy + h, ox : ox + w]
    return out[:, :, 0] if channels == 1 else out


def hash_unit(*keys: int) -> float:
    """A fixed pseudo-random number in [0, 1) for these integers (splitmix64): for looks that
    must stay the same from frame to frame, without building a Generator each time."""
    x = 0x9E3779B97F4A7C15
    for k in keys:
        x = (x ^ (k & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        x = (x ^ (x >> 31)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 29
    return (x >> 11) / float(1 << 53)


def smooth_noise(rng: np.random.Generator, h: int, w: int, cell: float) -> F32:
    """(h, w) smooth noise with features about `cell` pixels across, roughly unit variance."""
    gy, gx = max(2, int(h / cell) + 2), max(2, int(w / cell) + 2)
    small = rng.standard_normal((gy, gx)).astype(np.float32)
    return np.asarray(cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC), np.float32)


def stretched_noise(rng: np.random.Generator, h: int, w: int, cell_y: float, cell_x: float) -> F32:
    """Smooth noise with different feature sizes along y and x (wood fibres, brushed metal)."""
    gy, gx = max(2, int(h / cell_y) + 2), max(2, int(w / cell_x) + 2)
    small = rng.standard_normal((gy, gx)).astype(np.float32)
    return np.asarray(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), np.float32)
