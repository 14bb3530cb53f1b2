"""Train the crop classifier: pips (or "not a die") and body colour."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor
from torch.nn import functional as F  # noqa: N812
from torch.utils.data import DataLoader, IterableDataset

from models.training.augment import jitter_box, reader_crop
from models.training.data import Mixer
from models.training.loop import fit, worker_rng
from models.training.nets import DieReader
from models.training.samples import NO_COLOUR, Sample

NOT_A_DIE = 0
MINED_PER_IMAGE = 3


@dataclass(frozen=True)
class ReaderSettings:
    steps: int = 4000
    batch: int = 128
    lr: float = 3e-3
    seed: int = 2
    workers: int = 1
    negatives_per_image: int = 2


class ReaderCrops(IterableDataset[tuple[np.ndarray, ...]]):
    def __init__(self, mixer: Mixer, settings: ReaderSettings) -> None:
        self.mixer = mixer
        self.s = settings

    def __iter__(self) -> Iterator[tuple[np.ndarray, ...]]:
        rng = worker_rng(self.s.seed)
        while True:
            sample = self.mixer.draw(rng)
            for box, pips, colour in _labelled_boxes(sample, rng, self.s.negatives_per_image):
                crop, cast = reader_crop(sample, box, rng)
                x = crop.astype(np.float32).transpose(2, 0, 1) / 255.0
                yield x, cast, np.array(pips, np.int64), np.array(colour, np.int64)


def _labelled_boxes(
    sample: Sample, rng: np.random.Generator, negatives: int
) -> Iterator[tuple[np.ndarray, int, int]]:
    for box, pips, colour in zip(sample.boxes, sample.pips, sample.colours, strict=True):
        yield jitter_box(box, rng), int(pips), int(colour)
    for _ in range(negatives):
        neg = _negative_box(sample, rng)
        if neg is not None:
            yield neg, NOT_A_DIE, NO_COLOUR
    mined = sample.negatives
    for index in rng.permutation(len(mined))[:MINED_PER_IMAGE]:
        yield jitter_box(mined[int(index)], rng, 0.05), NOT_A_DIE, NO_COLOUR
    part = _part_of_a_die(sample, rng)
    if part is not None:
        yield part, NOT_A_DIE, NO_COLOUR


def _sides(boxes: np.ndarray) -> np.ndarray:
    return np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])


def _part_of_a_die(sample: Sample, rng: np.random.Generator) -> np.ndarray | None:
    """A pip-sized box on a big die: the finder's typical mistake on close-up dice."""
    sides = _sides(sample.boxes)
    big = np.nonzero(sides >= 90)[0]
    if len(big) == 0 or not sample.size_known or rng.random() < 0.5:
        return None
    x1, y1, x2, y2 = sample.boxes[int(rng.choice(big))]
    side = (x2 - x1) * rng.uniform(0.2, 0.4)
    cx, cy = rng.uniform(x1 + side / 2, x2 - side / 2), rng.uniform(y1 + side / 2, y2 - side / 2)
    return np.array([cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2], np.float32)


def _negative_box(sample: Sample, rng: np.random.Generator) -> np.ndarray | None:
    """A die-sized box that overlaps no die: table, clutter, hands."""
    h, w = sample.image_bgr.shape[:2]
    sides = _sides(sample.boxes)
    typical = float(np.median(sides)) if len(sides) else 40.0
    for _ in range(10):
        side = typical * float(np.exp(rng.uniform(-0.5, 0.5)))
        x1, y1 = rng.uniform(0, max(1, w - side)), rng.uniform(0, max(1, h - side))
        box = np.array([x1, y1, x1 + side, y1 + side], np.float32)
        if len(sample.boxes) == 0 or _max_overlap(box, sample.boxes) < 0.05:
            return box
    return None


def _max_overlap(box: np.ndarray, boxes: np.ndarray) -> float:
    ix = np.clip(np.minimum(box[2], boxes[:, 2]) - np.maximum(box[0], boxes[:, 0]), 0, None)
    iy = np.clip(np.minimum(box[3], boxes[:, 3]) - np.maximum(box[1], boxes[:, 1]), 0, None)
    inter = ix * iy
    area = (box[2] - box[0]) * (box[3] - box[1])
    return float((inter / area).max())


def reader_loss(model: DieReader, batch: list[Tensor]) -> tuple[Tensor, dict[str, float]]:
    x, cast, pips, colour = batch
    pip_logits, colour_logits = model.logits(x, cast)
    l_pips = F.cross_entropy(pip_logits, pips, label_smoothing=0.02)
    known = colour != NO_COLOUR
    l_colour = (
        F.cross_entropy(colour_logits[known], colour[known], label_smoothing=0.02)
        if bool(known.any())
        else torch.zeros(())
    )
    acc = (pip_logits.argmax(1) == pips).float().mean().item()
    return l_pips + l_colour, {"pips": l_pips.item(), "colour": l_colour.item(), "pip_acc": acc}


def train_reader(mixer: Mixer, settings: ReaderSettings, log: bool = True) -> DieReader:
    torch.manual_seed(settings.seed)
    model = DieReader()
    loader = DataLoader(
        ReaderCrops(mixer, settings), batch_size=settings.batch, num_workers=settings.workers
    )
    fit("reader", model, loader, lambda b: reader_loss(model, b), settings.steps, settings.lr, log)
    return model
