"""Train the die finder on random tiles of real photos and renders."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor
from torch.utils.data import IterableDataset

from models.training.augment import finder_tile
from models.training.data import Mixer
from models.training.loop import anchored, batches, fit, worker_rng
from models.training.nets import DieFinder
from models.training.targets import finder_targets

Batch = tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]


@dataclass(frozen=True)
class FinderSettings:
    steps: int = 3000
    batch: int = 16
    tile: int = 320
    long_side: int = 640
    lr: float = 3e-3
    seed: int = 1
    workers: int = 1
    anchor: float = 0.0  # L2-SP strength towards the starting weights (`loop.anchored`)
    freeze_norms: bool = False  # batch norms keep their statistics (`loop.fit`)
    device: str = "cpu"  # where the network trains (`loop.pick_device`)
    minutes: float = 0.0  # > 0: train this long instead of `steps` steps (`loop.fit`)
    die_px: float = 0.0  # > 0: tiles show the dice about this size (`augment.finder_tile`)


class FinderTiles(IterableDataset[tuple[np.ndarray, ...]]):
    def __init__(self, mixer: Mixer, settings: FinderSettings) -> None:
        self.mixer = mixer
        self.s = settings

    def __iter__(self) -> Iterator[tuple[np.ndarray, ...]]:
        rng = worker_rng(self.s.seed)
        while True:
            sample = self.mixer.draw(rng)
            img, boxes, scale = finder_tile(
                sample, rng, self.s.tile, self.s.long_side, self.s.die_px
            )
            hint = _hint_side(sample.boxes) * scale
            t = finder_targets(boxes, self.s.tile, self.s.tile, sample.size_known, hint)
            x = img.astype(np.float32).transpose(2, 0, 1) / 255.0
            yield x, t.heat, t.size, t.offset, t.size_mask, t.centre_mask


def _hint_side(boxes: np.ndarray) -> float:
    if len(boxes) == 0:
        return 0.0
    return float(np.median(np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])))


def focal_loss(pred: Tensor, target: Tensor, centres: Tensor) -> Tensor:
    p = pred.clamp(1e-4, 1 - 1e-4)
    pos = -torch.log(p) * (1 - p) ** 2 * centres
    neg = -torch.log(1 - p) * p**2 * (1 - target) ** 4 * (1 - centres)
    return (pos.sum() + neg.sum()) / centres.sum().clamp(min=1.0)


def finder_loss(model: DieFinder, batch: Batch) -> tuple[Tensor, dict[str, float]]:
    x, heat_t, size_t, off_t, size_m, centre_m = batch
    heat, size, off = model(x)
    l_heat = focal_loss(heat, heat_t, centre_m)
    l_size = (torch.abs(size - size_t) * size_m).sum() / size_m.sum().clamp(min=1.0)
    l_off = (torch.abs(off - off_t) * centre_m).sum() / centre_m.sum().clamp(min=1.0)
    total = l_heat + 2.0 * l_size + l_off
    return total, {"heat": l_heat.item(), "size": l_size.item(), "offset": l_off.item()}


def train_finder(
    mixer: Mixer,
    settings: FinderSettings,
    log: bool = True,
    start: dict[str, Tensor] | None = None,
) -> DieFinder:
    """Train from scratch, or go on from `start` weights (a state dict of a `DieFinder`)."""
    torch.manual_seed(settings.seed)
    model = DieFinder()
    if start is not None:
        model.load_state_dict(start)
    model.to(settings.device)  # before the anchor copies the starting weights
    tiles = FinderTiles(mixer, settings)
    loader = batches(tiles, settings.batch, settings.workers, settings.device)
    loss = anchored(lambda b: finder_loss(model, b), model, settings.anchor)
    fit(
        "finder",
        model,
        loader,
        loss,
        settings.steps,
        settings.lr,
        log,
        settings.freeze_norms,
        settings.device,
        settings.minutes * 60,
    )
    return model.cpu()
