"""Train the crop classifier, pips (or "not a die") and body colour, on cached crops."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor
from torch.nn import functional as F  # noqa: N812
from torch.utils.data import IterableDataset

from models.training.augment import augment_crop, video_grain
from models.training.crop_cache import CropSet
from models.training.loop import batches, fit, worker_rng
from models.training.nets import DieReader
from models.training.samples import NO_COLOUR


@dataclass(frozen=True)
class ReaderSettings:
    steps: int = 5000
    batch: int = 192
    lr: float = 3e-3
    seed: int = 2
    workers: int = 1
    device: str = "cpu"  # where the network trains (`loop.pick_device`)
    # Light, geometry and detail changes on every crop (`augment_crop`); off, the reader sees
    # each crop as it was cut (the fit check's test of how far it can fit its examples).
    augment: bool = True
    # Weight of the stability term: how far the reading of a crop under fresh video grain
    # (`augment.video_grain`) may drift from the reading of the crop itself. 0: off. A live
    # camera's frames carry grain a photo lacks, and borderline dice flipped with it (issue 35).
    stable: float = 0.0


class ReaderCrops(IterableDataset[tuple[np.ndarray, ...]]):
    """Endless augmented examples, each crop set drawn by its weight."""

    def __init__(self, sets: Sequence[CropSet], settings: ReaderSettings) -> None:
        self.sets = list(sets)
        weights = np.array([s.weight for s in sets], np.float64)
        self.p = weights / weights.sum()
        self.s = settings

    def __iter__(self) -> Iterator[tuple[np.ndarray, ...]]:
        rng = worker_rng(self.s.seed)
        while True:
            crop_set = self.sets[int(rng.choice(len(self.sets), p=self.p))]
            i = int(rng.integers(len(crop_set)))
            crop, cast = crop_set.crops[i], crop_set.casts[i]
            if self.s.augment:
                crop, cast = augment_crop(crop, cast, rng)
            grained = video_grain(crop, rng) if self.s.stable > 0 else crop
            yield _chw(crop), _chw(grained), cast, crop_set.pips[i], crop_set.colours[i]


def _chw(crop: np.ndarray) -> np.ndarray:
    return crop.astype(np.float32).transpose(2, 0, 1) / 255.0


def reader_loss(
    model: DieReader, batch: list[Tensor], stable: float = 0.0
) -> tuple[Tensor, dict[str, float]]:
    x, grained, cast, pips, colour = batch
    pip_logits, colour_logits = model.logits(x, cast)
    l_pips = F.cross_entropy(pip_logits, pips, label_smoothing=0.02)
    known = colour != NO_COLOUR
    l_colour = (
        F.cross_entropy(colour_logits[known], colour[known], label_smoothing=0.02)
        if bool(known.any())
        else pip_logits.new_zeros(())
    )
    acc = (pip_logits.argmax(1) == pips).float().mean().item()
    stats = {"pips": l_pips.item(), "colour": l_colour.item(), "pip_acc": acc}
    if stable <= 0:
        return l_pips + l_colour, stats
    g_pips, g_colour = model.logits(grained, cast)
    l_stable = drift(pip_logits, g_pips) + drift(colour_logits, g_colour)
    stats["stable"] = l_stable.item()
    stats["grain_acc"] = (g_pips.argmax(1) == pips).float().mean().item()
    return l_pips + l_colour + stable * l_stable, stats


def drift(clean: Tensor, grained: Tensor) -> Tensor:
    """KL divergence of the grained crop's reading from the clean crop's, the clean one held
    fixed: grain pulls towards what the crop reads, never the crop towards what grain reads
    (stability training, Zheng et al. 2016, with the clean side as the teacher)."""
    target = F.log_softmax(clean.detach(), dim=1)
    return F.kl_div(F.log_softmax(grained, dim=1), target, log_target=True, reduction="batchmean")


def train_reader(
    sets: Sequence[CropSet],
    settings: ReaderSettings,
    log: bool = True,
    start: dict[str, Tensor] | None = None,
) -> DieReader:
    """Train from scratch, or go on from `start` weights (a state dict of a `DieReader`)."""
    torch.manual_seed(settings.seed)
    model = DieReader()
    if start is not None:
        model.load_state_dict(start)
    model.to(settings.device)
    loader = batches(ReaderCrops(sets, settings), settings.batch, settings.workers, settings.device)

    def loss(batch: list[Tensor]) -> tuple[Tensor, dict[str, float]]:
        return reader_loss(model, batch, settings.stable)

    fit("reader", model, loader, loss, settings.steps, settings.lr, log, device=settings.device)
    return model.cpu()
