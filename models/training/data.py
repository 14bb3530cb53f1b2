"""Where training pictures come from: real photo sets and rendered sets, mixed by weight."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from models.training.real import RealImage, load_sample, training_images
from models.training.samples import Sample

Draw = Callable[[np.random.Generator], Sample]
# The shared photo sets beside the checkout (`../shared/dice-data`), every command's default.
DEFAULT_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "dice-data"

# Share of training pictures drawn from each real set; renders take the rest.
REAL_WEIGHTS = {
    "byler-colour": 0.15,
    "rune55-gray": 0.2,
    "matteop65-white": 0.1,
    # Dice trays on carpet, glitter and marbled dice, slanted phone views (held-out part kept).
    "rune55-pxl-colour": 0.15,
    # Real slanted photos of many dice looks on about ten surfaces (issue 30; held-out surfaces
    # kept, `vision.datasets.splits`), and casino dice on felt under coloured light.
    "aws-phone": 0.1,
    "epanemu-felt": 0.06,
}


@dataclass(frozen=True)
class Source:
    name: str
    weight: float
    draw: Draw


def folder_source(root: Path, weight: float) -> Source:
    """The training side of one YOLO-labelled folder (real photos or renders)."""
    items: list[RealImage] = training_images(root)
    if not items:
        raise ValueError(f"{root}: no training images")

    def draw(rng: np.random.Generator) -> Sample:
        return load_sample(items[int(rng.integers(len(items)))])

    return Source(root.name, weight, draw)


def training_folders(
    real_dir: Path | None,
    rendered: Sequence[Path],
    left_out: frozenset[str] = frozenset(),
    shares: Mapping[str, float] | None = None,
) -> list[tuple[Path, float]]:
    """Each folder and its share: the rendered sets share what the real sets leave (a real set
    left out gives its share to the renders). `shares` replaces some real sets' `REAL_WEIGHTS`."""
    weights = {**REAL_WEIGHTS, **(shares or {})}
    folders = []
    if real_dir is not None:
        for name, weight in weights.items():
            if name not in left_out and (real_dir / name / "images").is_dir():
                folders.append((real_dir / name, weight))
    left = 1.0 - sum(w for _, w in folders)
    if rendered and left <= 0:
        raise ValueError(f"the real sets take {1.0 - left:.2f} of the draws: none left for renders")
    folders += [(folder, left / len(rendered)) for folder in rendered]
    return folders


def default_sources(
    real_dir: Path | None,
    rendered: Sequence[Path],
    left_out: frozenset[str] = frozenset(),
    shares: Mapping[str, float] | None = None,
) -> list[Source]:
    folders = training_folders(real_dir, rendered, left_out, shares)
    sources = [folder_source(f, w) for f, w in folders]
    if not sources:
        raise ValueError("no training data: no real sets and no rendered sets")
    return sources


class Mixer:
    def __init__(self, sources: Sequence[Source]) -> None:
        self.sources = list(sources)
        w = np.array([s.weight for s in sources], np.float64)
        self.p = w / w.sum()

    def draw(self, rng: np.random.Generator) -> Sample:
        return self.sources[int(rng.choice(len(self.sources), p=self.p))].draw(rng)
