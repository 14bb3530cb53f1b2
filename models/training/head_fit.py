"""Fitting one of the reader's heads on inputs its frozen network computed once
(`python -m models.training.heads` is the command): the inputs each head reads, the examples
seen under the training's light augmentation, and the loop."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor, nn
from torch.nn import functional as F  # noqa: N812

from models.training.augment import augment_crop
from models.training.crop_cache import CropSet
from models.training.loop import fit
from models.training.nets import DieReader, face_inputs_of
from models.training.samples import NO_COLOUR

BATCH = 512


@dataclass(frozen=True)
class HeadSettings:
    passes: int = 3  # augmented views of each crop (the first one as cut)
    steps: int = 4000
    lr: float = 1e-3
    seed: int = 7


@dataclass(frozen=True)
class HeadData:
    """A head's inputs for one crop set (computed by the frozen network), their labels and the
    set's draw weight."""

    name: str
    weight: float
    inputs: Tensor
    labels: Tensor  # (N,)


Inputs = Callable[[DieReader, Tensor, Tensor], Tensor]  # reader, crops, cast -> head inputs
Examples = tuple[np.ndarray, np.ndarray, np.ndarray]  # crops, casts, labels


def colour_inputs(model: DieReader, crops: Tensor, cast: Tensor) -> Tensor:
    return model.pooled(crops, cast)


def pip_inputs(model: DieReader, crops: Tensor, cast: Tensor) -> Tensor:
    return model.squeeze(model.feature_map(crops, cast)).flatten(1)


def face_head_inputs(model: DieReader, crops: Tensor, cast: Tensor) -> Tensor:
    f = model.feature_map(crops, cast)
    return face_inputs_of(model.pool(f, cast), model.squeeze(f))


def head_inputs(model: DieReader, inputs: Inputs, crops: np.ndarray, casts: np.ndarray) -> Tensor:
    """What a head sees for each crop (uint8 NHWC) and light cue."""
    out = []
    with torch.no_grad():
        for i in range(0, len(crops), BATCH):
            x = torch.from_numpy(crops[i : i + BATCH].transpose(0, 3, 1, 2).astype(np.float32))
            out.append(inputs(model, x / 255.0, torch.from_numpy(casts[i : i + BATCH])))
    return torch.cat(out)


def head_data(
    model: DieReader,
    inputs: Inputs,
    name: str,
    weight: float,
    examples: Examples,
    passes: int,
    rng: np.random.Generator,
) -> HeadData:
    """The examples (crops, casts, labels), each as cut and `passes - 1` times augmented."""
    crops, casts, labels = examples
    views = [head_inputs(model, inputs, crops, casts)]
    for _ in range(passes - 1):
        seen = [augment_crop(c, k, rng) for c, k in zip(crops, casts, strict=True)]
        more = np.stack([s[0] for s in seen]), np.stack([s[1] for s in seen])
        views.append(head_inputs(model, inputs, *more))
    print(f"{name}: {len(labels)} crops x {passes} views", flush=True)
    return HeadData(name, weight, torch.cat(views), torch.from_numpy(labels).repeat(passes))


def coloured(crop_set: CropSet) -> Examples:
    known = crop_set.colours != NO_COLOUR
    return crop_set.crops[known], crop_set.casts[known], crop_set.colours[known]


def fit_head(head: nn.Module, sets: Sequence[HeadData], settings: HeadSettings, name: str) -> None:
    """Train `head` in place on the sets' inputs, each set drawn by its weight, with the loop
    both networks train in (`models.training.loop.fit`)."""
    torch.manual_seed(settings.seed)
    gen = torch.Generator().manual_seed(settings.seed)

    def loss(batch: tuple[Tensor, Tensor]) -> tuple[Tensor, dict[str, float]]:
        inputs, labels = batch
        value = F.cross_entropy(head(inputs), labels, label_smoothing=0.02)
        return value, {"loss": float(value.detach())}

    fit(f"{name} head", head, _draws(sets, gen), loss, settings.steps, settings.lr)


def _draws(sets: Sequence[HeadData], gen: torch.Generator) -> Iterator[tuple[Tensor, Tensor]]:
    """Endless batches of inputs and labels, each row's set drawn by the sets' weights."""
    weights = torch.tensor([s.weight for s in sets], dtype=torch.float64)
    while True:
        picks = torch.multinomial(weights, BATCH, replacement=True, generator=gen)
        xs, ys = [], []
        for k in picks.unique().tolist():
            count = int((picks == k).sum())
            rows = torch.randint(len(sets[k].labels), (count,), generator=gen)
            xs.append(sets[k].inputs[rows])
            ys.append(sets[k].labels[rows])
        yield torch.cat(xs), torch.cat(ys)


def head_accuracy(head: nn.Module, data: HeadData) -> float:
    with torch.no_grad():
        return float((head(data.inputs).argmax(1) == data.labels).float().mean())
