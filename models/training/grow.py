"""Going on from weights saved before the reader grew: each new input starts out weighted zero,
so the grown network first reads exactly as the old one did and training takes it from there.

The reader grew three times: its colour head took max-pooled features beside the mean-pooled
ones, then the light cue (`vision.crops.light_cue`) gained the frame's 6-norm beside its mean,
then the brightest pixels of the dice' own crops after both."""

from __future__ import annotations

import torch
from torch import Tensor

from models.training.nets import READER_FEATURES
from vision.crops import CAST_SIZE

COLOUR_IN = "colour.0.weight"
FIRST_CONV = "features.0.0.weight"
FEATURES = READER_FEATURES
OLD_CASTS = (3, 6)  # light cues readers had before today's
OLD_CAST = OLD_CASTS[0]  # the cue of the readers whose colour head had no max pooling
CROP_CHANNELS = 3


def grow_reader_state(old: dict[str, Tensor]) -> dict[str, Tensor]:
    """A current `DieReader` state from an older one; a current state comes back as it is."""
    state = dict(old)
    head = state[COLOUR_IN]
    if head.shape[1] == FEATURES + OLD_CAST:
        state[COLOUR_IN] = _insert_zeros(head, FEATURES, FEATURES)
    for cast in OLD_CASTS:
        if state[COLOUR_IN].shape[1] == 2 * FEATURES + cast:
            state[COLOUR_IN] = _insert_zeros(state[COLOUR_IN], None, CAST_SIZE - cast)
        if state[FIRST_CONV].shape[1] == CROP_CHANNELS + cast:
            state[FIRST_CONV] = _insert_zeros(state[FIRST_CONV], None, CAST_SIZE - cast)
    _check(state, COLOUR_IN, 2 * FEATURES + CAST_SIZE, old)
    _check(state, FIRST_CONV, CROP_CHANNELS + CAST_SIZE, old)
    return old if all(state[k] is old[k] for k in old) else state


def _insert_zeros(weight: Tensor, at: int | None, count: int) -> Tensor:
    """`weight` with `count` zero input columns (dim 1) before column `at` (None: at the end)."""
    cut = int(weight.shape[1]) if at is None else at
    zeros = torch.zeros((int(weight.shape[0]), count, *weight.shape[2:]), dtype=weight.dtype)
    return torch.cat([weight[:, :cut], zeros, weight[:, cut:]], dim=1)


def _check(state: dict[str, Tensor], key: str, width: int, old: dict[str, Tensor]) -> None:
    if state[key].shape[1] != width:
        raise ValueError(
            f"{key} takes {old[key].shape[1]} inputs; no reader this code knows had that many"
            f" (a reader's takes {width} now)"
        )
