"""Going on from weights saved before a network grew: the new inputs start out weighted zero,
so the grown network first reads exactly as the old one did and training takes it from there."""

from __future__ import annotations

import torch
from torch import Tensor, nn

from models.training.nets import DieReader

COLOUR_IN = "colour.0.weight"
CAST = 3  # the cast's B, G, R come last in the colour head's input


def grow_reader_state(old: dict[str, Tensor]) -> dict[str, Tensor]:
    """A `DieReader` state from one whose colour head saw mean-pooled features and the cast
    only (before it also took max-pooled features); a current state comes back as it is."""
    head = DieReader().colour[0]
    assert isinstance(head, nn.Linear)
    now = int(head.in_features)
    features = (now - CAST) // 2
    weight = old[COLOUR_IN]
    if weight.shape[1] == now:
        return old
    if weight.shape[1] != features + CAST:
        raise ValueError(
            f"{COLOUR_IN} takes {weight.shape[1]} inputs; a reader's colour head takes {now} "
            f"(and took {features + CAST} before max pooling)"
        )
    zeros = torch.zeros(int(weight.shape[0]), features, dtype=weight.dtype)
    grown = dict(old)
    grown[COLOUR_IN] = torch.cat([weight[:, :features], zeros, weight[:, features:]], dim=1)
    return grown
