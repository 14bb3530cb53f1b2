"""Hard examples: the crops a starting reader reads worst come up more often when it goes on.

The reader falls short on its own training pictures for a few kinds of die (two-colour marbles
above all), so more of the same pictures drawn evenly barely moves it. Scoring every cached
crop once with the starting weights and drawing half of each class's draws by that loss puts
the training where the reader is wrong; the other half stays even so the rest is not forgotten,
and each class keeps its share of the draws so the reader's sense of how common each is stays."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import torch
from torch.nn import functional as F  # noqa: N812

from models.training.crop_cache import NOT_A_DIE, CropSet, draw_cdf
from models.training.nets import DieReader
from models.training.samples import NO_COLOUR

SCORE_BATCH = 512


def crop_losses(model: DieReader, crop_set: CropSet) -> np.ndarray:
    """Each crop's loss (pips, plus colour where it is known) as `model` reads it unaugmented."""
    model.eval()
    out = []
    with torch.no_grad():
        for start in range(0, len(crop_set), SCORE_BATCH):
            part = slice(start, start + SCORE_BATCH)
            x = torch.from_numpy(crop_set.crops[part].astype(np.float32) / 255.0)
            pip_logits, colour_logits = model.logits(
                x.permute(0, 3, 1, 2), torch.from_numpy(crop_set.casts[part])
            )
            pips = torch.from_numpy(crop_set.pips[part])
            colours = torch.from_numpy(crop_set.colours[part])
            loss = F.cross_entropy(pip_logits, pips, reduction="none")
            known = colours != NO_COLOUR
            colour_loss = (
                F.cross_entropy(colour_logits, colours.clamp(min=0), reduction="none")
                * known.float()
            )
            out.append((loss + colour_loss).numpy())
    return np.concatenate(out) if out else np.zeros(0, np.float32)


def draw_groups(crop_set: CropSet) -> np.ndarray:
    """A crop's class for drawing: its colour where known, else "a die" or "not a die"."""
    unknown = np.where(crop_set.pips == NOT_A_DIE, -3, -2)
    return np.where(crop_set.colours == NO_COLOUR, unknown, crop_set.colours)


def with_hard_draws(model: DieReader, crop_set: CropSet) -> CropSet:
    losses = crop_losses(model, crop_set)
    top = np.sort(losses)[::-1][: max(1, len(losses) // 20)]
    print(
        f"{crop_set.name}: mean crop loss {losses.mean():.3f}, worst 5% {top.mean():.3f}",
        flush=True,
    )
    return replace(crop_set, cdf=draw_cdf(losses, draw_groups(crop_set)))
