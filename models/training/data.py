"""Where training pictures come from: real photo sets and the renderer, mixed by weight."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from models.training.real import RealImage, load_sample, training_images
from models.training.samples import Sample

Draw = Callable[[np.random.Generator], Sample]

REAL_SETS = ("byler-colour", "rune55-gray", "matteop65-white")


@dataclass(frozen=True)
class Source:
    name: str
    weight: float
    draw: Draw


def real_source(root: Path, weight: float) -> Source:
    items: list[RealImage] = training_images(root)
    if not items:
        raise ValueError(f"{root}: no training images")

    def draw(rng: np.random.Generator) -> Sample:
        return load_sample(items[int(rng.integers(len(items)))])

    return Source(root.name, weight, draw)


def synthetic_source(weight: float, families: str = "train") -> Source:
    from models.training.synthetic import draw_synthetic

    def draw(rng: np.random.Generator) -> Sample:
        return draw_synthetic(rng, families)

    return Source(f"synthetic-{families}", weight, draw)


def default_sources(data_dir: Path | None, synthetic_weight: float) -> list[Source]:
    """The renderer, plus the training side of each real set found under `data_dir`."""
    weights = {"byler-colour": 0.15, "rune55-gray": 0.2, "matteop65-white": 0.1}
    sources = [synthetic_source(synthetic_weight)] if synthetic_weight > 0 else []
    if data_dir is not None:
        for name in REAL_SETS:
            if (data_dir / name / "images").is_dir():
                sources.append(real_source(data_dir / name, weights[name]))
    if not sources:
        raise ValueError("no training data: no real sets found and the renderer is switched off")
    return sources


class Mixer:
    def __init__(self, sources: Sequence[Source]) -> None:
        self.sources = list(sources)
        w = np.array([s.weight for s in sources], np.float64)
        self.p = w / w.sum()

    def draw(self, rng: np.random.Generator) -> Sample:
        return self.sources[int(rng.choice(len(self.sources), p=self.p))].draw(rng)
